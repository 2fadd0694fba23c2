// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the ideal placement and its verdicts
 * (guest-tools/place.c): ideal sets, tiers, the judging of samples by
 * thread and by core, time to ideal, residency and the residency
 * verdicts. KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "place.h"
#include "ktap.h"
#include "lab-cpus.h"
#include "lib.h"

const char *prog = "place-test";

/* P2xSMT2,E2 with every raw priority equal (cpu_priority missing). */
static const struct place_cpu equal[] = {
	CPU(0, 0, 0, 0, 2), CPU(1, 0, 1, 0, 2), CPU(2, 2, 0, 0, 2),
	CPU(3, 2, 1, 0, 2), CPU(4, 4, 0, 0, 1), CPU(6, 6, 0, 0, 1),
};

/*
 * The ideal set of @cnt tasks on @cpus judged as @judge says reads @want;
 * the test is named @prefix_TOPO_nCNT.
 */
static void judged_ideal_is(enum place_judge judge, const char *prefix,
			    const char *topo, const struct place_cpu *cpus,
			    int ncpus, int cnt, const char *want)
{
	struct place_ideal ideal;
	char got[256] = "(rejected)", name[128];
	int ok;

	snprintf(name, sizeof(name), "%s_%s_n%d", prefix, topo, cnt);
	ok = !place_ideal_compute(cpus, ncpus, cnt, judge, &ideal);
	if (ok)
		place_format_ideal(&ideal, got, sizeof(got));
	ok = ok && !strcmp(got, want) && ideal.n == cnt &&
	     ideal.nfull + ideal.k == cnt;
	if (!ok)
		printf("# got '%s', expected '%s'\n", got, want);
	report(ok, name);
}

/* The ideal set of @cnt tasks on @cpus reads @want. */
static void ideal_is(const char *topo, const struct place_cpu *cpus,
		     int ncpus, int cnt, const char *want)
{
	judged_ideal_is(PLACE_BY_THREAD, "ideal", topo, cpus, ncpus, cnt, want);
}

static void ideal_sets(void)
{
	static const char *const want_hybrid[] = {
		"1 of {0,2}", "{0,2}", "{0,2} + 1 of {4,6}", "{0,2,4,6}",
		"{0,2,4,6} + 1 of {1,3}", "{0,1,2,3,4,6}",
	};
	static const char *const want_three[] = {
		"{0}", "{0,2}", "{0,2} + 1 of {4,6}", "{0,2,4,6}",
		"{0,1,2,4,6}", "{0,1,2,3,4,6}",
	};
	static const char *const want_equal[] = {
		"1 of {0,2,4,6}", "2 of {0,2,4,6}", "3 of {0,2,4,6}",
		"{0,2,4,6}", "{0,2,4,6} + 1 of {1,3}", "{0,1,2,3,4,6}",
	};
	int i;

	for (i = 0; i < 6; i++)
		ideal_is("hybrid", hybrid, 6, i + 1, want_hybrid[i]);
	for (i = 0; i < 6; i++)
		ideal_is("three_level", three_level, 6, i + 1, want_three[i]);
	for (i = 0; i < 6; i++)
		ideal_is("equal_prio", equal, 6, i + 1, want_equal[i]);
}

static void ideal_rejects(void)
{
	struct place_ideal ideal;

	report(place_ideal_compute(hybrid, 6, 0, PLACE_BY_THREAD, &ideal) == -1 &&
	       place_ideal_compute(hybrid, 6, 7, PLACE_BY_THREAD, &ideal) == -1 &&
	       place_ideal_compute(hybrid, 0, 1, PLACE_BY_THREAD, &ideal) == -1,
	       "ideal_rejects_bad_n");
}

/* The ideal set of @cnt tasks on @cpus judged by capacity reads @want. */
static void capacity_ideal_is(const char *topo, const struct place_cpu *cpus,
			      int ncpus, int cnt, const char *want)
{
	judged_ideal_is(PLACE_BY_CAPACITY, "capacity_ideal", topo, cpus, ncpus,
			cnt, want);
}

/*
 * Judged by capacity: the margin of capacity_greater(), the classes it
 * makes (the P-cores at 1024 and 1008 one class, where priorities 64 and
 * 63 make two tiers), a class's chain from its largest CPU, and a CPU
 * without a capacity refused.
 */
