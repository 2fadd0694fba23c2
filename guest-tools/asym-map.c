// SPDX-License-Identifier: GPL-2.0
/*
 * asym-map - a start-state map: where the balancer takes N CPU-bound
 * workers from every start placement.
 *
 * For one setting and N, enumerates the start placements up to the
 * topology's symmetry (or draws a seeded sample of them when there are
 * more than --max-starts), and runs each --reps times as asym-place
 * --start does: every worker pinned to its start CPU, all released at
 * once, the placement taken from the scheduler's record (or, on a
 * kernel without one, sampled) from the release. Each run ends ideal, in
 * a trap (another placement held for the second half of the window) or
 * moving; a start is repeatable when all its runs end alike (final
 * placements compared up to the symmetry too). For every
 * trap it prints the balancer's counters of the CPUs left idle and the
 * command that replays it. The start enumeration and the judgement are
 * pure logic in startmap.c, the measurement is measure.c.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "lib.h"
#include "measure.h"
#include "place.h"
#include "setting.h"
#include "startmap.h"

const char *prog = "asym-map";

#define MAX_STARTS	2000
#define MAX_REPS	20

struct options {
	struct measure_opts m;
	const char *text;	/* the setting, NULL: as the kernel is */
	struct setting setting;
	int reps;
	int max_starts;
	unsigned long long seed;
	bool seed_given;
	bool limits;		/* --limits: print them, run nothing */
	bool json;
};

/* One run from one start. */
struct map_run {
	bool sound;
	enum start_outcome outcome;
	int nfinal;
	int final[PLACE_MAX_CPUS];	/* up to symmetry */
	int raw[PLACE_MAX_CPUS];	/* as the run ended */
	double settled;		/* when the final placement began, s */
	double ideal_frac;
	char idle[256];		/* trap: counters of the idle CPUs */
	char spread[256];	/* how the final placement fills the caches */
};

static struct measure_live lv;

/* The human text: stdout, or stderr when stdout is for --json. */
static FILE *txt;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s -n N [--set SETTING] [options]\n"
		"Map where the balancer takes N CPU-bound workers from every\n"
		"start placement (up to the topology's symmetry: interchangeable\n"
		"cores are those with the same online threads and raw priority),\n"
		"each start run --reps times as 'asym-place --start' does.\n"
		"\n"
		"Options:\n"
		"  -n, --workers N     number of workers, 1 to the online CPUs\n"
		"      --set SETTING   apply SETTING first (as asym-ctl set: a\n"
		"                      policy's name, KEY=VALUE..., defaults);\n"
		"                      the knobs go back to their defaults at the\n"
		"                      end. Default: the kernel as it is\n"
		"      --reps K        runs of each start (default 3)\n"
		"      --max-starts M  more starts than M up to symmetry: a seeded\n"
		"                      sample of M (default 200)\n"
		"      --seed S        the sample's seed (default: the time; printed)\n"
		"      --limits        print the limits of --max-starts and --reps\n"
		"                      as MAX_STARTS=M and MAX_REPS=K lines (for\n"
		"                      scripts) and exit\n"
		"      --real          final placements and traps in the real\n"
		"                      machine's CPU numbers ($REAL_CPUS, set by\n"
		"                      qemu-run --topology PART); starts (replays)\n"
		"                      and the machine-readable lines keep the lab's\n"
		"      --interval MS   the sampler's interval (default 200)\n"
		"      --duration SEC  window after the release (default 2)\n"
		"      --sampler       sample /proc/PID/stat even where the kernel\n"
		"                      has the record (tracefs): for comparison\n"
		"      --json          the map as one JSON object on stdout (the text\n"
		"                      goes to stderr)\n"
		"  -h, --help          this text\n"
		"\n"
		"Prints a line per start and, under it, how each run's final\n"
		"placement fills the caches (\"  spread: l2=1/4x4,1/2x8;llc=12/32\"\n"
		"...: each L2 and last-level cache as busy/size, largest and\n"
		"busiest first, repeats counted; \"-\" when sysfs does not give\n"
		"the caches), then the map: how many starts reached the\n"
		"ideal, every trap with the starts that fell in it, its counters and\n"
		"a replay command, and the starts whose runs differed. The last\n"
		"three lines are for tables and scripts:\n"
		"  summary n=N policy=NAME: ideal from I of S starts; trap {CPUS}\n"
		"    from T starts (from START: held from t s; idle: counters)...\n"
		"  ends n=N policy=NAME runs=R cpuC/CLASS=SHARE...  (the share of\n"
		"    the sound runs that ended with a worker on each CPU; CLASS P:\n"
		"    an SMT core's first thread, s: a sibling, E: a one-thread core;\n"
		"    judged by capacity, P: the largest capacity class, E: the rest)\n"
		"  map n=N policy=NAME starts=S of=ALL seed=SEED|- reps=K\n"
		"    remeasured=R ideal=I trap=T moving=M mixed=X unsound=U\n"
		"ALL: the placements before symmetry, -1 beyond %ld;\n"
		"counting starts: ideal, trap and moving when all runs agreed,\n"
		"mixed when they did not, unsound when a run could not be judged\n"
		"in 3 tries: its record incomplete (lost events, a worker gone)\n"
		"or, sampled, its samples disagreed with /proc/stat (R: runs\n"
		"measured again for that).\n"
		"\n"
