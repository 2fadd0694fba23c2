// SPDX-License-Identifier: GPL-2.0
/*
 * asym-place - where does the scheduler put N CPU-bound tasks, and is that
 * the ideal placement for the live topology and ITMT priorities?
 *
 * Forks N busy loops, lets them settle, then samples the CPU of each from
 * /proc/PID/stat (field 39) at a fixed interval, from this one process and
 * without forking (a forking sampler lands on the idle CPUs it measures).
 * The measurement is in measure.c (shared with asym-ab), the ideal
 * placement and the checks are pure logic in place.c; this file parses
 * options and prints.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "measure.h"
#include "place.h"

const char *prog = "asym-place";

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

static int parse_seconds(const char *opt, const char *arg, double *val)
{
	return opt_decimal(opt, arg, MEASURE_MAX_SECONDS,
			     "a number of seconds", val);
}

static int parse_fraction(const char *opt, const char *arg, double *val)
{
	return opt_decimal(opt, arg, 1, "a fraction from 0 to 1", val);
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
			ret |= opt_int("-n", optarg, 1, 1 << 20,
					 &o->n);
			break;
		case OPT_SETTLE:
			ret |= parse_seconds("--settle", optarg, &o->settle);
			break;
		case OPT_INTERVAL:
			ret |= opt_int("--interval", optarg, 1,
					 MEASURE_MAX_INTERVAL_MS, &o->interval_ms);
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
	if (samples > MEASURE_MAX_SAMPLES) {
		warnx_("--duration %g s at --interval %d ms: more than %d samples",
		       o->duration, o->interval_ms, MEASURE_MAX_SAMPLES);
		return -1;
	}
	o->nsamples = (int)samples;
	return 0;
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

static void print_explain_human(const struct measure *m)
{
	int i, f;

	if (m->nsd0 < 0 || m->nsd1 < 0) {
		printf("explain: no %s deltas (see the errors above)\n",
		       PROC_SCHEDSTAT);
		return;
	}
	printf("%s deltas over the window (lb_* summed over idle types; %s):\n",
	       PROC_SCHEDSTAT, m->schedstats_note);
	printf("  %-4s %-3s %-4s %-10s", "cpu", "dom", "name", "span");
	for (f = 0; f < PLACE_LB_FIELDS; f++)
		printf(" %s", place_lb_names[f]);
	for (f = 0; f < PLACE_ALB_FIELDS; f++)
		printf(" %s", place_alb_names[f]);
	printf("\n");
	for (i = 0; i < m->nsd1; i++) {
		const struct place_sd_stat *b = &m->sd1[i];
		const struct place_sd_stat *a = find_sd(m->sd0, m->nsd0, b);
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

static void print_human(const struct options *o,
			const struct measure_live *lv,
			const struct place_ideal *ideal,
			const struct measure *m, bool pass)
{
	int dec = t_decimals(o), i, s;
	char buf[2048];

	printf("asym-place: N=%d, settle %g s, interval %d ms, duration %g s (%d samples)\n",
	       o->n, o->settle, o->interval_ms, o->duration, o->nsamples);
	printf("kernel: %s, policy %s\n", lv->release, lv->policy);
	printf("knobs: sched_asym_smt=%s prio_formula=%s smt_pull_check=%s\n",
	       lv->knob_sysctl, lv->knob_formula, lv->knob_pull);
	printf("priorities: %s\n", lv->prio_note);
	print_tiers(ideal);
	printf("ideal for N=%d: %s%s\n", o->n,
	       place_format_ideal(ideal, buf, sizeof(buf)),
	       lv->by_core ? " (by core: any threads of a core, siblings share a priority)" : "");

	printf("samples (busy set of the workers):\n");
	for (s = 0; s < o->nsamples; s++) {
		int set[PLACE_MAX_CPUS];
		int n = place_busy_set(&m->samples[s * o->n], o->n, set);

		printf("  t=%.*f %s%s\n", dec, sample_t(o, s),
		       place_format_set(set, n, buf, sizeof(buf)),
		       m->ideal[s] ? "  ideal" : "");
	}
	printf("ideal samples: %d/%d (%.2f)\n", m->nideal, o->nsamples,
	       m->ideal_frac);
	if (m->held_from < 0)
		printf("time to ideal: never (not ideal at the last sample)\n");
	else
		printf("time to ideal: t=%.*f s into the window (%.*f s %s), held to the end\n",
		       dec, sample_t(o, m->held_from), dec,
		       sample_t(o, m->held_from) + measure_settled_s(m),
		       "after the workers started");

	printf("migrations over the window:\n");
	printf("  %-6s %-7s %-10s\n", "worker", "pid", "migrations");
	for (i = 0; i < m->nworkers; i++) {
		const struct measure_worker *w = &m->workers[i];

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
		if (m->busy[i] < 0)
			printf("  %-4d %-9.2f %-5s -\n", lv->cpu[i].cpu,
			       m->residency[i], "?");
		else
			printf("  %-4d %-9.2f %-5.2f %.2f\n", lv->cpu[i].cpu,
			       m->residency[i], m->busy[i],
			       m->residency[i] - m->busy[i]);
	}
	if (m->max_diff < 0)
		printf("measurement NOT checked: no %s data\n", PROC_STAT);
	else
		printf("measurement %s: max |residency - busy| %.2f %s %.2f\n",
		       m->sound ? "sound" : "NOT sound", m->max_diff,
		       m->sound ? "<=" : ">", MEASURE_SOUND_LIMIT);
	printf("sampler cost: %.2f%% of one CPU (%.1f ms user+system over %.2f s)\n",
	       m->cost_pct, m->cost_ms, m->window_s);
	printf("  of which sampling %.1f ms, snapshots at window start %.1f ms, at end %.1f ms\n",
	       m->sampling_ms, m->start_ms, m->end_ms);
	if (o->explain)
		print_explain_human(m);
	printf("result: %s (ideal fraction %.2f %s %.2f)\n",
	       pass ? "PASS" : "FAIL", m->ideal_frac,
	       pass ? ">=" : "<", o->min_ideal);
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

static void json_knobs(const struct measure_live *lv)
{
	int i;

	printf("\"kernel\":");
	json_str(lv->release);
	printf(",\"policy\":");
	json_str(lv->policy);
	printf(",\"by_core\":%s", lv->by_core ? "true" : "false");
	printf(",\"knobs\":{\"sched_asym_smt\":");
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

static void json_explain(const struct measure *m)
{
	int i, f, first = 1;

	printf(",\"schedstats\":");
	json_str(m->schedstats_note);
	printf(",\"explain\":");
	if (m->nsd0 < 0 || m->nsd1 < 0) {
		printf("null");
		return;
	}
	printf("[");
	for (i = 0; i < m->nsd1; i++) {
		const struct place_sd_stat *b = &m->sd1[i];
		const struct place_sd_stat *a = find_sd(m->sd0, m->nsd0, b);
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

static void json_samples(const struct options *o, const struct measure *m)
{
	int dec = t_decimals(o), s;

	printf(",\"samples\":[");
	for (s = 0; s < o->nsamples; s++) {
		const int *row = &m->samples[s * o->n];
		int set[PLACE_MAX_CPUS];

		printf("%s{\"t\":%.*f,\"workers\":", s ? "," : "", dec,
		       sample_t(o, s));
		json_int_array(row, o->n);
		printf(",\"busy\":");
		json_int_array(set, place_busy_set(row, o->n, set));
		printf(",\"ideal\":%s}", m->ideal[s] ? "true" : "false");
	}
	printf("]");
}

static void print_json(const struct options *o, const struct measure_live *lv,
		       const struct place_ideal *ideal,
		       const struct measure *m, bool pass)
{
	int i;

	printf("{\"n\":%d,\"settle_s\":%g,\"interval_ms\":%d,", o->n,
	       o->settle, o->interval_ms);
	printf("\"duration_s\":%g,\"nsamples\":%d,\"min_ideal\":%g,",
	       o->duration, o->nsamples, o->min_ideal);
	json_knobs(lv);
	json_ideal(ideal);
	json_samples(o, m);
	printf(",\"ideal_samples\":%d,\"ideal_fraction\":%.4f,\"time_to_ideal_s\":",
	       m->nideal, m->ideal_frac);
	if (m->held_from < 0)
		printf("null,\"time_to_ideal_since_start_s\":null");
	else
		printf("%.3f,\"time_to_ideal_since_start_s\":%.3f",
		       sample_t(o, m->held_from),
		       sample_t(o, m->held_from) + measure_settled_s(m));
	printf(",\"workers\":[");
	for (i = 0; i < m->nworkers; i++) {
		printf("%s{\"pid\":%d,\"migrations\":", i ? "," : "",
		       (int)m->workers[i].pid);
		if (m->workers[i].mig_ok)
			printf("%lld}", m->workers[i].mig[1] -
			       m->workers[i].mig[0]);
		else
			printf("null}");
	}
	printf("],\"residency\":[");
	for (i = 0; i < lv->ncpus; i++) {
		printf("%s{\"cpu\":%d,\"residency\":%.4f,\"busy\":", i ? "," : "",
		       lv->cpu[i].cpu, m->residency[i]);
		json_frac(m->busy[i]);
		printf("}");
	}
	printf("],\"max_abs_diff\":");
	json_frac(m->max_diff);
	printf(",\"measurement_sound\":%s", m->sound ? "true" : "false");
	printf(",\"sampler\":{\"cpu_ms\":%.3f,\"sampling_ms\":%.3f,",
	       m->cost_ms, m->sampling_ms);
	printf("\"snapshot_start_ms\":%.3f,\"snapshot_end_ms\":%.3f,",
	       m->start_ms, m->end_ms);
	printf("\"window_s\":%.3f,\"cpu_pct\":%.3f}", m->window_s,
	       m->cost_pct);
	if (o->explain)
		json_explain(m);
	printf(",\"pass\":%s}\n", pass ? "true" : "false");
}

/* --- main --- */

