// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the pure logic of asym-place (guest-tools/place.c):
 * ideal sets, the is-ideal check, time to ideal, residency, the parsers of
 * /proc and debugfs texts, and the statistics helpers. KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "lib.h"
#include "place.h"

const char *prog = "place-test";
static int n, failed;

static void report(int pass, const char *name)
{
	n++;
	if (!pass)
		failed++;
	printf("%sok %d %s\n", pass ? "" : "not ", n, name);
}

static bool near(double a, double b)
{
	return a - b < 1e-9 && b - a < 1e-9;
}

/* --- topologies, listed out of order on purpose --- */

/* P2xSMT2,E2: P-cores {0,1} {2,3} at 100, E-cores 4 and 6 at 40. */
static const struct place_cpu hybrid[] = {
	{ 6, 6, 0, 40 }, { 1, 0, 1, 100 }, { 4, 4, 0, 40 },
	{ 3, 2, 1, 100 }, { 0, 0, 0, 100 }, { 2, 2, 0, 100 },
};

/* P1xSMT2@100,P1xSMT2@70,E2@40 */
static const struct place_cpu three_level[] = {
	{ 3, 2, 1, 70 }, { 0, 0, 0, 100 }, { 6, 6, 0, 40 },
	{ 2, 2, 0, 70 }, { 1, 0, 1, 100 }, { 4, 4, 0, 40 },
};

/* P2xSMT2,E2 with every raw priority equal (cpu_priority missing). */
static const struct place_cpu equal[] = {
	{ 0, 0, 0, 0 }, { 1, 0, 1, 0 }, { 2, 2, 0, 0 },
	{ 3, 2, 1, 0 }, { 4, 4, 0, 0 }, { 6, 6, 0, 0 },
};

/* The ideal set of @cnt tasks on @cpus reads @want. */
static void ideal_is(const char *topo, const struct place_cpu *cpus,
		     int ncpus, int cnt, const char *want)
{
	struct place_ideal ideal;
	char got[256] = "(rejected)", name[128];
	int ok;

	snprintf(name, sizeof(name), "ideal_%s_n%d", topo, cnt);
	ok = !place_ideal_compute(cpus, ncpus, cnt, &ideal);
	if (ok)
		place_format_ideal(&ideal, got, sizeof(got));
	ok = ok && !strcmp(got, want) && ideal.n == cnt &&
	     ideal.nfull + ideal.k == cnt;
	if (!ok)
		printf("# got '%s', expected '%s'\n", got, want);
	report(ok, name);
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

	report(place_ideal_compute(hybrid, 6, 0, &ideal) == -1 &&
	       place_ideal_compute(hybrid, 6, 7, &ideal) == -1 &&
	       place_ideal_compute(hybrid, 0, 1, &ideal) == -1,
	       "ideal_rejects_bad_n");
}

