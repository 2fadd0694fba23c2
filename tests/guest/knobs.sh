#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
#
# Every knob of the series on the emulated hybrid CPU (raw priorities 100
# and 40, set by asym-ctl topology at boot): defaults, round trips, their
# effect on priorities and sched groups, bad input and non-root writers;
# and no balancing pass applied the SMT rule while one of the switches
# they made changed what it applies to (CONFIG_SCHED_ASYM_SMT_DEBUG's
# count, since boot).
. /opt/asym-smt/tests/lib.sh

SQUARED="0:200 1:50 2:200 3:50 4:80 6:80"
LEGACY="0:200 1:100 2:200 3:100 4:80 6:80"
EQUAL="0:100 1:100 2:100 3:100 4:40 6:40"

# The selectors at their defaults.
FORMULAS=$ASYM_PRIO_FORMULA_READS
RULES=$ASYM_SMT_PULL_CHECK_READS

# Everything a refused write must leave as it was: every knob, every group.
snapshot() {
	cat $ASYM_KNOBS $SCHED_DOMAINS/cpu*/domain*/groups 2>&1
}

set_knob() {	# set_knob FILE VALUE: accepted and reads back
	echo "$2" > "$1" || { diag "$1: '$2' refused"; return 1; }
}

# smt_asym_packing yes|no: the SMT domain of CPU 0 has SD_ASYM_PACKING or
# not (not while the equal formula is in force).
smt_asym_packing() {
	local smt got=no

	smt=$(domain_dir 0 SMT) || { diag "cpu0 has no SMT domain"; return 1; }
	grep -q SD_ASYM_PACKING "$smt/flags" && got=yes
	[ "$got" = "$1" ] && return 0
	diag "$smt/flags: SD_ASYM_PACKING $got, expected $1"
	return 1
}

defaults() {
	file_is $ASYM_SYSCTL 1 && file_is $ASYM_PRIO_FORMULA "$FORMULAS" &&
		file_is $ASYM_SMT_PULL_CHECK "$RULES" && file_is $ASYM_ITMT_SUPPORT 1 &&
		file_is $ITMT_ENABLED_SYSCTL 1 &&
		[ "$(head -1 $ASYM_CPU_PRIORITY)" = "cpu core_cpu sibling_index raw_prio prio" ] &&
		prios_are "$SQUARED"
}

sysctl_round_trip() {
	set_knob $ASYM_SYSCTL 0 && file_is $ASYM_SYSCTL 0 && prios_are "$LEGACY" &&
		file_is $ASYM_PRIO_FORMULA "$FORMULAS" &&
		set_knob $ASYM_SYSCTL 1 && file_is $ASYM_SYSCTL 1 && prios_are "$SQUARED"
}

# 2 is the policy of v6.5: equal priorities, no asym packing between SMT
# siblings; the selections of debugfs are kept, and 1 restores everything.
sysctl_2_round_trip() {
	smt_asym_packing yes &&
		set_knob $ASYM_SYSCTL 2 && file_is $ASYM_SYSCTL 2 && prios_are "$EQUAL" &&
		smt_asym_packing no && refused $ASYM_SYSCTL 3 && prios_are "$EQUAL" &&
		file_is $ASYM_PRIO_FORMULA "$FORMULAS" &&
		file_is $ASYM_SMT_PULL_CHECK "$RULES" &&
		set_knob $ASYM_SYSCTL 1 && file_is $ASYM_SYSCTL 1 && prios_are "$SQUARED" &&
		smt_asym_packing yes
}

formula_round_trip() {
	set_knob $ASYM_PRIO_FORMULA legacy &&
		file_is $ASYM_PRIO_FORMULA "squared [legacy] equal" &&
		prios_are "$LEGACY" && smt_asym_packing yes &&
		set_knob $ASYM_PRIO_FORMULA equal &&
		file_is $ASYM_PRIO_FORMULA "squared legacy [equal]" &&
		prios_are "$EQUAL" && smt_asym_packing no &&
		printf squared > $ASYM_PRIO_FORMULA && file_is $ASYM_PRIO_FORMULA "$FORMULAS" &&
		prios_are "$SQUARED" && smt_asym_packing yes
}

