/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Start-state maps: the start placements of N workers (each worker on a
 * CPU, several may share one), told apart only up to the topology's
 * symmetry, and the outcome the balancer reaches from one. Two starts are
 * the same when a permutation of interchangeable cores (same number of
 * online threads and same raw priority: the same class) maps one onto
 * the other. Pure logic: asym-place runs one start, asym-map many.
 */
#ifndef ASYM_STARTMAP_H
#define ASYM_STARTMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "place.h"

#define START_MAX_WORKERS	PLACE_MAX_CPUS

/*
 * Parse a start, "CPU,CPU,..." with one CPU per worker (repeats allowed),
 * into @start (room for @max). Return the number of workers, or -1 with
 * a description in @err.
 */
int start_parse(const char *text, int *start, int max, char *err,
		size_t errlen);

/* "0,0,2,4" from @start[0..@n) into @buf; return @buf. */
char *start_format(const int *start, int n, char *buf, size_t len);

/*
 * The canonical form of the start @start[0..@n) on the @ncpus CPUs
 * @cpus into @canon: the same multiset of CPUs up to the permutations of
 * interchangeable cores, sorted ascending; equal for equivalent starts.
 * Return 0, or -1 if a CPU of @start is not among @cpus.
 */
int start_canonical(const struct place_cpu *cpus, int ncpus,
		    const int *start, int n, int *canon);

/*
 * The number of starts of @n workers on @ncpus CPUs, before symmetry; -1
 * if it exceeds LONG_MAX.
 */
long start_count(int ncpus, int n);

/*
 * Every start of @n workers on @cpus up to symmetry, canonical, in
 * lexicographic order, into @starts (row-major, @n entries a start, room
 * for @max starts). Return their number, or -1 if there are more than
 * @max. *@all is set to the number of starts before deduplication
 * (start_count()).
 */
int start_enumerate(const struct place_cpu *cpus, int ncpus, int n,
		    int *starts, int max, long *all);

/*
 * @count distinct starts (up to symmetry) drawn with @seed, canonical,
 * into @starts; fewer when there are not that many. Return their number.
 */
int start_sample(const struct place_cpu *cpus, int ncpus, int n,
		 unsigned long long seed, int count, int *starts);

/* What the balancer did from a start, judged over the samples. */
enum start_outcome {
	OUTCOME_IDEAL,		/* ideal at the end, held since settled */
	OUTCOME_TRAP,		/* another placement held long enough */
	OUTCOME_MOVING,		/* neither: still changing */
	NR_OUTCOMES
};

extern const char *const start_outcome_names[NR_OUTCOMES];

/*
 * The share of the window a non-ideal placement must hold, to the end,
 * to count as a trap.
 */
#define START_TRAP_HOLD	0.5

/*
 * The one outcome rule, of the samples (start_judge()) and of the record
 * (record_judge()) alike: ideal if the final placement is (@ideal_at_end),
 * else a trap if it held, to the end, at least START_TRAP_HOLD of the
 * window (@held of @window, in samples or in seconds), else moving.
 */
static inline enum start_outcome start_outcome_of(bool ideal_at_end,
						  double held, double window)
{
	if (ideal_at_end)
		return OUTCOME_IDEAL;
	if (held >= START_TRAP_HOLD * window)
		return OUTCOME_TRAP;
	return OUTCOME_MOVING;
}

struct start_result {
	enum start_outcome outcome;
	int settled;		/* first sample of the final placement */
	int nfinal;
	int final[PLACE_MAX_CPUS];	/* busy set of the last sample */
};

/*
 * Judge the @nsamples samples (row-major, @n CPUs a sample) against
 * @ideal: the final placement (by core when @ideal is judged by core),
 * the sample from which it held, and the outcome.
 */
void start_judge(const struct place_ideal *ideal, const int *samples,
		 int nsamples, int n, struct start_result *r);

#endif