/* The tiers of the three-level topology, in order of preference. */
static void tier_order(void)
{
	static const int want[] = { 0, 2, 4, 6, 1, 3 };
	struct place_ideal ideal;
	int i, ok = !place_ideal_compute(three_level, 6, 6, &ideal);

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
		if (place_ideal_compute(hybrid, 6, c->cnt, &ideal)) {
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

	ok = !place_ideal_compute(equal, 6, 3, &ideal) &&
	     place_is_ideal(&ideal, eq3, 3) &&
	     !place_is_ideal(&ideal, eq3_bad, 3);
	report(ok, "is_ideal_equal_prio_any_first_threads");
	ok = !place_ideal_compute(three_level, 6, 3, &ideal) &&
	     place_is_ideal(&ideal, three3, 3) &&
	     !place_ideal_compute(three_level, 6, 2, &ideal) &&
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

/* --- parsers --- */

static void cpu_priority(void)
{
	static const char text[] =
		"cpu core_cpu sibling_index raw_prio prio\n"
		"0 0 1 100 200\n1 0 2 100 50\n2 2 1 100 200\n"
		"3 2 2 100 50\n4 4 1 40 80\n6 6 1 40 80\n";
	int raw[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };
	int rows = place_parse_cpu_priority(text, raw, 8);

	report(rows == 6 && raw[0] == 100 && raw[3] == 100 && raw[4] == 40 &&
	       raw[5] == -1 && raw[6] == 40, "cpu_priority_parse");
	report(place_parse_cpu_priority("cpu prio\n0 100\n", raw, 8) == -1 &&
	       place_parse_cpu_priority(
		       "cpu core_cpu sibling_index raw_prio prio\n0 0 1 x 2\n",
		       raw, 8) == -1 &&
	       place_parse_cpu_priority(
		       "cpu core_cpu sibling_index raw_prio prio\n0 0 1 100\n",
		       raw, 8) == -1 &&
	       place_parse_cpu_priority(
		       "cpu core_cpu sibling_index raw_prio prio\n0 0 1 1 2 3\n",
		       raw, 8) == -1, "cpu_priority_rejects");
}

static void pid_stat(void)
{
	static const char plain[] =
		"332 (cat) R 330 330 26524 0 -1 4194304 100 0 0 0 0 0 0 0 "
		"20 0 1 0 1029853 3133440 414 18446744073709551615 "
		"93869869187072 93869869206953 140731135104752 0 0 0 0 0 0 0 "
		"0 0 17 5 0 0 0 0 0 93869869222960 93869869224576 "
		"93870726234112 140731135113671 140731135113691 "
		"140731135113691 140731135115243 0\n";
	/* A command with blanks and parentheses, as prctl(PR_SET_NAME) allows */
	static const char odd[] =
		"77 (a) b (c)) R 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 9 "
		"1 1 1 1 1 1 0 0 0 0 0 0 0 0 0 17 3 0 0";
	static const char short_line[] = "77 (x) R 1 1 1 0 -1 0 0";

	report(place_parse_pid_stat_cpu(plain) == 5 &&
	       place_parse_pid_stat_cpu(odd) == 3 &&
	       place_parse_pid_stat_cpu(short_line) == -1 &&
	       place_parse_pid_stat_cpu("no parenthesis") == -1,
	       "pid_stat_processor_field_39");
}

static void nr_migrations(void)
{
	static const char text[] =
		"asym-place (335, #threads: 1)\n"
		"-------------------------------------------------------\n"
		"se.exec_start                                :      10297680.505822\n"
		"se.vruntime                                  :          2142.083035\n"
		"se.nr_migrations                             :                   42\n"
		"nr_switches                                  :                    1\n";
	static const char missing[] =
		"se.nr_migrations_cold                        :                    1\n";
	long long v = -1, w = -1;

	report(!place_parse_nr_migrations(text, &v) && v == 42 &&
	       place_parse_nr_migrations(missing, &w) == -1 &&
	       place_parse_nr_migrations("se.nr_migrations : x\n", &w) == -1,
	       "sched_nr_migrations");
}

static void proc_stat(void)
{
	static const char before[] =
		"cpu  217291 0 66774 1765770 1517 0 427 211 0 0\n"
		"cpu0 100 0 50 800 10 5 5 30 0 0\n"
		"cpu1 108533 0 35276 880864 1350 0 389 99 7 0\n"
		"intr 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20\n"
		"ctxt 123\nbtime 1700000000\nprocesses 1\n";
	static const char after[] =
		"cpu  0 0 0 0 0 0 0 0 0 0\n"
		"cpu0 160 0 70 820 10 10 10 40 0 0\n"
		"cpu1 108533 0 35276 880864 1350 0 389 99 7 0\n";
	struct place_stat_cpu a[4], b[4], one;
	int na = place_parse_stat(before, a, 4);
	int nb = place_parse_stat(after, b, 4);

	/* cpu0: busy +60+20+5+5+10 = 100 of total 100 + 20 idle = 120 */
	report(na == 2 && nb == 2 && a[0].cpu == 0 && a[1].cpu == 1 &&
	       a[1].steal == 99 && a[0].iowait == 10 &&
	       near(place_stat_busy_fraction(&a[0], &b[0]), 100.0 / 120) &&
	       place_stat_busy_fraction(&a[1], &b[1]) == -1,
	       "proc_stat_parse_and_busy_fraction");
	report(place_parse_stat_line("cpu  1 2 3 4 5 6 7 8 9 10", &one) == 0 &&
	       place_parse_stat_line("intr 1 2 3", &one) == 0 &&
	       place_parse_stat_line("cpu3 1 2 3 4", &one) == 1 &&
	       one.cpu == 3 && one.idle == 4 && one.steal == 0 &&
	       place_parse_stat_line("cpu3 1 2 3", &one) == -1 &&
	       place_parse_stat_line("cpu3 1 2 x 4 5", &one) == -1 &&
	       place_parse_stat_line("cpu3 1 2 3 4 5 6 7 8 9 10 11", &one) == -1 &&
	       place_parse_stat_line("cpu3 -1 2 3 4", &one) == -1 &&
	       place_parse_stat(before, a, 1) == -1,
	       "proc_stat_line_rejects");
}

/* 24 lb counters (3 idle types x 8), then the 12 others: 36 numbers. */
#define SD_ZERO	"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 " \
		"0 0 0 0 0 0 0 0 0 0 0 0"
#define SD_A	"10 9 1 4 1 0 8 0  5 5 0 0 0 0 5 0  20 18 2 6 2 1 0 18 " \
		"3 1 2 0 0 0 0 0 0 7 8 9"
#define SD_B	"15 13 2 4 2 0 11 0  7 7 0 0 0 0 7 0  30 26 4 9 3 1 0 26 " \
		"4 1 3 0 0 0 0 0 0 7 8 9"

static const char schedstat_a[] =
	"version 15\ntimestamp 4294937296\n"
	"cpu0 0 0 100 50 60 30 123456 7890 42\n"
	"domain0 03 " SD_A "\n"
	"domain1 5f " SD_ZERO "\n"
	"cpu4 0 0 10 5 6 3 1234 789 4\n"
	"domain0 5f " SD_ZERO "\n";

static const char schedstat_b[] =
	"version 15\ntimestamp 4294937596\n"
	"cpu0 0 0 110 55 66 33 133456 7990 44\n"
	"domain0 03 " SD_B "\n"
	"domain1 5f " SD_ZERO "\n"
	"cpu4 0 0 10 5 6 3 1234 789 4\n"
	"domain0 5f " SD_ZERO "\n";

static void schedstat(void)
{
	struct place_sd_stat a[4], b[4];
	struct place_sd_delta d;
	char err[128];
	int na = place_parse_schedstat(schedstat_a, a, 4, err, sizeof(err));
	int nb = place_parse_schedstat(schedstat_b, b, 4, err, sizeof(err));
	int ok;

	ok = na == 3 && nb == 3 && a[0].cpu == 0 && a[0].domain == 0 &&
	     !strcmp(a[0].mask, "03") && a[1].domain == 1 &&
	     !strcmp(a[1].mask, "5f") && a[2].cpu == 4 && a[2].domain == 0 &&
	     a[0].lb[2][LB_NOBUSYG] == 18 && a[0].alb[ALB_PUSHED] == 2;
	report(ok, "schedstat_parse");

	place_sd_delta(&a[0], &b[0], &d);
	/* lb_count: (15-10)+(7-5)+(30-20); lb_balanced (13-9)+(7-5)+(26-18) */
	ok = d.lb[LB_COUNT] == 17 && d.lb[LB_BALANCED] == 14 &&
	     d.lb[LB_FAILED] == 3 && d.lb[LB_IMBALANCE] == 3 &&
	     d.lb[LB_GAINED] == 2 && d.lb[LB_HOT_GAINED] == 0 &&
	     d.lb[LB_NOBUSYQ] == 5 && d.lb[LB_NOBUSYG] == 8 &&
	     d.alb[ALB_COUNT] == 1 && d.alb[ALB_FAILED] == 0 &&
	     d.alb[ALB_PUSHED] == 1;
	report(ok, "schedstat_delta_summed_over_idle_types");

	a[0].lb[0][LB_COUNT] = 0xfffffffe;
	b[0].lb[0][LB_COUNT] = 3;
	place_sd_delta(&a[0], &b[0], &d);
	report(d.lb[LB_COUNT] == 5 + 2 + 10, "schedstat_delta_wraps");

	/* 6.12's version 16: the same fields. */
	ok = place_parse_schedstat("version 16\ncpu0 0\ndomain0 03 " SD_A "\n",
				   a, 4, err, sizeof(err)) == 1 &&
	     a[0].lb[2][LB_NOBUSYG] == 18 && a[0].alb[ALB_PUSHED] == 2;
	report(ok, "schedstat_version_16");
}

static void schedstat_rejects(void)
{
	static const char *const bad[] = {
		"",
		"version 14\ncpu0 0\ndomain0 03 " SD_ZERO "\n",
		"version 17\ncpu0 0\ndomain0 03 " SD_ZERO "\n",
		"version 15\ndomain0 03 " SD_ZERO "\n",
		"version 15\ncpu0 0\ndomain0 03 " SD_ZERO " 0\n",
		"version 15\ncpu0 0\ndomain0 03 0 0 0\n",
		"version 15\ncpu0 0\ndomain0 " SD_ZERO "\n",
		"version 15\ncpu0 0\ndomain0 0x3 " SD_ZERO "\n",
		"version 15\ncpu0 0\ndomainX 03 " SD_ZERO "\n",
	};
	struct place_sd_stat sd[4];
	char err[128];
	int i, ok = 1;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		err[0] = '\0';
		if (place_parse_schedstat(bad[i], sd, 4, err, sizeof(err)) !=
		    -1 || !err[0]) {
			printf("# accepted bad schedstat %d\n", i);
			ok = 0;
		}
	}
	/* more domain lines than room */
	ok &= place_parse_schedstat(schedstat_a, sd, 2, err, sizeof(err)) == -1;
	report(ok, "schedstat_rejects");
}

/* --- statistics --- */

static void stats(void)
{
	static const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double a[] = { 0.5, -1, 0.9, 0.2 };
	static const double b[] = { 0.4, 0.0, 0.6, -1 };
	static const double none[] = { -1, -1 };

	report(near(place_mean(v, 8), 5) && place_mean(v, 0) == 0,
	       "stats_mean");
	/* sample variance 32 / 7 */
	report(place_stddev(v, 8) > 2.1380899352993 &&
	       place_stddev(v, 8) < 2.1380899352994 &&
	       place_stddev(v, 1) == 0 && place_stddev(v, 0) == 0 &&
	       near(place_stddev((const double[]){ 3, 3, 3 }, 3), 0),
	       "stats_stddev");
	report(near(place_max_abs_diff(a, b, 4), 0.3) &&
	       place_max_abs_diff(none, b, 2) == -1, "stats_max_abs_diff");
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
		bool ok = !place_ideal_compute(hybrid, 6, cases[i].n, &ideal);

		place_by_core(&ideal, cases[i].cpus, cases[i].n, out);
		report(ok && place_is_ideal(&ideal, out, cases[i].n) == cases[i].ideal,
		       cases[i].name);
	}
	/* The busy set of {1,2,4} by core is {0,2,4}, tasks kept in order. */
	place_ideal_compute(hybrid, 6, 3, &ideal);
	place_by_core(&ideal, (const int[]){ 4, 1, 2 }, 3, out);
	j = out[0] == 4 && out[1] == 0 && out[2] == 2;
	report(j, "by_core_maps_each_task");
}

