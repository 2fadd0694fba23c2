/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statistics of repeated measurements: mean, sample standard deviation,
 * and asym-ab's comparison of a
 * setting against the baseline with its row in the layout of the 2021
 * series' cover letter. Pure logic.
 */
#ifndef ASYM_STATS_H
#define ASYM_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* Mean of @v[0..@n); 0 for n = 0. */
double stats_mean(const double *v, int n);

/* Sample standard deviation (n - 1) of @v[0..@n); 0 for n < 2. */
double stats_stddev(const double *v, int n);

/* Mean, sample standard deviation and that as a % of the mean. */
struct stat_summary {
	int n;
	double mean;
	double std;
	double std_pct;		/* valid when std_pct_ok (mean not 0) */
	bool std_pct_ok;
};

void stats_summary(const double *v, int n, struct stat_summary *st);

/*
 * One row of a comparison against the baseline @a: compare% is
 * (mean_x - mean_a) / mean_a * 100, its std% is std_x as a % of mean_a
 * (the spread of x on the scale of compare%).
 */
struct ab_row {
	struct stat_summary a, x;
	bool pct_ok;		/* baseline mean not 0, both have samples */
	double pct;
	double pct_std;
};

void stats_compare(const double *a, int na, const double *x, int nx,
		struct ab_row *row);

/* The header line of a comparison block (no newline). */
const char *ab_row_header(void);

/*
 * A row in the seed cover letter's layout,
 * "case  load  baseline(std%)  compare%( std%)", "n/a" where the
 * baseline mean is 0 or a side has no samples. Into @buf; return @buf.
 */
char *ab_format_row(const char *name, const char *load,
		    const struct ab_row *row, char *buf, size_t len);

#endif
