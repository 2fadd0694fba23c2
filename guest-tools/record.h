/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The placement record: where each worker ran, read from the scheduler's
 * own trace events instead of sampled. The kernel writes sched_switch and
 * sched_migrate_task into the trace ring buffer (tracefs, trace_clock
 * "mono", so that its times are CLOCK_MONOTONIC); after the window the
 * text of the buffer is fed here a line at a time. From it: the exact
 * time each worker ran on each CPU inside the window, every migration
 * with its time, the time it was runnable but waited, and the timeline of
 * the workers' CPUs (task_cpu(), as /proc/PID/stat shows it), from which
 * record_judge() gives the outcome of the run and when its final
 * placement began. Pure logic: measure.c drives tracefs, and
 * tests/unit/record-test.c feeds canned traces.
 */
#ifndef ASYM_RECORD_H
#define ASYM_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "place.h"
#include "startmap.h"

#define RECORD_MAX_WORKERS	PLACE_MAX_CPUS
#define RECORD_MAX_ALT		4	/* placements listed for a moving run */
#define RECORD_NOTE_LEN		160

/*
 * A placement holds through a blip: a stretch away from it shorter than
 * RECORD_BLIP_S, as long as the time away stays under RECORD_BLIP_SHARE
 * of the hold. A loop that a kernel thread pushes off its CPU for a tick
 * or two and that comes back has not left its placement; one that
 * alternates between two placements has (the sampler, whose samples
 * were 200-300 ms apart, saw neither).
 */
#define RECORD_BLIP_S		0.05
#define RECORD_BLIP_SHARE	0.05

/* One event of the trace, as record_parse_line() reads it. */
enum record_type { RECORD_SWITCH, RECORD_MIGRATE, RECORD_WAKEUP_NEW };

struct record_event {
	enum record_type type;
	double t;		/* s, the trace clock */
	int cpu;		/* the CPU whose buffer holds it */
	int prev_pid, next_pid;	/* switch */
	int pid, orig, dest;	/* migrate; wakeup_new: pid, dest */
};

/*
 * The events the record needs, as tracefs' set_event names them: a new
 * task's first CPU, every switch, every change of task_cpu().
 */
#define RECORD_EVENTS \
	"sched:sched_wakeup_new sched:sched_switch sched:sched_migrate_task"

/*
 * Parse one line of tracefs' "trace" file. Return 1 with an event in @ev,
 * 0 for a line that is none of ours (comments, other events), or -1 for
 * the ring buffer's "CPU:N [LOST M EVENTS]" line, with M in *@lost.
 */
int record_parse_line(const char *line, struct record_event *ev, long *lost);

/* A change of one worker's CPU inside the window. */
struct record_change {
	double t;
	int worker;
	int cpu;
};

struct record_worker {
	int pid;
	int cpu;		/* task_cpu() now; -1: never seen */
	bool running;
	int run_cpu;		/* where it runs, while running */
	double run_from;	/* when it last started running */
	double run_s[PLACE_MAX_CPUS];	/* in the window, by CPU number */
	double ran_s;		/* sum of run_s */
	int migrations;		/* in the window */
	int start_cpu;		/* task_cpu() at the window's start */
};

struct record {
	double t0, t1;		/* the window */
	int n;
	struct record_worker w[RECORD_MAX_WORKERS];
	struct record_change *changes;
	int nchanges, cap;
	long events;		/* of the workers, up to t1 */
	long events_window;	/* of the workers, inside the window */
	long trace_window;	/* every event of the trace in the window */
	long lost;		/* events the ring buffer lost */
	bool started;		/* t0 passed: start_cpu taken */
	bool oom;
	char error[RECORD_NOTE_LEN];	/* a malformed record */
};

/* Start a record of the @n workers @pids over the window [@t0, @t1]. */
void record_init(struct record *r, const int *pids, int n, double t0,
		 double t1);
void record_free(struct record *r);

/* Feed the events of the trace in order: a line of text, or an event. */
void record_line(struct record *r, const char *line);
void record_event(struct record *r, const struct record_event *ev);

/* Count @lost events the kernel reported lost elsewhere (per-CPU stats). */
void record_add_lost(struct record *r, long lost);

/*
 * Close the window at t1: the running workers' last stretch. The workers
 * are busy loops that never sleep: the time of the window in which one
 * did not run, it was runnable and waited.
 */
void record_finish(struct record *r);

/*
 * Whether the record is complete: nothing lost, every worker seen on a
 * CPU before the window, nothing malformed. If not, why in @why.
 */
bool record_complete(const struct record *r, char *why, size_t len);

/*
 * The CPUs of the workers at time @t of the window into @cpus (room for
 * r->n), from their CPUs at t0 and the changes up to @t.
 */
void record_cpus_at(const struct record *r, double t, int *cpus);

/*
 * Residency of each of the @ncpus CPUs @cpus: the share of the window in
 * which a worker ran on it (one task runs on a CPU at a time, so the sum
 * of the workers' times there). Writes @res[0..@ncpus).
 */
void record_residency(const struct record *r, const struct place_cpu *cpus,
		      int ncpus, double *res);

/* A placement a moving run held, with its share of the window's end. */
struct record_alt {
	int nset;
	int set[PLACE_MAX_CPUS];	/* busy set, judged as @ideal says */
	double share;		/* of the second half of the window */
};

/* What the record says of the run, judged against an ideal. */
struct record_verdict {
	struct start_result result;	/* result.settled: unused, see below */
	double settled_s;	/* when the final placement began, from t0,
				 * blips held through */
	double last_change_s;	/* the busy set's last change, from t0 */
	int blips;		/* blips held through since settled_s */
	double ideal_s;		/* time the placement was ideal */
	double held_ideal_s;	/* from when ideal held to the end, -1 */
	double off_ideal_max_s;	/* the longest stretch off the ideal */
	int nalt;		/* placements of the second half, by time */
	struct record_alt alt[RECORD_MAX_ALT];
	double wait_s;		/* all workers: runnable, not running */
	double wait_max_s;	/* the worker that waited longest */
	int migrations;
};

/*
 * Judge the record against @ideal as start_judge() judges samples, but
 * over the exact timeline: the final placement is the busy set at t1 (by
 * core when @ideal is judged by core), or the one before it when the set
 * at t1 is a blip at the window's end (RECORD_BLIP_S), settled_s the time
 * from which it held (through blips); ideal if the final placement is
 * ideal, a trap if it held START_TRAP_HOLD of the window, else moving.
 */
void record_judge(const struct record *r, const struct place_ideal *ideal,
		  struct record_verdict *v);

#endif
