#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# kernel: debug
# suite: full
# timeout: 900
#
# 60 seconds of asym-torture on the KASAN debug kernel (KASAN, lockdep,
# ...): knob writers, priority rewrites, ITMT toggles, CPU hotplug,
# readers of every sched domain file and load, at once. The host fails
# the run on any splat. Longer runs: make torture DURATION=SEC [SEED=N].
. /opt/asym-smt/tests/lib.sh

ktap_table "torture_60s torture 60"
