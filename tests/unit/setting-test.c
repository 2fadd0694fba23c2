// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the one knob model (guest-tools/knobs.c), the
 * setting grammar (setting.c), the policies (policy.c) and the lists of
 * counts (opt.c). KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "lib.h"
#include "setting.h"
#include "ktap.h"

const char *prog = "setting-test";

/* --- settings --- */

/* @text parses and, resolved, reads @want. */
static void setting_ok(const char *name, const char *text, const char *set,
		       const char *resolved)
{
	struct setting s;
	char err[256] = "", got[256], got2[256];
	int ok = !setting_parse(text, &s, err, sizeof(err));

	if (ok)
		setting_format(&s, got, sizeof(got));
	ok = ok && !strcmp(got, set);
	if (ok) {
		setting_resolve(&s);
		setting_format(&s, got2, sizeof(got2));
		ok = !strcmp(got2, resolved);
		if (!ok)
			printf("# resolved '%s', expected '%s'\n", got2,
			       resolved);
	} else {
		printf("# '%s': %s\n", text, err[0] ? err : got);
	}
	report(ok, name);
}

/* @text is rejected with an error that contains @want. */
static void setting_bad(const char *name, const char *text, const char *want)
{
	struct setting s;
	char err[256] = "";
	int ok = setting_parse(text, &s, err, sizeof(err)) == -1 &&
		 strstr(err, want);

	if (!ok)
		printf("# '%s': error '%s', expected '%s'\n", text, err, want);
	report(ok, name);
}

static void settings(void)
{
	static const char *const defaults =
		"sysctl=1 formula=squared pull=busy_siblings";
	struct setting s;
	char err[64];

	setting_ok("setting_empty_is_defaults", "", "", defaults);
	setting_ok("setting_blanks_is_defaults", "  \t ", "", defaults);
	setting_ok("setting_one_key", "sysctl=0", "sysctl=0",
		   "sysctl=0 formula=squared pull=busy_siblings");
	setting_ok("setting_all_keys_any_order",
		   " pull=none  formula=legacy\tsysctl=1 ",
		   "sysctl=1 formula=legacy pull=none",
		   "sysctl=1 formula=legacy pull=none");
	setting_ok("setting_v6_5_values", "sysctl=2 formula=equal pull=idle_core",
		   "sysctl=2 formula=equal pull=idle_core",
		   "sysctl=2 formula=equal pull=idle_core");
	setting_bad("setting_unknown_key", "sysctl=0 prio=1", "unknown key");
	setting_bad("setting_bad_value", "formula=cubed",
		    "squared, legacy or equal");
	setting_bad("setting_pull_old_bool", "pull=1",
		    "none, busy_siblings or idle_core");
	setting_bad("setting_sysctl_3", "sysctl=3", "0, 1 or 2");
	setting_bad("setting_bool_word", "sysctl=on", "0, 1 or 2");
	setting_bad("setting_no_equals", "sysctl", "not KEY=VALUE");
	setting_bad("setting_empty_value", "pull=",
		    "none, busy_siblings or idle_core");
	setting_bad("setting_empty_key", "=1", "unknown key");
	setting_bad("setting_twice", "sysctl=0 sysctl=1", "given twice");
	setting_bad("setting_prefix_key", "sys=1", "unknown key");
	setting_bad("setting_value_trailing", "sysctl=1x", "0, 1 or 2");
	setting_ok("setting_defaults_word", " defaults ", defaults, defaults);
	setting_bad("setting_defaults_after_key", "sysctl=0 defaults",
		    "give it alone");
	setting_bad("setting_key_after_defaults", "defaults pull=none",
		    "pull given twice");
	setting_bad("setting_defaults_twice", "defaults defaults",
		    "give it alone");
	setting_ok("setting_policy_v6_5", "v6.5",
		   "sysctl=2 formula=squared pull=busy_siblings",
		   "sysctl=2 formula=squared pull=busy_siblings");
	setting_ok("setting_policy_pre_v5_16", " pre-v5.16 ",
		   "sysctl=0 formula=squared pull=busy_siblings",
		   "sysctl=0 formula=squared pull=busy_siblings");
	setting_ok("setting_policy_half", "v5.16-formula-only",
		   "sysctl=1 formula=squared pull=none",
		   "sysctl=1 formula=squared pull=none");
	setting_ok("setting_policy_v5_16_is_defaults", "v5.16", defaults,
		   defaults);
	setting_bad("setting_policy_with_key", "v6.5 pull=none",
		    "pull given twice");
	setting_bad("setting_key_then_policy", "pull=none v6.5",
		    "give it alone");
	setting_bad("setting_unknown_word", "v6.6", "not KEY=VALUE, a policy");

	setting_init(&s);
	report(!setting_parse_word("formula=legacy", &s, err, sizeof(err)) &&
	       !strcmp(setting_value(&s, KNOB_FORMULA), "legacy") &&
	       !setting_value(&s, KNOB_SYSCTL) && !setting_value(&s, KNOB_PULL),
	       "assign_sets_one_key");
	report(!strcmp(knob_default(&knobs[KNOB_SYSCTL]), "1") &&
	       !strcmp(knob_default(&knobs[KNOB_FORMULA]), "squared") &&
	       !strcmp(knob_default(&knobs[KNOB_PULL]), "busy_siblings") &&
	       !strcmp(knob_default(&knobs[KNOB_ITMT_SUPPORT]), "1"),
	       "defaults_are_the_kernels");
}

