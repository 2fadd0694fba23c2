#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: seed
# trees: 6.1 6.12
# timeout: 300
#
# The example of "x86/sched: Decrease further the priorities of SMT
# siblings": two SMT2 cores of raw priority 60 and 30. Legacy priorities
# [120, 60], [60, 30] tie the fast core's sibling with the slow core's
# first thread; squared ones [120, 30], [60, 15] do not. Two busy loops
# belong on the first threads {0,2} with the squared formula.
. /opt/asym-smt/tests/lib.sh

# Stock 6.12 (siblings share the core's priority): measured with 'make
# generations' (two runs), N=1..4 one loop per core first, fast core first.
is_stock && ktap_table "$(placement_rows stock v6.5 ideal_by_core 1 2 3 4)"

# formula_gives FORMULA PRIOS: prio_formula=FORMULA shows PRIOS.
formula_gives() {
	asym-ctl set "formula=$1" > /dev/null && prios_are "$2"
}

BOOT_PRIOS=$(prios)
ktap_table "
squared_priorities prios_are '0:120 1:30 2:60 3:15'
squared_n2_on_first_threads placed v5.16 2 ideal
legacy_priorities formula_gives legacy '0:120 1:60 2:60 3:30'
back_to_squared formula_gives squared '0:120 1:30 2:60 3:15'
$(placement_rows sysctl2 v6.5 ideal_by_core 1 2)
sysctl2_back_to_1_restores_priorities defaults_restore \"\$BOOT_PRIOS\"
"
