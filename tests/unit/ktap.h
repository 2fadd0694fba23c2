/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP for the host unit tests (Documentation/dev-tools/ktap.rst): call
 * ktap_begin(), report() once per test (diagnostics are "# " lines
 * printed in between), and return ktap_end() from main(). The plan is
 * the number of reports, counted, not written down: the results are
 * kept until the end and printed after the plan line.
 */
#ifndef ASYM_KTAP_H
#define ASYM_KTAP_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static int ktap_n, ktap_failed;
static FILE *ktap_stdout;
static char *ktap_buf;
static size_t ktap_len;

static inline void ktap_begin(void)
{
	FILE *f = open_memstream(&ktap_buf, &ktap_len);

	if (!f) {
		perror("open_memstream");
		exit(1);
	}
	fflush(stdout);
	ktap_stdout = stdout;
	stdout = f;
}

static inline void report(int pass, const char *name)
{
	ktap_n++;
	if (!pass)
		ktap_failed++;
	printf("%sok %d %s\n", pass ? "" : "not ", ktap_n, name);
}

static inline int ktap_end(void)
{
	fclose(stdout);
	stdout = ktap_stdout;
	printf("KTAP version 1\n1..%d\n", ktap_n);
	fwrite(ktap_buf, 1, ktap_len, stdout);
	printf("# %d passed, %d failed\n", ktap_n - ktap_failed, ktap_failed);
	free(ktap_buf);
	return ktap_failed || !ktap_n ? 1 : 0;
}

static inline bool near(double a, double b)
{
	return a - b < 1e-9 && b - a < 1e-9;
}

#endif
