/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asym-ctl topology --check: the CPU topology and the sched domains that a
 * kernel should build for a spec (topo.h models them, from the kernel
 * release and the mode in force), against what the running kernel shows
 * in sysfs and in the sched domain files of debugfs.
 */
#ifndef ASYM_TOPOCHECK_H
#define ASYM_TOPOCHECK_H

#include <stdbool.h>

#include "topo.h"

/*
 * Compare the running kernel with @t, written @spec, on each CPU set in
 * @online (TOPO_MAX_BOOT_CPUS entries): its thread_siblings_list,
 * cluster_cpus_list and the shared_cpu_list of its L2 and L3, and its
 * sched domains' names, spans and flags. Print each difference, then the
 * number of checks and of differences (all one JSON object with @json);
 * return the number of differences.
 */
int topocheck(const char *spec, const struct topo *t,
	      const unsigned char *online, bool json);

#endif
