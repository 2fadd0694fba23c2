// SPDX-License-Identifier: GPL-2.0
/*
 * One placement measurement, shared by asym-place and asym-ab: see
 * measure.h. Reads, runs and samples; the logic is in place.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel.h"
#include "lib.h"
#include "measure.h"
#include "place.h"
#include "tracefs.h"

#define BIG_BUF			(256 * 1024)
#define MAX_SD			(PLACE_MAX_CPUS * 8)

/* The run in progress, for the cleanup on every exit path. */
static struct measure *cur;
static bool restore_schedstats;		/* we switched schedstats on */
volatile sig_atomic_t measure_stop_sig;
static sigset_t run_mask;		/* signals delivered only in ppoll */

/* --- the live topology --- */

static void prio_equal(struct measure_live *lv, const char *why)
{
	int i;

	lv->prio_equal = true;
	snprintf(lv->prio_note, sizeof(lv->prio_note),
		 "%s: all raw priorities treated as equal", why);
	for (i = 0; i < lv->ncpus; i++)
		lv->cpu[i].raw_prio = 0;
}

static void read_priorities(struct measure_live *lv)
{
	static struct prio_row rows[PLACE_MAX_CPUS];
	const char *path = knobs[KNOB_CPU_PRIORITY].path;
	const struct prio_row *r;
	int i, n = read_cpu_priority(rows, PLACE_MAX_CPUS, 1);
	char why[192];

	if (n < 0) {
		snprintf(why, sizeof(why), "%s %s", path,
			 n == -ENOENT ? "missing" :
			 n == -EINVAL ? "malformed" : "unreadable");
		prio_equal(lv, why);
		return;
	}
	for (i = 0; i < lv->ncpus; i++) {
		r = prio_row_of(rows, n, lv->cpu[i].cpu);
		if (!r) {
			snprintf(why, sizeof(why), "%s has no row for cpu%d",
				 path, lv->cpu[i].cpu);
			prio_equal(lv, why);
			return;
		}
		lv->cpu[i].raw_prio = r->raw;
	}
	snprintf(lv->prio_note, sizeof(lv->prio_note),
		 "raw priorities from %s", path);
}

/*
 * How the placements on @lv are judged (measure_live). The domains' files
 * are read where the kernel shows them (asym-ctl topology turns them on);
 * without them, no capacity is judged.
 */
static void read_judge(struct measure_live *lv)
{
	static int cap[PLACE_MAX_CPUS];
	const char *path = knobs[KNOB_CPU_CAPACITY].path;
	int paths = cpu_domains_paths(lv->cpu[0].cpu), i, n;

	lv->judge = policy_by_core(lv->policy) ? PLACE_BY_CORE :
						 PLACE_BY_THREAD;
	snprintf(lv->judge_note, sizeof(lv->judge_note),
		 "by %s, as policy %s says", place_judge_names[lv->judge],
		 policies[lv->policy].name);
	if (paths != SD_PATH_CAPACITY)	/* -1 too: no domains shown */
		return;
	n = read_cpu_capacity(cap, PLACE_MAX_CPUS, 1);
	for (i = 0; n > 0 && i < lv->ncpus; i++)
		if (cap[lv->cpu[i].cpu] < 1)
			n = 0;
	if (n <= 0) {
		snprintf(lv->judge_note, sizeof(lv->judge_note),
			 "by %s, as policy %s says: the domains place by capacity, but %s gives no capacity of every CPU",
			 place_judge_names[lv->judge],
			 policies[lv->policy].name, path);
		return;
	}
	for (i = 0; i < lv->ncpus; i++)
		lv->cpu[i].capacity = cap[lv->cpu[i].cpu];
	lv->judge = PLACE_BY_CAPACITY;
	snprintf(lv->judge_note, sizeof(lv->judge_note),
		 "by capacity: the domains of cpu%d place by capacity (SD_ASYM_CPUCAPACITY, no SD_ASYM_PACKING); capacities from %s",
		 lv->cpu[0].cpu, path);
}

