# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
# The facts the host-side scripts share, each read here and nowhere else:
# a scenario's header, the kernel flavours, the lab's topologies and the
# catalogue of real parts, which tree takes a topology's kernel command
# line, and the sample asym-map takes. Sourced by the scripts after they
# set top (the repository's folder); POSIX sh but for 'local', so sh and
# bash scripts both source it. Build outputs are named by scripts/artifact
# (the flavours too: read here once, when sourced), KTAP is written by
# tests/ktap.sh. A function that checks a value prints why it is refused
# on stdout and fails: the caller says it as its own, with its own exit
# status.

: "${top:?scripts/lib.sh: set top (the folder of the repository) first}"
lab_artifact=$top/scripts/artifact
lab_topologies=$top/topologies
lab_catalogue=$top/catalogue
lab_scenarios=$top/tests/guest
# "DEBUG=NAME ...": every flavour of a tree's kernel (scripts/artifact
# flavour-names), read once.
lab_flavours=$("$lab_artifact" flavour-names) || exit 2
# The trees (the file trees, through scripts/artifact): every one, the
# series' and the stock reference.
lab_kvers=$("$lab_artifact" kvers) || exit 2
lab_series=$("$lab_artifact" series) || exit 2
lab_reference=$("$lab_artifact" reference) || exit 2

# --- Scenarios

# A guest scenario is tests/guest/NAME.sh (lib.sh is the guest's library,
# not a scenario), with these header lines, "# FIELD: VALUE":
#   topology  a topology of the file topologies, a part of catalogue/ or
#             a spec (default: the file topologies' default)
#   timeout   seconds (default: qemu-run's)
#   kernel    a flavour's name (flavour_names: debug, kcsan): boot that
#             kernel of the tree (default: the lab's)
#   cpu       FEATURE=on|off,...: CPUID features added to the pinned
#             guest CPU
#   append    extra kernel command line
#   trees     the kernel trees it runs on (default the series' tree,
#             scripts/artifact series; on another tree KVER its stage of
#             tests/run is NAME@KVER)
#   suite     'full': the stage runs only in make test-full
# tests/run makes stages of them, and qemu-run --scenario NAME boots one.

# scenario_names: every scenario of tests/guest/, one a line.
scenario_names() {
	local f

	for f in "$lab_scenarios"/*.sh; do
		f=${f##*/}
		[ "$f" = lib.sh ] || echo "${f%.sh}"
	done
}

# scenario_file NAME: the file of scenario NAME; fails if there is none.
scenario_file() {
	case $1 in ''|lib|*[!a-z0-9-]*) return 1 ;; esac
	[ -f "$lab_scenarios/$1.sh" ] || return 1
	echo "$lab_scenarios/$1.sh"
}

# scenario_header FILE KEY: the value of FILE's "# KEY: VALUE" header line.
scenario_header() {
	sed -n "s/^# $2: *//p" "$1"
}

# scenario_kernel FILE: the DEBUG value (scripts/artifact flavours) of the
# kernel FILE's '# kernel:' header asks for, 0 without one; fails on a
# name that is no flavour's.
scenario_kernel() {
	local name

	name=$(scenario_header "$1" kernel)
	flavour_debug "$name" && return 0
	echo "$1: '# kernel: $name': $(flavour_names | sed 's/ / or /g')"
	return 1
}

# --- Kernel flavours

# flavour_names: the names of the flavours but the lab kernel's, space
# separated (debug kcsan).
flavour_names() {
	local w names=

	for w in $lab_flavours; do
		[ -z "${w#*=}" ] || names="$names${names:+ }${w#*=}"
	done
	echo "$names"
}

# flavour_name DEBUG: the name of flavour DEBUG (empty for the lab
# kernel's, 0); fails if DEBUG is no flavour.
flavour_name() {
	flavour_find debug "${1:-0}"
}

# flavour_debug NAME: the DEBUG value of the flavour named NAME (empty:
# the lab kernel, 0); fails if none has that name.
flavour_debug() {
	flavour_find name "$1"
}

