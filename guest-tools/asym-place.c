// SPDX-License-Identifier: GPL-2.0
/*
 * asym-place - where does the scheduler put N CPU-bound tasks, and is that
 * the ideal placement for the live topology and ITMT priorities?
 *
 * Forks N busy loops, lets them settle, then samples the CPU of each from
 * /proc/PID/stat (field 39) at a fixed interval, from this one process and
 * without forking (a forking sampler lands on the idle CPUs it measures).
 * The ideal placement and the checks are pure logic in place.c; this file
 * only reads, runs and prints.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib.h"
#include "place.h"

const char *prog = "asym-place";

#define MAX_SAMPLES		100000
#define MAX_SECONDS		3600
#define MAX_INTERVAL_MS		60000
#define SOUND_LIMIT		0.15	/* residency vs /proc/stat */
#define BIG_BUF			(256 * 1024)
#define MAX_SD			(PLACE_MAX_CPUS * 8)

struct options {
	int n;
	double settle;		/* s */
	int interval_ms;
	double duration;	/* s */
	double min_ideal;
	int nsamples;
	bool json;
	bool explain;
};

struct worker {
	pid_t pid;
	bool reaped;
	int stat_fd;		/* /proc/PID/stat, kept open */
	char stat_path[64];
	long long mig[2];	/* se.nr_migrations at window start, end */
	bool mig_ok;
	bool read_failed;	/* reported once */
};

/* The online CPUs, their topology and raw priorities. */
struct live {
	int ncpus;
	struct place_cpu cpu[PLACE_MAX_CPUS];
	bool prio_equal;
	char prio_note[256];
	char knob_sysctl[128], knob_formula[128], knob_pull[128];
};

/* What one run measured. */
struct run {
	struct timespec start, t0, t1;	/* workers started, window */
	int *samples;			/* [nsamples][n] CPUs */
	bool *ideal;			/* [nsamples] */
	/* window start, after its snapshots, after the last sample, end */
	struct rusage ru[4];
	struct place_stat_cpu stat0[PLACE_MAX_CPUS], stat1[PLACE_MAX_CPUS];
	int nstat0, nstat1;
	struct place_sd_stat *sd0, *sd1;
	int nsd0, nsd1;			/* -1: not read */
};

/* The results derived from a run. */
struct result {
	int nideal;
	double ideal_frac;
	int held_from;			/* sample index, -1: never */
	double residency[PLACE_MAX_CPUS];
	double busy[PLACE_MAX_CPUS];	/* -1: unknown */
	double max_diff;		/* -1: unknown */
	bool sound;
	double cost_ms, window_s, cost_pct;
	double sampling_ms;		/* of cost_ms: the sampling loop */
	double start_ms, end_ms;	/* of cost_ms: the window's snapshots */
	bool pass;
};

static struct worker *workers;
static int nworkers;
static bool restore_schedstats;		/* we switched schedstats on */
static char schedstats_note[160];
static volatile sig_atomic_t stop_sig;
static sigset_t run_mask;		/* signals delivered only in ppoll */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s -n N [options]\n"
		"Start N CPU-bound workers, sample the CPU each runs on and\n"
		"compare the placement with the ideal one for the live topology\n"
		"and raw ITMT priorities: first threads of all cores by raw\n"
		"priority, highest first, then second threads, and so on.\n"
		"\n"
		"Options:\n"
		"  -n, --workers N     number of workers, 1 to the online CPUs\n"
		"      --settle SEC    wait before sampling (default 2)\n"
		"      --interval MS   sampling interval (default 300)\n"
		"      --duration SEC  sampling window (default 3)\n"
		"      --min-ideal F   pass when at least this fraction of the\n"
		"                      samples is ideal (default 0.9)\n"
		"      --explain       add per-domain /proc/schedstat deltas over\n"
		"                      the window; switches kernel.sched_schedstats\n"
		"                      on for the run if it is off\n"
		"      --json          one JSON object instead of tables\n"
		"  -h, --help          this text\n"
		"\n"
		"Exit status: 0 if the ideal fraction reaches --min-ideal, 1 if\n"
		"not or on a run-time error, 2 on a usage error. SIGINT, SIGTERM\n"
		"and SIGHUP kill the workers, then end %s by the same signal.\n",
		prog, prog);
}

/* --- options --- */

static int usage_error(const char *opt, const char *arg, const char *what)
{
	warnx_("%s: '%s' %s (see --help)", opt, arg, what);
	return -1;
}

/*
 * A decimal number of at most @max, digits and one optional point only;
 * @what says what it is in errors.
 */
