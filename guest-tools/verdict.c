// SPDX-License-Identifier: GPL-2.0
/* The verdict of one placement run, one table of fields: see verdict.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "verdict.h"

#define F(field, member, type, meta) \
	[field] = { #member, type, meta, offsetof(struct verdict, member), \
		    sizeof(((struct verdict *)0)->member) }

const struct verdict_desc verdict_fields[NR_VERDICT_FIELDS] = {
	F(VF_N, n, VT_INT, "N"),
	F(VF_POLICY, policy, VT_WORD, "NAME"),
	F(VF_VIA, via, VT_WORD, "HOW"),
	F(VF_JUDGED, judged, VT_WORD, "core|thread|capacity"),
	F(VF_SOUND, sound, VT_BOOL, "0|1"),
	F(VF_IDEAL, ideal, VT_FRAC, "F"),
	F(VF_PASS, pass, VT_BOOL, "0|1"),
	F(VF_FINAL, final, VT_LIST, "CPUS"),
	F(VF_TOP, top, VT_LIST, "CPUS"),
	F(VF_SIBLINGS_LAST, siblings_last, VT_BOOL, "0|1"),
	F(VF_OVERFLOW, overflow, VT_BOOL, "0|1"),
	F(VF_START, start, VT_LIST, "CPUS|-"),
	F(VF_OUTCOME, outcome, VT_WORD, "ideal|trap|moving"),
	F(VF_SETTLED, settled, VT_SECONDS, "SEC"),
	F(VF_MEASURE, measure, VT_WORD, "record|sampler"),
	F(VF_UNJUDGED, unjudged, VT_WORD, "WHY|-"),
};

#undef F

int verdict_field_by_name(const char *name, size_t len)
{
	int f;

	for (f = 0; f < NR_VERDICT_FIELDS; f++)
		if (strlen(verdict_fields[f].name) == len &&
		    !strncmp(verdict_fields[f].name, name, len))
			return f;
	return -1;
}

static const void *member(const struct verdict *v, enum verdict_field f)
{
	return (const char *)v + verdict_fields[f].off;
}

char *verdict_value(const struct verdict *v, enum verdict_field f,
		    char *buf, size_t len)
{
	const void *p = member(v, f);

	switch (verdict_fields[f].type) {
	case VT_INT:
		snprintf(buf, len, "%ld", *(const long *)p);
		break;
	case VT_BOOL:
		snprintf(buf, len, "%d", *(const bool *)p ? 1 : 0);
		break;
	case VT_FRAC:
		snprintf(buf, len, "%.2f", *(const double *)p);
		break;
	case VT_SECONDS:
		snprintf(buf, len, "%.3f", *(const double *)p);
		break;
	default:
		snprintf(buf, len, "%s", (const char *)p);
		break;
	}
	return buf;
}

char *verdict_format(const struct verdict *v, char *buf, size_t len)
{
	char val[VERDICT_LIST];
	int f;

	snprintf(buf, len, "%s", VERDICT_WORD);
	for (f = 0; f < NR_VERDICT_FIELDS; f++)
		out_add(buf, len, " %s=%s", verdict_fields[f].name,
			verdict_value(v, f, val, sizeof(val)));
	return buf;
}

static bool word_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789.-_+", *s))
			return false;
	return true;
}

/* "-" or CPU numbers separated by single commas. */
static bool list_ok(const char *s)
{
	bool digit = false;

	if (!strcmp(s, "-"))
		return true;
	for (; *s; s++) {
		if (*s >= '0' && *s <= '9')
			digit = true;
		else if (*s == ',' && digit)
			digit = false;
		else
			return false;
	}
	return digit;
}