"Exit status: 0 when every run completed (the map does not decide\n"
		"it), 1 on a run-time error, 2 on a usage error.\n", prog,
		LONG_MAX);
}

enum { OPT_SET = 256, OPT_REPS, OPT_MAX_STARTS, OPT_SEED, OPT_LIMITS };

static int take_option(int c, const char *name, const char *arg, void *ctx)
{
	struct options *o = ctx;
	char err[256];
	char *end;

	switch (c) {
	case 'n':
		return opt_int("-n", arg, 1, START_MAX_WORKERS, &o->m.n);
	case OPT_SET:
		o->text = arg;
		return opt_parsed(setting_parse(arg, &o->setting, err,
						sizeof(err)), "--set", err);
	case OPT_REPS:
		return opt_int("--reps", arg, 1, MAX_REPS, &o->reps);
	case OPT_MAX_STARTS:
		return opt_int("--max-starts", arg, 1, MAX_STARTS,
			       &o->max_starts);
	case OPT_LIMITS:
		o->limits = true;
		return 0;
	case OPT_SEED:
		errno = 0;
		o->seed = strtoull(arg, &end, 10);
		o->seed_given = true;
		if (*arg >= '0' && *arg <= '9' && !*end && !errno)
			return 0;
		return opt_error("--seed", arg, "is not a whole number");
	}
	return measure_take(c, name, arg, "a start is measured from its release",
			    &o->m);
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option opts[] = {
		{ "set", required_argument, NULL, OPT_SET },
		{ "reps", required_argument, NULL, OPT_REPS },
		{ "max-starts", required_argument, NULL, OPT_MAX_STARTS },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "limits", no_argument, NULL, OPT_LIMITS },
		MEASURE_PLACE_LONG_OPTIONS
	};
	int ret;

	*o = (struct options){ .m = { .interval_ms = 200, .duration = 2,
				      .explain = true },
			       .reps = 3, .max_starts = 200,
			       .seed = (unsigned long long)time(NULL) };
	ret = opt_parse(argc, argv, "n:h", opts, take_option, o, &o->json);
	if (ret)
		return ret;
	if (o->limits)
		return 0;
	if (!o->m.n) {
		warnx_("-n N is required: the number of workers (see --help)");
		return -1;
	}
	return measure_count_samples(&o->m);
}

/*
 * The counters of the CPUs that ran no worker at the end: for each, its
 * load balancing over all its domains in the window, "cpu4 245/245
 * balanced" (lb_balanced of lb_count).
 */