static int parse_decimal(const char *opt, const char *arg, double max,
			 const char *what, double *val)
{
	const char *p;
	int digits = 0, points = 0;
	char *end;

	for (p = arg; *p; p++) {
		if (*p >= '0' && *p <= '9')
			digits++;
		else if (*p == '.')
			points++;
		else
			break;
	}
	if (*p || !digits || points > 1) {
		char msg[64];

		snprintf(msg, sizeof(msg), "is not %s", what);
		return usage_error(opt, arg, msg);
	}
	*val = strtod(arg, &end);
	if (*end || *val > max) {
		char msg[64];

		snprintf(msg, sizeof(msg), "is out of range 0-%g", max);
		return usage_error(opt, arg, msg);
	}
	return 0;
}

static int parse_seconds(const char *opt, const char *arg, double *val)
{
	return parse_decimal(opt, arg, MAX_SECONDS, "a number of seconds",
			     val);
}

static int parse_int(const char *opt, const char *arg, int min, int max,
		     int *val)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end || (arg[0] < '0' || arg[0] > '9'))
		return usage_error(opt, arg, "is not a whole number");
	if (errno || v < min || v > max) {
		char what[64];

		snprintf(what, sizeof(what), "is out of range %d-%d", min,
			 max);
		return usage_error(opt, arg, what);
	}
	*val = (int)v;
	return 0;
}

static int parse_fraction(const char *opt, const char *arg, double *val)
{
	return parse_decimal(opt, arg, 1, "a fraction from 0 to 1", val);
}

enum {
	OPT_SETTLE = 256, OPT_INTERVAL, OPT_DURATION, OPT_MIN_IDEAL,
	OPT_EXPLAIN, OPT_JSON,
};

/* Parse the command line into @o; 0, 1 for --help, -1 on a usage error. */
static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option opts[] = {
		{ "workers", required_argument, NULL, 'n' },
		{ "settle", required_argument, NULL, OPT_SETTLE },
		{ "interval", required_argument, NULL, OPT_INTERVAL },
		{ "duration", required_argument, NULL, OPT_DURATION },
		{ "min-ideal", required_argument, NULL, OPT_MIN_IDEAL },
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	double samples;
	int c, ret = 0;

	*o = (struct options){ .settle = 2, .interval_ms = 300,
			       .duration = 3, .min_ideal = 0.9 };
	while ((c = getopt_long(argc, argv, "n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			ret |= parse_int("-n", optarg, 1, 1 << 20,
					 &o->n);
			break;
		case OPT_SETTLE:
			ret |= parse_seconds("--settle", optarg, &o->settle);
			break;
		case OPT_INTERVAL:
			ret |= parse_int("--interval", optarg, 1,
					 MAX_INTERVAL_MS, &o->interval_ms);
			break;
		case OPT_DURATION:
			ret |= parse_seconds("--duration", optarg,
					     &o->duration);
			break;
		case OPT_MIN_IDEAL:
			ret |= parse_fraction("--min-ideal", optarg,
					      &o->min_ideal);
			break;
		case OPT_EXPLAIN:
			o->explain = true;
			break;
		case OPT_JSON:
			o->json = true;
			break;
		case 'h':
			return 1;
		default:
			warnx_("see --help");
			return -1;
		}
	}
	if (ret)
		return -1;
	if (optind < argc) {
		warnx_("unexpected argument '%s' (see --help)", argv[optind]);
		return -1;
	}
	if (!o->n) {
		warnx_("-n N is required: the number of workers (see --help)");
		return -1;
	}
	samples = o->duration * 1000 / o->interval_ms + 1e-9;
	if (samples < 1) {
		warnx_("--duration %g s is shorter than --interval %d ms",
		       o->duration, o->interval_ms);
		return -1;
	}
	if (samples > MAX_SAMPLES) {
		warnx_("--duration %g s at --interval %d ms: more than %d samples",
		       o->duration, o->interval_ms, MAX_SAMPLES);
		return -1;
	}
	o->nsamples = (int)samples;
	return 0;
}

/* --- the live topology --- */

