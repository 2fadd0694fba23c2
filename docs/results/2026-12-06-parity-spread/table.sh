#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# table.md of this folder again from its maps (PART-6.1.txt,
# PART-6.12.txt, ...), as scripts/generations judges them now: start by
# start, by class and, for a start held ideal or in a trap in every run,
# by how it filled the L2s and LLCs. Then summary.sh counts it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
OUT=$here TABLE_ONLY=1 FAMILY=catalogue PARITY=1 "$top/scripts/generations" > /dev/null || exit 1
rm -f "$here"/*.svg
"$here/summary.sh"