static void idle_counters(const struct measure *m, char *buf, size_t len)
{
	int i, j, d;

	buf[0] = '\0';
	for (i = 0; i < lv.ncpus; i++) {
		long long count = 0, balanced = 0;
		int cpu = lv.cpu[i].cpu, busy = 0;

		for (j = 0; j < m->result.nfinal; j++)
			busy |= m->result.final[j] == cpu;
		if (busy || m->nsd0 < 0 || m->nsd1 < 0)
			continue;
		for (d = 0; d < m->nsd1; d++) {
			const struct sd_stat *b = &m->sd1[d];
			struct sd_delta delta;
			int a;

			if (b->cpu != cpu)
				continue;
			for (a = 0; a < m->nsd0; a++)
				if (m->sd0[a].cpu == cpu &&
				    m->sd0[a].domain == b->domain)
					break;
			if (a == m->nsd0)
				continue;
			sd_stat_delta(&m->sd0[a], b, &delta);
			count += delta.lb[LB_COUNT];
			balanced += delta.lb[LB_BALANCED];
		}
		out_add(buf, len, "%scpu%d %lld/%lld balanced",
			buf[0] ? ", " : "", cpu, balanced, count);
	}
}

/*
 * A run that cannot be judged (its record incomplete or, sampled, its
 * samples disagree with /proc/stat) is measured again, at most this
 * many times.
 */
#define MAP_TRIES	3

static int one_run(const struct options *o, const int *start,
		   struct map_run *r);

/* Run start @start into @r until sound or MAP_TRIES; 0, or -1. */
static int sound_run(const struct options *o, const int *start,
		     struct map_run *r, int *retries)
{
	int t, ret = 0;

	for (t = 0; t < MAP_TRIES && !ret; t++) {
		ret = one_run(o, start, r);
		if (!ret && r->sound)
			break;
		*retries += !ret && t + 1 < MAP_TRIES;
	}
	return ret;
}

/* Run start @start once into @r; 0, or -1 on an error or a signal. */
static int one_run(const struct options *o, const int *start,
		   struct map_run *r)
{
	static struct place_ideal ideal;
	static struct measure m;
	struct measure_opts mo = o->m;
	int ret;

	mo.start = start;
	if (measure_ideal(&lv, mo.n, &ideal) || measure_alloc(&mo, &m))
		return -1;
	ret = measure_run(&mo, &lv, &ideal, &m);
	if (!ret) {
		memset(r, 0, sizeof(*r));
		r->sound = m.sound;
		r->outcome = m.result.outcome;
		/* the final placement up to symmetry, as starts are */
		r->nfinal = m.result.nfinal;
		memcpy(r->raw, m.result.final, r->nfinal * sizeof(*r->raw));
		start_canonical(lv.cpu, lv.ncpus, m.result.final, r->nfinal,
				r->final);
		place_format_spread(lv.cpu, lv.ncpus, r->raw, r->nfinal,
				    r->spread, sizeof(r->spread));
		r->settled = m.settled_s;
		r->ideal_frac = m.ideal_frac;
		if (r->outcome == OUTCOME_TRAP)
			idle_counters(&m, r->idle, sizeof(r->idle));
	}
	measure_free(&m);
	return ret;
}

/* Whether two runs ended alike: the same outcome and, unless ideal, set. */
static bool alike(const struct map_run *a, const struct map_run *b)
{
	if (a->outcome != b->outcome)
		return false;
	return a->outcome == OUTCOME_IDEAL ||
	       (a->nfinal == b->nfinal &&
		!memcmp(a->final, b->final, a->nfinal * sizeof(*a->final)));
}

enum { CLASS_IDEAL, CLASS_TRAP, CLASS_MOVING, CLASS_MIXED, CLASS_UNSOUND,
       NR_CLASSES };

static const char *const class_names[NR_CLASSES] = {
	"ideal", "trap", "moving", "mixed", "unsound",
};

