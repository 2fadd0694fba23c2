#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: smt-module-hybrid
# trees: 6.1
#
# 6.1 gives a part with the hybrid CPUID bit a topology table without
# the cluster level (SMT, MC, DIE); v6.6 gives hybrid parts the cluster
# level of other x86 parts (17953249bf02), so that the E-cores of an L2
# module are one sched group. kernel.sched_asym_smt=2 takes it: the
# E-cores' domains are CLS and MC at 2, MC alone at 1, and after 1, 2,
# 1 every domain and group of every CPU is as before. From the state of
# smt-vs-module (both threads of the P-core and three E-cores busy, one
# E-core idle) five loops end as on stock 6.12 at 2 and at the default.
# hybrid-cluster-race runs the switch against CPU hotplug on the debug
# kernel.
. /opt/asym-smt/tests/lib.sh

START=0,1,2,4,6
RUNS=3
IDEAL="0,2,4,6,8 1,2,4,6,8"

# sysctl_set VALUE: kernel.sched_asym_smt=VALUE
sysctl_set() {
	asym-ctl write "$ASYM_SYSCTL" "$1" > /dev/null
}

ktap_table "
cluster_level_follows_mode cluster_follows_mode 0 2
default_domains_as_modelled topology_checked
sysctl2_set sysctl_set 2
sysctl2_domains_as_modelled topology_checked
sysctl1_set sysctl_set 1
v5_16_smt_core_feeds_idle_e_core ends_in v5.16 $START $RUNS $IDEAL
sysctl2_smt_core_feeds_idle_e_core ends_in v6.5 $START $RUNS $IDEAL
"
