#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# cpu: la57=on
#
# The pinned guest CPU has no LA57; this scenario adds it, so that the
# series is also proven with 5-level paging, as on Ice Lake and later
# servers: the kernel runs 5-level paging (it clears the la57 flag when it
# does not), and the group-flags scenario passes unchanged. The debug
# kernel is not booted here: 6.1's KASAN reports a false positive at boot
# with LA57 (docs/upstream-bugs.md).
. /opt/asym-smt/tests/lib.sh

# group_flags: the group-flags scenario passes, as a subtest.
group_flags() {
	local status

	echo "# Subtest: group-flags"
	sh /opt/asym-smt/tests/group-flags.sh > /tmp/group-flags.ktap 2>&1
	status=$?
	sed 's/^/    /' /tmp/group-flags.ktap
	[ "$status" = 0 ]
}

ktap_table "
five_level_paging grep -qw la57 /proc/cpuinfo
group_flags group_flags
"
