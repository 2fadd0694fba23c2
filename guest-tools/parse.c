// SPDX-License-Identifier: GPL-2.0
/* Parsers of the kernel's texts: see parse.h. No I/O in this file. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "parse.h"

const char *const parse_lb_names[PARSE_LB_FIELDS] = {
	"lb_count", "lb_balanced", "lb_failed", "lb_imbalance", "lb_gained",
	"lb_hot_gained", "lb_nobusyq", "lb_nobusyg",
};

const char *const parse_alb_names[PARSE_ALB_FIELDS] = {
	"alb_count", "alb_failed", "alb_pushed",
};

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

int parse_has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
			return 1;
	return 0;
}

#define CPU_PRIORITY_HEADER "cpu core_cpu sibling_index raw_prio prio"

int parse_cpu_priority(const char *text, struct prio_row *rows, int max)
{
	const char *p = text;
	int n = 0;

	if (strncmp(p, CPU_PRIORITY_HEADER, strlen(CPU_PRIORITY_HEADER)) ||
	    !at_eol(p + strlen(CPU_PRIORITY_HEADER)))
		return -1;
	while ((p = next_line(p))) {
		struct prio_row r;

		if (at_eol(p))
			continue;
		if (next_int(&p, &r.cpu) || next_int(&p, &r.core) ||
		    next_int(&p, &r.index) || next_int(&p, &r.raw) ||
		    next_int(&p, &r.prio) || !at_eol(p) || n == max)
			return -1;
		rows[n++] = r;
	}
	return n;
}

#define CPU_CAPACITY_HEADER "cpu capacity"

int parse_cpu_capacity(const char *text, int *cap, int max)
{
	const char *p = text;
	int i, n = 0;

	if (strncmp(p, CPU_CAPACITY_HEADER, strlen(CPU_CAPACITY_HEADER)) ||
	    !at_eol(p + strlen(CPU_CAPACITY_HEADER)))
		return -1;
	for (i = 0; i < max; i++)
		cap[i] = -1;
	while ((p = next_line(p))) {
		int cpu, c;

		if (at_eol(p))
			continue;
		if (next_int(&p, &cpu) || next_int(&p, &c) || !at_eol(p) ||
		    cpu < 0 || cpu >= max || cap[cpu] >= 0)
			return -1;
		cap[cpu] = c;
		n++;
	}
	return n;
}

const struct prio_row *prio_row_of(const struct prio_row *rows, int n,
				   int cpu)
{
	int i;

	for (i = 0; i < n; i++)
		if (rows[i].cpu == cpu)
			return &rows[i];
	return NULL;
}

#define PID_STAT_PROCESSOR	39

int parse_pid_stat_cpu(const char *text)
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

int parse_nr_migrations(const char *text, long long *val)
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

int parse_stat_line(const char *line, struct stat_cpu *st)
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

int parse_stat(const char *text, struct stat_cpu *st, int max)
{
	const char *p;
	int n = 0;

	for (p = text; p; p = next_line(p)) {
		struct stat_cpu one;
		int ret = parse_stat_line(p, &one);

		if (ret < 0 || (ret && n == max))
			return -1;
		if (ret)
			st[n++] = one;
	}
	return n;
}

static unsigned long long stat_busy(const struct stat_cpu *s)
{
	return s->user + s->nice + s->system + s->irq + s->softirq + s->steal;
}

static unsigned long long stat_total(const struct stat_cpu *s)
{
	return stat_busy(s) + s->idle + s->iowait;
}

double parse_stat_busy_fraction(const struct stat_cpu *a,
				const struct stat_cpu *b)
{
	double busy = (double)(stat_busy(b) - stat_busy(a));
	double total = (double)(stat_total(b) - stat_total(a));

	if (stat_total(b) <= stat_total(a))
		return -1;
	return busy / total;
}

int parse_sd_line(const char *line, struct sd_stat *sd)
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

	for (t = 0; t < PARSE_IDLE_TYPES; t++) {
		for (f = 0; f < PARSE_LB_FIELDS; f++) {
			unsigned long long v;

			if (next_ull(&p, &v) || v > UINT_MAX)
				return -1;
			sd->lb[t][f] = (unsigned int)v;
		}
	}
	for (f = 0; f < PARSE_SD_TAIL_FIELDS; f++) {
		unsigned long long v;

		if (next_ull(&p, &v) || v > UINT_MAX)
			return -1;
		if (f < PARSE_ALB_FIELDS)
			sd->alb[f] = (unsigned int)v;
	}
	return at_eol(p) ? 0 : -1;
}

/* Length of the line at @p, without its newline. */
static int line_len(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl ? (int)(nl - p) : (int)strlen(p);
}

