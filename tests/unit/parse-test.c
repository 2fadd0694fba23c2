// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the parsers of the kernel's texts
 * (guest-tools/parse.c): cpu_priority, the selected word of a knob, the
 * groups lines of the sched debugfs, /proc/PID/stat, /proc/PID/sched,
 * /proc/stat and /proc/schedstat. KTAP.
 */
#include <stdio.h>
#include <string.h>

#include "canned-schedstat.h"
#include "ktap.h"
#include "lib.h"
#include "parse.h"

const char *prog = "parse-test";

/* --- cpu_priority --- */

static void cpu_priority(void)
{
	static const char text[] =
		"cpu core_cpu sibling_index raw_prio prio\n"
		"0 0 1 100 200\n1 0 2 100 50\n2 2 1 100 200\n"
		"3 2 2 100 50\n4 4 1 40 80\n6 6 1 40 80\n";
	static const char header[] = "cpu core_cpu sibling_index raw_prio prio";
	struct prio_row rows[8];
	const struct prio_row *r;
	int n = parse_cpu_priority(text, rows, 8);

	report(n == 6 && rows[0].cpu == 0 && rows[0].raw == 100 &&
	       rows[0].prio == 200 && rows[1].index == 2 &&
	       rows[1].prio == 50 && rows[5].cpu == 6 && rows[5].raw == 40,
	       "cpu_priority_rows");
	r = prio_row_of(rows, n, 3);
	report(r && r->core == 2 && r->index == 2 && r->raw == 100 &&
	       r->prio == 50 && !prio_row_of(rows, n, 5),
	       "cpu_priority_row_of_cpu");
	report(parse_cpu_priority(header, rows, 8) == 0,
	       "cpu_priority_header_only");
	report(parse_cpu_priority("cpu prio\n0 100\n", rows, 8) == -1,
	       "cpu_priority_bad_header");
	report(parse_cpu_priority("cpu core_cpu sibling_index raw_prio prio\n0 0 1 x 2\n",
				  rows, 8) == -1 &&
	       parse_cpu_priority("cpu core_cpu sibling_index raw_prio prio\n0 0 1 100\n",
				  rows, 8) == -1 &&
	       parse_cpu_priority("cpu core_cpu sibling_index raw_prio prio\n0 0 1 1 2 3\n",
				  rows, 8) == -1,
	       "cpu_priority_bad_rows");
	report(parse_cpu_priority(text, rows, 5) == -1,
	       "cpu_priority_more_rows_than_room");
}

static void cpu_capacity(void)
{
	int cap[8];

	report(parse_cpu_capacity("cpu capacity\n0 1024\n1 1008\n4 736\n",
				  cap, 8) == 3 && cap[0] == 1024 &&
	       cap[1] == 1008 && cap[2] == -1 && cap[4] == 736 && cap[7] == -1,
	       "cpu_capacity_rows");
	report(parse_cpu_capacity("cpu capacity\n", cap, 8) == 0 &&
	       cap[0] == -1, "cpu_capacity_header_only");
	report(parse_cpu_capacity("cpu prio\n0 1024\n", cap, 8) == -1 &&
	       parse_cpu_capacity("cpu capacity\n0 1024 1\n", cap, 8) == -1 &&
	       parse_cpu_capacity("cpu capacity\n0\n", cap, 8) == -1 &&
	       parse_cpu_capacity("cpu capacity\n8 1024\n", cap, 8) == -1 &&
	       parse_cpu_capacity("cpu capacity\n1 1\n1 2\n", cap, 8) == -1,
	       "cpu_capacity_bad_rows");
}

static void selected(void)
{
	char buf[32];

	report(!strcmp(parse_selected("[squared] legacy", buf, sizeof(buf)),
		       "squared") &&
	       !strcmp(parse_selected("squared [legacy]", buf, sizeof(buf)),
		       "legacy") &&
	       !strcmp(parse_selected("1", buf, sizeof(buf)), "1"),
	       "selected_word");
}

static void groups(void)
{
	struct sched_group_line g;

	report(!parse_group("span=0-1 weight=2 capacity=2048 asym_prefer_cpu=0 flags=SD_SHARE_CPUCAPACITY|SD_SHARE_PKG_RESOURCES",
			       &g) &&
	       !strcmp(g.span, "0-1") && g.weight == 2 &&
	       g.capacity == 2048 && g.asym_prefer_cpu == 0 &&
	       !strcmp(g.flags, "SD_SHARE_CPUCAPACITY|SD_SHARE_PKG_RESOURCES"),
	       "group_line");
	report(!parse_group("span=4 weight=1 capacity=1024 asym_prefer_cpu=4 flags=0\n",
			       &g) &&
	       !strcmp(g.span, "4") && !strcmp(g.flags, "0"),
	       "group_line_no_flags");
	report(parse_group("span=4 weight=1 capacity=1024 flags=0", &g) ==
	       -1, "group_line_missing_field");
	report(parse_group("span=4 weight=x capacity=1024 asym_prefer_cpu=4 flags=0",
			       &g) == -1, "group_line_bad_number");
	report(parse_group("span=4 weight=1 capacity=1024 asym_prefer_cpu=4 flags=0 extra=1",
			       &g) == -1, "group_line_trailing");
}

