// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the run-time ranking change (guest-tools/rank.c):
 * the three forms of a ranking against canned cpu_priority rows, the
 * writes they give, and the errors of bad input. KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "lib.h"
#include "rank.h"
#include "topo.h"
#include "ktap.h"

const char *prog = "rank-test";

static struct prio_row rows[PARSE_MAX_CPUS];
static int nrows;
static struct topo booted;

/* The rows cpu_priority shows for @spec as booted: its online CPUs. */
static void boot(const char *spec)
{
	char err[256];
	int cpu;

	if (topo_parse(spec, &booted, err, sizeof(err))) {
		printf("# %s: %s\n", spec, err);
		exit(1);
	}
	nrows = 0;
	for (cpu = 0; cpu < topo_ncpus(&booted); cpu++) {
		int core = topo_core_of(&booted, cpu);

		if (!topo_cpu_online(&booted, cpu))
			continue;
		rows[nrows++] = (struct prio_row){
			.cpu = cpu, .core = core * booted.threads,
			.index = topo_thread_of(&booted, cpu) + 1,
			.raw = booted.core[core].prio,
			.prio = booted.core[core].prio };
	}
}

/* The writes of @rk as "CPU:FROM>TO ..." into @buf. */
static const char *writes(const struct rank *rk, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < rk->nwrites && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%d:%d>%d", i ? " " : "",
			      rk->w[i].cpu, rk->w[i].from, rk->w[i].to);
	return buf;
}

/* @arg parses against the booted rows into the writes @want. */
static void rank_ok(const char *name, const char *arg, int ncores,
		    const char *want)
{
	char err[512] = "", got[1024] = "";
	struct rank rk;
	int ok = !rank_parse(arg, &booted, rows, nrows, &rk, err, sizeof(err));

	if (ok) {
		writes(&rk, got, sizeof(got));
		ok = !strcmp(got, want) && rk.ncores == ncores;
		if (!ok)
			printf("# '%s': %d cores, writes '%s', expected %d, '%s'\n",
			       arg, rk.ncores, got, ncores, want);
	} else {
		printf("# '%s': %s\n", arg, err);
	}
	report(ok, name);
}

/* @arg is rejected with an error that contains @want. */
static void rank_bad(const char *name, const char *arg, const char *want)
{
	char err[512] = "";
	struct rank rk;
	int ok = rank_parse(arg, &booted, rows, nrows, &rk, err,
			    sizeof(err)) == -1 && strstr(err, want);

	if (!ok)
		printf("# '%s': error '%s', expected '%s'\n", arg, err, want);
	report(ok, name);
}

/* What the booted P2xSMT2,E2 refuses: the name, the ranking, the error */
static const struct bad {
	const char *name, *arg, *want;
} bad_adl[] = {
	{ "spec_other_shape", "P3xSMT2,E1", "core 2 is P with 2 threads" },
	{ "spec_fewer_cores", "P2xSMT2,E1",
	  "3 cores of 2 threads, the booted topology 4 of 2" },
	{ "spec_other_modules", "P2xSMT2,E2m2", "L2" },
	{ "spec_other_llcs", "P2xSMT2|E2", "LLC" },
	{ "spec_malformed", "P2xSMT2,E2@", "" },
	{ "list_short", "60,100,40", "3 priorities for 4 online cores" },
	{ "list_long", "1,2,3,4,5", "5 priorities for 4 online cores" },
	{ "list_not_a_number", "60,1x,40,50", "'1x': not a priority" },
	{ "list_too_high", "60,100,40,1000001", "not a priority" },
	{ "pairs_offline_cpu", "5=10", "cpu5 is not online" },
	{ "pairs_unknown_cpu", "99=10", "cpu99 is not online" },
	{ "pairs_core_twice", "0=1,1=2", "named twice" },
	{ "pairs_negative", "0=-1", "not CPU=PRIO" },
	{ "pairs_empty_item", "0=1,", "not CPU=PRIO" },
	{ "empty", "", "an empty ranking" },
	{ "garbage", "x", "a spec, PRIO,PRIO,... or CPU=PRIO,..." },
};

int main(void)
{
	size_t i;

	ktap_begin();

	/* ADL-like: cores at cpu0 and cpu2 (SMT2), E-cores at cpu4, cpu6 */
	boot("P2xSMT2,E2");
	rank_ok("spec_one_core_changes", "P2xSMT2@60/100,E2", 4, "0:100>60");
	rank_ok("spec_unchanged_no_write", "P2xSMT2,E2@40", 4, "");
	rank_ok("list_by_first_cpu", "60,100,40,50", 4, "0:100>60 6:40>50");
	rank_ok("pairs_core_by_any_thread", "1=77,6=50", 4, "0:100>77 6:40>50");
	rank_ok("pairs_keep_the_rest", "4=40", 4, "");
	for (i = 0; i < ARRAY_SIZE(bad_adl); i++)
		rank_bad(bad_adl[i].name, bad_adl[i].arg, bad_adl[i].want);

	/* the catalogue's two run-time changes */
	boot("P8xSMT2@73/73/73/73/77/77/73/73,E16m4@44");
	rank_ok("i9_14900k_favoured_pair_moves",
		"P8xSMT2@77/77/73/73/73/73/73/73,E16m4@44", 24,
		"0:73>77 2:73>77 8:77>73 10:77>73");
	boot("P8xSMT2@201/196/186/176/191/181/171/166|P8xSMT2@236/236/221/231/211/226/206/216");
	rank_ok("ryzen_9_9950x3d_ccds_swap",
		"P8xSMT2@236/236/226/216/231/221/211/206|P8xSMT2@196/201/181/191/171/186/166/176",
		16,
		"0:201>236 2:196>236 4:186>226 6:176>216 8:191>231 10:181>221 12:171>211 14:166>206 "
		"16:236>196 18:236>201 20:221>181 22:231>191 24:211>171 26:226>186 28:206>166 30:216>176");
	rank_bad("ryzen_9_9950x3d_one_llc", "P16xSMT2", "LLC");

	/* without $TOPOLOGY the live cores alone check the shape */
	{
		char err[256] = "";
		struct rank rk;
		int ok = !rank_parse("P8xSMT2|P8xSMT2@1", NULL, rows, nrows,
				     &rk, err, sizeof(err)) &&
			 rk.nwrites == 16 && rk.w[15].to == 1;

		if (!ok)
			printf("# no booted spec: '%s', %d writes\n", err,
			       rk.nwrites);
		report(ok, "spec_without_booted_topology");
	}
	return ktap_end();
}
