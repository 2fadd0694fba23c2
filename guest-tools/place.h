/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ideal placement of N CPU-bound tasks on a topology and its
 * priorities, and how a sampled placement is judged against it: by thread,
 * or by core where the policy in force gives the threads of a core one
 * priority (policy.h). Pure logic: measure.c samples, asym-place prints,
 * tests/unit/place-test.c feeds canned placements.
 */
#ifndef ASYM_PLACE_H
#define ASYM_PLACE_H

#include <stdbool.h>
#include <stddef.h>

#include "parse.h"

#define PLACE_MAX_CPUS		PARSE_MAX_CPUS

/* Residency thresholds of the placement verdicts (fractions of samples). */
#define PLACE_SIBLINGS_LAST	0.9	/* a first thread ran a task */
#define PLACE_OVERFLOW_SIBLING	0.5	/* a sibling ran a task */
#define PLACE_OVERFLOW_IDLE_E	0.1	/* an E-core ran one, at most */

/* One online CPU as the topology and cpu_priority describe it. */
struct place_cpu {
	int cpu;
	int core;		/* first CPU of its thread_siblings_list */
	int thread;		/* position in that list, from 0 */
	int raw_prio;		/* raw ITMT priority of its core */
	int nthreads;		/* online threads of its core */
	int l2;			/* first CPU of its L2, -1: not known */
	int llc;		/* first CPU of its last-level cache, -1: not known */
	int capacity;		/* cpu_capacity, 0: not known */
};

/*
 * How a placement is judged (place_judge_names[], the verdict's "judged"):
 * by thread, where each thread has the priority of its position in the
 * core; by core, where the threads of a core share one priority (v6.5
 * and later); by capacity, where the domains place by asymmetric CPU
 * capacity (SD_ASYM_CPUCAPACITY) and not by priority, as 6.12 runs a
 * hybrid part without SMT.
 */
enum place_judge {
	PLACE_BY_THREAD,
	PLACE_BY_CORE,
	PLACE_BY_CAPACITY,
	NR_PLACE_JUDGES
};

extern const char *const place_judge_names[NR_PLACE_JUDGES];

/*
 * Whether capacity @a is greater than @b by the margin the scheduler asks
 * for before it prefers a CPU for its capacity: capacity_greater() of
 * kernel/sched/fair.c (6.1 and 6.12), about 5 %.
 */
bool place_capacity_greater(int a, int b);

/*
 * The ideal placement of @n tasks. The online CPUs in order of preference
 * (thread index ascending, raw priority descending, CPU number) form tiers
 * of interchangeable CPUs (same thread index and raw priority). The first
 * @nfull CPUs of @order are the tiers @n tasks fully cover; the next
 * @nboundary are the boundary tier, of which @k CPUs are used (@k is 0 and
 * @nboundary 0 when @n ends exactly at a tier's end). Judged by core, the
 * second threads of every core form one tier. Judged by capacity, the
 * tiers are classes of capacity instead of priority: from the largest
 * down, a CPU joins the class of the largest capacity not
 * place_capacity_greater() than its own (in @order, its capacity reads as
 * that largest one and its raw priority as 0).
 */
struct place_ideal {
	int n;
	enum place_judge judge;
	int ncpus;
	struct place_cpu order[PLACE_MAX_CPUS];
	int nfull;
	int nboundary;
	int k;
};

/*
 * Compute the ideal placement of @n tasks on the @ncpus CPUs @cpus (any
 * order), judged as @judge says. Return 0, or -1 if @n is not 1..@ncpus,
 * @ncpus is out of range or, by capacity, a CPU's capacity is not known.
 */
int place_ideal_compute(const struct place_cpu *cpus, int ncpus, int n,
			enum place_judge judge, struct place_ideal *ideal);

/* Whether @a and @b are interchangeable (same tier). */
bool place_same_tier(const struct place_cpu *a, const struct place_cpu *b);

/*
 * Whether the CPUs @cpus of the @n tasks (one entry per task, duplicates
 * and -1 for "unknown" allowed) form an ideal placement: exactly ideal->n
 * distinct CPUs, all those of the fully covered tiers, the rest in the
 * boundary tier.
 */
bool place_is_ideal(const struct place_ideal *ideal, const int *cpus, int n);

/*
 * Where the threads of a core share one priority (v6.5 and later), which
 * threads of a core run the tasks does not matter, only how many do: write
 * to @out the CPUs @cpus of the @n tasks with each core's busy CPUs
 * replaced by its first threads (tasks on one CPU stay together; -1 and
 * CPUs not in @ideal are kept), so that place_is_ideal() judges cores.
 */
