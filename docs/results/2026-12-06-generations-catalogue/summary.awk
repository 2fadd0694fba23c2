# cells -> per policy: starts, all-runs-ideal, trap starts, differ, moving, unsound
{
	p = $1; n = $2
	split($4, a, "/"); ideal[p] += a[1]; starts[p] += a[2]; cells[p]++
	line = $0
	while (match(line, /trap \{[0-9,]*\}: [0-9]+/)) {
		s = substr(line, RSTART, RLENGTH); sub(/.*: /, "", s); trap[p] += s
		line = substr(line, RSTART + RLENGTH)
	}
	if (match($0, /differ: [0-9]+/)) { s = substr($0, RSTART + 8, RLENGTH - 8); differ[p] += s }
	if (match($0, /moving: [0-9]+/)) { s = substr($0, RSTART + 8, RLENGTH - 8); moving[p] += s }
	if (match($0, /unsound[^;]*/)) unsound[p]++
	if (!(p in seen)) { seen[p] = 1; order[++np] = p }
}
END {
	for (i = 1; i <= np; i++) {
		p = order[i]
		printf "%s,%d,%d,%d,%d,%d,%d,%d\n", p, cells[p], starts[p], ideal[p], trap[p], differ[p], moving[p], unsound[p]
	}
}
