// SPDX-License-Identifier: GPL-2.0
/*
 * topology --check: the CPU topology and the sched domains a kernel should
 * build for a spec, against what the running kernel shows: see topocheck.h.
 */
#include <stdio.h>
#include <string.h>

#include "kernel.h"
#include "lib.h"
#include "topocheck.h"

/* The running count of a check, and how it reports a difference. */
struct topo_checker {
	int checks, failed;
	bool json;
};

/* Count one check of @what; report it when @got is not @want. */
static void check_equal(struct topo_checker *tc, const char *what,
			const char *got, const char *want)
{
	tc->checks++;
	if (!strcmp(got, want))
		return;
	if (tc->json) {
		printf("%s{\"check\":", tc->failed ? "," : "");
		json_str(what);
		printf(",\"got\":");
		json_str(got);
		printf(",\"want\":");
		json_str(want);
		printf("}");
	} else {
		printf("%s: %s, expected %s\n", what, got, want);
	}
	tc->failed++;
}

static void check_span(struct topo_checker *tc, const char *what,
		       const unsigned char *got, const unsigned char *want)
{
	char g[512], w[512];

	if (format_cpulist(got, TOPO_MAX_BOOT_CPUS, g, sizeof(g)) ||
	    format_cpulist(want, TOPO_MAX_BOOT_CPUS, w, sizeof(w)))
		snprintf(g, sizeof(g), "(too long)");
	check_equal(tc, what, g, w);
}

/* The cpulist file @path against @want. */
static void check_cpulist_file(struct topo_checker *tc, const char *path,
			       const unsigned char *want)
{
	unsigned char got[TOPO_MAX_BOOT_CPUS];
	char text[512];

	if (read_text(path, text, sizeof(text), 1) < 0 ||
	    parse_cpulist(text, got, TOPO_MAX_BOOT_CPUS)) {
		check_equal(tc, path, "missing or malformed", "a cpulist");
		return;
	}
	check_span(tc, path, got, want);
}

static void check_flag(struct topo_checker *tc, const char *dir,
		       const char *flags, const char *flag, int want)
{
	char what[256];

	snprintf(what, sizeof(what), "%s/flags %s", dir, flag);
	check_equal(tc, what, parse_has_word(flags, flag) ? "set" : "clear",
		    want ? "set" : "clear");
}

static int or_group_span(const struct sched_group_line *g, int first,
			 void *arg)
{
	unsigned char *span = arg, mask[TOPO_MAX_BOOT_CPUS];
	int i;

	(void)first;
	if (parse_cpulist(g->span, mask, TOPO_MAX_BOOT_CPUS))
		return -1;
	for (i = 0; i < TOPO_MAX_BOOT_CPUS; i++)
		span[i] |= mask[i];
	return 0;
}

/* What the kernel's tables depend on, as the running kernel has it. */
struct topo_kernel {
	const char *pkg_name;	/* "DIE" before v6.8, "PKG" after */
	int pkg_asym;		/* PKG (DIE) gets SD_ASYM_PACKING */
	int cls;		/* the table has the cluster level */
	int itmt;		/* kernel.sched_itmt_enabled is 1 */
	/* each CPU's capacity (cpu_capacity), -1: unknown, as 1024 */
	int cap[TOPO_MAX_BOOT_CPUS];
};

/*
 * Whether the CPUs of @span have two capacities or more, where the kernel
 * sets SD_ASYM_CPUCAPACITY (asym_cpu_capacity_classify()): a CPU without
 * one has SCHED_CAPACITY_SCALE.
 */
static int span_asym_capacity(const struct topo_kernel *k,
			      const unsigned char *span)
{
	int i, first = -1;

	for (i = 0; i < TOPO_MAX_BOOT_CPUS; i++) {
		int c = k->cap[i] < 0 ? KNOB_CAPACITY_MAX : k->cap[i];

		if (!span[i])
			continue;
		if (first < 0)
			first = c;
		else if (c != first)
			return 1;
	}
	return 0;
}

static void topo_kernel_now(struct topo_kernel *k)
{
	char release[65], cmdline[4096], itmt[16], mode[16];
	int major = 0, minor = 0, v, mode2;

	kernel_release(release, sizeof(release));
	if (sscanf(release, "%d.%d", &major, &minor) != 2) {
		major = 0;
		minor = 0;
	}
	v = major * 100 + minor;
	k->pkg_name = v >= 608 ? "PKG" : "DIE";
	mode2 = read_text(knobs[KNOB_SYSCTL].path, mode, sizeof(mode), 1) > 0 &&
		!strcmp(mode, "2");
	/*
	 * Stock 6.12.y has e1bc02646527 (every x86 part; hybrid ones since
	 * v6.5); the 6.1 series takes both at kernel.sched_asym_smt=2.
	 */
	k->pkg_asym = v >= 612 || mode2;
	if (read_text("/proc/cmdline", cmdline, sizeof(cmdline), 0) < 0)
		cmdline[0] = '\0';
	/*
	 * x86_hybrid_topology of 6.1 (the emulation's boot parameter), but at
	 * kernel.sched_asym_smt=2, which builds the cluster level there as
	 * v6.6 does (17953249bf02)
	 */
	k->cls = !parse_has_word(cmdline, "asym_smt_hybrid_topology") || mode2;
	k->itmt = read_text(knobs[KNOB_ITMT_ENABLED].path, itmt, sizeof(itmt),
			    1) > 0 && !strcmp(itmt, "1");
	if (read_cpu_capacity(k->cap, TOPO_MAX_BOOT_CPUS, 1) < 0)
		memset(k->cap, -1, sizeof(k->cap));
}