int measure_read_live(struct measure_live *lv)
{
	unsigned char online[PLACE_MAX_CPUS];
	int cpu, k;

	memset(lv, 0, sizeof(*lv));
	if (online_cpus(online, PLACE_MAX_CPUS) < 0)
		return -1;
	for (cpu = 0; cpu < PLACE_MAX_CPUS; cpu++) {
		struct place_cpu *pc = &lv->cpu[lv->ncpus];

		if (!online[cpu])
			continue;
		if (cpu_siblings(cpu, &pc->core, &pc->thread, &pc->nthreads,
				 0))
			return -1;
		pc->cpu = cpu;
		cpu_caches(cpu, &pc->l2, &pc->llc);
		lv->ncpus++;
	}
	read_priorities(lv);
	for (k = 0; k < NR_SETTING_KEYS; k++)
		knob_read_or_dash(k, lv->knob[k], sizeof(lv->knob[k]));
	kernel_release(lv->release, sizeof(lv->release));
	lv->policy = policy_of(lv->release, lv->knob[KNOB_SYSCTL],
			       lv->knob[KNOB_FORMULA], lv->knob[KNOB_PULL],
			       &lv->via);
	if (lv->ncpus)
		read_judge(lv);
	return 0;
}

int measure_ideal(const struct measure_live *lv, int n,
		  struct place_ideal *ideal)
{
	if (place_ideal_compute(lv->cpu, lv->ncpus, n, lv->judge, ideal)) {
		warnx_("cannot compute the ideal set of %d on %d CPUs", n,
		       lv->ncpus);
		return -1;
	}
	return 0;
}

/* --- options --- */

int measure_option(const char *name, const char *arg, struct measure_opts *o)
{
	bool *flag = !strcmp(name, "sampler") ? &o->sampler :
		     !strcmp(name, "real") ? &o->real :
		     !strcmp(name, "explain") ? &o->explain : NULL;

	char opt[32];

	if (flag) {
		*flag = true;
		return 0;
	}
	snprintf(opt, sizeof(opt), "--%s", name);
	if (!strcmp(name, "save-record")) {
		o->save_record = arg;
		return 0;
	}
	if (!strcmp(name, "interval"))
		return opt_int(opt, arg, 1, MEASURE_MAX_INTERVAL_MS,
			       &o->interval_ms);
	if (!strcmp(name, "settle"))
		return opt_decimal(opt, arg, MEASURE_MAX_SECONDS,
				   "a number of seconds", &o->settle);
	return opt_decimal(opt, arg, MEASURE_MAX_SECONDS,
			   "a number of seconds", &o->duration);
}

bool measure_begin(int parsed, void (*usage)(FILE *f),
		   const struct measure_opts *m, struct measure_live *lv,
		   int *status)
{
	*status = 0;
	if (parsed > 0) {
		usage(stdout);
	} else if (parsed < 0) {
		*status = 2;
	} else if (m->real && real_numbering_from_env()) {
		*status = 2;
	} else if (measure_read_live(lv)) {
		*status = 1;
	} else if (m->n > lv->ncpus) {
		warnx_("-n %d: more than the %d online CPUs", m->n, lv->ncpus);
		*status = 2;
	} else {
		return false;
	}
	return true;
}

int measure_take(int c, const char *name, const char *arg,
		 const char *no_settle, struct measure_opts *o)
{
	if (c == 'n')
		return opt_int("-n", arg, 1, 1 << 20, &o->n);
	if (c != MEASURE_OPT_WINDOW)
		return 1;
	if (no_settle && !strcmp(name, "settle")) {
		warnx_("--settle: %s (see --help)", no_settle);
		return -1;
	}
	return measure_option(name, arg, o);
}

int measure_count_samples(struct measure_opts *o)
{
	double samples = o->duration * 1000 / o->interval_ms + 1e-9;

	if (samples < 1) {
		warnx_("--duration %g s is shorter than --interval %d ms",
		       o->duration, o->interval_ms);
		return -1;
	}
	if (samples > MEASURE_MAX_SAMPLES) {
		warnx_("--duration %g s at --interval %d ms: more than %d samples",
		       o->duration, o->interval_ms, MEASURE_MAX_SAMPLES);
		return -1;
	}
	o->nsamples = (int)samples;
	return 0;
}

/* --- workers and signals --- */

static void on_signal(int sig)
{
	measure_stop_sig = sig;
}

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NSTOP_SIGNALS	ARRAY_SIZE(stop_signals)

