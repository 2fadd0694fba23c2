/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Topology specs of the asym-smt lab, parsed in this one place.
 *
 * A spec lists groups of cores, each
 * "<class><count>[xSMT<threads>][m<module>][@<prio>[/<prio>...]]":
 * "P2xSMT2,E2" is two P-cores with two threads each and two single-thread
 * E-cores; "P1xSMT2@60,P1xSMT2@30" two SMT2 cores of raw priority 60 and 30.
 * Default raw priorities: P 100, E 40. One priority applies to every core
 * of the group, or the group gives one per core: "P4xSMT2@77/73/73/77".
 * "m4" puts the group's cores in modules of 4 that share an L2 (as the
 * E-cores of Alder Lake); without it each core has its own L2. '|'
 * separates last-level caches: "P8xSMT2|P8xSMT2" is two CCDs with an L3
 * each; without it the whole spec shares one.
 *
 * QEMU 7.2 gives x86 neither modules nor LLCs of unequal size: the lab
 * kernels take them from the boot parameters asym_smt_l2_ids= and
 * asym_smt_llc_ids= of the ITMT emulation (topo_cmdline()).
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
/* CONFIG_NR_CPUS of the lab kernels (kernel-config/) */
#define TOPO_MAX_BOOT_CPUS	64
#define TOPO_DEFAULT_PRIO_P	100
#define TOPO_DEFAULT_PRIO_E	40

struct topo_core {
	char cls;		/* 'P' or 'E' */
	int threads;		/* threads this core keeps online */
	int prio;		/* raw ITMT priority of the core */
	int module;		/* cores in its L2 module (1: its own L2) */
	int l2;			/* L2 index, 0.. in spec order */
	int llc;		/* last-level cache index, 0.. */
};

struct topo {
	int ncores;
	int threads;		/* threads per core as booted (max of the spec) */
	int nllc;		/* last-level caches */
	struct topo_core core[TOPO_MAX_CORES];
};

/*
 * Whether @t is placed by asymmetric CPU capacity where the kernel runs a
 * real part as 6.12's intel_pstate does (hybrid_init_cpu_capacity_scaling():
 * a hybrid part, no SMT possible): cores of both classes, one thread a
 * core as booted. 1 or 0.
 */
int topo_by_capacity(const struct topo *t);

/*
 * The capacity of core @core: its raw priority (HWP highest performance)
 * relative to the highest of @t, scaled to 1024 as arch_set_cpu_capacity()
 * scales it (rounded down), at least 1.
 */
int topo_capacity(const struct topo *t, int core);

/* Parse @spec; on error return -1 and describe it in @err. */
int topo_parse(const char *spec, struct topo *t, char *err, size_t errlen);

/*
 * The shortest spec of @t into @buf: cores alike in a row (class,
 * threads, module, LLC) make one group, with one priority if they share
 * it. 0, or -1 when @buf is too short.
 */
int topo_format(const struct topo *t, char *buf, size_t len);

/*
 * Whether the lab can boot @t: 0, or -1 with the reason in @err (more
 * CPUs than the lab kernels take).
 */
int topo_emulated(const struct topo *t, char *err, size_t errlen);

/*
 * The kernel command line that gives the booted CPUs of @t their L2 and
 * LLC ("asym_smt_l2_ids=0,0,... asym_smt_llc_ids=0,0,..."), empty when
 * what QEMU gives is already right (each core its own L2, one LLC).
 * 0, or -1 when @buf is too short.
 */
int topo_cmdline(const struct topo *t, char *buf, size_t len);

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

/* Number of CPUs that stay online in the emulated topology. */
static inline int topo_online_cpus(const struct topo *t)
{
	int i, n = 0;

	for (i = 0; i < t->ncores; i++)
		n += t->core[i].threads;
	return n;
}

/*
 * The levels of the x86 sched domain tables, lowest first: SMT (the
 * threads of a core), CLS (an L2: x86_topology, and on 6.6 and later the
 * hybrid parts too), MC (a last-level cache) and the package (DIE before
 * v6.8, PKG after).
 */
enum topo_level { TOPO_SMT, TOPO_CLS, TOPO_MC, TOPO_PKG, TOPO_LEVELS };

/* "SMT", "CLS", "MC", and "PKG" or "DIE" as @pkg_name says. */
const char *topo_level_name(enum topo_level level, const char *pkg_name);

/*
 * The CPUs of @online (TOPO_MAX_BOOT_CPUS entries, lab numbering) that
 * share @level with @cpu into @span: its core's threads, its L2, its LLC,
 * or all of @online.
 */
void topo_span(const struct topo *t, const unsigned char *online, int cpu,
	       enum topo_level level, unsigned char *span);

/*
 * The sched domains of online CPU @cpu as the kernel keeps them: the
 * levels of the table (@cls: it has the cluster level) without those that
 * span one CPU or the same CPUs as the level below (the kernel removes
 * them as degenerate). Their levels, lowest first, go into @levels;
 * return their number.
 */
int topo_domains(const struct topo *t, const unsigned char *online, int cpu,
		 int cls, enum topo_level *levels);

/*
 * A real machine's numbering (the catalogue's real-cpus line): for each of
 * the @ncpus lab CPUs its real CPU, or '-' for a thread the lab boots
 * offline, comma-separated, into @real (-1 for '-'). 0, or -1 with the
 * reason in @err.
 */
int topo_parse_real(const char *list, int ncpus, int *real, char *err,
		    size_t errlen);

/* QEMU -smp argument for @t, e.g. "8,sockets=1,cores=4,threads=2". */
int topo_qemu_smp(const struct topo *t, char *buf, size_t len);

#endif
