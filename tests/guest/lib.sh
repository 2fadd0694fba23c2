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

# prios_are "CPU:PRIO ...": cpu_priority shows these priorities.
prios_are() {
	local got

	got=$(awk 'NR > 1 { printf "%s%d:%d", sep, $1, $5; sep = " " }' $ASYM_CPU_PRIORITY)
	[ "$got" = "$1" ] && return 0
	diag "priorities '$got', expected '$1'"
	return 1
}
