// SPDX-License-Identifier: GPL-2.0
/* Pure logic of asym-place: see place.h. No I/O in this file. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knob.h"
#include "place.h"

const char *const place_lb_names[PLACE_LB_FIELDS] = {
	"lb_count", "lb_balanced", "lb_failed", "lb_imbalance", "lb_gained",
	"lb_hot_gained", "lb_nobusyq", "lb_nobusyg",
};

const char *const place_alb_names[PLACE_ALB_FIELDS] = {
	"alb_count", "alb_failed", "alb_pushed",
};

/* --- the ideal placement --- */

/* Order of preference: thread index up, raw priority down, CPU up. */
static int cmp_pref(const void *pa, const void *pb)
{
	const struct place_cpu *a = pa, *b = pb;

	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	if (a->raw_prio != b->raw_prio)
		return a->raw_prio > b->raw_prio ? -1 : 1;
	return (a->cpu > b->cpu) - (a->cpu < b->cpu);
}

bool place_same_tier(const struct place_cpu *a, const struct place_cpu *b)
{
	return a->thread == b->thread && a->raw_prio == b->raw_prio;
}

/* Index just past the tier that starts at @start in @ideal->order. */
static int tier_end(const struct place_ideal *ideal, int start)
{
	int end = start + 1;

	while (end < ideal->ncpus &&
	       place_same_tier(&ideal->order[start], &ideal->order[end]))
		end++;
	return end;
}

int place_ideal_compute(const struct place_cpu *cpus, int ncpus, int n,
			struct place_ideal *ideal)
{
	int start, end;

	if (ncpus < 1 || ncpus > PLACE_MAX_CPUS || n < 1 || n > ncpus)
		return -1;
	memset(ideal, 0, sizeof(*ideal));
	ideal->n = n;
	ideal->ncpus = ncpus;
	memcpy(ideal->order, cpus, ncpus * sizeof(*cpus));
	qsort(ideal->order, ncpus, sizeof(*cpus), cmp_pref);

	for (start = 0; start < n; start = end) {
		end = tier_end(ideal, start);
		if (end > n) {
			ideal->nboundary = end - start;
			ideal->k = n - start;
			break;
		}
		ideal->nfull = end;
	}
	return 0;
}

/* Position of CPU @cpu in @ideal->order, or -1. */
static int position(const struct place_ideal *ideal, int cpu)
{
	int i;

	for (i = 0; i < ideal->ncpus; i++)
		if (ideal->order[i].cpu == cpu)
			return i;
	return -1;
}

int place_busy_set(const int *cpus, int n, int *set)
{
	int i, j, nset = 0;

	for (i = 0; i < n; i++) {
		int c = cpus[i];

		if (c < 0)
			continue;
		for (j = nset; j > 0 && set[j - 1] > c; j--)
			;
		if (j > 0 && set[j - 1] == c)
			continue;
		memmove(&set[j + 1], &set[j], (nset - j) * sizeof(*set));
		set[j] = c;
		nset++;
	}
	return nset;
}

bool place_is_ideal(const struct place_ideal *ideal, const int *cpus, int n)
{
	int set[PLACE_MAX_CPUS], nset, i, full = 0, boundary = 0;

	if (n != ideal->n || n < 1 || n > PLACE_MAX_CPUS)
		return false;
	for (i = 0; i < n; i++)
		if (cpus[i] < 0)
			return false;
	nset = place_busy_set(cpus, n, set);
	if (nset != n)
		return false;
	for (i = 0; i < nset; i++) {
		int pos = position(ideal, set[i]);

		if (pos < 0)
			return false;
		if (pos < ideal->nfull)
			full++;
		else if (pos < ideal->nfull + ideal->nboundary)
			boundary++;
		else
			return false;
	}
	return full == ideal->nfull && boundary == ideal->k;
}

void place_by_core(const struct place_ideal *ideal, const int *cpus, int n,
		   int *out)
{
	int set[PLACE_MAX_CPUS], canon[PLACE_MAX_CPUS], nset, i, j;

	nset = place_busy_set(cpus, n, set);	/* distinct, ascending */
	for (i = 0; i < nset; i++) {
		int pos = position(ideal, set[i]), rank = 0;

		canon[i] = set[i];
		if (pos < 0)
			continue;
		/* rank among the busy CPUs of its core */
		for (j = 0; j < i; j++) {
			int q = position(ideal, set[j]);

			if (q >= 0 && ideal->order[q].core == ideal->order[pos].core)
				rank++;
		}
		for (j = 0; j < ideal->ncpus; j++) {
			if (ideal->order[j].core == ideal->order[pos].core &&
			    ideal->order[j].thread == rank) {
				canon[i] = ideal->order[j].cpu;
				break;
			}
		}
	}
	for (i = 0; i < n; i++) {
		out[i] = cpus[i];
		for (j = 0; j < nset; j++)
			if (cpus[i] == set[j])
				out[i] = canon[j];
	}
}

