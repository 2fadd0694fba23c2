// SPDX-License-Identifier: GPL-2.0
/* Topology spec parser of the asym-smt lab: see topo.h. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Parse a decimal number of at most @max at *@p, advancing *@p. */
static int number(const char **p, long max, long *val)
{
	char *end;

	if (!isdigit((unsigned char)**p))
		return -1;
	errno = 0;
	*val = strtol(*p, &end, 10);
	if (errno || *val > max)
		return -1;
	*p = end;
	return 0;
}

/* Parse "@<prio>[/<prio>...]" at *@p into @prio[0..@count): one or @count. */
static int priorities(const char **p, long count, long *prio)
{
	long i, n = 0;

	do {
		if (n == count || number(p, TOPO_MAX_PRIO, &prio[n]) ||
		    prio[n] < 1)
			return -1;
		n++;
	} while (**p == '/' && ++*p);
	if (n == 1)
		for (i = 1; i < count; i++)
			prio[i] = prio[0];
	return n == 1 || n == count ? 0 : -1;
}

int topo_parse(const char *spec, struct topo *t, char *err, size_t errlen)
{
	const char *p = spec;
	int l2 = 0;

	memset(t, 0, sizeof(*t));
	t->nllc = 1;
	if (!spec || !*spec)
		return fail(err, errlen, "empty topology spec");

	for (;;) {
		const char *group = p;
		long count, threads = 1, module = 1, i;
		long prio[TOPO_MAX_CORES];
		char cls = *p++;

		if (cls != 'P' && cls != 'E')
			return fail(err, errlen,
				    "'%s': a group starts with P or E at '%s'",
				    spec, group);
		if (number(&p, TOPO_MAX_CORES, &count) || count < 1)
			return fail(err, errlen,
				    "'%s': core count 1-%d expected at '%s'",
				    spec, TOPO_MAX_CORES, group);
		if (!strncmp(p, "xSMT", 4)) {
			p += 4;
			if (number(&p, TOPO_MAX_THREADS, &threads) ||
			    threads < 1)
				return fail(err, errlen,
					    "'%s': SMT1-SMT%d expected at '%s'",
					    spec, TOPO_MAX_THREADS, group);
		}
		if (*p == 'm') {
			p++;
			if (number(&p, count, &module) || module < 1 ||
			    count % module)
				return fail(err, errlen,
					    "'%s': a module size that divides the %ld cores expected at '%s'",
					    spec, count, group);
		}
		prio[0] = cls == 'P' ? TOPO_DEFAULT_PRIO_P : TOPO_DEFAULT_PRIO_E;
		for (i = 1; i < count; i++)
			prio[i] = prio[0];
		if (*p == '@') {
			p++;
			if (priorities(&p, count, prio))
				return fail(err, errlen,
					    "'%s': one priority 1-%d, or one per core, expected at '%s'",
					    spec, TOPO_MAX_PRIO, group);
		}
		if (*p && *p != ',' && *p != '|')
			return fail(err, errlen, "'%s': unexpected '%c' in '%s'",
				    spec, *p, group);
		if (t->ncores + count > TOPO_MAX_CORES)
			return fail(err, errlen, "'%s': more than %d cores",
				    spec, TOPO_MAX_CORES);
		for (i = 0; i < count; i++) {
			struct topo_core *c = &t->core[t->ncores++];

			c->cls = cls;
			c->threads = threads;
			c->prio = prio[i];
			c->module = module;
			c->l2 = l2 + i / module;
			c->llc = t->nllc - 1;
		}
		l2 += count / module;
		if (threads > t->threads)
			t->threads = threads;
		if (!*p)
			return 0;
		if (*p == '|')
			t->nllc++;
		p++;
	}
}

/* Whether cores @a and @b can be one group of a spec. */
static int alike(const struct topo_core *a, const struct topo_core *b)
{
	return a->cls == b->cls && a->threads == b->threads &&
	       a->module == b->module && a->llc == b->llc;
}

int topo_format(const struct topo *t, char *buf, size_t len)
{
	size_t used = 0;
	int i, j, k, n;

#define EMIT(...)							\
	do {								\
		n = snprintf(buf + used, len - used, __VA_ARGS__);	\
		if (n < 0 || (size_t)n >= len - used)			\
			return -1;					\
		used += n;						\
	} while (0)

	if (!len)
		return -1;
	buf[0] = '\0';
	for (i = 0; i < t->ncores; i = j) {
		const struct topo_core *c = &t->core[i];
		int same = 1, def;

		/* a group: alike cores in a row, whole modules only */
		for (j = i + 1; j < t->ncores && alike(c, &t->core[j]); j++)
			same &= t->core[j].prio == c->prio;
		if ((j - i) % c->module)
			return -1;
		if (i)
			EMIT("%c", t->core[i - 1].llc != c->llc ? '|' : ',');
		EMIT("%c%d", c->cls, j - i);
		if (c->threads > 1)
			EMIT("xSMT%d", c->threads);
		if (c->module > 1)
			EMIT("m%d", c->module);
		def = c->cls == 'P' ? TOPO_DEFAULT_PRIO_P : TOPO_DEFAULT_PRIO_E;
		if (same && c->prio == def)
			continue;
		for (k = i; k < (same ? i + 1 : j); k++)
			EMIT("%c%d", k == i ? '@' : '/', t->core[k].prio);
	}
#undef EMIT
	return 0;
}

int topo_emulated(const struct topo *t, char *err, size_t errlen)
{
	int i;

	if (t->nllc > 1)
		return fail(err, errlen,
			    "%d last-level caches: the lab cannot boot several LLCs yet",
			    t->nllc);
	for (i = 0; i < t->ncores; i++)
		if (t->core[i].module > 1)
			return fail(err, errlen,
				    "L2 modules of %d cores: the lab cannot boot modules yet",
				    t->core[i].module);
	return 0;
}

int topo_qemu_smp(const struct topo *t, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%d,sockets=1,cores=%d,threads=%d",
			 topo_ncpus(t), t->ncores, t->threads);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}