static void pid_stat(void)
{
	static const char plain[] =
		"332 (cat) R 330 330 26524 0 -1 4194304 100 0 0 0 0 0 0 0 "
		"20 0 1 0 1029853 3133440 414 18446744073709551615 "
		"93869869187072 93869869206953 140731135104752 0 0 0 0 0 0 0 "
		"0 0 17 5 0 0 0 0 0 93869869222960 93869869224576 "
		"93870726234112 140731135113671 140731135113691 "
		"140731135113691 140731135115243 0\n";
	/* A command with blanks and parentheses, as prctl(PR_SET_NAME) allows */
	static const char odd[] =
		"77 (a) b (c)) R 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 9 "
		"1 1 1 1 1 1 0 0 0 0 0 0 0 0 0 17 3 0 0";
	static const char short_line[] = "77 (x) R 1 1 1 0 -1 0 0";

	report(parse_pid_stat_cpu(plain) == 5 &&
	       parse_pid_stat_cpu(odd) == 3 &&
	       parse_pid_stat_cpu(short_line) == -1 &&
	       parse_pid_stat_cpu("no parenthesis") == -1,
	       "pid_stat_processor_field_39");
}

static void nr_migrations(void)
{
	static const char text[] =
		"asym-place (335, #threads: 1)\n"
		"-------------------------------------------------------\n"
		"se.exec_start                                :      10297680.505822\n"
		"se.vruntime                                  :          2142.083035\n"
		"se.nr_migrations                             :                   42\n"
		"nr_switches                                  :                    1\n";
	static const char missing[] =
		"se.nr_migrations_cold                        :                    1\n";
	long long v = -1, w = -1;

	report(!parse_nr_migrations(text, &v) && v == 42 &&
	       parse_nr_migrations(missing, &w) == -1 &&
	       parse_nr_migrations("se.nr_migrations : x\n", &w) == -1,
	       "sched_nr_migrations");
}

static void proc_stat(void)
{
	static const char before[] =
		"cpu  217291 0 66774 1765770 1517 0 427 211 0 0\n"
		"cpu0 100 0 50 800 10 5 5 30 0 0\n"
		"cpu1 108533 0 35276 880864 1350 0 389 99 7 0\n"
		"intr 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20\n"
		"ctxt 123\nbtime 1700000000\nprocesses 1\n";
	static const char after[] =
		"cpu  0 0 0 0 0 0 0 0 0 0\n"
		"cpu0 160 0 70 820 10 10 10 40 0 0\n"
		"cpu1 108533 0 35276 880864 1350 0 389 99 7 0\n";
	struct stat_cpu a[4], b[4], one;
	int na = parse_stat(before, a, 4);
	int nb = parse_stat(after, b, 4);

	/* cpu0: busy +60+20+5+5+10 = 100 of total 100 + 20 idle = 120 */
	report(na == 2 && nb == 2 && a[0].cpu == 0 && a[1].cpu == 1 &&
	       a[1].steal == 99 && a[0].iowait == 10 &&
	       near(parse_stat_busy_fraction(&a[0], &b[0]), 100.0 / 120) &&
	       parse_stat_busy_fraction(&a[1], &b[1]) == -1,
	       "proc_stat_parse_and_busy_fraction");
	report(parse_stat_line("cpu  1 2 3 4 5 6 7 8 9 10", &one) == 0 &&
	       parse_stat_line("intr 1 2 3", &one) == 0 &&
	       parse_stat_line("cpu3 1 2 3 4", &one) == 1 &&
	       one.cpu == 3 && one.idle == 4 && one.steal == 0 &&
	       parse_stat_line("cpu3 1 2 3", &one) == -1 &&
	       parse_stat_line("cpu3 1 2 x 4 5", &one) == -1 &&
	       parse_stat_line("cpu3 1 2 3 4 5 6 7 8 9 10 11", &one) == -1 &&
	       parse_stat_line("cpu3 -1 2 3 4", &one) == -1 &&
	       parse_stat(before, a, 1) == -1,
	       "proc_stat_line_rejects");
}

