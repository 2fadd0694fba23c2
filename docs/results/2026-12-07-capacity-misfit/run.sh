#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The capacity-misfit scenario BOOTS times on each tree (5 runs a boot):
# how long one loop released on an E-core of the 258V replica takes to
# reach a P-core, the figures behind its MISFIT_BOUND_S, and the same
# scenario on 6.12 with --itmt-what-if (asym packing, the lab's replica
# before companion patch 0007), where the capacity rows must fail.
# Output: capacity-misfit-TREE-BOOT.txt and what-if-6.12.txt here, then
# the table (./run.sh table: the table only, from the files kept here).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
boots=${BOOTS:-3}
if [ "${1:-}" != table ]; then
	"$top/scripts/provenance" "$here" -- "$0" "$@" || exit 1
	for kver in 6.1 6.12; do
		for b in $(seq "$boots"); do
			echo "capacity-misfit: $kver, boot $b of $boots" >&2
			"$top/scripts/qemu-run" --kver "$kver" --scenario capacity-misfit \
				--name "misfit-$kver-$b" > "$here/capacity-misfit-$kver-$b.txt" 2>&1 ||
				echo "  the $kver guest failed" >&2
		done
	done
	echo "capacity-misfit: 6.12 --itmt-what-if" >&2
	"$top/scripts/qemu-run" --kver 6.12 --scenario capacity-misfit --itmt-what-if \
		--name misfit-what-if > "$here/what-if-6.12.txt" 2>&1
fi
echo "| tree | runs | ideal on a P-core | off the ideal (s): min | max |"
echo "| --- | --- | --- | --- | --- |"
for kver in 6.1 6.12; do
	cat "$here"/capacity-misfit-"$kver"-*.txt |
		sed -n 's/^# v6.5 from {4}, run [0-9]*: \([a-z]*\) {\([0-9,]*\)}, off the ideal \([0-9.]*\) s.*/\1 \2 \3/p' |
		awk -v k="$kver" '{ n++; if ($1 == "ideal" && $2 ~ /^[0-3]$/) ok++
			if (min == "" || $3 < min) min = $3; if ($3 > max) max = $3 }
			END { printf "| %s | %d | %d | %s | %s |\n", k, n, ok, min, max }'
done
echo
echo "6.12 --itmt-what-if, the rows that fail (ITMT kept: asym packing):"
grep '^not ok' "$here/what-if-6.12.txt" | sed 's/^/- /'
