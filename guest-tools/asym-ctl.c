// SPDX-License-Identifier: GPL-2.0
/*
 * asym-ctl - set up and inspect the asym-smt lab topology.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
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
		"                 threads its cores do not have (idempotent)\n"
		"  smp SPEC       print the QEMU -smp argument that boots SPEC\n"
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
		printf("{\"smp\":");
		json_str(buf);
		printf(",\"cpus\":%d}\n", topo_ncpus(&t));
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

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ 0 }
	};
	const char *cmd;
	int c;

	while ((c = getopt_long(argc, argv, "hj", opts, NULL)) != -1) {
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
	warnx_("unknown command or wrong arguments: '%s' (see --help)", cmd);
	return 2;
}
