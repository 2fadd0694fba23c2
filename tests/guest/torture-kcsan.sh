#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# kernel: kcsan
# suite: full
# timeout: 900
#
# 60 seconds of asym-torture on the KCSAN kernel: the same load as the
# torture scenario, judged for data races. The host sorts KCSAN's reports
# (scripts/kcsan-report) and fails the run on a race in a function the
# series changes, or on any other splat. Longer runs: make torture
# KCSAN=1 DURATION=SEC [SEED=N].
. /opt/asym-smt/tests/lib.sh

WATCHED=$(kcsan_count setup_watchpoints)
ktap_table "
torture_kcsan_60s torture 60
kcsan_watched_the_run kcsan_watched \$WATCHED
"
