// SPDX-License-Identifier: GPL-2.0
/*
 * asym-describe - print the lab topology spec of a real x86 Linux host.
 *
 * Runs on the host to reproduce (not in the guest): reads sysfs and procfs
 * only, loads and writes nothing. The description logic is describe.c.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "describe.h"
#include "lib.h"

const char *prog = "asym-describe";

struct options {
	const char *root;
	bool json;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [--root DIR] [--json]\n"
		"Describe this x86 Linux machine as an asym-smt lab topology spec:\n"
		"its cores and threads, the core classes of a hybrid part (E: the\n"
		"CPUs of sys/devices/cpu_atom), L2 modules, last-level caches, raw\n"
		"priorities, the CPU numbering and whether ITMT is on. Reads sysfs\n"
		"and procfs only; changes nothing. Priorities: acpi_cppc/highest_perf\n"
		"unless it is 255 everywhere, else amd_pstate_prefcore_ranking, else\n"
		"cpuinfo_max_freq in MHz as a stand-in (it says which). A host whose\n"
		"sysfs shows no cache (many VMs) is described as every core its own\n"
		"L2 and one LLC, and it says so.\n"
		"\n"
		"Options:\n"
		"  --root DIR  read DIR/sys and DIR/proc instead of /sys and /proc\n"
		"              (a copy of another machine's files)\n"
		"  --json      one JSON object\n"
		"  -h, --help  this text\n"
		"\n"
		"Prints the spec (for make run TOPOLOGY='SPEC' where the lab can boot\n"
		"it), what each value came from, and the numbering: which host CPU\n"
		"each lab CPU stands for. A host it cannot describe (several\n"
		"packages, an L2 shared by unlike cores, ...) is refused with the\n"
		"reason. Exit status: 0 described, 1 refused, 2 usage error.\n",
		prog);
}

static int take_option(int c, const char *name, const char *arg, void *ctx)
{
	struct options *o = ctx;

	(void)name;
	if (c == 'r') {
		o->root = arg;
		return 0;
	}
	return -1;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		OPT_COMMON_LONG_OPTIONS
	};
	static struct describe d;
	struct options o = { .root = "" };
	char spec[1024], err[256], why[256];
	int ret, cpu, emulated;

	ret = opt_parse(argc, argv, "h", opts, take_option, &o, &o.json);
	if (ret) {
		if (ret > 0)
			usage(stdout);
		return ret > 0 ? 0 : 2;
	}
	if (describe_host(*o.root ? o.root : "", &d, err, sizeof(err))) {
		warnx_("%s", err);
		return 1;
	}
	if (topo_format(&d.topo, spec, sizeof(spec))) {
		warnx_("spec too long");
		return 1;
	}
	emulated = !topo_emulated(&d.topo, why, sizeof(why));

	if (o.json) {
		printf("{\"spec\":");
		json_str(spec);
		printf(",\"bootable\":%s,\"not_bootable_why\":",
		       emulated ? "true" : "false");
		json_str_or_null(emulated ? "-" : why);
		printf(",\"host_cpus\":%d,\"lab_cpus\":%d,\"hybrid\":",
		       d.ncpus, d.lab_cpus);
		json_str(d.hybrid);
		printf(",\"caches\":");
		json_str(d.caches);
		printf(",\"priorities\":");
		json_str(d.prio_source);
		printf(",\"priority_note\":");
		json_str_or_null(d.prio_note[0] ? d.prio_note : "-");
		printf(",\"numbering\":");
		json_str(d.numbering);
		printf(",\"itmt\":");
		json_str(d.itmt);
		printf(",\"lab_to_host\":[");
		for (cpu = 0; cpu < d.lab_cpus; cpu++)
			if (d.host_of[cpu] < 0)
				printf("%snull", cpu ? "," : "");
			else
				printf("%s%d", cpu ? "," : "", d.host_of[cpu]);
		printf("]}\n");
		return 0;
	}
	printf("spec: %s\n", spec);
	if (emulated)
		printf("boot it: make run TOPOLOGY='%s'\n", spec);
	else
		printf("the lab cannot boot it: %s\n", why);
	printf("cores: %d (%d host CPUs online; the lab boots %d, %d threads a core)\n",
	       d.topo.ncores, d.ncpus, d.lab_cpus, d.topo.threads);
	printf("classes: %s\n", d.hybrid);
	printf("caches: %s\n", d.caches);
	printf("priorities: %s%s%s\n", d.prio_source,
	       d.prio_note[0] ? "; " : "", d.prio_note);
	printf("numbering: %s\n", d.numbering);
	printf("ITMT: %s\n", d.itmt);
	printf("\n%-7s %-8s %-5s %-5s %-5s %-4s %s\n", "lab cpu", "host cpu",
	       "core", "class", "prio", "L2", "LLC");
	for (cpu = 0; cpu < d.lab_cpus; cpu++) {
		const struct topo_core *c = &d.topo.core[cpu / d.topo.threads];

		if (d.host_of[cpu] < 0) {
			printf("%-7d %-8s %-5d (no such thread: offline in the lab)\n",
			       cpu, "-", cpu / d.topo.threads);
			continue;
		}
		printf("%-7d %-8d %-5d %-5c %-5d %-4d %d\n", cpu, d.host_of[cpu],
		       cpu / d.topo.threads, c->cls, c->prio, c->l2, c->llc);
	}
	return 0;
}