# flavour_find debug|name VALUE: the other half of the flavour whose DEBUG
# value or name is VALUE; fails if there is none.
flavour_find() {
	local w

	for w in $lab_flavours; do
		case $1 in
		debug) [ "${w%%=*}" = "$2" ] && { echo "${w#*=}"; return 0; } ;;
		name) [ "${w#*=}" = "$2" ] && { echo "${w%%=*}"; return 0; } ;;
		esac
	done
	return 1
}

# kernel_target KVER DEBUG: the make target that builds that kernel.
kernel_target() {
	local name

	name=$(flavour_name "$2") || return 1
	echo "kernel-$1${name:+-$name}"
}

# --- Kernel builds

# make_alone: the makes a script runs on a kernel tree (kernelversion,
# bzImage, a config) are its own, not part of the make that started it
# as a plain command: the parent's job server is not theirs to use (a
# script gives its own -j), nor are the variables of the parent's command
# line (after " -- " in MAKEFLAGS): the kernel's make took make run's
# CMD='... --json 2>/dev/null' as its own and its objtool build failed.
make_alone() {
	MAKEFLAGS=$(printf '%s\n' "${MAKEFLAGS:-}" | sed -E \
		-e 's/(^| )-- .*//' \
		-e 's/(^| )-j[0-9]*|--jobserver-(auth|fds)=[^ ]*//g')
	export MAKEFLAGS
}

# series_hash DIR: the hash of the series in DIR (a folder of patches and
# their file series, as scripts/artifact patches KVER names it): of the
# file series and of every patch it names, in its order. scripts/tree
# stamps a tree with it, scripts/provenance records it. Fails when DIR
# has no file series, and under pipefail when a patch it names is missing.
series_hash() {
	[ -f "$1/series" ] || return 1
	(cd "$1" && cat series && grep -v '^#' series | xargs -r cat) |
		sha1sum | cut -d' ' -f1
}

# --- Topologies and the catalogue

# topology_lines: "NAME SPEC [KERNEL-COMMAND-LINE...]" of every topology
# of the file topologies, the default first, without its comments.
topology_lines() {
	sed 's/#.*//' "$lab_topologies" | awk NF
}

# topology_names: the names of the file topologies, the default first.
topology_names() {
	topology_lines | awk '{ print $1 }'
}

# topology_line NAME: "SPEC [KERNEL-COMMAND-LINE...]" of topology NAME;
# fails if the file topologies has none of that name.
topology_line() {
	topology_lines |
		awk -v n="$1" '$1 == n { $1 = ""; sub(/^ +/, ""); print; found = 1; exit }
			END { exit !found }'
}

# --- The policies (the one table: guest-tools/policy.c)

# lab_policies: ASYM_GENERATIONS, ASYM_HALVES, ASYM_DEFAULT_POLICY... of
# asym-ctl policies --sh (the host build, make tools), set once; fails
# after saying so if the tools are not built.
lab_policies() {
	local ctl

	[ -z "${ASYM_GENERATIONS:-}" ] || return 0
	ctl=$("$lab_artifact" host-tools)/asym-ctl
	if [ ! -x "$ctl" ]; then
		echo "scripts/lib.sh: $ctl missing: run 'make tools'" >&2
		return 1
	fi
	eval "$("$ctl" policies --sh)"
}

# generations_default_first: the generations, the one the knobs' defaults
# select first (the series as it boots), then the others in order.
generations_default_first() {
	local p out

	lab_policies || return 1
	out=$ASYM_DEFAULT_POLICY
	for p in $ASYM_GENERATIONS; do
		[ "$p" = "$ASYM_DEFAULT_POLICY" ] || out="$out $p"
	done
	echo "$out"
}

# reference_policy: the generation the stock reference tree runs (that
# of its release), which the series runs at for the parity of the two.
reference_policy() {
	"$("$lab_artifact" host-tools)/asym-ctl" policies --release "$lab_reference"
}