# With the sysctl at 0 the selected formula is kept but not used.
sysctl_0_overrides_formula() {
	set_knob $ASYM_SYSCTL 0 && set_knob $ASYM_PRIO_FORMULA equal &&
		file_is $ASYM_PRIO_FORMULA "squared legacy [equal]" &&
		prios_are "$LEGACY" && smt_asym_packing yes &&
		set_knob $ASYM_PRIO_FORMULA squared &&
		set_knob $ASYM_SYSCTL 1 && prios_are "$SQUARED"
}

# So it is at 2.
sysctl_2_overrides_formula() {
	set_knob $ASYM_SYSCTL 2 && set_knob $ASYM_PRIO_FORMULA legacy &&
		file_is $ASYM_PRIO_FORMULA "squared [legacy] equal" &&
		prios_are "$EQUAL" && smt_asym_packing no &&
		set_knob $ASYM_PRIO_FORMULA squared &&
		set_knob $ASYM_SYSCTL 1 && prios_are "$SQUARED" && smt_asym_packing yes
}

# The rule changes neither priorities nor sched domain flags.
pull_check_round_trip() {
	set_knob $ASYM_SMT_PULL_CHECK none &&
		file_is $ASYM_SMT_PULL_CHECK "[none] busy_siblings idle_core" &&
		set_knob $ASYM_SMT_PULL_CHECK idle_core &&
		file_is $ASYM_SMT_PULL_CHECK "none busy_siblings [idle_core]" &&
		prios_are "$SQUARED" && smt_asym_packing yes &&
		refused $ASYM_SMT_PULL_CHECK 1 && refused $ASYM_SMT_PULL_CHECK 0 &&
		printf busy_siblings > $ASYM_SMT_PULL_CHECK &&
		file_is $ASYM_SMT_PULL_CHECK "$RULES"
}

raw_priority_round_trip() {
	set_knob $ASYM_CPU_PRIORITY "3 60" &&
		prios_are "0:200 1:50 2:120 3:30 4:80 6:80" &&
		grep -q "^3 2 2 60 30\$" $ASYM_CPU_PRIORITY &&
		set_knob $ASYM_CPU_PRIORITY "2 100" && prios_are "$SQUARED"
}

itmt_support_round_trip() {
	set_knob $ASYM_ITMT_SUPPORT 0 && file_is $ASYM_ITMT_SUPPORT 0 &&
		[ ! -e $ITMT_ENABLED_SYSCTL ] &&
		! grep -q SD_ASYM_PACKING $SCHED_DOMAINS/cpu0/domain1/flags &&
		set_knob $ASYM_ITMT_SUPPORT 1 && file_is $ITMT_ENABLED_SYSCTL 1 &&
		grep -q SD_ASYM_PACKING $SCHED_DOMAINS/cpu0/domain1/flags
}

# A reader that opened kernel.sched_itmt_enabled before ITMT support was
# revoked neither holds the revoke up nor reads a stale value: its read
# fails with ENOENT (the race asym-torture counts as expected).
revoked_sysctl_reads_enoent() {
	local err

	# A failed redirection of exec would end the script: check first.
	[ -r $ITMT_ENABLED_SYSCTL ] || { diag "no $ITMT_ENABLED_SYSCTL"; return 1; }
	exec 3< $ITMT_ENABLED_SYSCTL
	set_knob $ASYM_ITMT_SUPPORT 0 || { exec 3<&-; return 1; }
	err=$(cat <&3 2>&1)
	exec 3<&-
	set_knob $ASYM_ITMT_SUPPORT 1 && file_is $ITMT_ENABLED_SYSCTL 1 || return 1
	case $err in
	*"No such file or directory"*) return 0 ;;
	esac
	diag "read after revoke gave '$err', expected ENOENT"
	return 1
}

