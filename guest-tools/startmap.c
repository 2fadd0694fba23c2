// SPDX-License-Identifier: GPL-2.0
/* Start-state maps: see startmap.h. No I/O. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "out.h"
#include "startmap.h"

const char *const start_outcome_names[NR_OUTCOMES] = {
	"ideal", "trap", "moving",
};

int start_parse(const char *text, int *start, int max, char *err,
		size_t errlen)
{
	const char *p = text;
	int n = 0;

	for (;;) {
		char *end;
		long v;

		if (*p < '0' || *p > '9')
			break;
		v = strtol(p, &end, 10);
		if (v >= PLACE_MAX_CPUS || n == max)
			break;
		start[n++] = (int)v;
		p = end;
		if (!*p)
			return n;
		if (*p++ != ',')
			break;
	}
	return errf(err, errlen,
		    "'%s': not CPU,CPU,... (one CPU per worker, at most %d)",
		    text, max);
}

char *start_format(const int *start, int n, char *buf, size_t len)
{
	int i;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		out_add(buf, len, "%s%d", i ? "," : "", start[i]);
	return buf;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* A core of the CPUs: first CPU, class key, CPUs by thread. */
struct core {
	int first;
	int nthreads;
	int raw_prio;
	int cpu[PLACE_MAX_CPUS];	/* by thread index */
	int count[PLACE_MAX_CPUS];	/* workers per thread */
};

static int cmp_first(const void *a, const void *b)
{
	return ((const struct core *)a)->first - ((const struct core *)b)->first;
}

/* The cores of @cpus into @cores, in the order of their first CPU. */
static int cores_of(const struct place_cpu *cpus, int ncpus,
		    struct core *cores)
{
	int i, j, n = 0;

	for (i = 0; i < ncpus; i++) {
		for (j = 0; j < n && cores[j].first != cpus[i].core; j++)
			;
		if (j == n) {
			memset(&cores[n], 0, sizeof(cores[n]));
			cores[n].first = cpus[i].core;
			cores[n].nthreads = cpus[i].nthreads;
			cores[n].raw_prio = cpus[i].raw_prio;
			n++;
		}
		if (cpus[i].thread < PLACE_MAX_CPUS)
			cores[j].cpu[cpus[i].thread] = cpus[i].cpu;
	}
	qsort(cores, n, sizeof(*cores), cmp_first);
	return n;
}

static bool same_class(const struct core *a, const struct core *b)
{
	return a->nthreads == b->nthreads && a->raw_prio == b->raw_prio;
}

/* Order of count vectors: more workers on earlier threads first. */
static int cmp_counts(const struct core *a, const struct core *b)
{
	int t;

	for (t = 0; t < a->nthreads; t++)
		if (a->count[t] != b->count[t])
			return b->count[t] - a->count[t];
	return 0;
}

int start_canonical(const struct place_cpu *cpus, int ncpus,
		    const int *start, int n, int *canon)
{
	static struct core cores[PLACE_MAX_CPUS];
	int ncores = cores_of(cpus, ncpus, cores), i, j, k, t, out = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < ncpus && cpus[j].cpu != start[i]; j++)
			;
		if (j == ncpus)
			return -1;
		for (k = 0; cores[k].first != cpus[j].core; k++)
			;
		cores[k].count[cpus[j].thread]++;
	}
	/*
	 * Within each class, hand the count vectors, sorted, to the class's
	 * cores in order of their first CPU: a selection sort over the
	 * vectors of the cores of one class, cores kept in place.
	 */
	for (i = 0; i < ncores; i++) {
		for (j = i + 1; j < ncores; j++) {
			struct core tmp;

			if (!same_class(&cores[i], &cores[j]) ||
			    cmp_counts(&cores[i], &cores[j]) <= 0)
				continue;
			memcpy(tmp.count, cores[i].count, sizeof(tmp.count));
			memcpy(cores[i].count, cores[j].count,
			       sizeof(tmp.count));
			memcpy(cores[j].count, tmp.count, sizeof(tmp.count));
		}
	}
	for (i = 0; i < ncores; i++)
		for (t = 0; t < cores[i].nthreads; t++)
			for (k = 0; k < cores[i].count[t]; k++)
				canon[out++] = cores[i].cpu[t];
	qsort(canon, out, sizeof(*canon), cmp_int);
	return 0;
}

