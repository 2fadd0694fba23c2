// SPDX-License-Identifier: GPL-2.0
/* Pure logic of asym-ctl set/status/groups and asym-ab: see ab.h. No I/O. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"
#include "lib.h"
#include "place.h"

const struct ab_key_desc ab_keys[AB_NKEYS] = {
	[AB_SYSCTL] = { "sysctl", ASYM_SYSCTL, { "0", "1", "2" }, 1 },
	[AB_FORMULA] = { "formula", ASYM_PRIO_FORMULA,
			 { "legacy", "squared", "equal" }, 1 },
	[AB_PULL] = { "pull", ASYM_SMT_PULL_CHECK,
		      { "none", "busy_siblings", "idle_core" }, 1 },
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* --- settings --- */

void ab_setting_init(struct ab_setting *s)
{
	int k;

	for (k = 0; k < AB_NKEYS; k++)
		s->val[k] = -1;
}

int ab_parse_assign(const char *tok, struct ab_setting *s, char *err,
		    size_t errlen)
{
	const char *eq = strchr(tok, '=');
	size_t klen;
	int k, v;

	if (!strcmp(tok, AB_DEFAULTS)) {
		for (k = 0; k < AB_NKEYS; k++)
			if (s->val[k] >= 0)
				return fail(err, errlen,
					    "'%s' sets every key: give it alone",
					    tok);
		ab_setting_resolve(s);
		return 0;
	}
	if (!eq)
		return fail(err, errlen, "'%s': not KEY=VALUE or %s", tok,
			    AB_DEFAULTS);
	klen = eq - tok;
	for (k = 0; k < AB_NKEYS; k++)
		if (strlen(ab_keys[k].name) == klen &&
		    !strncmp(tok, ab_keys[k].name, klen))
			break;
	if (k == AB_NKEYS)
		return fail(err, errlen,
			    "'%s': unknown key '%.*s' (sysctl, formula, pull)",
			    tok, (int)klen, tok);
	for (v = 0; v < AB_MAX_VALUES; v++)
		if (ab_keys[k].values[v] && !strcmp(eq + 1, ab_keys[k].values[v]))
			break;
	if (v == AB_MAX_VALUES)
		return fail(err, errlen, "'%s': %s takes %s, %s or %s", tok,
			    ab_keys[k].name, ab_keys[k].values[0],
			    ab_keys[k].values[1], ab_keys[k].values[2]);
	if (s->val[k] >= 0)
		return fail(err, errlen, "'%s': %s given twice", tok,
			    ab_keys[k].name);
	s->val[k] = v;
	return 0;
}

int ab_parse_setting(const char *text, struct ab_setting *s, char *err,
		     size_t errlen)
{
	const char *p = text;

	ab_setting_init(s);
	for (;;) {
		char tok[128];
		size_t len;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return 0;
		len = strcspn(p, " \t");
		if (len >= sizeof(tok))
			return fail(err, errlen, "'%.*s...': too long", 20, p);
		memcpy(tok, p, len);
		tok[len] = '\0';
		if (ab_parse_assign(tok, s, err, errlen))
			return -1;
		p += len;
	}
}

void ab_setting_resolve(struct ab_setting *s)
{
	int k;

	for (k = 0; k < AB_NKEYS; k++)
		if (s->val[k] < 0)
			s->val[k] = ab_keys[k].def;
}

const char *ab_value(const struct ab_setting *s, enum ab_key key)
{
	return s->val[key] < 0 ? NULL : ab_keys[key].values[s->val[key]];
}

char *ab_format_setting(const struct ab_setting *s, char *buf, size_t len)
{
	size_t used = 0;
	int k;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (k = 0; k < AB_NKEYS; k++) {
		if (s->val[k] < 0 || used + 1 >= len)
			continue;
		snprintf(buf + used, len - used, "%s%s=%s", used ? " " : "",
			 ab_keys[k].name, ab_value(s, k));
		used = strlen(buf);
	}
	return buf;
}

