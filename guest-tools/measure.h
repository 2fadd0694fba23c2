/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One placement measurement, shared by asym-place, asym-ab and asym-map:
 * read the live topology, fork N CPU-bound workers, let them settle, and
 * take where each ran from the scheduler's own record (record.h: the
 * sched_wakeup_new, sched_switch and sched_migrate_task events of tracefs,
 * read after the window, while this process sleeps through it); kill them
 * and derive the results with the pure logic of record.c and place.c.
 * On a kernel without tracefs, or with --sampler, it samples instead: the
 * CPU each runs on from /proc/PID/stat (field 39) at a fixed interval,
 * from this one process and without forking (a forking sampler lands on
 * the idle CPUs it measures), checked against /proc/stat.
 */
#ifndef ASYM_MEASURE_H
#define ASYM_MEASURE_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

#include "parse.h"
#include "place.h"
#include "policy.h"
#include "record.h"
#include "setting.h"
#include "startmap.h"

#define MEASURE_MAX_SAMPLES	100000
#define MEASURE_MAX_SECONDS	3600
#define MEASURE_MAX_INTERVAL_MS	60000
#define MEASURE_SOUND_LIMIT	0.15	/* residency vs /proc/stat */
#define MEASURE_NOTE_LEN	320

struct measure_opts {
	int n;			/* workers */
	double settle;		/* s */
	int interval_ms;
	double duration;	/* s */
	int nsamples;
	bool explain;		/* /proc/schedstat snapshots, schedstats on */
	/*
	 * A controlled start: worker i pinned to start[i] until all are on
	 * their CPU, then released to every online CPU; the window starts
	 * at the release (settle 0). NULL: fork and let them settle.
	 */
	const int *start;
	bool sampler;		/* --sampler: sample even with a record */
	bool real;		/* --real: CPUs numbered as $REAL_CPUS says */
	const char *save_record;	/* --save-record FILE: the trace text */
	/*
	 * A change inside a recorded window: @change(@change_arg) called
	 * @change_at seconds into it, from this process (the record only;
	 * NULL: none); the window then goes on for at least @duration -
	 * @change_at seconds after the change returns. A change that fails
	 * ends the run with -1.
	 */
	int (*change)(void *arg);
	void *change_arg;
	double change_at;
};

/* The defaults of the window: settle 2 s, interval 300 ms, duration 3 s. */
#define MEASURE_OPTS_DEFAULT \
	{ .settle = 2, .interval_ms = 300, .duration = 3 }

/*
 * The options of the window, as asym-place and asym-ab take them: their
 * getopt_long() entries, whose value is MEASURE_OPT_WINDOW, and help.
 */
#define MEASURE_OPT_WINDOW	0x200
#define MEASURE_LONG_OPTIONS \
	{ "settle", required_argument, NULL, MEASURE_OPT_WINDOW }, \
	{ "interval", required_argument, NULL, MEASURE_OPT_WINDOW }, \
	{ "duration", required_argument, NULL, MEASURE_OPT_WINDOW }, \
	{ "sampler", no_argument, NULL, MEASURE_OPT_WINDOW }, \
	{ "save-record", required_argument, NULL, MEASURE_OPT_WINDOW }
/* --real, of the tools that print placements (help text their own) */
#define MEASURE_REAL_LONG_OPTION \
	{ "real", no_argument, NULL, MEASURE_OPT_WINDOW }
/* --explain, of the tools where the schedstat deltas are optional */
#define MEASURE_EXPLAIN_LONG_OPTION \
	{ "explain", no_argument, NULL, MEASURE_OPT_WINDOW }
/*
 * The options of the tools that place workers (asym-place, asym-follow,
 * asym-map): -n/--workers, --real, the window's and the common ones; last
 * in a getopt_long() table (it ends it).
 */
#define MEASURE_PLACE_LONG_OPTIONS \
	{ "workers", required_argument, NULL, 'n' }, \
	MEASURE_REAL_LONG_OPTION, \
	MEASURE_LONG_OPTIONS, \
	OPT_COMMON_LONG_OPTIONS
#define MEASURE_OPTIONS_HELP \
	"      --settle SEC    wait before the window (default 2)\n" \
	"      --interval MS   the samples' interval (default 300): with the\n" \
	"                      record, the times its states are listed at\n" \
	"      --duration SEC  the window (default 3)\n" \
	"      --sampler       sample /proc/PID/stat even where the kernel\n" \
	"                      has the record (tracefs): for comparison\n" \
	"      --save-record FILE  write the record's trace text to FILE\n"

/*
 * Take the value @arg of the window option @name ("settle", "interval",
 * "duration" or "sampler", as getopt_long() names it) into @o; 0, or -1
 * after saying what is wrong with it.
 */
int measure_option(const char *name, const char *arg, struct measure_opts *o);

/*
 * Take -n (1 to 2^20 workers) or a window option of
 * MEASURE_PLACE_LONG_OPTIONS into @o, refusing --settle where @no_settle
 * says why; 0, or -1 after saying why, if @c is one of them, 1 if not.
 */
int measure_take(int c, const char *name, const char *arg,
		 const char *no_settle, struct measure_opts *o);

/* Count the samples of the window; 0, or -1 after saying why not. */
int measure_count_samples(struct measure_opts *o);

