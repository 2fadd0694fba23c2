#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The one start whose L2 fill differed in every run (core-ultra-7-265k,
# N=12, start 0,8,8,8,8,9,9,9,10,11,12,13: 6.1 at 2 ended with the E-core
# loops 3 and 1 in two modules, stock 6.12 2 and 2): each kernel started
# in the end placement of both, RUNS runs (default 5) with 4 s windows,
# one guest at a time. Does a kernel even out 3 and 1, or hold both?
# Output: fill-swap-TREE.txt here, then how the runs ended (lab CPUs;
# the E-cores' modules are 8-11, 12-15 and 16-19).
# ./fill-swap.sh table: only the count, from the files kept here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
runs=${RUNS:-5}
ends="0,1,2,3,4,5,6,7,8,10,11,15 0,1,2,3,4,5,6,7,12,14,16,19"
for kver in 6.1 6.12; do
	[ "${1:-}" = table ] && break
	cmd=
	[ "$kver" = 6.1 ] && cmd="asym-ctl set v6.5 > /dev/null || exit 1;"
	for s in $ends; do
		cmd+="for r in \$(seq $runs); do echo '=== start=$s'; asym-place --start $s --interval 200 --duration 4 --explain; done;"
	done
	echo "fill-swap: $kver, $runs runs from each end" >&2
	"$top/scripts/qemu-run" --kver "$kver" --topology core-ultra-7-265k \
		--name "fill-swap-$kver" --timeout 900 -- "${cmd}true" \
		> "$here/fill-swap-$kver.txt" 2>&1 || echo "  the $kver guest failed" >&2
done
. "$top/scripts/lib.sh"
for kver in 6.1 6.12; do
	kept_verdicts "$here/fill-swap-$kver.txt" outcome,final |
		awk -v k="$kver" '/^=== / { split($2, a, "="); start = a[2]; next }
		{ n = split($2, f, ","); m1 = m2 = m3 = 0
		  for (i = 1; i <= n; i++) { c = f[i] + 0
			if (c >= 8 && c <= 11) m1++; else if (c >= 12 && c <= 15) m2++; else if (c >= 16) m3++ }
		  print k, "from", start, "->", $1, "modules " m1 "," m2 "," m3 }'
done | sort | uniq -c
