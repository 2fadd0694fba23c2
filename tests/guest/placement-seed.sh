#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: P1xSMT2@60,P1xSMT2@30
# trees: 6.1 6.12
# timeout: 300
#
# The example of "x86/sched: Decrease further the priorities of SMT
# siblings": two SMT2 cores of raw priority 60 and 30. Legacy priorities
# [120, 60], [60, 30] tie the fast core's sibling with the slow core's
# first thread; squared ones [120, 30], [60, 15] do not. Two busy loops
# belong on the first threads {0,2} with the squared formula; with the
# legacy one, cpu1 ties cpu2 and either is recorded.
. /opt/asym-smt/tests/lib.sh

# Stock 6.12 (siblings share the core's priority): measured with 'make
# generations' (two runs), N=1..4 one loop per core first, fast core first.
is_stock && stock_placements 1 2 3 4

ktap_plan 8
check squared_priorities prios_are "0:120 1:30 2:60 3:15"
place squared 2
judge squared_n2_on_first_threads squared 2 [ $? -eq 0 ]
asym-ctl write $ASYM_PRIO_FORMULA legacy >/dev/null
check legacy_priorities prios_are "0:120 1:60 2:60 3:30"
place legacy 2
diag "legacy N=2: cpu1 residency $(residency legacy 2 1), cpu2 residency $(residency legacy 2 2)"
asym-ctl write $ASYM_PRIO_FORMULA squared >/dev/null
check back_to_squared prios_are "0:120 1:30 2:60 3:15"
v65_placements 1 2
ktap_finish
