// SPDX-License-Identifier: GPL-2.0
/*
 * asym-ctl - set up and inspect the asym-smt lab: the emulated topology,
 * the knobs and policies (from the one model in knobs.c and policy.c),
 * the ITMT priorities and the sched groups.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel.h"
#include "lib.h"
#include "place.h"
#include "rank.h"
#include "setting.h"
#include "topo.h"
#include "topocheck.h"

const char *prog = "asym-ctl";
static int json;

static void usage(FILE *f)
{
	char grammar[256];

	fprintf(f,
		"usage: %s [--json] COMMAND [ARGS]\n"
		"\n"
		"Commands:\n"
		"  topology SPEC  emulate SPEC on the booted CPUs: offline the\n"
		"                 threads its cores do not have, set the raw ITMT\n"
		"                 priorities and declare ITMT support (idempotent);\n"
		"                 with $REAL_CPUS (a catalogue part's real-cpus)\n"
		"                 its table gives each lab CPU's real CPU\n"
		"  topology --check [SPEC]  check that the running kernel has\n"
		"                 the topology of SPEC (default $TOPOLOGY):\n"
		"                 thread_siblings_list, cluster_cpus_list, the\n"
		"                 shared_cpu_list of the L2 and L3, and the sched\n"
		"                 domains' names, spans and flags; exit status 1\n"
		"                 and each difference if not\n"
		"  smp SPEC       print the QEMU -smp argument that boots SPEC\n"
		"  cmdline SPEC   print the kernel command line that gives SPEC's\n"
		"                 L2 modules and LLCs (empty if QEMU's are right)\n"
		"  spec SPEC      what SPEC describes, whether the lab boots it or\n"
		"                 not: its shortest form, CPUs, online CPUs, the\n"
		"                 lab CPUs booted offline, last-level caches\n"
		"  write FILE DATA  write DATA to FILE in one write(2) and print\n"
		"                 'ok' or the errno name (EINVAL...); DATA takes\n"
		"                 the escapes \\n \\t \\\\ \\xHH (\\x00 too); exit\n"
		"                 status 0 if the write was accepted\n"
		"  status         the knobs, ITMT, and per possible CPU its core\n"
		"                 (first CPU), class (P: first thread of an SMT\n"
		"                 core, E: core with one online thread, s: further\n"
		"                 sibling), online, raw priority and priority\n"
		"  set SETTING    a policy's name alone (see 'policies'), or\n"
		"                 KEY=VALUE... with\n"
		"                 %s, or\n"
		"                 '" SETTING_DEFAULTS "' alone for every default;\n"
		"                 all validated before any is written, each write\n"
		"                 read back\n"
		"  policies [--sh | --release RELEASE]\n"
		"                 the policies a setting can name: name,\n"
		"                 setting, how placements are judged, kind\n"
		"                 (generation, half of one, or mix), the first\n"
		"                 release of a generation, what it is; --sh:\n"
		"                 the lists of names as shell assignments;\n"
		"                 --release: the generation a stock RELEASE runs\n"
		"  knobs [--sh]   the knob model: name, path, words, default,\n"
		"                 trees; --sh: shell assignments for scripts\n"
		"  prios [prio|raw|index]  from cpu_priority, 'CPU:VALUE ...' of\n"
		"                 the priority (default), the raw priority or the\n"
		"                 sibling index of every online CPU\n"
		"  groups [CPU]   the sched domains of every online CPU (or CPU)\n"
		"                 with their flags and groups\n"
		"  check-groups   every sched group of a domain with SD_ASYM_PACKING\n"
		"                 has as asym_prefer_cpu its CPU of highest\n"
		"                 priority in cpu_priority (first on ties); exit\n"
		"                 status 1 and each group that is not if not\n"
		"  rank [--norebuild] [--check] RANKING\n"
		"                 change the raw priorities of the running part as\n"
		"                 a cpufreq driver does: core by core through\n"
		"                 cpu_priority, then one rebuild of the sched\n"
		"                 domains (--norebuild: none, as amd-pstate does\n"
		"                 when firmware changes a ranking). RANKING: a\n"
		"                 SPEC of the booted shape, PRIO,PRIO,... (one a\n"
		"                 core, by first CPU), CPU=PRIO,... (those cores),\n"
		"                 or '" RANK_AFTER "': the part's other ranking\n"
		"                 ($RANKING_AFTER, a catalogue part's\n"
		"                 ranking-after). All checked before the first\n"
		"                 write (--check: only that); prints each write\n"
		"                 and its time, then 'rank cores=C writes=K\n"
		"                 written=W rebuild=0|1 check=0|1 total_ms=T\n"
		"                 max_ms=M'\n"
		"\n"
		"SPEC: comma-separated groups <P|E><cores>[xSMT<threads>][@<prio>],\n"
		"e.g. P2xSMT2,E2 (default priorities: P %d, E %d); @<prio> may give\n"
		"one priority per core, @77/73/73/77; m<N> puts a group's cores in L2\n"
		"modules of N (E8m4) and '|' separates last-level caches\n"
		"(P8xSMT2|P8xSMT2).\n"
		"\n"
		"Options:\n"
		"  --json   machine-readable output\n"
		"  --help   this text\n",
		prog,
		setting_grammar(grammar, sizeof(grammar), "\n                 "),
		TOPO_DEFAULT_PRIO_P, TOPO_DEFAULT_PRIO_E);
}

/* Parse @spec of a topology the lab boots; -1 with a message if not. */
static int parse_spec(const char *spec, struct topo *t)
{
	char err[256];

	if (topo_parse(spec, t, err, sizeof(err))) {
		warnx_("%s", err);
		return -1;
	}
	if (topo_emulated(t, err, sizeof(err))) {
		warnx_("'%s': %s", spec, err);
		return -1;
	}
	return 0;
}

