// SPDX-License-Identifier: GPL-2.0
/* How running loops follow a change of the ranking: see follow.h. */
#include <stdlib.h>

#include "follow.h"

bool follow_cpu_ok(const struct place_ideal *ideal, int cpu)
{
	int i, core = -1;

	for (i = 0; i < ideal->ncpus; i++)
		if (ideal->order[i].cpu == cpu)
			core = ideal->order[i].core;
	if (core < 0)
		return false;
	for (i = 0; i < ideal->nfull + ideal->nboundary; i++)
		if (ideal->order[i].cpu == cpu ||
		    (ideal->judge == PLACE_BY_CORE &&
		     ideal->order[i].core == core))
			return true;
	return false;
}

int follow_reach(const struct record *r, const struct place_ideal *ideal,
		 double tc, double *reach)
{
	double *times = malloc((r->nchanges + 1) * sizeof(*times));
	int w, reached = 0;

	for (w = 0; w < r->n; w++) {
		bool ok = follow_cpu_ok(ideal, r->w[w].start_cpu);
		int i, k, nt = 0;
		double from;

		/* the times the loop went to ideal CPUs or left them */
		for (i = 0; times && i < r->nchanges; i++) {
			const struct record_change *c = &r->changes[i];

			if (c->worker == w && follow_cpu_ok(ideal, c->cpu) != ok) {
				times[nt++] = c->t;
				ok = !ok;
			}
		}
		if (!times || !ok) {
			reach[w] = -1;
			continue;
		}
		/*
		 * times[nt - 1] began the last stretch, unless the time away
		 * before it (from times[nt - 2]) was a blip: then the stretch
		 * before that one began it, and so on.
		 */
		for (k = nt - 1; k >= 1 && times[k] - times[k - 1] < RECORD_BLIP_S;
		     k -= 2)
			;
		from = k >= 0 ? times[k] : r->t0;
		reach[w] = from > tc ? from - tc : 0;
		reached++;
	}
	free(times);
	return reached;
}
