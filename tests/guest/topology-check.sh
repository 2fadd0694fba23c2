#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: P2xSMT2,E4m2|E2m2
# trees: 6.1 6.12
#
# The caches and sched domains of a part with E-cores in L2 modules and
# two last-level caches, which QEMU cannot give and the ITMT emulation
# takes from asym_smt_l2_ids= and asym_smt_llc_ids=: asym-ctl topology
# --check compares thread_siblings_list, cluster_cpus_list, every cache's
# shared_cpu_list and the sched domains (names, spans, flags) with what
# the spec says, for the CPUs online at the time. Also after an E-core of
# a module and a P-core's sibling went offline, and after they came back:
# a CPU that comes online reads CPUID again, and must get its emulated
# L2 and LLC again.
. /opt/asym-smt/tests/lib.sh

offline_then_check() {
	set_cpu_online 6 0 && set_cpu_online 1 0 && topology_checked
}

online_then_check() {
	set_cpu_online 6 1 && set_cpu_online 1 1 && topology_checked
}

ktap_table '
as_booted topology_checked
e_core_and_sibling_offline offline_then_check
e_core_and_sibling_back online_then_check
'