static int cmd_smp(const char *spec)
{
	struct topo t;
	char buf[128];

	if (parse_spec(spec, &t) || topo_qemu_smp(&t, buf, sizeof(buf)))
		return 2;
	if (json) {
		printf("{\"smp\":");
		json_str(buf);
		printf(",\"cpus\":%d,\"online\":%d}\n", topo_ncpus(&t),
		       topo_online_cpus(&t));
	} else {
		printf("%s\n", buf);
	}
	return 0;
}

static int cmd_cmdline(const char *spec)
{
	struct topo t;
	char buf[1024];

	if (parse_spec(spec, &t))
		return 2;
	if (topo_cmdline(&t, buf, sizeof(buf))) {
		warnx_("'%s': kernel command line too long", spec);
		return 1;
	}
	if (json) {
		printf("{\"cmdline\":");
		json_str(buf);
		printf("}\n");
	} else {
		printf("%s\n", buf);
	}
	return 0;
}

static int cmd_spec(const char *spec)
{
	char err[256], buf[1024];
	const char *sep = json ? "" : " ";
	int cpu, online = 0, booted;
	struct topo t;

	if (topo_parse(spec, &t, err, sizeof(err))) {
		warnx_("%s", err);
		return 2;
	}
	if (topo_format(&t, buf, sizeof(buf))) {
		warnx_("'%s': too long to write back", spec);
		return 1;
	}
	booted = !topo_emulated(&t, err, sizeof(err));
	online = topo_online_cpus(&t);
	if (json) {
		printf("{\"spec\":");
		json_str(buf);
		printf(",\"cpus\":%d,\"online\":%d,\"cores\":%d,\"llcs\":%d,\"offline\":[",
		       topo_ncpus(&t), online, t.ncores, t.nllc);
	} else {
		printf("spec %s\ncpus %d\nonline %d\ncores %d\nllcs %d\noffline",
		       buf, topo_ncpus(&t), online, t.ncores, t.nllc);
	}
	for (cpu = 0; cpu < topo_ncpus(&t); cpu++) {
		if (topo_cpu_online(&t, cpu))
			continue;
		printf("%s%d", sep, cpu);
		sep = json ? "," : " ";
	}
	if (json) {
		printf("],\"bootable\":%s,\"why\":", booted ? "true" : "false");
		json_str_or_null(booted ? "-" : err);
		printf("}\n");
	} else {
		printf("\nbootable %s\n", booted ? "yes" : err);
	}
	return 0;
}

/* Check that the booted CPUs have the core layout that @t assumes. */
static int check_booted(const struct topo *t)
{
	int cpu, n = possible_cpus();

	if (n < 0)
		return -1;
	if (n != topo_ncpus(t)) {
		warnx_("spec needs %d CPUs (%d cores x %d threads), %d booted",
		       topo_ncpus(t), t->ncores, t->threads, n);
		return -1;
	}
	for (cpu = 0; cpu < n; cpu++) {
		unsigned char mask[TOPO_MAX_CORES * TOPO_MAX_THREADS];
		int sib;

		if (cpu_online(cpu) != 1)
			continue;
		if (cpu_siblings_mask(cpu, mask, n, 0))
			return -1;
		for (sib = 0; sib < n; sib++) {
			if (mask[sib] &&
			    topo_core_of(t, sib) != topo_core_of(t, cpu)) {
				warnx_("cpu%d has sibling cpu%d: booted CPUs do not have %d threads per core",
				       cpu, sib, t->threads);
				return -1;
			}
		}
	}
	return 0;
}

/*
 * Make the booted CPUs @t: online exactly the threads of its cores, then,
 * where the kernel can emulate them, its raw ITMT priorities and ITMT
 * support; and make the sched domain files exist, for what checks them
 * next. Idempotent. 0, or -1 after naming the file that failed.
 */
/*
 * Whether to give @t asymmetric capacity, as 6.12's intel_pstate gives a
 * hybrid part without SMT (topo_by_capacity()): where the kernel's
 * emulation takes capacities (the 6.12 companion's cpu_capacity; 6.1
 * shows it read-only and sets them itself at kernel.sched_asym_smt=2) and
 * $ITMT_WHAT_IF is not 1 (qemu-run --itmt-what-if: ITMT on such a part,
 * as the lab ran it before, for comparison).
 */
