// SPDX-License-Identifier: GPL-2.0
/* Helpers shared by the asym-smt guest tools. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib.h"

void warnx_(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int read_text(const char *path, char *buf, size_t len, int quiet)
{
	int fd = open(path, O_RDONLY);
	size_t off = 0;
	ssize_t n;

	if (fd < 0) {
		int err = errno;

		if (!quiet || err != ENOENT)
			warnx_("%s: %s", path, strerror(err));
		return -err;
	}
	while (off + 1 < len && (n = read(fd, buf + off, len - 1 - off)) != 0) {
		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			warnx_("%s: %s", path, strerror(err));
			close(fd);
			return -err;
		}
		off += n;
	}
	close(fd);
	buf[off] = '\0';
	while (off && buf[off - 1] == '\n')
		buf[--off] = '\0';
	return off;
}

int pread_text(int fd, const char *path, char *buf, size_t len, int quiet)
{
	size_t off = 0;
	ssize_t n;

	while (off + 1 < len &&
	       (n = pread(fd, buf + off, len - 1 - off, off)) != 0) {
		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			if (!quiet)
				warnx_("%s: %s", path, strerror(err));
			return -err;
		}
		off += n;
	}
	buf[off] = '\0';
	while (off && buf[off - 1] == '\n')
		buf[--off] = '\0';
	return off;
}

int write_text(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0) {
		int err = errno;

		warnx_("%s: %s", path, strerror(err));
		return -err;
	}
	n = write(fd, text, len);
	if (n < 0 || (size_t)n != len) {
		int err = n < 0 ? errno : EIO;

		warnx_("%s: writing '%s': %s", path, text, strerror(err));
		close(fd);
		return -err;
	}
	if (close(fd)) {
		int err = errno;

		warnx_("%s: %s", path, strerror(err));
		return -err;
	}
	return 0;
}

int format_cpulist(const unsigned char *mask, int n, char *buf, size_t len)
{
	size_t used = 0;
	int i = 0, end, w;

	if (!len)
		return -1;
	buf[0] = '\0';
	while (i < n) {
		if (!mask[i]) {
			i++;
			continue;
		}
		for (end = i; end + 1 < n && mask[end + 1]; end++)
			;
		if (end == i)
			w = snprintf(buf + used, len - used, "%s%d",
				     used ? "," : "", i);
		else
			w = snprintf(buf + used, len - used, "%s%d-%d",
				     used ? "," : "", i, end);
		if (w < 0 || (size_t)w >= len - used)
			return -1;
		used += w;
		i = end + 1;
	}
	return 0;
}

int parse_cpulist(const char *list, unsigned char *mask, int n)
{
	const char *p = list;

	memset(mask, 0, n);
	if (!*p)
		return 0;
	for (;;) {
		char *end;
		long a, b;

		a = strtol(p, &end, 10);
		if (end == p || a < 0)
			return -1;
		b = a;
		p = end;
		if (*p == '-') {
			b = strtol(++p, &end, 10);
			if (end == p || b < a)
				return -1;
			p = end;
		}
		if (b >= n)
			return -1;
		while (a <= b)
			mask[a++] = 1;
		if (!*p)
			return 0;
		if (*p++ != ',')
			return -1;
	}
}

int possible_cpus(void)
{
	unsigned char mask[4096];
	char buf[256];
	int i, n = 0;

	if (read_text(SYSFS_CPU "/possible", buf, sizeof(buf), 0) < 0)
		return -1;
	if (parse_cpulist(buf, mask, sizeof(mask))) {
		warnx_("%s/possible: malformed '%s'", SYSFS_CPU, buf);
		return -1;
	}
	for (i = 0; i < (int)sizeof(mask); i++)
		n += mask[i];
	return n;
}

int online_cpus(unsigned char *mask, int n)
{
	char buf[4096];
	int i, count = 0;

	if (read_text(SYSFS_CPU "/online", buf, sizeof(buf), 0) < 0)
		return -1;
	if (parse_cpulist(buf, mask, n)) {
		warnx_("%s/online: malformed '%s'", SYSFS_CPU, buf);
		return -1;
	}
	for (i = 0; i < n; i++)
		count += mask[i];
	return count;
}

int cpu_online(int cpu)
{
	char path[128], buf[16];
	int ret;

	snprintf(path, sizeof(path), SYSFS_CPU "/cpu%d/online", cpu);
	ret = read_text(path, buf, sizeof(buf), 1);
	if (ret == -ENOENT)	/* not hotpluggable (the boot CPU): online */
		return 1;
	if (ret < 0)
		return -1;
	return buf[0] == '1';
}

int opt_error(const char *opt, const char *arg, const char *what)
{
	warnx_("%s: '%s' %s (see --help)", opt, arg, what);
	return -1;
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

int errf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
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

void rng_seed(struct rng *r, unsigned long long seed, unsigned int stream)
{
	r->state = seed * 0x9e3779b97f4a7c15ULL + stream + 1;
	if (!r->state)
		r->state = 1;
}

unsigned long long rng_next(struct rng *r)
{
	r->state ^= r->state >> 12;
	r->state ^= r->state << 25;
	r->state ^= r->state >> 27;
	return r->state * 0x2545f4914f6cdd1dULL;
}
