/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command lines of the tools: one getopt_long() loop for all, and
 * the parsers of option values, which say what is wrong with a bad one.
 */
#ifndef ASYM_OPT_H
#define ASYM_OPT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Command-line values: print "prog: OPT: 'ARG' WHAT (see --help)" and
 * return -1 on a bad one. opt_decimal() takes digits and one optional
 * point up to @max (@what names the unit in errors); opt_int() a whole
 * number from @min to @max.
 */
int opt_error(const char *opt, const char *arg, const char *what);
int opt_decimal(const char *opt, const char *arg, double max,
		const char *what, double *val);
int opt_int(const char *opt, const char *arg, int min, int max, int *val);

/*
 * The end of an option whose value a parser of its own read: @ret below
 * 0 (the parser's failure) prints "prog: OPT: ERR (see --help)" and
 * returns -1; else 0.
 */
int opt_parsed(int ret, const char *opt, const char *err);

/*
 * Option @opt's list @arg into @list (at most @max entries) by @parse,
 * which returns the entries or -1 with the reason in its buffer; the
 * count into *@n. 0, or -1 after saying why.
 */
int opt_list(const char *opt, const char *arg,
	     int (*parse)(const char *arg, int *list, int max, char *err,
			  size_t errlen),
	     int *list, int max, int *n);

struct option;

/*
 * The getopt_long() loop of a tool: 'h' (--help) returns 1, 'j' (--json)
 * sets *@json; every other option goes to @take with its long name (NULL
 * for a short option) and argument, which returns 0, or -1 after saying
 * what is wrong with the value. All options are taken before it returns
 * -1 for a bad one, an unknown option or a left-over argument; else 0.
 */
int opt_parse(int argc, char **argv, const char *shortopts,
	      const struct option *opts,
	      int (*take)(int c, const char *name, const char *arg, void *ctx),
	      void *ctx, bool *json);

/* The getopt_long() entries of the options opt_parse() takes itself. */
#define OPT_COMMON_LONG_OPTIONS \
	{ "json", no_argument, NULL, 'j' }, \
	{ "help", no_argument, NULL, 'h' }, \
	{ 0 }

/*
 * Parse a list of counts, "A-B" or "A,B,C" (each 1..@max, ascending, no
 * repeats) into @list (room for @max). Return the count, or -1 with a
 * description in @err.
 */
int parse_counts(const char *arg, int *list, int max, char *err,
		 size_t errlen);

#endif