static int topology_capacity_path(const struct topo *t)
{
	const char *what_if = getenv("ITMT_WHAT_IF");

	return topo_by_capacity(t) && !(what_if && !strcmp(what_if, "1")) &&
	       knob_in_tree(KNOB_CPU_CAPACITY) &&
	       !knob_absent(KNOB_CPU_CAPACITY);
}

/* Each core's capacity from its priority, then ITMT support revoked. */
static int topology_apply_capacity(const struct topo *t)
{
	int core;

	for (core = 0; core < t->ncores; core++) {
		char buf[64];

		snprintf(buf, sizeof(buf), "%d %d", core * t->threads,
			 topo_capacity(t, core));
		if (write_text(knobs[KNOB_CPU_CAPACITY].path, buf))
			return -1;
	}
	return write_text(knobs[KNOB_ITMT_SUPPORT].path, "0");
}

static int topology_apply(const struct topo *t)
{
	int cpu;

	for (cpu = 0; cpu < topo_ncpus(t); cpu++) {
		int want = topo_cpu_online(t, cpu), now = cpu_online(cpu);
		char path[128];

		if (now < 0)
			return -1;
		if (now == want)
			continue;
		snprintf(path, sizeof(path), SYSFS_CPU "/cpu%d/online", cpu);
		if (write_text(path, want ? "1" : "0"))
			return -1;
	}

	/* Priorities and ITMT support, where the kernel can emulate them. */
	if (access(knobs[KNOB_ITMT_SUPPORT].path, W_OK)) {
		warnx_("%s: %s: raw priorities not set",
		       knobs[KNOB_ITMT_SUPPORT].path, strerror(errno));
	} else {
		int core;

		for (core = 0; core < t->ncores; core++) {
			char buf[64];

			snprintf(buf, sizeof(buf), "%d %d", core * t->threads,
				 t->core[core].prio);
			if (write_text(knobs[KNOB_CPU_PRIORITY].path, buf))
				return -1;
		}
		if (topology_capacity_path(t) ? topology_apply_capacity(t) :
		    write_text(knobs[KNOB_ITMT_SUPPORT].path, "1"))
			return -1;
	}

	return sched_domains_files_on() < 0 ? -1 : 0;
}

/*
 * The CPUs of @t (written @spec) as 'topology SPEC' set them up: core,
 * class, thread, online and priority of each, and its real CPU from
 * @real when @has_real (none: -1).
 */
static void topology_print(const char *spec, const struct topo *t,
			   const int *real, int has_real)
{
	int cpu;

	if (json) {
		printf("{\"spec\":");
		json_str(spec);
		printf(",\"cpus\":[");
	} else {
		printf("%-4s %-4s %-5s %-6s %-6s %-6s%s\n",
		       "cpu", "core", "class", "thread", "online", "prio",
		       has_real ? " real" : "");
	}
	for (cpu = 0; cpu < topo_ncpus(t); cpu++) {
		const struct topo_core *c = &t->core[topo_core_of(t, cpu)];
		int on = topo_cpu_online(t, cpu);

		if (json) {
			printf("%s{\"cpu\":%d,\"core\":%d,\"class\":\"%c\",\"thread\":%d,\"online\":%s,\"prio\":%d",
			       cpu ? "," : "", cpu, topo_core_of(t, cpu),
			       c->cls, topo_thread_of(t, cpu),
			       on ? "true" : "false", c->prio);
			if (has_real && real[cpu] >= 0)
				printf(",\"real\":%d", real[cpu]);
			else if (has_real)
				printf(",\"real\":null");
			printf("}");
		} else {
			printf("%-4d %-4d %-5c %-6d %-6s %-6d", cpu,
			       topo_core_of(t, cpu), c->cls,
			       topo_thread_of(t, cpu), on ? "yes" : "no",
			       c->prio);
			if (has_real && real[cpu] >= 0)
				printf(" %d", real[cpu]);
			else if (has_real)
				printf(" -");
			printf("\n");
		}
	}
	if (json)
		printf("]}\n");
}

static int cmd_topology(const char *spec)
{
	int real[TOPO_MAX_CORES * TOPO_MAX_THREADS], has_real;
	struct topo t;

	if (parse_spec(spec, &t))
		return 2;
	has_real = 0;
	if (getenv("REAL_CPUS") && *getenv("REAL_CPUS")) {
		char err[256];

		if (topo_parse_real(getenv("REAL_CPUS"), topo_ncpus(&t), real,
				    err, sizeof(err))) {
			warnx_("REAL_CPUS=%s", err);
			return 2;
		}
		has_real = 1;
	}
	if (check_booted(&t) || topology_apply(&t))
		return 1;
	topology_print(spec, &t, real, has_real);
	return 0;
}

/* Decode the escapes of @in into @out; return the length or -1. */
static long unescape(const char *in, char *out)
{
	long n = 0;

	while (*in) {
		char c = *in++;

		if (c == '\\') {
			c = *in++;
			if (c == 'n') {
				c = '\n';
			} else if (c == 't') {
				c = '\t';
			} else if (c == 'x') {
				unsigned int v;

				if (sscanf(in, "%2x", &v) != 1 ||
				    !in[0] || !in[1])
					return -1;
				c = (char)v;
				in += 2;
			} else if (c != '\\') {
				return -1;
			}
		}
		out[n++] = c;
	}
	return n;
}