# Every group's asym_prefer_cpu is its CPU of highest priority (the first
# on ties), as cpu_priority shows it now.
groups_follow_priorities() {
	local out status

	out=$(asym-ctl check-groups 2>&1)
	status=$?
	[ -z "$out" ] || echo "$out" | sed 's/^/# /'
	return $status
}

# A priority write rebuilds the domains (new debugfs directories) and the
# groups follow; revoking ITMT drops asym_prefer_cpu of the E-core group.
asym_prefer_follows() {
	local before

	before=$(ls -id $SCHED_DOMAINS/cpu4 | awk '{ print $1 }')
	set_knob $ASYM_CPU_PRIORITY "4 90" &&
		[ "$(ls -id $SCHED_DOMAINS/cpu4 | awk '{ print $1 }')" != "$before" ] &&
		prios_are "0:200 1:50 2:200 3:50 4:180 6:80" && groups_follow_priorities &&
		grep -q "^span=4 weight=1 capacity=[0-9]* asym_prefer_cpu=4 " \
			$SCHED_DOMAINS/cpu4/domain0/groups &&
		set_knob $ASYM_ITMT_SUPPORT 0 &&
		grep -q "^span=4 weight=1 capacity=[0-9]* asym_prefer_cpu=0 " \
			$SCHED_DOMAINS/cpu4/domain0/groups &&
		set_knob $ASYM_ITMT_SUPPORT 1 && set_knob $ASYM_CPU_PRIORITY "4 40" &&
		prios_are "$SQUARED" && groups_follow_priorities
}

# Bad input: "FILE|DATA|ERRNO", DATA with asym-ctl write's escapes.
long=$(head -c 4096 /dev/zero | tr '\0' 1)
bad_inputs() {
	cat <<BAD
$ASYM_SYSCTL|3|EINVAL
$ASYM_SYSCTL|3\n|EINVAL
$ASYM_SYSCTL|0x3|EINVAL
$ASYM_SYSCTL|-1|EINVAL
$ASYM_SYSCTL|1abc|EINVAL
$ASYM_SYSCTL|2x|EINVAL
$ASYM_SYSCTL|99999999999999999999|EINVAL
$ASYM_SYSCTL|\x01\xff|EINVAL
$ASYM_SYSCTL|$long|EINVAL
$ASYM_SMT_PULL_CHECK||EINVAL
$ASYM_SMT_PULL_CHECK|0|EINVAL
$ASYM_SMT_PULL_CHECK|1|EINVAL
$ASYM_SMT_PULL_CHECK|1\n|EINVAL
$ASYM_SMT_PULL_CHECK|2|EINVAL
$ASYM_SMT_PULL_CHECK|-1|EINVAL
$ASYM_SMT_PULL_CHECK|on|EINVAL
$ASYM_SMT_PULL_CHECK| none|EINVAL
$ASYM_SMT_PULL_CHECK|none |EINVAL
$ASYM_SMT_PULL_CHECK|Idle_core|EINVAL
$ASYM_SMT_PULL_CHECK|idle-core|EINVAL
$ASYM_SMT_PULL_CHECK|busy|EINVAL
$ASYM_SMT_PULL_CHECK|none busy_siblings|EINVAL
$ASYM_SMT_PULL_CHECK|none\n\n|EINVAL
$ASYM_SMT_PULL_CHECK|none\x00|EINVAL
$ASYM_SMT_PULL_CHECK|busy_siblings\n\n\n|EINVAL
$ASYM_SMT_PULL_CHECK|idle_core_idle_c|EINVAL
$ASYM_SMT_PULL_CHECK|$long|EINVAL
$ASYM_PRIO_FORMULA||EINVAL
$ASYM_PRIO_FORMULA|LEGACY|EINVAL
$ASYM_PRIO_FORMULA|Equal|EINVAL
$ASYM_PRIO_FORMULA|equals|EINVAL
$ASYM_PRIO_FORMULA|equal\n\n|EINVAL
$ASYM_PRIO_FORMULA|2|EINVAL
$ASYM_PRIO_FORMULA|squared legacy|EINVAL
$ASYM_PRIO_FORMULA| legacy|EINVAL
$ASYM_PRIO_FORMULA|leg|EINVAL
$ASYM_PRIO_FORMULA|legacy\x00|EINVAL
$ASYM_PRIO_FORMULA|\xff\xfe|EINVAL
$ASYM_PRIO_FORMULA|$long|EINVAL
$ASYM_CPU_PRIORITY||EINVAL
$ASYM_CPU_PRIORITY|1|EINVAL
$ASYM_CPU_PRIORITY|9999 1|EINVAL
$ASYM_CPU_PRIORITY|5 10|EINVAL
$ASYM_CPU_PRIORITY|-1 10|EINVAL
$ASYM_CPU_PRIORITY|1 -1|EINVAL
$ASYM_CPU_PRIORITY|1 2147483648|ERANGE
$ASYM_CPU_PRIORITY|1 1073741824|ERANGE
$ASYM_CPU_PRIORITY|x 1|EINVAL
$ASYM_CPU_PRIORITY|1 1x|EINVAL
$ASYM_CPU_PRIORITY| 1 60|EINVAL
$ASYM_CPU_PRIORITY|1  60|EINVAL
$ASYM_CPU_PRIORITY|1 60 70|EINVAL
$ASYM_CPU_PRIORITY|1 60\x00|EINVAL
$ASYM_CPU_PRIORITY|$long|EINVAL
$ASYM_ITMT_SUPPORT||EINVAL
$ASYM_ITMT_SUPPORT|2|EINVAL
$ASYM_ITMT_SUPPORT|yes|EINVAL
$ASYM_ITMT_SUPPORT| 1|EINVAL
BAD
}

