/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pseudo-random numbers of the tools (start placements, fuzzing):
 * seeded, so that a run can be repeated, and the same on every host.
 */
#ifndef ASYM_RNG_H
#define ASYM_RNG_H

/* xorshift64*: a seeded stream, the same on every host. */
struct rng {
	unsigned long long state;
};

/* Seed @r from @seed and a stream number @stream (never all zero). */
void rng_seed(struct rng *r, unsigned long long seed, unsigned int stream);
unsigned long long rng_next(struct rng *r);

#endif