/* Whether @s (n entries) is already among @starts[0..@count). */
static bool seen(const int *starts, int count, int n, const int *s)
{
	int i;

	for (i = 0; i < count; i++)
		if (!memcmp(&starts[i * n], s, n * sizeof(*s)))
			return true;
	return false;
}

long start_count(int ncpus, int n)
{
	__extension__ unsigned __int128 c = 1;
	int i;

	/*
	 * multisets of n of ncpus: C(ncpus + n - 1, n), exact at each step;
	 * the product before the division needs more than 64 bits from
	 * about 32 CPUs and 32 workers on
	 */
	for (i = 1; i <= n; i++) {
		c = c * (ncpus + i - 1) / i;
		if (c > LONG_MAX)
			return -1;
	}
	return (long)c;
}

int start_enumerate(const struct place_cpu *cpus, int ncpus, int n,
		    int *starts, int max, long *all)
{
	int idx[START_MAX_WORKERS], s[START_MAX_WORKERS];
	int canon[START_MAX_WORKERS], count = 0, i;

	*all = 0;
	if (n < 1 || n > START_MAX_WORKERS || ncpus < 1)
		return 0;
	*all = start_count(ncpus, n);
	/* multisets as non-decreasing index vectors */
	for (i = 0; i < n; i++)
		idx[i] = 0;
	for (;;) {
		for (i = 0; i < n; i++)
			s[i] = cpus[idx[i]].cpu;
		start_canonical(cpus, ncpus, s, n, canon);
		if (!seen(starts, count, n, canon)) {
			if (count == max)
				return -1;
			memcpy(&starts[count++ * n], canon, n * sizeof(*canon));
		}
		for (i = n - 1; i >= 0 && idx[i] == ncpus - 1; i--)
			;
		if (i < 0)
			break;
		idx[i]++;
		while (++i < n)
			idx[i] = idx[i - 1];
	}
	return count;
}

int start_sample(const struct place_cpu *cpus, int ncpus, int n,
		 unsigned long long seed, int count, int *starts)
{
	int s[START_MAX_WORKERS], canon[START_MAX_WORKERS], got = 0, i;
	long tries;
	struct rng rng;

	rng_seed(&rng, seed, (unsigned int)n);
	for (tries = 0; got < count && tries < 100L * count + 1000; tries++) {
		for (i = 0; i < n; i++)
			s[i] = cpus[rng_next(&rng) % ncpus].cpu;
		start_canonical(cpus, ncpus, s, n, canon);
		if (!seen(starts, got, n, canon))
			memcpy(&starts[got++ * n], canon, n * sizeof(*canon));
	}
	return got;
}

void start_judge(const struct place_ideal *ideal, const int *samples,
		 int nsamples, int n, struct start_result *r)
{
	int judged[PLACE_MAX_CPUS], prev[PLACE_MAX_CPUS], cur[PLACE_MAX_CPUS];
	int s, nprev = -1, ncur;

	memset(r, 0, sizeof(*r));
	r->outcome = OUTCOME_MOVING;
	if (nsamples < 1 || n < 1 || n > PLACE_MAX_CPUS)
		return;
	for (s = 0; s < nsamples; s++) {
		const int *row = &samples[s * n];

		/* by core, which thread of a core runs a task is no move */
		if (ideal->judge == PLACE_BY_CORE) {
			place_by_core(ideal, row, n, judged);
			row = judged;
		}
		ncur = place_busy_set(row, n, cur);
		if (ncur != nprev || memcmp(cur, prev, ncur * sizeof(*cur))) {
			r->settled = s;
			memcpy(prev, cur, ncur * sizeof(*cur));
			nprev = ncur;
		}
	}
	r->nfinal = place_busy_set(&samples[(nsamples - 1) * n], n, r->final);
	r->outcome = start_outcome_of(place_judge(ideal, &samples[(nsamples - 1) * n],
						  n),
				      nsamples - r->settled, nsamples);
}