static void by_capacity(void)
{
	static const struct place_cpu chain[] = {
		CAP_CPU(0, 0, 1024), CAP_CPU(1, 0, 973), CAP_CPU(2, 0, 972),
		CAP_CPU(3, 0, 930), CAP_CPU(4, 0, 900),
	};
	struct place_cpu unknown[8];
	struct place_ideal ideal;
	char buf[256];

	report(!place_capacity_greater(1024, 1008) &&
	       !place_capacity_greater(1024, 973) &&
	       place_capacity_greater(1024, 972) &&
	       !place_capacity_greater(972, 930) &&
	       place_capacity_greater(972, 900) &&
	       !place_capacity_greater(676, 1024), "capacity_greater_margin");
	capacity_ideal_is("no_smt", no_smt, 8, 1, "1 of {0,1,2,3}");
	capacity_ideal_is("no_smt", no_smt, 8, 3, "3 of {0,1,2,3}");
	capacity_ideal_is("no_smt", no_smt, 8, 4, "{0,1,2,3}");
	capacity_ideal_is("no_smt", no_smt, 8, 5, "{0,1,2,3} + 1 of {4,5,6,7}");
	capacity_ideal_is("no_smt", no_smt, 8, 8, "{0,1,2,3,4,5,6,7}");
	capacity_ideal_is("chain", chain, 5, 1, "1 of {0,1}");
	capacity_ideal_is("chain", chain, 5, 3, "{0,1} + 1 of {2,3}");
	capacity_ideal_is("chain", chain, 5, 5, "{0,1,2,3,4}");
	/* by priority the same CPUs rank 0 and 3 first */
	place_ideal_compute(no_smt, 8, 1, PLACE_BY_THREAD, &ideal);
	report_str("by_priority_no_smt_n1",
		   place_format_ideal(&ideal, buf, sizeof(buf)), "1 of {0,3}");
	place_ideal_compute(no_smt, 8, 2, PLACE_BY_CAPACITY, &ideal);
	report(place_judge(&ideal, (int[]){ 1, 2 }, 2) &&
	       place_judge(&ideal, (int[]){ 3, 0 }, 2) &&
	       !place_judge(&ideal, (int[]){ 0, 4 }, 2) &&
	       !place_judge(&ideal, (int[]){ 1, 1 }, 2),
	       "capacity_judge_misfit_on_e_core");
	memcpy(unknown, no_smt, sizeof(unknown));
	unknown[6].capacity = 0;
	report(place_ideal_compute(unknown, 8, 1, PLACE_BY_CAPACITY,
				   &ideal) == -1 &&
	       place_ideal_compute(no_smt, 8, 1, NR_PLACE_JUDGES,
				   &ideal) == -1 &&
	       !strcmp(place_judge_names[PLACE_BY_CAPACITY], "capacity"),
	       "capacity_unknown_refused");
}

/* The tiers of the three-level topology, in order of preference. */
static void tier_order(void)
{
	static const int want[] = { 0, 2, 4, 6, 1, 3 };
	struct place_ideal ideal;
	int i, ok = !place_ideal_compute(three_level, 6, 6, PLACE_BY_THREAD, &ideal);

	for (i = 0; ok && i < 6; i++)
		ok = ideal.order[i].cpu == want[i];
	ok = ok && place_same_tier(&ideal.order[2], &ideal.order[3]) &&
	     !place_same_tier(&ideal.order[0], &ideal.order[1]) &&
	     !place_same_tier(&ideal.order[3], &ideal.order[4]);
	report(ok, "tier_order_three_level");
}

/* --- is-ideal --- */

struct ideal_case {
	int cnt;		/* N of the ideal set */
	int ncpus;		/* entries in cpus */
	int cpus[6];
	bool want;
	const char *name;
};

