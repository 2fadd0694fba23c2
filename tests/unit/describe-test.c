// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the host describer (guest-tools/describe.c), KTAP.
 * Each fixture is a sysfs tree written into a temporary folder, one file
 * per value as the kernel lays them out (cpuN/topology/, cpuN/cache/
 * indexM/, cpuN/acpi_cppc/, cpuN/cpufreq/, cpu_atom/cpus); with
 * DESCRIBE_FIXTURES=DIR a copy of each described one stays in DIR/NAME. The layouts
 * are those of the parts the issue names from public dumps; values that
 * are not public are marked as stand-ins where they are written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "describe.h"
#include "ktap.h"

const char *prog = "describe-test";

static char root[256];

/* Write @text to root/@rel, making its folders. */
static void put(const char *rel, const char *text)
{
	char path[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			perror(path);
			exit(1);
		}
		*p = '/';
	}
	f = fopen(path, "w");
	if (!f || fprintf(f, "%s\n", text) < 0 || fclose(f)) {
		perror(path);
		exit(1);
	}
}

/* A new empty fixture with CPUs @online and, if any, E-cores @atom. */
static void fixture(const char *online, const char *atom)
{
	char cmd[300];

	snprintf(root, sizeof(root), "/tmp/describe-test.%d", (int)getpid());
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) || mkdir(root, 0755)) {
		perror(root);
		exit(1);
	}
	if (online)
		put("sys/devices/system/cpu/online", online);
	if (atom)
		put("sys/devices/cpu_atom/cpus", atom);
}

/*
 * CPU @cpu: its thread_siblings_list @sib, the shared_cpu_list of its L2
 * and L3 (@l3 NULL: no L3; @l2 NULL: no cache/ folder at all, as in
 * many VMs) and, if @pfile, the priority file @pfile
 * (under cpuN/) reading @pval.
 */
static void cpu(int cpu, const char *sib, const char *l2, const char *l3,
		const char *pfile, long pval)
{
	static const char *const files[][2] = {
		{ "topology/physical_package_id", "0" },
		{ "cache/index0/level", "1" },
		{ "cache/index2/level", "2" },
		{ "cache/index3/level", "3" },
	};
	char rel[256], val[32];
	unsigned int i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if ((!l3 && strstr(files[i][0], "index3")) ||
		    (!l2 && strstr(files[i][0], "cache/")))
			continue;
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/%s",
			 cpu, files[i][0]);
		put(rel, files[i][1]);
	}
#define CPU_FILE(name, text)						\
	do {								\
		snprintf(rel, sizeof(rel),				\
			 "sys/devices/system/cpu/cpu%d/%s", cpu, name);	\
		put(rel, text);						\
	} while (0)
	CPU_FILE("topology/thread_siblings_list", sib);
	if (l2) {
		CPU_FILE("cache/index0/shared_cpu_list", sib);
		CPU_FILE("cache/index2/shared_cpu_list", l2);
	}
	if (l3)
		CPU_FILE("cache/index3/shared_cpu_list", l3);
	if (pfile) {
		snprintf(val, sizeof(val), "%ld", pval);
		CPU_FILE(pfile, val);
	}
#undef CPU_FILE
}

/* "A-B" or "A" into @buf. */
static const char *range(char *buf, int a, int b)
{
	if (a == b)
		sprintf(buf, "%d", a);
	else
		sprintf(buf, "%d-%d", a, b);
	return buf;
}

/*
 * The fixture describes as @spec, with priorities from @source, the
 * numbering @numbering, and lab CPUs standing for the host CPUs @map
 * ("0,16,1,17,...", "-" for none).
 */