# follow_maps: the maps of scripts/follow-map, one a line, "NAME KVER
# POLICY REBUILD": the kernel tree, what asym-ctl set gets ("-": the
# kernel as it boots) and whether the change rebuilds the domains. Every
# generation on the series' tree (the default first), and the reference
# as it boots, with the rebuild and without it.
follow_maps() {
	local p gens

	gens=$(generations_default_first) || return 1
	for p in $gens; do
		echo "$p $lab_series $p 1"
	done
	echo "$lab_reference $lab_reference - 1"
	echo "$lab_reference-norebuild $lab_reference - 0"
}

# kept_parts DIR TAIL: the parts that have a results file DIR/PART-TAIL.txt
# or .txt.xz (TAIL may hold shell wildcards: "follow-*"), one a line,
# sorted.
kept_parts() {
	local f

	for f in "$1"/*-$2.txt "$1"/*-$2.txt.xz; do
		[ -e "$f" ] || continue
		f=${f##*/}
		f=${f%.xz}
		echo "${f%-$2.txt}"
	done | sort -u
}

# kept_file PATH: PATH, or PATH.xz where a results folder keeps it
# compressed (xzcat -f reads either).
kept_file() {
	if [ -f "$1" ]; then
		echo "$1"
	else
		echo "$1.xz"
	fi
}

# kept_verdicts FILE FIELDS: the verdicts of the results FILE (or FILE.xz)
# through the one reader (asym-verdict --headers): a line a run, its
# FIELDS (outcome,final,...) in that order, after the "=== " headers.
kept_verdicts() {
	xzcat -f "$(kept_file "$1")" |
		"$("$lab_artifact" host-tools)/asym-verdict" --headers --fields "$2"
}

# kept_runs FILE FIELDS: as kept_verdicts, with each run's migrations (the
# "all workers: M migrations" line of the record's table) as a header
# "=== migrations=M" before its verdict.
kept_runs() {
	xzcat -f "$(kept_file "$1")" |
		sed -E 's/^  all workers: ([0-9]+) migrations.*/=== migrations=\1/' |
		"$("$lab_artifact" host-tools)/asym-verdict" --headers --fields "$2"
}

# catalogue_parts: the real parts of catalogue/, one a line.
catalogue_parts() {
	local f

	for f in "$lab_catalogue"/*; do
		[ "${f##*/}" = README ] || echo "${f##*/}"
	done
}

# catalogue_part NAME: true if NAME is a part of catalogue/.
catalogue_part() {
	case $1 in ''|README|[!a-z]*|*[!a-z0-9-]*) return 1 ;; esac
	[ -f "$lab_catalogue/$1" ]
}

# catalogue_field PART FIELD: the value of PART's "FIELD: VALUE" line.
catalogue_field() {
	sed -n "s/^$2: //p" "$lab_catalogue/$1"
}

# lab_part NAME: true if NAME is a part of catalogue/ or a topology of
# the file topologies: what qemu-run --topology boots by name.
lab_part() {
	catalogue_part "$1" || topology_line "$1" >/dev/null
}

# tree_takes_cmdline KVER: true if tree KVER takes the kernel command line
# a topology adds (a line of the file topologies, or a catalogue part's
# hybrid table), as the file trees says: the command line picks one of
# the series' topology tables, and the stock reference has one table and
# no such parameter, so such a topology is not booted there (qemu-run
# refuses it, generations leaves it out) and a hybrid part boots there
# without it.
tree_takes_cmdline() {
	[ "$("$lab_artifact" takes-cmdline "$1")" = yes ]
}

# --- the two kernels side by side (parity-replay, parity-fork)