static void is_ideal(void)
{
	static const struct ideal_case cases[] = {
		{ 1, 1, { 0 }, true, "n1_cpu0" },
		{ 1, 1, { 2 }, true, "n1_cpu2_tie" },
		{ 1, 1, { 4 }, false, "n1_ecore" },
		{ 1, 1, { 1 }, false, "n1_sibling" },
		{ 2, 2, { 2, 0 }, true, "n2_both_pcores" },
		{ 2, 2, { 0, 1 }, false, "n2_siblings" },
		{ 2, 2, { 0, 0 }, false, "n2_duplicate" },
		{ 3, 3, { 0, 2, 4 }, true, "n3_ecore4" },
		{ 3, 3, { 6, 2, 0 }, true, "n3_ecore6_any_order" },
		{ 3, 3, { 0, 1, 2 }, false, "n3_sibling_not_ecore" },
		{ 3, 3, { 0, 2, 3 }, false, "n3_sibling3" },
		{ 3, 3, { 0, 4, 6 }, false, "n3_missing_full_tier_cpu" },
		{ 3, 3, { 0, 2, 2 }, false, "n3_duplicate_short" },
		{ 3, 3, { 0, 2, -1 }, false, "n3_unknown_cpu" },
		{ 3, 3, { 0, 2, 5 }, false, "n3_offline_cpu" },
		{ 3, 4, { 0, 2, 4, 6 }, false, "n3_wrong_size" },
		{ 3, 2, { 0, 2 }, false, "n3_too_few" },
		{ 4, 4, { 6, 4, 2, 0 }, true, "n4_all_first_threads" },
		{ 4, 4, { 0, 1, 2, 3 }, false, "n4_siblings_not_ecores" },
		{ 4, 4, { 0, 1, 2, 4 }, false, "n4_one_sibling" },
		{ 5, 5, { 0, 2, 4, 6, 3 }, true, "n5_sibling3" },
		{ 5, 5, { 0, 1, 2, 3, 4 }, false, "n5_ecore6_idle" },
		{ 5, 5, { 0, 2, 4, 6, 6 }, false, "n5_duplicate" },
		{ 6, 6, { 3, 1, 0, 2, 6, 4 }, true, "n6_all" },
		{ 6, 6, { 0, 1, 2, 3, 4, 4 }, false, "n6_duplicate" },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct ideal_case *c = &cases[i];
		struct place_ideal ideal;
		char name[128];
		bool got;

		snprintf(name, sizeof(name), "is_ideal_%s", c->name);
		if (place_ideal_compute(hybrid, 6, c->cnt, PLACE_BY_THREAD, &ideal)) {
			report(0, name);
			continue;
		}
		got = place_is_ideal(&ideal, c->cpus, c->ncpus);
		if (got != c->want)
			printf("# got %d\n", got);
		report(got == c->want, name);
	}
}

static void is_ideal_other_topologies(void)
{
	static const int eq3[] = { 6, 2, 4 }, eq3_bad[] = { 0, 2, 1 };
	static const int three3[] = { 0, 2, 6 }, three2_bad[] = { 0, 4 };
	struct place_ideal ideal;
	int ok;

	ok = !place_ideal_compute(equal, 6, 3, PLACE_BY_THREAD, &ideal) &&
	     place_is_ideal(&ideal, eq3, 3) &&
	     !place_is_ideal(&ideal, eq3_bad, 3);
	report(ok, "is_ideal_equal_prio_any_first_threads");
	ok = !place_ideal_compute(three_level, 6, 3, PLACE_BY_THREAD, &ideal) &&
	     place_is_ideal(&ideal, three3, 3) &&
	     !place_ideal_compute(three_level, 6, 2, PLACE_BY_THREAD, &ideal) &&
	     !place_is_ideal(&ideal, three2_bad, 2);
	report(ok, "is_ideal_three_level");
}

/* --- busy set, time to ideal, residency --- */

static void busy_set(void)
{
	static const int cpus[] = { 4, 0, -1, 4, 2, 0 };
	int set[6], cnt = place_busy_set(cpus, 6, set);
	char buf[64], empty[8];

	place_format_set(set, cnt, buf, sizeof(buf));
	place_format_set(set, 0, empty, sizeof(empty));
	report(cnt == 3 && !strcmp(buf, "{0,2,4}") && !strcmp(empty, "{}"),
	       "busy_set_sorted_distinct");
}

static void held(const char *name, const bool *ok, int cnt, int want)
{
	int got = place_held_from(ok, cnt);

	if (got != want)
		printf("# got %d, expected %d\n", got, want);
	report(got == want, name);
}

static void time_to_ideal(void)
{
	static const bool never[] = { 0, 0, 0, 0 };
	static const bool lost[] = { 1, 1, 1, 0 };
	static const bool start[] = { 1, 1, 1, 1 };
	static const bool regained[] = { 0, 1, 1, 0, 1, 1 };
	static const bool late[] = { 0, 0, 0, 1 };
	static const bool flicker[] = { 1, 0, 1, 0, 1 };

	held("held_never", never, 4, -1);
	held("held_lost_at_end", lost, 4, -1);
	held("held_from_start", start, 4, 0);
	held("held_reached_lost_regained", regained, 6, 4);
	held("held_last_sample_only", late, 4, 3);
	held("held_flicker", flicker, 5, 4);
	held("held_no_samples", start, 0, -1);
}

