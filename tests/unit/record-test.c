// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the placement record (guest-tools/record.c) on canned
 * traces in the text format of tracefs' "trace" file (the TP_printk()
 * formats of include/trace/events/sched.h), KTAP: the parser, the
 * residency arithmetic, migrations and waiting, the verdicts (ideal,
 * trap, moving with what alternated), lost events and an unseen worker.
 */
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "canned-trace.h"
#include "lab-cpus.h"
#include "record.h"

static bool close_to(double a, double b)
{
	return a - b < 1e-6 && b - a < 1e-6;
}

/* Workers 7, 8 and 9 born at 1 s on @a, @b and @c; window [5 s, 7 s]. */
static void three(struct record *r, int a, int b, int c)
{
	static const int pids[3] = { 7, 8, 9 };

	record_init(r, pids, 3, 5.0, 7.0);
	born(r, 1.0, 7, a);
	born(r, 1.0, 8, b);
	born(r, 1.0, 9, c);
}

static void parser(void)
{
	struct record_event e;
	long lost = 0;

	report(record_parse_line("          <idle>-0       [003] d..2.    12.345678: sched_switch: prev_comm=swapper/3 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=asym place next_pid=55 next_prio=120",
				 &e, &lost) == 1 &&
	       e.type == RECORD_SWITCH && e.cpu == 3 &&
	       close_to(e.t, 12.345678) && e.prev_pid == 0 &&
	       e.next_pid == 55, "parse_switch_with_flags");
	report(record_parse_line("  asym-place-55 [012] 7.000001: sched_switch: prev_comm=asym-place prev_pid=55 prev_prio=120 prev_state=R+ ==> next_comm=swapper/12 next_pid=0 next_prio=120",
				 &e, &lost) == 1 &&
	       e.cpu == 12 && e.prev_pid == 55 && e.next_pid == 0 &&
	       close_to(e.t, 7.000001), "parse_switch_without_flags");
	report(record_parse_line("     migration/2-22      [002] d..5.     3.500000: sched_migrate_task: comm=asym-place pid=61 prio=120 orig_cpu=2 dest_cpu=17",
				 &e, &lost) == 1 &&
	       e.type == RECORD_MIGRATE && e.pid == 61 && e.orig == 2 &&
	       e.dest == 17, "parse_migrate");
	report(record_parse_line("      asym-place-60 [001] d..3. 1.000000: sched_wakeup_new: comm=asym-place pid=61 prio=120 target_cpu=005",
				 &e, &lost) == 1 &&
	       e.type == RECORD_WAKEUP_NEW && e.pid == 61 && e.dest == 5,
	       "parse_wakeup_new");
	report(record_parse_line("CPU:4 [LOST 120 EVENTS]", &e, &lost) == -1 &&
	       lost == 120, "parse_lost_events");
	report(record_parse_line("CPU:4 [LOST EVENTS]", &e, &lost) == -1 &&
	       lost == 1, "parse_lost_events_no_count");
	report(record_parse_line("# tracer: nop", &e, &lost) == 0 &&
	       record_parse_line("  sh-1 [000] d..2. 1.0: sched_wakeup: comm=sh pid=2 prio=120 target_cpu=000",
				 &e, &lost) == 0 &&
	       record_parse_line("  sh-1 [000] d..2. 1.0: sched_switch: prev_comm=sh prev_pid=x",
				 &e, &lost) == 0 &&
	       record_parse_line("garbage: sched_switch: ", &e, &lost) == 0,
	       "parse_ignores_other_lines");
}

/*
 * adl, N=2 from {1,3}: worker 100 moves 1 -> 0 at 10.5, worker 101
 * 3 -> 2 at 11.0, window [10, 12]: ideal {0,2} from 1.0 s.
 */
