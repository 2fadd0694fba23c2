#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Counts of replay.md (./replay.sh > replay.md): for each part, the
# starts replayed and how many of them each last column names.
#   ./replay-summary.sh [REPLAY.md]
set -u
here=$(cd "$(dirname "$0")" && pwd)
awk -F' *[|] *' '
	NR > 2 && NF >= 8 {
		part = $2; v = $8
		if (!(part in seen)) { seen[part] = 1; order[++np] = part }
		n[part]++; c[part, v]++; tot[v]++; all++
	}
	END {
		split("both ways|not repeated|overlaps|differs|fill varies|fill differs|not replayed", vs, "|")
		printf "| part | starts |"; for (i = 1; i in vs; i++) printf " %s |", vs[i]; print ""
		printf "| --- | --- |"; for (i = 1; i in vs; i++) printf " --- |"; print ""
		for (p = 1; p <= np; p++) {
			printf "| %s | %d |", order[p], n[order[p]]
			for (i = 1; i in vs; i++) printf " %d |", c[order[p], vs[i]]
			print ""
		}
		printf "| all | %d |", all; for (i = 1; i in vs; i++) printf " %d |", tot[vs[i]]; print ""
	}' "${1:-$here/replay.md}"
