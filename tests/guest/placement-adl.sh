#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: P2xSMT2,E2
# trees: 6.1 6.12
# timeout: 600
#
# Placement on the ADL-like hybrid CPU (cluster topology table, as QEMU
# gives): P-cores {0,1} {2,3} raw priority 100, E-cores 4 and 6 raw 40.
# What the v5.16 series promises with the defaults: N=1..4 busy loops on
# the first threads of the P-cores, then the E-cores; N=5,6 use the SMT
# siblings last. With kernel.sched_asym_smt=0 (before the series) the seed
# says the load overflows to siblings while E-cores idle. Each half alone
# (formula only, pull check only) is recorded, not asserted. A run whose
# measurement is not sound (asym-place and /proc/stat disagree) is
# reported as SKIP: its placement cannot be judged. With
# kernel.sched_asym_smt=2 the v6.5 backport must place as stock 6.12 does.
. /opt/asym-smt/tests/lib.sh

# Stock 6.12: measured with 'make generations' (two runs) and this
# scenario, N=1..6 always ran one loop per core, P-cores first, then the
# E-cores, and the second threads last.
is_stock && stock_placements 1 2 3 4 5 6

ktap_plan 15
set_mode default
for n in 1 2 3 4; do
	place default $n
	judge "default_n${n}_ideal" default $n [ $? -eq 0 ]
done
for n in 5 6; do
	place default $n
	judge "default_n${n}_siblings_last" default $n siblings_last default $n
done
set_mode sysctl0
for n in 3 4; do
	place sysctl0 $n
	judge "sysctl0_n${n}_overflows_to_siblings" sysctl0 $n overflows_to_siblings sysctl0 $n
done
for mode in formula_only pull_only; do
	set_mode $mode
	for n in 3 4; do
		place $mode $n
	done
done
v65_placements 1 2 3 4
set_mode default
check knobs_back_to_default file_is $ASYM_SYSCTL 1
ktap_finish
