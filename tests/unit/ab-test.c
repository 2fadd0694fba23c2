// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the pure logic of asym-ctl set/status/groups and
 * asym-ab (guest-tools/ab.c): the setting grammar, --tasks lists, CPU
 * classes, cpu_priority and groups lines, and the A/B statistics and row
 * format. KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "ab.h"

const char *prog = "ab-test";
static int n, failed;

static void report(int pass, const char *name)
{
	n++;
	if (!pass)
		failed++;
	printf("%sok %d %s\n", pass ? "" : "not ", n, name);
}

#define PLAN	60

static bool near(double a, double b)
{
	return a - b < 1e-6 && b - a < 1e-6;
}

/* --- settings --- */

/* @text parses and, resolved, reads @want. */
static void setting_ok(const char *name, const char *text, const char *set,
		       const char *resolved)
{
	struct ab_setting s;
	char err[256] = "", got[256], got2[256];
	int ok = !ab_parse_setting(text, &s, err, sizeof(err));

	if (ok)
		ab_format_setting(&s, got, sizeof(got));
	ok = ok && !strcmp(got, set);
	if (ok) {
		ab_setting_resolve(&s);
		ab_format_setting(&s, got2, sizeof(got2));
		ok = !strcmp(got2, resolved);
		if (!ok)
			printf("# resolved '%s', expected '%s'\n", got2,
			       resolved);
	} else {
		printf("# '%s': %s\n", text, err[0] ? err : got);
	}
	report(ok, name);
}

/* @text is rejected with an error that contains @want. */
static void setting_bad(const char *name, const char *text, const char *want)
{
	struct ab_setting s;
	char err[256] = "";
	int ok = ab_parse_setting(text, &s, err, sizeof(err)) == -1 &&
		 strstr(err, want);

	if (!ok)
		printf("# '%s': error '%s', expected '%s'\n", text, err, want);
	report(ok, name);
}

static void settings(void)
{
	static const char *const defaults =
		"sysctl=1 formula=squared pull=busy_siblings";
	struct ab_setting s;
	char err[64];

	setting_ok("setting_empty_is_defaults", "", "", defaults);
	setting_ok("setting_blanks_is_defaults", "  \t ", "", defaults);
	setting_ok("setting_one_key", "sysctl=0", "sysctl=0",
		   "sysctl=0 formula=squared pull=busy_siblings");
	setting_ok("setting_all_keys_any_order",
		   " pull=none  formula=legacy\tsysctl=1 ",
		   "sysctl=1 formula=legacy pull=none",
		   "sysctl=1 formula=legacy pull=none");
	setting_ok("setting_v6_5_values", "sysctl=2 formula=equal pull=idle_core",
		   "sysctl=2 formula=equal pull=idle_core",
		   "sysctl=2 formula=equal pull=idle_core");
	setting_bad("setting_unknown_key", "sysctl=0 prio=1", "unknown key");
	setting_bad("setting_bad_value", "formula=cubed",
		    "legacy, squared or equal");
	setting_bad("setting_pull_old_bool", "pull=1",
		    "none, busy_siblings or idle_core");
	setting_bad("setting_sysctl_3", "sysctl=3", "0, 1 or 2");
	setting_bad("setting_bool_word", "sysctl=on", "0, 1 or 2");
	setting_bad("setting_no_equals", "sysctl", "not KEY=VALUE");
	setting_bad("setting_empty_value", "pull=",
		    "none, busy_siblings or idle_core");
	setting_bad("setting_empty_key", "=1", "unknown key");
	setting_bad("setting_twice", "sysctl=0 sysctl=1", "given twice");
	setting_bad("setting_prefix_key", "sys=1", "unknown key");
	setting_bad("setting_value_trailing", "sysctl=1x", "0, 1 or 2");
	setting_ok("setting_defaults_word", " defaults ", defaults, defaults);
	setting_bad("setting_defaults_after_key", "sysctl=0 defaults",
		    "give it alone");
	setting_bad("setting_key_after_defaults", "defaults pull=none",
		    "pull given twice");
	setting_bad("setting_defaults_twice", "defaults defaults",
		    "give it alone");

	ab_setting_init(&s);
	report(!ab_parse_assign("formula=legacy", &s, err, sizeof(err)) &&
	       !strcmp(ab_value(&s, AB_FORMULA), "legacy") &&
	       !ab_value(&s, AB_SYSCTL) && !ab_value(&s, AB_PULL),
	       "assign_sets_one_key");
	report(!strcmp(ab_keys[AB_SYSCTL].values[ab_keys[AB_SYSCTL].def], "1") &&
	       !strcmp(ab_keys[AB_FORMULA].values[ab_keys[AB_FORMULA].def],
		       "squared") &&
	       !strcmp(ab_keys[AB_PULL].values[ab_keys[AB_PULL].def],
		       "busy_siblings"),
	       "defaults_are_the_kernels");
}

