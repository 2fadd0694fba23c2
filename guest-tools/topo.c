// SPDX-License-Identifier: GPL-2.0
/* Topology spec parser of the asym-smt lab: see topo.h. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knobs.h"
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
	if (topo_ncpus(t) > TOPO_MAX_BOOT_CPUS)
		return fail(err, errlen,
			    "%d CPUs (%d cores x %d threads): the lab kernels boot at most %d (CONFIG_NR_CPUS)",
			    topo_ncpus(t), t->ncores, t->threads,
			    TOPO_MAX_BOOT_CPUS);
	return 0;
}

/* Whether @t has caches that QEMU does not give: L2 modules, several LLCs. */
static int topo_caches_emulated(const struct topo *t)
{
	int i;

	for (i = 0; i < t->ncores; i++)
		if (t->core[i].module > 1)
			return 1;
	return t->nllc > 1;
}

int topo_cmdline(const struct topo *t, char *buf, size_t len)
{
	size_t used = 0;
	int n, cpu, pass;

	if (!len)
		return -1;
	buf[0] = '\0';
	if (!topo_caches_emulated(t))
		return 0;
	for (pass = 0; pass < 2; pass++) {
		n = snprintf(buf + used, len - used, "%s%s=", pass ? " " : "",
			     pass ? "asym_smt_llc_ids" : "asym_smt_l2_ids");
		for (cpu = 0; n >= 0 && (size_t)n < len - used &&
			      cpu < topo_ncpus(t); cpu++) {
			const struct topo_core *c = &t->core[topo_core_of(t, cpu)];

			used += n;
			n = snprintf(buf + used, len - used, "%s%d",
				     cpu ? "," : "", pass ? c->llc : c->l2);
		}
		if (n < 0 || (size_t)n >= len - used)
			return -1;
		used += n;
	}
	return 0;
}

const char *topo_level_name(enum topo_level level, const char *pkg_name)
{
	static const char *const names[] = { "SMT", "CLS", "MC" };

	return level == TOPO_PKG ? pkg_name : names[level];
}

void topo_span(const struct topo *t, const unsigned char *online, int cpu,
	       enum topo_level level, unsigned char *span)
{
	const struct topo_core *c = &t->core[topo_core_of(t, cpu)];
	int i;

	for (i = 0; i < TOPO_MAX_BOOT_CPUS; i++) {
		const struct topo_core *o;

		span[i] = 0;
		if (!online[i] || i >= topo_ncpus(t))
			continue;
		o = &t->core[topo_core_of(t, i)];
		span[i] = level == TOPO_SMT ? o == c :
			  level == TOPO_CLS ? o->l2 == c->l2 :
			  level == TOPO_MC ? o->llc == c->llc : 1;
	}
}

int topo_domains(const struct topo *t, const unsigned char *online, int cpu,
		 int cls, enum topo_level *levels)
{
	unsigned char span[TOPO_MAX_BOOT_CPUS], below[TOPO_MAX_BOOT_CPUS];
	int level, i, weight, n = 0;

	memset(below, 0, sizeof(below));
	below[cpu] = 1;
	for (level = TOPO_SMT; level < TOPO_LEVELS; level++) {
		if (level == TOPO_CLS && !cls)
			continue;
		topo_span(t, online, cpu, level, span);
		for (i = weight = 0; i < TOPO_MAX_BOOT_CPUS; i++)
			weight += span[i];
		if (weight < 2 || !memcmp(span, below, sizeof(span)))
			continue;
		levels[n++] = level;
		memcpy(below, span, sizeof(below));
	}
	return n;
}

int topo_parse_real(const char *list, int ncpus, int *real, char *err,
		    size_t errlen)
{
	const char *p = list;
	int cpu = 0;
	long v;

	while (*p && cpu < ncpus) {
		if (*p == '-') {
			real[cpu] = -1;
			p++;
		} else if (number(&p, 100000, &v)) {
			break;
		} else {
			real[cpu] = (int)v;
		}
		cpu++;
		if (*p == ',' && p[1] && cpu < ncpus)
			p++;
		else
			break;
	}
	if (*p || cpu != ncpus)
		return fail(err, errlen,
			    "'%s': not one real CPU or '-' for each of the %d lab CPUs",
			    list, ncpus);
	return 0;
}

int topo_qemu_smp(const struct topo *t, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%d,sockets=1,cores=%d,threads=%d",
			 topo_ncpus(t), t->ncores, t->threads);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int topo_by_capacity(const struct topo *t)
{
	int i, p = 0, e = 0;

	for (i = 0; i < t->ncores; i++) {
		p |= t->core[i].cls == 'P';
		e |= t->core[i].cls == 'E';
	}
	return p && e && t->threads == 1;
}

int topo_capacity(const struct topo *t, int core)
{
	long long max = 0, cap;
	int i;

	for (i = 0; i < t->ncores; i++)
		if (t->core[i].prio > max)
			max = t->core[i].prio;
	if (!max)
		return KNOB_CAPACITY_MAX;
	cap = t->core[core].prio * (long long)KNOB_CAPACITY_MAX / max;
	return cap < 1 ? 1 : (int)cap;
}
