# SPDX-License-Identifier: GPL-2.0
# KTAP for the host-side shell tests (Documentation/dev-tools/ktap.rst), the
# shell twin of tests/unit/ktap.h; POSIX sh, so sh and bash scripts both
# source it. Call ktap_begin, then one ktap_result or ktap_check a test
# (ktap_diag for "# " lines in between), and end with ktap_end, whose
# status is the verdict.
#
# The plan is counted, never written by hand. ktap_end prints it after the
# results, so that each result shows as it comes (a build or a guest run can
# take minutes): KTAP 1 lets a test that cannot give its count up front
# leave the plan out after the version line, and TAP puts it last then. A
# caller whose count is known before the first test, from data (tests/run:
# the stages it chose), gives it to ktap_begin, which prints it first;
# ktap_end then fails if the results did not match it.
#
# A skip is never a pass: it is counted apart, and tests/run counts a stage
# that reports one as skipped. The guest's scenarios write theirs through
# this file too (tests/guest/lib.sh sources it; busybox sh runs it there),
# and tests/ktap-read reads what any of them wrote.

ktap_n=0 ktap_passed=0 ktap_failed=0 ktap_skipped=0 ktap_planned=
ktap_nl='
'

# ktap_begin [PLAN]: the version line; PLAN, if given, the number of tests
# to come, printed now.
ktap_begin() {
	ktap_n=0 ktap_passed=0 ktap_failed=0 ktap_skipped=0 ktap_planned=${1:-}
	echo "KTAP version 1"
	[ -z "$ktap_planned" ] || echo "1..$ktap_planned"
}

# ktap_result OK|FAIL|SKIP NAME [TEXT]: the next test's result line. TEXT
# follows a "#": a comment on a pass or a failure, the reason of a skip.
# Anything but OK, FAIL or SKIP is a failure, so a typo cannot pass.
ktap_result() {
	ktap_n=$((ktap_n + 1))
	case $1 in
	OK)
		ktap_passed=$((ktap_passed + 1))
		echo "ok $ktap_n $2${3:+ # $3}" ;;
	SKIP)
		ktap_skipped=$((ktap_skipped + 1))
		echo "ok $ktap_n $2 # SKIP${3:+ $3}" ;;
	FAIL)
		ktap_failed=$((ktap_failed + 1))
		echo "not ok $ktap_n $2${3:+ # $3}" ;;
	*)
		ktap_failed=$((ktap_failed + 1))
		echo "not ok $ktap_n $2 # ERROR ktap_result: '$1' is not OK, FAIL or SKIP" ;;
	esac
}

# ktap_check NAME COMMAND...: OK if COMMAND succeeds, FAIL if not.
ktap_check() {
	ktap_check_name=$1
	shift
	if "$@"; then
		ktap_result OK "$ktap_check_name"
	else
		ktap_result FAIL "$ktap_check_name"
	fi
}

# ktap_diag [TEXT...]: TEXT as diagnostic lines, or without TEXT its input;
# "# " before every line. One line of TEXT takes no sed: the guest calls
# this often, and a fork under TCG is slow.
ktap_diag() {
	if [ $# -eq 0 ]; then
		sed 's/^/# /'
		return
	fi
	case $* in
	*"$ktap_nl"*) printf '%s\n' "$*" | sed 's/^/# /' ;;
	*) printf '# %s\n' "$*" ;;
	esac
}

# ktap_totals: "P passed, F failed, S skipped", the counts so far.
ktap_totals() {
	echo "$ktap_passed passed, $ktap_failed failed, $ktap_skipped skipped"
}

# ktap_end [totals]: the plan, unless ktap_begin printed it; with 'totals'
# then the counts as a diagnostic line. Non-zero if a test failed or the
# results did not keep the plan given to ktap_begin.
ktap_end() {
	ktap_end_status=0
	[ "$ktap_failed" -eq 0 ] || ktap_end_status=1
	if [ -z "$ktap_planned" ]; then
		echo "1..$ktap_n"
	elif [ "$ktap_n" -ne "$ktap_planned" ]; then
		ktap_diag "planned $ktap_planned tests, ran $ktap_n"
		ktap_end_status=1
	fi
	[ "${1:-}" != totals ] || ktap_diag "$(ktap_totals)"
	return "$ktap_end_status"
}
