#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
#
# The KUnit suites of the series ran at boot and passed: the ITMT formulas
# and a priority update racing with a switch, the SMT pull decisions of
# v5.16 and v6.5, the steps of a switch of kernel.sched_asym_smt, and the
# SMT balancing that mode 2 takes from v6.6.
# Their KTAP comes from debugfs.
. /opt/asym-smt/tests/lib.sh

# suite_passed SUITE N: SUITE ran N cases and every one passed.
suite_passed() {
	local r=/sys/kernel/debug/kunit/$1/results

	[ -f "$r" ] || { diag "suite $1 did not run"; return 1; }
	sed 's/^/# /' "$r"
	grep -q "^ok 1 $1\$" "$r" && ! grep -q "^ *not ok" "$r" &&
		grep -q "# Totals: pass:$2 fail:0 skip:0 total:$2\$" "$r"
}

ktap_table "
x86_itmt_prio suite_passed x86_itmt_prio 13
sched_asym_smt_pull suite_passed sched_asym_smt_pull 13
sched_asym_idle_core suite_passed sched_asym_idle_core 9
sched_asym_smt_switch suite_passed sched_asym_smt_switch 7
sched_asym_smt_balance suite_passed sched_asym_smt_balance 21
"
