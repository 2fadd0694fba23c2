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
		"                 threads its cores do not have, set the raw ITMT\n"
		"                 priorities and declare ITMT support (idempotent)\n"
		"  smp SPEC       print the QEMU -smp argument that boots SPEC\n"
		"  write FILE DATA  write DATA to FILE in one write(2) and print\n"
		"                 'ok' or the errno name (EINVAL...); DATA takes\n"
		"                 the escapes \\n \\t \\\\ \\xHH (\\x00 too); exit\n"
		"                 status 0 if the write was accepted\n"
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
	warnx_("unknown command or wrong arguments: '%s' (see --help)", cmd);
	return 2;
}