static void selected(void)
{
	char buf[32];

	report(!strcmp(ab_selected("[squared] legacy", buf, sizeof(buf)),
		       "squared") &&
	       !strcmp(ab_selected("squared [legacy]", buf, sizeof(buf)),
		       "legacy") &&
	       !strcmp(ab_selected("1", buf, sizeof(buf)), "1"),
	       "selected_word");
}

/* --- tasks --- */

static void tasks_ok(const char *name, const char *arg, int max,
		     const int *want, int nwant)
{
	int list[64], got;
	char err[128];

	got = ab_parse_tasks(arg, list, max, err, sizeof(err));
	report(got == nwant && !memcmp(list, want, nwant * sizeof(*want)),
	       name);
}

static void tasks_bad(const char *name, const char *arg, int max)
{
	int list[64];
	char err[128] = "";

	report(ab_parse_tasks(arg, list, max, err, sizeof(err)) == -1 &&
	       strstr(err, arg), name);
}

static void tasks(void)
{
	static const int r16[] = { 1, 2, 3, 4, 5, 6 };
	static const int odd[] = { 1, 3, 5 };
	static const int one[] = { 4 };
	static const int same[] = { 2 };

	tasks_ok("tasks_range", "1-6", 64, r16, 6);
	tasks_ok("tasks_list", "1,3,5", 64, odd, 3);
	tasks_ok("tasks_single", "4", 64, one, 1);
	tasks_ok("tasks_range_of_one", "2-2", 64, same, 1);
	tasks_bad("tasks_zero", "0-3", 64);
	tasks_bad("tasks_descending_range", "4-2", 64);
	tasks_bad("tasks_descending_list", "3,1", 64);
	tasks_bad("tasks_repeat", "1,1", 64);
	tasks_bad("tasks_over_max", "1-9", 8);
	tasks_bad("tasks_mixed", "1-3,5", 64);
	tasks_bad("tasks_empty", "", 64);
	tasks_bad("tasks_trailing_comma", "1,", 64);
	tasks_bad("tasks_negative", "-1", 64);
	tasks_bad("tasks_junk", "1-3x", 64);
}

/* --- topology text --- */

static void classes(void)
{
	report(ab_cpu_class(0, 2) == 'P' && ab_cpu_class(1, 2) == 's' &&
	       ab_cpu_class(0, 1) == 'E' && ab_cpu_class(2, 4) == 's',
	       "cpu_class");
}

static void cpu_priority(void)
{
	static const char text[] =
		"cpu core_cpu sibling_index raw_prio prio\n"
		"0 0 0 100 200\n1 0 1 100 50\n2 2 0 100 200\n"
		"3 2 1 100 50\n4 4 0 40 80\n6 6 0 40 80\n";
	int raw[8], prio[8], i;

	for (i = 0; i < 8; i++)
		raw[i] = prio[i] = -1;
	report(ab_parse_cpu_priority(text, raw, prio, 8) == 6 &&
	       raw[0] == 100 && prio[0] == 200 && prio[1] == 50 &&
	       raw[4] == 40 && prio[6] == 80 && raw[5] == -1 && prio[7] == -1,
	       "cpu_priority_rows");
	report(ab_parse_cpu_priority("cpu core_cpu sibling_index raw_prio prio",
				     raw, prio, 8) == 0,
	       "cpu_priority_header_only");
	report(ab_parse_cpu_priority("cpu prio\n0 1\n", raw, prio, 8) == -1,
	       "cpu_priority_bad_header");
	report(ab_parse_cpu_priority("cpu core_cpu sibling_index raw_prio prio\n0 0 0 100\n",
				     raw, prio, 8) == -1 &&
	       ab_parse_cpu_priority("cpu core_cpu sibling_index raw_prio prio\n0 0 0 100 200 7\n",
				     raw, prio, 8) == -1,
	       "cpu_priority_bad_rows");
}

static void groups(void)
{
	struct ab_group g;

	report(!ab_parse_group("span=0-1 weight=2 capacity=2048 asym_prefer_cpu=0 flags=SD_SHARE_CPUCAPACITY|SD_SHARE_PKG_RESOURCES",
			       &g) &&
	       !strcmp(g.span, "0-1") && g.weight == 2 &&
	       g.capacity == 2048 && g.asym_prefer_cpu == 0 &&
	       !strcmp(g.flags, "SD_SHARE_CPUCAPACITY|SD_SHARE_PKG_RESOURCES"),
	       "group_line");
	report(!ab_parse_group("span=4 weight=1 capacity=1024 asym_prefer_cpu=4 flags=0\n",
			       &g) &&
	       !strcmp(g.span, "4") && !strcmp(g.flags, "0"),
	       "group_line_no_flags");
	report(ab_parse_group("span=4 weight=1 capacity=1024 flags=0", &g) ==
	       -1, "group_line_missing_field");
	report(ab_parse_group("span=4 weight=x capacity=1024 asym_prefer_cpu=4 flags=0",
			       &g) == -1, "group_line_bad_number");
	report(ab_parse_group("span=4 weight=1 capacity=1024 asym_prefer_cpu=4 flags=0 extra=1",
			       &g) == -1, "group_line_trailing");
}

