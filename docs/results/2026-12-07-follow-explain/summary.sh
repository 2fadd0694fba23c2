#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# summary.sh [PART...]: the follow runs of this folder with the
# balancer's counters, a row a part, map and N (scripts/follow-summary
# --explain says what each column is).
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../../../scripts/follow-summary" --explain "$here" "$@"