/* The class of a start from its @k runs. */
static int start_class(const struct map_run *runs, int k)
{
	int i;

	for (i = 0; i < k; i++)
		if (!runs[i].sound)
			return CLASS_UNSOUND;
	for (i = 1; i < k; i++)
		if (!alike(&runs[0], &runs[i]))
			return CLASS_MIXED;
	return runs[0].outcome;	/* OUTCOME_* match CLASS_* */
}

static const char *policy_name(void)
{
	return policies[lv.policy].name;
}

static void print_run(const struct map_run *r, FILE *f)
{
	char set[1024];

	place_format_set(r->final, r->nfinal, set, sizeof(set));
	if (!r->sound)
		fprintf(f, " unsound");
	else if (r->outcome == OUTCOME_IDEAL)
		fprintf(f, " ideal@%.1fs", r->settled);
	else if (r->outcome == OUTCOME_TRAP)
		fprintf(f, " trap%s@%.1fs", set, r->settled);
	else
		fprintf(f, " moving%s", set);
}

/* The shell command that replays start @start. */
static void print_replay(const struct options *o, const int *start)
{
	char buf[1024];

	fprintf(txt, "asym-ctl set %s; asym-place --start %s --interval %d --duration %g --explain",
	       policy_name(), start_format(start, o->m.n, buf, sizeof(buf)),
	       o->m.interval_ms, o->m.duration);
}

/* The distinct traps of a map: a start that fell in each, and how many. */
struct map_traps {
	int n;
	int rep[MAX_STARTS];	/* the first start in the trap */
	int count[MAX_STARTS];
};

/*
 * A map run, what its phases hand on: the starts, their runs and what
 * was made of them. Static, in main: the arrays are too large for the
 * stack.
 */
struct map {
	struct options o;
	int starts[MAX_STARTS * START_MAX_WORKERS / 8];	/* o.m.n each */
	int nstarts;
	long all;		/* placements before symmetry, -1 beyond */
	bool sampled;		/* the starts are a seeded sample */
	struct map_run runs[MAX_STARTS][MAX_REPS];
	int class[MAX_STARTS];	/* CLASS_* of each start */
	int count[NR_CLASSES];	/* starts in each class */
	int retries;		/* runs measured again: unsound */
	struct map_traps traps;
	double share[PLACE_MAX_CPUS];	/* end_shares(), indexed as lv.cpu */
	int nruns;		/* the sound runs the shares count */
};

/* Start @s: the CPU of each worker. */
static const int *map_start(const struct map *map, int s)
{
	return &map->starts[s * map->o.m.n];
}

static void find_traps(struct map *map)
{
	struct map_traps *tr = &map->traps;
	int s, t;

	tr->n = 0;
	for (s = 0; s < map->nstarts; s++) {
		if (map->class[s] != CLASS_TRAP)
			continue;
		for (t = 0; t < tr->n; t++)
			if (alike(&map->runs[tr->rep[t]][0], &map->runs[s][0]))
				break;
		if (t == tr->n) {
			tr->rep[tr->n] = s;
			tr->count[tr->n++] = 0;
		}
		tr->count[t]++;
	}
}

/*
 * The traps of the map, each once: the final placement, the starts that
 * fell in it, when it began, the counters of the CPUs it leaves idle and
 * a replay command.
 */
static void print_traps(const struct map *map)
{
	const struct options *o = &map->o;
	const struct map_traps *tr = &map->traps;
	char buf[1024], raw[1024];
	int i, s, t;

	for (i = 0; i < tr->n; i++) {
		const struct map_run *r = &map->runs[tr->rep[i]][0];

		s = tr->rep[i];
		fprintf(txt, "trap %s (up to symmetry), from the starts:",
		       place_format_set(r->final, r->nfinal, buf, sizeof(buf)));
		for (t = s; t < map->nstarts; t++)
			if (map->class[t] == CLASS_TRAP &&
			    alike(&map->runs[t][0], r))
				fprintf(txt, " %s",
					start_format(map_start(map, t), o->m.n,
						     buf, sizeof(buf)));
		fprintf(txt, " (%d)\n  from %s: %s held from t=%.3f s to the end of the %g s window; idle: %s\n  replay: ",
		       tr->count[i],
		       start_format(map_start(map, s), o->m.n, buf,
				    sizeof(buf)),
		       place_format_set(r->raw, r->nfinal, raw, sizeof(raw)),
		       r->settled, o->m.duration,
		       r->idle[0] ? r->idle : "no CPU");
		print_replay(o, map_start(map, s));
		fprintf(txt, "\n");
	}
	if (!tr->n)
		fprintf(txt, "no trap\n");
}

