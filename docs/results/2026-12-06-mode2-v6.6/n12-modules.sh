#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# i9-14900K as the lab models it, 12 busy loops from fork under the
# policy of kernel.sched_asym_smt=2 (stock 6.12: its own), 6 runs a
# kernel, one boot each: the busy set held for most of the second half
# of each window (the record), and how many of its E-core loops each L2
# module of four E-cores runs (lab CPUs 16-22, 24-30, 32-38, 40-46).
# Output: n12-modules.txt.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
guest='asym-ctl set v6.5 > /dev/null 2>&1 || true
for r in 1 2 3 4 5 6; do
	asym-place -n 12 --json |
		sed "s/.*\"second_half\":\[{\"busy\":\[\([0-9,]*\)\],\"share\":\([0-9.]*\).*/HELD \1 \2/" |
		grep "^HELD"
done'
for k in 6.1 6.12; do
	"$top/scripts/qemu-run" --kver "$k" --topology i9-14900k --name "n12-modules-$k" -- "$guest" |
		sed -n "s/^HELD /$k /p"
done | awk '{ n = split($2, c, ","); m0 = m1 = m2 = m3 = 0
	for (i = 1; i <= n; i++) if (c[i] >= 16) { m = int((c[i] - 16) / 8); if (m == 0) m0++; else if (m == 1) m1++; else if (m == 2) m2++; else m3++ }
	printf "%s held {%s} for %s of the second half; E loops per module %d,%d,%d,%d\n", $1, $2, $3, m0, m1, m2, m3 }' > "$here/n12-modules.txt"
cat "$here/n12-modules.txt"
