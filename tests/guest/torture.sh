#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# kernel: debug
# timeout: 900
#
# 60 seconds of asym-torture on the debug kernel (KASAN, lockdep, ...):
# knob writers, priority rewrites, ITMT toggles, CPU hotplug, readers of
# every sched domain file and load, at once. The host fails the run on any
# splat. Longer runs: make torture DURATION=SEC [SEED=N].
. /opt/asym-smt/tests/lib.sh

# torture SEC: asym-torture for SEC seconds, its report as diag lines.
torture() {
	local status

	asym-torture --duration "$1" > /tmp/torture.out 2>&1
	status=$?
	sed 's/^/# /' /tmp/torture.out
	return $status
}

ktap_table "torture_60s torture 60"
