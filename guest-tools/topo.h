/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Topology specs of the asym-smt lab, parsed in this one place.
 *
 * A spec lists groups of cores, each "<class><count>[xSMT<threads>][@<prio>]":
 * "P2xSMT2,E2" is two P-cores with two threads each and two single-thread
 * E-cores; "P1xSMT2@60,P1xSMT2@30" two SMT2 cores of raw priority 60 and 30.
 * Default raw priorities: P 100, E 40.
 *
 * QEMU boots every core with the largest thread count of the spec
 * (-smp sockets=1,cores=C,threads=T); CPU n is thread n % T of core n / T.
 * The guest offlines the threads a core does not have.
 */
#ifndef ASYM_TOPO_H
#define ASYM_TOPO_H

#include <stddef.h>

#define TOPO_MAX_CORES		64
#define TOPO_MAX_THREADS	8
#define TOPO_MAX_PRIO		1000000
#define TOPO_DEFAULT_PRIO_P	100
#define TOPO_DEFAULT_PRIO_E	40

struct topo_core {
	char cls;		/* 'P' or 'E' */
	int threads;		/* threads this core keeps online */
	int prio;		/* raw ITMT priority of the core */
};

struct topo {
	int ncores;
	int threads;		/* threads per core as booted (max of the spec) */
	struct topo_core core[TOPO_MAX_CORES];
};

/* Parse @spec; on error return -1 and describe it in @err. */
int topo_parse(const char *spec, struct topo *t, char *err, size_t errlen);

/* Number of CPUs QEMU boots for @t. */
static inline int topo_ncpus(const struct topo *t)
{
	return t->ncores * t->threads;
}

/* Core of CPU @cpu and its thread index within the core. */
static inline int topo_core_of(const struct topo *t, int cpu)
{
	return cpu / t->threads;
}

static inline int topo_thread_of(const struct topo *t, int cpu)
{
	return cpu % t->threads;
}

/* Whether @cpu stays online in the emulated topology. */
static inline int topo_cpu_online(const struct topo *t, int cpu)
{
	return topo_thread_of(t, cpu) < t->core[topo_core_of(t, cpu)].threads;
}

/* QEMU -smp argument for @t, e.g. "8,sockets=1,cores=4,threads=2". */
int topo_qemu_smp(const struct topo *t, char *buf, size_t len);

#endif
