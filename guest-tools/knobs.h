/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one model of the asym-smt knobs: every file the lab reads or writes
 * to select and inspect SMT-aware asym packing, with its path, the words
 * it takes in the kernel's order, its default and the trees that have it
 * (sysctl-docs/). Settings, the fuzzer, the torture test, asym-ctl status
 * and the scenarios' shell constants (asym-ctl knobs --sh) all derive from
 * this table. Pure data: no I/O.
 */
#ifndef ASYM_KNOBS_H
#define ASYM_KNOBS_H

#include <stdbool.h>
#include <stddef.h>

/* The first NR_SETTING_KEYS knobs are the keys of a setting, in order. */
enum knob_id {
	KNOB_SYSCTL,		/* kernel.sched_asym_smt */
	KNOB_FORMULA,		/* prio_formula */
	KNOB_PULL,		/* smt_pull_check */
	KNOB_ITMT_SUPPORT,	/* itmt_support */
	KNOB_CPU_PRIORITY,	/* cpu_priority */
	KNOB_ITMT_ENABLED,	/* kernel.sched_itmt_enabled (stock) */
	KNOB_CPU_CAPACITY,	/* cpu_capacity */
	NR_KNOBS
};

#define NR_SETTING_KEYS	3

/* How a knob parses a write and shows its value. */
enum knob_kind {
	KNOB_INT_SYSCTL,	/* proc_dointvec_minmax() from 0 to words - 1 */
	KNOB_UINT_SYSCTL,	/* proc_douintvec_minmax(): no sign, not even -0 */
	KNOB_BOOL,		/* debugfs "0" or "1", sysfs_streq() */
	KNOB_SELECTOR,		/* sysfs_match_string(), shows "a [b] c" */
	KNOB_PRIORITY,		/* "CPU PRIO", shows a table */
	KNOB_CAPACITY,		/* "CPU CAP", 1 to KNOB_CAPACITY_MAX, a table */
};

/* A CPU's largest capacity, SCHED_CAPACITY_SCALE. */
#define KNOB_CAPACITY_MAX	1024

/* Whether @kind shows a table of the CPUs rather than a value. */
#define KNOB_KIND_TABLE(kind) \
	((kind) == KNOB_PRIORITY || (kind) == KNOB_CAPACITY)

/*
 * A KNOB_PRIORITY write's optional third word, "CPU PRIO norebuild" (6.1
 * series 0028, 6.12 companion 0006), and the size of the buffer the
 * write is copied to (itmt_cpu_priority_write()'s char buf[48]).
 */
#define KNOB_PRIORITY_NOREBUILD	"norebuild"
#define KNOB_PRIORITY_BUF	48

/*
 * The kernel trees that have a knob: TREE_<NAME> bits of the lab's trees,
 * made from the file trees (guest-tools/Makefile), and tree_names[].
 */
#include "trees.h"

extern const char *const tree_names[NR_TREES];

/* The names of the trees in @trees (TREE_* bits), blank-separated. */
char *knob_trees_text(unsigned int trees, char *buf, size_t len);

#define KNOB_MAX_WORDS	3

struct knob {
	const char *name;	/* the file's name: "sched_asym_smt" */
	const char *var;	/* its shell variable: "ASYM_SYSCTL" */
	const char *key;	/* its key in a setting, NULL: none */
	const char *path;
	enum knob_kind kind;
	/* the values it takes in the kernel's order, NULL-terminated */
	const char *words[KNOB_MAX_WORDS + 1];
	int def;		/* index of the default in words, -1: none */
	unsigned int trees;	/* TREE_* */
	bool ours;		/* the series' own: fuzzed, tortured, restored */
};

extern const struct knob knobs[NR_KNOBS];

/* The number of words of @k. */
int knob_nwords(const struct knob *k);

/* Index of @word among the words of @k, or -1. */
int knob_word(const struct knob *k, const char *word);

/* The default word of @k, NULL if none. */
const char *knob_default(const struct knob *k);

/* The knob whose setting key is @key (@len bytes), or NULL. */
const struct knob *knob_by_key(const char *key, size_t len);

/*
 * How @k reads when @word is selected: "[squared] legacy equal" for a
 * selector, @word itself otherwise. Into @buf; return @buf.
 */
char *knob_shown(const struct knob *k, const char *word, char *buf,
		 size_t len);

/* The words of @k joined as "a, b or c" into @buf; return @buf. */
char *knob_words_text(const struct knob *k, char *buf, size_t len);

#endif
