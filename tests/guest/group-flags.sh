#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# trees: 6.1 6.12
#
# From every online CPU's MC domain, the groups of SMT cores carry
# SD_SHARE_CPUCAPACITY and the groups of single-thread cores carry no
# flags, also after a sibling of a P-core went offline and came back.
# Fails on 6.1 without the two sched/topology fixes of the series; holds
# on stock 6.12, which has them upstream.
. /opt/asym-smt/tests/lib.sh

# mc_groups_ok NGROUPS: check the MC groups of every online CPU.
mc_groups_ok() {
	local d cpu mc span weight flags first sib n bad=0

	for d in $SCHED_DOMAINS/cpu*; do
		cpu=${d##*cpu}
		cpu_is_online "$cpu" || continue
		if ! mc=$(domain_dir "$cpu" MC); then
			diag "cpu$cpu: no MC domain"
			bad=1
			continue
		fi
		n=0
		while read -r span weight _ _ flags; do
			n=$((n + 1))
			span=${span#span=}
			weight=${weight#weight=}
			flags=${flags#flags=}
			first=${span%%[-,]*}
			sib=$(cat /sys/devices/system/cpu/cpu$first/topology/thread_siblings_list)
			if [ "$span" != "$sib" ]; then
				diag "cpu$cpu: MC group $span is not a core (siblings $sib)"
				bad=1
			elif [ "$weight" -gt 1 ]; then
				case "|$flags|" in
				*"|SD_SHARE_CPUCAPACITY|"*) ;;
				*) diag "cpu$cpu: SMT group $span lacks SD_SHARE_CPUCAPACITY: flags=$flags"
				   bad=1 ;;
				esac
			elif [ "$flags" != 0 ]; then
				diag "cpu$cpu: single-thread group $span has flags=$flags"
				bad=1
			fi
		done < "$mc/groups"
		if [ "$n" -ne "$1" ]; then
			diag "cpu$cpu: $n MC groups, expected $1"
			bad=1
		fi
	done
	return $bad
}

# group_weight_is CPU SPAN WEIGHT: CPU's MC domain has group SPAN of WEIGHT.
group_weight_is() {
	local mc

	mc=$(domain_dir "$1" MC) && grep -q "^span=$2 weight=$3 " "$mc/groups"
}

# offline_then_groups_ok CPU: CPU offline, its core's group shrinks in
# the MC domain of CPU 2, every MC group still right.
offline_then_groups_ok() {
	set_cpu_online "$1" 0 && wait_for 10 group_weight_is 2 0 1 &&
		mc_groups_ok 4
}

# online_then_groups_ok CPU: CPU back, its core's group whole again.
online_then_groups_ok() {
	set_cpu_online "$1" 1 && wait_for 10 group_weight_is 2 0-1 2 &&
		mc_groups_ok 4
}

diag "MC groups seen from cpu0:"
sed 's/^/# /' "$(domain_dir 0 MC)/groups"
ktap_table "
groups_file_format grep -qE '^span=[0-9,-]+ weight=[0-9]+ capacity=[0-9]+ asym_prefer_cpu=-?[0-9]+ flags=(0|SD_[A-Z_|]+)\$' \"\$(domain_dir 0 MC)/groups\"
smt_groups_share_capacity_at_boot mc_groups_ok 4
after_offlining_cpu1 offline_then_groups_ok 1
after_onlining_cpu1 online_then_groups_ok 1
cpu1_back_in_smt_domain file_is \$SCHED_DOMAINS/cpu1/domain0/name SMT
"
