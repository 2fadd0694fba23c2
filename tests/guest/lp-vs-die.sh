#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: lp-die
# trees: 6.1 6.12
# timeout: 900
#
# A compute die (an SMT P-core, lab CPUs 0,1, and an E-core module, 2
# and 4) beside two low-power E-cores in an LLC of their own (6 and 8,
# the lowest priority): the die domain balances between an LLC group of
# 3 cores and one of 2. Four and five loops from starts that fill the
# die, the low-power LLC, or both.
#
# Stock 6.12 and 6.1 at kernel.sched_asym_smt=2 end on the ideal (the
# P-core's one thread, both E-cores, then the low-power E-cores) in
# every run: the die domain packs by priority across the LLCs
# (044f0e27dec6, patch 0021). 6.1 at its default (v5.16) has no asym
# packing in the die domain: prefer-sibling evens the task counts of the
# two LLC groups, so 4 loops end with 2 on the low-power E-cores while
# an E-core of the die idles, in every run (measured 3 of 3 from each
# start, docs/results/2026-12-06-lp-vs-die/).
#
# Each row runs its start RUNS times and requires every run to end in
# (or hold for most of its window) one of the placements listed.
. /opt/asym-smt/tests/lib.sh

RUNS=3
IDEAL4="0,2,4,6 0,2,4,8 1,2,4,6 1,2,4,8"
IDEAL5="0,2,4,6,8 1,2,4,6,8"
# two loops on the low-power E-cores, one on the P-core, an E-core idle
EVEN4="0,2,6,8 0,4,6,8 1,2,6,8 1,4,6,8"

is_stock && ktap_table "
stock_n4_die_full_packs_die ends_in v6.5 0,1,2,4 $RUNS $IDEAL4
stock_n4_lp_full_packs_die ends_in v6.5 0,1,6,8 $RUNS $IDEAL4
stock_n5_die_full_ideal ends_in v6.5 0,1,2,4,6 $RUNS $IDEAL5
stock_n5_lp_full_ideal ends_in v6.5 0,1,2,6,8 $RUNS $IDEAL5
"

ktap_table "
sysctl2_n4_die_full_packs_die ends_in v6.5 0,1,2,4 $RUNS $IDEAL4
sysctl2_n4_lp_full_packs_die ends_in v6.5 0,1,6,8 $RUNS $IDEAL4
sysctl2_n5_die_full_ideal ends_in v6.5 0,1,2,4,6 $RUNS $IDEAL5
sysctl2_n5_lp_full_ideal ends_in v6.5 0,1,2,6,8 $RUNS $IDEAL5
v5_16_n4_die_full_evens_llcs ends_in v5.16 0,1,2,4 $RUNS $EVEN4
v5_16_n4_lp_full_evens_llcs ends_in v5.16 0,1,6,8 $RUNS $EVEN4
v5_16_n5_die_full_ideal ends_in v5.16 0,1,2,4,6 $RUNS $IDEAL5
v5_16_n5_lp_full_ideal ends_in v5.16 0,1,2,6,8 $RUNS $IDEAL5
"
