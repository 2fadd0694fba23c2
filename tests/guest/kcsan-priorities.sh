#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# kernel: kcsan
# suite: full
# append: kcsan.skip_watch=400
# timeout: 600
#
# The race KCSAN would see if the series' priorities were not marked: the
# load balancer reads each CPU's ITMT priority (arch_asym_cpu_priority())
# while a write of prio_formula rewrites them all. 60 s of such rewrites
# beside three busy loops (so that idle CPUs balance), with KCSAN set to
# watch ten times as many accesses as by default (kcsan.skip_watch=400).
# The host fails the run on a KCSAN report in a function the series
# changes (scripts/kcsan-report). With the read in
# arch_asym_cpu_priority() made plain, this run reports that race.
. /opt/asym-smt/tests/lib.sh

# rewrite_priorities SEC: switch prio_formula back and forth for SEC
# seconds beside three busy loops; every write accepted, at least one.
rewrite_priorities() {
	local end n=0 pids= i failed=0

	for i in 1 2 3; do
		(while :; do :; done) &
		pids="$pids $!"
	done
	end=$(($(date +%s) + $1))
	while [ "$(date +%s)" -lt "$end" ]; do
		if ! echo legacy > "$ASYM_PRIO_FORMULA" ||
		   ! echo squared > "$ASYM_PRIO_FORMULA"; then
			failed=1
			break
		fi
		n=$((n + 2))
	done
	kill $pids
	diag "$n priority rewrites in $1 s"
	[ "$failed" = 0 ] && [ "$n" -gt 0 ]
}

WATCHED=$(kcsan_count setup_watchpoints)
ktap_table "
rewrite_priorities_60s rewrite_priorities 60
kcsan_watched_the_run kcsan_watched \$WATCHED
"
