// SPDX-License-Identifier: GPL-2.0
/* A run-time change of the raw ITMT priorities: see rank.h. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "kernel.h"
#include "knobs.h"
#include "lib.h"
#include "rank.h"

/* The live cores, by first CPU: online threads and raw priority. */
struct live_core {
	int cpu, threads, raw;
};

struct live_cores {
	int n;
	struct live_core c[RANK_MAX_CORES];
};

static int by_cpu(const void *a, const void *b)
{
	return ((const struct live_core *)a)->cpu -
	       ((const struct live_core *)b)->cpu;
}

static int live_cores(const struct prio_row *rows, int nrows,
		      struct live_cores *lc, char *err, size_t errlen)
{
	int i, j;

	lc->n = 0;
	for (i = 0; i < nrows; i++) {
		for (j = 0; j < lc->n && lc->c[j].cpu != rows[i].core; j++)
			;
		if (j == lc->n) {
			if (lc->n == RANK_MAX_CORES) {
				snprintf(err, errlen, "more than %d cores online",
					 RANK_MAX_CORES);
				return -1;
			}
			lc->c[lc->n++] = (struct live_core){
				.cpu = rows[i].core, .raw = rows[i].raw };
		}
		lc->c[j].threads++;
	}
	if (!lc->n) {
		snprintf(err, errlen, "no online CPU in cpu_priority");
		return -1;
	}
	qsort(lc->c, lc->n, sizeof(lc->c[0]), by_cpu);
	return 0;
}

/* A whole decimal number 0..@max from @s up to @end (exclusive). */
static int number(const char *s, const char *end, long max, long *val)
{
	long v = 0;

	if (s == end)
		return -1;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
		if (v > max)
			return -1;
	}
	*val = v;
	return 0;
}

