// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the statistics (guest-tools/stats.c): mean,
 * standard deviation, the A/B comparison and its row
 * in the layout of the 2021 series' cover letter, and CSV fields. KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "lib.h"
#include "stats.h"
#include "ktap.h"

const char *prog = "stats-test";

static void basic(void)
{
	static const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };

	report(near(stats_mean(v, 8), 5) && stats_mean(v, 0) == 0,
	       "stats_mean");
	/* sample variance 32 / 7 */
	report(stats_stddev(v, 8) > 2.1380899352993 &&
	       stats_stddev(v, 8) < 2.1380899352994 &&
	       stats_stddev(v, 1) == 0 && stats_stddev(v, 0) == 0 &&
	       near(stats_stddev((const double[]){ 3, 3, 3 }, 3), 0),
	       "stats_stddev");
}

/* The row of @x against the baseline @a reads @want, to the character. */
static void row_is(const char *test, const double *a, int na,
		   const double *x, int nx, const char *name, const char *load,
		   const char *want)
{
	struct ab_row row;
	char buf[256];

	stats_compare(a, na, x, nx, &row);
	ab_format_row(name, load, &row, buf, sizeof(buf));
	if (strcmp(buf, want))
		printf("# got '%s'\n", buf);
	report(!strcmp(buf, want), test);
}

static void stats(void)
{
	static const double a[] = { 0.8, 1.0, 0.9 };
	static const double x[] = { 1.0, 1.0, 1.0 };
	static const double zero[] = { 0, 0 };
	struct ab_row row;
	struct stat_summary st;

	stats_summary(a, 3, &st);
	report(st.n == 3 && near(st.mean, 0.9) && near(st.std, 0.1) &&
	       st.std_pct_ok && near(st.std_pct, 100.0 / 9), "stat_mean_std");
	stats_summary(zero, 2, &st);
	report(!st.std_pct_ok && near(st.mean, 0), "stat_zero_mean");
	stats_summary(a, 1, &st);
	report(near(st.std, 0) && near(st.std_pct, 0), "stat_one_value");

	stats_compare(a, 3, x, 3, &row);
	report(row.pct_ok && near(row.pct, 100.0 / 9) && near(row.pct_std, 0),
	       "compare_better");
	stats_compare(x, 3, a, 3, &row);
	report(row.pct_ok && near(row.pct, -10) && near(row.pct_std, 10),
	       "compare_worse");
	stats_compare(zero, 2, x, 3, &row);
	report(!row.pct_ok, "compare_zero_baseline_na");
	stats_compare(a, 3, x, 0, &row);
	report(!row.pct_ok, "compare_no_samples_na");

	/* The seed cover letter's columns, to the character. */
	report(!strcmp(ab_row_header(),
		       "case                    load            baseline(std%)  compare%( std%)"),
	       "row_header");
	row_is("row_format", a, 3, x, 3, "ideal_fraction", "tasks-3",
	       "ideal_fraction          tasks-3          0.90 ( 11.11)  +11.11 (  0.00)");
	row_is("row_format_negative", x, 3, a, 3, "migrations", "tasks-1",
	       "migrations              tasks-1          1.00 (  0.00)  -10.00 ( 10.00)");
	row_is("row_format_na", zero, 2, x, 3, "migrations", "tasks-2",
	       "migrations              tasks-2          0.00 (   n/a)     n/a (   n/a)");
	row_is("row_format_no_baseline", zero, 0, x, 3, "time_to_ideal",
	       "tasks-4",
	       "time_to_ideal           tasks-4           n/a (   n/a)     n/a (   n/a)");
}

static void csv(void)
{
	char buf[64];

	report(!strcmp(csv_field("sysctl=0 pull=none", buf, sizeof(buf)),
		       "sysctl=0 pull=none") &&
	       !strcmp(csv_field("", buf, sizeof(buf)), "") &&
	       !strcmp(csv_field("a,\"b\"", buf, sizeof(buf)),
		       "\"a,\"\"b\"\"\""),
	       "csv_field");
}

int main(void)
{
	ktap_begin();
	basic();
	stats();
	csv();
	return ktap_end();
}
