// SPDX-License-Identifier: GPL-2.0
/*
 * asym-verdict - the one reader of asym-place's verdict lines.
 *
 * Reads text (a report, a guest's whole output), checks every "verdict
 * ..." line against the one table of fields (verdict.h) and prints the
 * fields asked for, space-separated, a line a verdict: what the host
 * scripts and the guest scenarios read instead of parsing the line
 * themselves.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "verdict.h"

const char *prog = "asym-verdict";

static void usage(FILE *f)
{
	char fields[1024];

	fprintf(f,
		"usage: %s [--fields NAME[,NAME...]] [--headers] [--json] [FILE...]\n"
		"Read the verdict lines of asym-place reports in FILEs (default\n"
		"and '-': standard input), check each against the fields of the\n"
		"verdict, and print the fields asked for, a line a verdict, their\n"
		"values separated by one space (values never hold one). Other\n"
		"lines are left out.\n"
		"\n"
		"The verdict's fields, as asym-place prints them:\n"
		"  %s\n"
		"\n"
		"Options:\n"
		"  -f, --fields LIST  the fields to print, in that order (default:\n"
		"                     every one, in the table's order)\n"
		"      --headers      also print the lines that begin with '=== '\n"
		"                     (the run headers of scripts/parity-fork and\n"
		"                     the like), as they are\n"
		"      --json         a JSON object a verdict instead, every field,\n"
		"                     numbers as numbers\n"
		"  -h, --help         this text\n"
		"\n"
		"Exit status: 0 when every verdict line was whole and there was at\n"
		"least one, 1 if not (FILE:LINE and what is wrong on stderr), 2\n"
		"on a usage error.\n", prog,
		verdict_usage(fields, sizeof(fields), "  "));
}

struct options {
	int fields[NR_VERDICT_FIELDS * 2];
	int nfields;
	bool headers, json;
};

/* Parse --fields @arg into @o; 0, or -1 after saying why. */
static int take_fields(const char *arg, struct options *o)
{
	const char *s = arg;

	o->nfields = 0;
	for (;;) {
		size_t len = strcspn(s, ",");
		int f = verdict_field_by_name(s, len);

		if (f < 0) {
			warnx_("--fields: '%.*s' is no field of the verdict (see --help)",
			       (int)len, s);
			return -1;
		}
		if (o->nfields == ARRAY_SIZE(o->fields)) {
			warnx_("--fields: more than %d fields",
			       ARRAY_SIZE(o->fields));
			return -1;
		}
		o->fields[o->nfields++] = f;
		if (!s[len])
			return 0;
		s += len + 1;
	}
}

/* Read @f (named @name); the verdicts into *@count. 0, or -1 on a bad line. */
static int read_file(FILE *f, const char *name, const struct options *o,
		     int *count)
{
	char line[8192], err[256], val[VERDICT_LIST];
	struct verdict v;
	int lineno = 0, i;

	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (o->headers && !strncmp(line, "=== ", 4)) {
			fputs(line, stdout);
			continue;
		}
		if (strncmp(line, VERDICT_WORD " ", strlen(VERDICT_WORD) + 1))
			continue;
		if (verdict_parse(line, &v, err, sizeof(err))) {
			warnx_("%s:%d: %s", name, lineno, err);
			return -1;
		}
		(*count)++;
		if (o->json) {
			verdict_json(&v);
			printf("\n");
			continue;
		}
		for (i = 0; i < o->nfields; i++)
			printf("%s%s", i ? " " : "",
			       verdict_value(&v, o->fields[i], val, sizeof(val)));
		printf("\n");
	}
	if (ferror(f)) {
		warnx_("%s: %s", name, strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	enum { OPT_HEADERS = 256, OPT_JSON };
	static const struct option opts[] = {
		{ "fields", required_argument, NULL, 'f' },
		{ "headers", no_argument, NULL, OPT_HEADERS },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct options o = { .nfields = NR_VERDICT_FIELDS };
	int c, i, count = 0, status = 0;

	for (i = 0; i < NR_VERDICT_FIELDS; i++)
		o.fields[i] = i;
	while ((c = getopt_long(argc, argv, "f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (take_fields(optarg, &o))
				return 2;
			break;
		case OPT_HEADERS:
			o.headers = true;
			break;
		case OPT_JSON:
			o.json = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			warnx_("see --help");
			return 2;
		}
	}
	if (optind == argc)
		status = read_file(stdin, "-", &o, &count);
	for (i = optind; i < argc && !status; i++) {
		FILE *f = strcmp(argv[i], "-") ? fopen(argv[i], "r") : stdin;

		if (!f) {
			warnx_("%s: %s", argv[i], strerror(errno));
			return 1;
		}
		status = read_file(f, argv[i], &o, &count);
		if (f != stdin)
			fclose(f);
	}
	if (status)
		return 1;
	if (!count) {
		warnx_("no verdict line in %s", optind == argc ? "-" :
		       argc - optind == 1 ? argv[optind] : "the files");
		return 1;
	}
	return fflush(stdout) ? 1 : 0;
}