static void described(const char *name, const char *spec, const char *source,
		      const char *numbering, const char *map)
{
	static struct describe d;
	char err[256], got[1024] = "", m[2048] = "";
	const char *keep = getenv("DESCRIBE_FIXTURES");
	int c, ok;

	/* DESCRIBE_FIXTURES=DIR keeps a copy: asym-describe --root DIR/NAME */
	if (keep && *keep) {
		char cmd[1024];

		snprintf(cmd, sizeof(cmd),
			 "mkdir -p '%s' && rm -rf '%s/%s' && cp -a '%s' '%s/%s'",
			 keep, keep, name, root, keep, name);
		if (system(cmd))
			printf("# %s: cannot keep a copy in %s\n", name, keep);
	}
	if (describe_host(root, &d, err, sizeof(err))) {
		printf("# %s: %s\n", name, err);
		report(0, name);
		return;
	}
	for (c = 0; c < d.lab_cpus; c++) {
		size_t l = strlen(m);

		if (d.host_of[c] < 0)
			snprintf(m + l, sizeof(m) - l, "%s-", c ? "," : "");
		else
			snprintf(m + l, sizeof(m) - l, "%s%d", c ? "," : "",
				 d.host_of[c]);
	}
	ok = !topo_format(&d.topo, got, sizeof(got)) && !strcmp(got, spec) &&
	     !strncmp(d.prio_source, source, strlen(source)) &&
	     !strcmp(d.numbering, numbering) && !strcmp(m, map);
	if (!ok)
		printf("# %s: spec %s, priorities %s, numbering %s, map %s\n",
		       name, got, d.prio_source, d.numbering, m);
	report(ok, name);
}

/* The fixture is refused with a reason that contains @why. */
static void refused(const char *name, const char *why)
{
	static struct describe d;
	char err[256] = "";
	int ok = describe_host(root, &d, err, sizeof(err)) == -1 &&
		 strstr(err, why);

	printf("# %s: %s\n", name, err);
	report(ok, name);
}

#define HWP	"acpi_cppc/highest_perf"
#define MAXF	"cpufreq/cpuinfo_max_freq"
#define RANK	"cpufreq/amd_pstate_prefcore_ranking"

/*
 * Intel hybrid numbering: P-core threads first, siblings adjacent, then
 * the E-cores in modules of 4 that share an L2, one L3. @pfreq, @efreq:
 * cpuinfo_max_freq (kHz) of the P-cores and E-cores; @cppc:
 * acpi_cppc/highest_perf of every CPU (255 on the i9-14900K of the
 * public turbostat dump), 0 for none.
 */
static void intel_hybrid(int p, int e, const long *pfreq, long efreq,
			 long cppc)
{
	char on[16], atom[16], sib[16], l2[16], l3[16];
	int c;

	range(l3, 0, 2 * p + e - 1);
	fixture(range(on, 0, 2 * p + e - 1), range(atom, 2 * p, 2 * p + e - 1));
	for (c = 0; c < 2 * p; c++) {
		range(sib, c & ~1, c | 1);
		cpu(c, sib, sib, l3, MAXF, pfreq[c / 2]);
		if (cppc)
			cpu(c, sib, sib, l3, HWP, cppc);
	}
	for (c = 2 * p; c < 2 * p + e; c++) {
		int m = 2 * p + (c - 2 * p) / 4 * 4;

		range(sib, c, c);
		cpu(c, sib, range(l2, m, m + 3), l3, MAXF, efreq);
		if (cppc)
			cpu(c, sib, l2, l3, HWP, cppc);
	}
}

/*
 * The favoured pair of a public per-CPU table of a 14900K (CoreFreq issue
 * 514: 77 on CPUs 8-11, 73 on the other P-core threads) is cores 4 and
 * 5; its clocks here, 6.0 and 5.7 GHz and 4.4 on the E-cores, are the
 * rated ones (a 13900KF lscpu -e shows its higher clock on CPUs 8-11).
 */
static void i9_14900k(void)
{
	static const long pf[8] = { 5700000, 5700000, 5700000, 5700000,
				    6000000, 6000000, 5700000, 5700000 };

	intel_hybrid(8, 16, pf, 4400000, 255);
	described("i9_14900k_cppc_255_max_freq_stands_in",
		  "P8xSMT2@5700/5700/5700/5700/6000/6000/5700/5700,E16m4@4400",
		  "cpufreq/cpuinfo_max_freq", "siblings adjacent",
		  "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,-,17,-,18,-,19,-,"
		  "20,-,21,-,22,-,23,-,24,-,25,-,26,-,27,-,28,-,29,-,30,-,31,-");
}

