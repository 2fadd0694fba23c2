#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# replay.sh [PART...]: the table of replay.md from table.md and the
# replays of this folder (scripts/parity-replay table.md PART 3 4 wrote
# PART-replay-6.1.txt and PART-replay-6.12.txt, kept here compressed with
# xz): for every start where the
# parity table says the two kernels differ, the classes the map gave,
# then each replay run as OUTCOME:FILL:IDEAL/MIGRATIONS, where FILL is how the
# run's final busy set filled the part's shared L2s ("m" and the busy CPUs
# of each L2 of more than two CPUs, largest first) and, on a part of
# several LLCs, its LLCs ("llc" and the same), IDEAL the share of the
# window the workers were at the ideal, and MIGRATIONS the workers'
# migrations in the window, both from the record.
# The last column says what the runs show:
#   both ways      each kernel ended ideal and not ideal, in the map's runs
#                  (PART-TREE.txt) and the replays together
#   not repeated   the replays of both kernels all ideal: for a start whose
#                  class differed, whatever the fill; for one that
#                  differed in its fill only, filled alike
#   fill varies    a fill difference, all replays ideal, but a kernel's
#                  runs filled the caches in more than one way (so the fill
#                  is not a property of the kernel)
#   fill differs   a fill difference, all replays ideal, each kernel one
#                  way, not the same
#   differs        otherwise, when every replay run of one kernel spent a
#                  share of its window at the ideal more than 0.1 above
#                  every run of the other (a difference the runs repeat;
#                  their records and counters are in the replay files)
#   overlaps       otherwise: the ideal shares of the two kernels' runs
#                  overlap or come within 0.1, so the runs do not tell the
#                  kernels apart
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
. "$top/scripts/lib.sh"
fills=$(mktemp) && runs61=$(mktemp) && runs612=$(mktemp) || exit 1
trap 'rm -f "$fills" "$runs61" "$runs612"' EXIT
parts=("$@")
[ ${#parts[@]} -gt 0 ] || mapfile -t parts < <(kept_parts "$here" replay-6.12)
echo "| part | N | start | map: 6.1 at 2, 6.12 | replay 6.1 at 2 | replay 6.12 | runs show |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for part in "${parts[@]}"; do
	spec=$(catalogue_field "$part" spec)
	"$top/scripts/cache-fill" "$spec" "$(kept_file "$here/$part-replay-6.1.txt")" \
		"$(kept_file "$here/$part-replay-6.12.txt")" > "$fills" || exit 1
	# each replay's verdicts through the one reader
	kept_runs "$here/$part-replay-6.1.txt" outcome,final,ideal > "$runs61" || exit 1
	kept_runs "$here/$part-replay-6.12.txt" outcome,final,ideal > "$runs612" || exit 1
	awk -F'|' -v part="$part" -v fills="$fills" -v f61="$runs61" -v f612="$runs612" \
	    -v m61="$(kept_file "$here/$part-6.1.txt")" -v m612="$(kept_file "$here/$part-6.12.txt")" '
	# the runs as kept_runs gives them: "=== n=N start=START", then
	# "=== migrations=M", then "OUTCOME FINAL IDEAL"
	function load(file, k,    line, a, kv, start, o, mig, sh, fl) {
		while ((getline line < file) > 0) {
			if (line ~ /^=== migrations=/) { mig = substr(line, 16) }
			else if (line ~ /^=== /) { split(line, a, " "); split(a[3], kv, "="); start = kv[2]; mig = "?" }
			else {
				split(line, a, " ")
				o = a[1]
				fl = fill[a[2]]
				runs[k, start] = runs[k, start] (runs[k, start] == "" ? "" : " ") o ":" fl ":" a[3] "/" mig
				sh = a[3] + 0
				if (!((k, start) in lo) || sh < lo[k, start]) lo[k, start] = sh
				if (!((k, start) in hi) || sh > hi[k, start]) hi[k, start] = sh
				n[k, start, o == "ideal"]++
				if (o == "ideal" && !index(ifill[k, start], "[" fl "]"))
					ifill[k, start] = ifill[k, start] "[" fl "]"
			}
		}
		close(file)
	}
	# the map runs of each start: "START OUTCOME... => CLASS", an ideal
	# run written ideal@TIME
	function load_map(file, k,    line, a, i, nf, cmd) {
		cmd = "xzcat -f \"" file "\""
		while ((cmd | getline line) > 0) {
			if (line !~ /^[0-9][0-9,]* .*=>/)
				continue
			nf = split(line, a, " ")
			for (i = 2; i <= nf && a[i] != "=>"; i++)
				mapn[k, a[1], a[i] ~ /^ideal@/]++
		}
		close(cmd)
	}
	BEGIN {
		# FINAL FILL, the fill of every final placement (scripts/cache-fill)
		while ((getline line < fills) > 0) {
			split(line, a, " ")
			fill[a[1]] = substr(line, length(a[1]) + 2)
		}
		close(fills)
		load(f61, "6.1"); load(f612, "6.12")
		load_map(m61, "6.1"); load_map(m612, "6.12")
	}
	{ name = $2; gsub(/ /, "", name); nn = $3; gsub(/ /, "", nn) }
	name == part {
		col = $(NF - 1)
		while (match(col, /[0-9][0-9,]* \([^()]*\)/)) {
			item = substr(col, RSTART, RLENGTH)
			col = substr(col, RSTART + RLENGTH)
			s = item; sub(/ .*/, "", s)
			cls = item; sub(/^[^(]*\(/, "", cls); sub(/\)$/, "", cls)
			i1 = n["6.1", s, 1] + 0; o1 = n["6.1", s, 0] + 0
			i2 = n["6.12", s, 1] + 0; o2 = n["6.12", s, 0] + 0
			split(cls, ab, ", ")
			m1 = ab[1]; m2 = ab[2]
			# the map: ideal in both runs, or not
			mi1 = (m1 ~ /^ideal/); mi2 = (m2 ~ /^ideal/)
			# ideal and not, over the map runs and the replays
			any1i = i1 + mapn["6.1", s, 1]; any1n = o1 + mapn["6.1", s, 0]
			any2i = i2 + mapn["6.12", s, 1]; any2n = o2 + mapn["6.12", s, 0]
			if (!(i1 + o1) || !(i2 + o2)) v = "not replayed"
			else if (any1n && any1i && any2n && any2i) v = "both ways"
			else if (!o1 && !o2 && !(mi1 && mi2)) v = "not repeated"
			else if (!o1 && !o2) {
				if (ifill["6.1", s] == ifill["6.12", s] && ifill["6.1", s] !~ /\]\[/) v = "not repeated"
				else if (ifill["6.1", s] ~ /\]\[/ || ifill["6.12", s] ~ /\]\[/) v = "fill varies"
				else v = "fill differs"
			} else if (lo["6.1", s] > hi["6.12", s] + 0.1 || lo["6.12", s] > hi["6.1", s] + 0.1)
				v = "differs"
			else v = "overlaps"
			printf "| %s | %s | %s | %s | %s | %s | %s |\n", part, nn, s, cls, runs["6.1", s], runs["6.12", s], v
		}
	}' "$here/table.md"
done
