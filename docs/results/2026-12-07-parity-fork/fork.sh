#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fork.sh [PART...]: the table of fork.md from the runs of this folder
# (scripts/parity-fork wrote PART-fork-6.1.txt and PART-fork-6.12.txt,
# kept here compressed with xz): for every part and N, each run of 6.1
# at kernel.sched_asym_smt=2 and of stock 6.12 as
# OUTCOME:FILL:IDEAL/MIGRATIONS@SETTLED, where FILL is how the run's
# final busy set filled the part's shared L2s and LLCs (scripts/cache-fill),
# IDEAL the share of the window (from the fork) the loops were at the
# ideal, MIGRATIONS the loops' migrations in it and SETTLED when the
# final placement began, all from the record. The last column says what
# the runs show:
#   same          every run of both kernels ended ideal and each kernel
#                 filled the caches one way, the same
#   fill varies   every run ended ideal, but a kernel's runs filled the
#                 caches in more than one way
#   fill differs  every run ended ideal, each kernel one way, not the same
#   both ways     each kernel ended ideal and not ideal
#   differs       otherwise, when every run of one kernel spent a share of
#                 its window at the ideal more than 0.1 above every run of
#                 the other
#   overlaps      otherwise: those shares overlap or come within 0.1
#   not judged    a run whose record was incomplete
# ./fork.sh --summary FORK.md: the count of each word by part.
# RUNS=DIR: the runs of DIR instead of this folder's (the replays).
set -u
here=$(cd "$(dirname "$0")" && pwd)
runs=$(cd "${RUNS:-$here}" && pwd) || exit 2
words=("same" "fill varies" "fill differs" "both ways" "differs" "overlaps" "not judged")
if [ "${1:-}" = --summary ]; then
	[ $# = 2 ] || { echo "usage: fork.sh [PART...] | fork.sh --summary FORK.md" >&2; exit 2; }
	printf '| part | N |'; printf ' %s |' "${words[@]}"; echo
	printf '| --- | --- |'; printf ' %.0s--- |' "${words[@]}"; echo
	for part in $(awk -F' *[|] *' 'NR > 2 { print $2 }' "$2" | uniq); do
		printf '| %s | %d |' "$part" "$(grep -c "^| $part |" "$2")"
		for w in "${words[@]}"; do
			printf ' %d |' "$(grep -c "^| $part | .* | $w |\$" "$2")"
		done
		echo
	done
	exit 0
fi
top=$(cd "$here/../../.." && pwd)
. "$top/scripts/lib.sh"
fills=$(mktemp) || exit 1
trap 'rm -f "$fills"' EXIT
parts=("$@")
[ ${#parts[@]} -gt 0 ] || mapfile -t parts < <(kept_parts "$runs" fork-6.12)
echo "| part | N | 6.1 at 2 | 6.12 | runs show |"
echo "| --- | --- | --- | --- | --- |"
for part in "${parts[@]}"; do
	spec=$(catalogue_field "$part" spec)
	"$top/scripts/cache-fill" "$spec" "$(kept_file "$runs/$part-fork-6.1.txt")" \
		"$(kept_file "$runs/$part-fork-6.12.txt")" > "$fills" || exit 1
	# each run's verdict through the one reader, its migrations
	# ("all workers: M" of the record's table) as a header before it
	for k in 6.1 6.12; do
		kept_runs "$runs/$part-fork-$k.txt" outcome,final,ideal,settled,sound |
			sed "s/^/$k /"
	done | awk -v part="$part" -v fills="$fills" '
	BEGIN {
		while ((getline line < fills) > 0) {
			split(line, a, " ")
			fill[a[1]] = substr(line, length(a[1]) + 2)
		}
	}
	{ k = $1 }
	$2 == "===" && $3 ~ /^migrations=/ { mig = substr($3, 12); next }
	$2 == "===" { split($3, a, "="); n = a[2] + 0; mig = "?"; if (n > maxn) maxn = n; next }
	{
		split("outcome final ideal settled sound", names, " ")
		split("", f)
		for (i = 1; i <= 5; i++) f[names[i]] = $(i + 1)
		o = f["outcome"]; fl = fill[f["final"]]
		runs[k, n] = runs[k, n] (runs[k, n] == "" ? "" : " ") o ":" fl ":" f["ideal"] "/" mig "@" f["settled"]
		sh = f["ideal"] + 0
		if (!((k, n) in lo) || sh < lo[k, n]) lo[k, n] = sh
		if (!((k, n) in hi) || sh > hi[k, n]) hi[k, n] = sh
		cnt[k, n, o == "ideal"]++
		if (f["sound"] != 1) unjudged[n] = 1
		if (o == "ideal" && !index(ifill[k, n], "[" fl "]"))
			ifill[k, n] = ifill[k, n] "[" fl "]"
	}
	END {
		for (n = 1; n <= maxn; n++) {
			i1 = cnt["6.1", n, 1] + 0; o1 = cnt["6.1", n, 0] + 0
			i2 = cnt["6.12", n, 1] + 0; o2 = cnt["6.12", n, 0] + 0
			if (!(i1 + o1) && !(i2 + o2)) continue
			if (n in unjudged || !(i1 + o1) || !(i2 + o2)) v = "not judged"
			else if (!o1 && !o2) {
				if (ifill["6.1", n] ~ /\]\[/ || ifill["6.12", n] ~ /\]\[/) v = "fill varies"
				else if (ifill["6.1", n] == ifill["6.12", n]) v = "same"
				else v = "fill differs"
			} else if (i1 && o1 && i2 && o2) v = "both ways"
			else if (lo["6.1", n] > hi["6.12", n] + 0.1 || lo["6.12", n] > hi["6.1", n] + 0.1)
				v = "differs"
			else v = "overlaps"
			printf "| %s | %d | %s | %s | %s |\n", part, n, runs["6.1", n], runs["6.12", n], v
		}
	}'
done