/* 6 P-cores, 8 E-cores (i7-13700H / i7-13650HX), CPPC per core. */
static void i7_6p8e(void)
{
	static const long pf[6] = { 5000000, 5000000, 5000000, 5000000,
				    5000000, 5000000 };
	char sib[16], l3[16] = "0-19", l2[16];
	int c;

	intel_hybrid(6, 8, pf, 3700000, 0);
	/* highest_perf as ITMT would see it: a stand-in, 2 favoured cores */
	for (c = 0; c < 12; c++)
		cpu(c, range(sib, c & ~1, c | 1), sib, l3, HWP,
		    c / 2 == 1 || c / 2 == 4 ? 70 : 68);
	for (c = 12; c < 20; c++)
		cpu(c, range(sib, c, c), range(l2, c / 4 * 4, c / 4 * 4 + 3),
		    l3, HWP, 40);
	described("i7_6p8e_cppc_per_core",
		  "P6xSMT2@68/70/68/68/70/68,E8m4", "acpi_cppc/highest_perf",
		  "siblings adjacent",
		  "0,1,2,3,4,5,6,7,8,9,10,11,12,-,13,-,14,-,15,-,16,-,17,-,18,-,"
		  "19,-");
}

/*
 * Core Ultra 7 155H in the firmware order of one public dump: cpu0-1 a
 * P-core, 2-9 the E-cores (two modules), 10-19 the other five P-cores,
 * 20-21 the LP E-cores of the SoC tile (their own L2, no L3).
 * Frequencies: a stand-in from the rated clocks.
 */
static void ultra7_155h(void)
{
	char sib[16], l2[16];
	int c;

	fixture("0-21", "2-9,20-21");
	for (c = 0; c < 22; c++) {
		if (c < 2 || (c >= 10 && c < 20))
			cpu(c, range(sib, c & ~1, c | 1), sib, "0-19", MAXF,
			    4800000);
		else if (c < 10)
			cpu(c, range(sib, c, c),
			    range(l2, 2 + (c - 2) / 4 * 4, 5 + (c - 2) / 4 * 4),
			    "0-19", MAXF, 3800000);
		else
			cpu(c, range(sib, c, c), "20-21", NULL, MAXF, 2500000);
	}
	described("ultra7_155h_firmware_order_two_llcs",
		  "P1xSMT2@4800,E8m4@3800,P5xSMT2@4800|E2m2@2500",
		  "cpufreq/cpuinfo_max_freq", "siblings adjacent",
		  "0,1,2,-,3,-,4,-,5,-,6,-,7,-,8,-,9,-,10,11,12,13,14,15,16,17,"
		  "18,19,20,-,21,-");
}

/*
 * Core Ultra 9 185H (the 155H's die) as util-linux's lscpu test dump
 * numbers it: P-core siblings 0 and 5, then 1-2, 3-4, 6-7, 8-9, 10-11;
 * E-cores 12-19 in two L2 modules; LP E-cores 20-21 without an L3.
 */
static void ultra_185h_util_linux(void)
{
	static const char *const sibs[12] = { "0,5", "1-2", "1-2", "3-4",
		"3-4", "0,5", "6-7", "6-7", "8-9", "8-9", "10-11", "10-11" };
	char sib[16], l2[16];
	int c;

	fixture("0-21", "12-21");
	for (c = 0; c < 22; c++) {
		if (c < 12)
			cpu(c, sibs[c], sibs[c], "0-19", MAXF, 5100000);
		else if (c < 20)
			cpu(c, range(sib, c, c),
			    range(l2, c / 4 * 4, c / 4 * 4 + 3), "0-19", MAXF,
			    3800000);
		else
			cpu(c, range(sib, c, c), "20-21", NULL, MAXF, 2500000);
	}
	described("ultra_185h_siblings_0_and_5",
		  "P6xSMT2@5100,E8m4@3800|E2m2@2500",
		  "cpufreq/cpuinfo_max_freq", "siblings irregular",
		  "0,5,1,2,3,4,6,7,8,9,10,11,12,-,13,-,14,-,15,-,16,-,17,-,18,-,"
		  "19,-,20,-,21,-");
}

/*
 * Ryzen 9 9950X: 16 SMT2 cores in two CCDs, siblings n and n+16, one L3
 * per CCD, and the amd_pstate_prefcore_ranking the issue quotes (no
 * 9950X dump of it is public: the values are those of a public dump of
 * a 16-core AMD part, a stand-in); no acpi_cppc folder in this fixture.
 */