static void check_domains(struct topo_checker *tc, const struct topo *t,
			  const struct topo_kernel *k,
			  const unsigned char *online, int cpu)
{
	enum topo_level levels[TOPO_LEVELS];
	int d, n = topo_domains(t, online, cpu, k->cls, levels);
	char dir[128], what[192], name[64], flags[1024];

	for (d = 0; !sched_domain_dir(cpu, d, dir, sizeof(dir)); d++) {
		unsigned char span[TOPO_MAX_BOOT_CPUS] = { 0 };
		unsigned char want[TOPO_MAX_BOOT_CPUS];
		enum topo_level l;

		snprintf(what, sizeof(what), "%s/name", dir);
		if (sched_domain_file(dir, "name", name, sizeof(name)) ||
		    sched_domain_file(dir, "flags", flags, sizeof(flags)) ||
		    sched_domain_groups(dir, or_group_span, span)) {
			check_equal(tc, dir, "unreadable", "a domain");
			continue;
		}
		if (d >= n) {
			check_equal(tc, what, name, "no such domain");
			continue;
		}
		l = levels[d];
		check_equal(tc, what, name, topo_level_name(l, k->pkg_name));
		topo_span(t, online, cpu, l, want);
		snprintf(what, sizeof(what), "%s/groups (span)", dir);
		check_span(tc, what, span, want);
		check_flag(tc, dir, flags, "SD_SHARE_CPUCAPACITY",
			   l == TOPO_SMT);
		snprintf(what, sizeof(what), "%s/flags LLC (SD_SHARE_LLC or SD_SHARE_PKG_RESOURCES)",
			 dir);
		check_equal(tc, what,
			    parse_has_word(flags, "SD_SHARE_LLC") ||
			    parse_has_word(flags, "SD_SHARE_PKG_RESOURCES") ?
			    "set" : "clear", l != TOPO_PKG ? "set" : "clear");
		/* SMT's depends on the mode: group-flags checks it */
		if (l != TOPO_SMT)
			check_flag(tc, dir, flags, "SD_ASYM_PACKING",
				   k->itmt && (l != TOPO_PKG || k->pkg_asym));
		check_flag(tc, dir, flags, "SD_ASYM_CPUCAPACITY",
			   span_asym_capacity(k, span));
	}
	for (; d < n; d++) {
		snprintf(what, sizeof(what), "cpu%d domain%d", cpu, d);
		check_equal(tc, what, "missing",
			    topo_level_name(levels[d], k->pkg_name));
	}
}

int topocheck(const char *spec, const struct topo *t,
	      const unsigned char *online, bool json)
{
	unsigned char want[TOPO_MAX_BOOT_CPUS];
	struct topo_checker tc = { .json = json };
	struct topo_kernel k;
	int cpu;

	topo_kernel_now(&k);
	if (json) {
		printf("{\"spec\":");
		json_str(spec);
		printf(",\"differences\":[");
	}
	for (cpu = 0; cpu < topo_ncpus(t); cpu++) {
		char path[192];
		int level, found;

		if (!online[cpu])
			continue;
		snprintf(path, sizeof(path),
			 SYSFS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
		topo_span(t, online, cpu, TOPO_SMT, want);
		check_cpulist_file(&tc, path, want);
		snprintf(path, sizeof(path),
			 SYSFS_CPU "/cpu%d/topology/cluster_cpus_list", cpu);
		topo_span(t, online, cpu, TOPO_CLS, want);
		check_cpulist_file(&tc, path, want);
		/* the spec says nothing of L1 (QEMU: one a thread) */
		for (level = 2, found = 0; level <= 3; level++) {
			if (cpu_cache_path("", cpu, level, path, sizeof(path)))
				continue;
			topo_span(t, online, cpu,
				  level == 2 ? TOPO_CLS : TOPO_MC, want);
			check_cpulist_file(&tc, path, want);
			found++;
		}
		if (!found)
			check_equal(&tc, "cache", "no L2 or L3 in cache/index*",
				    "the caches of every CPU");
		check_domains(&tc, t, &k, online, cpu);
	}
	if (json)
		printf("],\"checks\":%d,\"failed\":%d}\n", tc.checks, tc.failed);
	else
		printf("topology check of %s: %d checks, %d failed\n", spec,
		       tc.checks, tc.failed);
	return tc.failed;
}