static void policy(void)
{
	/* Rows of one test are together; each test reports once. */
	static const struct {
		const char *test, *release, *sysctl, *formula, *pull, *want;
	} cases[] = {
		{ "policy_v5_16_defaults", "6.1.192+", "1", "squared",
		  "busy_siblings", "v5.16" },
		{ "policy_sysctl_0", "6.1.192+", "0", "squared", "busy_siblings",
		  "pre-v5.16 (kernel.sched_asym_smt=0)" },
		/* 2 is the v6.5 policy whatever debugfs selects. */
		{ "policy_sysctl_2", "6.1.192+", "2", "squared", "busy_siblings",
		  "v6.5+ (kernel.sched_asym_smt=2)" },
		{ "policy_halves", "6.1.192+", "1", "squared", "none",
		  "v5.16 squared formula only (no SMT pull check)" },
		{ "policy_halves", "6.1.192+", "1", "legacy", "busy_siblings",
		  "v5.16 SMT pull check only (legacy formula)" },
		{ "policy_halves", "6.1.192+", "1", "legacy", "none",
		  "pre-v5.16 (both halves in debugfs)" },
		{ "policy_halves", "6.1.192+", "1", "equal", "idle_core",
		  "v6.5+ (both halves in debugfs)" },
		{ "policy_halves", "6.1.192+", "1", "equal", "busy_siblings",
		  "mixed: equal formula, v5.16 SMT pull check" },
		{ "policy_halves", "6.1.192+", "1", "squared", "idle_core",
		  "mixed: squared formula, v6.5 idle-core rule" },
		{ "policy_stock_by_release", "6.12.118", "-", "-", "-",
		  "v6.5+ (stock kernel)" },
		{ "policy_stock_by_release", "7.0.1", "-", "-", "-",
		  "v6.5+ (stock kernel)" },
		{ "policy_stock_by_release", "6.1.192", "-", "-", "-",
		  "v5.16 (stock kernel)" },
		{ "policy_stock_by_release", "5.15.0", "-", "-", "-",
		  "pre-v5.16 (stock kernel)" },
		{ "policy_unknown", "x", "-", "-", "-", "unknown" },
		{ "policy_unknown", "6.1", "7", "squared", "busy_siblings",
		  "unknown" },
		{ "policy_unknown", "6.1", "1", "squared", "1", "unknown" },
	};
	int i, ok = 1;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const char *got = place_policy(cases[i].release,
					       cases[i].sysctl,
					       cases[i].formula, cases[i].pull);

		if (strcmp(got, cases[i].want)) {
			printf("# %s %s %s %s: '%s', expected '%s'\n",
			       cases[i].release, cases[i].sysctl,
			       cases[i].formula, cases[i].pull, got,
			       cases[i].want);
			ok = 0;
		}
		if (i + 1 == ARRAY_SIZE(cases) ||
		    strcmp(cases[i + 1].test, cases[i].test)) {
			report(ok, cases[i].test);
			ok = 1;
		}
	}
}

#define PLANNED	84

int main(void)
{
	printf("KTAP version 1\n1..%d\n", PLANNED);
	ideal_sets();
	ideal_rejects();
	tier_order();
	is_ideal();
	is_ideal_other_topologies();
	busy_set();
	time_to_ideal();
	residency();
	cpu_priority();
	pid_stat();
	nr_migrations();
	proc_stat();
	schedstat();
	schedstat_rejects();
	stats();
	by_core();
	policy();
	if (n != PLANNED) {
		printf("# planned %d tests, ran %d\n", PLANNED, n);
		return 1;
	}
	return failed ? 1 : 0;
}
