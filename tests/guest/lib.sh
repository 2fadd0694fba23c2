# SPDX-License-Identifier: GPL-2.0
# KTAP helpers for the guest scenarios (Documentation/dev-tools/ktap.rst).
# A scenario sources this file and hands its tests to ktap_table, one a
# line: the plan is counted from the lines, never written by hand. The
# KTAP itself is tests/ktap.sh's, the one shell writer, packed beside this
# file by scripts/initramfs.
. /opt/asym-smt/tests/ktap.sh

# check NAME COMMAND...: ok if COMMAND succeeds; a skip, which never
# counts as a pass, if it returns NOT_JUDGED (a placement that no run
# could judge: its record incomplete or, sampled, its samples off).
NOT_JUDGED=77
check() {
	local name=$1 status

	shift
	"$@"
	status=$?
	if [ "$status" = 0 ]; then
		ktap_result OK "$name"
	elif [ "$status" = "$NOT_JUDGED" ]; then
		ktap_result SKIP "$name" "not judged: no run judged (record incomplete)"
	else
		ktap_result FAIL "$name"
	fi
}

# diag TEXT...: TEXT as one diagnostic line (without TEXT an empty one,
# never a read of stdin as ktap_diag's).
diag() {
	ktap_diag "$*"
}

# ktap_table TABLE: run the scenario's tests and exit with the verdict.
# TABLE has one test a line, "NAME COMMAND [ARG...]" (shell words, so
# quoted arguments and $VARIABLES work); blank lines and '#' lines are
# left out. The plan is the number of tests, printed first; each runs as
# check NAME COMMAND..., in order, and a scenario whose tests did not all
# run (ktap_end: "planned N tests, ran M") fails.
ktap_table() {
	local table=/tmp/ktap-table.$$ name cmd

	printf '%s\n' "$1" | grep -v '^[[:space:]]*\(#\|$\)' > "$table"
	ktap_begin "$(wc -l < "$table")"
	# fd 9: the tests may use stdin and the low descriptors themselves
	while read -r name cmd <&9; do
		eval "check $name $cmd"
	done 9< "$table"
	rm -f "$table"
	ktap_end
	exit $?
}

# torture SEC: asym-torture for SEC seconds, its report as diag lines (the
# torture scenarios: the host judges the console of their kernel).
torture() {
	local status

	asym-torture --duration "$1" > /tmp/torture.out 2>&1
	status=$?
	sed 's/^/# /' /tmp/torture.out
	return $status
}

# kcsan_count COUNTER: one of KCSAN's counters (/sys/kernel/debug/kcsan),
# 0 without KCSAN.
kcsan_count() {
	sed -n "s/^$1: //p" /sys/kernel/debug/kcsan 2>/dev/null | grep . || echo 0
}

# kcsan_watched SINCE: KCSAN is on and set up more watchpoints than SINCE
# (kcsan_count setup_watchpoints before the run), its counters as diag
# lines: a run that watched nothing says nothing.
kcsan_watched() {
	local f=/sys/kernel/debug/kcsan n

	[ -r "$f" ] || { diag "$f missing: not a KCSAN kernel"; return 1; }
	sed -n '/^$/q; s/^/# kcsan /p' "$f"
	n=$(kcsan_count setup_watchpoints)
	diag "$((n - $1)) watchpoints set up during the run"
	grep -qx 'enabled: 1' "$f" && [ "$n" -gt "$1" ]
}

# wait_for SECONDS COMMAND...: poll COMMAND until it succeeds or the
# deadline passes; the status is COMMAND's last.
wait_for() {
	local deadline=$(($(date +%s) + $1))

	shift
	until "$@"; do
		[ "$(date +%s)" -ge "$deadline" ] && return 1
		sleep 0.1
	done
}

SCHED_DOMAINS=/sys/kernel/debug/sched/domains

