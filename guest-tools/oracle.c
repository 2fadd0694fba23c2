// SPDX-License-Identifier: GPL-2.0
/* Oracle of what the asym-smt knobs accept: see oracle.h. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "oracle.h"

/* The kernel's ctype: isspace() includes 0xa0. */
static int k_isspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

static int k_isdigit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int k_isxdigit(unsigned char c)
{
	return k_isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/*
 * _parse_integer(): digits of @base at @s; the number of characters taken,
 * *@overflow set when the value does not fit 64 bits.
 */
static size_t parse_integer(const char *s, size_t len, unsigned int base,
			    uint64_t *res, int *overflow)
{
	size_t n = 0;

	*res = 0;
	*overflow = 0;
	for (; n < len; n++) {
		unsigned char c = s[n] | 0x20;
		unsigned int d;

		if (k_isdigit(s[n]))
			d = s[n] - '0';
		else if (c >= 'a' && c <= 'z')
			d = c - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		if (*res > (UINT64_MAX - d) / base)
			*overflow = 1;
		*res = *res * base + d;
	}
	return n;
}

/* kstrtoull(s, 10) on the NUL-terminated @s. */
static int k_kstrtoull(const char *s, uint64_t *res)
{
	int overflow;
	size_t n;

	if (*s == '+')
		s++;
	n = parse_integer(s, strlen(s), 10, res, &overflow);
	if (overflow)
		return -ERANGE;
	if (!n)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	return *s ? -EINVAL : 0;
}

static int k_kstrtoint(const char *s, int *res)
{
	uint64_t tmp;
	int64_t v;
	int rv;

	if (*s == '-') {
		if (s[1] == '+')	/* _kstrtoull() takes no sign */
			return -EINVAL;
		rv = k_kstrtoull(s + 1, &tmp);
		if (rv)
			return rv;
		if ((int64_t)(0 - tmp) > 0)
			return -ERANGE;
		v = (int64_t)(0 - tmp);
	} else {
		rv = k_kstrtoull(s, &tmp);
		if (rv)
			return rv;
		if ((int64_t)tmp < 0)
			return -ERANGE;
		v = (int64_t)tmp;
	}
	if (v != (int)v)
		return -ERANGE;
	*res = (int)v;
	return 0;
}

/* sysfs_streq(): equal but for one trailing newline on either side. */
static int k_sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return 1;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return 1;
	if (*s1 == '\n' && !s1[1] && !*s2)
		return 1;
	return 0;
}

/*
 * proc_dointvec_minmax() on one int in [0, @max], written at offset 0, or
 * with @is_unsigned proc_douintvec_minmax() on one unsigned int, which
 * refuses any sign (do_proc_douintvec_w()).
 */
static int expect_int_sysctl(const char *data, size_t len, uint64_t max,
			     int is_unsigned, struct knob_value *v)
{
	static const char wspace[] = " \t\n";
	size_t left = len, n, cp;
	char tmp[22];
	const char *p;
	uint64_t val;
	int neg, overflow, base = 10;

	/* __do_proc_dointvec() takes an empty write as a no-op. */
	if (!len) {
		v->unchanged = 1;
		return 0;
	}
	if (left > 4096 - 1)
		left = 4096 - 1;
	while (left && k_isspace(*data)) {
		data++;
		left--;
	}
	if (!left)
		return EINVAL;

	/* proc_get_long() */
	cp = left > sizeof(tmp) - 1 ? sizeof(tmp) - 1 : left;
	memcpy(tmp, data, cp);
	tmp[cp] = '\0';
	p = tmp;
	neg = *p == '-' && left > 1;
	if (neg)
		p++;
	if (!k_isdigit(*p))
		return EINVAL;
	if (p[0] == '0') {
		base = 8;
		if ((p[1] | 0x20) == 'x' && k_isxdigit(p[2])) {
			base = 16;
			p += 2;
		}
	}
	n = parse_integer(p, strlen(p), base, &val, &overflow);
	if (overflow)
		return EINVAL;
	p += n;
	n = p - tmp;
	if (n == sizeof(tmp) - 1)
		return EINVAL;
	if (n < left && !memchr(wspace, *p, sizeof(wspace) - 1))
		return EINVAL;

	if (is_unsigned) {
		/* do_proc_douintvec_minmax_conv() */
		if (neg || val > UINT_MAX || val > max)
			return EINVAL;
		v->val = val;
		return 0;
	}
	/* do_proc_dointvec_minmax_conv() */
	if (neg ? val > (uint64_t)INT_MAX + 1 : val > INT_MAX)
		return EINVAL;
	if (neg && val)
		return EINVAL;		/* below the minimum, 0 */
	if (val > max)
		return EINVAL;		/* above the maximum */
	v->val = val;
	return 0;
}

