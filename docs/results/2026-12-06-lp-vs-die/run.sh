#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Three boots of scenario lp-vs-die on each tree, one guest at a time;
# the console output of each boot is kept here as lp-vs-die-TREE-bootN.log,
# and ../2026-12-06-mode2-v6.6/table.sh makes the table of README.md from
# the logs of a folder (./run.sh; ../2026-12-06-mode2-v6.6/table.sh .).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
for boot in 1 2 3; do
	for tree in 6.1 6.12; do
		echo "boot $boot: lp-vs-die on $tree" >&2
		"$top/scripts/qemu-run" --kver "$tree" --scenario lp-vs-die \
			--name "lp-vs-die-$tree-$boot" > "$here/lp-vs-die-$tree-boot$boot.log" 2>&1
		echo "  exit $?" >&2
	done
done