# The knobs, their words and defaults, from the one model (asym-ctl
# knobs): ASYM_SYSCTL, ASYM_PRIO_FORMULA... and for each *_DEFAULT and
# *_READS (how the file reads at its default); ASYM_KNOBS, ASYM_OURS.
eval "$(asym-ctl knobs --sh)"

# cpu_is_online CPU
cpu_is_online() {
	[ ! -f /sys/devices/system/cpu/cpu$1/online ] ||
		[ "$(cat /sys/devices/system/cpu/cpu$1/online)" = 1 ]
}

# set_cpu_online CPU 0|1, then wait until the CPU is in that state.
set_cpu_online() {
	echo "$2" > /sys/devices/system/cpu/cpu$1/online &&
		wait_for 10 sh -c "[ \"\$(cat /sys/devices/system/cpu/cpu$1/online)\" = $2 ]"
}

# domain_dir CPU NAME: the debugfs directory of CPU's domain NAME (SMT, MC...)
domain_dir() {
	local d

	for d in $SCHED_DOMAINS/cpu$1/domain*; do
		[ -f "$d/name" ] && [ "$(cat "$d/name")" = "$2" ] && echo "$d" && return 0
	done
	return 1
}

# domains_are CPU NAMES: CPU's sched domains, bottom up, are NAMES
# ("SMT MC").
domains_are() {
	local d got=

	for d in "$SCHED_DOMAINS/cpu$1"/domain*; do
		got="$got${got:+ }$(cat "$d/name")"
	done
	[ "$got" = "$2" ] && return 0
	diag "cpu$1: domains '$got', expected '$2'"
	return 1
}

# every_group: every domain and group of every CPU, one line each.
every_group() {
	local f

	for f in "$SCHED_DOMAINS"/cpu*/domain*/groups; do
		sed "s|^|${f#"$SCHED_DOMAINS"/} $(cat "${f%/groups}/name") |" "$f"
	done
}

# cluster_follows_mode PCORE ECORE: on 6.1's hybrid topology table, the
# E-core ECORE builds the cluster level at kernel.sched_asym_smt=2 only
# (its domains CLS MC there, MC at 1, PCORE's SMT MC at both), and after
# 1, 2, 1 every domain and group of every CPU reads as before.
cluster_follows_mode() {
	local before after

	asym-ctl set defaults > /dev/null || return 1
	before=$(every_group)
	[ -n "$before" ] || { diag "no groups files"; return 1; }
	domains_are "$1" "SMT MC" && domains_are "$2" "MC" || return 1
	asym-ctl write "$ASYM_SYSCTL" 2 > /dev/null || return 1
	domains_are "$1" "SMT MC" && domains_are "$2" "CLS MC" || return 1
	asym-ctl write "$ASYM_SYSCTL" 1 > /dev/null || return 1
	domains_are "$2" "MC" || return 1
	after=$(every_group)
	[ "$before" = "$after" ] && return 0
	diag "the groups after 1, 2, 1 differ from those before:"
	printf '%s\n' "$before" > /tmp/groups-before
	printf '%s\n' "$after" | diff /tmp/groups-before - | sed 's/^/# /'
	return 1
}

# file_is FILE TEXT: FILE reads TEXT (diag otherwise).
file_is() {
	local got

	got=$(cat "$1" 2>&1)
	[ "$got" = "$2" ] && return 0
	diag "$1: '$got', expected '$2'"
	return 1
}

# refused FILE DATA: the write fails with EINVAL and FILE reads as before.
refused() {
	local old got

	old=$(cat "$1")
	got=$(asym-ctl write "$1" "$2" 2>&1)
	[ "$got" = EINVAL ] || { diag "$1 '$2': $got, expected EINVAL"; return 1; }
	file_is "$1" "$old"
}

# prios [prio|raw|index]: from cpu_priority, "CPU:VALUE ..." per online CPU.
prios() {
	asym-ctl prios "$@"
}

