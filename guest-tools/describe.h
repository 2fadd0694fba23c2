/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Describe a real x86 Linux host as a lab topology spec (topo.h), from
 * sysfs and procfs only: threads, L2 modules, LLCs, the core classes of a
 * hybrid part, raw priorities, the CPU numbering and ITMT. Read-only; the
 * root is a parameter so that unit tests read fixture trees.
 */
#ifndef ASYM_DESCRIBE_H
#define ASYM_DESCRIBE_H

#include <stddef.h>

#include "topo.h"

#define DESCRIBE_MAX_CPUS	(TOPO_MAX_CORES * TOPO_MAX_THREADS)

struct describe {
	struct topo topo;		/* the spec, cores in lab order */
	int ncpus;			/* host CPUs described (online) */
	int lab_cpus;			/* CPUs the lab boots */
	int host_of[DESCRIBE_MAX_CPUS];	/* lab CPU -> host CPU, -1: none */
	int lab_of[DESCRIBE_MAX_CPUS];	/* host CPU -> lab CPU, -1: offline */
	int host_max;			/* highest host CPU number + 1 */
	char prio_source[96];		/* where the priorities came from */
	char prio_note[256];		/* why, when it is a stand-in */
	char numbering[64];		/* "siblings adjacent", ... */
	char itmt[160];			/* ITMT state and its knob */
	char hybrid[96];		/* how the core classes were found */
	char caches[160];		/* where the L2s and LLCs came from */
};

/*
 * Describe the host whose sysfs and procfs are under @root ("/" for this
 * machine) into @d. 0, or -1 with the reason in @err: a host that cannot
 * be described (several packages, a core split between caches, ...) is
 * refused, never guessed.
 */
int describe_host(const char *root, struct describe *d, char *err,
		  size_t errlen);

#endif
