#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Counts of table.md (scripts/generations PARITY=1 on the maps of this
# folder): for each part, the N judged "same" (every start that both
# kernels judged ended in the same class and filled the L2s and LLCs
# alike), the N where a start differs only in how it filled the caches,
# the N where a start ended in another class, the N not judged.
#   ./summary.sh            from table.md here
#   ./summary.sh TABLE.md   from another table of the same kind
set -u
here=$(cd "$(dirname "$0")" && pwd)
table=${1:-$here/table.md}
echo "| part | N mapped | N same | N differing in caches only | N differing in class | N not judged |"
echo "| --- | --- | --- | --- | --- | --- |"
awk -F' *[|] *' 'NR > 2 && NF >= 6 {
	part = $2; n = $3; v = $6
	if (!(part in seen)) { seen[part] = 1; order[++np] = part }
	mapped[part]++
	if (v ~ /^same/) same[part]++
	else if (v ~ /^not/) unj[part]++
	else {
		# "START (A, B)" for a class difference, "START (A S, B T)"
		# for one in the caches only
		cls = 0
		rest = v
		while (match(rest, /\([^()]*\)/)) {
			pair = substr(rest, RSTART + 1, RLENGTH - 2)
			rest = substr(rest, RSTART + RLENGTH)
			split(pair, ab, ", ")
			split(ab[1], a, " "); split(ab[2], b, " ")
			if (a[1] != b[1])
				cls = 1
		}
		if (cls) klass[part]++
		else caches[part]++
	}
}
END {
	for (i = 1; i <= np; i++) {
		p = order[i]
		printf "| %s | %d | %d | %d | %d | %d |\n", p, mapped[p],
			same[p], caches[p], klass[p], unj[p]
	}
}' "$table"
