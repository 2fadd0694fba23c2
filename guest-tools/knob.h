/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the asym-smt knobs accept, as their documentation (sysctl-docs/)
 * says: an oracle for the fuzzer, written from the kernel's parsers
 * (proc_dointvec_minmax(), kstrtouint(), kstrtoint(), sysfs_streq()).
 */
#ifndef ASYM_KNOB_H
#define ASYM_KNOB_H

#include <stddef.h>

enum knob_kind {
	KNOB_SYSCTL_BOOL,	/* kernel.sched_asym_smt: integer sysctl 0..1 */
	KNOB_DEBUGFS_BOOL,	/* smt_pull_check, itmt_support: "0" or "1" */
	KNOB_FORMULA,		/* prio_formula: "squared" or "legacy" */
	KNOB_CPU_PRIORITY,	/* cpu_priority: "CPU PRIO" */
};

struct knob_env {
	int nr_cpu_ids;
	const unsigned char *online;	/* nr_cpu_ids entries */
	int nr_siblings;		/* smp_num_siblings */
};

/* The value an accepted write sets (for reading it back). */
struct knob_value {
	long val;		/* bool, or the priority */
	int cpu;		/* KNOB_CPU_PRIORITY */
	const char *word;	/* KNOB_FORMULA */
	int unchanged;		/* accepted, but changes nothing */
};

/*
 * Expected result of one write(2) of @len bytes @data to a knob of @kind:
 * 0 if accepted (and *@v set), else the errno the kernel must return.
 */
int knob_expect(enum knob_kind kind, const char *data, size_t len,
		const struct knob_env *env, struct knob_value *v);

#endif
