/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A change of a running part's raw ITMT priorities, made as a cpufreq
 * driver makes it: core by core, through the ITMT emulation's
 * cpu_priority. "CPU PRIO norebuild" (0028 of the 6.1 series, 0006 of the
 * 6.12 companions) calls sched_set_itmt_core_prio() for each thread of
 * the core and nothing else, as amd-pstate does when firmware changes a
 * ranking: the groups keep the preferred CPUs of the last rebuild. With
 * the rebuild, the last core's write is a plain "CPU PRIO", which then
 * rebuilds the sched domains once, so that every sched group's preferred
 * CPU follows the whole new ranking (a rebuild a core made the 9950X3D's
 * 16-core change last 7 to 15 s on its 32-CPU guest under TCG).
 * rank_parse() is pure logic (tests/unit/rank-test.c); rank_apply()
 * writes.
 */
#ifndef ASYM_RANK_H
#define ASYM_RANK_H

#include <stdbool.h>
#include <stddef.h>

#include "parse.h"
#include "topo.h"

#define RANK_MAX_CORES	TOPO_MAX_CORES

/* The new raw priority of one core, named by its first online CPU. */
struct rank_write {
	int cpu;
	int from, to;
};

/* The writes of a ranking: the cores whose priority changes, by CPU. */
struct rank {
	int ncores;		/* online cores of the live topology */
	int nwrites;
	struct rank_write w[RANK_MAX_CORES];
};

/*
 * The ranking @arg for the live cpu_priority rows @rows[0..@nrows) (every
 * online CPU, its core's first CPU and raw priority), in one of three
 * forms:
 *   SPEC            a topology spec (topo.h) of the booted shape: the same
 *                   cores, threads, L2 modules and LLCs as @booted (when
 *                   not NULL) and as the live cores, priorities of its own
 *   PRIO,PRIO,...   one raw priority a live core, in the order of their
 *                   first CPUs
 *   CPU=PRIO,...    the core of each online CPU named takes PRIO, each
 *                   core named once; the other cores keep theirs
 * Priorities are 0 to TOPO_MAX_PRIO. Into @rk: the cores whose priority
 * changes, in CPU order. 0, or -1 with the reason in @err.
 */
int rank_parse(const char *arg, const struct topo *booted,
	       const struct prio_row *rows, int nrows, struct rank *rk,
	       char *err, size_t errlen);

/*
 * The word that names the booted part's other ranking: $RANKING_AFTER,
 * which qemu-run sets from a catalogue part's "ranking-after:" line.
 */
#define RANK_AFTER	"after"

/*
 * rank_parse() of @arg (or of $RANKING_AFTER when @arg is RANK_AFTER) on
 * the running kernel: its cpu_priority rows, and the shape of $TOPOLOGY,
 * the spec qemu-run booted (not compared when unset). 0, or -1 after
 * saying why.
 */
int rank_read(const char *arg, struct rank *rk);

/* What applying a ranking cost: its writes and the time in them. */
struct rank_cost {
	int writes;
	double total_ms;	/* CLOCK_MONOTONIC, all writes */
	double max_ms;		/* the longest write */
	double ms[RANK_MAX_CORES];	/* each write's */
};

/*
 * Write each change of @rk to cpu_priority in turn, then, with @rebuild,
 * rebuild the domains once (the last write's), timing each write into
 * @cost. 0, or -1 after naming the write that failed (the cores before it
 * have their new priority).
 */
int rank_apply(const struct rank *rk, bool rebuild, struct rank_cost *cost);

/*
 * Whether the kernel takes priority writes at all (the ITMT emulation):
 * 0, or -1 after saying why not.
 */
int rank_writable(void);

#endif
