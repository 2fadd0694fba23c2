// SPDX-License-Identifier: GPL-2.0
/* Seeded pseudo-random numbers: see rng.h. */
#include "rng.h"

void rng_seed(struct rng *r, unsigned long long seed, unsigned int stream)
{
	r->state = seed * 0x9e3779b97f4a7c15ULL + stream + 1;
	if (!r->state)
		r->state = 1;
}

unsigned long long rng_next(struct rng *r)
{
	r->state ^= r->state >> 12;
	r->state ^= r->state << 25;
	r->state ^= r->state >> 27;
	return r->state * 0x2545f4914f6cdd1dULL;
}
