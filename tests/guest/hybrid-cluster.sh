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
. /opt/asym-smt/tests/lib.sh

START=0,1,2,4,6
RUNS=3
IDEAL="0,2,4,6,8 1,2,4,6,8"

# domains_are CPU NAMES: CPU's sched domains, bottom up, are NAMES.
domains_are() {
	local d got=

	for d in "$SCHED_DOMAINS/cpu$1"/domain*; do
		got="$got${got:+ }$(cat "$d/name")"
	done
	[ "$got" = "$2" ] && return 0
	diag "cpu$1: domains '$got', expected '$2'"
	return 1
}

# every_group: every domain and group of every CPU, one line each.
every_group() {
	local f

	for f in "$SCHED_DOMAINS"/cpu*/domain*/groups; do
		sed "s|^|${f#"$SCHED_DOMAINS"/} $(cat "${f%/groups}/name") |" "$f"
	done
}

cluster_level_follows_mode() {
	local before after

	asym-ctl set defaults > /dev/null || return 1
	before=$(every_group)
	[ -n "$before" ] || { diag "no groups file"; return 1; }
	domains_are 0 "SMT MC" && domains_are 2 "MC" || return 1
	echo 2 > /proc/sys/kernel/sched_asym_smt || return 1
	domains_are 0 "SMT MC" && domains_are 2 "CLS MC" &&
		domains_are 8 "CLS MC" || return 1
	echo 1 > /proc/sys/kernel/sched_asym_smt || return 1
	domains_are 2 "MC" || return 1
	after=$(every_group)
	[ "$before" = "$after" ] && return 0
	diag "the groups after 1, 2, 1 differ from those before:"
	printf '%s\n' "$before" > /tmp/groups-before
	printf '%s\n' "$after" | diff /tmp/groups-before - | sed 's/^/# /'
	return 1
}

ktap_table "
cluster_level_follows_mode cluster_level_follows_mode
v5_16_smt_core_feeds_idle_e_core ends_in v5.16 $START $RUNS $IDEAL
sysctl2_smt_core_feeds_idle_e_core ends_in v6.5 $START $RUNS $IDEAL
"