static int cmd_write(const char *path, const char *data)
{
	char *buf = malloc(strlen(data) + 1);
	long len = buf ? unescape(data, buf) : -1;
	int fd, err = 0;
	ssize_t n;

	if (len < 0) {
		warnx_("'%s': bad escape (\\n \\t \\\\ \\xHH)", data);
		free(buf);
		return 2;
	}
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		err = errno;
	} else {
		n = write(fd, buf, len);
		if (n < 0)
			err = errno;
		else if (n != len)
			err = EIO;
		if (close(fd) && !err)
			err = errno;
	}
	free(buf);
	if (json) {
		printf("{\"file\":");
		json_str(path);
		printf(",\"result\":\"%s\"}\n", err ? strerrorname_np(err) : "ok");
	} else {
		printf("%s\n", err ? strerrorname_np(err) : "ok");
	}
	return err ? 1 : 0;
}

/* --- status --- */

/* The knobs that show a value (all but cpu_priority). */
static void status_knobs(void)
{
	int k, first = 1;

	for (k = 0; k < NR_KNOBS; k++) {
		char val[128];

		if (KNOB_KIND_TABLE(knobs[k].kind))
			continue;
		knob_read_or_dash(k, val, sizeof(val));
		if (json) {
			printf("%s\"%s\":", first ? "" : ",", knobs[k].name);
			json_str_or_null(val);
		} else {
			printf("%-19s %s\n", knobs[k].name, val);
		}
		first = 0;
	}
}

struct cpu_status {
	int online;		/* -1: unknown */
	int core;		/* -1: unknown */
	char cls;		/* '-': unknown */
	const struct prio_row *prio;	/* NULL: no row */
	int cap;		/* capacity (cpu_capacity), -1: none */
};

/* A number, or '-' (JSON null) when negative. */
static void print_num(int v, const char *fmt)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d", v);
	if (json)
		printf(fmt, v < 0 ? "null" : buf);
	else
		printf(fmt, v < 0 ? "-" : buf);
}

/*
 * How each sched domain of the first online CPU places: "packing"
 * (SD_ASYM_PACKING), "capacity" (SD_ASYM_CPUCAPACITY), both, or "-". A
 * line each after the knobs, or a JSON array; nothing without the
 * domains' debugfs files.
 */
static void status_domains(void)
{
	static const char *const how[] = {
		"-", "packing", "capacity", "packing+capacity",
	};
	unsigned char online[PLACE_MAX_CPUS];
	char dir[128], name[64];
	int cpu = 0, d, paths;

	if (online_cpus(online, PLACE_MAX_CPUS) < 0)
		memset(online, 0, sizeof(online));
	while (cpu < PLACE_MAX_CPUS - 1 && !online[cpu])
		cpu++;
	if (json)
		printf("[");
	for (d = 0; !sched_domain_dir(cpu, d, dir, sizeof(dir)); d++) {
		if (sched_domain_file(dir, "name", name, sizeof(name)))
			break;
		paths = sched_domain_paths(dir);
		if (paths < 0)
			break;
		if (json) {
			printf("%s{\"cpu\":%d,\"domain\":%d,\"name\":",
			       d ? "," : "", cpu, d);
			json_str(name);
			printf(",\"path\":\"%s\"}", how[paths]);
		} else {
			char label[32];

			snprintf(label, sizeof(label), "cpu%d domain%d", cpu, d);
			printf("%-19s %s %s\n", label, name, how[paths]);
		}
	}
	if (json)
		printf("]");
}

static void status_cpu(int cpu, const struct cpu_status *c)
{
	if (json) {
		printf("%s{\"cpu\":%d,\"core\":", cpu ? "," : "", cpu);
		print_num(c->core, "%s");
		printf(",\"class\":");
		if (c->cls != '-')
			printf("\"%c\"", c->cls);
		else
			printf("null");
		printf(",\"online\":%s,\"raw_prio\":", c->online < 0 ? "null" :
		       c->online ? "true" : "false");
		print_num(c->prio ? c->prio->raw : -1, "%s");
		printf(",\"prio\":");
		print_num(c->prio ? c->prio->prio : -1, "%s");
		printf(",\"capacity\":");
		print_num(c->cap, "%s}");
		return;
	}
	printf("%-4d ", cpu);
	print_num(c->core, "%-4s ");
	printf("%-5c %-6s ", c->cls, c->online < 0 ? "?" :
	       c->online ? "yes" : "no");
	print_num(c->prio ? c->prio->raw : -1, "%-8s ");
	print_num(c->prio ? c->prio->prio : -1, "%-6s ");
	print_num(c->cap, "%s\n");
}

