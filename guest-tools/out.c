// SPDX-License-Identifier: GPL-2.0
/* JSON and CSV output: see out.h. */
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

char *out_list(const int *v, int n, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	snprintf(buf, len, "-");
	for (i = 0; i < n && used + 1 < len; i++) {
		snprintf(buf + used, len - used, "%s%d", i ? "," : "", v[i]);
		used = strlen(buf);
	}
	return buf;
}