/* --- statistics --- */

static void stats(void)
{
	static const double a[] = { 0.8, 1.0, 0.9 };
	static const double x[] = { 1.0, 1.0, 1.0 };
	static const double zero[] = { 0, 0 };
	struct ab_row row;
	struct ab_stat st;
	char buf[256];

	ab_stat(a, 3, &st);
	report(st.n == 3 && near(st.mean, 0.9) && near(st.std, 0.1) &&
	       st.std_pct_ok && near(st.std_pct, 100.0 / 9), "stat_mean_std");
	ab_stat(zero, 2, &st);
	report(!st.std_pct_ok && near(st.mean, 0), "stat_zero_mean");
	ab_stat(a, 1, &st);
	report(near(st.std, 0) && near(st.std_pct, 0), "stat_one_value");

	ab_compare(a, 3, x, 3, &row);
	report(row.pct_ok && near(row.pct, 100.0 / 9) && near(row.pct_std, 0),
	       "compare_better");
	ab_compare(x, 3, a, 3, &row);
	report(row.pct_ok && near(row.pct, -10) && near(row.pct_std, 10),
	       "compare_worse");
	ab_compare(zero, 2, x, 3, &row);
	report(!row.pct_ok, "compare_zero_baseline_na");
	ab_compare(a, 3, x, 0, &row);
	report(!row.pct_ok, "compare_no_samples_na");

	/* The seed cover letter's columns, to the character. */
	report(!strcmp(ab_row_header(),
		       "case                    load            baseline(std%)  compare%( std%)"),
	       "row_header");
	ab_compare(a, 3, x, 3, &row);
	ab_format_row("ideal_fraction", "tasks-3", &row, buf, sizeof(buf));
	report(!strcmp(buf,
		       "ideal_fraction          tasks-3          0.90 ( 11.11)  +11.11 (  0.00)"),
	       "row_format");
	if (strcmp(buf, "ideal_fraction          tasks-3          0.90 ( 11.11)  +11.11 (  0.00)"))
		printf("# got '%s'\n", buf);
	ab_compare(x, 3, a, 3, &row);
	ab_format_row("migrations", "tasks-1", &row, buf, sizeof(buf));
	report(!strcmp(buf,
		       "migrations              tasks-1          1.00 (  0.00)  -10.00 ( 10.00)"),
	       "row_format_negative");
	ab_compare(zero, 2, x, 3, &row);
	ab_format_row("migrations", "tasks-2", &row, buf, sizeof(buf));
	report(!strcmp(buf,
		       "migrations              tasks-2          0.00 (   n/a)     n/a (   n/a)"),
	       "row_format_na");
	if (strcmp(buf, "migrations              tasks-2          0.00 (   n/a)     n/a (   n/a)"))
		printf("# got '%s'\n", buf);
	ab_compare(zero, 0, x, 3, &row);
	ab_format_row("time_to_ideal", "tasks-4", &row, buf, sizeof(buf));
	report(!strcmp(buf,
		       "time_to_ideal           tasks-4           n/a (   n/a)     n/a (   n/a)"),
	       "row_format_no_baseline");
	if (strcmp(buf, "time_to_ideal           tasks-4           n/a (   n/a)     n/a (   n/a)"))
		printf("# got '%s'\n", buf);
}

static void csv(void)
{
	char buf[64];

	report(!strcmp(ab_csv_field("sysctl=0 pull=none", buf, sizeof(buf)),
		       "sysctl=0 pull=none") &&
	       !strcmp(ab_csv_field("", buf, sizeof(buf)), "") &&
	       !strcmp(ab_csv_field("a,\"b\"", buf, sizeof(buf)),
		       "\"a,\"\"b\"\"\""),
	       "csv_field");
}

int main(void)
{
	printf("KTAP version 1\n");
	printf("1..%d\n", PLAN);
	settings();
	selected();
	tasks();
	classes();
	cpu_priority();
	groups();
	stats();
	csv();
	if (n != PLAN)
		printf("# planned %d tests, ran %d\n", PLAN, n);
	printf("# %d passed, %d failed\n", n - failed, failed);
	return failed || n != PLAN ? 1 : 0;
}
