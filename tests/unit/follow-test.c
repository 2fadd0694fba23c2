// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of how loops follow a ranking change (guest-tools/follow.c)
 * on canned records in the text of tracefs' "trace" file, KTAP: which
 * CPUs count as the new ideal, by thread and by core, and each loop's
 * time to reach it: a move after the change, one before it, a blip held
 * through, a longer stay away, and a loop that ends elsewhere.
 */
#include <stdio.h>
#include <string.h>

#include "canned-trace.h"
#include "follow.h"
#include "ktap.h"
#include "lab-cpus.h"
#include "record.h"

static bool close_to(double a, double b)
{
	return a - b < 1e-6 && b - a < 1e-6;
}

/* Loops 7 and 8 born at 1 s on @a and @b; window [5 s, 7 s]. */
static void two(struct record *r, int a, int b)
{
	static const int pids[2] = { 7, 8 };

	record_init(r, pids, 2, 5.0, 7.0);
	born(r, 1.0, 7, a);
	born(r, 1.0, 8, b);
}

/* adl with the E-cores ranked first: the new ideal of 2 loops is {4,6}. */
static const struct place_cpu e_first[] = {
	CPU(6, 6, 0, 200, 1), CPU(1, 0, 1, 100, 2), CPU(4, 4, 0, 200, 1),
	CPU(3, 2, 1, 100, 2), CPU(0, 0, 0, 100, 2), CPU(2, 2, 0, 100, 2),
};

static void reach_check(const char *name, struct record *r, double w7,
		       double w8, int reached)
{
	struct place_ideal ideal;
	double reach[2];
	int got;

	record_finish(r);
	place_ideal_compute(e_first, 6, 2, PLACE_BY_THREAD, &ideal);
	got = follow_reach(r, &ideal, 5.5, reach);
	if (got != reached || !close_to(reach[0], w7) ||
	    !close_to(reach[1], w8))
		printf("# %s: reached %d (%.6f, %.6f), expected %d (%.6f, %.6f)\n",
		       name, got, reach[0], reach[1], reached, w7, w8);
	report(got == reached && close_to(reach[0], w7) &&
	       close_to(reach[1], w8), name);
	record_free(r);
}

/*
 * Loops 7 and 8 start on @a and @b, move as @mv says (pid 0 ends the
 * list), the ranking changes at 5.5 s: each loop's time to the new ideal
 * {4,6}, -1 for one that ends elsewhere, and how many reached it.
 */
#define MAX_MOVES	3
static const struct reach_case {
	const char *name;
	int a, b;
	struct { double t; int pid, from, to; } mv[MAX_MOVES];
	double w7, w8;
	int reached;
} cases[] = {
	{ "both_move_after_the_change", 0, 2,
	  { { 5.8, 7, 0, 4 }, { 6.0, 8, 2, 6 } }, 0.3, 0.5, 2 },
	{ "moved_before_the_change", 0, 2,
	  { { 5.2, 7, 0, 4 }, { 6.0, 8, 2, 6 } }, 0, 0.5, 2 },
	{ "blip_held_through", 4, 6,
	  { { 6.0, 7, 4, 0 }, { 6.02, 7, 0, 4 } }, 0, 0, 2 },
	{ "longer_stay_away", 4, 6,
	  { { 6.0, 7, 4, 0 }, { 6.2, 7, 0, 4 } }, 0.7, 0, 2 },
	{ "ends_elsewhere", 4, 6, { { 6.5, 8, 6, 0 } }, 0, -1, 1 },
	{ "moves_within_the_ideal", 0, 2,
	  { { 5.8, 7, 0, 4 }, { 5.81, 7, 4, 6 }, { 6.4, 8, 2, 4 } },
	  0.3, 0.9, 2 },
};

int main(void)
{
	struct place_ideal ideal;
	struct record r;
	size_t i;

	ktap_begin();

	place_ideal_compute(e_first, 6, 2, PLACE_BY_THREAD, &ideal);
	report(follow_cpu_ok(&ideal, 4) && follow_cpu_ok(&ideal, 6) &&
	       !follow_cpu_ok(&ideal, 0) && !follow_cpu_ok(&ideal, 2) &&
	       !follow_cpu_ok(&ideal, 99), "ideal_cpus_by_thread");
	/* one loop on adl as ranked: one of the P-cores' first threads */
	place_ideal_compute(hybrid, 6, 1, PLACE_BY_THREAD, &ideal);
	report(follow_cpu_ok(&ideal, 0) && follow_cpu_ok(&ideal, 2) &&
	       !follow_cpu_ok(&ideal, 1) && !follow_cpu_ok(&ideal, 4),
	       "boundary_tier_by_thread");
	place_ideal_compute(hybrid, 6, 1, PLACE_BY_CORE, &ideal);
	report(follow_cpu_ok(&ideal, 1) && follow_cpu_ok(&ideal, 3) &&
	       !follow_cpu_ok(&ideal, 4), "sibling_counts_by_core");

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct reach_case *c = &cases[i];
		int m;

		two(&r, c->a, c->b);
		for (m = 0; m < MAX_MOVES && c->mv[m].pid; m++)
			move(&r, c->mv[m].t, c->mv[m].pid, c->mv[m].from,
			     c->mv[m].to);
		reach_check(c->name, &r, c->w7, c->w8, c->reached);
	}

	return ktap_end();
}