void place_by_core(const struct place_ideal *ideal, const int *cpus, int n,
		   int *out);

/*
 * The one verdict on a sample: whether the CPUs @cpus of the @n tasks are
 * ideal for @ideal, by core when @ideal is judged by core.
 */
bool place_judge(const struct place_ideal *ideal, const int *cpus, int n);

/*
 * Class of a CPU from the live topology: 'E' on a core with one online
 * thread, 'P' for the first thread of an SMT core, 's' for the further
 * siblings.
 */
char place_cpu_class(int thread, int nthreads);

/*
 * Class of @cpus[@k] as @judge judges: judged by capacity (every CPU's
 * capacity known), 'P' when no CPU of @cpus[0..@ncpus) has a capacity
 * place_capacity_greater() than its own, 'E' otherwise (on a part without
 * SMT every core has one thread, which place_cpu_class() calls 'E');
 * else place_cpu_class().
 */
char place_judged_class(const struct place_cpu *cpus, int ncpus, int k,
			enum place_judge judge);

/*
 * From the residency @res of each of the @ncpus CPUs @cpus (fractions of
 * samples with a task): whether every first thread of a core (P-core or
 * E-core) ran a task in PLACE_SIBLINGS_LAST of the samples, so that the
 * SMT siblings only got the overflow.
 */
bool place_siblings_last(const struct place_cpu *cpus, int ncpus,
			 const double *res);

/*
 * Whether a sibling ran a task in PLACE_OVERFLOW_SIBLING of the samples
 * while an E-core ran one in at most PLACE_OVERFLOW_IDLE_E: the
 * misplacement the v5.16 series fixed.
 */
bool place_overflows(const struct place_cpu *cpus, int ncpus,
		     const double *res);

/*
 * How far the sampled residency @res of the @ncpus CPUs @cpus is from
 * their busy fraction @busy (negative: unknown, left out): the largest
 * difference over the CPUs or, @by_core, over the cores, each core's
 * residencies and busy fractions summed over its threads (a task moving
 * between the threads of a core between two samples is no error when
 * which thread runs it is not judged). -1 when nothing is known.
 */
double place_max_diff(const struct place_cpu *cpus, int ncpus,
		      const double *res, const double *busy, bool by_core);

/*
 * The busy set of @n task CPUs: the distinct non-negative entries of @cpus,
 * ascending, into @set (room for @n). Return their number.
 */
int place_busy_set(const int *cpus, int n, int *set);

/*
 * First index from which every entry of @ok[0..@n) is true (the sample at
 * which the ideal was reached and then held to the end), or -1 if the last
 * one is false or @n is 0.
 */
int place_held_from(const bool *ok, int n);

/*
 * Residency of each of the @ncpus CPUs @cpus: the fraction of the
 * @nsamples samples in which it ran at least one of the @nworkers tasks.
 * @samples is row-major: samples[s * nworkers + w] is task w's CPU in
 * sample s. Writes @res[0..@ncpus).
 */
void place_residency(const int *samples, int nsamples, int nworkers,
		     const int *cpus, int ncpus, double *res);

/*
 * Print CPU sets in a real machine's numbers from now on: @real[cpu] is
 * the real CPU of lab CPU cpu (< @n entries). Only the text of sets
 * (place_format_set(), place_format_ideal()) and place_cpu_label()
 * change; machine-readable output keeps the lab's numbers.
 */
void place_set_numbering(const int *real, int n);

/* The number of lab CPU @cpu as the text of sets prints it. */
int place_cpu_label(int cpu);

/*
 * "{0,2,4}" from @set[0..@n) into @buf (sorted, in the real machine's
 * numbers after place_set_numbering()); return @buf.
 */
char *place_format_set(const int *set, int n, char *buf, size_t len);

/*
 * The ideal set as text into @buf, e.g. "{0,2}", "{0,2} + 1 of {4,6}" or
 * "1 of {0,2}"; return @buf.
 */
char *place_format_ideal(const struct place_ideal *ideal, char *buf,
			 size_t len);

/*
 * How the CPUs @set[0..@n) (duplicates allowed) fill the caches of the
 * @ncpus CPUs @cpus, one word into @buf: each L2 and each last-level
 * cache as "busy/size", the largest and busiest first, repeats counted,
 * e.g. "l2=2/4,1/4x2,0/4,1/2x8;llc=12/32". Two placements that fill the
 * caches alike read the same, whichever CPUs they use. "-" when a CPU's
 * caches are not known. Return @buf.
 */
char *place_format_spread(const struct place_cpu *cpus, int ncpus,
			  const int *set, int n, char *buf, size_t len);

#endif
