#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Placement by capacity against placement by priority on the same part:
# stock 6.12 booted on the 265K and 258V replicas as the real parts run
# (asymmetric capacity, companion 0007) and with --itmt-what-if (ITMT
# kept: asym packing by priority, the lab's replica before 0007), the two
# guests of a part at once. REPS runs (default 3) of N loops from the
# fork (asym-place -n N --settle 0 --explain, 3 s windows, judged by the
# record) for each N of the part below. Writes PART-WAY.txt here, then the
# table (./run.sh table: the table only, from the files kept here).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$top/scripts/lib.sh"
reps=${REPS:-3}
declare -A part_ns=([core-ultra-7-265k]="1 2 4 8 9 12 16 20"
		    [core-ultra-7-258v]="1 2 4 5 8")
parts="core-ultra-7-265k core-ultra-7-258v"

if [ "${1:-}" != table ]; then
	[ $# -eq 0 ] || { echo "usage: run.sh [table] (REPS in the environment)" >&2; exit 2; }
	[[ "$reps" =~ ^[1-9]$ ]] || { echo "run.sh: REPS=$reps: 1 to 9" >&2; exit 2; }
	"$top/scripts/provenance" "$here" -- "$0" "$@" || exit 1
	for part in $parts; do
		cmd="for n in ${part_ns[$part]}; do for r in $(seq -s ' ' "$reps"); do"
		cmd+=" echo \"=== n=\$n run=\$r\";"
		cmd+=" asym-place -n \$n --settle 0 --interval 200 --duration 3 --real --explain;"
		cmd+=" done; done; true"
		echo "capacity-vs-priority: $part, N = ${part_ns[$part]}, $reps runs each, both ways at once ($(date +%T))" >&2
		"$top/scripts/qemu-run" --kver 6.12 --topology "$part" --name "cvp-$part-capacity" \
			--timeout 3600 -- "$cmd" > "$here/$part-capacity.txt" 2>&1 &
		"$top/scripts/qemu-run" --kver 6.12 --topology "$part" --itmt-what-if \
			--name "cvp-$part-priority" --timeout 3600 -- "$cmd" \
			> "$here/$part-priority.txt" 2>&1 &
		wait || true
	done
fi

# runs FILE: a line a run, "N judged outcome{final} ideal/migrations@settled
# gained pushed": lb_gained and alb_pushed summed over every domain of
# every CPU (--explain's table) over the window.
runs() {
	xzcat -f "$(kept_file "$1")" | awk '
		/^=== n=/ { print; g = p = 0; next }
		/^  cpu +dom +name/ { t = 1; next }
		t && /^  [0-9]+ +[0-9]+ / { g += $10; p += $16; next }
		{ t = 0 }
		/^  all workers: [0-9]+ migrations/ { print "=== migrations=" $3 }
		/^result: / { print "=== gained=" g " pushed=" p }
		{ print }' |
		"$("$top/scripts/artifact" host-tools)/asym-verdict" --headers \
			--fields judged,outcome,final,ideal,settled |
		awk '/^=== / { for (i = 2; i <= NF; i++) { split($i, kv, "="); h[kv[1]] = kv[2] }; next }
		     { printf "%s %s %s{%s} %s/%s@%s %s %s\n", h["n"], $1, $2, $3, $4, h["migrations"], $5, h["gained"], h["pushed"] }'
}

echo "| part | N | by capacity (6.12 as the part runs) | by priority (--itmt-what-if) |"
echo "| --- | --- | --- | --- |"
for part in $parts; do
	for way in capacity priority; do
		runs "$here/$part-$way.txt" > "/tmp/cvp-$part-$way"
	done
	for n in ${part_ns[$part]}; do
		row="| $part | $n |"
		for way in capacity priority; do
			row+=" $(awk -v n="$n" '$1 == n { printf "%s%s:%s:%s g%s p%s", s, $2, $3, $4, $5, $6; s = "<br>" }' \
				"/tmp/cvp-$part-$way") |"
		done
		echo "$row"
	done
done
rm -f /tmp/cvp-*
