#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The i9-14900K's one repeated difference (N=31, a start that stacks five
# loops on an E-core module while P-core siblings are idle), made small:
# topology smt-module (an SMT P-core, lab CPUs 0 and 1, beside an E-core
# module of four, 2 4 6 8) booted as the catalogue boots a hybrid part:
# on 6.1 with its hybrid table (smt-module-hybrid), on 6.12 with its one
# table (smt-module), six loops
# pinned to 0,2,2,4,6,8 and released: the E-core module holds five loops
# on four CPUs while the P-core's second thread is idle. RUNS runs
# (default 5) with 4 s windows on 6.1 at its default (v5.16), at
# kernel.sched_asym_smt=2, and on stock 6.12; one guest at a time.
# Output: stacked-module-TREE.txt here, then how the runs ended.
# ./stacked-module.sh table: only the count, from the files kept here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
runs=${RUNS:-5}
one="asym-place --start 0,2,2,4,6,8 --interval 200 --duration 4 --explain"
body="for r in \$(seq $runs); do echo \"=== run=\$r\"; $one; done"
for kver in 6.1 6.12; do
	[ "${1:-}" = table ] && break
	cmd="echo '### default'; $body"
	topology=smt-module
	[ "$kver" = 6.1 ] && topology=smt-module-hybrid
	[ "$kver" = 6.1 ] && cmd+="; asym-ctl set v6.5 > /dev/null || exit 1; echo '### sysctl=2'; $body"
	echo "stacked-module: $kver, $runs runs a policy" >&2
	"$top/scripts/qemu-run" --kver "$kver" --topology "$topology" \
		--name "stacked-module-$kver" --timeout 900 -- "$cmd; true" \
		> "$here/stacked-module-$kver.txt" 2>&1 || echo "  the $kver guest failed" >&2
done
. "$top/scripts/lib.sh"
# each "### POLICY" section through the one reader
for kver in 6.1 6.12; do
	xzcat -f "$(kept_file "$here/stacked-module-$kver.txt")" |
		awk '/^### / { print "=== policy=" $2; next } /^=== / { next } { print }' |
		"$("$lab_artifact" host-tools)/asym-verdict" --headers --fields outcome,final,ideal |
		awk -v k="$kver" '/^=== / { pol = substr($2, length("policy=") + 1); next }
		{ print k, pol, $1, "{" $2 "}", "ideal=" $3 }'
done | sort | uniq -c
