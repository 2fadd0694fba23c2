// SPDX-License-Identifier: GPL-2.0
/* Pure logic of asym-place: see place.h. No I/O in this file. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "place.h"

/* --- the ideal placement --- */

const char *const place_judge_names[NR_PLACE_JUDGES] = {
	[PLACE_BY_THREAD] = "thread",
	[PLACE_BY_CORE] = "core",
	[PLACE_BY_CAPACITY] = "capacity",
};

bool place_capacity_greater(int a, int b)
{
	return (long)a * 1024 > (long)b * 1078;
}

/*
 * Order of preference: thread index up, capacity down, raw priority down,
 * CPU up. Only one of capacity and raw priority differs between CPUs of
 * an ideal's order: the other reads 0 there.
 */
static int cmp_pref(const void *pa, const void *pb)
{
	const struct place_cpu *a = pa, *b = pb;

	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	if (a->capacity != b->capacity)
		return a->capacity > b->capacity ? -1 : 1;
	if (a->raw_prio != b->raw_prio)
		return a->raw_prio > b->raw_prio ? -1 : 1;
	return (a->cpu > b->cpu) - (a->cpu < b->cpu);
}

bool place_same_tier(const struct place_cpu *a, const struct place_cpu *b)
{
	return a->thread == b->thread && a->capacity == b->capacity &&
	       a->raw_prio == b->raw_prio;
}

/*
 * Judged by capacity: sort @order (@ncpus CPUs, raw priorities 0) by
 * capacity and give each CPU the capacity of its class's largest.
 */
static void capacity_classes(struct place_cpu *order, int ncpus)
{
	int i, top;

	qsort(order, ncpus, sizeof(*order), cmp_pref);
	for (i = 0, top = order[0].capacity; i < ncpus; i++) {
		if (place_capacity_greater(top, order[i].capacity))
			top = order[i].capacity;
		order[i].capacity = top;
	}
}

/* Index just past the tier that starts at @start in @ideal->order. */
static int tier_end(const struct place_ideal *ideal, int start)
{
	int end = start + 1;

	while (end < ideal->ncpus &&
	       place_same_tier(&ideal->order[start], &ideal->order[end]))
		end++;
	return end;
}

int place_ideal_compute(const struct place_cpu *cpus, int ncpus, int n,
			enum place_judge judge, struct place_ideal *ideal)
{
	int start, end, i;

	if (ncpus < 1 || ncpus > PLACE_MAX_CPUS || n < 1 || n > ncpus ||
	    judge < 0 || judge >= NR_PLACE_JUDGES)
		return -1;
	memset(ideal, 0, sizeof(*ideal));
	ideal->n = n;
	ideal->ncpus = ncpus;
	ideal->judge = judge;
	memcpy(ideal->order, cpus, ncpus * sizeof(*cpus));
	for (i = 0; i < ncpus; i++) {
		struct place_cpu *c = &ideal->order[i];

		if (judge != PLACE_BY_CAPACITY) {
			c->capacity = 0;
		} else if (c->capacity < 1) {
			return -1;
		} else {
			c->raw_prio = 0;
		}
		/*
		 * Judged by core, only fully idle cores pull by priority:
		 * once every core runs a task, nothing orders the second
		 * threads, and any of them is as good as another.
		 */
		if (judge == PLACE_BY_CORE && c->thread)
			c->raw_prio = 0;
	}
	if (judge == PLACE_BY_CAPACITY)
		capacity_classes(ideal->order, ncpus);
	qsort(ideal->order, ncpus, sizeof(*cpus), cmp_pref);

	for (start = 0; start < n; start = end) {
		end = tier_end(ideal, start);
		if (end > n) {
			ideal->nboundary = end - start;
			ideal->k = n - start;
			break;
		}
		ideal->nfull = end;
	}
	return 0;
}

/* Position of CPU @cpu in @ideal->order, or -1. */
static int position(const struct place_ideal *ideal, int cpu)
{
	int i;

	for (i = 0; i < ideal->ncpus; i++)
		if (ideal->order[i].cpu == cpu)
			return i;
	return -1;
}

int place_busy_set(const int *cpus, int n, int *set)
{
	int i, j, nset = 0;

	for (i = 0; i < n; i++) {
		int c = cpus[i];

		if (c < 0)
			continue;
		for (j = nset; j > 0 && set[j - 1] > c; j--)
			;
		if (j > 0 && set[j - 1] == c)
			continue;
		memmove(&set[j + 1], &set[j], (nset - j) * sizeof(*set));
		set[j] = c;
		nset++;
	}
	return nset;
}

