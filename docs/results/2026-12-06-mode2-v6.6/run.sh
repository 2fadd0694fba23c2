#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Three boots of each scenario of issue 30 on each tree it runs on, one
# guest at a time; the console output of each boot is kept here as
# SCENARIO-TREE-bootN.log. ./table.sh makes the table of README.md from
# them.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
for boot in 1 2 3; do
	for run in "smt-vs-module 6.1" "smt-vs-module 6.12" "hybrid-cluster 6.1"; do
		set -- $run
		echo "boot $boot: $1 on $2" >&2
		"$top/scripts/qemu-run" --kver "$2" --scenario "$1" \
			--name "mode2-$1-$2-$boot" > "$here/$1-$2-boot$boot.log" 2>&1
		echo "  exit $?" >&2
	done
done