int parse_schedstat(const char *text, struct sd_stat *sd, int max,
			  char *err, size_t errlen)
{
	const char *p = text + strlen("version");
	int version, cpu = -1, n = 0;

	if (strncmp(text, "version", 7) || next_int(&p, &version) ||
	    !at_eol(p))
		return errf(err, errlen, "no 'version N' first line");
	if (version < PARSE_SCHEDSTAT_VERSION_MIN ||
	    version > PARSE_SCHEDSTAT_VERSION_MAX)
		return errf(err, errlen, "version %d, this tool reads %d to %d",
			    version, PARSE_SCHEDSTAT_VERSION_MIN,
			    PARSE_SCHEDSTAT_VERSION_MAX);
	while ((p = next_line(p))) {
		if (!strncmp(p, "domain", 6)) {
			if (cpu < 0)
				return errf(err, errlen,
					    "domain line before any cpu line");
			if (n == max)
				return errf(err, errlen,
					    "more than %d domain lines", max);
			if (parse_sd_line(p, &sd[n]))
				return errf(err, errlen, "malformed '%.*s'",
					    line_len(p), p);
			sd[n++].cpu = cpu;
		} else if (!strncmp(p, "cpu", 3) &&
			   isdigit((unsigned char)p[3])) {
			const char *q = p + 3;

			if (next_int(&q, &cpu))
				return errf(err, errlen, "malformed '%.*s'",
					    line_len(p), p);
		}
	}
	return n;
}

void sd_stat_delta(const struct sd_stat *a,
		    const struct sd_stat *b, struct sd_delta *d)
{
	int t, f;

	memset(d, 0, sizeof(*d));
	for (t = 0; t < PARSE_IDLE_TYPES; t++)
		for (f = 0; f < PARSE_LB_FIELDS; f++)
			d->lb[f] += (unsigned int)(b->lb[t][f] - a->lb[t][f]);
	for (f = 0; f < PARSE_ALB_FIELDS; f++)
		d->alb[f] = (unsigned int)(b->alb[f] - a->alb[f]);
}

/* --- selectors --- */

char *parse_selected(const char *text, char *buf, size_t len)
{
	const char *open = strchr(text, '['), *close;

	close = open ? strchr(open, ']') : NULL;
	if (close)
		snprintf(buf, len, "%.*s", (int)(close - open - 1), open + 1);
	else
		snprintf(buf, len, "%s", text);
	return buf;
}

/* --- groups --- */

/* The value of "KEY=" at *@p up to the next blank, advancing *@p. */
static int field(const char **p, const char *key, char *val, size_t len)
{
	size_t klen = strlen(key), vlen;

	while (**p == ' ' || **p == '\t')
		(*p)++;
	if (strncmp(*p, key, klen) || (*p)[klen] != '=')
		return -1;
	*p += klen + 1;
	vlen = strcspn(*p, " \t\n");
	if (!vlen || vlen >= len)
		return -1;
	memcpy(val, *p, vlen);
	val[vlen] = '\0';
	*p += vlen;
	return 0;
}

static int to_num(const char *s, long min, long max, long *v)
{
	char *end;

	if (!isdigit((unsigned char)*s) && !(*s == '-' && min < 0))
		return -1;
	errno = 0;
	*v = strtol(s, &end, 10);
	return errno || *end || *v < min || *v > max ? -1 : 0;
}

int parse_group(const char *line, struct sched_group_line *g)
{
	const char *p = line;
	char num[32];
	long v;

	memset(g, 0, sizeof(*g));
	if (field(&p, "span", g->span, sizeof(g->span)))
		return -1;
	if (field(&p, "weight", num, sizeof(num)) ||
	    to_num(num, 0, INT_MAX, &v))
		return -1;
	g->weight = (int)v;
	if (field(&p, "capacity", num, sizeof(num)) ||
	    to_num(num, 0, LONG_MAX, &v))
		return -1;
	g->capacity = (unsigned long)v;
	if (field(&p, "asym_prefer_cpu", num, sizeof(num)) ||
	    to_num(num, -1, INT_MAX, &v))
		return -1;
	g->asym_prefer_cpu = (int)v;
	if (field(&p, "flags", g->flags, sizeof(g->flags)))
		return -1;
	while (*p == ' ' || *p == '\t')
		p++;
	return *p && *p != '\n' ? -1 : 0;
}
