#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: P2xSMT2,E2
# append: asym_smt_hybrid_topology
# timeout: 600
#
# The same ADL-like CPU with the hybrid topology table (SMT, MC, DIE; no
# cluster level) that a real Alder Lake gets from its hybrid CPUID bit,
# forced with asym_smt_hybrid_topology. Defaults must place as the series
# promises; kernel.sched_asym_smt=0 is recorded.
. /opt/asym-smt/tests/lib.sh

ktap_plan 8
check hybrid_table_requested grep -qw asym_smt_hybrid_topology /proc/cmdline
check smt_groups_share_capacity grep -q "^span=0-1 .*SD_SHARE_CPUCAPACITY" \
	"$(domain_dir 4 MC)/groups"
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
	overflows_to_siblings sysctl0 $n && diag "sysctl0 N=$n overflows to siblings"
done
set_mode default
ktap_finish