/* The new priorities @prio[] of the live cores from a spec. */
static int from_spec(const char *arg, const struct topo *booted,
		     const struct live_cores *lc, int *prio, char *err,
		     size_t errlen)
{
	char why[256];
	struct topo t;
	int c;

	if (topo_parse(arg, &t, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (booted && (t.ncores != booted->ncores ||
		       t.threads != booted->threads)) {
		snprintf(err, errlen,
			 "%d cores of %d threads, the booted topology %d of %d",
			 t.ncores, t.threads, booted->ncores, booted->threads);
		return -1;
	}
	for (c = 0; booted && c < t.ncores; c++) {
		const struct topo_core *a = &t.core[c], *b = &booted->core[c];

		if (a->cls != b->cls || a->threads != b->threads ||
		    a->module != b->module || a->l2 != b->l2 ||
		    a->llc != b->llc) {
			snprintf(err, errlen,
				 "core %d is %c with %d threads (module of %d, L2 %d, LLC %d), booted %c with %d (module of %d, L2 %d, LLC %d)",
				 c, a->cls, a->threads, a->module, a->l2,
				 a->llc, b->cls, b->threads, b->module, b->l2,
				 b->llc);
			return -1;
		}
	}
	if (t.ncores != lc->n) {
		snprintf(err, errlen, "%d cores, %d online", t.ncores, lc->n);
		return -1;
	}
	for (c = 0; c < t.ncores; c++) {
		if (lc->c[c].cpu != c * t.threads ||
		    lc->c[c].threads != t.core[c].threads) {
			snprintf(err, errlen,
				 "core %d: cpu%d with %d threads, online cpu%d with %d",
				 c, c * t.threads, t.core[c].threads,
				 lc->c[c].cpu, lc->c[c].threads);
			return -1;
		}
		prio[c] = t.core[c].prio;
	}
	return 0;
}

/* PRIO,PRIO,...: one a live core. */
static int from_list(const char *arg, const struct live_cores *lc, int *prio,
		     char *err, size_t errlen)
{
	const char *s = arg;
	int n = 0;

	for (;;) {
		const char *end = strchr(s, ',');
		long v;

		if (!end)
			end = s + strlen(s);
		if (number(s, end, TOPO_MAX_PRIO, &v)) {
			snprintf(err, errlen, "'%.*s': not a priority (0 to %d)",
				 (int)(end - s), s, TOPO_MAX_PRIO);
			return -1;
		}
		if (n < lc->n)
			prio[n] = (int)v;
		n++;
		if (!*end)
			break;
		s = end + 1;
	}
	if (n != lc->n) {
		snprintf(err, errlen, "%d priorities for %d online cores", n,
			 lc->n);
		return -1;
	}
	return 0;
}

/* CPU=PRIO,...: the named cores; the others keep their priority. */
static int from_pairs(const char *arg, const struct prio_row *rows,
		      int nrows, const struct live_cores *lc, int *prio,
		      char *err, size_t errlen)
{
	bool named[RANK_MAX_CORES] = { false };
	const char *s = arg;
	int c;

	for (c = 0; c < lc->n; c++)
		prio[c] = lc->c[c].raw;
	for (;;) {
		const char *end = strchr(s, ','), *eq;
		const struct prio_row *row;
		long cpu, v;

		if (!end)
			end = s + strlen(s);
		eq = memchr(s, '=', end - s);
		if (!eq || number(s, eq, INT_MAX, &cpu) ||
		    number(eq + 1, end, TOPO_MAX_PRIO, &v)) {
			snprintf(err, errlen,
				 "'%.*s': not CPU=PRIO (a priority 0 to %d)",
				 (int)(end - s), s, TOPO_MAX_PRIO);
			return -1;
		}
		row = prio_row_of(rows, nrows, (int)cpu);
		if (!row) {
			snprintf(err, errlen, "cpu%ld is not online", cpu);
			return -1;
		}
		for (c = 0; lc->c[c].cpu != row->core; c++)
			;
		if (named[c]) {
			snprintf(err, errlen,
				 "cpu%ld: its core (cpu%d) is named twice", cpu,
				 row->core);
			return -1;
		}
		named[c] = true;
		prio[c] = (int)v;
		if (!*end)
			break;
		s = end + 1;
	}
	return 0;
}

int rank_parse(const char *arg, const struct topo *booted,
	       const struct prio_row *rows, int nrows, struct rank *rk,
	       char *err, size_t errlen)
{
	int prio[RANK_MAX_CORES], c, ret;
	struct live_cores lc;

	memset(rk, 0, sizeof(*rk));
	if (live_cores(rows, nrows, &lc, err, errlen))
		return -1;
	if (!*arg) {
		snprintf(err, errlen, "an empty ranking");
		return -1;
	}
	if (strchr(arg, '='))
		ret = from_pairs(arg, rows, nrows, &lc, prio, err, errlen);
	else if (*arg == 'P' || *arg == 'E')
		ret = from_spec(arg, booted, &lc, prio, err, errlen);
	else if (*arg >= '0' && *arg <= '9')
		ret = from_list(arg, &lc, prio, err, errlen);
	else {
		snprintf(err, errlen,
			 "'%s': a spec, PRIO,PRIO,... or CPU=PRIO,...", arg);
		return -1;
	}
	if (ret)
		return -1;
	rk->ncores = lc.n;
	for (c = 0; c < lc.n; c++) {
		if (prio[c] == lc.c[c].raw)
			continue;
		rk->w[rk->nwrites++] = (struct rank_write){
			.cpu = lc.c[c].cpu, .from = lc.c[c].raw, .to = prio[c] };
	}
	return 0;
}

int rank_read(const char *arg, struct rank *rk)
{
	static struct prio_row rows[PARSE_MAX_CPUS];
	const char *booted_spec = getenv("TOPOLOGY");
	struct topo booted, *b = NULL;
	char err[512];
	int nrows;

	if (!strcmp(arg, RANK_AFTER)) {
		arg = getenv("RANKING_AFTER");
		if (!arg || !*arg) {
			warnx_("'%s': $RANKING_AFTER is not set: the booted part has no other ranking (a catalogue part's 'ranking-after:' line, which qemu-run --topology PART passes)",
			       RANK_AFTER);
			return -1;
		}
	}
	if (booted_spec && *booted_spec) {
		if (topo_parse(booted_spec, &booted, err, sizeof(err))) {
			warnx_("$TOPOLOGY='%s': %s", booted_spec, err);
			return -1;
		}
		b = &booted;
	}
	nrows = read_cpu_priority(rows, PARSE_MAX_CPUS, 0);
	if (nrows < 0)
		return -1;
	if (rank_parse(arg, b, rows, nrows, rk, err, sizeof(err))) {
		warnx_("ranking '%s': %s", arg, err);
		return -1;
	}
	return 0;
}

int rank_writable(void)
{
	const char *path = knobs[KNOB_CPU_PRIORITY].path;

	if (access(path, W_OK)) {
		warnx_("%s: %s: this kernel does not take priorities (CONFIG_X86_ITMT_EMULATION)",
		       path, strerror(errno));
		return -1;
	}
	return 0;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int rank_apply(const struct rank *rk, bool rebuild, struct rank_cost *cost)
{
	int i;

	*cost = (struct rank_cost){ 0 };
	for (i = 0; i < rk->nwrites; i++) {
		char buf[64];
		double t0, ms;

		/* with the rebuild: one, after the last core's priority */
		snprintf(buf, sizeof(buf), "%d %d%s", rk->w[i].cpu,
			 rk->w[i].to, rebuild && i == rk->nwrites - 1 ? "" :
			 " " KNOB_PRIORITY_NOREBUILD);
		t0 = now_ms();
		if (write_text(knobs[KNOB_CPU_PRIORITY].path, buf)) {
			if (i == 0 && strstr(buf, KNOB_PRIORITY_NOREBUILD))
				warnx_("'%s' refused: a kernel before 'norebuild' (6.1 series 0028, 6.12 companion 0006)?",
				       buf);
			warnx_("%d of %d cores changed", i, rk->nwrites);
			return -1;
		}
		ms = now_ms() - t0;
		cost->ms[cost->writes++] = ms;
		cost->total_ms += ms;
		if (ms > cost->max_ms)
			cost->max_ms = ms;
	}
	return 0;
}