bool place_is_ideal(const struct place_ideal *ideal, const int *cpus, int n)
{
	int set[PLACE_MAX_CPUS], nset, i, full = 0, boundary = 0;

	if (n != ideal->n || n < 1 || n > PLACE_MAX_CPUS)
		return false;
	for (i = 0; i < n; i++)
		if (cpus[i] < 0)
			return false;
	nset = place_busy_set(cpus, n, set);
	if (nset != n)
		return false;
	for (i = 0; i < nset; i++) {
		int pos = position(ideal, set[i]);

		if (pos < 0)
			return false;
		if (pos < ideal->nfull)
			full++;
		else if (pos < ideal->nfull + ideal->nboundary)
			boundary++;
		else
			return false;
	}
	return full == ideal->nfull && boundary == ideal->k;
}

void place_by_core(const struct place_ideal *ideal, const int *cpus, int n,
		   int *out)
{
	int set[PLACE_MAX_CPUS], canon[PLACE_MAX_CPUS], nset, i, j;

	nset = place_busy_set(cpus, n, set);	/* distinct, ascending */
	for (i = 0; i < nset; i++) {
		int pos = position(ideal, set[i]), rank = 0;

		canon[i] = set[i];
		if (pos < 0)
			continue;
		/* rank among the busy CPUs of its core */
		for (j = 0; j < i; j++) {
			int q = position(ideal, set[j]);

			if (q >= 0 && ideal->order[q].core == ideal->order[pos].core)
				rank++;
		}
		for (j = 0; j < ideal->ncpus; j++) {
			if (ideal->order[j].core == ideal->order[pos].core &&
			    ideal->order[j].thread == rank) {
				canon[i] = ideal->order[j].cpu;
				break;
			}
		}
	}
	for (i = 0; i < n; i++) {
		out[i] = cpus[i];
		for (j = 0; j < nset; j++)
			if (cpus[i] == set[j])
				out[i] = canon[j];
	}
}

bool place_judge(const struct place_ideal *ideal, const int *cpus, int n)
{
	int cores[PLACE_MAX_CPUS];

	if (n < 1 || n > PLACE_MAX_CPUS)
		return false;
	if (ideal->judge == PLACE_BY_CORE) {
		place_by_core(ideal, cpus, n, cores);
		cpus = cores;
	}
	return place_is_ideal(ideal, cpus, n);
}

char place_cpu_class(int thread, int nthreads)
{
	if (nthreads <= 1)
		return 'E';
	return thread ? 's' : 'P';
}

char place_judged_class(const struct place_cpu *cpus, int ncpus, int k,
			enum place_judge judge)
{
	int i;

	if (judge != PLACE_BY_CAPACITY)
		return place_cpu_class(cpus[k].thread, cpus[k].nthreads);
	for (i = 0; i < ncpus; i++)
		if (place_capacity_greater(cpus[i].capacity, cpus[k].capacity))
			return 'E';
	return 'P';
}

bool place_siblings_last(const struct place_cpu *cpus, int ncpus,
			 const double *res)
{
	int i;

	for (i = 0; i < ncpus; i++)
		if (!cpus[i].thread && res[i] < PLACE_SIBLINGS_LAST)
			return false;
	return ncpus > 0;
}

bool place_overflows(const struct place_cpu *cpus, int ncpus,
		     const double *res)
{
	bool sibling = false, idle_e = false;
	int i;

	for (i = 0; i < ncpus; i++) {
		char cls = place_cpu_class(cpus[i].thread, cpus[i].nthreads);

		if (cls == 's' && res[i] >= PLACE_OVERFLOW_SIBLING)
			sibling = true;
		if (cls == 'E' && res[i] <= PLACE_OVERFLOW_IDLE_E)
			idle_e = true;
	}
	return sibling && idle_e;
}

double place_max_diff(const struct place_cpu *cpus, int ncpus,
		      const double *res, const double *busy, bool by_core)
{
	double max = -1;
	int i, j;

	for (i = 0; i < ncpus; i++) {
		double r = 0, b = 0, d;
		bool known = true;

		if (by_core && cpus[i].thread)
			continue;
		for (j = 0; j < ncpus; j++) {
			if (by_core ? cpus[j].core != cpus[i].core : j != i)
				continue;
			known &= busy[j] >= 0;
			r += res[j];
			b += busy[j];
		}
		d = r > b ? r - b : b - r;
		if (known && d > max)
			max = d;
	}
	return max;
}

int place_held_from(const bool *ok, int n)
{
	int i = n;

	while (i > 0 && ok[i - 1])
		i--;
	return i == n ? -1 : i;
}

void place_residency(const int *samples, int nsamples, int nworkers,
		     const int *cpus, int ncpus, double *res)
{
	int i, s, w;

	for (i = 0; i < ncpus; i++) {
		int hits = 0;

		for (s = 0; s < nsamples; s++) {
			for (w = 0; w < nworkers; w++) {
				if (samples[s * nworkers + w] == cpus[i]) {
					hits++;
					break;
				}
			}
		}
		res[i] = nsamples ? (double)hits / nsamples : 0;
	}
}

