// SPDX-License-Identifier: GPL-2.0
/* The one model of the asym-smt knobs: see knobs.h. */
#include <stdio.h>
#include <string.h>

#include "knobs.h"
#include "out.h"

#define ASYM_DEBUGFS	"/sys/kernel/debug/sched/asym_smt/"

const struct knob knobs[NR_KNOBS] = {
	[KNOB_SYSCTL] = {
		"sched_asym_smt", "ASYM_SYSCTL", "sysctl",
		"/proc/sys/kernel/sched_asym_smt", KNOB_UINT_SYSCTL,
		{ "0", "1", "2" }, 1, TREE_6_1, true,
	},
	[KNOB_FORMULA] = {
		"prio_formula", "ASYM_PRIO_FORMULA", "formula",
		ASYM_DEBUGFS "prio_formula", KNOB_SELECTOR,
		{ "squared", "legacy", "equal" }, 0, TREE_6_1, true,
	},
	[KNOB_PULL] = {
		"smt_pull_check", "ASYM_SMT_PULL_CHECK", "pull",
		ASYM_DEBUGFS "smt_pull_check", KNOB_SELECTOR,
		{ "none", "busy_siblings", "idle_core" }, 1, TREE_6_1, true,
	},
	[KNOB_ITMT_SUPPORT] = {
		"itmt_support", "ASYM_ITMT_SUPPORT", NULL,
		ASYM_DEBUGFS "itmt_support", KNOB_BOOL,
		{ "0", "1" }, 1, TREE_6_1 | TREE_6_12, true,
	},
	[KNOB_CPU_PRIORITY] = {
		"cpu_priority", "ASYM_CPU_PRIORITY", NULL,
		ASYM_DEBUGFS "cpu_priority", KNOB_PRIORITY,
		{ NULL }, -1, TREE_6_1 | TREE_6_12, true,
	},
	[KNOB_ITMT_ENABLED] = {
		"sched_itmt_enabled", "ITMT_ENABLED_SYSCTL", NULL,
		"/proc/sys/kernel/sched_itmt_enabled", KNOB_INT_SYSCTL,
		{ "0", "1" }, 1, TREE_6_1 | TREE_6_12, false,
	},
	[KNOB_CPU_CAPACITY] = {
		"cpu_capacity", "ASYM_CPU_CAPACITY", NULL,
		ASYM_DEBUGFS "cpu_capacity", KNOB_CAPACITY,
		{ NULL }, -1, TREE_6_12, true,
	},
};

int knob_nwords(const struct knob *k)
{
	int n = 0;

	while (n < KNOB_MAX_WORDS && k->words[n])
		n++;
	return n;
}

int knob_word(const struct knob *k, const char *word)
{
	int i;

	for (i = 0; i < knob_nwords(k); i++)
		if (!strcmp(word, k->words[i]))
			return i;
	return -1;
}

const char *knob_default(const struct knob *k)
{
	return k->def < 0 ? NULL : k->words[k->def];
}

const struct knob *knob_by_key(const char *key, size_t len)
{
	int i;

	for (i = 0; i < NR_KNOBS; i++)
		if (knobs[i].key && strlen(knobs[i].key) == len &&
		    !strncmp(key, knobs[i].key, len))
			return &knobs[i];
	return NULL;
}

char *knob_shown(const struct knob *k, const char *word, char *buf,
		 size_t len)
{
	int i;

	if (!len)
		return buf;
	buf[0] = '\0';
	if (k->kind != KNOB_SELECTOR)
		return out_add(buf, len, "%s", word);
	for (i = 0; i < knob_nwords(k); i++) {
		int sel = !strcmp(word, k->words[i]);

		out_add(buf, len, "%s%s%s%s", i ? " " : "", sel ? "[" : "",
			k->words[i], sel ? "]" : "");
	}
	return buf;
}

char *knob_words_text(const struct knob *k, char *buf, size_t len)
{
	int i, n = knob_nwords(k);

	if (!len)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		out_add(buf, len, "%s%s", !i ? "" : i == n - 1 ? " or " : ", ",
			k->words[i]);
	return buf;
}

const char *const tree_names[NR_TREES] = { TREE_NAMES };

char *knob_trees_text(unsigned int trees, char *buf, size_t len)
{
	int t;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (t = 0; t < NR_TREES; t++)
		if (trees & (1u << t))
			out_add(buf, len, "%s%s", buf[0] ? " " : "",
				tree_names[t]);
	return buf;
}
