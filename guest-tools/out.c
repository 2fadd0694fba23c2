// SPDX-License-Identifier: GPL-2.0
/* JSON and CSV output: see out.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "out.h"

void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

void json_str_or_null(const char *s)
{
	if (strcmp(s, "-"))
		json_str(s);
	else
		fputs("null", stdout);
}

void json_int_array(const int *v, int n)
{
	int i;

	printf("[");
	for (i = 0; i < n; i++)
		printf("%s%d", i ? "," : "", v[i]);
	printf("]");
}

char *csv_field(const char *s, char *buf, size_t len)
{
	size_t o = 0;

	if (!len)
		return buf;
	if (!strpbrk(s, ",\"\r\n")) {
		snprintf(buf, len, "%s", s);
		return buf;
	}
	buf[o++] = '"';
	for (; *s && o + 3 < len; s++) {
		if (*s == '"')
			buf[o++] = '"';
		buf[o++] = *s;
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}

char *out_add(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return buf;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	return buf;
}

char *out_list(const int *v, int n, char *buf, size_t len)
{
	int i;

	snprintf(buf, len, "%s", n > 0 ? "" : "-");
	for (i = 0; i < n; i++)
		out_add(buf, len, "%s%d", i ? "," : "", v[i]);
	return buf;
}
