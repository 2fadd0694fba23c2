/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP for the host unit tests (Documentation/dev-tools/ktap.rst), the C
 * twin of tests/ktap.sh: call ktap_begin(), report() once per test
 * (diagnostics are "# " lines printed before the result they explain),
 * and return ktap_end() from main(). Each line goes out as it is decided,
 * so a test that crashes mid-way leaves the results it reached, and
 * tests/ktap-read counts the rest as missing. The plan is the number of
 * reports, counted, not written down: ktap_end() prints it last, as KTAP
 * allows when the count is not known up front.
 *
 * report_int() and report_str() compare a value with the one expected
 * and, on a failure, say both, so that a failing test needs no rerun
 * under a debugger to show what it saw.
 */
#ifndef ASYM_KTAP_H
#define ASYM_KTAP_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ktap_n, ktap_failed;

static inline void ktap_begin(void)
{
	/*
	 * Line by line even into a pipe: what was printed is out before a
	 * crash, and a forked child has no half-written buffer to repeat.
	 */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("KTAP version 1\n");
}

static inline void report(int pass, const char *name)
{
	ktap_n++;
	if (!pass)
		ktap_failed++;
	printf("%sok %d %s\n", pass ? "" : "not ", ktap_n, name);
	fflush(stdout);
}

/* Test @name passes if @got is @want; a failure says both. */
static inline bool report_int(const char *name, long long got, long long want)
{
	if (got != want)
		printf("# %s: got %lld, expected %lld\n", name, got, want);
	report(got == want, name);
	return got == want;
}

/* Test @name passes if @got reads @want (NULL: none); a failure says both. */
static inline bool report_str(const char *name, const char *got,
			      const char *want)
{
	bool pass = got && want ? !strcmp(got, want) : got == want;

	if (!pass)
		printf("# %s: got %s%s%s, expected %s%s%s\n", name,
		       got ? "'" : "", got ? got : "NULL", got ? "'" : "",
		       want ? "'" : "", want ? want : "NULL", want ? "'" : "");
	report(pass, name);
	return pass;
}

/* The plan and the counts; non-zero if a test failed or none ran. */
static inline int ktap_end(void)
{
	printf("1..%d\n# %d passed, %d failed\n", ktap_n,
	       ktap_n - ktap_failed, ktap_failed);
	fflush(stdout);
	return ktap_failed || !ktap_n ? 1 : 0;
}

static inline bool near(double a, double b)
{
	return a - b < 1e-9 && b - a < 1e-9;
}

#endif
