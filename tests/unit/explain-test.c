// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the balancer's counters between two /proc/schedstat
 * snapshots (guest-tools/explain.c), KTAP: a domain's delta, a domain
 * the later snapshot has and the earlier not and a rebuilt one whose
 * counters began again at zero (both counted from zero), a domain whose
 * counters do not show its rebuild when the caller knows of one, a
 * counter that wrapped, and the sums per level that asym-follow
 * --explain prints.
 */
#include <stdio.h>
#include <string.h>

#include "canned-schedstat.h"
#include "explain.h"
#include "ktap.h"
#include "parse.h"

const char *prog = "explain-test";

/* a fresh domain: lb_count 1 of CPU_IDLE, nothing else */
#define SD_NEW	"1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 " \
		"0 0 0 0 0 0 0 0 0 0 0 0"

static const char before[] =
	"version 15\ntimestamp 100\n"
	"cpu0 0 0 0 0 0 0 0 0 0\n"
	"domain0 03 " SD_A "\n"
	"domain1 0f " SD_A "\n"
	"cpu1 0 0 0 0 0 0 0 0 0\n"
	"domain0 03 " SD_A "\n"
	"domain1 0f " SD_A "\n";

/* cpu0's domain1 rebuilt with the same span, cpu1's with another */
static const char after[] =
	"version 15\ntimestamp 400\n"
	"cpu0 0 0 0 0 0 0 0 0 0\n"
	"domain0 03 " SD_B "\n"
	"domain1 0f " SD_NEW "\n"
	"cpu1 0 0 0 0 0 0 0 0 0\n"
	"domain0 03 " SD_B "\n"
	"domain1 ff " SD_ZERO "\n";

int main(void)
{
	static const char *const names[] = { "SMT", "MC", "SMT", "MC" };
	struct sd_stat a[4], b[4];
	struct explain_level lv[4];
	struct explain_pair p = { a, b, 0, 0, false };
	struct sd_delta d;
	char err[128];
	int na, nb, n, ok;

	ktap_begin();
	na = parse_schedstat(before, a, 4, err, sizeof(err));
	nb = parse_schedstat(after, b, 4, err, sizeof(err));
	report_int("snapshot_before_parses", na, 4);
	report_int("snapshot_after_parses", nb, 4);
	p.na = na;
	p.nb = nb;

	ok = !explain_delta(&p, 0, &d) && d.lb[LB_COUNT] == 17 &&
	     d.lb[LB_GAINED] == 2 && d.alb[ALB_COUNT] == 1 &&
	     d.alb[ALB_PUSHED] == 1;
	report(ok, "delta_of_the_same_domain");
	ok = explain_delta(&p, 1, &d) == 1 && d.lb[LB_COUNT] == 1 &&
	     d.lb[LB_BALANCED] == 1 && d.alb[ALB_COUNT] == 0;
	report(ok, "counters_back_to_zero_is_a_new_domain");
	ok = explain_delta(&p, 3, &d) == 1 && d.lb[LB_COUNT] == 0;
	report(ok, "another_span_is_a_new_domain");
	p.na = 0;
	ok = explain_delta(&p, 0, &d) == 1 && d.lb[LB_COUNT] == 52 &&
	     d.alb[ALB_PUSHED] == 3;
	report(ok, "absent_from_the_earlier_snapshot");
	p.na = na;
	p.all_new = true;
	ok = explain_delta(&p, 0, &d) == 0 && d.lb[LB_COUNT] == 52 &&
	     d.alb[ALB_PUSHED] == 3;
	report(ok, "all_new_counts_from_zero");
	p.all_new = false;

	b[0] = a[0];
	a[0].lb[0][LB_COUNT] = 0xfffffffe;
	b[0].lb[0][LB_COUNT] = 3;
	report_int("a_wrapped_counter_is_the_same_domain",
		   explain_delta(&p, 0, &d), 0);
	report_int("a_wrapped_counter_is_a_delta", d.lb[LB_COUNT], 5);

	nb = parse_schedstat(after, b, 4, err, sizeof(err));
	na = parse_schedstat(before, a, 4, err, sizeof(err));
	n = explain_levels(&p, names, lv, 4);
	ok = n == 2 && !strcmp(lv[0].name, "SMT") && lv[0].domains == 2 &&
	     lv[0].rebuilt == 0 && lv[0].d.lb[LB_COUNT] == 34 &&
	     lv[0].d.alb[ALB_PUSHED] == 2 && !strcmp(lv[1].name, "MC") &&
	     lv[1].domains == 2 && lv[1].rebuilt == 2 &&
	     lv[1].d.lb[LB_COUNT] == 1;
	if (!ok)
		printf("# %d levels: %s %d/%d %lld, %s %d/%d\n", n, lv[0].name,
		       lv[0].domains, lv[0].rebuilt, lv[0].d.lb[LB_COUNT],
		       lv[1].name, lv[1].domains, lv[1].rebuilt);
	report(ok, "sums_per_level");
	n = explain_levels(&p, names, lv, 1);
	report(n == 1 && lv[0].domains == 2, "levels_beyond_room_left_out");
	return ktap_end();
}