int place_held_from(const bool *ok, int n)
{
	int i = n;

	while (i > 0 && ok[i - 1])
		i--;
	return i == n ? -1 : i;
}

void place_residency(const int *samples, int nsamples, int nworkers,
		     const int *cpus, int ncpus, double *res)
{
	int i, s, w;

	for (i = 0; i < ncpus; i++) {
		int hits = 0;

		for (s = 0; s < nsamples; s++) {
			for (w = 0; w < nworkers; w++) {
				if (samples[s * nworkers + w] == cpus[i]) {
					hits++;
					break;
				}
			}
		}
		res[i] = nsamples ? (double)hits / nsamples : 0;
	}
}

/* --- formatting --- */

/* Append to @buf of @len bytes, truncating safely. */
static void append(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

char *place_format_set(const int *set, int n, char *buf, size_t len)
{
	int i;

	if (!len)
		return buf;
	buf[0] = '\0';
	append(buf, len, "{");
	for (i = 0; i < n; i++)
		append(buf, len, "%s%d", i ? "," : "", set[i]);
	append(buf, len, "}");
	return buf;
}

/* The CPUs of @ideal->order[from..to) as a sorted set text. */
static void format_range(const struct place_ideal *ideal, int from, int to,
			 char *buf, size_t len)
{
	int cpus[PLACE_MAX_CPUS], set[PLACE_MAX_CPUS], i, n;

	for (i = from; i < to; i++)
		cpus[i - from] = ideal->order[i].cpu;
	n = place_busy_set(cpus, to - from, set);
	place_format_set(set, n, buf, len);
}

char *place_format_ideal(const struct place_ideal *ideal, char *buf,
			 size_t len)
{
	char full[1024], boundary[1024];

	if (!len)
		return buf;
	buf[0] = '\0';
	format_range(ideal, 0, ideal->nfull, full, sizeof(full));
	format_range(ideal, ideal->nfull, ideal->nfull + ideal->nboundary,
		     boundary, sizeof(boundary));
	if (ideal->nfull)
		append(buf, len, "%s", full);
	if (ideal->nfull && ideal->k)
		append(buf, len, " + ");
	if (ideal->k)
		append(buf, len, "%d of %s", ideal->k, boundary);
	return buf;
}

/* --- number parsing within one line --- */

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static bool at_eol(const char *p)
{
	p = skip_blanks(p);
	return !*p || *p == '\n';
}

/*
 * Parse an unsigned decimal at *@p after blanks (never past the line's end)
 * and advance *@p; the number must end at a blank or the line's end.
 */
static int next_ull(const char **p, unsigned long long *val)
{
	const char *s = skip_blanks(*p);
	char *end;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	*val = strtoull(s, &end, 10);
	if (errno)
		return -1;
	if (*end && *end != ' ' && *end != '\t' && *end != '\n')
		return -1;
	*p = end;
	return 0;
}

static int next_int(const char **p, int *val)
{
	unsigned long long v;

	if (next_ull(p, &v) || v > INT_MAX)
		return -1;
	*val = (int)v;
	return 0;
}

/* Start of the line after the one at @p, or NULL at the end of the text. */
static const char *next_line(const char *p)
{
	p = strchr(p, '\n');
	return p && p[1] ? p + 1 : NULL;
}

/* Whether the line at @p starts with @word followed by a blank or @sep. */
static bool starts_with_word(const char *p, const char *word, char sep)
{
	size_t len = strlen(word);

	return !strncmp(p, word, len) &&
	       (p[len] == ' ' || p[len] == '\t' || p[len] == sep);
}

/* --- parsers --- */

#define CPU_PRIORITY_HEADER "cpu core_cpu sibling_index raw_prio prio"

int place_parse_cpu_priority(const char *text, int *raw_prio, int max)
{
	const char *p = text;
	int rows = 0;

	if (strncmp(p, CPU_PRIORITY_HEADER, strlen(CPU_PRIORITY_HEADER)) ||
	    !at_eol(p + strlen(CPU_PRIORITY_HEADER)))
		return -1;
	while ((p = next_line(p))) {
		int cpu, core, sib, raw, prio;

		if (at_eol(p))
			continue;
		if (next_int(&p, &cpu) || next_int(&p, &core) ||
		    next_int(&p, &sib) || next_int(&p, &raw) ||
		    next_int(&p, &prio) || !at_eol(p))
			return -1;
		if (cpu < max)
			raw_prio[cpu] = raw;
		rows++;
	}
	return rows;
}

#define PID_STAT_PROCESSOR	39

int place_parse_pid_stat_cpu(const char *text)
{
	const char *p = strrchr(text, ')');
	int field, cpu;

	if (!p)
		return -1;
	p++;
	/* Field 3 (state) is the first after the command's ')'. */
	for (field = 3; field < PID_STAT_PROCESSOR; field++) {
		p = skip_blanks(p);
		if (!*p || *p == '\n')
			return -1;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
	}
	if (next_int(&p, &cpu))
		return -1;
	return cpu;
}

int place_parse_nr_migrations(const char *text, long long *val)
{
	const char *p;

	for (p = text; p; p = next_line(p)) {
		unsigned long long v;

		if (!starts_with_word(p, "se.nr_migrations", ':'))
			continue;
		p = skip_blanks(p + strlen("se.nr_migrations"));
		if (*p++ != ':' || next_ull(&p, &v) || !at_eol(p) ||
		    v > LLONG_MAX)
			return -1;
		*val = (long long)v;
		return 0;
	}
	return -1;
}

#define STAT_MIN_FIELDS	4	/* user nice system idle: every kernel */
#define STAT_MAX_FIELDS	10	/* ... iowait irq softirq steal guest guest_nice */

int place_parse_stat_line(const char *line, struct place_stat_cpu *st)
{
	unsigned long long v[STAT_MAX_FIELDS] = { 0 };
	const char *p = line + 3;
	int n = 0;

	if (strncmp(line, "cpu", 3) || !isdigit((unsigned char)line[3]))
		return 0;
	if (next_int(&p, &st->cpu))
		return -1;
	while (!at_eol(p)) {
		if (n == STAT_MAX_FIELDS || next_ull(&p, &v[n]))
			return -1;
		n++;
	}
	if (n < STAT_MIN_FIELDS)
		return -1;
	st->user = v[0];
	st->nice = v[1];
	st->system = v[2];
	st->idle = v[3];
	st->iowait = v[4];
	st->irq = v[5];
	st->softirq = v[6];
	st->steal = v[7];
	return 1;
}

int place_parse_stat(const char *text, struct place_stat_cpu *st, int max)
{
	const char *p;
	int n = 0;

	for (p = text; p; p = next_line(p)) {
		struct place_stat_cpu one;
		int ret = place_parse_stat_line(p, &one);

		if (ret < 0 || (ret && n == max))
			return -1;
		if (ret)
			st[n++] = one;
	}
	return n;
}

static unsigned long long stat_busy(const struct place_stat_cpu *s)
{
	return s->user + s->nice + s->system + s->irq + s->softirq + s->steal;
}

static unsigned long long stat_total(const struct place_stat_cpu *s)
{
	return stat_busy(s) + s->idle + s->iowait;
}

double place_stat_busy_fraction(const struct place_stat_cpu *a,
				const struct place_stat_cpu *b)
{
	double busy = (double)(stat_busy(b) - stat_busy(a));
	double total = (double)(stat_total(b) - stat_total(a));

	if (stat_total(b) <= stat_total(a))
		return -1;
	return busy / total;
}

int place_parse_sd_line(const char *line, struct place_sd_stat *sd)
{
	const char *p = line + strlen("domain");
	const char *mask;
	size_t masklen;
	int t, f;

	if (strncmp(line, "domain", 6) || next_int(&p, &sd->domain))
		return -1;
	mask = skip_blanks(p);
	for (p = mask; isxdigit((unsigned char)*p) || *p == ','; p++)
		;
	masklen = p - mask;
	if (!masklen || masklen >= sizeof(sd->mask) ||
	    (*p != ' ' && *p != '\t'))
		return -1;
	memcpy(sd->mask, mask, masklen);
	sd->mask[masklen] = '\0';

	for (t = 0; t < PLACE_IDLE_TYPES; t++) {
		for (f = 0; f < PLACE_LB_FIELDS; f++) {
			unsigned long long v;

			if (next_ull(&p, &v) || v > UINT_MAX)
				return -1;
			sd->lb[t][f] = (unsigned int)v;
		}
	}
	for (f = 0; f < PLACE_SD_TAIL_FIELDS; f++) {
		unsigned long long v;

		if (next_ull(&p, &v) || v > UINT_MAX)
			return -1;
		if (f < PLACE_ALB_FIELDS)
			sd->alb[f] = (unsigned int)v;
	}
	return at_eol(p) ? 0 : -1;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Length of the line at @p, without its newline. */
static int line_len(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl ? (int)(nl - p) : (int)strlen(p);
}

int place_parse_schedstat(const char *text, struct place_sd_stat *sd, int max,
			  char *err, size_t errlen)
{
	const char *p = text + strlen("version");
	int version, cpu = -1, n = 0;

	if (strncmp(text, "version", 7) || next_int(&p, &version) ||
	    !at_eol(p))
		return fail(err, errlen, "no 'version N' first line");
	if (version < PLACE_SCHEDSTAT_VERSION_MIN ||
	    version > PLACE_SCHEDSTAT_VERSION_MAX)
		return fail(err, errlen, "version %d, this tool reads %d to %d",
			    version, PLACE_SCHEDSTAT_VERSION_MIN,
			    PLACE_SCHEDSTAT_VERSION_MAX);
	while ((p = next_line(p))) {
		if (!strncmp(p, "domain", 6)) {
			if (cpu < 0)
				return fail(err, errlen,
					    "domain line before any cpu line");
			if (n == max)
				return fail(err, errlen,
					    "more than %d domain lines", max);
			if (place_parse_sd_line(p, &sd[n]))
				return fail(err, errlen, "malformed '%.*s'",
					    line_len(p), p);
			sd[n++].cpu = cpu;
		} else if (!strncmp(p, "cpu", 3) &&
			   isdigit((unsigned char)p[3])) {
			const char *q = p + 3;

			if (next_int(&q, &cpu))
				return fail(err, errlen, "malformed '%.*s'",
					    line_len(p), p);
		}
	}
	return n;
}

void place_sd_delta(const struct place_sd_stat *a,
		    const struct place_sd_stat *b, struct place_sd_delta *d)
{
	int t, f;

	memset(d, 0, sizeof(*d));
	for (t = 0; t < PLACE_IDLE_TYPES; t++)
		for (f = 0; f < PLACE_LB_FIELDS; f++)
			d->lb[f] += (unsigned int)(b->lb[t][f] - a->lb[t][f]);
	for (f = 0; f < PLACE_ALB_FIELDS; f++)
		d->alb[f] = (unsigned int)(b->alb[f] - a->alb[f]);
}

/* --- statistics --- */

double place_mean(const double *v, int n)
{
	double sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += v[i];
	return n ? sum / n : 0;
}

/* Square root by Newton's method from above: no libm for one sqrt. */
static double root(double x)
{
	double r, next;
	int i;

	if (x <= 0)
		return 0;
	r = x < 1 ? 1 : x;
	for (i = 0; i < 2100; i++) {	/* halving through 2^1024, then fast */
		next = (r + x / r) / 2;
		if (next >= r)
			break;
		r = next;
	}
	return r;
}

static double absdiff(double a, double b)
{
	return a > b ? a - b : b - a;
}

double place_stddev(const double *v, int n)
{
	double mean = place_mean(v, n), sum = 0;
	int i;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		sum += (v[i] - mean) * (v[i] - mean);
	return root(sum / (n - 1));
}

double place_max_abs_diff(const double *a, const double *b, int n)
{
	double max = -1;
	int i;

	for (i = 0; i < n; i++) {
		if (a[i] < 0 || b[i] < 0)
			continue;
		if (absdiff(a[i], b[i]) > max)
			max = absdiff(a[i], b[i]);
	}
	return max;
}

const char *place_policy(const char *release, const char *sysctl,
			 const char *formula, const char *pull)
{
	int major, minor;

	/*
	 * Each half as debugfs selects it, indexed as knob_words() lists the
	 * words: formula squared, legacy, equal; pull rule none,
	 * busy_siblings, idle_core.
	 */
	static const char *const halves[3][3] = {
		{ "v5.16 squared formula only (no SMT pull check)",
		  "v5.16",
		  "mixed: squared formula, v6.5 idle-core rule" },
		{ "pre-v5.16 (both halves in debugfs)",
		  "v5.16 SMT pull check only (legacy formula)",
		  "mixed: legacy formula, v6.5 idle-core rule" },
		{ "mixed: equal formula, no SMT pull check",
		  "mixed: equal formula, v5.16 SMT pull check",
		  "v6.5+ (both halves in debugfs)" },
	};
	const char *const *formulas = knob_words(KNOB_FORMULA);
	const char *const *pulls = knob_words(KNOB_PULL_RULE);

	if (strcmp(sysctl, "-")) {
		int f, p;

		if (!strcmp(sysctl, "0"))
			return "pre-v5.16 (kernel.sched_asym_smt=0)";
		if (!strcmp(sysctl, "2"))
			return "v6.5+ (kernel.sched_asym_smt=2)";
		if (strcmp(sysctl, "1"))
			return "unknown";
		for (f = 0; formulas[f] && strcmp(formula, formulas[f]); f++)
			;
		for (p = 0; pulls[p] && strcmp(pull, pulls[p]); p++)
			;
		if (!formulas[f] || !pulls[p])
			return "unknown";
		return halves[f][p];
	}
	if (sscanf(release, "%d.%d", &major, &minor) != 2)
		return "unknown";
	if (major > 6 || (major == 6 && minor >= 5))
		return "v6.5+ (stock kernel)";
	if (major > 5 || (major == 5 && minor >= 16))
		return "v5.16 (stock kernel)";
	return "pre-v5.16 (stock kernel)";
}
