# SPDX-License-Identifier: GPL-2.0
# KTAP helpers for the guest scenarios (Documentation/dev-tools/ktap.rst).
# A scenario sources this file, calls ktap_plan N, reports each test with
# ok/not_ok/check/xfail and ends with ktap_finish.

ktap_n=0
ktap_planned=0
ktap_failed=0

ktap_plan() {
	ktap_planned=$1
	echo "KTAP version 1"
	echo "1..$1"
}

ok() {
	ktap_n=$((ktap_n + 1))
	echo "ok $ktap_n $*"
}

not_ok() {
	ktap_n=$((ktap_n + 1))
	ktap_failed=$((ktap_failed + 1))
	echo "not ok $ktap_n $*"
}

# xfail NAME REASON: a promise the kernel does not keep, reported, not hidden.
xfail() {
	ktap_n=$((ktap_n + 1))
	echo "not ok $ktap_n $1 # XFAIL $2"
}

# check NAME COMMAND...: ok if COMMAND succeeds.
check() {
	local name=$1

	shift
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}

diag() {
	echo "# $*"
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

ktap_finish() {
	if [ "$ktap_n" -ne "$ktap_planned" ]; then
		diag "planned $ktap_planned tests, ran $ktap_n"
		exit 1
	fi
	[ "$ktap_failed" -eq 0 ]
	exit $?
}

SCHED_DOMAINS=/sys/kernel/debug/sched/domains

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

# The knobs of the asym-smt kernel patches (see sysctl-docs/).
ASYM_SYSCTL=/proc/sys/kernel/sched_asym_smt
ASYM_DEBUGFS=/sys/kernel/debug/sched/asym_smt
ASYM_PRIO_FORMULA=$ASYM_DEBUGFS/prio_formula
ASYM_SMT_PULL_CHECK=$ASYM_DEBUGFS/smt_pull_check
ASYM_CPU_PRIORITY=$ASYM_DEBUGFS/cpu_priority
ASYM_ITMT_SUPPORT=$ASYM_DEBUGFS/itmt_support
ITMT_ENABLED_SYSCTL=/proc/sys/kernel/sched_itmt_enabled

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

# prios: the priorities in cpu_priority, as "CPU:PRIO ...".
prios() {
	awk 'NR > 1 { printf "%s%d:%d", sep, $1, $5; sep = " " }' $ASYM_CPU_PRIORITY
}

# prios_are "CPU:PRIO ...": cpu_priority shows these priorities.
prios_are() {
	local got

	got=$(prios)
	[ "$got" = "$1" ] && return 0
	diag "priorities '$got', expected '$1'"
	return 1
}

# place MODE N: run asym-place for N workers, keep its report in
# /tmp/place-MODE-N.txt, print one diag line; asym-place's status.
place() {
	local out=/tmp/place-$1-$2.txt status

	asym-place -n "$2" --explain > "$out" 2>&1
	status=$?
	diag "$1 N=$2: $(sed -n 's/^ideal samples: //p' "$out"), last sample" \
		"$(grep '^  t=' "$out" | tail -1 | awk '{ print $2 }'), $(grep -o 'measurement [A-Z ]*sound' "$out")"
	return $status
}

# residency MODE N CPU: CPU's worker residency in that report.
residency() {
	awk -v cpu="$3" '/^residency/ { on = 1; next } /^measurement/ { exit }
		on && $1 == cpu { print $2; exit }' "/tmp/place-$1-$2.txt"
}

# overflows_to_siblings MODE N: a sibling ran a worker in at least half
# the samples while an E-core ran none in 9 of 10: the misplacement the
# v5.16 series fixed.
overflows_to_siblings() {
	awk -v s="$(residency "$1" "$2" 1) $(residency "$1" "$2" 3)" \
	    -v e="$(residency "$1" "$2" 4) $(residency "$1" "$2" 6)" 'BEGIN {
		split(s, S, " "); split(e, E, " ")
		exit !((S[1] >= 0.5 || S[2] >= 0.5) && (E[1] <= 0.1 || E[2] <= 0.1))
	}'
}

# sound MODE N: asym-place agreed with /proc/stat for that window.
sound() {
	grep -q '^measurement sound' "/tmp/place-$1-$2.txt"
}

# set_mode MODE: default, sysctl0, sysctl2 (the v6.5 backport),
# formula_only, pull_only (the halves of v5.16).
set_mode() {
	case $1 in
	default) asym-ctl set defaults ;;
	sysctl0) asym-ctl set sysctl=0 ;;
	sysctl2) asym-ctl set sysctl=2 ;;
	formula_only) asym-ctl set sysctl=1 formula=squared pull=none ;;
	pull_only) asym-ctl set sysctl=1 formula=legacy pull=busy_siblings ;;
	*) false ;;
	esac >/dev/null
}

