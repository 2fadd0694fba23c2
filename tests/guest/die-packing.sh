#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: ryzen-9-9950x
# trees: 6.1 6.12
# timeout: 600
#
# Asym packing across last-level caches. The catalogue's Ryzen 9 9950X
# has two CCDs, each with its L3 (lab CPUs 0-15 and 16-31), and the
# preferred cores on the first: its best cores are 0 and 4 (lab CPUs 0
# and 8, raw priority 236), the second CCD's best is core 9 (lab CPU 18,
# 201). Only a die domain with SD_ASYM_PACKING moves a loop from the
# second CCD to an idle core of the first. 6.1's die domain has none, at
# its defaults and as a fix of the series would not change it; stock
# 6.12 has it (e1bc02646527, in 6.12.y); kernel.sched_asym_smt=2 gives
# it (series patch 0021, after 044f0e27dec6 and e1bc02646527).
# Of two loops started on lab CPUs 0 and 18 (the real 9950X's CPUs 0 and
# 9), the second stays on the second CCD at 6.1's defaults (the first
# stays on 0 or moves to 8, of the same priority: two runs, either end
# or held for most of the window), and both reach two preferred cores
# under kernel.sched_asym_smt=2 and on 6.12.
#
# Five and seven loops from the starts where the parity maps found the
# backport in a trap (docs/catalogue.md, "Parity on every part and every
# N") reach the ideal at once and stay in every run. That needs the part
# of series patch 0019 that lets a CPU of an idle core balance for its
# CCD (b1bfeab9b002, 6d7e4782bcf5): before the series was folded, on a
# kernel with value 2 but without that part, 2 of 4 replayed runs of
# these two starts ended in a trap, such as {0,9,11,18,22} with five
# cores of the first CCD idle; N=5 was off the ideal for its first 8
# samples (2.4 s, {1,9,10,19,23}), the second N=7 run held the trap
# {1,2,5,7,8,10,18} for its 13, and with that part all six runs passed.
# A run passes when it is never off the ideal for more than 0.9 s in a
# row, the end of the window included; a share of ideal samples would
# count the first moves and a loop pushed off its core for one sample as
# much as a trap. A run need not end on the ideal: a loop pushed to the
# other CCD in the last 20 ms of the window (seen in 1 of 15 runs of the
# N=7 start on 6.1 with the series) is such a push, and a trap that
# forms less than 0.9 s before the end cannot be told from one.
. /opt/asym-smt/tests/lib.sh

# die_packs yes|no: CPU 0's die domain (DIE on 6.1, PKG on 6.12) has
# SD_ASYM_PACKING, or not; its groups are the two CCDs, with the
# preferred CPUs 0 and 18 when it has.
die_packs() {
	local die got=no name=DIE want

	is_stock && name=PKG
	die=$(domain_dir 0 $name) || { diag "cpu0 has no $name domain"; return 1; }
	grep -q SD_ASYM_PACKING "$die/flags" && got=yes
	if [ "$got" != "$1" ]; then
		diag "$die/flags: SD_ASYM_PACKING $got, expected $1: $(cat "$die/flags")"
		return 1
	fi
	# without the flag no group gets a preferred CPU: 0, as allocated
	want="0-15:0 16-31:0"
	[ "$1" = yes ] && want="0-15:0 16-31:18"
	got=$(sed -n 's/^span=\([0-9,-]*\) .* asym_prefer_cpu=\(-\{0,1\}[0-9]*\) .*/\1:\2/p' \
		"$die/groups" | xargs)
	[ "$got" = "$want" ] && return 0
	diag "$die/groups: span:asym_prefer_cpu '$got'"
	return 1
}

# sysctl_die_packs VALUE yes|no: kernel.sched_asym_smt=VALUE, then the
# die domain packs or not.
sysctl_die_packs() {
	asym-ctl write "$ASYM_SYSCTL" "$1" > /dev/null || return 1
	wait_for 10 die_packs "$2" > /dev/null || die_packs "$2"
}

# The longest a run may spend off the ideal: 0.9 s (3 samples of 0.3 s
# where the sampler measures). The loops' first moves out of the start,
# or a loop that a kworker pushes off its core for a moment, stay within
# it; a trap (a placement held for seconds with cores of the first CCD
# idle) does not.
OFF_IDEAL_MAX_S=0.9

# off_ideal FILE: the longest time in seconds that asym-place report
# spent off the ideal, the end of the window included (from the record,
# or the samples in a row times their interval).
off_ideal() {
	awk '/^asym-place:/ { for (i = 1; i <= NF; i++)
				if ($i == "interval") iv = $(i + 1) / 1000 }
	     /^ideal: .* longest off the ideal: / { rec = $(NF - 1) }
	     /^(samples|states)/ { on = 1; next } /^ideal/ { on = 0 }
	     on && / t=/ { if ($NF == "ideal") run = 0
			   else if (++run > max) max = run }
	     END { print (rec != "" ? rec : max * iv) + 0 }' "$1"
}

# ideal_in_runs RUNS START: under kernel.sched_asym_smt=2, no run of
# RUNS runs of the loops released from START (4 s windows, judged:
# place) is off the ideal placement (by core) for more than
# OFF_IDEAL_MAX_S in a row, at the start and the end included: the
# loops get there at once and stay.
ideal_in_runs() {
	local runs=$1 start=$2 n run=1 off

	n=$(echo "$start" | tr , '\n' | wc -l)
	while [ "$run" -le "$runs" ]; do
		place v6.5 "$n" --start "$start" --duration 4 || return $?
		off=$(off_ideal "/tmp/place-v6.5-$n.txt")
		if ! awk "BEGIN { exit !($off <= $OFF_IDEAL_MAX_S) }"; then
			diag "run $run of $runs: $off s off the ideal in a row," \
				"at most $OFF_IDEAL_MAX_S s expected; $v_outcome {$v_final}"
			explain v6.5 "$n"
			return 1
		fi
		diag "run $run of $runs: at most $off s in a row off the ideal" \
			"($v_measure; $v_outcome at the end)"
		run=$((run + 1))
	done
}

is_stock && ktap_table "
stock_pkg_packs die_packs yes
stock_domains_as_modelled topology_checked
stock_n2_from_0_18_ideal from_start v6.5 0,18 ideal
"

BOOT_PRIOS=$(prios)
ktap_table "
default_die_does_not_pack die_packs no
default_domains_as_modelled topology_checked
default_n2_from_0_18_stays ends_in v5.16 0,18 2 0,18 8,18
sysctl2_die_packs sysctl_die_packs 2 yes
sysctl2_domains_as_modelled topology_checked
sysctl2_n2_from_0_18_ideal from_start v6.5 0,18 ideal
sysctl2_n5_from_6_19_26_28_29_ideal_held ideal_in_runs 3 6,19,26,28,29
sysctl2_n7_from_2_3_3_18_18_24_29_ideal_held ideal_in_runs 3 2,3,3,18,18,24,29
sysctl0_die_does_not_pack sysctl_die_packs 0 no
sysctl1_die_does_not_pack sysctl_die_packs 1 no
sysctl1_domains_as_modelled topology_checked
sysctl2_back_to_1_restores_priorities defaults_restore \"\$BOOT_PRIOS\"
"
