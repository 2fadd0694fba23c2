/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The live CPUs of the lab's topologies (the file topologies) as the
 * guest tools read them, for the host unit tests: { cpu, first CPU of
 * its core, thread index, raw priority, online threads of the core },
 * listed out of order on purpose.
 */
#ifndef ASYM_LAB_CPUS_H
#define ASYM_LAB_CPUS_H

#include "place.h"

/* adl, P2xSMT2,E2: P-cores {0,1} {2,3} at 100, E-cores 4 and 6 at 40. */
static const struct place_cpu hybrid[] = {
	{ 6, 6, 0, 40, 1 }, { 1, 0, 1, 100, 2 }, { 4, 4, 0, 40, 1 },
	{ 3, 2, 1, 100, 2 }, { 0, 0, 0, 100, 2 }, { 2, 2, 0, 100, 2 },
};

/* three-level, P1xSMT2@100,P1xSMT2@70,E2@40 */
static const struct place_cpu three_level[] = {
	{ 3, 2, 1, 70, 2 }, { 0, 0, 0, 100, 2 }, { 6, 6, 0, 40, 1 },
	{ 2, 2, 0, 70, 2 }, { 1, 0, 1, 100, 2 }, { 4, 4, 0, 40, 1 },
};

/* seed, P1xSMT2@60,P1xSMT2@30: no two cores alike. */
static const struct place_cpu seed[] = {
	{ 2, 2, 0, 30, 2 }, { 0, 0, 0, 60, 2 }, { 3, 2, 1, 30, 2 },
	{ 1, 0, 1, 60, 2 },
};

#endif