/*
 * The debugfs knobs copy at most @size - 1 bytes and refuse empty input
 * and NUL bytes.
 */
static int debugfs_str(const char *data, size_t len, size_t size, char *buf)
{
	if (!len || len >= size || memchr(data, '\0', len))
		return EINVAL;
	memcpy(buf, data, len);
	buf[len] = '\0';
	return 0;
}

static int expect_debugfs_bool(const char *data, size_t len,
			       struct knob_value *v)
{
	char buf[4];

	if (debugfs_str(data, len, sizeof(buf), buf))
		return EINVAL;
	if (k_sysfs_streq(buf, "1") || k_sysfs_streq(buf, "0")) {
		v->val = buf[0] == '1';
		return 0;
	}
	return EINVAL;
}

/* A selector: char buf[16], then sysfs_match_string(). */
static int expect_word(const char *const *words, const char *data,
		       size_t len, struct knob_value *v)
{
	char buf[16];
	long i;

	if (debugfs_str(data, len, sizeof(buf), buf))
		return EINVAL;
	for (i = 0; words[i]; i++) {
		if (k_sysfs_streq(buf, words[i])) {
			v->val = i;
			v->word = words[i];
			return 0;
		}
	}
	return EINVAL;
}

/*
 * A write "A B" of at most @size - 1 bytes, as the kernel copies it into
 * @buf: B, @buf cut at the first space (A); NULL if not a debugfs string
 * or without a space.
 */
static char *debugfs_pair(const char *data, size_t len, char *buf,
			  size_t size)
{
	char *second;

	if (debugfs_str(data, len, size, buf))
		return NULL;
	second = strchr(buf, ' ');
	if (second)
		*second++ = '\0';
	return second;
}

static int expect_cpu_priority(const char *data, size_t len,
			       const struct knob_env *env,
			       struct knob_value *v)
{
	char buf[KNOB_PRIORITY_BUF], *prio_str, *how;
	uint64_t cpu;
	int prio, rv;

	prio_str = debugfs_pair(data, len, buf, sizeof(buf));
	if (!prio_str)
		return EINVAL;
	/* a third word, before the numbers are parsed */
	how = strchr(prio_str, ' ');
	if (how) {
		*how++ = '\0';
		if (!k_sysfs_streq(how, KNOB_PRIORITY_NOREBUILD))
			return EINVAL;
	}
	if (k_kstrtoull(buf, &cpu) || cpu > UINT_MAX)
		return EINVAL;
	rv = k_kstrtoint(prio_str, &prio);
	if (rv)
		return -rv;
	if (prio < 0)
		return EINVAL;
	if (prio > INT_MAX / env->nr_siblings)
		return ERANGE;
	if (cpu >= (uint64_t)env->nr_cpu_ids || !env->online[cpu])
		return EINVAL;
	v->cpu = (int)cpu;
	v->val = prio;
	return 0;
}

/*
 * itmt_cpu_capacity_write() of the 6.12 companion: "CPU CAP", both
 * kstrtouint(), CAP 1 to KNOB_CAPACITY_MAX, CPU online.
 */
static int expect_cpu_capacity(const char *data, size_t len,
			       const struct knob_env *env,
			       struct knob_value *v)
{
	char buf[32], *cap_str;
	uint64_t cpu, cap;

	cap_str = debugfs_pair(data, len, buf, sizeof(buf));
	if (!cap_str)
		return EINVAL;
	if (k_kstrtoull(buf, &cpu) || cpu > UINT_MAX ||
	    k_kstrtoull(cap_str, &cap) || cap > UINT_MAX)
		return EINVAL;
	if (!cap || cap > KNOB_CAPACITY_MAX ||
	    cpu >= (uint64_t)env->nr_cpu_ids || !env->online[cpu])
		return EINVAL;
	v->cpu = (int)cpu;
	v->val = (int)cap;
	return 0;
}

int knob_expect(const struct knob *k, const char *data, size_t len,
		const struct knob_env *env, struct knob_value *v)
{
	int ret = EINVAL;

	memset(v, 0, sizeof(*v));
	switch (k->kind) {
	case KNOB_INT_SYSCTL:
	case KNOB_UINT_SYSCTL:
		ret = expect_int_sysctl(data, len, knob_nwords(k) - 1,
					k->kind == KNOB_UINT_SYSCTL, v);
		break;
	case KNOB_BOOL:
		ret = expect_debugfs_bool(data, len, v);
		break;
	case KNOB_SELECTOR:
		ret = expect_word(k->words, data, len, v);
		break;
	case KNOB_PRIORITY:
		return expect_cpu_priority(data, len, env, v);
	case KNOB_CAPACITY:
		return expect_cpu_capacity(data, len, env, v);
	}
	if (!ret && !v->unchanged)
		v->word = k->words[v->val];
	return ret;
}