/*
 * The map in one line, for a table: "ideal from I of S starts; trap
 * {0,1,2} from T starts (from 0,0,0 held from 0.2 s of 2 s; idle: cpu4
 * 83/83 balanced); M starts differ", then the replay of each trap.
 */
static void print_summary(const struct map *map)
{
	const struct options *o = &map->o;
	const struct map_traps *tr = &map->traps;
	const int *count = map->count;
	char set[1024], from[1024], raw[1024];
	int i;

	fprintf(txt, "summary n=%d policy=%s: ideal from %d of %d starts",
	       o->m.n, policy_name(), count[CLASS_IDEAL], map->nstarts);
	for (i = 0; i < tr->n; i++) {
		const struct map_run *r = &map->runs[tr->rep[i]][0];

		fprintf(txt, "; trap %s from %d start%s (from %s: %s held from %.1f s of %g s; idle: %s)",
		       place_format_set(r->final, r->nfinal, set, sizeof(set)),
		       tr->count[i], tr->count[i] == 1 ? "" : "s",
		       start_format(map_start(map, tr->rep[i]), o->m.n, from,
				    sizeof(from)),
		       place_format_set(r->raw, r->nfinal, raw, sizeof(raw)),
		       r->settled, o->m.duration,
		       r->idle[0] ? r->idle : "no CPU");
	}
	if (count[CLASS_MOVING])
		fprintf(txt, "; %d kept moving", count[CLASS_MOVING]);
	if (count[CLASS_MIXED])
		fprintf(txt, "; %d differ from run to run", count[CLASS_MIXED]);
	if (count[CLASS_UNSOUND])
		fprintf(txt, "; %d not judged (unsound)", count[CLASS_UNSOUND]);
	fprintf(txt, "\n");
}

/*
 * Where the runs ended: for each online CPU, the share of the sound runs
 * whose final placement (as it ended, not up to symmetry) ran a worker
 * there. Into map->share, indexed as lv.cpu, and the number of runs
 * counted into map->nruns.
 */
static void end_shares(struct map *map)
{
	double *share = map->share;
	int s, k, i, j, nruns = 0;

	for (i = 0; i < lv.ncpus; i++)
		share[i] = 0;
	for (s = 0; s < map->nstarts; s++) {
		for (k = 0; k < map->o.reps; k++) {
			const struct map_run *r = &map->runs[s][k];

			if (!r->sound)
				continue;
			nruns++;
			for (i = 0; i < lv.ncpus; i++)
				for (j = 0; j < r->nfinal; j++)
					if (r->raw[j] == lv.cpu[i].cpu) {
						share[i]++;
						break;
					}
		}
	}
	for (i = 0; i < lv.ncpus && nruns; i++)
		share[i] /= nruns;
	map->nruns = nruns;
}

/* Starts whose runs differed, and moving ones, with their runs. */
static void print_unsettled(const struct map *map)
{
	const struct options *o = &map->o;
	char buf[1024];
	int s, k;

	for (s = 0; s < map->nstarts; s++) {
		if (map->class[s] != CLASS_MIXED &&
		    map->class[s] != CLASS_MOVING)
			continue;
		fprintf(txt, "%s %s:", class_names[map->class[s]],
		       start_format(map_start(map, s), o->m.n, buf,
				    sizeof(buf)));
		for (k = 0; k < o->reps; k++)
			print_run(&map->runs[s][k], txt);
		fprintf(txt, "\n  replay: ");
		print_replay(o, map_start(map, s));
		fprintf(txt, "\n");
	}
}