static void residency(void)
{
	/* 4 samples of 2 workers */
	static const int samples[] = { 0, 2,  0, 0,  0, 1,  4, 2 };
	static const int cpus[] = { 0, 1, 2, 3, 4 };
	static const double want[] = { 0.75, 0.25, 0.5, 0, 0.25 };
	double res[5];
	int i, ok = 1;

	place_residency(samples, 4, 2, cpus, 5, res);
	for (i = 0; i < 5; i++)
		ok &= near(res[i], want[i]);
	report(ok, "residency");
}

/* v6.5+ judges cores: which thread of a core runs a task does not matter. */
static void by_core(void)
{
	static const struct {
		int n;
		int cpus[6];
		bool ideal;
		const char *name;
	} cases[] = {
		{ 1, { 1 }, true, "by_core_n1_sibling_is_its_core" },
		{ 3, { 1, 2, 4 }, true, "by_core_n3_sibling1_for_core0" },
		{ 3, { 1, 3, 6 }, true, "by_core_n3_second_threads" },
		{ 3, { 0, 1, 4 }, false, "by_core_n3_two_on_core0" },
		{ 2, { 1, 1 }, false, "by_core_n2_duplicate" },
		{ 5, { 1, 0, 3, 4, 6 }, true, "by_core_n5_one_core_full" },
		{ 3, { 1, 2, -1 }, false, "by_core_n3_unknown_cpu" },
	};
	struct place_ideal ideal;
	int out[6], i, j;

	for (i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
		bool ok = !place_ideal_compute(hybrid, 6, cases[i].n,
						PLACE_BY_CORE, &ideal);

		report(ok && place_judge(&ideal, cases[i].cpus, cases[i].n) ==
		       cases[i].ideal, cases[i].name);
	}
	/* The busy set of {1,2,4} by core is {0,2,4}, tasks kept in order. */
	place_ideal_compute(hybrid, 6, 3, PLACE_BY_CORE, &ideal);
	place_by_core(&ideal, (const int[]){ 4, 1, 2 }, 3, out);
	j = out[0] == 4 && out[1] == 0 && out[2] == 2;
	report(j, "by_core_maps_each_task");
	/* The same sample judged by thread is not ideal. */
	place_ideal_compute(hybrid, 6, 3, PLACE_BY_THREAD, &ideal);
	report(!place_judge(&ideal, (const int[]){ 1, 2, 4 }, 3) &&
	       place_judge(&ideal, (const int[]){ 0, 2, 4 }, 3),
	       "by_thread_judges_threads");
}

/* Classes, and the verdicts on residency, on P2xSMT2,E2. */
static void verdicts(void)
{
	static const struct place_cpu cpus[] = {
		CPU(0, 0, 0, 100, 2), CPU(1, 0, 1, 100, 2),
		CPU(2, 2, 0, 100, 2),
		CPU(3, 2, 1, 100, 2), CPU(4, 4, 0, 40, 1), CPU(6, 6, 0, 40, 1),
	};
	/* N=4 ideal; N=4 on 0-3 (E-cores idle); N=5 with a sibling */
	static const double ideal4[] = { 1, 0, 1, 0, 1, 1 };
	static const double smt4[] = { 1, 1, 1, 1, 0, 0.05 };
	static const double over5[] = { 1, 0.6, 0.95, 0.4, 0.89, 1 };

	report(place_cpu_class(0, 2) == 'P' && place_cpu_class(1, 2) == 's' &&
	       place_cpu_class(0, 1) == 'E' && place_cpu_class(2, 4) == 's',
	       "cpu_class");
	/* no_smt[]: 1024 and 1008 within the margin, 736 below it */
	report(place_judged_class(no_smt, 8, 1, PLACE_BY_CAPACITY) == 'P' &&
	       place_judged_class(no_smt, 8, 3, PLACE_BY_CAPACITY) == 'P' &&
	       place_judged_class(no_smt, 8, 0, PLACE_BY_CAPACITY) == 'E' &&
	       place_judged_class(no_smt, 8, 6, PLACE_BY_CAPACITY) == 'E' &&
	       place_judged_class(no_smt, 1, 0, PLACE_BY_CAPACITY) == 'P' &&
	       place_judged_class(no_smt, 8, 1, PLACE_BY_THREAD) == 'E',
	       "capacity_class");
	report(place_siblings_last(cpus, 6, ideal4) &&
	       !place_siblings_last(cpus, 6, smt4) &&
	       !place_siblings_last(cpus, 6, over5) &&
	       !place_siblings_last(cpus, 0, ideal4), "siblings_last");
	report(!place_overflows(cpus, 6, ideal4) &&
	       place_overflows(cpus, 6, smt4) &&
	       !place_overflows(cpus, 6, over5), "overflows_to_siblings");
}

