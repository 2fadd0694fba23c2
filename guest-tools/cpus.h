/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU sets: cpulists ("0-3,6") as the kernel writes them, and which CPUs
 * are possible and online, from sysfs.
 */
#ifndef ASYM_CPUS_H
#define ASYM_CPUS_H

#include <stddef.h>

#define SYSFS_CPU	"/sys/devices/system/cpu"

/* Parse a cpulist ("0-3,6") into @mask of @n entries; -1 if malformed. */
int parse_cpulist(const char *list, unsigned char *mask, int n);

/*
 * The cpulist of @mask of @n entries into @buf, as the kernel prints it
 * ("0-3,6", "" for none); 0, or -1 when @buf is too short.
 */
int format_cpulist(const unsigned char *mask, int n, char *buf, size_t len);

/* Number of possible CPUs (from SYSFS_CPU/possible), or -1. */
int possible_cpus(void);

/*
 * Online CPUs (from SYSFS_CPU/online) into @mask of @n entries; return
 * their number, or -1 after naming the file.
 */
int online_cpus(unsigned char *mask, int n);

/* 1 if @cpu is online, 0 if offline, -1 on error. */
int cpu_online(int cpu);

/*
 * The path of the shared_cpu_list of @cpu's cache of @level (2: L2, 3:
 * L3) in the sysfs under @root ("" for this system's) into @path: 0, or
 * -1 when sysfs shows no such cache (many VMs hide cpuN/cache/). The one
 * walk of cpuN/cache/index*.
 */
int cpu_cache_path(const char *root, int cpu, int level, char *path,
		   size_t len);

#endif