static void settles_ideal(void)
{
	static struct record r;
	struct place_ideal ideal;
	struct record_verdict v;
	int pids[2] = { 100, 101 }, cpus[2];
	double res[6];
	char why[RECORD_NOTE_LEN];

	place_ideal_compute(hybrid, 6, 2, PLACE_BY_THREAD, &ideal);
	record_init(&r, pids, 2, 10.0, 12.0);
	born(&r, 9.0, 100, 1);
	born(&r, 9.1, 101, 3);
	sw(&r, 1, 10.5, 100, 0);
	mig(&r, 1, 10.5, 100, 1, 0);
	sw(&r, 0, 10.5001, 0, 100);
	move(&r, 11.0, 101, 3, 2);
	sw(&r, 5, 11.5, 0, 999);	/* not a worker: counted as trace */
	sw(&r, 2, 12.5, 101, 0);	/* after the window: no effect */
	mig(&r, 2, 12.5, 101, 2, 6);
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	record_residency(&r, hybrid, 6, res);
	report(record_complete(&r, why, sizeof(why)), "complete_record");
	report(v.result.outcome == OUTCOME_IDEAL && close_to(v.settled_s, 1.0) &&
	       close_to(v.held_ideal_s, 1.0) && close_to(v.ideal_s, 1.0) &&
	       close_to(v.off_ideal_max_s, 1.0) &&
	       v.result.nfinal == 2 && v.result.final[0] == 0 &&
	       v.result.final[1] == 2, "ideal_settled_exactly");
	/* hybrid[]: cpus 6,1,4,3,0,2 */
	report(close_to(res[1], 0.25) && close_to(res[4], 1.4999 / 2) &&
	       close_to(res[3], 0.5) && close_to(res[5], 0.5) &&
	       close_to(res[0], 0) && close_to(res[2], 0),
	       "residency_exact");
	report(v.migrations == 2 && close_to(v.wait_s, 0.0001) &&
	       close_to(v.wait_max_s, 0.0001), "migrations_and_waiting");
	record_cpus_at(&r, 10.7, cpus);
	report(cpus[0] == 0 && cpus[1] == 3, "cpus_at_a_time");
	report(r.w[0].start_cpu == 1 && r.w[1].start_cpu == 3 &&
	       r.nchanges == 2 && r.events == 10 && r.events_window == 6 &&
	       r.trace_window == 7,
	       "changes_inside_window_only");
	record_free(&r);
}

/* adl, N=3 held on {0,1,2} the whole window: a trap, settled at 0. */
static void trap(void)
{
	static struct record r;
	struct place_ideal ideal;
	struct record_verdict v;

	place_ideal_compute(hybrid, 6, 3, PLACE_BY_THREAD, &ideal);
	three(&r, 0, 1, 2);
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	report(v.result.outcome == OUTCOME_TRAP && close_to(v.settled_s, 0) &&
	       v.held_ideal_s < 0 && close_to(v.ideal_s, 0) &&
	       close_to(v.off_ideal_max_s, 2) &&
	       v.nalt == 1 && close_to(v.alt[0].share, 1) &&
	       close_to(v.wait_s, 0), "trap_held_whole_window");
	record_free(&r);
}

/*
 * adl, N=3 on {0,1,2}: a 10 ms blip to cpu3 at 1 s holds the trap (as
 * the sampler would have seen it); a 60 ms move to cpu3 at 0.5 s does
 * not: the trap holds from its end.
 */
static void blips(void)
{
	static struct record r;
	struct place_ideal ideal;
	struct record_verdict v;

	place_ideal_compute(hybrid, 6, 3, PLACE_BY_THREAD, &ideal);
	three(&r, 0, 1, 2);
	move(&r, 6.0, 9, 2, 3);
	move(&r, 6.01, 9, 3, 2);
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	report(v.result.outcome == OUTCOME_TRAP && close_to(v.settled_s, 0) &&
	       close_to(v.last_change_s, 1.01) && v.blips == 1 &&
	       v.migrations == 2, "blip_holds_the_trap");
	record_free(&r);

	three(&r, 0, 1, 2);
	move(&r, 5.5, 9, 2, 3);
	move(&r, 5.56, 9, 3, 2);
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	report(v.result.outcome == OUTCOME_TRAP && close_to(v.settled_s, 0.56) &&
	       v.blips == 0, "move_of_60ms_ends_the_hold");
	record_free(&r);
}

/*
 * adl, N=3 on the ideal {0,2,4}: a move to cpu3 10 ms before the end of
 * the window is a blip at its end, and the run ends on the ideal; one 60
 * ms before the end is not, and the run ends moving on {0,3,4}.
 */
static void end_blips(void)
{
	static struct record r;
	struct place_ideal ideal;
	struct record_verdict v;

	place_ideal_compute(hybrid, 6, 3, PLACE_BY_THREAD, &ideal);
	three(&r, 0, 2, 4);
	move(&r, 6.99, 8, 2, 3);
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	report(v.result.outcome == OUTCOME_IDEAL && close_to(v.settled_s, 0) &&
	       close_to(v.held_ideal_s, 0) && v.blips == 1 &&
	       v.result.nfinal == 3 && v.result.final[1] == 2 &&
	       close_to(v.last_change_s, 1.99) &&
	       close_to(v.off_ideal_max_s, 0.01), "end_blip_keeps_the_ideal");
	record_free(&r);

	three(&r, 0, 2, 4);
	move(&r, 6.94, 8, 2, 3);
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	report(v.result.outcome == OUTCOME_MOVING &&
	       close_to(v.settled_s, 1.94) && v.blips == 0 &&
	       v.result.final[1] == 3, "move_60ms_before_the_end_is_final");
	record_free(&r);
}