int main(int argc, char **argv)
{
	static struct place_ideal ideal;
	static struct measure_live lv;
	static struct measure m;
	struct measure_opts mo;
	struct options o;
	bool pass;
	int ret;

	ret = parse_options(argc, argv, &o);
	if (ret) {
		if (ret > 0)
			usage(stdout);
		return ret > 0 ? 0 : 2;
	}
	if (measure_read_live(&lv))
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
	mo = (struct measure_opts){ .n = o.n, .settle = o.settle,
				    .interval_ms = o.interval_ms,
				    .duration = o.duration,
				    .nsamples = o.nsamples,
				    .explain = o.explain };
	if (measure_alloc(&mo, &m))
		return 1;

	measure_setup();
	ret = measure_run(&mo, &lv, &ideal, &m);
	if (measure_stop_sig) {
		warnx_("%s: workers killed", strsignal(measure_stop_sig));
		measure_reraise();
		return 1;
	}
	if (ret)
		return 1;

	/* exact fractions such as 27/30 against 0.9 */
	pass = m.ideal_frac + 1e-9 >= o.min_ideal;
	if (o.json)
		print_json(&o, &lv, &ideal, &m, pass);
	else
		print_human(&o, &lv, &ideal, &m, pass);
	if (fflush(stdout)) {
		warnx_("stdout: %s", strerror(errno));
		return 1;
	}
	return pass ? 0 : 1;
}