static int cmd_status(void)
{
	static struct prio_row rows[PLACE_MAX_CPUS];
	static int cap[PLACE_MAX_CPUS];
	int n = possible_cpus(), nrows, ncap, cpu;

	if (n < 0)
		return 1;
	if (n > PLACE_MAX_CPUS) {
		warnx_("%d possible CPUs: more than %d", n, PLACE_MAX_CPUS);
		return 1;
	}
	nrows = read_cpu_priority(rows, PLACE_MAX_CPUS, 1);
	if (nrows == -EINVAL)
		return 1;
	ncap = read_cpu_capacity(cap, PLACE_MAX_CPUS, 1);
	if (ncap == -EINVAL)
		return 1;
	if (json)
		printf("{");
	status_knobs();
	if (json) {
		printf(",\"domains\":");
		status_domains();
		printf(",\"cpus\":[");
	} else {
		status_domains();
		printf("\n%-4s %-4s %-5s %-6s %-8s %-6s %s\n", "cpu", "core",
		       "class", "online", "raw_prio", "prio", "capacity");
	}
	for (cpu = 0; cpu < n; cpu++) {
		struct cpu_status c = { .core = -1, .cls = '-' };
		int thread, nthreads;

		c.online = cpu_online(cpu);
		/* offline CPUs have no topology */
		if (c.online == 1 &&
		    !cpu_siblings(cpu, &c.core, &thread, &nthreads, 1))
			c.cls = place_cpu_class(thread, nthreads);
		c.prio = nrows > 0 ? prio_row_of(rows, nrows, cpu) : NULL;
		c.cap = ncap > 0 ? cap[cpu] : -1;
		status_cpu(cpu, &c);
	}
	if (json)
		printf("]}\n");
	return 0;
}

/* --- set, policies, knobs, prios --- */

static int cmd_set(int argc, char **argv)
{
	struct setting s;
	char err[256], buf[256];
	int i, k;

	if (!argc) {
		warnx_("set: no SETTING (see --help)");
		return 2;
	}
	setting_init(&s);
	for (i = 0; i < argc; i++) {
		if (setting_parse_word(argv[i], &s, err, sizeof(err))) {
			warnx_("set: %s; nothing written (see --help)", err);
			return 2;
		}
	}
	if (setting_apply(&s))
		return 1;
	if (json) {
		printf("{\"set\":{");
		for (i = 0, k = 0; k < NR_SETTING_KEYS; k++) {
			if (!setting_value(&s, k))
				continue;
			printf("%s\"%s\":", i++ ? "," : "", knobs[k].key);
			json_str(setting_value(&s, k));
		}
		printf("},\"result\":\"ok\"}\n");
	} else {
		printf("%s: ok\n", setting_format(&s, buf, sizeof(buf)));
	}
	return 0;
}

/* The policy the knobs select at their defaults. */
static enum policy default_policy(void)
{
	enum policy_via via;

	return policy_of("-", knob_default(&knobs[KNOB_SYSCTL]),
			 knob_default(&knobs[KNOB_FORMULA]),
			 knob_default(&knobs[KNOB_PULL]), &via);
}

static void sh_quote(const char *s);

/*
 * The policy registry for scripts, from the one table (policy.c):
 * ASYM_POLICIES (every name a setting takes), ASYM_GENERATIONS (in the
 * order of their releases), ASYM_HALVES, ASYM_MIXES and
 * ASYM_DEFAULT_POLICY (what the knobs' defaults select).
 */
static void policies_sh(void)
{
	int k, p;

	for (k = KIND_NONE; k < NR_KINDS; k++) {
		const char *sep = "";

		printf("ASYM_%s='", policy_kinds[k].plural);
		for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++) {
			if (k != KIND_NONE && (int)policies[p].kind != k)
				continue;
			printf("%s%s", sep, policies[p].name);
			sep = " ";
		}
		printf("'\n");
	}
	printf("ASYM_DEFAULT_POLICY=");
	sh_quote(policies[default_policy()].name);
	printf("\n");
}

static int cmd_policies(int nargs, char **args)
{
	enum policy def = default_policy();
	int p;

	if (nargs == 2 && !strcmp(args[0], "--release")) {
		p = policy_of_release(args[1]);
		if (p == POLICY_UNKNOWN) {
			warnx_("policies --release: '%s' is no release MAJOR.MINOR",
			       args[1]);
			return 2;
		}
		printf("%s\n", policies[p].name);
		return 0;
	}
	if (nargs == 1 && !strcmp(args[0], "--sh")) {
		policies_sh();
		return 0;
	}
	if (nargs) {
		warnx_("policies: '%s': --sh or --release RELEASE (see --help)",
		       args[0]);
		return 2;
	}
	if (json)
		printf("{\"policies\":[");
	for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++) {
		const struct policy_desc *d = &policies[p];
		struct setting s;
		char set[128];

		setting_init(&s);
		setting_parse_word(d->name, &s, NULL, 0);
		setting_format(&s, set, sizeof(set));
		if (json) {
			printf("%s{\"name\":", p > 1 ? "," : "");
			json_str(d->name);
			printf(",\"setting\":");
			json_str(set);
			printf(",\"judged\":\"%s\",\"kind\":\"%s\",\"since\":",
			       policy_by_core(p) ? "core" : "thread",
			       policy_kinds[d->kind].name);
			json_str_or_null(d->since ? d->since : "-");
			printf(",\"default\":%s,\"text\":",
			       p == (int)def ? "true" : "false");
			json_str(policy_texts[p]);
			printf("}");
		} else {
			printf("%-19s %-45s %-6s %-10s %-5s %s%s\n", d->name, set,
			       policy_by_core(p) ? "core" : "thread",
			       policy_kinds[d->kind].name,
			       d->since ? d->since : "-", policy_texts[p],
			       p == (int)def ? " (the default)" : "");
		}
	}
	if (json)
		printf("]}\n");
	return 0;
}

