/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The messages of the asym-smt guest tools, the bottom of their house:
 * every module may include this, and it includes none of theirs.
 */
#ifndef ASYM_MSG_H
#define ASYM_MSG_H

#include <stddef.h>

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
