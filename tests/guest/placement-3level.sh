#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: P1xSMT2@100,P1xSMT2@70,E2@40
# trees: 6.1 6.12
# timeout: 600
#
# Three priority levels of cores plus siblings: a fast SMT core (cpu0,1),
# a slower SMT core (cpu2,3), two E-cores (4, 6). The ideal order is 0,
# 2, then 4 and 6, then the siblings 1 and 3 by their core's priority.
. /opt/asym-smt/tests/lib.sh

# Stock 6.12: measured with 'make generations' (two runs), N=1..6 one
# loop per core first, by core priority, then the second threads.
is_stock && stock_placements 1 2 3 4 5 6

ktap_plan 12
check priorities prios_are "0:200 1:50 2:140 3:35 4:80 6:80"
set_mode default
for n in 1 2 3 4; do
	place default $n
	judge "default_n${n}_ideal" default $n [ $? -eq 0 ]
done
place default 5
judge default_n5_siblings_last default 5 siblings_last default 5
v65_placements 1 2 3 4
ktap_finish
