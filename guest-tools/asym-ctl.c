// SPDX-License-Identifier: GPL-2.0
/*
 * asym-ctl - set up and inspect the asym-smt lab topology.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ab.h"
#include "lib.h"
#include "settings.h"
#include "place.h"
#include "topo.h"

const char *prog = "asym-ctl";
static int json;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [--json] COMMAND [ARGS]\n"
		"\n"
		"Commands:\n"
		"  topology SPEC  emulate SPEC on the booted CPUs: offline the\n"
		"                 threads its cores do not have, set the raw ITMT\n"
		"                 priorities and declare ITMT support (idempotent)\n"
		"  smp SPEC       print the QEMU -smp argument that boots SPEC\n"
		"  write FILE DATA  write DATA to FILE in one write(2) and print\n"
		"                 'ok' or the errno name (EINVAL...); DATA takes\n"
		"                 the escapes \\n \\t \\\\ \\xHH (\\x00 too); exit\n"
		"                 status 0 if the write was accepted\n"
		"  status         the knobs, ITMT, and per possible CPU its core\n"
		"                 (first CPU), class (P: first thread of an SMT\n"
		"                 core, E: core with one online thread, s: further\n"
		"                 sibling), online, raw priority and priority\n"
		"  set KEY=VALUE...  sysctl=0|1|2 formula=legacy|squared|equal\n"
		"                 pull=none|busy_siblings|idle_core, or\n"
		"                 '" AB_DEFAULTS "' alone for every default;\n"
		"                 all validated before any is written, each write\n"
		"                 read back\n"
		"  groups [CPU]   the sched domains of every online CPU (or CPU)\n"
		"                 with their flags and groups\n"
		"\n"
		"SPEC: comma-separated groups <P|E><cores>[xSMT<threads>][@<prio>],\n"
		"e.g. P2xSMT2,E2 (default priorities: P %d, E %d).\n"
		"\n"
		"Options:\n"
		"  --json   machine-readable output\n"
		"  --help   this text\n",
		prog, TOPO_DEFAULT_PRIO_P, TOPO_DEFAULT_PRIO_E);
}

static int parse_spec(const char *spec, struct topo *t)
{
	char err[256];

	if (topo_parse(spec, t, err, sizeof(err))) {
		warnx_("%s", err);
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
		int cpu, online = 0;

		for (cpu = 0; cpu < topo_ncpus(&t); cpu++)
			online += topo_cpu_online(&t, cpu);
		printf("{\"smp\":");
		json_str(buf);
		printf(",\"cpus\":%d,\"online\":%d}\n", topo_ncpus(&t), online);
	} else {
		printf("%s\n", buf);
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
		char path[128], buf[256];
		int sib;

		if (cpu_online(cpu) != 1)
			continue;
		snprintf(path, sizeof(path),
			 SYSFS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
		if (read_text(path, buf, sizeof(buf), 0) < 0)
			return -1;
		if (parse_cpulist(buf, mask, n)) {
			warnx_("%s: malformed '%s'", path, buf);
			return -1;
		}
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

static int cmd_topology(const char *spec)
{
	struct topo t;
	int cpu;

	if (parse_spec(spec, &t))
		return 2;
	if (check_booted(&t))
		return 1;

	for (cpu = 0; cpu < topo_ncpus(&t); cpu++) {
		int want = topo_cpu_online(&t, cpu), now = cpu_online(cpu);
		char path[128];

		if (now < 0)
			return 1;
		if (now == want)
			continue;
		snprintf(path, sizeof(path), SYSFS_CPU "/cpu%d/online", cpu);
		if (write_text(path, want ? "1" : "0"))
			return 1;
	}

	/* Priorities and ITMT support, where the kernel can emulate them. */
	if (access(ASYM_ITMT_SUPPORT, W_OK)) {
		warnx_("%s: %s: raw priorities not set", ASYM_ITMT_SUPPORT,
		       strerror(errno));
	} else {
		int core;

		for (core = 0; core < t.ncores; core++) {
			char buf[64];

			snprintf(buf, sizeof(buf), "%d %d", core * t.threads,
				 t.core[core].prio);
			if (write_text(ASYM_CPU_PRIORITY, buf))
				return 1;
		}
		if (write_text(ASYM_ITMT_SUPPORT, "1"))
			return 1;
	}

	/* Since v6.4 the domain files exist only in verbose mode. */
	if (access(SCHED_DEBUGFS_DOMAINS, F_OK) && errno == ENOENT &&
	    !access(SCHED_DEBUGFS_VERBOSE, W_OK) &&
	    write_text(SCHED_DEBUGFS_VERBOSE, "Y"))
		return 1;

	if (json)
		printf("{\"spec\":");
	else
		printf("%-4s %-4s %-5s %-6s %-6s %s\n",
		       "cpu", "core", "class", "thread", "online", "prio");
	for (cpu = 0; cpu < topo_ncpus(&t); cpu++) {
		const struct topo_core *c = &t.core[topo_core_of(&t, cpu)];
		int on = topo_cpu_online(&t, cpu);

		if (json) {
			if (!cpu) {
				json_str(spec);
				printf(",\"cpus\":[");
			}
			printf("%s{\"cpu\":%d,\"core\":%d,\"class\":\"%c\",\"thread\":%d,\"online\":%s,\"prio\":%d}",
			       cpu ? "," : "", cpu, topo_core_of(&t, cpu),
			       c->cls, topo_thread_of(&t, cpu),
			       on ? "true" : "false", c->prio);
		} else {
			printf("%-4d %-4d %-5c %-6d %-6s %d\n", cpu,
			       topo_core_of(&t, cpu), c->cls,
			       topo_thread_of(&t, cpu), on ? "yes" : "no",
			       c->prio);
		}
	}
	if (json)
		printf("]}\n");
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