/* @s in single quotes for the shell. */
static void sh_quote(const char *s)
{
	putchar('\'');
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*s);
	}
	putchar('\'');
}

/*
 * For each knob VAR=path, VAR_WORDS, VAR_DEFAULT and VAR_READS (how it
 * reads at its default), then the lists ASYM_KNOBS (every file) and
 * ASYM_OURS (the series' own), and ASYM_PASSES_TWO_RULES (a counter).
 */
static void knobs_sh(void)
{
	int k, pass;

	for (k = 0; k < NR_KNOBS; k++) {
		const struct knob *kn = &knobs[k];
		char buf[256];
		int i;

		printf("%s=", kn->var);
		sh_quote(kn->path);
		printf("\n%s_WORDS='", kn->var);
		for (i = 0; i < knob_nwords(kn); i++)
			printf("%s%s", i ? " " : "", kn->words[i]);
		printf("'\n%s_DEFAULT=", kn->var);
		sh_quote(knob_default(kn) ? knob_default(kn) : "");
		printf("\n%s_READS=", kn->var);
		sh_quote(knob_default(kn) ?
			 knob_shown(kn, knob_default(kn), buf, sizeof(buf)) :
			 "");
		printf("\n");
	}
	for (pass = 0; pass < 2; pass++) {
		printf("%s='", pass ? "ASYM_OURS" : "ASYM_KNOBS");
		for (k = 0; k < NR_KNOBS; k++)
			if (!pass || knobs[k].ours)
				printf("%s%s", k ? " " : "", knobs[k].path);
		printf("'\n");
	}
	printf("ASYM_PASSES_TWO_RULES=");
	sh_quote(ASYM_PASSES_TWO_RULES);
	printf("\n");
}

static int cmd_knobs(const char *arg)
{
	int k, i;

	if (arg && strcmp(arg, "--sh")) {
		warnx_("knobs: '%s': only --sh (see --help)", arg);
		return 2;
	}
	if (arg) {
		knobs_sh();
		return 0;
	}
	if (json)
		printf("{\"knobs\":[");
	for (k = 0; k < NR_KNOBS; k++) {
		const struct knob *kn = &knobs[k];
		const char *def = knob_default(kn) ? knob_default(kn) : "-";
		char trees[64];

		knob_trees_text(kn->trees, trees, sizeof(trees));

		if (!json) {
			printf("%-19s %-7s %-8s %-13s %-47s", kn->name,
			       kn->key ? kn->key : "-", trees, def, kn->path);
			for (i = 0; i < knob_nwords(kn); i++)
				printf(" %s", kn->words[i]);
			printf("\n");
			continue;
		}
		printf("%s{\"name\":", k ? "," : "");
		json_str(kn->name);
		printf(",\"key\":");
		json_str_or_null(kn->key ? kn->key : "-");
		printf(",\"path\":");
		json_str(kn->path);
		printf(",\"words\":[");
		for (i = 0; i < knob_nwords(kn); i++) {
			printf("%s", i ? "," : "");
			json_str(kn->words[i]);
		}
		printf("],\"default\":");
		json_str_or_null(def);
		printf(",\"trees\":\"%s\",\"ours\":%s}", trees,
		       kn->ours ? "true" : "false");
	}
	if (json)
		printf("]}\n");
	return 0;
}

static int cmd_prios(const char *what)
{
	static struct prio_row rows[PLACE_MAX_CPUS];
	int n, i, field;

	if (!what || !strcmp(what, "prio"))
		field = 0;
	else if (!strcmp(what, "raw"))
		field = 1;
	else if (!strcmp(what, "index"))
		field = 2;
	else {
		warnx_("prios: '%s': prio, raw or index (see --help)", what);
		return 2;
	}
	n = read_cpu_priority(rows, PLACE_MAX_CPUS, 0);
	if (n < 0)
		return 1;
	for (i = 0; i < n; i++)
		printf("%s%d:%d", i ? " " : "", rows[i].cpu,
		       field == 0 ? rows[i].prio :
		       field == 1 ? rows[i].raw : rows[i].index);
	printf("\n");
	return 0;
}

/* --- groups --- */