/* --json: the map as one object on stdout (the text went to stderr). */
static void print_json(const struct map *map)
{
	static const char *const outcome[] = {
		[OUTCOME_IDEAL] = "ideal", [OUTCOME_TRAP] = "trap",
		[OUTCOME_MOVING] = "moving",
	};
	const struct options *o = &map->o;
	int s, k;

	printf("{\"n\":%d,\"policy\":", o->m.n);
	json_str(policy_name());
	printf(",\"via\":");
	json_str(policy_via_name(lv.via));
	printf(",\"starts\":%d,\"of\":", map->nstarts);
	if (map->all < 0)
		printf("null");	/* beyond LONG_MAX */
	else
		printf("%ld", map->all);
	printf(",\"seed\":");
	if (map->sampled)
		printf("%llu", o->seed);
	else
		printf("null");
	printf(",\"reps\":%d,\"interval_ms\":%d,\"duration\":%g,\"count\":{",
	       o->reps, o->m.interval_ms, o->m.duration);
	for (k = 0; k < NR_CLASSES; k++)
		printf("%s\"%s\":%d", k ? "," : "", class_names[k],
		       map->count[k]);
	printf("},\"ends\":{\"runs\":%d,\"share\":{", map->nruns);
	for (k = 0; k < lv.ncpus; k++)
		printf("%s\"%d\":%.3f", k ? "," : "", lv.cpu[k].cpu,
		       map->share[k]);
	printf("}},\"map\":[");
	for (s = 0; s < map->nstarts; s++) {
		printf("%s{\"start\":", s ? "," : "");
		json_int_array(map_start(map, s), o->m.n);
		printf(",\"class\":\"%s\",\"runs\":[",
		       class_names[map->class[s]]);
		for (k = 0; k < o->reps; k++) {
			const struct map_run *r = &map->runs[s][k];

			printf("%s{\"sound\":%s,\"outcome\":\"%s\",\"final\":",
			       k ? "," : "", r->sound ? "true" : "false",
			       outcome[r->outcome]);
			json_int_array(r->raw, r->nfinal);
			printf(",\"settled\":%.1f,\"idle\":", r->settled);
			json_str_or_null(r->idle[0] ? r->idle : "-");
			printf(",\"spread\":");
			json_str_or_null(r->spread);
			printf("}");
		}
		printf("]}");
	}
	printf("]}\n");
}

/*
 * The starts of the map: all of them up to symmetry or, when there are
 * more than --max-starts, a seeded sample; then the map's first lines.
 * 0, or -1 on a usage error (too many workers or starts).
 */
static int map_starts(struct map *map)
{
	const struct options *o = &map->o;
	int maxstarts = ARRAY_SIZE(map->starts);
	char allbuf[64];

	if (o->m.n > lv.ncpus) {
		warnx_("-n %d: more than the %d online CPUs", o->m.n, lv.ncpus);
		return -1;
	}
	if ((long)o->max_starts * o->m.n > maxstarts) {
		warnx_("--max-starts %d of %d workers: more than %d CPUs in all",
		       o->max_starts, o->m.n, maxstarts);
		return -1;
	}
	map->nstarts = start_enumerate(lv.cpu, lv.ncpus, o->m.n, map->starts,
				       o->max_starts, &map->all);
	map->sampled = map->nstarts < 0;
	if (map->sampled)
		map->nstarts = start_sample(lv.cpu, lv.ncpus, o->m.n, o->seed,
					    o->max_starts, map->starts);
	if (map->all < 0)
		snprintf(allbuf, sizeof(allbuf), "more than %ld", LONG_MAX);
	else
		snprintf(allbuf, sizeof(allbuf), "%ld", map->all);
	fprintf(txt, "asym-map: N=%d, policy %s (%s), %d starts (%s up to symmetry of the %s placements), %d run%s each, %g s windows\n",
	       o->m.n, policy_name(), policy_via_name(lv.via), map->nstarts,
	       map->sampled ? "a sample" : "all", allbuf, o->reps,
	       o->reps == 1 ? "" : "s", o->m.duration);
	if (map->sampled)
		fprintf(txt, "sample seed %llu (--seed %llu replays it)\n",
			o->seed, o->seed);
	fflush(stdout);
	return 0;
}

