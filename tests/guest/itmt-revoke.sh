#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# trees: 6.1 6.12
# timeout: 300
#
# Revoking ITMT support while kernel.sched_itmt_enabled is read.
# sched_clear_itmt_support() used to unregister that sysctl with
# itmt_update_mutex held; unregister_sysctl_table() waits for the
# sysctl's handlers in flight, and the handler takes itmt_update_mutex:
# a reader that entered the handler just before a revoke deadlocked with
# it. Fixed on 6.1 by series patch 0005 and on 6.12, where intel_pstate
# revokes ITMT support on hybrid parts without SMT (929ebc93ccaa), by
# companion patch 0002. The emulation's itmt_support file revokes
# support on "0", as intel_pstate would.
#
# Two readers of the sysctl in a loop while a writer revokes and
# declares ITMT support TOGGLES times: the writer must finish within
# DEADLINE_S. A writer still running then is stuck (it cannot be
# interrupted in mutex_lock() or unregister_sysctl_table()): the test
# prints where it waits (/proc/PID/wchan) and fails. On the 6.12
# companion series without its patch 0002 the writer stuck at toggle 7
# of 200, and at toggle 3 in a second boot
# (docs/results/2026-12-06-itmt-revoke-6.12/).
. /opt/asym-smt/tests/lib.sh

TOGGLES=200
DEADLINE_S=60

# toggler: revoke and declare ITMT support TOGGLES times, then write
# "done" to /tmp/toggles.
toggler() {
	local i=1

	while [ "$i" -le "$TOGGLES" ]; do
		echo "$i" > /tmp/toggles
		echo 0 > "$ASYM_ITMT_SUPPORT" || return 1
		echo 1 > "$ASYM_ITMT_SUPPORT" || return 1
		i=$((i + 1))
	done
	echo done > /tmp/toggles
}

toggles_done() {
	[ "$(cat /tmp/toggles 2>/dev/null)" = done ]
}

# revoke_races_readers: TOGGLES revokes with two readers of the sysctl
# running finish within DEADLINE_S, and ITMT support is back on.
revoke_races_readers() {
	local r1 r2 w p ok=1

	[ -w "$ASYM_ITMT_SUPPORT" ] || { diag "no $ASYM_ITMT_SUPPORT"; return 1; }
	rm -f /tmp/toggles
	(while :; do cat "$ITMT_ENABLED_SYSCTL"; done > /dev/null 2>&1) &
	r1=$!
	(while :; do cat "$ITMT_ENABLED_SYSCTL"; done > /dev/null 2>&1) &
	r2=$!
	toggler &
	w=$!
	if ! wait_for "$DEADLINE_S" toggles_done; then
		ok=0
		diag "writer stuck at toggle $(cat /tmp/toggles) of $TOGGLES" \
			"after ${DEADLINE_S} s, waiting in $(cat /proc/$w/wchan 2>/dev/null)"
		for p in $(ls /proc | grep '^[0-9]*$'); do
			[ "$(cat /proc/$p/stat 2>/dev/null | cut -d' ' -f3)" = D ] &&
				diag "task $p ($(cat /proc/$p/comm)) in D state," \
					"waiting in $(cat /proc/$p/wchan 2>/dev/null)"
		done
	fi
	kill "$r1" "$r2" 2>/dev/null
	[ "$ok" = 1 ] || return 1
	wait "$w" || { diag "a write of $ASYM_ITMT_SUPPORT failed"; return 1; }
	diag "$TOGGLES revokes and declarations with two readers running"
	file_is "$ASYM_ITMT_SUPPORT" 1 && file_is "$ITMT_ENABLED_SYSCTL" 1
}

ktap_table "
revoke_races_readers revoke_races_readers
"
