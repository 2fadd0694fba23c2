#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
#
# The files of /sys/kernel/debug/sched/domains/cpuN/domainM/ look their
# domain up at every access (patch "sched/debug: Look up the domain of
# every domain debugfs file at access time"): they read and write as the
# debugfs helpers they replace did. That no access reaches a freed domain
# is shown by the torture scenario on the KASAN kernel.
. /opt/asym-smt/tests/lib.sh

FILES="busy_factor cache_nice_tries flags groups imbalance_pct max_interval max_newidle_lb_cost min_interval name"

# Every domain directory has exactly the expected files, all readable.
every_file_reads() {
	local d f bad=0

	for d in $SCHED_DOMAINS/cpu*/domain*; do
		[ "$(ls "$d" | tr '\n' ' ')" = "$FILES " ] ||
			{ diag "$d: $(ls "$d" | tr '\n' ' ')"; bad=1; }
		for f in "$d"/*; do
			cat "$f" > /dev/null || { diag "$f unreadable"; bad=1; }
		done
	done
	return $bad
}

# tunable_round_trip FILE: a written value reads back, and so does the old.
tunable_round_trip() {
	local old

	old=$(cat "$1") && echo 123 > "$1" && file_is "$1" 123 &&
		echo "$old" > "$1" && file_is "$1" "$old"
}

MC=$(domain_dir 0 MC)
ktap_table "
every_file_reads every_file_reads
smt_name file_is \$SCHED_DOMAINS/cpu0/domain0/name SMT
imbalance_pct_round_trip tunable_round_trip \$MC/imbalance_pct
cache_nice_tries_round_trip tunable_round_trip \$MC/cache_nice_tries
min_interval_round_trip tunable_round_trip \$MC/min_interval
bad_number_refused refused \$MC/busy_factor x
"