/* Core and thread index of @cpu from its thread_siblings_list. */
static int read_siblings(int cpu, struct place_cpu *pc)
{
	unsigned char mask[PLACE_MAX_CPUS];
	char path[128], buf[1024];
	int i, first = -1, pos = 0;

	snprintf(path, sizeof(path),
		 SYSFS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
	if (read_text(path, buf, sizeof(buf), 0) < 0)
		return -1;
	if (parse_cpulist(buf, mask, PLACE_MAX_CPUS) || !mask[cpu]) {
		warnx_("%s: malformed '%s'", path, buf);
		return -1;
	}
	for (i = 0; i < cpu; i++) {
		if (mask[i] && first < 0)
			first = i;
		pos += mask[i];
	}
	pc->cpu = cpu;
	pc->core = first < 0 ? cpu : first;
	pc->thread = pos;
	return 0;
}

static void prio_equal(struct live *lv, const char *why)
{
	int i;

	lv->prio_equal = true;
	snprintf(lv->prio_note, sizeof(lv->prio_note),
		 "%s: all raw priorities treated as equal", why);
	for (i = 0; i < lv->ncpus; i++)
		lv->cpu[i].raw_prio = 0;
}

static void read_priorities(struct live *lv)
{
	static char buf[BIG_BUF];
	int raw[PLACE_MAX_CPUS], i, ret;
	char why[192];

	ret = read_text(ASYM_CPU_PRIORITY, buf, sizeof(buf), 1);
	if (ret == -ENOENT) {
		prio_equal(lv, ASYM_CPU_PRIORITY " missing");
		return;
	}
	if (ret < 0) {
		prio_equal(lv, ASYM_CPU_PRIORITY " unreadable");
		return;
	}
	for (i = 0; i < PLACE_MAX_CPUS; i++)
		raw[i] = -1;
	if (place_parse_cpu_priority(buf, raw, PLACE_MAX_CPUS) < 0) {
		warnx_("%s: malformed", ASYM_CPU_PRIORITY);
		prio_equal(lv, ASYM_CPU_PRIORITY " malformed");
		return;
	}
	for (i = 0; i < lv->ncpus; i++) {
		if (raw[lv->cpu[i].cpu] < 0) {
			snprintf(why, sizeof(why), "%s has no row for cpu%d",
				 ASYM_CPU_PRIORITY, lv->cpu[i].cpu);
			prio_equal(lv, why);
			return;
		}
		lv->cpu[i].raw_prio = raw[lv->cpu[i].cpu];
	}
	snprintf(lv->prio_note, sizeof(lv->prio_note),
		 "raw priorities from %s", ASYM_CPU_PRIORITY);
}

/* A knob's value for the report, "-" when absent. */
static void read_knob(const char *path, char *val, size_t len)
{
	char buf[128], *open, *close;

	if (read_text(path, buf, sizeof(buf), 1) < 0) {
		snprintf(val, len, "-");
		return;
	}
	/* "[squared] legacy": the selected one */
	open = strchr(buf, '[');
	close = open ? strchr(open, ']') : NULL;
	if (close) {
		*close = '\0';
		snprintf(val, len, "%s", open + 1);
	} else {
		snprintf(val, len, "%s", buf);
	}
}

static int read_live(struct live *lv)
{
	unsigned char online[PLACE_MAX_CPUS];
	int cpu;

	memset(lv, 0, sizeof(*lv));
	if (online_cpus(online, PLACE_MAX_CPUS) < 0)
		return -1;
	for (cpu = 0; cpu < PLACE_MAX_CPUS; cpu++) {
		if (!online[cpu])
			continue;
		if (read_siblings(cpu, &lv->cpu[lv->ncpus]))
			return -1;
		lv->ncpus++;
	}
	read_priorities(lv);
	read_knob(ASYM_SYSCTL, lv->knob_sysctl, sizeof(lv->knob_sysctl));
	read_knob(ASYM_PRIO_FORMULA, lv->knob_formula,
		  sizeof(lv->knob_formula));
	read_knob(ASYM_SMT_PULL_CHECK, lv->knob_pull, sizeof(lv->knob_pull));
	return 0;
}

/* --- workers and signals --- */

static void on_signal(int sig)
{
	stop_sig = sig;
}

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define ARRAY_SIZE(a)	((int)(sizeof(a) / sizeof((a)[0])))
#define NSTOP_SIGNALS	ARRAY_SIZE(stop_signals)

/*
 * Catch the stop signals but keep them blocked: they are delivered only
 * while the sampler sleeps in ppoll(), so no sleep can miss one.
 */
static void setup_signals(void)
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
}

