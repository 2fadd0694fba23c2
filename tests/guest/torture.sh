#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: P2xSMT2,E2
# kernel: debug
# timeout: 900
#
# 60 seconds of asym-torture on the debug kernel (KASAN, lockdep, ...):
# knob writers, priority rewrites, ITMT toggles, CPU hotplug, readers of
# every sched domain file and load, at once. The host fails the run on any
# splat. Longer runs: make torture DURATION=SEC [SEED=N].
. /opt/asym-smt/tests/lib.sh

ktap_plan 1
asym-torture --duration 60 > /tmp/torture.out 2>&1
status=$?
sed 's/^/# /' /tmp/torture.out
if [ $status -eq 0 ]; then ok torture_60s; else not_ok torture_60s; fi
ktap_finish