/* Residency against busy time, by CPU and by core. */
static void max_diff(void)
{
	static const struct place_cpu cpus[] = {
		CPU(0, 0, 0, 100, 2), CPU(1, 0, 1, 100, 2), CPU(4, 4, 0, 40, 1),
	};
	/* one task moving between cpu0 and cpu1 faster than the samples */
	static const double res[] = { 0.7, 0.3, 1.0 };
	static const double busy[] = { 0.5, 0.5, 0.95 };
	static const double unknown[] = { -1, 0.5, 0.95 };

	report(near(place_max_diff(cpus, 3, res, busy, false), 0.2) &&
	       near(place_max_diff(cpus, 3, res, busy, true), 0.05) &&
	       near(place_max_diff(cpus, 3, res, unknown, true), 0.05) &&
	       near(place_max_diff(cpus, 3, res, unknown, false), 0.2) &&
	       place_max_diff(cpus, 0, res, busy, true) == -1,
	       "max_diff_by_cpu_and_by_core");
}

/*
 * A real machine's numbering (last: it stays set): sets print in its
 * numbers, sorted; the 9950X's siblings are n and n+16.
 */
static void real_numbering(void)
{
	static const int real[] = { 0, 16, 1, 17, 2, 18, -1, 0 };
	static const int set[] = { 1, 2, 5 };
	char before[64], after[64];

	place_format_set(set, 3, before, sizeof(before));
	place_set_numbering(real, 7);
	place_format_set(set, 3, after, sizeof(after));
	report(!strcmp(before, "{1,2,5}") && !strcmp(after, "{1,16,18}") &&
	       place_cpu_label(3) == 17 && place_cpu_label(6) == 6 &&
	       place_cpu_label(9) == 9, "real_numbering");
}

/*
 * How a placement fills the caches: P2xSMT2 with an L2 a core, E4m4
 * (one L2 of 4) and one LLC, as an i9-14900K in small.
 */
static void spread(void)
{
	static const struct place_cpu cpus[] = {
		{ 0, 0, 0, 100, 2, 0, 0, 0 },
		{ 1, 0, 1, 100, 2, 0, 0, 0 },
		{ 2, 2, 0, 100, 2, 2, 0, 0 },
		{ 3, 2, 1, 100, 2, 2, 0, 0 },
		{ 4, 4, 0, 40, 1, 4, 0, 0 },
		{ 5, 5, 0, 40, 1, 4, 0, 0 },
		{ 6, 6, 0, 40, 1, 4, 0, 0 },
		{ 7, 7, 0, 40, 1, 4, 0, 0 },
	};
	static const struct place_cpu unknown[] = {
		{ 0, 0, 0, 100, 1, 0, 0, 0 },
		{ 1, 1, 0, 100, 1, -1, 0, 0 },
	};
	static const struct {
		int n;
		int set[8];
		const char *want;
		const char *name;
	} cases[] = {
		{ 0, { 0 }, "l2=0/4,0/2x2;llc=0/8", "spread_idle" },
		{ 2, { 0, 2 }, "l2=0/4,1/2x2;llc=2/8", "spread_one_a_core" },
		{ 3, { 3, 1, 6 }, "l2=1/4,1/2x2;llc=3/8", "spread_any_thread" },
		{ 3, { 0, 1, 4 }, "l2=1/4,2/2,0/2;llc=3/8", "spread_a_core" },
		{ 4, { 4, 4, 5, -1 }, "l2=2/4,0/2x2;llc=2/8", "spread_dups" },
	};
	char buf[128];
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		place_format_spread(cpus, 8, cases[i].set, cases[i].n, buf,
				    sizeof(buf));
		if (strcmp(buf, cases[i].want))
			printf("# got '%s', expected '%s'\n", buf,
			       cases[i].want);
		report(!strcmp(buf, cases[i].want), cases[i].name);
	}
	place_format_spread(unknown, 2, cases[1].set, 1, buf, sizeof(buf));
	report(!strcmp(buf, "-"), "spread_unknown_cache");
	place_format_spread(cpus, 8, cases[1].set, 2, buf, 12);
	report(strlen(buf) == 11, "spread_truncates_safely");
}

int main(void)
{
	ktap_begin();
	ideal_sets();
	ideal_rejects();
	tier_order();
	is_ideal();
	is_ideal_other_topologies();
	busy_set();
	time_to_ideal();
	residency();
	by_core();
	by_capacity();
	verdicts();
	max_diff();
	real_numbering();
	spread();
	return ktap_end();
}
