/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one model of the SMT-aware asym packing policies the lab compares:
 * the three generations (before v5.16, v5.16, v6.5 and later) and every
 * mix of their halves that the debugfs selectors of the 6.1 series give.
 * Each has one name, used by settings (asym-ctl set v6.5), verdicts and
 * reports; which policy a kernel runs is decided from its release and
 * knobs here, and so is how a placement under it is judged. Pure logic.
 */
#ifndef ASYM_POLICY_H
#define ASYM_POLICY_H

#include <stdbool.h>

enum policy {
	POLICY_UNKNOWN,
	POLICY_PRE_V5_16,		/* legacy formula, no SMT pull check */
	POLICY_V5_16,			/* squared formula, busy_siblings */
	POLICY_V6_5,			/* equal formula, idle_core */
	POLICY_V5_16_FORMULA_ONLY,	/* squared formula, no pull check */
	POLICY_V5_16_PULL_ONLY,		/* legacy formula, busy_siblings */
	POLICY_V6_5_FORMULA_ONLY,	/* equal formula, busy_siblings */
	POLICY_V6_5_RULE_ONLY,		/* squared formula, idle_core */
	POLICY_LEGACY_IDLE_CORE,	/* legacy formula, idle_core */
	POLICY_EQUAL_NO_PULL,		/* equal formula, no pull check */
	NR_POLICIES
};

/* How the policy in force was selected. */
enum policy_via {
	VIA_NONE,	/* unknown */
	VIA_SYSCTL,	/* kernel.sched_asym_smt 0 or 2: a whole generation */
	VIA_DEBUGFS,	/* kernel.sched_asym_smt 1: the debugfs halves */
	VIA_STOCK,	/* a kernel without the series' knobs: its release */
};

/*
 * What a policy is: one of the generations a stock kernel ran, one half of
 * a generation (its formula or its pull rule alone, the debugfs selectors
 * of the series), or another mix of the halves.
 */
enum policy_kind {
	KIND_NONE,		/* POLICY_UNKNOWN */
	KIND_GENERATION,
	KIND_HALF,
	KIND_MIX,
	NR_KINDS
};

/*
 * A kind's name ("generation") and the plural that names the list of its
 * policies for scripts (asym-ctl policies --sh: "GENERATIONS"; KIND_NONE:
 * "POLICIES", every policy).
 */
struct policy_kind_desc {
	const char *name, *plural;
};

extern const struct policy_kind_desc policy_kinds[NR_KINDS];

struct policy_desc {
	const char *name;	/* "v5.16-formula-only" */
	/* at kernel.sched_asym_smt=1: the words of prio_formula and
	 * smt_pull_check that select it */
	const char *formula, *pull;
	enum policy_kind kind;
	/* the kernel.sched_asym_smt value that selects it whole, or NULL
	 * (then the setting is 1 with the two words above) */
	const char *sysctl;
	/*
	 * A generation: the first upstream release that ran it ("5.16"),
	 * NULL for the first generation. The generations are in the table
	 * in the order of these releases.
	 */
	const char *since;
};

extern const struct policy_desc policies[NR_POLICIES];
/* What each policy is, for people: "v5.16: squared formula and ..." */
extern const char *const policy_texts[NR_POLICIES];

/* The policy named @name, or POLICY_UNKNOWN. */
enum policy policy_by_name(const char *name);

/*
 * The policy in force, from the kernel release (uname -r) and the knobs'
 * selected words, "-" for a knob the kernel does not have; the way it was
 * selected into *@via.
 */
enum policy policy_of(const char *release, const char *sysctl,
		      const char *formula, const char *pull,
		      enum policy_via *via);

/*
 * Whether placement under @p is judged by core: its formula gives the
 * threads of a core one priority (equal), so the kernel cannot prefer one
 * thread to the other and only the number of busy threads per core
 * matters.
 */
bool policy_by_core(enum policy p);

/*
 * The generation a stock kernel of @release ("6.12.118", uname -r) runs,
 * from the generations' releases; POLICY_UNKNOWN if @release is no
 * "MAJOR.MINOR...".
 */
enum policy policy_of_release(const char *release);

/* "sysctl", "debugfs", "stock" or "none". */
const char *policy_via_name(enum policy_via via);

#endif
