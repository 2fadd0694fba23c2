/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the load balancer did between two /proc/schedstat snapshots: per
 * sched domain, the deltas of its lb_* (summed over the idle types) and
 * alb_* counters, as asym-place --explain and asym-follow --explain print
 * them, and their sums per domain level for the machine-readable lines.
 */
#ifndef ASYM_EXPLAIN_H
#define ASYM_EXPLAIN_H

#include <stdbool.h>

#include "parse.h"

/*
 * What domain @b counted since snapshot @a[0..@na) was taken, into @d:
 * 0 with the delta from @a's domain of the same CPU, level and span; 1
 * when @a has none or one of its counters was higher than @b's by more
 * than a wrap of the 32-bit counter explains: the domain was built
 * between the snapshots (a rebuild starts the counters at zero), and @d
 * is what it counted since. What a domain that was replaced counted
 * after @a is in no snapshot.
 */
int explain_delta(const struct sd_stat *a, int na, const struct sd_stat *b,
		  struct sd_delta *d);

#define EXPLAIN_MAX_LEVELS	16

/* The counters of one domain level (SMT, MC...) summed over its CPUs. */
struct explain_level {
	char name[32];
	int domains;
	int rebuilt;		/* of them, built between the snapshots */
	struct sd_delta d;
};

/*
 * The deltas from @a[0..@na) to @b[0..@nb) summed per level name, in the
 * order the levels first appear: into @lv (room for @max; levels beyond
 * it are left out); return how many levels. The names of @b's domains
 * are @names[0..@nb) or, with @names NULL, read from debugfs ("domainN"
 * where it has none).
 */
int explain_levels(const struct sd_stat *a, int na, const struct sd_stat *b,
		   int nb, const char *const *names, struct explain_level *lv,
		   int max);

/*
 * The table of every domain's delta, its header included, for people;
 * column "new" says "yes" of a domain built between the snapshots.
 */
void explain_print(const struct sd_stat *a, int na, const struct sd_stat *b,
		   int nb);

/* The same as a JSON array of objects, "rebuilt": built in between. */
void explain_json(const struct sd_stat *a, int na, const struct sd_stat *b,
		  int nb);

/*
 * One machine-readable line a level: "@prefix name=MC domains=K
 * rebuilt=R lb_count=... alb_pushed=...".
 */
void explain_lines(const char *prefix, const struct sd_stat *a, int na,
		   const struct sd_stat *b, int nb);

#endif
