#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: smt-module-hybrid
# trees: 6.1
# kernel: debug
# suite: full
# timeout: 900
#
# The cluster level that kernel.sched_asym_smt=2 gives 6.1's hybrid
# topology table, on the debug kernel (KASAN, lockdep, and CONFIG_NUMA:
# the domains are built from a copy of the table with a NODE level,
# which the switch of tables must rebuild). The level follows the mode
# (as in hybrid-cluster); then 100 switches between 1 and 2 race with
# an E-core of the module going offline and online in a loop, and
# afterwards the domains are those of the mode in force, every group as
# at the start. The host fails the run on any splat.
. /opt/asym-smt/tests/lib.sh

SWITCHES=100
# the E-core that goes offline and online; 2 is the one checked
HOTPLUG=8

# numa_copy: the kernel has NUMA levels, so the switch rebuilds the copy.
numa_copy() {
	[ -d /sys/devices/system/node/node0 ] && return 0
	diag "no /sys/devices/system/node/node0: not a CONFIG_NUMA kernel"
	return 1
}

switches_race_hotplug() {
	local i=0 before pid

	asym-ctl set defaults > /dev/null || return 1
	before=$(every_group)
	echo 0 > /tmp/hotplugs
	(
		n=0
		while :; do
			echo 0 > /sys/devices/system/cpu/cpu$HOTPLUG/online
			echo 1 > /sys/devices/system/cpu/cpu$HOTPLUG/online
			n=$((n + 1))
			echo "$n" > /tmp/hotplugs
		done
	) 2> /dev/null &
	pid=$!
	while [ "$i" -lt "$SWITCHES" ]; do
		asym-ctl write "$ASYM_SYSCTL" 2 > /dev/null &&
			asym-ctl write "$ASYM_SYSCTL" 1 > /dev/null || break
		i=$((i + 1))
	done
	kill "$pid"
	wait "$pid" 2> /dev/null
	cpu_is_online $HOTPLUG || set_cpu_online $HOTPLUG 1 || return 1
	diag "$i of $SWITCHES switches 1, 2, 1 while cpu$HOTPLUG went offline and" \
		"online $(cat /tmp/hotplugs) times"
	[ "$i" -eq "$SWITCHES" ] || return 1
	domains_are 2 "MC" || return 1
	[ "$before" = "$(every_group)" ] || { diag "the groups differ from the start"; return 1; }
	asym-ctl write "$ASYM_SYSCTL" 2 > /dev/null && domains_are 2 "CLS MC" &&
		domains_are $HOTPLUG "CLS MC" && asym-ctl set defaults > /dev/null
}

ktap_table "
numa_levels numa_copy
cluster_level_follows_mode cluster_follows_mode 0 2
switches_race_hotplug switches_race_hotplug
"