# parity_guests WHO PART NAME OUT JOBS TIMEOUT CMD-SERIES CMD-REFERENCE:
# boot PART on the series' tree and on the stock reference, each running
# its command within TIMEOUT seconds (qemu-run's --name NAME-KVER, output
# in OUT-KVER.txt), both at once when JOBS (the guests at a time) is 2 or
# more. Fails after saying which guest failed (WHO: the script, for the
# messages).
parity_guests() {
	local who=$1 part=$2 name=$3 out=$4 jobs=$5 timeout=$6 kver pid failed=0
	local -A cmd=([$lab_series]=$7 [$lab_reference]=$8) pid_kver=()

	for kver in $lab_series $lab_reference; do
		echo "  $kver: booting $part"
		"$top/scripts/qemu-run" --kver "$kver" --topology "$part" --name "$name-$kver" \
			--timeout "$timeout" -- "${cmd[$kver]}" > "$out-$kver.txt" 2>&1 &
		pid_kver[$!]=$kver
		if [ "$jobs" -lt 2 ]; then
			wait "$!" || { echo "$who: the $kver guest failed: $out-$kver.txt" >&2; return 1; }
			unset "pid_kver[$!]"
		fi
	done
	for pid in "${!pid_kver[@]}"; do
		if ! wait "$pid"; then
			echo "$who: the ${pid_kver[$pid]} guest failed: $out-${pid_kver[$pid]}.txt" >&2
			failed=1
		fi
	done
	[ "$failed" = 0 ]
}

# parity_outcomes OUT KEY REPS [LABEL]: from OUT-SERIES.txt and
# OUT-REFERENCE.txt (the trees' names), whose runs each follow a line
# "=== KEY=VALUE ..." (asym-place's verdict lines, read by asym-verdict),
# one line a VALUE:
# "  LABELVALUE: SERIES OUTCOME{FINAL}... | REFERENCE OUTCOME{FINAL}...",
# REPS runs a kernel, in the order of VALUE as text; OUT-KVER.outcomes
# keep each kernel's.
parity_outcomes() {
	local out=$1 key=$2 reps=$3 label=${4:-} kver

	for kver in $lab_series $lab_reference; do
		kept_verdicts "$out-$kver.txt" outcome,final,sound |
			awk -v key="$key" '
			/^=== / { for (i = 2; i <= NF; i++) if (index($i, key "=") == 1) k = substr($i, length(key) + 2); next }
			{ runs[k] = runs[k] " " $1 "{" $2 "}" ($3 == 1 ? "" : "(unjudged)") }
			END { for (k in runs) print k, runs[k] }' |
			sort > "$out-$kver.outcomes"
	done
	join -j1 "$out-$lab_series.outcomes" "$out-$lab_reference.outcomes" 2>/dev/null |
		awk -v label="$label" -v r="$reps" -v a="$lab_series" -v b="$lab_reference" '{
			printf "  %s%s: %s", label, $1, a; for (i = 2; i <= 1 + r; i++) printf " %s", $i
			printf " | %s", b; for (; i <= NF; i++) printf " %s", $i; print "" }'
}

# --- asym-map

# map_limit NAME: asym-map's limit NAME (MAX_STARTS, MAX_REPS), as the
# host build says (asym-map --limits): the value it is built with and
# enforces. Empty if the tools are not built.
map_limit() {
	local map

	map=$("$lab_artifact" host-tools)/asym-map
	[ -x "$map" ] || return 1
	"$map" --limits | sed -n "s/^$1=//p"
}

# map_sample STARTS REPS SEED: true if asym-map takes that sample: 1 to
# MAX_STARTS starts, 1 to MAX_REPS runs a start, a seed of 0 or more.
map_sample() {
	local max_starts max_reps

	max_starts=$(map_limit MAX_STARTS)
	max_reps=$(map_limit MAX_REPS)
	if [ -z "$max_starts" ] || [ -z "$max_reps" ]; then
		echo "no MAX_STARTS or MAX_REPS from asym-map --limits: run 'make tools'"
		return 1
	fi
	if lab_count "$1" && lab_count "$2" && [ "$1" -le "$max_starts" ] 2>/dev/null &&
	   [ "$2" -le "$max_reps" ] 2>/dev/null; then
		case $3 in ''|*[!0-9]*) ;; *) return 0 ;; esac
	fi
	echo "STARTS (1-$max_starts), REPS (1-$max_reps) and SEED (0 or more) are whole numbers"
	return 1
}

# lab_count VALUE: true if VALUE is a whole number from 1, in digits
# without a leading zero.
lab_count() {
	case $1 in
	''|0*|*[!0-9]*) return 1 ;;
	esac
}