# prios_are "CPU:PRIO ...": cpu_priority shows these priorities.
prios_are() {
	local got

	got=$(prios)
	[ "$got" = "$1" ] && return 0
	diag "priorities '$got', expected '$1'"
	return 1
}

# topology_checked: asym-ctl topology --check agrees with the running
# kernel: the caches and every CPU's sched domains (names, spans, flags)
# are as its model of the spec, the kernel and its mode says; the
# summary, or every line on a difference, as diagnostics.
topology_checked() {
	local status

	asym-ctl topology --check > /tmp/check.txt
	status=$?
	if [ "$status" = 0 ]; then
		tail -1 /tmp/check.txt | sed 's/^/# /'
	else
		sed 's/^/# /' /tmp/check.txt
	fi
	return $status
}

# is_stock: the guest runs the stock reference, as the host that booted
# it says (TREE_ROLE, from qemu-run's job: the tree's role in the file
# trees). A tree whose knobs do not match it (the series' tree without
# its sysctl, or the reference with it) is an error, not a guess: its
# rows would be judged against the other tree's.
is_stock() {
	case $TREE_ROLE in
	reference) [ ! -e "$ASYM_SYSCTL" ] && return 0 ;;
	series) [ -e "$ASYM_SYSCTL" ] && return 1 ;;
	esac
	echo "# lib.sh: tree '$TREE' ($TREE_ROLE) and $ASYM_SYSCTL $([ -e "$ASYM_SYSCTL" ] &&
		echo present || echo absent) do not match" >&2
	exit 1
}

# record_cost: asym-record-cost in short blocks writes the record's
# events only with them on, loses none (its exit status), and counts what
# each path writes: one sched_switch a pass of the byte on one CPU; a
# sched_migrate_task and three sched_switch a move between two CPUs (the
# task to the stopper and the stopper to idle on the old CPU, idle to the
# task on the new). A few more from other tasks are allowed; timing is
# reported, never judged.
record_cost() {
	local out=/tmp/record-cost.txt switch move

	asym-record-cost --rounds 500 --blocks 2 > "$out" 2>&1 ||
		{ sed 's/^/# /' "$out"; return 1; }
	grep '^record-cost ' "$out" | sed 's/^/# /'
	switch=$(sed -n 's/^record-cost test=switch .*events_per_op=\([0-9.]*\).*/\1/p' "$out")
	move=$(sed -n 's/^record-cost test=move .*events_per_op=\([0-9.]*\).*/\1/p' "$out")
	awk -v s="$switch" -v m="$move" \
		'BEGIN { exit !(s >= 1 && s <= 1.1 && m >= 3.9 && m <= 4.1) }'
}

# verdict FILE: the verdict of an asym-place report, as asym-verdict
# reads it (the one reader: every field checked), into the variables
# v_policy, v_judged, v_sound, v_ideal, v_pass, v_final, v_top, v_siblings_last,
# v_overflow, v_start, v_outcome, v_settled, v_measure, v_unjudged.
verdict() {
	local line

	if ! line=$(asym-verdict --fields policy,judged,sound,ideal,pass,final,top,siblings_last,overflow,start,outcome,settled,measure,unjudged "$1" 2>&1); then
		diag "$1: no verdict: $line"
		tail -5 "$1" | sed 's/^/# /'
		return 1
	fi
	read -r v_policy v_judged v_sound v_ideal v_pass v_final v_top \
		v_siblings_last v_overflow v_start v_outcome v_settled v_measure \
		v_unjudged <<EOF
$line
EOF
}

# The runs of one placement measured before it counts as not judged.
# asym-place judges a run from the scheduler's record unless the record
# is incomplete (lost events, a worker gone: v_unjudged says which); on a
# kernel without the record it samples, and its samples disagree with
# /proc/stat when the host starves the vCPUs (a clean-clone CI run had 3
# such runs in a row of a cell that warm runs measured soundly).
PLACE_TRIES=5

