#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# summary.sh [PART...]: the runs of each follow map of this folder
# counted (scripts/follow-summary: runs, not judged, off at the change,
# followed, not followed, the longest change).
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../../../scripts/follow-summary" "$here" "$@"
