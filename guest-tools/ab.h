/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pure logic of asym-ctl set/status/groups and asym-ab: the grammar of knob
 * settings, --tasks lists, CPU classes, the groups lines of the sched debugfs
 * and the statistics of an A/B comparison. No I/O here: tests/unit/ab-test.c
 * feeds it canned input.
 */
#ifndef ASYM_AB_H
#define ASYM_AB_H

#include <stdbool.h>
#include <stddef.h>

/* The knobs a setting names, in the order they are written. */
enum ab_key { AB_SYSCTL, AB_FORMULA, AB_PULL, AB_NKEYS };

#define AB_MAX_VALUES	3

struct ab_key_desc {
	const char *name;			/* "sysctl" */
	const char *path;			/* the knob's file */
	const char *values[AB_MAX_VALUES];	/* accepted, as written */
	int def;				/* index of the default */
};

extern const struct ab_key_desc ab_keys[AB_NKEYS];

/* A setting: for each key the index of its value in ab_keys, -1 unset. */
struct ab_setting {
	int val[AB_NKEYS];
};

/* An empty setting (every key unset). */
void ab_setting_init(struct ab_setting *s);

/* The word that sets every key to its default (ab_keys[].def). */
#define AB_DEFAULTS	"defaults"

/*
 * Parse one KEY=VALUE, or AB_DEFAULTS on an empty setting, into @s. Return
 * 0, or -1 with a description in @err (unknown key, bad value, key given
 * twice).
 */
int ab_parse_assign(const char *tok, struct ab_setting *s, char *err,
		    size_t errlen);

/*
 * Parse a setting: KEY=VALUE words (or AB_DEFAULTS alone) separated by
 * blanks (none: empty setting) into @s. Return 0, or -1 with a description
 * in @err.
 */
int ab_parse_setting(const char *text, struct ab_setting *s, char *err,
		     size_t errlen);

/* Give every unset key of @s its default. */
void ab_setting_resolve(struct ab_setting *s);

/* The value of @key in @s as text, NULL when unset. */
const char *ab_value(const struct ab_setting *s, enum ab_key key);

/* "sysctl=1 formula=squared pull=busy_siblings" (set keys only) into @buf. */
char *ab_format_setting(const struct ab_setting *s, char *buf, size_t len);

/*
 * Extract the selected word of a knob's text: "[squared] legacy" gives
 * "squared", a text without brackets is copied. Into @buf; return @buf.
 */
char *ab_selected(const char *text, char *buf, size_t len);

/*
 * Parse a --tasks argument, "A-B" or "A,B,C" (each 1..@max, ascending,
 * no repeats) into @list (room for @max). Return the count, or -1 with a
 * description in @err.
 */
int ab_parse_tasks(const char *arg, int *list, int max, char *err,
		   size_t errlen);

/*
 * Class of a CPU from the live topology: 'E' on a core with one online
 * thread, 'P' for the first thread of an SMT core, 's' for the further
 * siblings. @thread is its index among its core's online threads, @nthreads
 * their number.
 */
char ab_cpu_class(int thread, int nthreads);

/*
 * Parse the text of cpu_priority (header "cpu core_cpu sibling_index
 * raw_prio prio", then one row per online CPU) into @raw[cpu] and
 * @prio[cpu] for cpu < @max; CPUs without a row are left as they are.
 * Return the number of rows, or -1 if malformed.
 */
int ab_parse_cpu_priority(const char *text, int *raw, int *prio, int max);

/* One line of /sys/kernel/debug/sched/domains/cpuN/domainM/groups. */
struct ab_group {
	char span[128];
	int weight;
	unsigned long capacity;
	int asym_prefer_cpu;
	char flags[512];	/* "SD_A|SD_B" or "0" */
};

/* Parse one groups line into @g; 0, or -1 if malformed. */
int ab_parse_group(const char *line, struct ab_group *g);

/* --- A/B statistics --- */

/* Mean, sample standard deviation and that as a % of the mean. */
struct ab_stat {
	int n;
	double mean;
	double std;
	double std_pct;		/* valid when std_pct_ok (mean not 0) */
	bool std_pct_ok;
};

void ab_stat(const double *v, int n, struct ab_stat *st);

/*
 * One row of a comparison against the baseline @a: compare% is
 * (mean_x - mean_a) / mean_a * 100, its std% is std_x as a % of mean_a
 * (the spread of x on the scale of compare%).
 */
struct ab_row {
	struct ab_stat a, x;
	bool pct_ok;		/* baseline mean not 0, both have samples */
	double pct;
	double pct_std;
};

void ab_compare(const double *a, int na, const double *x, int nx,
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

/*
 * A CSV field: @s as is, or in double quotes (quotes doubled) when it
 * holds a comma, quote, or line break. Into @buf; return @buf.
 */
char *ab_csv_field(const char *s, char *buf, size_t len);

#endif
