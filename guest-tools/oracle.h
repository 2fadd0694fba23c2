/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the asym-smt knobs accept, as their documentation (sysctl-docs/)
 * says: an oracle for the fuzzer, written from the kernel's parsers
 * (proc_dointvec_minmax(), proc_douintvec_minmax(), kstrtouint(),
 * kstrtoint(), sysfs_streq(), sysfs_match_string()).
 */
#ifndef ASYM_ORACLE_H
#define ASYM_ORACLE_H

#include <stddef.h>

#include "knobs.h"

struct knob_env {
	int nr_cpu_ids;
	const unsigned char *online;	/* nr_cpu_ids entries */
	int nr_siblings;		/* smp_num_siblings */
};

/* The value an accepted write sets (for reading it back). */
struct knob_value {
	long val;		/* the priority, or the index of the word */
	int cpu;		/* KNOB_PRIORITY */
	const char *word;	/* the word it reads back, but KNOB_PRIORITY */
	int unchanged;		/* accepted, but changes nothing */
};

/*
 * Expected result of one write(2) of @len bytes @data to the knob @k:
 * 0 if accepted (and *@v set), else the errno the kernel must return.
 */
int knob_expect(const struct knob *k, const char *data, size_t len,
		const struct knob_env *env, struct knob_value *v);

#endif
