// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the verdict's one table (guest-tools/verdict.c). */
#include <string.h>

#include "ktap.h"
#include "verdict.h"

/* A line asym-place printed (placement-adl, v6.5 N=3). */
#define LINE "verdict n=3 policy=v6.5 via=sysctl judged=core sound=1 ideal=0.99 pass=1 final=0,3,4 top=0,3,4 siblings_last=0 overflow=0 start=- outcome=ideal settled=0.000 measure=record unjudged=-"

static void format_and_parse(void)
{
	struct verdict v = {
		.n = 4, .sound = true, .ideal = 0.5, .pass = false,
		.siblings_last = true, .overflow = false, .settled = 1.25,
	};
	struct verdict w;
	char line[4096], again[4096], err[128];

	strcpy(v.policy, "v5.16");
	strcpy(v.via, "debugfs");
	strcpy(v.judged, "thread");
	strcpy(v.final, "0,1,2,4");
	strcpy(v.top, "0,2");
	strcpy(v.start, "4,5,6,7");
	strcpy(v.outcome, "trap");
	strcpy(v.measure, "sampler");
	strcpy(v.unjudged, "sampler_disagrees");
	verdict_format(&v, line, sizeof(line));
	report_str("format_every_field_in_order", line,
		   "verdict n=4 policy=v5.16 via=debugfs judged=thread sound=1 ideal=0.50 pass=0 final=0,1,2,4 top=0,2 siblings_last=1 overflow=0 start=4,5,6,7 outcome=trap settled=1.250 measure=sampler unjudged=sampler_disagrees");
	report(!verdict_parse(line, &w, err, sizeof(err)) &&
	       !strcmp(verdict_format(&w, again, sizeof(again)), line),
	       "parse_of_format_is_the_same_line");
	report(!verdict_parse(LINE "\n", &w, err, sizeof(err)) && w.n == 3 &&
	       !strcmp(w.policy, "v6.5") && w.sound && near(w.ideal, 0.99) &&
	       !strcmp(w.final, "0,3,4") && !strcmp(w.start, "-") &&
	       !strcmp(w.outcome, "ideal") && near(w.settled, 0),
	       "parse_a_line_of_asym_place");
}

/* @line is refused with the reason @want. */
static void refused(const char *name, const char *line, const char *want)
{
	struct verdict v;
	char err[256] = "";

	if (!verdict_parse(line, &v, err, sizeof(err))) {
		printf("# '%s' taken\n", line);
		report(0, name);
		return;
	}
	report_str(name, err, want);
}

/* LINE with the character @at bytes into its field @field made @c, refused. */
static void refused_edit(const char *name, const char *field, int at, char c,
			 const char *want)
{
	static char line[4096];

	strcpy(line, LINE);
	strstr(line, field)[at] = c;
	refused(name, line, want);
}

static void bad_lines(void)
{
	static char line[4096];

	refused("refuse_no_verdict_word", "verdikt n=3", "not a verdict line");
	strcpy(line, LINE);
	*strstr(line, " unjudged=-") = '\0';
	refused("refuse_missing_field", line, "field 'unjudged' missing");
	refused("refuse_unknown_field", LINE " colour=red",
		"unknown field 'colour'");
	refused("refuse_field_twice", LINE " n=3", "field 'n' given twice");
	refused("refuse_no_value", "verdict n", "'n': no KEY=VALUE");
	refused_edit("refuse_bad_count", "n=3", 2, 'x', "n='x': not N");
	refused_edit("refuse_bad_bool", "sound=1", 6, '2', "sound='2': not 0|1");
	refused_edit("refuse_fraction_over_1", "ideal=0.99", 6, '1',
		     "ideal='1.99': not F");
	refused_edit("refuse_bad_cpu_list", "final=0,3,4", 8, ',',
		     "final='0,,,4': not CPUS");
	refused_edit("refuse_negative_seconds", "settled=0.000", 8, '-',
		     "settled='-.000': not SEC");
}

static void table(void)
{
	char buf[1024];
	int f, ok = 1;

	for (f = 0; f < NR_VERDICT_FIELDS; f++)
		ok &= verdict_field_by_name(verdict_fields[f].name,
					    strlen(verdict_fields[f].name)) == f;
	report(ok && verdict_field_by_name("siblings", 8) < 0 &&
	       verdict_field_by_name("n=", 2) < 0, "field_by_name");
	verdict_usage(buf, sizeof(buf), "  ");
	report_str("usage_first_line", strtok(buf, "\n"),
		   "n=N policy=NAME via=HOW judged=core|thread|capacity");
}

int main(void)
{
	ktap_begin();
	format_and_parse();
	bad_lines();
	table();
	return ktap_end();
}
