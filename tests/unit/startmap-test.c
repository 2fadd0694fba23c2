// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the start-state maps (guest-tools/startmap.c):
 * start lists, their canonical form up to the topology's symmetry, the
 * enumeration and the seeded sample of starts, and the outcome of a run
 * from its samples. KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "lab-cpus.h"
#include "lib.h"
#include "startmap.h"

const char *prog = "startmap-test";

/* The canonical form of @start on @cpus reads @want. */
static void canon_is(const char *name, const struct place_cpu *cpus,
		     int ncpus, const char *start, const char *want)
{
	int s[16], c[16], n = start_parse(start, s, 16, NULL, 0);
	char got[64] = "(rejected)";

	if (n > 0 && !start_canonical(cpus, ncpus, s, n, c))
		start_format(c, n, got, sizeof(got));
	if (strcmp(got, want))
		printf("# %s: '%s', expected '%s'\n", start, got, want);
	report(!strcmp(got, want), name);
}

static void parse(void)
{
	int s[8];
	char buf[32], err[128] = "";

	report(start_parse("0,0,2,4", s, 8, NULL, 0) == 4 && s[1] == 0 &&
	       s[3] == 4 && !strcmp(start_format(s, 4, buf, sizeof(buf)),
				    "0,0,2,4"), "start_parse_format");
	report(start_parse("", s, 8, err, sizeof(err)) == -1 &&
	       strstr(err, "not CPU,CPU") &&
	       start_parse("0,", s, 8, NULL, 0) == -1 &&
	       start_parse("0-2", s, 8, NULL, 0) == -1 &&
	       start_parse("1,2,3", s, 2, NULL, 0) == -1 &&
	       start_parse("999", s, 8, NULL, 0) == -1, "start_parse_rejects");
}

static void canonical(void)
{
	int s[2] = { 5, 0 }, c[2];

	canon_is("canonical_siblings_swap_cores", hybrid, 6, "1,2", "0,3");
	canon_is("canonical_kept", hybrid, 6, "0,3", "0,3");
	canon_is("canonical_e_cores", hybrid, 6, "6", "4");
	canon_is("canonical_two_on_a_core", hybrid, 6, "2,2", "0,0");
	canon_is("canonical_full_core_first", hybrid, 6, "0,2,3,6,6",
		 "0,1,2,4,4");
	canon_is("canonical_unlike_cores_kept", seed, 4, "2,3", "2,3");
	report(start_canonical(hybrid, 6, s, 2, c) == -1, "canonical_offline_cpu");
}

static void enumerate(void)
{
	static int starts[1024 * 4];
	long all;

	/* canonical, in the order first met among the CPUs as listed */
	report(start_enumerate(hybrid, 6, 1, starts, 1024, &all) == 3 &&
	       all == 6 && starts[0] == 4 && starts[1] == 1 && starts[2] == 0,
	       "enumerate_adl_n1");
	/* P-core pairs 3 + 3, P and E 2, E-cores 2 */
	report(start_enumerate(hybrid, 6, 2, starts, 1024, &all) == 10 &&
	       all == 21, "enumerate_adl_n2");
	report(start_enumerate(seed, 4, 2, starts, 1024, &all) == 10 &&
	       all == 10, "enumerate_without_symmetry");
	report(start_enumerate(hybrid, 6, 2, starts, 9, &all) == -1 &&
	       all == 21, "enumerate_over_max");
	report(start_count(6, 4) == 126 && start_count(6, 6) == 462 &&
	       start_count(4, 3) == 20 && start_count(1, 5) == 1 &&
	       start_count(32, 32) == 916312070471295267L &&
	       start_count(64, 64) == -1,
	       "count_multisets");
}

static void sample(void)
{
	static int a[64 * 4], b[64 * 4], all[1024 * 4];
	long nall;
	int na = start_sample(hybrid, 6, 4, 7, 64, a);
	int nb = start_sample(hybrid, 6, 4, 7, 64, b);
	int n = start_enumerate(hybrid, 6, 4, all, 1024, &nall);

	/* a seeded sample is the same twice and never repeats a start */
	report(na == nb && !memcmp(a, b, na * 4 * sizeof(int)) && na > 0 &&
	       na <= n, "sample_repeatable");
	report(start_sample(hybrid, 6, 4, 7, 3, b) == 3 &&
	       !memcmp(a, b, 3 * 4 * sizeof(int)), "sample_prefix");
}

static void judge(void)
{
	struct place_ideal ideal;
	struct start_result r;
	/* N=2: ideal {0,2}; samples of 2 workers */
	static const int to_ideal[] = { 4, 6, 0, 6, 0, 2, 0, 2, 0, 2, 0, 2 };
	static const int trap[] = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1 };
	static const int moving[] = { 0, 1, 0, 4, 0, 6, 0, 1, 0, 4, 0, 6 };
	static const int late[] = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 4, 0, 4 };

	place_ideal_compute(hybrid, 6, 2, PLACE_BY_THREAD, &ideal);
	start_judge(&ideal, to_ideal, 6, 2, &r);
	report(r.outcome == OUTCOME_IDEAL && r.settled == 2 && r.nfinal == 2 &&
	       r.final[0] == 0 && r.final[1] == 2, "judge_ideal");
	start_judge(&ideal, trap, 6, 2, &r);
	report(r.outcome == OUTCOME_TRAP && r.settled == 0 && r.final[1] == 1,
	       "judge_trap");
	start_judge(&ideal, moving, 6, 2, &r);
	report(r.outcome == OUTCOME_MOVING && r.settled == 5, "judge_moving");
	start_judge(&ideal, late, 6, 2, &r);
	report(r.outcome == OUTCOME_MOVING && r.settled == 4,
	       "judge_short_hold_is_moving");
	/*
	 * By core, a task moving between the threads of a core is no move:
	 * {1,4,6} then {0,4,6} hold core 0 and both E-cores while core 2
	 * idles, a trap.
	 */
	place_ideal_compute(hybrid, 6, 3, PLACE_BY_CORE, &ideal);
	start_judge(&ideal, (const int[]){ 1, 4, 6, 0, 4, 6, 1, 4, 6, 0, 4, 6 },
		    4, 3, &r);
	report(r.outcome == OUTCOME_TRAP && r.settled == 0,
	       "judge_by_core_trap");
}

/* The one outcome rule, in samples or in seconds. */
static void outcome_rule(void)
{
	report_str("outcome_ideal_whatever_the_hold",
		   start_outcome_names[start_outcome_of(true, 0, 3)], "ideal");
	report_str("outcome_trap_held_half_the_window",
		   start_outcome_names[start_outcome_of(false, 1.5, 3)], "trap");
	report_str("outcome_moving_held_less",
		   start_outcome_names[start_outcome_of(false, 4, 10)],
		   "moving");
}

int main(void)
{
	ktap_begin();
	outcome_rule();
	parse();
	canonical();
	enumerate();
	sample();
	judge();
	return ktap_end();
}
