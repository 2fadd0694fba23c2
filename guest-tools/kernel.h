/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the guest tools read from and write to the running kernel, through
 * the knob model (knobs.h) and the parsers (parse.h): knob values, the
 * live CPU topology, the cpu_priority table, settings and the policy in
 * force. Every error names the file and the errno text.
 */
#ifndef ASYM_KERNEL_H
#define ASYM_KERNEL_H

#include <stddef.h>

#include "knobs.h"
#include "oracle.h"
#include "parse.h"
#include "policy.h"
#include "setting.h"

/* What the scheduler shows of itself. */
#define SCHED_DEBUGFS_DOMAINS	"/sys/kernel/debug/sched/domains"
#define SCHED_DEBUGFS_VERBOSE	"/sys/kernel/debug/sched/verbose"
#define PROC_STAT		"/proc/stat"
#define PROC_SCHEDSTAT		"/proc/schedstat"
#define SCHEDSTATS_SYSCTL	"/proc/sys/kernel/sched_schedstats"
/*
 * The balancing passes that ran across a whole change of the SMT rule
 * (CONFIG_SCHED_ASYM_SMT_DEBUG; 0 is the only right value).
 */
#define ASYM_PASSES_TWO_RULES	"/sys/kernel/debug/sched/asym_smt/passes_two_rules"

/*
 * The value of knob @id as its selected word ("squared" of "[squared]
 * legacy") into @buf; 0, or -errno after naming the file (a missing file
 * too, unless @quiet).
 */
int knob_read(enum knob_id id, char *buf, size_t len, int quiet);

/* Like knob_read(), "-" when the knob is absent or unreadable. */
void knob_read_or_dash(enum knob_id id, char *buf, size_t len);

/*
 * After a write that @v describes (knob_expect()) was accepted, whether
 * knob @k reads back that value: 1 if so, 0 if not, -1 unreadable.
 */
int knob_reads_back(const struct knob *k, const struct knob_value *v);

/*
 * The SMT siblings of online CPU @cpu (thread_siblings_list) into @mask
 * of @n entries; 0, or -1 after naming the file (a missing one too,
 * unless @quiet, as an offline CPU's).
 */
int cpu_siblings_mask(int cpu, unsigned char *mask, int n, int quiet);

/*
 * Of online CPU @cpu: the first CPU of its core, its position among the
 * core's online threads and their number. 0, or -1 as above.
 */
int cpu_siblings(int cpu, int *core, int *thread, int *nthreads, int quiet);

/*
 * The first CPU of the L2 (@l2) and of the last-level cache (@llc) of
 * @cpu, from cache/index*\/shared_cpu_list; -1 where sysfs does not say.
 */
void cpu_caches(int cpu, int *l2, int *llc);

/*
 * The rows of cpu_priority into @rows (room for @max): their number, or
 * -errno (-ENOENT quietly when @quiet), or -EINVAL after saying the text
 * is malformed.
 */
int read_cpu_priority(struct prio_row *rows, int max, int quiet);

/*
 * cpu_capacity into @cap[CPU] (room for @max CPUs, -1 where a CPU has no
 * row): the number of rows, or -errno as read_cpu_priority().
 */
int read_cpu_capacity(int *cap, int max, int quiet);

/* Whether the tree booted ($TREE; unset: any) has knob @id (knobs.c). */
int knob_in_tree(enum knob_id id);

/*
 * --real: print CPU sets in the real machine's numbers of a catalogue part
 * from $REAL_CPUS (set by qemu-run --topology PART, one entry for each
 * possible CPU; place_set_numbering()). 0, or -1 after saying why not
 * (unset, malformed).
 */
int real_numbering_from_env(void);

/*
 * Make the sched domain files of debugfs exist: since v6.4 they do only in
 * verbose mode, which this turns on if they are missing. 1 if it turned it
 * on (sched_domains_verbose_off() turns it off again), 0 if it did nothing
 * (the files are there, or there is no verbose mode), -1 after saying why
 * the write failed.
 */
int sched_domains_files_on(void);
int sched_domains_verbose_off(void);

/*
 * The debugfs directory of CPU @cpu's sched domain @d into @dir; 0, or -1
 * if the kernel shows no such domain (the domains of a CPU are numbered
 * from 0 up, so the first missing one ends them).
 */
int sched_domain_dir(int cpu, int d, char *dir, size_t len);

/*
 * Read @file ("name", "flags", "groups") of the sched domain directory
 * @dir into @buf; 0, or -1 after naming the file.
 */
int sched_domain_file(const char *dir, const char *file, char *buf,
		      size_t len);

/*
 * Call @fn on every line of the groups file of the sched domain directory
 * @dir, @first set for the first, stopping at the first call that fails;
 * -1 if one failed or, after saying so, a line is malformed.
 */
int sched_domain_groups(const char *dir,
			int (*fn)(const struct sched_group_line *g, int first,
				  void *arg),
			void *arg);

/* How a sched domain places: bits of its asym flags. */
#define SD_PATH_PACKING		0x1	/* SD_ASYM_PACKING */
#define SD_PATH_CAPACITY	0x2	/* SD_ASYM_CPUCAPACITY */

/*
 * The SD_PATH_* bits of the flags of the sched domain directory @dir, or
 * -1 after naming the file.
 */
int sched_domain_paths(const char *dir);

/*
 * The SD_PATH_* bits of all the sched domains of CPU @cpu, or -1 if the
 * kernel shows none or a file cannot be read.
 */
int cpu_domains_paths(int cpu);

/* Whether the kernel lacks knob @id (a stock kernel lacks the sysctl). */
int knob_absent(enum knob_id id);

/* The kernel release (uname -r) into @buf, "-" if unknown. */
void kernel_release(char *buf, size_t len);

/* The policy in force now and how it was selected. */
enum policy policy_now(enum policy_via *via);

/*
 * Write every set key of @s in key order and read each back. On a kernel
 * without the series' knobs (stock), a setting asks for nothing when it
 * names the policy that kernel runs or sets keys to their defaults only;
 * anything else is an error. Return 0, or -1 after naming the file that
 * failed or read back another value.
 */
int setting_apply(const struct setting *s);

/* Write the default of every knob of ours that has one and exists. */
int knobs_restore_defaults(void);

#endif
