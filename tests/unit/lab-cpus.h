/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The live CPUs of the lab's topologies (the file topologies) as the
 * guest tools read them, for the host unit tests: { cpu, first CPU of
 * its core, thread index, raw priority, online threads of the core },
 * listed out of order on purpose; their caches are not known (see
 * place-test's spread cases for those).
 */
#ifndef ASYM_LAB_CPUS_H
#define ASYM_LAB_CPUS_H

#include "place.h"

/* A CPU whose caches sysfs does not give. */
#define CPU(cpu, core, thread, prio, nthreads) \
	{ cpu, core, thread, prio, nthreads, -1, -1, 0 }

/* adl, P2xSMT2,E2: P-cores {0,1} {2,3} at 100, E-cores 4 and 6 at 40. */
static const struct place_cpu hybrid[] = {
	CPU(6, 6, 0, 40, 1), CPU(1, 0, 1, 100, 2), CPU(4, 4, 0, 40, 1),
	CPU(3, 2, 1, 100, 2), CPU(0, 0, 0, 100, 2), CPU(2, 2, 0, 100, 2),
};

/* three-level, P1xSMT2@100,P1xSMT2@70,E2@40 */
static const struct place_cpu three_level[] = {
	CPU(3, 2, 1, 70, 2), CPU(0, 0, 0, 100, 2), CPU(6, 6, 0, 40, 1),
	CPU(2, 2, 0, 70, 2), CPU(1, 0, 1, 100, 2), CPU(4, 4, 0, 40, 1),
};

/* seed, P1xSMT2@60,P1xSMT2@30: no two cores alike. */
static const struct place_cpu seed[] = {
	CPU(2, 2, 0, 30, 2), CPU(0, 0, 0, 60, 2), CPU(3, 2, 1, 30, 2),
	CPU(1, 0, 1, 60, 2),
};

/* A CPU of one thread with a capacity (cpu_capacity). */
#define CAP_CPU(cpu, prio, capacity) \
	{ cpu, cpu, 0, prio, 1, -1, -1, capacity }

/*
 * core-ultra-7-265k cut to 4 P-cores and 4 E-cores: P-cores at 64 and 63
 * (capacities 1024 and 1008, within capacity_greater()'s margin), E-cores
 * at 46 (736), capacities as asym-ctl topology gives them.
 */
static const struct place_cpu no_smt[] = {
	CAP_CPU(5, 46, 736), CAP_CPU(1, 63, 1008), CAP_CPU(7, 46, 736),
	CAP_CPU(0, 64, 1024), CAP_CPU(4, 46, 736), CAP_CPU(2, 63, 1008),
	CAP_CPU(6, 46, 736), CAP_CPU(3, 64, 1024),
};

#endif
