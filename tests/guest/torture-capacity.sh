#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: core-ultra-7-258v
# kernel: kcsan
# suite: full
# timeout: 900
#
# The torture-kcsan load on a hybrid part without SMT (Lunar Lake), where
# every write of kernel.sched_asym_smt to 2 or away from it switches
# placement by capacity (series patch 0030: the capacities, ITMT support,
# a rebuild of the sched domains), racing with CPU hotplug, the other
# knobs, readers of every sched domain file and the balancer. The host
# fails the run on a data race in a function the series changes or on
# any other splat; asym-torture fails it on a knob that does not read
# back as the kernel's rules say (itmt_support stays 0 while the part
# places by capacity). Seen once before asym-torture knew that rule: a
# read-back mismatch of itmt_support, no race.
. /opt/asym-smt/tests/lib.sh

WATCHED=$(kcsan_count setup_watchpoints)
ktap_table "
torture_capacity_60s torture 60
kcsan_watched_the_run kcsan_watched \$WATCHED
"