/* The online CPUs, their topology and raw priorities, and the policy. */
struct measure_live {
	int ncpus;
	struct place_cpu cpu[PLACE_MAX_CPUS];
	bool prio_equal;
	char prio_note[256];
	/*
	 * How placements are judged: by capacity where the domains of the
	 * first online CPU place by capacity and none by priority, and
	 * every CPU has a capacity; else by core or by thread as the
	 * policy in force says. Why, in @judge_note.
	 */
	enum place_judge judge;
	char judge_note[256];
	char knob[NR_SETTING_KEYS][128];	/* selected words, "-": absent */
	char release[65];		/* uname -r */
	enum policy policy;		/* in force */
	enum policy_via via;
};

/* Read the live topology; 0, or -1 after naming the file. */
int measure_read_live(struct measure_live *lv);

/*
 * The start of the main() of a tool that places -n workers, after its
 * parse_options() returned @parsed (1: --help, then @usage on stdout; -1:
 * a usage error): $REAL_CPUS for --real, the live topology into @lv, -n
 * against its CPUs. False to go on; true when main() must return
 * *@status (0 after --help, 1 on a run-time error, 2 on a usage error).
 */
bool measure_begin(int parsed, void (*usage)(FILE *f),
		   const struct measure_opts *m, struct measure_live *lv,
		   int *status);

/*
 * The ideal placement of @n tasks on @lv, judged as @lv->judge says; 0,
 * or -1 after saying why not.
 */
int measure_ideal(const struct measure_live *lv, int n,
		  struct place_ideal *ideal);


struct measure_worker {
	pid_t pid;
	bool reaped;
	int stat_fd;		/* /proc/PID/stat, kept open */
	char stat_path[64];
	long long mig[2];	/* se.nr_migrations at window start, end */
	bool mig_ok;
	bool read_failed;	/* reported once */
};

/* One run: what it measured and what is derived from it. */
struct measure {
	/* measured */
	struct measure_worker *workers;
	int nworkers;
	struct timespec start, t0, t1;	/* workers started, window */
	int *samples;			/* [nsamples][n] CPUs */
	bool *ideal;			/* [nsamples] */
	/* window start, after its snapshots, after the last sample, end */
	struct rusage ru[4];
	struct stat_cpu stat0[PLACE_MAX_CPUS], stat1[PLACE_MAX_CPUS];
	int nstat0, nstat1;
	struct sd_stat *sd0, *sd1;
	int nsd0, nsd1;			/* -1: not read */
	/* with explain and a change: just before it, just after it */
	struct sd_stat *sdc0, *sdc1;
	int nsdc0, nsdc1;		/* -1: not read */
	char schedstats_note[MEASURE_NOTE_LEN];	/* with explain */

	/* the record: how this run was measured */
	bool recorded;			/* by the record, not the sampler */
	char how[MEASURE_NOTE_LEN];	/* "record: ...", "sampler: why" */
	char unjudged[48];		/* "-", or why the record is incomplete */
	struct record *rec;
	struct record_verdict rv;
	double rec_t0, rec_t1;		/* the recorded window, s */
	double change_t;		/* woken for @change, the record's clock */
	double change_ms;		/* in @change, wall time */
	double record_ms;		/* CPU time reading and parsing it */
	bool worker_gone;

	/* derived */
	int nideal;
	double ideal_frac;
	int held_from;			/* sample index, -1: never */
	double held_s;			/* ideal held from, s; -1: never */
	double settled_s;		/* final placement from, s */
	double residency[PLACE_MAX_CPUS];	/* per measure_live cpu */
	double busy[PLACE_MAX_CPUS];	/* -1: unknown */
	double max_diff;		/* -1: unknown */
	bool sound;			/* record complete, or sampler checked */
	bool siblings_last;		/* place_siblings_last() */
	bool overflows;			/* place_overflows() */
	struct start_result result;	/* where the balancer went */
	long long migrations;		/* all workers, -1: unknown */
	double cost_ms, window_s, cost_pct;
	double sampling_ms;		/* of cost_ms: the sampling loop */
	double start_ms, end_ms;	/* of cost_ms: the window's snapshots */
};

/* The stop signal that came (SIGINT, SIGTERM, SIGHUP), 0 if none. */
extern volatile sig_atomic_t measure_stop_sig;

/*
 * Catch the stop signals but keep them blocked: they are delivered only
 * while the sampler sleeps, so no sleep can miss one. Also kills the
 * workers at exit. Call once before measure_run().
 */
void measure_setup(void);

/* Allocate @m for runs of @o; 0, or -1 when out of memory. */
int measure_alloc(const struct measure_opts *o, struct measure *m);
void measure_free(struct measure *m);

/*
 * Run @o->n workers on the live topology @lv, sample, kill and reap them,
 * then evaluate against @ideal. Return 0, or -1 on an error (reported) or
 * a stop signal (measure_stop_sig set).
 */
int measure_run(const struct measure_opts *o, const struct measure_live *lv,
		const struct place_ideal *ideal, struct measure *m);

/* Kill and reap the workers, undo what the run changed: every exit path. */
void measure_cleanup(void);

/* Sample @s's time into the window, in seconds. */
double measure_sample_t(const struct measure_opts *o, int s);

/* Seconds from the workers' start to the window's start. */
double measure_settled_s(const struct measure *m);

/*
 * After cleanup: if a stop signal came, say "SIGNAL: @what" and end by
 * that signal, as the shell expects (true if it returns all the same);
 * false when none came.
 */
bool measure_end_if_stopped(const char *what);

#endif