/*
 * adl, N=3: 0 and 2 busy; the third worker migrates between cpu4 and
 * cpu1 every 1 ms tick for the whole window: moving, two placements
 * alternating half the time each.
 */
static void every_tick(void)
{
	static struct record r;
	struct place_ideal ideal;
	struct record_verdict v;
	int i, cpu = 4;
	double res[6], t;
	char why[RECORD_NOTE_LEN];

	place_ideal_compute(hybrid, 6, 3, PLACE_BY_THREAD, &ideal);
	three(&r, 0, 2, 4);
	for (i = 1; i < 2000; i++) {
		int to = cpu == 4 ? 1 : 4;

		t = 5.0 + i * 0.001;
		move(&r, t, 9, cpu, to);
		cpu = to;
	}
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	record_residency(&r, hybrid, 6, res);
	report(record_complete(&r, why, sizeof(why)) &&
	       v.result.outcome == OUTCOME_MOVING &&
	       close_to(v.settled_s, 1.999) && v.migrations == 1999,
	       "migrating_every_tick_is_moving");
	report(v.nalt == 2 && close_to(v.alt[0].share + v.alt[1].share, 1) &&
	       v.alt[0].share > 0.49 && v.alt[1].share > 0.49,
	       "alternation_of_two_placements");
	/* hybrid[]: cpus 6,1,4,3,0,2 */
	report(close_to(res[2], 0.5) && close_to(res[1], 0.5) &&
	       close_to(res[4], 1) && close_to(res[5], 1),
	       "residency_of_a_bouncing_worker");
	report(close_to(v.ideal_s, 1.0) && close_to(v.off_ideal_max_s, 0.001),
	       "ideal_time_exact");
	record_free(&r);
}

/* Lost events, an unseen worker and a malformed record are incomplete. */
static void incomplete(void)
{
	static struct record r;
	int pids[2] = { 7, 8 };
	char why[RECORD_NOTE_LEN];

	record_init(&r, pids, 2, 5.0, 7.0);
	born(&r, 1.0, 7, 0);
	born(&r, 1.0, 8, 2);
	record_line(&r, "CPU:1 [LOST 3 EVENTS]");
	record_finish(&r);
	report(!record_complete(&r, why, sizeof(why)) &&
	       strstr(why, "3 trace events lost"), "lost_events_incomplete");
	printf("# %s\n", why);
	record_free(&r);

	record_init(&r, pids, 2, 5.0, 7.0);
	born(&r, 1.0, 7, 0);
	born(&r, 6.0, 8, 2);		/* first seen inside the window */
	record_finish(&r);
	report(!record_complete(&r, why, sizeof(why)) &&
	       strstr(why, "pid 8"), "unseen_worker_incomplete");
	printf("# %s\n", why);
	record_free(&r);

	record_init(&r, pids, 2, 5.0, 7.0);
	born(&r, 1.0, 7, 0);
	born(&r, 1.0, 8, 2);
	mig(&r, 0, 5.5, 7, 0, 1);	/* while it runs: not a real trace */
	record_finish(&r);
	record_add_lost(&r, 0);
	report(!record_complete(&r, why, sizeof(why)) &&
	       strstr(why, "while running"), "malformed_record_incomplete");
	printf("# %s\n", why);
	record_free(&r);
}

/* By core (v6.5): a worker moving between the threads of a core is no move. */
static void by_core(void)
{
	static struct record r;
	struct place_ideal ideal;
	struct record_verdict v;
	int pids[2] = { 7, 8 };

	place_ideal_compute(hybrid, 6, 2, PLACE_BY_CORE, &ideal);
	record_init(&r, pids, 2, 5.0, 7.0);
	born(&r, 1.0, 7, 0);
	born(&r, 1.0, 8, 2);
	move(&r, 6.5, 8, 2, 3);
	record_finish(&r);
	record_judge(&r, &ideal, &v);
	report(v.result.outcome == OUTCOME_IDEAL && close_to(v.settled_s, 0) &&
	       close_to(v.ideal_s, 2) && v.migrations == 1,
	       "by_core_sibling_move_not_a_change");
	record_free(&r);
}

int main(void)
{
	ktap_begin();
	parser();
	settles_ideal();
	trap();
	blips();
	end_blips();
	every_tick();
	incomplete();
	by_core();
	return ktap_end();
}