static void ryzen_9950x(void)
{
	static const int rank[16] = { 236, 221, 216, 226, 236, 231, 206, 211,
				      191, 201, 186, 196, 181, 176, 166, 171 };
	char sib[16];
	int c;

	fixture("0-31", NULL);
	for (c = 0; c < 32; c++) {
		int core = c % 16;

		snprintf(sib, sizeof(sib), "%d,%d", core, core + 16);
		cpu(c, sib, sib, core < 8 ? "0-7,16-23" : "8-15,24-31", RANK,
		    rank[core]);
	}
	described("ryzen_9950x_two_ccds_ranking",
		  "P8xSMT2@236/221/216/226/236/231/206/211|"
		  "P8xSMT2@191/201/186/196/181/176/166/171",
		  "cpufreq/amd_pstate_prefcore_ranking", "siblings n and n+16",
		  "0,16,1,17,2,18,3,19,4,20,5,21,6,22,7,23,8,24,9,25,10,26,11,27,"
		  "12,28,13,29,14,30,15,31");
}

/* A uniform SMT host with no priority file: the lab's defaults. */
static void uniform(void)
{
	char sib[16];
	int c;

	fixture("0-7", NULL);
	for (c = 0; c < 8; c++)
		cpu(c, range(sib, c & ~1, c | 1), sib, "0-7", NULL, 0);
	described("uniform_smt_no_priorities", "P4xSMT2", "none",
		  "siblings adjacent", "0,1,2,3,4,5,6,7");
}

/*
 * A VM that hides cpuN/cache/ (a fresh 2-core EPYC VM had none): every
 * core its own L2, one LLC, and the description says it assumed so.
 */
static void no_cache_dirs(void)
{
	static struct describe d;
	char sib[16], err[256] = "";
	int c;

	fixture("0-3", NULL);
	for (c = 0; c < 4; c++)
		cpu(c, range(sib, c & ~1, c | 1), NULL, NULL, MAXF, 3000000);
	described("vm_without_cache_dirs_smt", "P2xSMT2@3000", MAXF,
		  "siblings adjacent", "0,1,2,3");
	report(!describe_host(root, &d, err, sizeof(err)) &&
	       !strncmp(d.caches, "assumed: ", 9) && d.topo.nllc == 1,
	       "vm_without_cache_dirs_says_assumed");

	fixture("0-1", NULL);
	for (c = 0; c < 2; c++)
		cpu(c, range(sib, c, c), NULL, NULL, NULL, 0);
	described("vm_without_cache_dirs_no_smt", "P2", "none", "no SMT",
		  "0,1");

	fixture("0-3", NULL);
	for (c = 0; c < 4; c++)
		cpu(c, range(sib, c & ~1, c | 1), c < 2 ? sib : NULL,
		    c < 2 ? "0-3" : NULL, NULL, 0);
	refused("refuse_caches_of_some_cores_only", "where other CPUs show");
}

static void refusals(void)
{
	char sib[16];
	int c;

	fixture(NULL, NULL);
	refused("refuse_no_sysfs", "not readable");

	fixture("0-3", NULL);
	for (c = 0; c < 4; c++)
		cpu(c, range(sib, c & ~1, c | 1), sib, "0-3", NULL, 0);
	put("sys/devices/system/cpu/cpu2/topology/physical_package_id", "1");
	refused("refuse_two_packages", "one package");

	fixture("0-3", "1");
	for (c = 0; c < 4; c++)
		cpu(c, range(sib, c & ~1, c | 1), sib, "0-3", NULL, 0);
	refused("refuse_core_of_two_classes", "two classes");

	fixture("0-3", "1,3");
	for (c = 0; c < 4; c++)
		cpu(c, range(sib, c, c), c & 1 ? "1,3" : sib, "0-3", NULL, 0);
	refused("refuse_module_not_numbered_together", "not numbered together");

	fixture("0-1", NULL);
	cpu(0, "0", "0", "0-1", NULL, 0);
	refused("refuse_cpu_without_topology", "cpu1");
}

int main(void)
{
	char cmd[300];

	ktap_begin();
	i9_14900k();
	i7_6p8e();
	ultra7_155h();
	ultra_185h_util_linux();
	ryzen_9950x();
	uniform();
	no_cache_dirs();
	refusals();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		return 1;
	return ktap_end();
}