/* --- tasks --- */

static void tasks_ok(const char *name, const char *arg, int max,
		     const int *want, int nwant)
{
	int list[64], got;
	char err[128];

	got = parse_counts(arg, list, max, err, sizeof(err));
	report(got == nwant && !memcmp(list, want, nwant * sizeof(*want)),
	       name);
}

static void tasks_bad(const char *name, const char *arg, int max)
{
	int list[64];
	char err[128] = "";

	report(parse_counts(arg, list, max, err, sizeof(err)) == -1 &&
	       strstr(err, arg), name);
}

static void tasks(void)
{
	static const int r16[] = { 1, 2, 3, 4, 5, 6 };
	static const int odd[] = { 1, 3, 5 };
	static const int one[] = { 4 };
	static const int same[] = { 2 };

	tasks_ok("tasks_range", "1-6", 64, r16, 6);
	tasks_ok("tasks_list", "1,3,5", 64, odd, 3);
	tasks_ok("tasks_single", "4", 64, one, 1);
	tasks_ok("tasks_range_of_one", "2-2", 64, same, 1);
	tasks_bad("tasks_zero", "0-3", 64);
	tasks_bad("tasks_descending_range", "4-2", 64);
	tasks_bad("tasks_descending_list", "3,1", 64);
	tasks_bad("tasks_repeat", "1,1", 64);
	tasks_bad("tasks_over_max", "1-9", 8);
	tasks_bad("tasks_mixed", "1-3,5", 64);
	tasks_bad("tasks_empty", "", 64);
	tasks_bad("tasks_trailing_comma", "1,", 64);
	tasks_bad("tasks_negative", "-1", 64);
	tasks_bad("tasks_junk", "1-3x", 64);
}

/* --- policies --- */

/* Every policy's setting, as a name, selects that policy again. */
static void policy_round_trip(void)
{
	int p, ok = 1;

	for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++) {
		struct setting s;
		enum policy_via via;
		enum policy got;

		ok &= !setting_parse(policies[p].name, &s, NULL, 0) &&
		      s.policy == (enum policy)p;
		got = policy_of("6.1.192+", setting_value(&s, KNOB_SYSCTL),
				setting_value(&s, KNOB_FORMULA),
				setting_value(&s, KNOB_PULL), &via);
		if (got != (enum policy)p) {
			printf("# %s selects %s\n", policies[p].name,
			       policies[got].name);
			ok = 0;
		}
	}
	report(ok, "policy_names_select_their_policy");
}

