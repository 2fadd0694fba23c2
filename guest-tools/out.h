/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tools print for other programs: JSON values (--json) and CSV
 * fields.
 */
#ifndef ASYM_OUT_H
#define ASYM_OUT_H

#include <stddef.h>

/* Print a JSON string literal. */
void json_str(const char *s);

/* Print @s as a JSON string, or null when it is "-" (absent). */
void json_str_or_null(const char *s);

/* @v[0..@n) as a JSON array of numbers. */
void json_int_array(const int *v, int n);

/*
 * Append printf(@fmt, ...) to the string in @buf of @len bytes, cut to
 * fit (nothing once it is full); return @buf. The one way the text
 * builders add to a buffer.
 */
char *out_add(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * @v[0..@n) as the machine-readable lines print a CPU set: "0,2,4", "-"
 * when empty. Into @buf; return @buf.
 */
char *out_list(const int *v, int n, char *buf, size_t len);

/*
 * A CSV field: @s as is, or in double quotes (quotes doubled) when it
 * holds a comma, quote, or line break. Into @buf; return @buf.
 */
char *csv_field(const char *s, char *buf, size_t len);

#endif
