// SPDX-License-Identifier: GPL-2.0
/* The policies of SMT-aware asym packing: see policy.h. */
#include <stdio.h>
#include <string.h>

#include "policy.h"

/* name, prio_formula and smt_pull_check words, kind, sysctl, since */
const struct policy_desc policies[NR_POLICIES] = {
	[POLICY_UNKNOWN] = { "unknown" },
	[POLICY_PRE_V5_16] = { "pre-v5.16", "legacy", "none", KIND_GENERATION, "0" },
	[POLICY_V5_16] = { "v5.16", "squared", "busy_siblings", KIND_GENERATION, NULL, "5.16" },
	[POLICY_V6_5] = { "v6.5", "equal", "idle_core", KIND_GENERATION, "2", "6.5" },
	[POLICY_V5_16_FORMULA_ONLY] = { "v5.16-formula-only", "squared", "none", KIND_HALF },
	[POLICY_V5_16_PULL_ONLY] = { "v5.16-pull-only", "legacy", "busy_siblings", KIND_HALF },
	[POLICY_V6_5_FORMULA_ONLY] = { "v6.5-formula-only", "equal", "busy_siblings", KIND_HALF },
	[POLICY_V6_5_RULE_ONLY] = { "v6.5-rule-only", "squared", "idle_core", KIND_HALF },
	[POLICY_LEGACY_IDLE_CORE] = { "legacy+idle-core", "legacy", "idle_core", KIND_MIX },
	[POLICY_EQUAL_NO_PULL] = { "equal+no-pull", "equal", "none", KIND_MIX },
};

const struct policy_kind_desc policy_kinds[NR_KINDS] = {
	[KIND_NONE] = { "none", "POLICIES" },
	[KIND_GENERATION] = { "generation", "GENERATIONS" },
	[KIND_HALF] = { "half", "HALVES" },
	[KIND_MIX] = { "mix", "MIXES" },
};

/* what each policy is, for people */
const char *const policy_texts[NR_POLICIES] = {
	[POLICY_UNKNOWN] = "unknown policy",
	[POLICY_PRE_V5_16] = "before v5.16: legacy formula, no SMT pull check",
	[POLICY_V5_16] = "v5.16: squared formula and SMT pull check",
	[POLICY_V6_5] = "v6.5 and later: equal formula, idle-core rule",
	[POLICY_V5_16_FORMULA_ONLY] = "v5.16 squared formula alone (no SMT pull check)",
	[POLICY_V5_16_PULL_ONLY] = "v5.16 SMT pull check alone (legacy formula)",
	[POLICY_V6_5_FORMULA_ONLY] = "v6.5 equal formula alone (v5.16 SMT pull check)",
	[POLICY_V6_5_RULE_ONLY] = "v6.5 idle-core rule alone (squared formula)",
	[POLICY_LEGACY_IDLE_CORE] = "mixed: legacy formula, v6.5 idle-core rule",
	[POLICY_EQUAL_NO_PULL] = "mixed: equal formula, no SMT pull check",
};

bool policy_by_core(enum policy p)
{
	return policies[p].formula && !strcmp(policies[p].formula, "equal");
}

enum policy policy_by_name(const char *name)
{
	int p;

	for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++)
		if (!strcmp(name, policies[p].name))
			return p;
	return POLICY_UNKNOWN;
}

/* "MAJOR.MINOR..." of @s as MAJOR * 1000 + MINOR, or -1. */
static int release_number(const char *s)
{
	int major, minor;

	if (sscanf(s, "%d.%d", &major, &minor) != 2 || major < 0 ||
	    minor < 0 || minor >= 1000 || major > 1000)
		return -1;
	return major * 1000 + minor;
}

enum policy policy_of_release(const char *release)
{
	int r = release_number(release), p, found = POLICY_UNKNOWN;

	if (r < 0)
		return POLICY_UNKNOWN;
	/* the last generation whose first release is not after @release */
	for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++) {
		const struct policy_desc *d = &policies[p];

		if (d->kind != KIND_GENERATION)
			continue;
		if (!d->since || release_number(d->since) <= r)
			found = p;
	}
	return found;
}

enum policy policy_of(const char *release, const char *sysctl,
		      const char *formula, const char *pull,
		      enum policy_via *via)
{
	int p;

	*via = VIA_NONE;
	if (!strcmp(sysctl, "-")) {
		p = policy_of_release(release);
		if (p != POLICY_UNKNOWN)
			*via = VIA_STOCK;
		return p;
	}
	for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++) {
		const struct policy_desc *d = &policies[p];

		if (d->sysctl && !strcmp(sysctl, d->sysctl)) {
			*via = VIA_SYSCTL;
			return p;
		}
	}
	if (strcmp(sysctl, "1"))
		return POLICY_UNKNOWN;
	for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++) {
		if (!strcmp(formula, policies[p].formula) &&
		    !strcmp(pull, policies[p].pull)) {
			*via = VIA_DEBUGFS;
			return p;
		}
	}
	return POLICY_UNKNOWN;
}

const char *policy_via_name(enum policy_via via)
{
	switch (via) {
	case VIA_SYSCTL:
		return "sysctl";
	case VIA_DEBUGFS:
		return "debugfs";
	case VIA_STOCK:
		return "stock";
	default:
		return "none";
	}
}