/* --- formatting --- */

static int place_real[PLACE_MAX_CPUS];
static int place_nreal;

void place_set_numbering(const int *real, int n)
{
	place_nreal = n < PLACE_MAX_CPUS ? n : PLACE_MAX_CPUS;
	memcpy(place_real, real, place_nreal * sizeof(*real));
}

int place_cpu_label(int cpu)
{
	return cpu >= 0 && cpu < place_nreal && place_real[cpu] >= 0 ?
	       place_real[cpu] : cpu;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

char *place_format_set(const int *set, int n, char *buf, size_t len)
{
	int i, label[PLACE_MAX_CPUS];

	if (!len)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < n && i < PLACE_MAX_CPUS; i++)
		label[i] = place_cpu_label(set[i]);
	if (place_nreal)
		qsort(label, i, sizeof(*label), cmp_int);
	out_add(buf, len, "{");
	for (i = 0; i < n && i < PLACE_MAX_CPUS; i++)
		out_add(buf, len, "%s%d", i ? "," : "", label[i]);
	out_add(buf, len, "}");
	return buf;
}

/* The CPUs of @ideal->order[from..to) as a sorted set text. */
static void format_range(const struct place_ideal *ideal, int from, int to,
			 char *buf, size_t len)
{
	int cpus[PLACE_MAX_CPUS], set[PLACE_MAX_CPUS], i, n;

	for (i = from; i < to; i++)
		cpus[i - from] = ideal->order[i].cpu;
	n = place_busy_set(cpus, to - from, set);
	place_format_set(set, n, buf, len);
}

char *place_format_ideal(const struct place_ideal *ideal, char *buf,
			 size_t len)
{
	char full[1024], boundary[1024];

	if (!len)
		return buf;
	buf[0] = '\0';
	format_range(ideal, 0, ideal->nfull, full, sizeof(full));
	format_range(ideal, ideal->nfull, ideal->nfull + ideal->nboundary,
		     boundary, sizeof(boundary));
	if (ideal->nfull)
		out_add(buf, len, "%s", full);
	if (ideal->nfull && ideal->k)
		out_add(buf, len, " + ");
	if (ideal->k)
		out_add(buf, len, "%d of %s", ideal->k, boundary);
	return buf;
}

/* One cache in place_format_spread(): its size and busy CPUs. */
struct spread_cache {
	int id;
	int size;
	int busy;
};

static int cmp_cache(const void *a, const void *b)
{
	const struct spread_cache *x = a, *y = b;

	if (x->size != y->size)
		return y->size - x->size;
	return y->busy - x->busy;
}

/* Append the caches of one level (@llc: last-level, else L2) to @buf. */
static void spread_level(const struct place_cpu *cpus, int ncpus,
			 const unsigned char *busy, bool llc, char *buf,
			 size_t len)
{
	struct spread_cache c[PLACE_MAX_CPUS];
	int i, j, nc = 0, run;

	for (i = 0; i < ncpus; i++) {
		int id = llc ? cpus[i].llc : cpus[i].l2;

		for (j = 0; j < nc && c[j].id != id; j++)
			;
		if (j == nc)
			c[nc++] = (struct spread_cache){ .id = id };
		c[j].size++;
		c[j].busy += busy[i];
	}
	qsort(c, nc, sizeof(*c), cmp_cache);
	out_add(buf, len, "%s=", llc ? "llc" : "l2");
	for (i = 0; i < nc; i += run) {
		for (run = 1; i + run < nc && !cmp_cache(&c[i], &c[i + run]);
		     run++)
			;
		out_add(buf, len, "%s%d/%d", i ? "," : "", c[i].busy, c[i].size);
		if (run > 1)
			out_add(buf, len, "x%d", run);
	}
}

char *place_format_spread(const struct place_cpu *cpus, int ncpus,
			  const int *set, int n, char *buf, size_t len)
{
	unsigned char busy[PLACE_MAX_CPUS] = { 0 };
	int i, j;

	if (!len)
		return buf;
	buf[0] = '\0';
	if (ncpus > PLACE_MAX_CPUS)
		ncpus = PLACE_MAX_CPUS;
	for (i = 0; i < ncpus; i++)
		if (cpus[i].l2 < 0 || cpus[i].llc < 0) {
			out_add(buf, len, "-");
			return buf;
		}
	for (j = 0; j < n; j++)
		for (i = 0; i < ncpus; i++)
			if (cpus[i].cpu == set[j])
				busy[i] = 1;
	spread_level(cpus, ncpus, busy, false, buf, len);
	out_add(buf, len, ";");
	spread_level(cpus, ncpus, busy, true, buf, len);
	return buf;
}
