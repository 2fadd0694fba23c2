#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
#
# ITMT priorities across CPU hotplug (raw priorities 100 and 40, set by
# asym-ctl topology at boot). A recompute (kernel.sched_asym_smt 1 -> 0
# -> 1) uses the sibling index each priority was set with, not the
# siblings online now: the surviving second thread of a core keeps the
# priority of a second thread. A thread that was offline while its core's
# priority was written comes back with the written priority, as on
# hardware, where intel_pstate sets it again when the CPU comes online.
. /opt/asym-smt/tests/lib.sh

# index_is CPU I: cpu_priority says CPU's priority was computed as sibling I.
index_is() {
	local got

	got=$(prios index)
	case " $got " in
	*" $1:$2 "*) return 0 ;;
	esac
	diag "sibling indexes '$got', expected cpu$1 at $2"
	return 1
}

# sysctl_round_trip LEGACY: 0 gives the legacy priorities LEGACY, 1 the
# priorities from before.
sysctl_round_trip() {
	local before

	before=$(prios)
	echo 0 > $ASYM_SYSCTL && prios_are "$1" &&
		echo 1 > $ASYM_SYSCTL && prios_are "$before"
}

# The second thread of P-core 2-3 keeps index 2 and its priority.
second_thread_kept() {
	index_is 3 2 && prios_are "0:200 1:50 3:50 4:80 6:80"
}

# Write core 2-3's priority while its second thread is offline, then
# bring the thread back.
write_while_offline() {
	set_cpu_online 3 0 && echo "2 60" > $ASYM_CPU_PRIORITY &&
		prios_are "0:200 1:50 2:120 4:80 6:80" && set_cpu_online 3 1
}

# restore_core_priority: core 2-3 back to raw priority 100.
restore_core_priority() {
	echo "2 100" > $ASYM_CPU_PRIORITY && prios_are "0:200 1:50 2:200 3:50 4:80 6:80"
}

ktap_table "
boot_priorities prios_are '0:200 1:50 2:200 3:50 4:80 6:80'
# The first thread of P-core 2-3 goes away; nothing is recomputed.
first_thread_offline set_cpu_online 2 0
second_thread_keeps_index_and_priority second_thread_kept
sysctl_round_trip_keeps_priorities sysctl_round_trip '0:200 1:100 3:100 4:80 6:80'
first_thread_online set_cpu_online 2 1
core_priorities_after_online prios_are '0:200 1:50 2:200 3:50 4:80 6:80'
# A write while the second thread is offline reaches it when it comes back.
write_while_thread_offline write_while_offline
offline_thread_gets_written_priority prios_are '0:200 1:50 2:120 3:30 4:80 6:80'
restored restore_core_priority
"