static void policy(void)
{
	/* Rows of one test are together; each test reports once. */
	static const struct {
		const char *test, *release, *sysctl, *formula, *pull;
		enum policy want;
		enum policy_via via;
	} cases[] = {
		{ "policy_v5_16_defaults", "6.1.192+", "1", "squared",
		  "busy_siblings", POLICY_V5_16, VIA_DEBUGFS },
		{ "policy_sysctl_0", "6.1.192+", "0", "squared", "busy_siblings",
		  POLICY_PRE_V5_16, VIA_SYSCTL },
		/* 2 is the v6.5 policy whatever debugfs selects. */
		{ "policy_sysctl_2", "6.1.192+", "2", "squared", "busy_siblings",
		  POLICY_V6_5, VIA_SYSCTL },
		{ "policy_halves", "6.1.192+", "1", "squared", "none",
		  POLICY_V5_16_FORMULA_ONLY, VIA_DEBUGFS },
		{ "policy_halves", "6.1.192+", "1", "legacy", "busy_siblings",
		  POLICY_V5_16_PULL_ONLY, VIA_DEBUGFS },
		{ "policy_halves", "6.1.192+", "1", "legacy", "none",
		  POLICY_PRE_V5_16, VIA_DEBUGFS },
		{ "policy_halves", "6.1.192+", "1", "equal", "idle_core",
		  POLICY_V6_5, VIA_DEBUGFS },
		{ "policy_halves", "6.1.192+", "1", "equal", "busy_siblings",
		  POLICY_V6_5_FORMULA_ONLY, VIA_DEBUGFS },
		{ "policy_halves", "6.1.192+", "1", "squared", "idle_core",
		  POLICY_V6_5_RULE_ONLY, VIA_DEBUGFS },
		{ "policy_halves", "6.1.192+", "1", "legacy", "idle_core",
		  POLICY_LEGACY_IDLE_CORE, VIA_DEBUGFS },
		{ "policy_halves", "6.1.192+", "1", "equal", "none",
		  POLICY_EQUAL_NO_PULL, VIA_DEBUGFS },
		{ "policy_stock_by_release", "6.12.118", "-", "-", "-",
		  POLICY_V6_5, VIA_STOCK },
		{ "policy_stock_by_release", "7.0.1", "-", "-", "-",
		  POLICY_V6_5, VIA_STOCK },
		{ "policy_stock_by_release", "6.1.192", "-", "-", "-",
		  POLICY_V5_16, VIA_STOCK },
		{ "policy_stock_by_release", "5.15.0", "-", "-", "-",
		  POLICY_PRE_V5_16, VIA_STOCK },
		/* the first release of each generation, and the one before */
		{ "policy_stock_first_releases", "6.5.0", "-", "-", "-",
		  POLICY_V6_5, VIA_STOCK },
		{ "policy_stock_first_releases", "6.4.16", "-", "-", "-",
		  POLICY_V5_16, VIA_STOCK },
		{ "policy_stock_first_releases", "5.16", "-", "-", "-",
		  POLICY_V5_16, VIA_STOCK },
		{ "policy_stock_first_releases", "5.9.1", "-", "-", "-",
		  POLICY_PRE_V5_16, VIA_STOCK },
		{ "policy_stock_first_releases", "4.10.0", "-", "-", "-",
		  POLICY_PRE_V5_16, VIA_STOCK },
		{ "policy_unknown", "x", "-", "-", "-", POLICY_UNKNOWN,
		  VIA_NONE },
		{ "policy_unknown", "6.1", "7", "squared", "busy_siblings",
		  POLICY_UNKNOWN, VIA_NONE },
		{ "policy_unknown", "6.1", "1", "squared", "1", POLICY_UNKNOWN,
		  VIA_NONE },
	};
	int i, ok = 1;

	for (i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
		enum policy_via via;
		enum policy got = policy_of(cases[i].release, cases[i].sysctl,
					    cases[i].formula, cases[i].pull,
					    &via);

		if (got != cases[i].want || via != cases[i].via) {
			printf("# %s %s %s %s: %s by %s, expected %s by %s\n",
			       cases[i].release, cases[i].sysctl,
			       cases[i].formula, cases[i].pull,
			       policies[got].name, policy_via_name(via),
			       policies[cases[i].want].name,
			       policy_via_name(cases[i].via));
			ok = 0;
		}
		if (i + 1 == (int)(sizeof(cases) / sizeof(cases[0])) ||
		    strcmp(cases[i + 1].test, cases[i].test)) {
			report(ok, cases[i].test);
			ok = 1;
		}
	}
	/* The equal formula gives the threads of a core one priority. */
	for (i = POLICY_UNKNOWN; i < NR_POLICIES; i++)
		ok &= policy_by_core(i) == (i == POLICY_V6_5 ||
					    i == POLICY_V6_5_FORMULA_ONLY ||
					    i == POLICY_EQUAL_NO_PULL);
	report(ok, "policy_equal_formula_judged_by_core");
	report(policy_by_name("v6.5-rule-only") == POLICY_V6_5_RULE_ONLY &&
	       policy_by_name("unknown") == POLICY_UNKNOWN &&
	       policy_by_name("V6.5") == POLICY_UNKNOWN, "policy_by_name");
}