static int print_group(const struct sched_group_line *g, int first,
		       void *arg)
{
	(void)arg;
	if (json) {
		printf("%s{\"span\":", first ? "" : ",");
		json_str(g->span);
		printf(",\"weight\":%d,\"capacity\":%lu,\"asym_prefer_cpu\":%d,\"flags\":",
		       g->weight, g->capacity, g->asym_prefer_cpu);
		json_str(g->flags);
		printf("}");
	} else {
		printf("  %-10s %-6d %-8lu %-15d %s\n", g->span, g->weight,
		       g->capacity, g->asym_prefer_cpu, g->flags);
	}
	return 0;
}

/* Print the domains of @cpu; @first: no JSON comma before. */
static int cpu_groups(int cpu, int first)
{
	char dir[128], name[64], flags[1024];
	int d;

	if (json)
		printf("%s{\"cpu\":%d,\"domains\":[", first ? "" : ",", cpu);
	for (d = 0; !sched_domain_dir(cpu, d, dir, sizeof(dir)); d++) {
		if (sched_domain_file(dir, "name", name, sizeof(name)) ||
		    sched_domain_file(dir, "flags", flags, sizeof(flags)))
			return -1;
		flags[strcspn(flags, "\n")] = '\0';
		while (*flags && flags[strlen(flags) - 1] == ' ')
			flags[strlen(flags) - 1] = '\0';
		if (json) {
			printf("%s{\"domain\":%d,\"name\":", d ? "," : "", d);
			json_str(name);
			printf(",\"flags\":");
			json_str(flags);
			printf(",\"groups\":[");
		} else {
			printf("cpu%d domain%d %s flags: %s\n", cpu, d, name,
			       flags);
			printf("  %-10s %-6s %-8s %-15s %s\n", "span",
			       "weight", "capacity", "asym_prefer_cpu",
			       "flags");
		}
		if (sched_domain_groups(dir, print_group, NULL))
			return -1;
		if (json)
			printf("]}");
	}
	if (json)
		printf("]}");
	else if (!d)
		printf("cpu%d: no sched domains\n", cpu);
	return 0;
}

static int cmd_groups(const char *arg)
{
	unsigned char online[PLACE_MAX_CPUS];
	int cpu, first = 1;

	if (online_cpus(online, PLACE_MAX_CPUS) < 0)
		return 1;
	if (arg) {
		int v;

		if (opt_int("groups", arg, 0, PLACE_MAX_CPUS - 1, &v))
			return 2;
		if (!online[v]) {
			warnx_("groups: cpu%d is not online", v);
			return 1;
		}
		memset(online, 0, sizeof(online));
		online[v] = 1;
	}
	if (json)
		printf("{\"cpus\":[");
	for (cpu = 0; cpu < PLACE_MAX_CPUS; cpu++) {
		if (!online[cpu])
			continue;
		if (!json && !first)
			printf("\n");
		if (cpu_groups(cpu, first))
			return 1;
		first = 0;
	}
	if (json)
		printf("]}\n");
	return 0;
}

struct prefer_check {
	const char *dir;
	const struct prio_row *rows;
	int nrows;
	int bad;
};

/* The group's asym_prefer_cpu is its CPU of highest priority. */
static int check_group(const struct sched_group_line *g, int first,
		       void *arg)
{
	struct prefer_check *pc = arg;
	unsigned char span[PLACE_MAX_CPUS];
	int cpu, best = -1, best_prio = -1;

	(void)first;
	if (parse_cpulist(g->span, span, PLACE_MAX_CPUS)) {
		warnx_("%s/groups: malformed span '%s'", pc->dir, g->span);
		return -1;
	}
	for (cpu = 0; cpu < PLACE_MAX_CPUS; cpu++) {
		const struct prio_row *r;

		if (!span[cpu])
			continue;
		r = prio_row_of(pc->rows, pc->nrows, cpu);
		if (r && r->prio > best_prio) {
			best = cpu;
			best_prio = r->prio;
		}
	}
	if (g->asym_prefer_cpu != best) {
		printf("%s/groups: span=%s asym_prefer_cpu=%d, expected %d\n",
		       pc->dir, g->span, g->asym_prefer_cpu, best);
		pc->bad++;
	}
	return 0;
}

static int cmd_check_groups(void)
{
	static struct prio_row rows[PLACE_MAX_CPUS];
	unsigned char online[PLACE_MAX_CPUS];
	struct prefer_check pc = { .rows = rows };
	char dir[128];
	int cpu, d, groups = 0;

	pc.nrows = read_cpu_priority(rows, PLACE_MAX_CPUS, 0);
	if (pc.nrows < 0 || online_cpus(online, PLACE_MAX_CPUS) < 0)
		return 1;
	for (cpu = 0; cpu < PLACE_MAX_CPUS; cpu++) {
		for (d = 0; online[cpu] &&
		     !sched_domain_dir(cpu, d, dir, sizeof(dir)); d++) {
			char flags[512];

			/* the kernel sets asym_prefer_cpu only where it packs */
			if (sched_domain_file(dir, "flags", flags, sizeof(flags)))
				return 1;
			if (!strstr(flags, "SD_ASYM_PACKING"))
				continue;
			pc.dir = dir;
			if (sched_domain_groups(dir, check_group, &pc))
				return 1;
			groups++;
		}
	}
	if (!groups) {
		warnx_("check-groups: no sched domain with SD_ASYM_PACKING under %s",
		       SCHED_DEBUGFS_DOMAINS);
		return 1;
	}
	return pc.bad ? 1 : 0;
}

