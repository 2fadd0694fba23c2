#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The table of README.md from the logs of run.sh: for each scenario,
# tree and policy, how many runs ended in each placement (outcome and
# final busy set, as the scenario's diag lines give them). With a
# folder as argument, from the SCENARIO-TREE-bootN.log files there.
set -u
here=$(cd "${1:-$(dirname "$0")}" && pwd)
echo "| scenario | tree | policy | runs | ended |"
echo "| --- | --- | --- | --- | --- |"
for log in "$here"/*-boot*.log; do
	f=${log##*/}
	tree=${f%-boot*}
	tree=${tree##*-}
	scen=${f%-"$tree"-boot*}
	sed -n 's/^ *# \(v[0-9.]*\) N=[0-9]* from {[0-9,]*}, run [0-9]*: \([a-z]*\) {\([0-9,]*\)}.*/\1 \2 {\3}/p' "$log" |
		sed "s/^/$scen $tree /"
done | sort | uniq -c |
	awk '{ key = $2 " " $3 " " $4; n[key] += $1; e[key] = e[key] (e[key] ? ", " : "") $5 " " $6 " (" $1 ")" }
	     END { for (k in n) { split(k, a, " "); pol = a[3]; if (a[2] == "6.12") pol = "stock";
		    else if (pol == "v6.5") pol = "sysctl=2"; else pol = "default (" pol ")";
		    print "| " a[1] " | " a[2] " | " pol " | " n[k] " | " e[k] " |" } }' | sort