static const char schedstat_a[] =
	"version 15\ntimestamp 4294937296\n"
	"cpu0 0 0 100 50 60 30 123456 7890 42\n"
	"domain0 03 " SD_A "\n"
	"domain1 5f " SD_ZERO "\n"
	"cpu4 0 0 10 5 6 3 1234 789 4\n"
	"domain0 5f " SD_ZERO "\n";

static const char schedstat_b[] =
	"version 15\ntimestamp 4294937596\n"
	"cpu0 0 0 110 55 66 33 133456 7990 44\n"
	"domain0 03 " SD_B "\n"
	"domain1 5f " SD_ZERO "\n"
	"cpu4 0 0 10 5 6 3 1234 789 4\n"
	"domain0 5f " SD_ZERO "\n";

static void schedstat(void)
{
	struct sd_stat a[4], b[4];
	struct sd_delta d;
	char err[128];
	int na = parse_schedstat(schedstat_a, a, 4, err, sizeof(err));
	int nb = parse_schedstat(schedstat_b, b, 4, err, sizeof(err));
	int ok;

	ok = na == 3 && nb == 3 && a[0].cpu == 0 && a[0].domain == 0 &&
	     !strcmp(a[0].mask, "03") && a[1].domain == 1 &&
	     !strcmp(a[1].mask, "5f") && a[2].cpu == 4 && a[2].domain == 0 &&
	     a[0].lb[2][LB_NOBUSYG] == 18 && a[0].alb[ALB_PUSHED] == 2;
	report(ok, "schedstat_parse");

	sd_stat_delta(&a[0], &b[0], &d);
	/* lb_count: (15-10)+(7-5)+(30-20); lb_balanced (13-9)+(7-5)+(26-18) */
	ok = d.lb[LB_COUNT] == 17 && d.lb[LB_BALANCED] == 14 &&
	     d.lb[LB_FAILED] == 3 && d.lb[LB_IMBALANCE] == 3 &&
	     d.lb[LB_GAINED] == 2 && d.lb[LB_HOT_GAINED] == 0 &&
	     d.lb[LB_NOBUSYQ] == 5 && d.lb[LB_NOBUSYG] == 8 &&
	     d.alb[ALB_COUNT] == 1 && d.alb[ALB_FAILED] == 0 &&
	     d.alb[ALB_PUSHED] == 1;
	report(ok, "schedstat_delta_summed_over_idle_types");

	a[0].lb[0][LB_COUNT] = 0xfffffffe;
	b[0].lb[0][LB_COUNT] = 3;
	sd_stat_delta(&a[0], &b[0], &d);
	report(d.lb[LB_COUNT] == 5 + 2 + 10, "schedstat_delta_wraps");

	/* 6.12's version 16: the same fields. */
	ok = parse_schedstat("version 16\ncpu0 0\ndomain0 03 " SD_A "\n",
				   a, 4, err, sizeof(err)) == 1 &&
	     a[0].lb[2][LB_NOBUSYG] == 18 && a[0].alb[ALB_PUSHED] == 2;
	report(ok, "schedstat_version_16");
}

static void schedstat_rejects(void)
{
	static const char *const bad[] = {
		"",
		"version 14\ncpu0 0\ndomain0 03 " SD_ZERO "\n",
		"version 17\ncpu0 0\ndomain0 03 " SD_ZERO "\n",
		"version 15\ndomain0 03 " SD_ZERO "\n",
		"version 15\ncpu0 0\ndomain0 03 " SD_ZERO " 0\n",
		"version 15\ncpu0 0\ndomain0 03 0 0 0\n",
		"version 15\ncpu0 0\ndomain0 " SD_ZERO "\n",
		"version 15\ncpu0 0\ndomain0 0x3 " SD_ZERO "\n",
		"version 15\ncpu0 0\ndomainX 03 " SD_ZERO "\n",
	};
	struct sd_stat sd[4];
	char err[128];
	int i, ok = 1;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		err[0] = '\0';
		if (parse_schedstat(bad[i], sd, 4, err, sizeof(err)) !=
		    -1 || !err[0]) {
			printf("# accepted bad schedstat %d\n", i);
			ok = 0;
		}
	}
	/* more domain lines than room */
	ok &= parse_schedstat(schedstat_a, sd, 2, err, sizeof(err)) == -1;
	report(ok, "schedstat_rejects");
}

int main(void)
{
	ktap_begin();
	cpu_priority();
	cpu_capacity();
	selected();
	groups();
	pid_stat();
	nr_migrations();
	proc_stat();
	schedstat();
	schedstat_rejects();
	return ktap_end();
}
