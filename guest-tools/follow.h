/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How running loops follow a change of the ranking, from the record of a
 * run in which the ranking changed (asym-follow): per loop, when it
 * reached the ideal of the new ranking and stayed there. Pure logic:
 * tests/unit/follow-test.c feeds canned records.
 */
#ifndef ASYM_FOLLOW_H
#define ASYM_FOLLOW_H

#include <stdbool.h>

#include "place.h"
#include "record.h"

/*
 * Whether a loop on @cpu is where @ideal puts loops: on a CPU of its
 * fully covered tiers or of its boundary tier or, judged by core, on a
 * thread of a core one of whose CPUs is.
 */
bool follow_cpu_ok(const struct place_ideal *ideal, int cpu);

/*
 * For each of the record's loops, the time from @tc (the record's
 * clock, inside the window) at which it began its last stretch on CPUs
 * that follow_cpu_ok() takes, held through stretches elsewhere shorter
 * than RECORD_BLIP_S, to the window's end: 0 when that stretch began
 * before @tc, -1 when the loop ended elsewhere. Into @reach[0..r->n).
 * Returns how many loops reached it.
 */
int follow_reach(const struct record *r, const struct place_ideal *ideal,
		 double tc, double *reach);

#endif