/*
 * Run every start --reps times, a line each: its runs, its class and
 * how each run's end fills the caches. 0, or -1 on an error or a signal
 * (the starts not run are left out of the map).
 */
static int map_measure(struct map *map)
{
	const struct options *o = &map->o;
	int s, k, ret = 0;
	char buf[1024];

	measure_setup();
	for (s = 0; s < map->nstarts && !ret; s++) {
		const int *start = map_start(map, s);
		struct map_run *runs = map->runs[s];

		fprintf(txt, "%-16s",
			start_format(start, o->m.n, buf, sizeof(buf)));
		for (k = 0; k < o->reps && !ret; k++) {
			ret = sound_run(o, start, &runs[k], &map->retries);
			if (!ret)
				print_run(&runs[k], txt);
		}
		if (!ret) {
			map->class[s] = start_class(runs, o->reps);
			map->count[map->class[s]]++;
			fprintf(txt, "  => %s\n  spread:",
				class_names[map->class[s]]);
			for (k = 0; k < o->reps; k++)
				fprintf(txt, " %s", runs[k].spread);
			fprintf(txt, "\n");
		}
		fflush(stdout);
	}
	return ret;
}

/*
 * The map, after every start ran: the traps, the starts that did not
 * settle, the summary, then the lines for tables and scripts and,
 * --json, the object.
 */
static void map_report(struct map *map)
{
	const struct options *o = &map->o;
	int k;

	find_traps(map);
	end_shares(map);
	fprintf(txt, "\nideal from %d of %d starts (all %d runs of each)\n",
		map->count[CLASS_IDEAL], map->nstarts, o->reps);
	print_traps(map);
	print_unsettled(map);
	print_summary(map);
	fprintf(txt, "ends n=%d policy=%s runs=%d", o->m.n, policy_name(),
		map->nruns);
	for (k = 0; k < lv.ncpus; k++)
		fprintf(txt, " cpu%d/%c=%.2f", lv.cpu[k].cpu,
			place_judged_class(lv.cpu, lv.ncpus, k, lv.judge),
			map->share[k]);
	fprintf(txt, "\nmap n=%d policy=%s starts=%d of=%ld seed=", o->m.n,
		policy_name(), map->nstarts, map->all);
	if (map->sampled)
		fprintf(txt, "%llu", o->seed);
	else
		fprintf(txt, "-");
	fprintf(txt, " reps=%d remeasured=%d", o->reps, map->retries);
	for (k = 0; k < NR_CLASSES; k++)
		fprintf(txt, " %s=%d", class_names[k], map->count[k]);
	fprintf(txt, "\n");
	if (o->json)
		print_json(map);
}

int main(int argc, char **argv)
{
	static struct map map;
	struct options *o = &map.o;
	int ret;

	txt = stdout;
	ret = parse_options(argc, argv, o);
	if (ret) {
		if (ret > 0)
			usage(stdout);
		return ret > 0 ? 0 : 2;
	}
	if (o->limits) {
		printf("MAX_STARTS=%d\nMAX_REPS=%d\n", MAX_STARTS, MAX_REPS);
		return 0;
	}
	if (o->json)
		txt = stderr;
	if (o->text && setting_apply(&o->setting))
		return 1;
	if (o->m.real && real_numbering_from_env())
		return 2;
	if (measure_read_live(&lv))
		return 1;
	if (map_starts(&map))
		return 2;
	ret = map_measure(&map);
	if (o->text && knobs_restore_defaults())
		ret = -1;
	if (measure_end_if_stopped("stopped") || ret)
		return 1;
	map_report(&map);
	return 0;
}