/* @text (@len bytes) as field @f of @v; 0, or -1 if it is no such value. */
static int take(struct verdict *v, enum verdict_field f, const char *text,
		size_t len)
{
	const struct verdict_desc *d = &verdict_fields[f];
	void *p = (char *)v + d->off;
	char val[VERDICT_LIST], *end;
	double x;
	long i;

	if (len >= sizeof(val))
		return -1;
	memcpy(val, text, len);
	val[len] = '\0';
	switch (d->type) {
	case VT_INT:
		errno = 0;
		i = strtol(val, &end, 10);
		if (*val < '0' || *val > '9' || *end || errno)
			return -1;
		*(long *)p = i;
		return 0;
	case VT_BOOL:
		if (strcmp(val, "0") && strcmp(val, "1"))
			return -1;
		*(bool *)p = val[0] == '1';
		return 0;
	case VT_FRAC:
	case VT_SECONDS:
		errno = 0;
		x = strtod(val, &end);
		if (*val < '0' || *val > '9' || *end || errno || x < 0 ||
		    (d->type == VT_FRAC && x > 1))
			return -1;
		*(double *)p = x;
		return 0;
	case VT_WORD:
	case VT_LIST:
		if (len >= d->size ||
		    !(d->type == VT_WORD ? word_ok(val) : list_ok(val)))
			return -1;
		memcpy(p, val, len + 1);
		return 0;
	}
	return -1;
}

int verdict_parse(const char *line, struct verdict *v, char *err,
		  size_t errlen)
{
	size_t wl = strlen(VERDICT_WORD);
	bool seen[NR_VERDICT_FIELDS] = { false };
	const char *s = line;
	int f;

	memset(v, 0, sizeof(*v));
	if (strncmp(s, VERDICT_WORD, wl) || (s[wl] != ' ' && s[wl])) {
		snprintf(err, errlen, "not a verdict line");
		return -1;
	}
	s += wl;
	while (*s == ' ')
		s++;
	while (*s && *s != '\n') {
		const char *eq = strchr(s, '='), *end = s;

		while (*end && *end != ' ' && *end != '\n')
			end++;
		if (!eq || eq > end) {
			snprintf(err, errlen, "'%.*s': no KEY=VALUE",
				 (int)(end - s), s);
			return -1;
		}
		f = verdict_field_by_name(s, eq - s);
		if (f < 0) {
			snprintf(err, errlen, "unknown field '%.*s'",
				 (int)(eq - s), s);
			return -1;
		}
		if (seen[f]) {
			snprintf(err, errlen, "field '%s' given twice",
				 verdict_fields[f].name);
			return -1;
		}
		seen[f] = true;
		if (take(v, f, eq + 1, end - eq - 1)) {
			snprintf(err, errlen, "%s='%.*s': not %s",
				 verdict_fields[f].name, (int)(end - eq - 1),
				 eq + 1, verdict_fields[f].meta);
			return -1;
		}
		s = end;
		while (*s == ' ')
			s++;
	}
	for (f = 0; f < NR_VERDICT_FIELDS; f++) {
		if (!seen[f]) {
			snprintf(err, errlen, "field '%s' missing",
				 verdict_fields[f].name);
			return -1;
		}
	}
	return 0;
}

char *verdict_usage(char *buf, size_t len, const char *indent)
{
	size_t line = 0;
	int f;

	buf[0] = '\0';
	for (f = 0; f < NR_VERDICT_FIELDS; f++) {
		const struct verdict_desc *d = &verdict_fields[f];
		size_t w = strlen(d->name) + 1 + strlen(d->meta);

		/* lines of up to 60 columns after the first word */
		if (f && line + 1 + w > 60) {
			out_add(buf, len, "\n%s", indent);
			line = 0;
		} else if (f) {
			out_add(buf, len, " ");
			line++;
		}
		out_add(buf, len, "%s=%s", d->name, d->meta);
		line += w;
	}
	return buf;
}

void verdict_json(const struct verdict *v)
{
	char val[VERDICT_LIST];
	int f;

	printf("{");
	for (f = 0; f < NR_VERDICT_FIELDS; f++) {
		verdict_value(v, f, val, sizeof(val));
		printf("%s\"%s\":", f ? "," : "", verdict_fields[f].name);
		switch (verdict_fields[f].type) {
		case VT_WORD:
		case VT_LIST:
			json_str(val);
			break;
		case VT_BOOL:
			printf("%s", val[0] == '1' ? "true" : "false");
			break;
		default:
			printf("%s", val);
			break;
		}
	}
	printf("}");
}