refuse_bad_input() {
	local before got bad=0 n=0

	before=$(snapshot)
	while IFS='|' read -r file data want; do
		n=$((n + 1))
		got=$(asym-ctl write "$file" "$data" 2>&1)
		if [ "$got" != "$want" ]; then
			diag "${file##*/} '$(echo "$data" | cut -c1-24)': $got, expected $want"
			bad=1
		elif [ "$(snapshot)" != "$before" ]; then
			diag "${file##*/} '$(echo "$data" | cut -c1-24)': refused but changed state"
			bad=1
		fi
	done <<EOF2
$(bad_inputs)
EOF2
	diag "$n bad inputs tried"
	return $bad
}

non_root_writes_nothing() {
	local before f bad=0

	# The writers below must really run as nobody.
	[ "$(su -s /bin/sh nobody -c 'id -u')" = 65534 ] ||
		{ diag "cannot run as nobody"; return 1; }
	before=$(snapshot)
	for f in $ASYM_OURS; do
		if su -s /bin/sh nobody -c "echo 0 > $f; echo 2 > $f; echo '0 1' > $f;
				echo equal > $f; echo none > $f; echo legacy > $f" 2>/dev/null; then
			diag "nobody could write $f"
			bad=1
		fi
	done
	[ "$(snapshot)" = "$before" ] || { diag "non-root writes changed state"; bad=1; }
	return $bad
}

ktap_table "
defaults defaults
sysctl_round_trip sysctl_round_trip
sysctl_2_round_trip sysctl_2_round_trip
formula_round_trip formula_round_trip
sysctl_0_overrides_formula sysctl_0_overrides_formula
sysctl_2_overrides_formula sysctl_2_overrides_formula
pull_check_round_trip pull_check_round_trip
raw_priority_round_trip raw_priority_round_trip
itmt_support_round_trip itmt_support_round_trip
revoked_sysctl_reads_enoent revoked_sysctl_reads_enoent
asym_prefer_follows asym_prefer_follows
bad_input_refused refuse_bad_input
non_root_writes_nothing non_root_writes_nothing
defaults_again defaults
no_pass_across_a_switch file_is $ASYM_PASSES_TWO_RULES 0
"