# place POLICY N [OPTION...]: N busy loops under POLICY (asym-ctl set
# POLICY), asym-place with the OPTIONs given (--start CPUS...), run until
# a run was judged, at most PLACE_TRIES times; the last report in
# /tmp/place-POLICY-N.txt, its verdict in v_*. Returns NOT_JUDGED when no
# run was sound.
place() {
	local policy=$1 n=$2 out=/tmp/place-$1-$2.txt try=1 sound

	shift 2
	asym-ctl set "$policy" > /dev/null || return 1
	while :; do
		asym-place -n "$n" --explain "$@" > "$out" 2>&1
		verdict "$out" || return 1
		sound="judged by the $v_measure"
		[ "$v_sound" = 1 ] || sound="NOT judged ($v_measure: $v_unjudged)"
		diag "$policy N=$n$([ "$v_start" = - ] || echo " from {$v_start}")," \
			"run $try: ideal $v_ideal, $v_outcome {$v_final} at $v_settled s, $sound"
		[ "$v_sound" = 1 ] && return 0
		# why not: how it was measured, residency against busy time
		grep '^measured by' "$out" | sed 's/^/# /'
		sed -n '/^residency (/,/^measure cost/p' "$out" |
			sed 's/^/# /'
		if [ "$try" -ge "$PLACE_TRIES" ]; then
			diag "$policy N=$n: no run judged in $try runs"
			return "$NOT_JUDGED"
		fi
		try=$((try + 1))
	done
}

# explain POLICY N: the samples and the balancer's counters of that
# asym-place run, as diag lines: why a placement was not as expected.
explain() {
	sed -n '/^samples/,/^ideal samples/p; /^states/,/^ideal:/p' \
		"/tmp/place-$1-$2.txt" | sed 's/^/# /'
	sed -n '/^workers over/,/^  all workers/p; /^\/proc\/schedstat/,/^result/p' \
		"/tmp/place-$1-$2.txt" | sed 's/^/# /'
}

# from_start POLICY START OUTCOME [FINAL]: the loops pinned to START and
# released under POLICY end in OUTCOME (ideal or trap), with the final
# placement FINAL for a trap, in a judged run (place).
from_start() {
	local n

	n=$(echo "$2" | tr , '\n' | wc -l)
	place "$1" "$n" --start "$2" || return $?
	[ "$v_outcome" = "$3" ] && [ -z "${4:-}" -o "$v_final" = "${4:-}" ] &&
		return 0
	explain "$1" "$n"
	return 1
}

# ends_in POLICY START RUNS PLACEMENT...: RUNS times, the loops pinned
# to START and released under POLICY; every run ends in one of the
# PLACEMENTs (CPU lists as asym-place prints them) or held one for most
# of the window (its "top": the CPUs that ran a loop in at least half of
# the samples), so that neither a late settling nor a move at the last
# sample decides alone. For a cell whose outcome is not repeatable: the
# runs that keep moving between two placements are not sound by their
# samples, but where they are is still a fact, so soundness is not
# asked. Each run's outcome is a diag line.
ends_in() {
	local policy=$1 start=$2 runs=$3 n run=1 out p ok
	shift 3

	n=$(echo "$start" | tr , '\n' | wc -l)
	out=/tmp/place-$policy-$n.txt
	asym-ctl set "$policy" > /dev/null || return 1
	while [ "$run" -le "$runs" ]; do
		asym-place -n "$n" --explain --start "$start" > "$out" 2>&1
		verdict "$out" || return 1
		diag "$policy N=$n from {$start}, run $run: $v_outcome {$v_final}" \
			"settled $v_settled s, top {$v_top}," \
			"$([ "$v_sound" = 1 ] && echo "judged by the $v_measure" ||
			   echo "NOT judged ($v_measure: $v_unjudged)")"
		ok=
		for p; do
			[ "$v_final" = "$p" ] || [ "$v_top" = "$p" ] && ok=1
		done
		if [ -z "$ok" ]; then
			explain "$policy" "$n"
			return 1
		fi
		run=$((run + 1))
	done
}