char *ab_selected(const char *text, char *buf, size_t len)
{
	const char *open = strchr(text, '['), *close;

	close = open ? strchr(open, ']') : NULL;
	if (close)
		snprintf(buf, len, "%.*s", (int)(close - open - 1), open + 1);
	else
		snprintf(buf, len, "%s", text);
	return buf;
}

/* --- tasks --- */

/* A whole number 1..@max at *@p, advancing *@p; -1 if none. */
static int next_count(const char **p, int max)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)**p))
		return -1;
	errno = 0;
	v = strtol(*p, &end, 10);
	if (errno || v < 1 || v > max)
		return -1;
	*p = end;
	return (int)v;
}

int ab_parse_tasks(const char *arg, int *list, int max, char *err,
		   size_t errlen)
{
	const char *p = arg;
	int n = 0, a, b;

	a = next_count(&p, max);
	if (a < 0)
		goto bad;
	if (*p == '-') {
		p++;
		b = next_count(&p, max);
		if (b < a || *p)
			goto bad;
		while (a <= b)
			list[n++] = a++;
		return n;
	}
	list[n++] = a;
	while (*p == ',') {
		p++;
		a = next_count(&p, max);
		if (a <= list[n - 1])
			goto bad;
		list[n++] = a;
	}
	if (!*p)
		return n;
bad:
	return fail(err, errlen,
		    "'%s': not A-B or A,B,... (ascending, each 1-%d)", arg,
		    max);
}

char ab_cpu_class(int thread, int nthreads)
{
	if (nthreads <= 1)
		return 'E';
	return thread ? 's' : 'P';
}

/* --- cpu_priority --- */

#define CPU_PRIORITY_HEADER "cpu core_cpu sibling_index raw_prio prio"

int ab_parse_cpu_priority(const char *text, int *raw, int *prio, int max)
{
	const char *p = text;
	int rows = 0;

	if (strncmp(p, CPU_PRIORITY_HEADER, strlen(CPU_PRIORITY_HEADER)))
		return -1;
	p += strlen(CPU_PRIORITY_HEADER);
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p && *p != '\n')
		return -1;
	while ((p = strchr(p, '\n'))) {
		int cpu, core, sib, r, pr, end = 0;
		char line[256];
		size_t len;

		p++;
		len = strcspn(p, "\n");
		if (len >= sizeof(line))
			return -1;
		memcpy(line, p, len);
		line[len] = '\0';
		if (!line[strspn(line, " \t")])
			continue;
		if (sscanf(line, "%d %d %d %d %d %n", &cpu, &core, &sib, &r,
			   &pr, &end) != 5 || line[end] || cpu < 0)
			return -1;
		if (cpu < max) {
			raw[cpu] = r;
			prio[cpu] = pr;
		}
		rows++;
	}
	return rows;
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

int ab_parse_group(const char *line, struct ab_group *g)
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

/* --- statistics --- */

void ab_stat(const double *v, int n, struct ab_stat *st)
{
	memset(st, 0, sizeof(*st));
	st->n = n;
	st->mean = place_mean(v, n);
	st->std = place_stddev(v, n);
	st->std_pct_ok = n > 0 && st->mean != 0;
	if (st->std_pct_ok)
		st->std_pct = st->std / st->mean * 100;
	if (st->std_pct < 0)
		st->std_pct = -st->std_pct;
}

void ab_compare(const double *a, int na, const double *x, int nx,
		struct ab_row *row)
{
	memset(row, 0, sizeof(*row));
	ab_stat(a, na, &row->a);
	ab_stat(x, nx, &row->x);
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

char *ab_csv_field(const char *s, char *buf, size_t len)
{
	size_t o = 0;

	if (!len)
		return buf;
	if (!strpbrk(s, ",\"\r\n")) {
		snprintf(buf, len, "%s", s);
		return buf;
	}
	buf[o++] = '"';
	for (; *s && o + 3 < len; s++) {
		if (*s == '"')
			buf[o++] = '"';
		buf[o++] = *s;
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}
