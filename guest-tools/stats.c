// SPDX-License-Identifier: GPL-2.0
/* Statistics of repeated measurements: see stats.h. No I/O. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stats.h"

double stats_mean(const double *v, int n)
{
	double sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += v[i];
	return n ? sum / n : 0;
}

double stats_stddev(const double *v, int n)
{
	double mean = stats_mean(v, n), sum = 0;
	int i;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		sum += (v[i] - mean) * (v[i] - mean);
	return sqrt(sum / (n - 1));
}

void stats_summary(const double *v, int n, struct stat_summary *st)
{
	memset(st, 0, sizeof(*st));
	st->n = n;
	st->mean = stats_mean(v, n);
	st->std = stats_stddev(v, n);
	st->std_pct_ok = n > 0 && st->mean != 0;
	if (st->std_pct_ok)
		st->std_pct = st->std / st->mean * 100;
	if (st->std_pct < 0)
		st->std_pct = -st->std_pct;
}

void stats_compare(const double *a, int na, const double *x, int nx,
		struct ab_row *row)
{
	memset(row, 0, sizeof(*row));
	stats_summary(a, na, &row->a);
	stats_summary(x, nx, &row->x);
	row->pct_ok = na > 0 && nx > 0 && row->a.mean != 0;
	if (row->pct_ok) {
		double m = row->a.mean < 0 ? -row->a.mean : row->a.mean;

		row->pct = (row->x.mean - row->a.mean) / m * 100;
		row->pct_std = row->x.std / m * 100;
	}
}

const char *ab_row_header(void)
{
	return "case                    load            baseline(std%)  compare%( std%)";
}

char *ab_format_row(const char *name, const char *load,
		    const struct ab_row *row, char *buf, size_t len)
{
	char base[32], std[32], cmp[48];

	if (!row->a.n)
		snprintf(base, sizeof(base), "%5s", "n/a");
	else
		snprintf(base, sizeof(base), "%5.2f", row->a.mean);
	if (row->a.std_pct_ok)
		snprintf(std, sizeof(std), "(%6.2f)", row->a.std_pct);
	else
		snprintf(std, sizeof(std), "(%6s)", "n/a");
	if (row->pct_ok)
		snprintf(cmp, sizeof(cmp), "%+7.2f (%6.2f)", row->pct,
			 row->pct_std);
	else
		snprintf(cmp, sizeof(cmp), "%7s (%6s)", "n/a", "n/a");
	snprintf(buf, len, "%-24s%-16s%s %s %s", name, load, base, std, cmp);
	return buf;
}