/* A knob's value into @buf, "-" when absent or unreadable. */
static void knob_text(const char *path, char *buf, size_t len)
{
	char text[256];

	if (read_text(path, text, sizeof(text), 1) < 0)
		snprintf(buf, len, "-");
	else
		ab_selected(text, buf, len);
}

/* A "-" value as JSON null, else as a string. */
static void json_val(const char *v)
{
	if (strcmp(v, "-"))
		json_str(v);
	else
		printf("null");
}

struct cpu_status {
	int online;		/* -1: unknown */
	int core;		/* -1: unknown */
	char cls;		/* '-': unknown */
	int raw, prio;		/* -1: no row */
};

/* Core and class of @cpu from its thread_siblings_list, if it has one. */
static int cpu_topology(int cpu, int ncpus, struct cpu_status *st)
{
	unsigned char mask[PLACE_MAX_CPUS];
	char path[128], buf[1024];
	int i, first = -1, thread = 0, nthreads = 0;

	snprintf(path, sizeof(path),
		 SYSFS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
	if (read_text(path, buf, sizeof(buf), 1) < 0)
		return 0;	/* offline CPUs have no topology */
	if (parse_cpulist(buf, mask, ncpus)) {
		warnx_("%s: malformed '%s'", path, buf);
		return -1;
	}
	for (i = 0; i < ncpus; i++) {
		if (!mask[i])
			continue;
		if (first < 0)
			first = i;
		if (i < cpu)
			thread++;
		nthreads++;
	}
	if (first < 0 || !mask[cpu])
		return 0;	/* an offline CPU's stale list */
	st->core = first;
	st->cls = ab_cpu_class(thread, nthreads);
	return 0;
}

static int cmd_status(void)
{
	static const struct { const char *name, *path; } knobs[] = {
		{ "sched_asym_smt", ASYM_SYSCTL },
		{ "prio_formula", ASYM_PRIO_FORMULA },
		{ "smt_pull_check", ASYM_SMT_PULL_CHECK },
		{ "itmt_support", ASYM_ITMT_SUPPORT },
		{ "sched_itmt_enabled", ITMT_ENABLED_SYSCTL },
	};
	static struct cpu_status st[PLACE_MAX_CPUS];
	static int raw[PLACE_MAX_CPUS], prio[PLACE_MAX_CPUS];
	static char text[256 * 1024];
	int n = possible_cpus(), i, cpu;

	if (n < 0)
		return 1;
	if (n > PLACE_MAX_CPUS) {
		warnx_("%d possible CPUs: more than %d", n, PLACE_MAX_CPUS);
		return 1;
	}
	for (cpu = 0; cpu < n; cpu++) {
		st[cpu] = (struct cpu_status){ .core = -1, .cls = '-' };
		st[cpu].online = cpu_online(cpu);
		raw[cpu] = prio[cpu] = -1;
		if (st[cpu].online == 1 && cpu_topology(cpu, n, &st[cpu]))
			return 1;
	}
	if (read_text(ASYM_CPU_PRIORITY, text, sizeof(text), 1) >= 0 &&
	    ab_parse_cpu_priority(text, raw, prio, n) < 0) {
		warnx_("%s: malformed", ASYM_CPU_PRIORITY);
		return 1;
	}

	if (json)
		printf("{");
	for (i = 0; i < (int)(sizeof(knobs) / sizeof(knobs[0])); i++) {
		char val[128];

		knob_text(knobs[i].path, val, sizeof(val));
		if (json) {
			printf("%s\"%s\":", i ? "," : "", knobs[i].name);
			json_val(val);
		} else {
			printf("%-19s %s\n", knobs[i].name, val);
		}
	}
	if (json)
		printf(",\"cpus\":[");
	else
		printf("\n%-4s %-4s %-5s %-6s %-8s %s\n", "cpu", "core",
		       "class", "online", "raw_prio", "prio");
	for (cpu = 0; cpu < n; cpu++) {
		const struct cpu_status *c = &st[cpu];
		char core[16] = "-", r[16] = "-", p[16] = "-";

		if (c->core >= 0)
			snprintf(core, sizeof(core), "%d", c->core);
		if (raw[cpu] >= 0)
			snprintf(r, sizeof(r), "%d", raw[cpu]);
		if (prio[cpu] >= 0)
			snprintf(p, sizeof(p), "%d", prio[cpu]);
		if (json) {
			printf("%s{\"cpu\":%d,\"core\":%s,\"class\":",
			       cpu ? "," : "", cpu, c->core >= 0 ? core : "null");
			if (c->cls != '-')
				printf("\"%c\"", c->cls);
			else
				printf("null");
			printf(",\"online\":%s,\"raw_prio\":%s,\"prio\":%s}",
			       c->online < 0 ? "null" :
			       c->online ? "true" : "false",
			       raw[cpu] >= 0 ? r : "null",
			       prio[cpu] >= 0 ? p : "null");
		} else {
			printf("%-4d %-4s %-5c %-6s %-8s %s\n", cpu, core,
			       c->cls, c->online < 0 ? "?" :
			       c->online ? "yes" : "no", r, p);
		}
	}
	if (json)
		printf("]}\n");
	return 0;
}

/* --- set --- */

static int cmd_set(int argc, char **argv)
{
	struct ab_setting s;
	char err[256], buf[256];
	int i, k;

	if (!argc) {
		warnx_("set: no KEY=VALUE (see --help)");
		return 2;
	}
	ab_setting_init(&s);
	for (i = 0; i < argc; i++) {
		if (ab_parse_assign(argv[i], &s, err, sizeof(err))) {
			warnx_("set: %s; nothing written (see --help)", err);
			return 2;
		}
	}
	if (settings_apply(&s))
		return 1;
	if (json) {
		printf("{\"set\":{");
		for (i = 0, k = 0; k < AB_NKEYS; k++) {
			if (!ab_value(&s, k))
				continue;
			printf("%s\"%s\":", i++ ? "," : "", ab_keys[k].name);
			json_str(ab_value(&s, k));
		}
		printf("},\"result\":\"ok\"}\n");
	} else {
		printf("%s: ok\n", ab_format_setting(&s, buf, sizeof(buf)));
	}
	return 0;
}

/* --- groups --- */

/* Print the domains of @cpu; @first: no JSON comma before. */
static int cpu_groups(int cpu, int first)
{
	int d;

	if (json)
		printf("%s{\"cpu\":%d,\"domains\":[", first ? "" : ",", cpu);
	for (d = 0;; d++) {
		static char text[64 * 1024];
		char dir[128], path[160], name[64], flags[1024];
		const char *line;
		int g = 0;

		snprintf(dir, sizeof(dir),
			 SCHED_DEBUGFS_DOMAINS "/cpu%d/domain%d", cpu, d);
		if (access(dir, F_OK))
			break;
		snprintf(path, sizeof(path), "%s/name", dir);
		if (read_text(path, name, sizeof(name), 0) < 0)
			return -1;
		snprintf(path, sizeof(path), "%s/flags", dir);
		if (read_text(path, flags, sizeof(flags), 0) < 0)
			return -1;
		flags[strcspn(flags, "\n")] = '\0';
		while (*flags && flags[strlen(flags) - 1] == ' ')
			flags[strlen(flags) - 1] = '\0';
		snprintf(path, sizeof(path), "%s/groups", dir);
		if (read_text(path, text, sizeof(text), 0) < 0)
			return -1;
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
		for (line = text; *line; ) {
			size_t len = strcspn(line, "\n");
			char one[1024];
			struct ab_group grp;

			snprintf(one, sizeof(one), "%.*s", (int)len, line);
			line += len + (line[len] == '\n');
			if (!*one)
				continue;
			if (ab_parse_group(one, &grp)) {
				warnx_("%s: malformed '%s'", path, one);
				return -1;
			}
			if (json) {
				printf("%s{\"span\":", g++ ? "," : "");
				json_str(grp.span);
				printf(",\"weight\":%d,\"capacity\":%lu,\"asym_prefer_cpu\":%d,\"flags\":",
				       grp.weight, grp.capacity,
				       grp.asym_prefer_cpu);
				json_str(grp.flags);
				printf("}");
			} else {
				printf("  %-10s %-6d %-8lu %-15d %s\n",
				       grp.span, grp.weight, grp.capacity,
				       grp.asym_prefer_cpu, grp.flags);
			}
		}
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
		char *end;
		long v = strtol(arg, &end, 10);

		if (end == arg || *end || arg[0] < '0' || arg[0] > '9' ||
		    v >= PLACE_MAX_CPUS) {
			warnx_("groups: '%s' is not a CPU number (see --help)",
			       arg);
			return 2;
		}
		if (!online[v]) {
			warnx_("groups: cpu%ld is not online", v);
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

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ 0 }
	};
	const char *cmd;
	int c;

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
	if (!strcmp(cmd, "topology") && optind == argc - 1)
		return cmd_topology(argv[optind]);
	if (!strcmp(cmd, "smp") && optind == argc - 1)
		return cmd_smp(argv[optind]);
	if (!strcmp(cmd, "write") && optind == argc - 2)
		return cmd_write(argv[optind], argv[optind + 1]);
	if (!strcmp(cmd, "status") && optind == argc)
		return cmd_status();
	if (!strcmp(cmd, "set"))
		return cmd_set(argc - optind, argv + optind);
	if (!strcmp(cmd, "groups") && optind >= argc - 1)
		return cmd_groups(optind < argc ? argv[optind] : NULL);
	warnx_("unknown command or wrong arguments: '%s' (see --help)", cmd);
	return 2;
}
