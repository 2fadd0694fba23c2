/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the asym-smt knobs accept, as their documentation (sysctl-docs/)
 * says: an oracle for the fuzzer, written from the kernel's parsers
 * (proc_dointvec_minmax(), kstrtouint(), kstrtoint(), sysfs_streq(),
 * sysfs_match_string()).
 */
#ifndef ASYM_KNOB_H
#define ASYM_KNOB_H

#include <stddef.h>

enum knob_kind {
	KNOB_SYSCTL_MODE,	/* kernel.sched_asym_smt: integer sysctl 0..2 */
	KNOB_DEBUGFS_BOOL,	/* itmt_support: "0" or "1" */
	KNOB_FORMULA,		/* prio_formula: squared|legacy|equal */
	KNOB_CPU_PRIORITY,	/* cpu_priority: "CPU PRIO" */
	KNOB_PULL_RULE,		/* smt_pull_check: a rule by name */
};

struct knob_env {
	int nr_cpu_ids;
	const unsigned char *online;	/* nr_cpu_ids entries */
	int nr_siblings;		/* smp_num_siblings */
};

/* The value an accepted write sets (for reading it back). */
struct knob_value {
	long val;		/* bool, mode, priority, or index of the word */
	int cpu;		/* KNOB_CPU_PRIORITY */
	const char *word;	/* KNOB_FORMULA, KNOB_PULL_RULE */
	int unchanged;		/* accepted, but changes nothing */
};

/*
 * The words a selector knob (KNOB_FORMULA, KNOB_PULL_RULE) takes, in the
 * order it shows them, NULL-terminated; NULL for the other kinds.
 */
const char *const *knob_words(enum knob_kind kind);

/*
 * Expected result of one write(2) of @len bytes @data to a knob of @kind:
 * 0 if accepted (and *@v set), else the errno the kernel must return.
 */
int knob_expect(enum knob_kind kind, const char *data, size_t len,
		const struct knob_env *env, struct knob_value *v);

#endif
