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

int topo_parse(const char *spec, struct topo *t, char *err, size_t errlen)
{
	const char *p = spec;

	memset(t, 0, sizeof(*t));
	if (!spec || !*spec)
		return fail(err, errlen, "empty topology spec");

	for (;;) {
		const char *group = p;
		long count, threads = 1, prio;
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
		prio = cls == 'P' ? TOPO_DEFAULT_PRIO_P : TOPO_DEFAULT_PRIO_E;
		if (*p == '@') {
			p++;
			if (number(&p, TOPO_MAX_PRIO, &prio) || prio < 1)
				return fail(err, errlen,
					    "'%s': priority 1-%d expected at '%s'",
					    spec, TOPO_MAX_PRIO, group);
		}
		if (*p && *p != ',')
			return fail(err, errlen, "'%s': unexpected '%c' in '%s'",
				    spec, *p, group);
		if (t->ncores + count > TOPO_MAX_CORES)
			return fail(err, errlen, "'%s': more than %d cores",
				    spec, TOPO_MAX_CORES);
		while (count--) {
			struct topo_core *c = &t->core[t->ncores++];

			c->cls = cls;
			c->threads = threads;
			c->prio = prio;
		}
		if (threads > t->threads)
			t->threads = threads;
		if (!*p)
			return 0;
		p++;
	}
}

int topo_qemu_smp(const struct topo *t, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%d,sockets=1,cores=%d,threads=%d",
			 topo_ncpus(t), t->ncores, t->threads);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}