/* --- rank --- */

static int cmd_rank(int argc, char **argv)
{
	static struct rank rk;
	static struct rank_cost cost;
	bool rebuild = true, check = false;
	int i, ret = 0;

	for (i = 0; i < argc - 1; i++) {
		if (!strcmp(argv[i], "--norebuild")) {
			rebuild = false;
		} else if (!strcmp(argv[i], "--check")) {
			check = true;
		} else {
			warnx_("rank: '%s': --norebuild or --check (see --help)",
			       argv[i]);
			return 2;
		}
	}
	if (argc < 1 || argv[argc - 1][0] == '-') {
		warnx_("rank: a RANKING is required (see --help)");
		return 2;
	}
	if (rank_read(argv[argc - 1], &rk))
		return 2;
	if (!check && rk.nwrites && rank_writable())
		return 1;
	if (!check && rank_apply(&rk, rebuild, &cost))
		ret = 1;
	if (json) {
		printf("{\"cores\":%d,\"rebuild\":%s,\"check\":%s,\"writes\":[",
		       rk.ncores, rebuild ? "true" : "false",
		       check ? "true" : "false");
		for (i = 0; i < rk.nwrites; i++) {
			printf("%s{\"cpu\":%d,\"from\":%d,\"to\":%d", i ? "," : "",
			       rk.w[i].cpu, rk.w[i].from, rk.w[i].to);
			if (i < cost.writes)
				printf(",\"ms\":%.3f", cost.ms[i]);
			printf("}");
		}
		printf("],\"written\":%d,\"total_ms\":%.3f,\"max_ms\":%.3f}\n",
		       cost.writes, cost.total_ms, cost.max_ms);
		return ret;
	}
	for (i = 0; i < rk.nwrites; i++) {
		printf("cpu%d: %d -> %d", rk.w[i].cpu, rk.w[i].from, rk.w[i].to);
		if (i < cost.writes)
			printf(", %.3f ms", cost.ms[i]);
		printf("\n");
	}
	printf("rank cores=%d writes=%d written=%d rebuild=%d check=%d total_ms=%.3f max_ms=%.3f\n",
	       rk.ncores, rk.nwrites, cost.writes, rebuild, check,
	       cost.total_ms, cost.max_ms);
	return ret;
}

/* --- topology --check (topocheck.c) --- */

static int cmd_topology_check(const char *spec)
{
	unsigned char online[TOPO_MAX_BOOT_CPUS];
	struct topo t;

	if (!spec) {
		warnx_("topology --check: no SPEC and no $TOPOLOGY");
		return 2;
	}
	if (parse_spec(spec, &t))
		return 2;
	if (check_booted(&t) ||
	    online_cpus(online, TOPO_MAX_BOOT_CPUS) < 0)
		return 1;
	return topocheck(spec, &t, online, json) ? 1 : 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ 0 }
	};
	const char *cmd, *arg;
	int c, nargs;

	while ((c = getopt_long(argc, argv, "+hj", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return 0;
		case 'j':
			json = 1;
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	cmd = argv[optind++];
	nargs = argc - optind;
	arg = nargs ? argv[optind] : NULL;
	if (!strcmp(cmd, "topology") && nargs >= 1 &&
	    !strcmp(arg, "--check") && nargs <= 2)
		return cmd_topology_check(nargs == 2 ? argv[optind + 1] :
					  getenv("TOPOLOGY"));
	if (!strcmp(cmd, "topology") && nargs == 1)
		return cmd_topology(arg);
	if (!strcmp(cmd, "cmdline") && nargs == 1)
		return cmd_cmdline(arg);
	if (!strcmp(cmd, "smp") && nargs == 1)
		return cmd_smp(arg);
	if (!strcmp(cmd, "spec") && nargs == 1)
		return cmd_spec(arg);
	if (!strcmp(cmd, "write") && nargs == 2)
		return cmd_write(arg, argv[optind + 1]);
	if (!strcmp(cmd, "status") && !nargs)
		return cmd_status();
	if (!strcmp(cmd, "set"))
		return cmd_set(nargs, argv + optind);
	if (!strcmp(cmd, "policies"))
		return cmd_policies(nargs, argv + optind);
	if (!strcmp(cmd, "knobs") && nargs <= 1)
		return cmd_knobs(arg);
	if (!strcmp(cmd, "prios") && nargs <= 1)
		return cmd_prios(arg);
	if (!strcmp(cmd, "groups") && nargs <= 1)
		return cmd_groups(arg);
	if (!strcmp(cmd, "check-groups") && !nargs)
		return cmd_check_groups();
	if (!strcmp(cmd, "rank"))
		return cmd_rank(nargs, argv + optind);
	warnx_("unknown command or wrong arguments: '%s' (see --help)", cmd);
	return 2;
}
