/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The verdict of one placement run: the one machine-readable record of a
 * measurement that scripts and scenarios read. One table of fields
 * (verdict.c) gives the line asym-place prints ("verdict n=4 policy=v6.5
 * ..."), its JSON object, the usage text's list of fields and the parser
 * that asym-verdict, the one reader, uses: a field is added in one
 * place. Pure logic but verdict_json(), which writes to stdout.
 */
#ifndef ASYM_VERDICT_H
#define ASYM_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#define VERDICT_WORD	"verdict"	/* the line's first word */
#define VERDICT_TEXT	64		/* a word's longest value, NUL too */
#define VERDICT_LIST	1024		/* a CPU list's, NUL too */

enum verdict_field {
	VF_N,			/* workers */
	VF_POLICY,		/* the policy in force, by name */
	VF_VIA,			/* how it was selected */
	VF_JUDGED,		/* "core" or "thread" */
	VF_SOUND,		/* 0 or 1: judged soundly */
	VF_IDEAL,		/* share of the window at the ideal */
	VF_PASS,		/* 0 or 1: ideal share reached --min-ideal */
	VF_FINAL,		/* CPUs at the window's end */
	VF_TOP,			/* CPUs that ran a worker half the window */
	VF_SIBLINGS_LAST,	/* 0 or 1 */
	VF_OVERFLOW,		/* 0 or 1 */
	VF_START,		/* the pinned start, "-": none */
	VF_OUTCOME,		/* ideal, trap or moving */
	VF_SETTLED,		/* when the final placement began, s */
	VF_MEASURE,		/* record or sampler */
	VF_UNJUDGED,		/* why not sound, "-" */
	NR_VERDICT_FIELDS
};

/* How a field's value is written and checked. */
enum verdict_type {
	VT_INT,			/* a whole number from 0 */
	VT_BOOL,		/* 0 or 1 */
	VT_FRAC,		/* %.2f, 0 to 1 */
	VT_SECONDS,		/* %.3f, from 0 */
	VT_WORD,		/* letters, digits, '.', '-', '_', '+' */
	VT_LIST,		/* CPUs "0,2,4", or "-" for none */
};

struct verdict_desc {
	const char *name;	/* "siblings_last" */
	enum verdict_type type;
	const char *meta;	/* in the usage text: "N", "CPUS", ... */
	size_t off, size;	/* the member of struct verdict */
};

extern const struct verdict_desc verdict_fields[NR_VERDICT_FIELDS];

/* One run's verdict: every field, as typed values. */
struct verdict {
	long n;
	char policy[VERDICT_TEXT], via[VERDICT_TEXT], judged[VERDICT_TEXT];
	bool sound, pass, siblings_last, overflow;
	double ideal, settled;
	char final[VERDICT_LIST], top[VERDICT_LIST], start[VERDICT_LIST];
	char outcome[VERDICT_TEXT], measure[VERDICT_TEXT];
	char unjudged[VERDICT_TEXT];
};

/* The field named @name (@len bytes), or -1. */
int verdict_field_by_name(const char *name, size_t len);

/* Field @f of @v as it is written, into @buf; return @buf. */
char *verdict_value(const struct verdict *v, enum verdict_field f,
		    char *buf, size_t len);

/*
 * The verdict line, "verdict n=... unjudged=...", no newline, into @buf;
 * return @buf.
 */
char *verdict_format(const struct verdict *v, char *buf, size_t len);

/*
 * Parse a verdict line (with its first word, a newline at the end
 * allowed) into @v: every field exactly once, each value of its type.
 * Return 0, or -1 with the reason in @err.
 */
int verdict_parse(const char *line, struct verdict *v, char *err,
		  size_t errlen);

/*
 * @v as one JSON object on stdout, no newline: every field, numbers as
 * numbers, 0|1 fields as booleans.
 */
void verdict_json(const struct verdict *v);

/*
 * "n=N policy=NAME ...": the fields as the usage texts list them, lines
 * of up to 60 columns, each after the first starting with @indent.
 */
char *verdict_usage(char *buf, size_t len, const char *indent);

#endif