static void __attribute__((noreturn)) worker_main(pid_t parent)
{
	volatile unsigned long spin = 0;
	sigset_t none;
	int i;

	for (i = 0; i < NSTOP_SIGNALS; i++)
		signal(stop_signals[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* Die with the sampler, however it ends. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(1);
	for (;;)
		spin++;
}

static void kill_workers(void)
{
	int i;

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
static void enable_schedstats(void)
{
	char buf[16];

	if (read_text(SCHEDSTATS_SYSCTL, buf, sizeof(buf), 0) < 0) {
		snprintf(schedstats_note, sizeof(schedstats_note),
			 "%s unreadable: the counters may not move",
			 SCHEDSTATS_SYSCTL);
		return;
	}
	if (!strcmp(buf, "1")) {
		snprintf(schedstats_note, sizeof(schedstats_note),
			 "schedstats were already on");
		return;
	}
	if (write_text(SCHEDSTATS_SYSCTL, "1")) {
		snprintf(schedstats_note, sizeof(schedstats_note),
			 "schedstats off and %s not writable: the counters do not move",
			 SCHEDSTATS_SYSCTL);
		return;
	}
	restore_schedstats = true;
	snprintf(schedstats_note, sizeof(schedstats_note),
		 "schedstats switched on for this run (%s was %s)",
		 SCHEDSTATS_SYSCTL, buf);
}

/* Kill and reap the workers, undo what the run changed: every exit path. */
static void cleanup(void)
{
	kill_workers();
	if (restore_schedstats) {
		restore_schedstats = false;
		write_text(SCHEDSTATS_SYSCTL, "0");
	}
}

static int start_workers(int n)
{
	pid_t parent = getpid();
	int i;

	workers = calloc(n, sizeof(*workers));
	if (!workers) {
		warnx_("out of memory");
		return -1;
	}
	fflush(NULL);
	for (i = 0; i < n; i++) {
		struct worker *w = &workers[i];
		pid_t pid;

		w->stat_fd = -1;
		pid = fork();
		if (pid < 0) {
			warnx_("fork: %s", strerror(errno));
			return -1;
		}
		if (!pid)
			worker_main(parent);
		w->pid = pid;
		nworkers++;
		snprintf(w->stat_path, sizeof(w->stat_path), "/proc/%d/stat",
			 (int)pid);
		w->stat_fd = open(w->stat_path, O_RDONLY | O_CLOEXEC);
		if (w->stat_fd < 0) {
			warnx_("%s: %s", w->stat_path, strerror(errno));
			return -1;
		}
	}
	return 0;
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

		if (stop_sig)
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

static int read_proc_stat(struct place_stat_cpu *st, int *n)
{
	static char buf[BIG_BUF];

	if (read_text(PROC_STAT, buf, sizeof(buf), 0) < 0)
		return -1;
	*n = place_parse_stat(buf, st, PLACE_MAX_CPUS);
	if (*n < 0) {
		warnx_("%s: malformed per-CPU line", PROC_STAT);
		return -1;
	}
	return 0;
}

static int read_schedstat(struct place_sd_stat *sd, int *n)
{
	static char buf[BIG_BUF];
	char err[256];

	*n = -1;
	if (read_text(PROC_SCHEDSTAT, buf, sizeof(buf), 0) < 0)
		return -1;
	*n = place_parse_schedstat(buf, sd, MAX_SD, err, sizeof(err));
	if (*n < 0) {
		warnx_("%s: %s", PROC_SCHEDSTAT, err);
		return -1;
	}
	return 0;
}

static void read_migrations(int which)
{
	char path[64], buf[8192];
	int i;

	for (i = 0; i < nworkers; i++) {
		struct worker *w = &workers[i];

		snprintf(path, sizeof(path), "/proc/%d/sched", (int)w->pid);
		if (read_text(path, buf, sizeof(buf), 0) < 0 ||
		    place_parse_nr_migrations(buf, &w->mig[which])) {
			if (w->mig_ok || !which)
				warnx_("%s: no se.nr_migrations", path);
			w->mig_ok = false;
		} else if (!which) {
			w->mig_ok = true;
		}
	}
}

/* One sample: the CPU of every worker into @row. */
static void sample(int *row)
{
	char buf[1024];
	int i;

	for (i = 0; i < nworkers; i++) {
		struct worker *w = &workers[i];

		row[i] = -1;
		if (pread_text(w->stat_fd, w->stat_path, buf, sizeof(buf),
			       w->read_failed) >= 0)
			row[i] = place_parse_pid_stat_cpu(buf);
		if (row[i] < 0 && !w->read_failed) {
			warnx_("%s: no processor field: worker gone?",
			       w->stat_path);
			w->read_failed = true;
		}
	}
}

/* --- the run --- */

static int window_start(const struct options *o, struct run *r)
{
	getrusage(RUSAGE_SELF, &r->ru[0]);
	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	if (read_proc_stat(r->stat0, &r->nstat0))
		return -1;
	read_migrations(0);
	if (o->explain)
		read_schedstat(r->sd0, &r->nsd0);
	getrusage(RUSAGE_SELF, &r->ru[1]);
	return 0;
}

static int window_end(const struct options *o, struct run *r)
{
	getrusage(RUSAGE_SELF, &r->ru[2]);
	if (read_proc_stat(r->stat1, &r->nstat1))
		return -1;
	read_migrations(1);
	if (o->explain && r->nsd0 >= 0)
		read_schedstat(r->sd1, &r->nsd1);
	clock_gettime(CLOCK_MONOTONIC, &r->t1);
	getrusage(RUSAGE_SELF, &r->ru[3]);
	return 0;
}

/* Start the workers, settle, sample; -1 on error or a stop signal. */
static int run(const struct options *o, struct run *r)
{
	struct timespec until;
	int s;

	if (start_workers(o->n))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &r->start);
	until = ts_add_ms(&r->start, (long long)(o->settle * 1000 + 0.5));
	if (sleep_until(&until) || window_start(o, r))
		return -1;
	for (s = 0; s < o->nsamples; s++) {
		until = ts_add_ms(&r->t0, (long long)(s + 1) * o->interval_ms);
		if (sleep_until(&until))
			return -1;
		sample(&r->samples[s * o->n]);
	}
	return window_end(o, r);
}

/* --- results --- */

static const struct place_stat_cpu *find_stat(const struct place_stat_cpu *st,
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

static void evaluate(const struct options *o, const struct live *lv,
		     const struct place_ideal *ideal, struct run *r,
		     struct result *res)
{
	int cpus[PLACE_MAX_CPUS], i, s;
	double used;

	memset(res, 0, sizeof(*res));
	for (s = 0; s < o->nsamples; s++) {
		r->ideal[s] = place_is_ideal(ideal, &r->samples[s * o->n],
					     o->n);
		res->nideal += r->ideal[s];
	}
	res->ideal_frac = (double)res->nideal / o->nsamples;
	res->held_from = place_held_from(r->ideal, o->nsamples);

	for (i = 0; i < lv->ncpus; i++) {
		const struct place_stat_cpu *a, *b;

		cpus[i] = lv->cpu[i].cpu;
		a = find_stat(r->stat0, r->nstat0, cpus[i]);
		b = find_stat(r->stat1, r->nstat1, cpus[i]);
		res->busy[i] = a && b ? place_stat_busy_fraction(a, b) : -1;
	}
	place_residency(r->samples, o->nsamples, o->n, cpus, lv->ncpus,
			res->residency);
	res->max_diff = place_max_abs_diff(res->residency, res->busy,
					   lv->ncpus);
	res->sound = res->max_diff >= 0 && res->max_diff <= SOUND_LIMIT;

	used = ru_ms(&r->ru[0], &r->ru[3]);
	res->cost_ms = used;
	res->sampling_ms = ru_ms(&r->ru[1], &r->ru[2]);
	res->start_ms = ru_ms(&r->ru[0], &r->ru[1]);
	res->end_ms = ru_ms(&r->ru[2], &r->ru[3]);
	res->window_s = ts_diff(&r->t0, &r->t1);
	res->cost_pct = res->window_s > 0 ?
			used / 10 / res->window_s : -1;
	/* exact fractions such as 27/30 against 0.9 */
	res->pass = res->ideal_frac + 1e-9 >= o->min_ideal;
}

/* Sample @s's time into the window, in seconds. */
static double sample_t(const struct options *o, int s)
{
	return (s + 1) * o->interval_ms / 1000.0;
}

static int t_decimals(const struct options *o)
{
	return o->interval_ms % 100 ? 3 : 1;
}

/* The domain's name (SMT, MC...) from debugfs, "-" if unknown. */
static void sd_name(int cpu, int domain, char *buf, size_t len)
{
	char path[128];

	snprintf(path, sizeof(path), SCHED_DEBUGFS_DOMAINS "/cpu%d/domain%d/name",
		 cpu, domain);
	if (read_text(path, buf, len, 1) < 0)
		snprintf(buf, len, "-");
}

static const struct place_sd_stat *find_sd(const struct place_sd_stat *sd,
					   int n, const struct place_sd_stat *like)
{
	int i;

	for (i = 0; i < n; i++)
		if (sd[i].cpu == like->cpu && sd[i].domain == like->domain &&
		    !strcmp(sd[i].mask, like->mask))
			return &sd[i];
	return NULL;
}

/* --- human output --- */

static void print_tiers(const struct place_ideal *ideal)
{
	int i, j, tier = 0;

	printf("preference tiers (thread index, raw priority):\n");
	for (i = 0; i < ideal->ncpus; i = j) {
		int cpus[PLACE_MAX_CPUS], set[PLACE_MAX_CPUS], n;
		char buf[1024];

		for (j = i; j < ideal->ncpus &&
		     place_same_tier(&ideal->order[i], &ideal->order[j]); j++)
			cpus[j - i] = ideal->order[j].cpu;
		n = place_busy_set(cpus, j - i, set);
		printf("  tier %d: thread %d, raw priority %d: %s\n", tier++,
		       ideal->order[i].thread, ideal->order[i].raw_prio,
		       place_format_set(set, n, buf, sizeof(buf)));
	}
}

static void print_explain_human(const struct run *r)
{
	int i, f;

	if (r->nsd0 < 0 || r->nsd1 < 0) {
		printf("explain: no %s deltas (see the errors above)\n",
		       PROC_SCHEDSTAT);
		return;
	}
	printf("%s deltas over the window (lb_* summed over idle types; %s):\n",
	       PROC_SCHEDSTAT, schedstats_note);
	printf("  %-4s %-3s %-4s %-10s", "cpu", "dom", "name", "span");
	for (f = 0; f < PLACE_LB_FIELDS; f++)
		printf(" %s", place_lb_names[f]);
	for (f = 0; f < PLACE_ALB_FIELDS; f++)
		printf(" %s", place_alb_names[f]);
	printf("\n");
	for (i = 0; i < r->nsd1; i++) {
		const struct place_sd_stat *b = &r->sd1[i];
		const struct place_sd_stat *a = find_sd(r->sd0, r->nsd0, b);
		struct place_sd_delta d;
		char name[32];

		sd_name(b->cpu, b->domain, name, sizeof(name));
		printf("  %-4d %-3d %-4s %-10s", b->cpu, b->domain, name,
		       b->mask);
		if (!a) {
			printf(" (domain rebuilt during the window)\n");
			continue;
		}
		place_sd_delta(a, b, &d);
		for (f = 0; f < PLACE_LB_FIELDS; f++)
			printf(" %*lld", (int)strlen(place_lb_names[f]),
			       d.lb[f]);
		for (f = 0; f < PLACE_ALB_FIELDS; f++)
			printf(" %*lld", (int)strlen(place_alb_names[f]),
			       d.alb[f]);
		printf("\n");
	}
}

static void print_human(const struct options *o, const struct live *lv,
			const struct place_ideal *ideal, const struct run *r,
			const struct result *res)
{
	int dec = t_decimals(o), i, s;
	char buf[2048];

	printf("asym-place: N=%d, settle %g s, interval %d ms, duration %g s (%d samples)\n",
	       o->n, o->settle, o->interval_ms, o->duration, o->nsamples);
	printf("kernel: sched_asym_smt=%s prio_formula=%s smt_pull_check=%s\n",
	       lv->knob_sysctl, lv->knob_formula, lv->knob_pull);
	printf("priorities: %s\n", lv->prio_note);
	print_tiers(ideal);
	printf("ideal for N=%d: %s\n", o->n,
	       place_format_ideal(ideal, buf, sizeof(buf)));

	printf("samples (busy set of the workers):\n");
	for (s = 0; s < o->nsamples; s++) {
		int set[PLACE_MAX_CPUS];
		int n = place_busy_set(&r->samples[s * o->n], o->n, set);

		printf("  t=%.*f %s%s\n", dec, sample_t(o, s),
		       place_format_set(set, n, buf, sizeof(buf)),
		       r->ideal[s] ? "  ideal" : "");
	}
	printf("ideal samples: %d/%d (%.2f)\n", res->nideal, o->nsamples,
	       res->ideal_frac);
	if (res->held_from < 0)
		printf("time to ideal: never (not ideal at the last sample)\n");
	else
		printf("time to ideal: t=%.*f s into the window (%.*f s %s), held to the end\n",
		       dec, sample_t(o, res->held_from), dec,
		       sample_t(o, res->held_from) + ts_diff(&r->start, &r->t0),
		       "after the workers started");

	printf("migrations over the window:\n");
	printf("  %-6s %-7s %-10s\n", "worker", "pid", "migrations");
	for (i = 0; i < nworkers; i++) {
		const struct worker *w = &workers[i];

		if (w->mig_ok)
			printf("  %-6d %-7d %lld\n", i, (int)w->pid,
			       w->mig[1] - w->mig[0]);
		else
			printf("  %-6d %-7d ?\n", i, (int)w->pid);
	}

	printf("residency (samples with a worker) vs %s busy fraction:\n",
	       PROC_STAT);
	printf("  %-4s %-9s %-5s %s\n", "cpu", "residency", "busy", "diff");
	for (i = 0; i < lv->ncpus; i++) {
		if (res->busy[i] < 0)
			printf("  %-4d %-9.2f %-5s -\n", lv->cpu[i].cpu,
			       res->residency[i], "?");
		else
			printf("  %-4d %-9.2f %-5.2f %.2f\n", lv->cpu[i].cpu,
			       res->residency[i], res->busy[i],
			       res->residency[i] - res->busy[i]);
	}
	if (res->max_diff < 0)
		printf("measurement NOT checked: no %s data\n", PROC_STAT);
	else
		printf("measurement %s: max |residency - busy| %.2f %s %.2f\n",
		       res->sound ? "sound" : "NOT sound", res->max_diff,
		       res->sound ? "<=" : ">", SOUND_LIMIT);
	printf("sampler cost: %.2f%% of one CPU (%.1f ms user+system over %.2f s)\n",
	       res->cost_pct, res->cost_ms, res->window_s);
	printf("  of which sampling %.1f ms, snapshots at window start %.1f ms, at end %.1f ms\n",
	       res->sampling_ms, res->start_ms, res->end_ms);
	if (o->explain)
		print_explain_human(r);
	printf("result: %s (ideal fraction %.2f %s %.2f)\n",
	       res->pass ? "PASS" : "FAIL", res->ideal_frac,
	       res->pass ? ">=" : "<", o->min_ideal);
}

/* --- JSON output --- */

static void json_int_array(const int *v, int n)
{
	int i;

	printf("[");
	for (i = 0; i < n; i++)
		printf("%s%d", i ? "," : "", v[i]);
	printf("]");
}

/* @v as a JSON number with 4 decimals, null if negative (unknown). */
static void json_frac(double v)
{
	if (v < 0)
		printf("null");
	else
		printf("%.4f", v);
}

static void json_range(const struct place_ideal *ideal, int from, int to)
{
	int cpus[PLACE_MAX_CPUS], set[PLACE_MAX_CPUS], i;

	for (i = from; i < to; i++)
		cpus[i - from] = ideal->order[i].cpu;
	json_int_array(set, place_busy_set(cpus, to - from, set));
}

/* A knob's value, null when absent. */
static void json_knob(const char *val)
{
	if (strcmp(val, "-"))
		json_str(val);
	else
		printf("null");
}

static void json_knobs(const struct live *lv)
{
	int i;

	printf("\"knobs\":{\"sched_asym_smt\":");
	json_knob(lv->knob_sysctl);
	printf(",\"prio_formula\":");
	json_knob(lv->knob_formula);
	printf(",\"smt_pull_check\":");
	json_knob(lv->knob_pull);
	printf("},\"priorities\":{\"equal\":%s,\"note\":",
	       lv->prio_equal ? "true" : "false");
	json_str(lv->prio_note);
	printf("},\"cpus\":[");
	for (i = 0; i < lv->ncpus; i++)
		printf("%s{\"cpu\":%d,\"core\":%d,\"thread\":%d,\"raw_prio\":%d}",
		       i ? "," : "", lv->cpu[i].cpu, lv->cpu[i].core,
		       lv->cpu[i].thread, lv->cpu[i].raw_prio);
	printf("]");
}

static void json_ideal(const struct place_ideal *ideal)
{
	char buf[2048];
	int i, j, first = 1;

	printf(",\"tiers\":[");
	for (i = 0; i < ideal->ncpus; i = j) {
		for (j = i; j < ideal->ncpus &&
		     place_same_tier(&ideal->order[i], &ideal->order[j]); j++)
			;
		printf("%s{\"thread\":%d,\"raw_prio\":%d,\"cpus\":",
		       first ? "" : ",", ideal->order[i].thread,
		       ideal->order[i].raw_prio);
		json_range(ideal, i, j);
		printf("}");
		first = 0;
	}
	printf("],\"ideal\":{\"text\":");
	json_str(place_format_ideal(ideal, buf, sizeof(buf)));
	printf(",\"full\":");
	json_range(ideal, 0, ideal->nfull);
	printf(",\"boundary\":");
	json_range(ideal, ideal->nfull, ideal->nfull + ideal->nboundary);
	printf(",\"boundary_count\":%d}", ideal->k);
}

static void json_explain(const struct run *r)
{
	int i, f, first = 1;

	printf(",\"schedstats\":");
	json_str(schedstats_note);
	printf(",\"explain\":");
	if (r->nsd0 < 0 || r->nsd1 < 0) {
		printf("null");
		return;
	}
	printf("[");
	for (i = 0; i < r->nsd1; i++) {
		const struct place_sd_stat *b = &r->sd1[i];
		const struct place_sd_stat *a = find_sd(r->sd0, r->nsd0, b);
		struct place_sd_delta d;
		char name[32];

		sd_name(b->cpu, b->domain, name, sizeof(name));
		printf("%s{\"cpu\":%d,\"domain\":%d,\"name\":", first ? "" : ",",
		       b->cpu, b->domain);
		json_str(name);
		printf(",\"span\":");
		json_str(b->mask);
		first = 0;
		if (!a) {
			printf(",\"rebuilt\":true}");
			continue;
		}
		place_sd_delta(a, b, &d);
		for (f = 0; f < PLACE_LB_FIELDS; f++)
			printf(",\"%s\":%lld", place_lb_names[f], d.lb[f]);
		for (f = 0; f < PLACE_ALB_FIELDS; f++)
			printf(",\"%s\":%lld", place_alb_names[f], d.alb[f]);
		printf("}");
	}
	printf("]");
}

static void json_samples(const struct options *o, const struct run *r)
{
	int dec = t_decimals(o), s;

	printf(",\"samples\":[");
	for (s = 0; s < o->nsamples; s++) {
		const int *row = &r->samples[s * o->n];
		int set[PLACE_MAX_CPUS];

		printf("%s{\"t\":%.*f,\"workers\":", s ? "," : "", dec,
		       sample_t(o, s));
		json_int_array(row, o->n);
		printf(",\"busy\":");
		json_int_array(set, place_busy_set(row, o->n, set));
		printf(",\"ideal\":%s}", r->ideal[s] ? "true" : "false");
	}
	printf("]");
}

static void print_json(const struct options *o, const struct live *lv,
		       const struct place_ideal *ideal, const struct run *r,
		       const struct result *res)
{
	int i;

	printf("{\"n\":%d,\"settle_s\":%g,\"interval_ms\":%d,", o->n,
	       o->settle, o->interval_ms);
	printf("\"duration_s\":%g,\"nsamples\":%d,\"min_ideal\":%g,",
	       o->duration, o->nsamples, o->min_ideal);
	json_knobs(lv);
	json_ideal(ideal);
	json_samples(o, r);
	printf(",\"ideal_samples\":%d,\"ideal_fraction\":%.4f,\"time_to_ideal_s\":",
	       res->nideal, res->ideal_frac);
	if (res->held_from < 0)
		printf("null,\"time_to_ideal_since_start_s\":null");
	else
		printf("%.3f,\"time_to_ideal_since_start_s\":%.3f",
		       sample_t(o, res->held_from),
		       sample_t(o, res->held_from) + ts_diff(&r->start, &r->t0));
	printf(",\"workers\":[");
	for (i = 0; i < nworkers; i++) {
		printf("%s{\"pid\":%d,\"migrations\":", i ? "," : "",
		       (int)workers[i].pid);
		if (workers[i].mig_ok)
			printf("%lld}", workers[i].mig[1] - workers[i].mig[0]);
		else
			printf("null}");
	}
	printf("],\"residency\":[");
	for (i = 0; i < lv->ncpus; i++) {
		printf("%s{\"cpu\":%d,\"residency\":%.4f,\"busy\":", i ? "," : "",
		       lv->cpu[i].cpu, res->residency[i]);
		json_frac(res->busy[i]);
		printf("}");
	}
	printf("],\"max_abs_diff\":");
	json_frac(res->max_diff);
	printf(",\"measurement_sound\":%s", res->sound ? "true" : "false");
	printf(",\"sampler\":{\"cpu_ms\":%.3f,\"sampling_ms\":%.3f,",
	       res->cost_ms, res->sampling_ms);
	printf("\"snapshot_start_ms\":%.3f,\"snapshot_end_ms\":%.3f,",
	       res->start_ms, res->end_ms);
	printf("\"window_s\":%.3f,\"cpu_pct\":%.3f}", res->window_s,
	       res->cost_pct);
	if (o->explain)
		json_explain(r);
	printf(",\"pass\":%s}\n", res->pass ? "true" : "false");
}

/* --- main --- */

static int alloc_run(const struct options *o, struct run *r)
{
	memset(r, 0, sizeof(*r));
	r->nsd0 = -1;
	r->nsd1 = -1;
	r->samples = calloc((size_t)o->nsamples * o->n, sizeof(*r->samples));
	r->ideal = calloc(o->nsamples, sizeof(*r->ideal));
	if (o->explain) {
		r->sd0 = calloc(MAX_SD, sizeof(*r->sd0));
		r->sd1 = calloc(MAX_SD, sizeof(*r->sd1));
	}
	if (!r->samples || !r->ideal ||
	    (o->explain && (!r->sd0 || !r->sd1))) {
		warnx_("out of memory");
		return -1;
	}
	return 0;
}

/* After cleanup, end by the stop signal that came, as the shell expects. */
static void reraise(void)
{
	sigset_t none;

	fflush(NULL);
	signal(stop_sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	raise(stop_sig);
}

int main(int argc, char **argv)
{
	static struct place_ideal ideal;
	static struct live lv;
	static struct run r;
	struct result res;
	struct options o;
	int ret;

	ret = parse_options(argc, argv, &o);
	if (ret) {
		if (ret > 0)
			usage(stdout);
		return ret > 0 ? 0 : 2;
	}
	if (read_live(&lv))
		return 1;
	if (o.n > lv.ncpus) {
		warnx_("-n %d: more than the %d online CPUs", o.n, lv.ncpus);
		return 2;
	}
	if (place_ideal_compute(lv.cpu, lv.ncpus, o.n, &ideal)) {
		warnx_("cannot compute the ideal set of %d on %d CPUs", o.n,
		       lv.ncpus);
		return 1;
	}
	if (alloc_run(&o, &r))
		return 1;

	setup_signals();
	atexit(cleanup);
	if (o.explain)
		enable_schedstats();
	ret = run(&o, &r);
	cleanup();
	if (stop_sig) {
		warnx_("%s: workers killed", strsignal(stop_sig));
		reraise();
		return 1;
	}
	if (ret)
		return 1;

	evaluate(&o, &lv, &ideal, &r, &res);
	if (o.json)
		print_json(&o, &lv, &ideal, &r, &res);
	else
		print_human(&o, &lv, &ideal, &r, &res);
	if (fflush(stdout)) {
		warnx_("stdout: %s", strerror(errno));
		return 1;
	}
	return res.pass ? 0 : 1;
}
