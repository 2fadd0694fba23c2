/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the asym-smt guest tools: the program's messages here,
 * the rest one concern a header; this header includes them all, so that a
 * tool or a module needs no other for them.
 */
#ifndef ASYM_LIB_H
#define ASYM_LIB_H

#include <stddef.h>

#include "cpus.h"
#include "io.h"
#include "opt.h"
#include "out.h"
#include "rng.h"

#define ARRAY_SIZE(a)	((int)(sizeof(a) / sizeof((a)[0])))

extern const char *prog;

/* Print "prog: message" to stderr. */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Format an error into @err of @errlen bytes (nothing when @errlen is 0)
 * and return -1: the pure parsers report what is wrong this way.
 */
int errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
