#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: smt-module
# trees: 6.1 6.12
# timeout: 900
#
# A ranking that changes at run time (asym-ctl rank, asym-follow). The
# command checks every value before the first write and changes nothing
# on bad input; "CPU PRIO norebuild" (6.1 series 0028, 6.12 companion
# 0006) changes the priorities as amd-pstate does, leaving the E-core
# module's group with the preferred CPU of the last rebuild, which a
# plain write (with the rebuild) moves. Then one loop on the P-core, the
# ranking's ideal, while an E-core of the module {2,4,6,8} is raised
# above it (raw 150 against the P-core's 100). E-core 2, the module's
# first CPU: the loop moves there within 20 ms and stays, in every run,
# on every generation and on stock 6.12, with the rebuild or without.
# E-core 8, the module's last CPU, is not asserted: there the loop mostly
# stays on the P-core to the window's end, and not in every run
# (docs/results/2026-12-07-follow/). With the balancer's counters, each
# move to E-core 2 is an active balance, and the emulation's rebuild
# replaces every domain.
. /opt/asym-smt/tests/lib.sh

BOOT_RAW="0:100 1:100 2:40 4:40 6:40 8:40"
RUNS=3

# rank_refused RANKING...: asym-ctl rank exits 2 (a usage error) and the
# raw priorities are the boot's.
rank_refused() {
	local out status

	out=$(asym-ctl rank "$@" 2>&1)
	status=$?
	diag "asym-ctl rank $*: $out"
	[ "$status" = 2 ] || { diag "exit status $status, expected 2"; return 1; }
	raw_are "$BOOT_RAW"
}

# raw_are "CPU:RAW ...": cpu_priority shows these raw priorities.
raw_are() {
	local got

	got=$(prios raw)
	[ "$got" = "$1" ] && return 0
	diag "raw priorities '$got', expected '$1'"
	return 1
}

# ranked RAW ARGS...: asym-ctl rank ARGS succeeds and gives raw RAW.
ranked() {
	local raw=$1 out

	shift
	out=$(asym-ctl rank "$@" 2>&1) || { diag "$out"; return 1; }
	diag "$(echo "$out" | tail -1)"
	raw_are "$raw"
}

# groups_stale: check-groups finds the E-core module's group with its old
# preferred CPU (cpu2, first of four equal cores) while cpu8 ranks first.
groups_stale() {
	local out

	out=$(asym-ctl check-groups 2>&1) && { diag "every group follows"; return 1; }
	echo "$out" | sed 's/^/# /'
	echo "$out" | grep -q 'asym_prefer_cpu=2, expected 8' ||
		{ diag "no group left on cpu2"; return 1; }
}

# groups_follow: check-groups finds every group's preferred CPU right.
groups_follow() {
	local out

	out=$(asym-ctl check-groups 2>&1) || { echo "$out" | sed 's/^/# /'; return 1; }
}

# followed POLICY N TO [OPTION...]: under POLICY, N loops on the ideal,
# the ranking changed to TO; in each of RUNS runs the record is complete,
# the loops were at the old ideal at the change and all of them reached
# the new ideal and stayed to the window's end.
followed() {
	local policy=$1 n=$2 to=$3 out=/tmp/follow.txt line bad=0

	shift 3
	asym-ctl set "$policy" > /dev/null || return 1
	asym-follow -n "$n" --to "$to" --reps "$RUNS" "$@" > "$out" 2>&1 ||
		{ sed 's/^/# /' "$out"; return 1; }
	grep '^follow ' "$out" > /tmp/follow-lines.txt
	[ "$(wc -l < /tmp/follow-lines.txt)" = "$RUNS" ] ||
		{ sed 's/^/# /' "$out"; return 1; }
	while read -r line; do
		diag "$policy: $line"
		case " $line " in
		*" sound=1 "*) ;;
		*) bad=1 ;;
		esac
		case " $line " in
		*" at_change=ideal "*" followed=-"*) bad=1 ;;
		*" at_change=ideal "*" reached=$n "*) ;;
		*) bad=1 ;;
		esac
	done < /tmp/follow-lines.txt
	[ "$bad" = 0 ] || sed -n '/^run /,/^follow /p' "$out" | sed 's/^/# /'
	raw_are "$BOOT_RAW" && [ "$bad" = 0 ]
}

# explained POLICY N TO [--norebuild]: followed, with the balancer's
# counters on each side of the change. In each run the loop moved off
# the CPU it was running on after the change, which only an active
# balance does to a loop that never sleeps: alb_pushed >= 1 during the
# change or after it (summed over levels). Without the rebuild every
# side's counters come from the same domains (rebuilt=0 everywhere), so
# none of that push is lost; with it, every domain of the "change" side
# is new (the emulation's rebuild replaces them all) and those before
# and after are not.
explained() {
	local out=/tmp/follow.txt norebuild=0

	case " $* " in *" --norebuild "*) norebuild=1 ;; esac
	followed "$@" --explain || return 1
	grep '^follow-explain ' "$out" | sed 's/^/# /'
	awk -v runs="$RUNS" -v norebuild="$norebuild" '
		$1 == "follow-explain" {
			for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
			want = (f["side"] == "change" && !norebuild) ? f["domains"] : 0
			if (f["rebuilt"] != want) {
				print "# run " f["run"] " " f["side"] " " f["name"] ": rebuilt=" f["rebuilt"] ", expected " want
				bad = 1
			}
			if (f["side"] != "before") pushed[f["run"]] += f["alb_pushed"]
		}
		END {
			for (r = 1; r <= runs; r++)
				if (norebuild && pushed[r] < 1) { print "# run " r ": no alb_pushed from the change on"; bad = 1 }
			exit bad
		}' "$out"
}

common="
boot_raw_priorities raw_are '$BOOT_RAW'
rank_refuses_offline_cpu rank_refused 3=10
rank_refuses_unknown_cpu rank_refused 99=10
rank_refuses_short_ranking rank_refused 100,40,40
rank_refuses_other_shape rank_refused P1xSMT2,E4
rank_refuses_part_without_ranking rank_refused after
rank_refuses_bad_option rank_refused --later 8=90
kernel_refuses_other_third_word refused $ASYM_CPU_PRIORITY '8 90 later'
norebuild_sets_priority ranked '0:100 1:100 2:40 4:40 6:40 8:90' --norebuild 8=90
norebuild_leaves_module_group groups_stale
rebuild_restores ranked '$BOOT_RAW' P1xSMT2,E4m4
rebuild_sets_priority ranked '0:100 1:100 2:40 4:40 6:40 8:90' 8=90
rebuild_moves_module_group groups_follow
rebuild_back ranked '$BOOT_RAW' P1xSMT2,E4m4
"

if is_stock; then
	ktap_table "$common
stock_loop_follows_module_first_e_core followed v6.5 1 2=150
stock_norebuild_loop_follows_module_first_e_core followed v6.5 1 2=150 --norebuild
stock_follow_is_an_active_balance explained v6.5 1 2=150 --norebuild
stock_rebuild_replaces_every_domain explained v6.5 1 2=150
"
fi
ktap_table "$common
v5_16_loop_follows_module_first_e_core followed v5.16 1 2=150
pre_v5_16_loop_follows_module_first_e_core followed pre-v5.16 1 2=150
sysctl2_loop_follows_module_first_e_core followed v6.5 1 2=150
sysctl2_norebuild_loop_follows_module_first_e_core followed v6.5 1 2=150 --norebuild
sysctl2_follow_is_an_active_balance explained v6.5 1 2=150 --norebuild
sysctl2_rebuild_replaces_every_domain explained v6.5 1 2=150
"
