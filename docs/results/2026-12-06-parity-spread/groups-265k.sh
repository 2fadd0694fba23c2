#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The sched domains and groups that lab CPUs 0 (a P-core), 8 and 12
# (E-cores of two modules) of core-ultra-7-265k balance over, on 6.1 at
# kernel.sched_asym_smt=2 and on stock 6.12 (debugfs: each domain's name
# and flags, then its groups, local first). Output: groups-265k-TREE.txt.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
show='for c in 0 8 12; do for d in /sys/kernel/debug/sched/domains/cpu$c/domain*; do echo "cpu$c $(cat $d/name): $(cat $d/flags)"; sed "s/^/    /" $d/groups; done; done'
for kver in 6.1 6.12; do
	cmd=
	[ "$kver" = 6.1 ] && cmd="asym-ctl set v6.5 > /dev/null || exit 1;"
	"$top/scripts/qemu-run" --kver "$kver" --topology core-ultra-7-265k \
		--name "groups-265k-$kver" --timeout 300 -- "$cmd $show" \
		> "$here/groups-265k-$kver.txt" 2>&1 || echo "groups-265k: the $kver guest failed" >&2
done