# siblings_last MODE N: every online first thread of a core (P-core main
# thread or E-core) ran a worker in at least 9 of 10 samples: the SMT
# siblings only got the overflow.
siblings_last() {
	local cpu first bad=0

	for cpu in $(awk '/^residency/ { on = 1; getline; next } /^measurement/ { exit }
			on && NF == 4 { print $1 }' \
			"/tmp/place-$1-$2.txt"); do
		first=$(cut -d, -f1 /sys/devices/system/cpu/cpu$cpu/topology/thread_siblings_list)
		first=${first%%-*}
		[ "$first" = "$cpu" ] || continue
		awk -v r="$(residency "$1" "$2" "$cpu")" 'BEGIN { exit !(r >= 0.9) }' ||
			{ diag "$1 N=$2: cpu$cpu residency $(residency "$1" "$2" "$cpu")"; bad=1; }
	done
	return $bad
}

# skip NAME REASON
skip() {
	ktap_n=$((ktap_n + 1))
	echo "ok $ktap_n $1 # SKIP $2"
}

# judge NAME MODE N COMMAND...: check NAME with COMMAND if the asym-place
# run MODE N measured soundly; if asym-place and /proc/stat disagree (a
# loaded host starves the vCPUs), the placement cannot be judged: SKIP.
judge() {
	local name=$1 mode=$2 n=$3

	shift 3
	if ! sound "$mode" "$n"; then
		skip "$name" "measurement not sound (asym-place and /proc/stat disagree)"
		return
	fi
	"$@" && { ok "$name"; return; }
	explain "$mode" "$n"
	not_ok "$name"
}

# explain MODE N: the samples and the balancer's counters of that
# asym-place run, as diag lines: why a placement was not ideal.
explain() {
	sed -n '/^samples/,/^ideal samples/p; /^\/proc\/schedstat/,/^result/p' \
		"/tmp/place-$1-$2.txt" | sed 's/^/# /'
}

# is_stock: the kernel has none of the series' knobs (stock 6.12).
is_stock() {
	[ ! -e $ASYM_SYSCTL ]
}

# placements_by_core MODE N...: one test per N: N busy loops placed
# ideally as asym-place judges for the v6.5+ policy in force (by core,
# second threads unordered), on stock 6.12 or on 6.1 with
# kernel.sched_asym_smt=2: the same assertion on both trees.
placements_by_core() {
	local mode=$1 n

	shift
	for n; do
		place "$mode" "$n"
		judge "${mode}_n${n}_ideal_by_core" "$mode" "$n" [ $? -eq 0 ]
	done
}

# stock_placements N...: the whole scenario on a stock kernel, exits with
# the KTAP verdict.
stock_placements() {
	ktap_plan $#
	placements_by_core stock "$@"
	ktap_finish
}

# v65_placements N...: 6.1 with kernel.sched_asym_smt=2 reports the v6.5
# policy and places as stock 6.12 does (placements_by_core) for each N
# given, and 1 again restores the priorities exactly: $# + 2 tests. Give
# N up to the number of cores: which cores run loops is the asym policy's
# decision. Beyond, up to one loop per CPU, placements are measured and
# recorded, not asserted: there the backport now and then leaves an SMT
# sibling idle while an E-core runs two loops, for the whole window (the
# generic balancer's (2 - 1) >> 1 = 0 task; README, Findings), as stock
# 6.12 did once in the lab.
v65_placements() {
	local before all n

	all=$(grep -c '^processor' /proc/cpuinfo)
	set_mode default
	before=$(prios)
	set_mode sysctl2
	placements_by_core sysctl2 "$@"
	check sysctl2_reports_v6_5_policy grep -q \
		'^kernel: .*, policy v6.5+ (kernel.sched_asym_smt=2)$' "/tmp/place-sysctl2-$1.txt"
	n=$(($(eval echo "\${$#}") + 1))
	while [ "$n" -le "$all" ]; do
		if place sysctl2 "$n"; then
			diag "sysctl2 N=$n (recorded): ideal by core"
		else
			diag "sysctl2 N=$n (recorded): not ideal:"
			explain sysctl2 "$n"
		fi
		n=$((n + 1))
	done
	set_mode default
	check sysctl2_back_to_1_restores_priorities prios_are "$before"
}
