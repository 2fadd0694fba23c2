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
 * Two snapshots, @a[0..@na) and the later @b[0..@nb). @all_new: every
 * domain of @b was built after @a was taken (the caller rebuilt them
 * all), so each counts from zero whatever the counters look like.
 */
struct explain_pair {
	const struct sd_stat *a, *b;
	int na, nb;
	bool all_new;
};

/*
 * What domain @p->b[@i] counted since @p->a was taken, into @d: the
 * delta from @a's domain of the same CPU, level and span or, for a
 * domain built in between, its counters (a rebuild starts them at zero).
 * Returns 1 when the counters show that it was built in between (@a has
 * no such domain, or one of its counters was higher than @b's by more
 * than a wrap of the 32-bit counter explains), else 0; with @all_new a
 * domain that does not show it is counted from zero all the same. What a
 * replaced domain counted after @a is in no snapshot.
 */
int explain_delta(const struct explain_pair *p, int i, struct sd_delta *d);

#define EXPLAIN_MAX_LEVELS	16

/* The counters of one domain level (SMT, MC...) summed over its CPUs. */
struct explain_level {
	char name[32];
	int domains;
	int rebuilt;		/* of them, shown built in between */
	struct sd_delta d;
};

/*
 * The counters of @p summed per level name, in the order the levels
 * first appear: into @lv (room for @max; levels beyond it are left out);
 * return how many levels. The names of @p->b's domains are
 * @names[0..@p->nb) or, with @names NULL, read from debugfs ("domainN"
 * where it has none).
 */
int explain_levels(const struct explain_pair *p, const char *const *names,
		   struct explain_level *lv, int max);

/*
 * The table of every domain's counters, its header included, for
 * people; column "new" says "yes" of a domain shown built in between.
 */
void explain_print(const struct explain_pair *p);

/* The same as a JSON array of objects ("rebuilt": shown built). */
void explain_json(const struct explain_pair *p);

/*
 * One machine-readable line a level: "@prefix name=MC domains=K
 * rebuilt=R lb_count=... alb_pushed=...".
 */
void explain_lines(const char *prefix, const struct explain_pair *p);

#endif
