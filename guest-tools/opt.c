// SPDX-License-Identifier: GPL-2.0
/* The command lines of the tools: see opt.h. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "msg.h"
#include "opt.h"

int opt_error(const char *opt, const char *arg, const char *what)
{
	warnx_("%s: '%s' %s (see --help)", opt, arg, what);
	return -1;
}

int opt_parsed(int ret, const char *opt, const char *err)
{
	if (ret >= 0)
		return 0;
	warnx_("%s: %s (see --help)", opt, err);
	return -1;
}

int opt_list(const char *opt, const char *arg,
	     int (*parse)(const char *arg, int *list, int max, char *err,
			  size_t errlen),
	     int *list, int max, int *n)
{
	char err[256];

	*n = parse(arg, list, max, err, sizeof(err));
	return opt_parsed(*n, opt, err);
}

int opt_decimal(const char *opt, const char *arg, double max,
		const char *what, double *val)
{
	int digits = 0, points = 0;
	const char *p;
	char msg[64];
	char *end;

	for (p = arg; *p; p++) {
		if (*p >= '0' && *p <= '9')
			digits++;
		else if (*p == '.')
			points++;
		else
			break;
	}
	if (*p || !digits || points > 1) {
		snprintf(msg, sizeof(msg), "is not %s", what);
		return opt_error(opt, arg, msg);
	}
	*val = strtod(arg, &end);
	if (*end || *val > max) {
		snprintf(msg, sizeof(msg), "is out of range 0-%g", max);
		return opt_error(opt, arg, msg);
	}
	return 0;
}

int opt_int(const char *opt, const char *arg, int min, int max, int *val)
{
	char msg[64];
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end || arg[0] < '0' || arg[0] > '9')
		return opt_error(opt, arg, "is not a whole number");
	if (errno || v < min || v > max) {
		snprintf(msg, sizeof(msg), "is out of range %d-%d", min, max);
		return opt_error(opt, arg, msg);
	}
	*val = (int)v;
	return 0;
}

int opt_parse(int argc, char **argv, const char *shortopts,
	      const struct option *opts,
	      int (*take)(int c, const char *name, const char *arg, void *ctx),
	      void *ctx, bool *json)
{
	int c, idx, ret = 0;

	for (idx = -1; (c = getopt_long(argc, argv, shortopts, opts,
					&idx)) != -1; idx = -1) {
		if (c == 'h')
			return 1;
		if (c == 'j' && json) {
			*json = true;
		} else if (c == '?' || c == ':') {
			warnx_("see --help");
			return -1;
		} else {
			ret |= take(c, idx >= 0 ? opts[idx].name : NULL,
				    optarg, ctx);
		}
	}
	if (ret)
		return -1;
	if (optind < argc) {
		warnx_("unexpected argument '%s' (see --help)", argv[optind]);
		return -1;
	}
	return 0;
}

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

int parse_counts(const char *arg, int *list, int max, char *err,
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
	return errf(err, errlen,
		    "'%s': not A-B or A,B,... (ascending, each 1-%d)", arg,
		    max);
}