/*
 * The registry: every policy has a kind and only generations have a
 * first release; the generations come in the order of their first
 * releases (each is what a stock kernel of its first release runs), only
 * the first has none.
 */
static void policy_registry(void)
{
	int p, ngen = 0, ok = 1;

	for (p = POLICY_UNKNOWN + 1; p < NR_POLICIES; p++) {
		const struct policy_desc *d = &policies[p];

		if (d->kind == KIND_NONE) {
			printf("# %s: no kind\n", d->name);
			ok = 0;
		}
		if (d->kind != KIND_GENERATION) {
			if (d->since) {
				printf("# %s: a release but no generation\n",
				       d->name);
				ok = 0;
			}
			continue;
		}
		/* out of order, a later one would win its first release */
		if (!ngen++ ? d->since != NULL :
		    !d->since || policy_of_release(d->since) != (enum policy)p) {
			printf("# generation %s (since %s) out of order\n",
			       d->name, d->since ? d->since : "-");
			ok = 0;
		}
	}
	report(ok && ngen == 3, "policy_registry_generations_in_order");
	report(!strcmp(policy_kinds[policies[POLICY_V6_5_RULE_ONLY].kind].name,
		       "half") &&
	       !strcmp(policy_kinds[policies[POLICY_EQUAL_NO_PULL].kind].name,
		       "mix") &&
	       !strcmp(policy_kinds[policies[POLICY_V5_16].kind].name,
		       "generation"), "policy_kind_names");
}

/* --- the knob model --- */

static void knob_model(void)
{
	char buf[128];

	report(!strcmp(knob_shown(&knobs[KNOB_FORMULA], "legacy", buf,
				  sizeof(buf)), "squared [legacy] equal") &&
	       !strcmp(knob_shown(&knobs[KNOB_SYSCTL], "2", buf, sizeof(buf)),
		       "2"), "knob_shown");
	report(!strcmp(setting_grammar(buf, sizeof(buf), " "),
		       "sysctl=0|1|2 formula=squared|legacy|equal pull=none|busy_siblings|idle_core"),
	       "setting_grammar");
	report(knob_by_key("pull", 4) == &knobs[KNOB_PULL] &&
	       !knob_by_key("pul", 3) && !knob_by_key("itmt_support", 12) &&
	       knob_word(&knobs[KNOB_PULL], "idle_core") == 2 &&
	       knob_word(&knobs[KNOB_PULL], "1") == -1, "knob_lookup");
}

int main(void)
{
	ktap_begin();
	settings();
	tasks();
	policy_round_trip();
	policy();
	policy_registry();
	knob_model();
	return ktap_end();
}