# placed POLICY N EXPECT: N busy loops placed under POLICY, measured
# soundly (place), with POLICY in force as asym-place reports it, and
# EXPECT as asym-place judged it:
#   ideal, ideal_by_core, ideal_by_capacity
#                          ideal in 90% of the samples, judged by thread,
#                          by core (v6.5) or by capacity (the domains
#                          place by capacity), as asym-place says it did
#   siblings_last          every first thread of a core ran a loop in 90%
#                          of the samples: SMT siblings got the overflow
#   overflows_to_siblings  a sibling ran a loop in half the samples while
#                          an E-core ran one in at most 10%
placed() {
	local got

	place "$1" "$2" || return $?
	if [ "$v_policy" != "$1" ]; then
		diag "policy $v_policy in force, expected $1"
		return 1
	fi
	case $3 in
	ideal|ideal_by_core|ideal_by_capacity)
		local judged=${3#ideal_by_}

		[ "$judged" = ideal ] && judged=thread
		if [ "$v_judged" != "$judged" ]; then
			diag "judged by $v_judged, expected by $judged"
			return 1
		fi
		got=$v_pass ;;
	siblings_last) got=$v_siblings_last ;;
	overflows_to_siblings) got=$v_overflow ;;
	*) diag "placed: unknown expectation '$3'"; return 1 ;;
	esac
	[ "$got" = 1 ] && return 0
	explain "$1" "$2"
	return 1
}

# The capacity path (parts without SMT, series patches 0029 and 0030,
# companion 0007).

# capacities_are "CPU:CAP ...": cpu_capacity shows these capacities.
capacities_are() {
	local got

	got=$(sed 1d "$ASYM_CPU_CAPACITY" 2>&1 | tr ' ' : | paste -sd' ')
	[ "$got" = "$1" ] && return 0
	diag "capacities '$got', expected '$1'"
	return 1
}

# placed_by WAY: CPU 0's sched domains place by WAY, capacity
# (SD_ASYM_CPUCAPACITY in one at least, SD_ASYM_PACKING in none) or
# packing (the other way round), as asym-ctl status says of each.
placed_by() {
	local paths

	paths=$(asym-ctl status | sed -n 's/^cpu[0-9]* domain[0-9]* *[A-Z]* //p' |
		paste -sd' ')
	diag "cpu0's domains: $paths"
	case $1 in
	capacity) echo " $paths " | grep -q ' capacity ' &&
		! echo " $paths " | grep -q 'packing' ;;
	packing) echo " $paths " | grep -q ' packing ' &&
		! echo " $paths " | grep -q 'capacity' ;;
	*) return 1 ;;
	esac
}

# capacity_rows PREFIX: ktap_table lines, the domains of a part placed by
# capacity as its scenario's $CAPACITIES (CPU:CAP ...) say, ITMT revoked.
capacity_rows() {
	echo "$1_places_by_capacity placed_by capacity"
	echo "$1_domains_as_modelled topology_checked"
	echo "$1_capacities_from_priorities capacities_are '$CAPACITIES'"
	echo "$1_itmt_support_revoked file_is $ASYM_ITMT_SUPPORT 0"
}

# switched_to POLICY WAY: asym-ctl set POLICY, then placed_by WAY.
switched_to() {
	asym-ctl set "$1" > /dev/null && placed_by "$2"
}

# placement_rows PREFIX POLICY EXPECT N...: ktap_table lines, one test a
# N: "PREFIX_nN_EXPECT placed POLICY N EXPECT".
placement_rows() {
	local prefix=$1 policy=$2 expect=$3 n

	shift 3
	for n; do
		echo "${prefix}_n${n}_$expect placed $policy $n $expect"
	done
}

# defaults_restore PRIOS: back to the defaults, cpu_priority shows PRIOS
# (the boot priorities): a policy switch leaves no priority behind.
defaults_restore() {
	asym-ctl set defaults > /dev/null && prios_are "$1"
}
