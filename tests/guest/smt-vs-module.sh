#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: smt-module
# trees: 6.1 6.12
# timeout: 600
#
# An SMT P-core with both threads busy beside an E-core module of 4 with
# 3 busy (lab CPUs 0,1 and 2,4,6; E-core 8 idle): the state where
# v6.6's group_smt_balance acts. Five loops released from there reach
# the ideal (one thread of the P-core and the four E-cores) on stock
# 6.12, where smt_vs_nonsmt_groups() forces the balance, on 6.1 at its
# default (v5.16), through asym_smt_can_pull_tasks(), and on 6.1 at
# kernel.sched_asym_smt=2, which takes v6.6's SMT balance. Without it
# (the series before issue 30) mode 2 held both threads of the P-core
# busy and the E-core idle in every run: the prefer-sibling test failed
# (2 > 3 + 1 is false), the E-core module had no fewer idle CPUs than
# the P-core plus one, and the balance ended in out_balanced
# (docs/results/2026-12-06-smt-vs-module/).
#
# Each row runs its start RUNS times and requires every run to end in
# (or hold for most of its window) one of the placements listed.
. /opt/asym-smt/tests/lib.sh

START=0,1,2,4,6
RUNS=3
IDEAL="0,2,4,6,8 1,2,4,6,8"

is_stock && ktap_table "
stock_smt_core_feeds_idle_e_core ends_in v6.5 $START $RUNS $IDEAL
"

ktap_table "
v5_16_smt_core_feeds_idle_e_core ends_in v5.16 $START $RUNS $IDEAL
sysctl2_smt_core_feeds_idle_e_core ends_in v6.5 $START $RUNS $IDEAL
"
