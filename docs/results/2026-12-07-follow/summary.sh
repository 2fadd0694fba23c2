#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# summary.sh [PART...]: the runs of each follow map of this folder
# (scripts/follow-map wrote PART-follow-MAP.txt, kept here compressed
# with xz) counted: runs, runs not judged (the record incomplete), runs
# whose loops had left the old ranking's ideal before the change
# ("off": nothing to follow), runs that reached the new ideal and held
# it to the window's end, runs that did not, and the longest change
# (the writes, the rebuild's included), in ms.
set -u
here=$(cd "$(dirname "$0")" && pwd)
parts=("$@")
[ ${#parts[@]} -gt 0 ] || mapfile -t parts < <(ls "$here"/*-follow-*.txt* 2>/dev/null |
	sed 's#.*/##; s/-follow-.*$//' | sort -u)
echo "| part | map | runs | not judged | off at the change | followed | not followed | longest change, ms |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for part in "${parts[@]}"; do
	for map in v5.16 pre-v5.16 v6.5 6.12 6.12-norebuild; do
		f=$here/$part-follow-$map.txt
		[ -f "$f" ] || f=$f.xz
		[ -f "$f" ] || continue
		xzcat -f "$f" | awk -v part="$part" -v map="$map" '
			/^follow / {
				for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
				runs++
				if (v["sound"] != 1) bad++
				else if (v["at_change"] != "ideal") off++
				else if (v["followed"] != "-") fol++
				else nf++
				if (v["change_ms"] + 0 > mx) mx = v["change_ms"] + 0
			}
			END { printf "| %s | %s | %d | %d | %d | %d | %d | %.0f |\n", part, map, runs, bad, off, fol, nf, mx }'
	done
done