void measure_setup(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	sigset_t block;
	int i;

	sigemptyset(&sa.sa_mask);
	sigemptyset(&block);
	for (i = 0; i < NSTOP_SIGNALS; i++) {
		sigaction(stop_signals[i], &sa, NULL);
		sigaddset(&block, stop_signals[i]);
	}
	sigprocmask(SIG_BLOCK, &block, &run_mask);
	for (i = 0; i < NSTOP_SIGNALS; i++)
		sigdelset(&run_mask, stop_signals[i]);
	atexit(measure_cleanup);
}

/*
 * A worker: spin until killed. With @cpu >= 0, first pin itself to @cpu
 * and say on @ready whether it could ('.') or not ('x').
 */
static void __attribute__((noreturn)) worker_main(pid_t parent, int cpu,
						  int ready)
{
	volatile unsigned long spin = 0;
	sigset_t none;
	cpu_set_t set;
	int i;

	for (i = 0; i < NSTOP_SIGNALS; i++)
		signal(stop_signals[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* Die with the sampler, however it ends. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(1);
	if (cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		i = sched_setaffinity(0, sizeof(set), &set);
		if (write(ready, i ? "x" : ".", 1) != 1)
			_exit(1);
		close(ready);
	}
	for (;;)
		spin++;
}

static void kill_workers(void)
{
	struct measure_worker *workers = cur ? cur->workers : NULL;
	int i, nworkers = cur ? cur->nworkers : 0;

	for (i = 0; i < nworkers; i++)
		if (!workers[i].reaped)
			kill(workers[i].pid, SIGKILL);
	for (i = 0; i < nworkers; i++) {
		if (!workers[i].reaped) {
			while (waitpid(workers[i].pid, NULL, 0) < 0 &&
			       errno == EINTR)
				;
			workers[i].reaped = true;
		}
		if (workers[i].stat_fd >= 0) {
			close(workers[i].stat_fd);
			workers[i].stat_fd = -1;
		}
	}
}

/*
 * --explain: the lb_* and alb_* counters only move while schedstats are on
 * (kernel.sched_schedstats, off by default): switch them on for the run.
 */
static void enable_schedstats(char *schedstats_note)
{
	char buf[16];

	if (read_text(SCHEDSTATS_SYSCTL, buf, sizeof(buf), 0) < 0) {
		snprintf(schedstats_note, MEASURE_NOTE_LEN,
			 "%s unreadable: the counters may not move",
			 SCHEDSTATS_SYSCTL);
		return;
	}
	if (!strcmp(buf, "1")) {
		snprintf(schedstats_note, MEASURE_NOTE_LEN,
			 "schedstats were already on");
		return;
	}
	if (write_text(SCHEDSTATS_SYSCTL, "1")) {
		snprintf(schedstats_note, MEASURE_NOTE_LEN,
			 "schedstats off and %s not writable: the counters do not move",
			 SCHEDSTATS_SYSCTL);
		return;
	}
	restore_schedstats = true;
	snprintf(schedstats_note, MEASURE_NOTE_LEN,
		 "schedstats switched on for this run (%s was %s)",
		 SCHEDSTATS_SYSCTL, buf);
}

/* --- the record --- */

/*
 * Start the record before the workers exist, so that it has every
 * worker's first CPU. 0, or -1 with @m->how saying why the sampler
 * measures instead.
 */
static int record_start(struct measure *m)
{
	switch (tracefs_setup()) {
	case 0:
		m->recorded = true;
		return 0;
	case 1:
		snprintf(m->how, sizeof(m->how),
			 "sampler: no sched events in " TRACEFS);
		return -1;
	default:
		snprintf(m->how, sizeof(m->how),
			 "sampler: " TRACEFS " cannot be set up for "
			 RECORD_EVENTS);
		return -1;
	}
}

/* The events each CPU's buffer lost: its overrun and dropped events. */
static long lost_events(const struct measure_live *lv)
{
	long lost = 0, v;
	int i;

	for (i = 0; i < lv->ncpus; i++) {
		if (tracefs_events(lv->cpu[i].cpu, &v) < 0)
			return 1;	/* not known: not complete */
		lost += v;
	}
	return lost;
}

/* Read the record of the window after it, the workers already gone. */
static int record_read(const struct measure_opts *o,
		       const struct measure_live *lv, struct measure *m)
{
	int pids[RECORD_MAX_WORKERS], i;
	char *line = NULL;
	size_t cap = 0;
	FILE *f, *save = NULL;

	for (i = 0; i < m->nworkers; i++)
		pids[i] = m->workers[i].pid;
	record_free(m->rec);	/* a run before, with the same measure */
	record_init(m->rec, pids, m->nworkers, m->rec_t0, m->rec_t1);
	record_add_lost(m->rec, lost_events(lv));
	f = fopen(TRACEFS "/trace", "re");
	if (!f) {
		warnx_(TRACEFS "/trace: %s", strerror(errno));
		return -1;
	}
	if (o->save_record) {
		save = fopen(o->save_record, "we");
		if (!save)
			warnx_("%s: %s", o->save_record, strerror(errno));
		else
			fprintf(save, "# asym-place record: window %.6f %.6f, workers",
				m->rec_t0, m->rec_t1);
		for (i = 0; save && i < m->nworkers; i++)
			fprintf(save, " %d", pids[i]);
		if (save)
			fprintf(save, "\n");
	}
	while (getline(&line, &cap, f) >= 0) {
		if (save)
			fputs(line, save);
		record_line(m->rec, line);
	}
	free(line);
	if (save && fclose(save))
		warnx_("%s: %s", o->save_record, strerror(errno));
	if (ferror(f)) {
		warnx_(TRACEFS "/trace: %s", strerror(errno));
		fclose(f);
		return -1;
	}
	fclose(f);
	record_finish(m->rec);
	return 0;
}

/* Whether a worker ended before the window did: the record lacks it. */
static void check_workers(struct measure *m)
{
	int i, st;

	for (i = 0; i < m->nworkers; i++) {
		struct measure_worker *w = &m->workers[i];

		if (!w->reaped && waitpid(w->pid, &st, WNOHANG) == w->pid) {
			w->reaped = true;
			m->worker_gone = true;
		}
	}
}

void measure_cleanup(void)
{
	tracefs_stop();
	kill_workers();
	if (restore_schedstats) {
		restore_schedstats = false;
		write_text(SCHEDSTATS_SYSCTL, "0");
	}
}

/*
 * Release the workers of a controlled start, each pinned to its start
 * CPU, to every online CPU of @lv, once all of them are on their CPU.
 */
static int release_workers(struct measure *m, const struct measure_live *lv,
			   const int *start, int ready)
{
	cpu_set_t all;
	char c;
	int i;

	for (i = 0; i < m->nworkers; i++) {
		if (read(ready, &c, 1) != 1 || c != '.') {
			warnx_("a worker could not be pinned to its start CPU");
			return -1;
		}
	}
	CPU_ZERO(&all);
	for (i = 0; i < lv->ncpus; i++)
		CPU_SET(lv->cpu[i].cpu, &all);
	for (i = 0; i < m->nworkers; i++) {
		if (sched_setaffinity(m->workers[i].pid, sizeof(all), &all)) {
			warnx_("releasing worker %d from cpu%d: %s", i,
			       start[i], strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* Fork the workers, with a controlled start when @o->start says one. */
static int start_workers(struct measure *m, const struct measure_opts *o,
			 const struct measure_live *lv)
{
	pid_t parent = getpid();
	int i, ret, ready[2] = { -1, -1 };

	m->workers = calloc(o->n, sizeof(*m->workers));
	if (!m->workers) {
		warnx_("out of memory");
		return -1;
	}
	if (o->start && pipe(ready)) {
		warnx_("pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	for (i = 0; i < o->n; i++) {
		struct measure_worker *w = &m->workers[i];
		pid_t pid;

		w->stat_fd = -1;
		pid = fork();
		if (pid < 0) {
			warnx_("fork: %s", strerror(errno));
			return -1;
		}
		if (!pid)
			worker_main(parent, o->start ? o->start[i] : -1,
				    ready[1]);
		w->pid = pid;
		m->nworkers++;
		snprintf(w->stat_path, sizeof(w->stat_path), "/proc/%d/stat",
			 (int)pid);
		w->stat_fd = open(w->stat_path, O_RDONLY | O_CLOEXEC);
		if (w->stat_fd < 0) {
			warnx_("%s: %s", w->stat_path, strerror(errno));
			return -1;
		}
	}
	if (!o->start)
		return 0;
	close(ready[1]);
	ret = release_workers(m, lv, o->start, ready[0]);
	close(ready[0]);
	return ret;
}

/* --- time --- */

static double ts_sec(const struct timespec *t)
{
	return t->tv_sec + t->tv_nsec / 1e9;
}

static double ts_diff(const struct timespec *a, const struct timespec *b)
{
	return ts_sec(b) - ts_sec(a);
}

static struct timespec ts_add_ms(const struct timespec *t, long long ms)
{
	struct timespec r = *t;

	r.tv_sec += ms / 1000;
	r.tv_nsec += (ms % 1000) * 1000000;
	if (r.tv_nsec >= 1000000000) {
		r.tv_sec++;
		r.tv_nsec -= 1000000000;
	}
	return r;
}

/* Sleep until @until (CLOCK_MONOTONIC); -1 once a stop signal came. */
static int sleep_until(const struct timespec *until)
{
	for (;;) {
		struct timespec now, left;
		double d;

		if (measure_stop_sig)
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &now);
		d = ts_diff(&now, until);
		if (d <= 0)
			return 0;
		left.tv_sec = (time_t)d;
		left.tv_nsec = (long)((d - left.tv_sec) * 1e9);
		ppoll(NULL, 0, &left, &run_mask);
	}
}

/* --- reading --- */

static int read_proc_stat(struct stat_cpu *st, int *n)
{
	static char buf[BIG_BUF];

	if (read_text(PROC_STAT, buf, sizeof(buf), 0) < 0)
		return -1;
	*n = parse_stat(buf, st, PLACE_MAX_CPUS);
	if (*n < 0) {
		warnx_("%s: malformed per-CPU line", PROC_STAT);
		return -1;
	}
	return 0;
}

static int read_schedstat(struct sd_stat *sd, int *n)
{
	static char buf[BIG_BUF];
	char err[256];

	*n = -1;
	if (read_text(PROC_SCHEDSTAT, buf, sizeof(buf), 0) < 0)
		return -1;
	*n = parse_schedstat(buf, sd, MAX_SD, err, sizeof(err));
	if (*n < 0) {
		warnx_("%s: %s", PROC_SCHEDSTAT, err);
		return -1;
	}
	return 0;
}

static void read_migrations(struct measure *m, int which)
{
	char path[64], buf[8192];
	int i;

	for (i = 0; i < m->nworkers; i++) {
		struct measure_worker *w = &m->workers[i];

		snprintf(path, sizeof(path), "/proc/%d/sched", (int)w->pid);
		if (read_text(path, buf, sizeof(buf), 0) < 0 ||
		    parse_nr_migrations(buf, &w->mig[which])) {
			if (w->mig_ok || !which)
				warnx_("%s: no se.nr_migrations", path);
			w->mig_ok = false;
		} else if (!which) {
			w->mig_ok = true;
		}
	}
}

/* One sample: the CPU of every worker into @row. */
static void sample(struct measure *m, int *row)
{
	char buf[1024];
	int i;

	for (i = 0; i < m->nworkers; i++) {
		struct measure_worker *w = &m->workers[i];

		row[i] = -1;
		if (pread_text(w->stat_fd, w->stat_path, buf, sizeof(buf),
			       w->read_failed) >= 0)
			row[i] = parse_pid_stat_cpu(buf);
		if (row[i] < 0 && !w->read_failed) {
			warnx_("%s: no processor field: worker gone?",
			       w->stat_path);
			w->read_failed = true;
		}
	}
}

/* --- the run --- */

static int window_start(const struct measure_opts *o, struct measure *m)
{
	getrusage(RUSAGE_SELF, &m->ru[0]);
	clock_gettime(CLOCK_MONOTONIC, &m->t0);
	if (read_proc_stat(m->stat0, &m->nstat0))
		return -1;
	if (!m->recorded)
		read_migrations(m, 0);
	if (o->explain)
		read_schedstat(m->sd0, &m->nsd0);
	getrusage(RUSAGE_SELF, &m->ru[1]);
	return 0;
}

static int window_end(const struct measure_opts *o, struct measure *m)
{
	getrusage(RUSAGE_SELF, &m->ru[2]);
	if (read_proc_stat(m->stat1, &m->nstat1))
		return -1;
	if (!m->recorded)
		read_migrations(m, 1);
	if (o->explain && m->nsd0 >= 0)
		read_schedstat(m->sd1, &m->nsd1);
	clock_gettime(CLOCK_MONOTONIC, &m->t1);
	getrusage(RUSAGE_SELF, &m->ru[3]);
	return 0;
}

/* Start the workers, settle, sample; -1 on error or a stop signal. */
static int run(const struct measure_opts *o, const struct measure_live *lv,
	       struct measure *m)
{
	struct timespec until, end;
	struct rusage slept;
	int s, ret;

	m->recorded = false;
	m->worker_gone = false;
	m->change_t = -1;
	m->change_ms = -1;
	if (o->sampler)
		snprintf(m->how, sizeof(m->how), "sampler: --sampler");
	else
		record_start(m);
	if (o->change && !m->recorded) {
		warnx_("a change in the window needs the record (%s)", m->how);
		return -1;
	}
	if (start_workers(m, o, lv))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &m->start);
	until = ts_add_ms(&m->start, (long long)(o->settle * 1000 + 0.5));
	if (sleep_until(&until))
		return -1;
	if (window_start(o, m))
		return -1;
	if (m->recorded) {
		/*
		 * One sleep through the window: nothing of ours runs in it.
		 * The recorded window is the sleep, inside the snapshots.
		 */
		clock_gettime(CLOCK_MONOTONIC, &end);
		m->rec_t0 = ts_sec(&end);
		until = ts_add_ms(&end, (long long)(o->duration * 1000 + 0.5));
		if (o->change) {
			struct timespec at, done;

			at = ts_add_ms(&end,
				       (long long)(o->change_at * 1000 + 0.5));
			if (sleep_until(&at))
				return -1;
			/*
			 * The placement the change meets is the one at our
			 * waking, before anything of ours runs. A rebuild
			 * replaces the domains and their counters: the
			 * explanation takes them on each side of the change,
			 * its reads counted in the change's time from here
			 * but not in change_ms.
			 */
			clock_gettime(CLOCK_MONOTONIC, &at);
			m->change_t = ts_sec(&at);
			if (o->explain)
				read_schedstat(m->sdc0, &m->nsdc0);
			clock_gettime(CLOCK_MONOTONIC, &at);
			if (o->change(o->change_arg))
				return -1;
			clock_gettime(CLOCK_MONOTONIC, &done);
			m->change_ms = ts_diff(&at, &done) * 1e3;
			if (o->explain)
				read_schedstat(m->sdc1, &m->nsdc1);
			/* after a long change, as long after it as planned */
			done = ts_add_ms(&done, (long long)((o->duration -
							 o->change_at) * 1000 + 0.5));
			if (ts_diff(&until, &done) > 0)
				until = done;
		}
		if (sleep_until(&until))
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &end);
		getrusage(RUSAGE_SELF, &slept);
		tracefs_stop();
		m->rec_t1 = ts_sec(&end);
		check_workers(m);
		ret = window_end(o, m);
		/* what ran after the sleep counts as the end's snapshots */
		m->ru[2] = slept;
		return ret;
	}
	for (s = 0; s < o->nsamples; s++) {
		until = ts_add_ms(&m->t0, (long long)(s + 1) * o->interval_ms);
		if (sleep_until(&until))
			return -1;
		sample(m, &m->samples[s * o->n]);
	}
	return window_end(o, m);
}

/* --- results --- */

static const struct stat_cpu *find_stat(const struct stat_cpu *st,
					      int n, int cpu)
{
	int i;

	for (i = 0; i < n; i++)
		if (st[i].cpu == cpu)
			return &st[i];
	return NULL;
}

/* CPU time (user + system) from rusage @a to @b, in ms. */
static double ru_ms(const struct rusage *a, const struct rusage *b)
{
	return (b->ru_utime.tv_sec - a->ru_utime.tv_sec +
		b->ru_stime.tv_sec - a->ru_stime.tv_sec) * 1e3 +
	       (b->ru_utime.tv_usec - a->ru_utime.tv_usec +
		b->ru_stime.tv_usec - a->ru_stime.tv_usec) / 1e3;
}

/* Residency, verdicts and samples from the record (record.h). */
static void evaluate_record(const struct measure_opts *o,
			    const struct measure_live *lv,
			    const struct place_ideal *ideal, struct measure *m)
{
	char why[RECORD_NOTE_LEN];
	int s, i;

	record_judge(m->rec, ideal, &m->rv);
	/* the record's state at the sample times, for the tables */
	for (s = 0; s < o->nsamples; s++)
		record_cpus_at(m->rec, m->rec_t0 + measure_sample_t(o, s),
			       &m->samples[s * o->n]);
	record_residency(m->rec, lv->cpu, lv->ncpus, m->residency);
	m->result = m->rv.result;
	m->settled_s = m->rv.settled_s;
	m->held_s = m->rv.held_ideal_s;
	/* the workers' migrations, as the sampler reads them from /proc */
	for (i = 0; i < m->nworkers && i < m->rec->n; i++) {
		m->workers[i].mig[0] = 0;
		m->workers[i].mig[1] = m->rec->w[i].migrations;
		m->workers[i].mig_ok = true;
	}
	m->sound = record_complete(m->rec, why, sizeof(why)) &&
		   !m->worker_gone;
	if (m->worker_gone)
		snprintf(m->unjudged, sizeof(m->unjudged), "worker_gone");
	else if (m->rec->lost)
		snprintf(m->unjudged, sizeof(m->unjudged), "lost_events");
	else if (!m->sound)
		snprintf(m->unjudged, sizeof(m->unjudged), "incomplete");
	snprintf(m->how, sizeof(m->how),
		 "record: %s; %ld events of the workers, %ld of them in the window",
		 m->worker_gone ? "a worker ended in the window" : why,
		 m->rec->events, m->rec->events_window);
}

static void evaluate(const struct measure_opts *o,
		     const struct measure_live *lv,
		     const struct place_ideal *ideal, struct measure *m)
{
	int cpus[PLACE_MAX_CPUS], i, s;
	double used, window;

	snprintf(m->unjudged, sizeof(m->unjudged), "-");
	if (m->recorded)
		evaluate_record(o, lv, ideal, m);
	m->nideal = 0;
	for (s = 0; s < o->nsamples; s++) {
		m->ideal[s] = place_judge(ideal, &m->samples[s * o->n], o->n);
		m->nideal += m->ideal[s];
	}
	m->ideal_frac = (double)m->nideal / o->nsamples;
	m->held_from = place_held_from(m->ideal, o->nsamples);

	for (i = 0; i < lv->ncpus; i++) {
		const struct stat_cpu *a, *b;

		cpus[i] = lv->cpu[i].cpu;
		a = find_stat(m->stat0, m->nstat0, cpus[i]);
		b = find_stat(m->stat1, m->nstat1, cpus[i]);
		m->busy[i] = a && b ? parse_stat_busy_fraction(a, b) : -1;
	}
	if (!m->recorded)
		place_residency(m->samples, o->nsamples, o->n, cpus,
				lv->ncpus, m->residency);
	/* with the record, /proc/stat is only a cross-check, printed */
	m->max_diff = place_max_diff(lv->cpu, lv->ncpus, m->residency, m->busy,
				     ideal->judge == PLACE_BY_CORE);
	if (m->recorded) {
		/* exact: the time the placement was ideal */
		window = m->rec_t1 - m->rec_t0;
		m->ideal_frac = window > 0 ? m->rv.ideal_s / window : 0;
	} else {
		m->sound = m->max_diff >= 0 &&
			   m->max_diff <= MEASURE_SOUND_LIMIT;
		if (!m->sound)
			snprintf(m->unjudged, sizeof(m->unjudged),
				 "sampler_disagrees");
		start_judge(ideal, m->samples, o->nsamples, o->n, &m->result);
		m->settled_s = measure_sample_t(o, m->result.settled);
		m->held_s = m->held_from < 0 ? -1 :
			    measure_sample_t(o, m->held_from);
	}
	m->migrations = 0;
	for (i = 0; i < m->nworkers; i++) {
		if (!m->workers[i].mig_ok) {
			m->migrations = -1;
			break;
		}
		m->migrations += m->workers[i].mig[1] - m->workers[i].mig[0];
	}
	m->siblings_last = place_siblings_last(lv->cpu, lv->ncpus,
					       m->residency);
	m->overflows = place_overflows(lv->cpu, lv->ncpus, m->residency);

	used = ru_ms(&m->ru[0], &m->ru[3]);
	m->cost_ms = used;
	m->sampling_ms = ru_ms(&m->ru[1], &m->ru[2]);
	m->start_ms = ru_ms(&m->ru[0], &m->ru[1]);
	m->end_ms = ru_ms(&m->ru[2], &m->ru[3]);
	m->window_s = ts_diff(&m->t0, &m->t1);
	m->cost_pct = m->window_s > 0 ? used / 10 / m->window_s : -1;
}

/* --- the interface --- */

int measure_alloc(const struct measure_opts *o, struct measure *m)
{
	memset(m, 0, sizeof(*m));
	m->nsd0 = -1;
	m->nsd1 = -1;
	m->nsdc0 = -1;
	m->nsdc1 = -1;
	m->samples = calloc((size_t)o->nsamples * o->n, sizeof(*m->samples));
	m->ideal = calloc(o->nsamples, sizeof(*m->ideal));
	m->rec = calloc(1, sizeof(*m->rec));
	if (o->explain) {
		m->sd0 = calloc(MAX_SD, sizeof(*m->sd0));
		m->sd1 = calloc(MAX_SD, sizeof(*m->sd1));
	}
	if (o->explain && o->change) {
		m->sdc0 = calloc(MAX_SD, sizeof(*m->sdc0));
		m->sdc1 = calloc(MAX_SD, sizeof(*m->sdc1));
	}
	if (!m->samples || !m->ideal || !m->rec ||
	    (o->explain && (!m->sd0 || !m->sd1)) ||
	    (o->explain && o->change && (!m->sdc0 || !m->sdc1))) {
		warnx_("out of memory");
		measure_free(m);
		return -1;
	}
	return 0;
}

void measure_free(struct measure *m)
{
	if (cur == m) {
		measure_cleanup();
		cur = NULL;
	}
	free(m->workers);
	free(m->samples);
	free(m->ideal);
	free(m->sd0);
	free(m->sd1);
	free(m->sdc0);
	free(m->sdc1);
	if (m->rec)
		record_free(m->rec);
	free(m->rec);
	m->rec = NULL;
	m->workers = NULL;
	m->nworkers = 0;
	m->samples = NULL;
	m->ideal = NULL;
	m->sd0 = NULL;
	m->sd1 = NULL;
	m->sdc0 = NULL;
	m->sdc1 = NULL;
}

int measure_run(const struct measure_opts *o, const struct measure_live *lv,
		const struct place_ideal *ideal, struct measure *m)
{
	int ret;

	if (cur && cur != m)
		measure_cleanup();
	cur = m;
	if (o->explain)
		enable_schedstats(m->schedstats_note);
	ret = run(o, lv, m);
	measure_cleanup();
	if (!ret && !measure_stop_sig && m->recorded) {
		struct rusage a, b;

		getrusage(RUSAGE_SELF, &a);
		ret = record_read(o, lv, m);
		getrusage(RUSAGE_SELF, &b);
		m->record_ms = ru_ms(&a, &b);
	}
	tracefs_release();
	if (measure_stop_sig || ret)
		return -1;
	evaluate(o, lv, ideal, m);
	return 0;
}

double measure_sample_t(const struct measure_opts *o, int s)
{
	return (s + 1) * o->interval_ms / 1000.0;
}

double measure_settled_s(const struct measure *m)
{
	return ts_diff(&m->start, &m->t0);
}

bool measure_end_if_stopped(const char *what)
{
	sigset_t none;

	if (!measure_stop_sig)
		return false;
	warnx_("%s: %s", strsignal(measure_stop_sig), what);
	fflush(NULL);
	signal(measure_stop_sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	raise(measure_stop_sig);
	return true;
}
