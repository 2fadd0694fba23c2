// SPDX-License-Identifier: GPL-2.0
/*
 * asym-place - where does the scheduler put N CPU-bound tasks, and is that
 * the ideal placement for the live topology and ITMT priorities?
 *
 * Forks N busy loops, lets them settle (or, with --start, pins each to a
 * given CPU and releases them all at once), then samples the CPU of each from
 * /proc/PID/stat (field 39) at a fixed interval, from this one process and
 * without forking (a forking sampler lands on the idle CPUs it measures).
 * The measurement is in measure.c (shared with asym-ab), the ideal
 * placement and the verdicts are pure logic in place.c; this file parses
 * options and prints, ending with one machine-readable verdict line.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "kernel.h"
#include "lib.h"
#include "measure.h"
#include "out.h"
#include "place.h"
#include "policy.h"
#include "verdict.h"

const char *prog = "asym-place";

struct options {
	struct measure_opts m;	/* n, window, explain, start */
	int start[START_MAX_WORKERS];
	int nstart;		/* 0: no --start */
	bool settle_given;
	double min_ideal;
	bool json;
};

static void usage(FILE *f)
{
	char fields[1024];

	fprintf(f,
		"usage: %s -n N [options]\n"
		"Start N CPU-bound workers, take where each ran from the\n"
		"scheduler's own record (the sched_switch, sched_migrate_task\n"
		"and sched_wakeup_new events of tracefs, read after the window,\n"
		"through which this tool sleeps) and compare the placement with\n"
		"the ideal one for the live topology and raw ITMT priorities:\n"
		"first threads of all cores by raw priority, highest first, then\n"
		"second threads, and so on. A kernel without tracefs is sampled\n"
		"instead (/proc/PID/stat every --interval), and says so.\n"
		"\n"
		"Options:\n"
		"  -n, --workers N     number of workers, 1 to the online CPUs\n"
		"      --start CPUS    a controlled start: worker i pinned to the\n"
		"                      i-th CPU of CPU,CPU,... (repeats allowed),\n"
		"                      then all released to every online CPU at\n"
		"                      once; the window starts at the release (no\n"
		"                      settle); -n defaults to the number of CPUs\n"
		MEASURE_OPTIONS_HELP
		"      --min-ideal F   pass when at least this fraction of the\n"
		"                      samples is ideal (default 0.9)\n"
		"      --explain       add per-domain /proc/schedstat deltas over\n"
		"                      the window; switches kernel.sched_schedstats\n"
		"                      on for the run if it is off\n"
		"      --real          print the tables' CPU sets in the real\n"
		"                      machine's numbers ($REAL_CPUS, which\n"
		"                      qemu-run --topology PART sets for a part of\n"
		"                      the catalogue); --start and the verdict line\n"
		"                      keep the lab's\n"
		"      --json          one JSON object instead of tables\n"
		"  -h, --help          this text\n"
		"\n"
		"The ideal is judged as the policy in force says (asym-ctl\n"
		"policies): by core where the threads of a core share one\n"
		"priority; by capacity where the sched domains place by CPU\n"
		"capacity and not by priority (SD_ASYM_CPUCAPACITY, no\n"
		"SD_ASYM_PACKING: a hybrid part without SMT on 6.12), the\n"
		"largest capacities first, those within 5%% of a class's\n"
		"largest one class (capacity_greater() of the scheduler).\n"
		"The tables end with one line for scripts, which\n"
		"asym-verdict reads (--json: its \"verdict\" object):\n"
		"  verdict %s\n"
		"measure: how the run was measured; sound: judged, that is the\n"
		"record is complete (unjudged: lost_events, worker_gone or\n"
		"incomplete) or, sampled, the residency agrees with /proc/stat\n"
		"within %.2f (unjudged: sampler_disagrees); ideal: the share of\n"
		"the window the placement was ideal; final: the CPUs at the\n"
		"window's end; top: those that ran a worker for at least half\n"
		"of it; siblings_last: every first thread of a core ran one for\n"
		"%.0f%% of it; overflow: an SMT sibling ran one for %.0f%% while\n"
		"an E-core ran one for at most %.0f%%; outcome: ideal at the end,\n"
		"or a trap (a placement held, to the end, for at least half of\n"
		"the window), or moving; settled: when the final placement\n"
		"began (by core when judged by core), in seconds into the\n"
		"window, held through blips: moves away shorter than %.0f ms\n"
		"that come back, in all under %.0f%% of the hold (sampled: the\n"
		"first sample of it).\n"
		"\n"
		"Exit status: 0 if the ideal fraction reaches --min-ideal, 1 if\n"
		"not or on a run-time error, 2 on a usage error. SIGINT, SIGTERM\n"
		"and SIGHUP kill the workers, then end %s by the same signal.\n",
		prog, verdict_usage(fields, sizeof(fields), "    "),
		MEASURE_SOUND_LIMIT, PLACE_SIBLINGS_LAST * 100,
		PLACE_OVERFLOW_SIBLING * 100, PLACE_OVERFLOW_IDLE_E * 100,
		RECORD_BLIP_S * 1000, RECORD_BLIP_SHARE * 100, prog);
}

/* --- options --- */

enum { OPT_MIN_IDEAL = 256, OPT_START };

static int take_option(int c, const char *name, const char *arg, void *ctx)
{
	struct options *o = ctx;

	if (c == MEASURE_OPT_WINDOW)
		o->settle_given |= !strcmp(name, "settle");
	switch (c) {
	case OPT_START:
		return opt_list("--start", arg, start_parse, o->start,
				START_MAX_WORKERS, &o->nstart);
	case OPT_MIN_IDEAL:
		return opt_decimal("--min-ideal", arg, 1,
				   "a fraction from 0 to 1", &o->min_ideal);
	}
	return measure_take(c, name, arg, NULL, &o->m);
}

/* Parse the command line into @o; 0, 1 for --help, -1 on a usage error. */
static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option opts[] = {
		{ "min-ideal", required_argument, NULL, OPT_MIN_IDEAL },
		MEASURE_EXPLAIN_LONG_OPTION,
		{ "start", required_argument, NULL, OPT_START },
		MEASURE_PLACE_LONG_OPTIONS
	};
	int ret;

	*o = (struct options){ .m = MEASURE_OPTS_DEFAULT, .min_ideal = 0.9 };
	ret = opt_parse(argc, argv, "n:h", opts, take_option, o, &o->json);
	if (ret)
		return ret;
	if (o->nstart) {
		if (o->m.n && o->m.n != o->nstart) {
			warnx_("-n %d but --start names %d CPUs (see --help)",
			       o->m.n, o->nstart);
			return -1;
		}
		if (o->settle_given) {
			warnx_("--settle and --start: a controlled start is measured from its release (see --help)");
			return -1;
		}
		o->m.n = o->nstart;
		o->m.settle = 0;
		o->m.start = o->start;
	}
	if (!o->m.n) {
		warnx_("-n N or --start is required: the workers (see --help)");
		return -1;
	}
	return measure_count_samples(&o->m);
}

static int t_decimals(const struct options *o)
{
	return o->m.interval_ms % 100 ? 3 : 1;
}

/* --- human output --- */

static void print_tiers(const struct place_ideal *ideal)
{
	int i, j, tier = 0;

	bool cap = ideal->judge == PLACE_BY_CAPACITY;

	printf("preference tiers (thread index, %s):\n",
	       cap ? "capacity class" : "raw priority");
	for (i = 0; i < ideal->ncpus; i = j) {
		int cpus[PLACE_MAX_CPUS], set[PLACE_MAX_CPUS], n;
		char buf[1024];

		for (j = i; j < ideal->ncpus &&
		     place_same_tier(&ideal->order[i], &ideal->order[j]); j++)
			cpus[j - i] = ideal->order[j].cpu;
		n = place_busy_set(cpus, j - i, set);
		printf("  tier %d: thread %d, %s %d: %s\n", tier++,
		       ideal->order[i].thread,
		       cap ? "capacity" : "raw priority",
		       cap ? ideal->order[i].capacity :
			     ideal->order[i].raw_prio,
		       place_format_set(set, n, buf, sizeof(buf)));
	}
}

static void print_explain_human(const struct measure *m)
{
	if (m->nsd0 < 0 || m->nsd1 < 0) {
		printf("explain: no %s deltas (see the errors above)\n",
		       PROC_SCHEDSTAT);
		return;
	}
	printf("%s deltas over the window (lb_* summed over idle types; %s):\n",
	       PROC_SCHEDSTAT, m->schedstats_note);
	explain_print(&(struct explain_pair){ m->sd0, m->sd1, m->nsd0,
					      m->nsd1, false });
}

/* When the final placement began, in seconds into the window. */
static double settled_s(const struct options *o, const struct measure *m)
{
	(void)o;
	return m->settled_s;
}

/* "record" or "sampler". */
static const char *measured_by(const struct measure *m)
{
	return m->recorded ? "record" : "sampler";
}

/* What the balancer did from the start, for people. */
static void print_outcome(const struct options *o, const struct measure *m)
{
	const struct start_result *r = &m->result;
	char buf[1024], start[1024];
	double held = o->m.duration - settled_s(o, m);

	if (o->nstart)
		printf("start: {%s}, each worker pinned there, all released at t=0\n",
		       start_format(o->start, o->nstart, start, sizeof(start)));
	place_format_set(r->final, r->nfinal, buf, sizeof(buf));
	if (r->outcome == OUTCOME_IDEAL)
		printf("outcome: ideal %s from t=%.3f s, held to the end\n",
		       buf, settled_s(o, m));
	else if (r->outcome == OUTCOME_TRAP)
		printf("outcome: trap %s from t=%.3f s to the end (%.3f s)\n",
		       buf, settled_s(o, m), held);
	else
		printf("outcome: moving, last %s since t=%.3f s\n",
		       buf, settled_s(o, m));
	if (m->recorded && m->rv.blips)
		printf("  held through %d blip%s (away less than %.0f ms, in all under %.0f%% of the hold); the last change at t=%.3f s\n",
		       m->rv.blips, m->rv.blips == 1 ? "" : "s",
		       RECORD_BLIP_S * 1000, RECORD_BLIP_SHARE * 100,
		       m->rv.last_change_s);
	if (m->recorded && r->outcome != OUTCOME_IDEAL) {
		int i;

		printf("  second half of the window, by time:");
		for (i = 0; i < m->rv.nalt; i++)
			printf("%s %s %.0f%%", i ? "," : "",
			       place_format_set(m->rv.alt[i].set,
						m->rv.alt[i].nset, buf,
						sizeof(buf)),
			       m->rv.alt[i].share * 100);
		printf("\n");
	}
}

/* The verdict of the run: the one record scripts read (verdict.h). */
static void fill_verdict(const struct options *o,
			 const struct measure_live *lv,
			 const struct place_ideal *ideal,
			 const struct measure *m, bool pass, struct verdict *v)
{
	const struct start_result *r = &m->result;
	int top[PLACE_MAX_CPUS], ntop = 0, i;

	for (i = 0; i < lv->ncpus; i++)
		if (m->residency[i] >= 0.5)
			top[ntop++] = lv->cpu[i].cpu;
	*v = (struct verdict){
		.n = o->m.n, .sound = m->sound, .ideal = m->ideal_frac,
		.pass = pass, .siblings_last = m->siblings_last,
		.overflow = m->overflows, .settled = settled_s(o, m),
	};
	snprintf(v->policy, sizeof(v->policy), "%s", policies[lv->policy].name);
	snprintf(v->via, sizeof(v->via), "%s", policy_via_name(lv->via));
	snprintf(v->judged, sizeof(v->judged), "%s",
		 place_judge_names[ideal->judge]);
	out_list(r->final, r->nfinal, v->final, sizeof(v->final));
	out_list(top, ntop, v->top, sizeof(v->top));
	out_list(o->start, o->nstart, v->start, sizeof(v->start));
	snprintf(v->outcome, sizeof(v->outcome), "%s",
		 start_outcome_names[r->outcome]);
	snprintf(v->measure, sizeof(v->measure), "%s", measured_by(m));
	snprintf(v->unjudged, sizeof(v->unjudged), "%s", m->unjudged);
}

/* The one line scripts read: see usage(). */
static void print_verdict(const struct verdict *v)
{
	static char line[4 * VERDICT_LIST];

	printf("%s\n", verdict_format(v, line, sizeof(line)));
}

/*
 * Per worker: its migrations and, from the record, the time it waited
 * runnable and the CPUs it ran on longest.
 */
static void print_workers(const struct measure_live *lv,
			  const struct measure *m)
{
	int i, k;

	printf("workers over the window%s:\n",
	       m->recorded ? " (from the record)" : "");
	printf("  %-6s %-7s %-10s %s\n", "worker", "pid", "migrations",
	       m->recorded ? "waited  ran on (s)" : "");
	for (i = 0; i < m->nworkers; i++) {
		const struct measure_worker *w = &m->workers[i];

		if (w->mig_ok)
			printf("  %-6d %-7d %-10lld", i, (int)w->pid,
			       w->mig[1] - w->mig[0]);
		else
			printf("  %-6d %-7d %-10s", i, (int)w->pid, "?");
		if (m->recorded && i < m->rec->n) {
			const struct record_worker *rw = &m->rec->w[i];

			printf(" %-7.3f",
			       m->rec_t1 - m->rec_t0 - rw->ran_s);
			for (k = 0; k < lv->ncpus; k++)
				if (rw->run_s[lv->cpu[k].cpu] >= 0.0005)
					printf(" cpu%d:%.3f",
					       place_cpu_label(lv->cpu[k].cpu),
					       rw->run_s[lv->cpu[k].cpu]);
		}
		printf("\n");
	}
	if (m->recorded)
		printf("  all workers: %d migrations, %.3f s waited (longest %.3f s)\n",
		       m->rv.migrations, m->rv.wait_s, m->rv.wait_max_s);
}

static void print_human(const struct options *o,
			const struct measure_live *lv,
			const struct place_ideal *ideal,
			const struct measure *m, bool pass,
			const struct verdict *v)
{
	bool by_core = ideal->judge == PLACE_BY_CORE;
	int dec = t_decimals(o), i, s;
	char buf[2048];

	printf("asym-place: N=%d, settle %g s, interval %d ms, duration %g s (%d samples)\n",
	       o->m.n, o->m.settle, o->m.interval_ms, o->m.duration,
	       o->m.nsamples);
	printf("measured by the %s (%s)\n", measured_by(m), m->how);
	if (o->m.real)
		printf("CPU numbers: the real machine's ($REAL_CPUS); --start and the verdict line: the lab's\n");
	printf("kernel: %s, policy %s (%s, selected by %s)\n", lv->release,
	       policies[lv->policy].name, policy_texts[lv->policy],
	       policy_via_name(lv->via));
	printf("knobs:");
	for (i = 0; i < NR_SETTING_KEYS; i++)
		printf(" %s=%s", knobs[i].name, lv->knob[i]);
	printf("\npriorities: %s%s\n", lv->prio_note,
	       by_core ? "; second threads unordered" : "");
	printf("judged: %s\n", lv->judge_note);
	print_tiers(ideal);
	printf("ideal for N=%d: %s%s\n", o->m.n,
	       place_format_ideal(ideal, buf, sizeof(buf)),
	       by_core ? " (by core: any threads of a core, siblings share a priority)" :
	       ideal->judge == PLACE_BY_CAPACITY ? " (by capacity: capacities within 5% of a class's largest are one class)" : "");

	printf(m->recorded ?
	       "states (busy set of the workers at each time, from the record):\n" :
	       "samples (busy set of the workers):\n");
	for (s = 0; s < o->m.nsamples; s++) {
		int set[PLACE_MAX_CPUS];
		int n = place_busy_set(&m->samples[s * o->m.n], o->m.n, set);

		printf("  t=%.*f %s%s\n", dec, measure_sample_t(&o->m, s),
		       place_format_set(set, n, buf, sizeof(buf)),
		       m->ideal[s] ? "  ideal" : "");
	}
	if (m->recorded)
		printf("ideal: %.3f of the window (states listed: %d/%d ideal); longest off the ideal: %.3f s\n",
		       m->ideal_frac, m->nideal, o->m.nsamples,
		       m->rv.off_ideal_max_s);
	else
		printf("ideal samples: %d/%d (%.2f)\n", m->nideal,
		       o->m.nsamples, m->ideal_frac);
	if (m->held_s < 0)
		printf("time to ideal: never (not ideal at the end)\n");
	else
		printf("time to ideal: t=%.3f s into the window (%.3f s %s), held to the end\n",
		       m->held_s, m->held_s + measure_settled_s(m),
		       "after the workers started");
	(void)dec;

	print_workers(lv, m);

	printf("residency (%s) vs %s busy fraction:\n",
	       m->recorded ? "time with a worker, from the record" :
			     "samples with a worker", PROC_STAT);
	printf("  %-4s %-9s %-5s %s\n", "cpu", "residency", "busy", "diff");
	for (i = 0; i < lv->ncpus; i++) {
		if (m->busy[i] < 0)
			printf("  %-4d %-9.2f %-5s -\n",
			       place_cpu_label(lv->cpu[i].cpu),
			       m->residency[i], "?");
		else
			printf("  %-4d %-9.2f %-5.2f %.2f\n",
			       place_cpu_label(lv->cpu[i].cpu),
			       m->residency[i], m->busy[i],
			       m->residency[i] - m->busy[i]);
	}
	if (m->recorded)
		printf("measurement %s: the record is %s; max |residency - busy|%s %.2f (a cross-check)\n",
		       m->sound ? "sound" : "NOT sound",
		       m->sound ? "complete" : m->unjudged,
		       by_core ? " by core" : "", m->max_diff);
	else if (m->max_diff < 0)
		printf("measurement NOT checked: no %s data\n", PROC_STAT);
	else
		printf("measurement %s: max |residency - busy|%s %.2f %s %.2f\n",
		       m->sound ? "sound" : "NOT sound",
		       by_core ? " by core" : "", m->max_diff,
		       m->sound ? "<=" : ">", MEASURE_SOUND_LIMIT);
	printf("measure cost: %.2f%% of one CPU (%.1f ms user+system over %.2f s)\n",
	       m->cost_pct, m->cost_ms, m->window_s);
	printf("  of which in the window %.1f ms, snapshots at window start %.1f ms, at end %.1f ms\n",
	       m->sampling_ms, m->start_ms, m->end_ms);
	if (m->recorded)
		printf("  record: %ld events in the window (%.0f a second), %ld of them the workers'; read and parsed after it in %.1f ms\n",
		       m->rec->trace_window,
		       m->rec_t1 > m->rec_t0 ? m->rec->trace_window /
		       (m->rec_t1 - m->rec_t0) : 0, m->rec->events_window,
		       m->record_ms);
	if (o->m.explain)
		print_explain_human(m);
	printf("result: %s (ideal fraction %.2f %s %.2f)\n",
	       pass ? "PASS" : "FAIL", m->ideal_frac,
	       pass ? ">=" : "<", o->min_ideal);
	print_outcome(o, m);
	print_verdict(v);
}

/* --- JSON output --- */

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

static void json_knobs(const struct measure_live *lv)
{
	int i;

	printf("\"kernel\":");
	json_str(lv->release);
	printf(",\"policy\":");
	json_str(policies[lv->policy].name);
	printf(",\"policy_text\":");
	json_str(policy_texts[lv->policy]);
	printf(",\"via\":");
	json_str(policy_via_name(lv->via));
	printf(",\"by_core\":%s", policy_by_core(lv->policy) ?
	       "true" : "false");
	printf(",\"judged\":\"%s\",\"judge_note\":",
	       place_judge_names[lv->judge]);
	json_str(lv->judge_note);
	printf(",\"knobs\":{");
	for (i = 0; i < NR_SETTING_KEYS; i++) {
		printf("%s\"%s\":", i ? "," : "", knobs[i].name);
		json_str_or_null(lv->knob[i]);
	}
	printf("},\"priorities\":{\"equal\":%s,\"note\":",
	       lv->prio_equal ? "true" : "false");
	json_str(lv->prio_note);
	printf("},\"cpus\":[");
	for (i = 0; i < lv->ncpus; i++)
		printf("%s{\"cpu\":%d,\"core\":%d,\"thread\":%d,\"raw_prio\":%d,\"capacity\":%d}",
		       i ? "," : "", lv->cpu[i].cpu, lv->cpu[i].core,
		       lv->cpu[i].thread, lv->cpu[i].raw_prio,
		       lv->cpu[i].capacity);
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
	printf(",\"schedstats\":");
	json_str(m->schedstats_note);
	printf(",\"explain\":");
	if (m->nsd0 < 0 || m->nsd1 < 0)
		printf("null");
	else
		explain_json(&(struct explain_pair){ m->sd0, m->sd1, m->nsd0,
						     m->nsd1, false });
}

static void json_samples(const struct options *o, const struct measure *m)
{
	int dec = t_decimals(o), s;

	printf(",\"samples\":[");
	for (s = 0; s < o->m.nsamples; s++) {
		const int *row = &m->samples[s * o->m.n];
		int set[PLACE_MAX_CPUS];

		printf("%s{\"t\":%.*f,\"workers\":", s ? "," : "", dec,
		       measure_sample_t(&o->m, s));
		json_int_array(row, o->m.n);
		printf(",\"busy\":");
		json_int_array(set, place_busy_set(row, o->m.n, set));
		printf(",\"ideal\":%s}", m->ideal[s] ? "true" : "false");
	}
	printf("]");
}

static void print_json(const struct options *o, const struct measure_live *lv,
		       const struct place_ideal *ideal,
		       const struct measure *m, bool pass,
		       const struct verdict *v)
{
	int i;

	printf("{\"n\":%d,\"settle_s\":%g,\"interval_ms\":%d,", o->m.n,
	       o->m.settle, o->m.interval_ms);
	printf("\"duration_s\":%g,\"nsamples\":%d,\"min_ideal\":%g,",
	       o->m.duration, o->m.nsamples, o->min_ideal);
	json_knobs(lv);
	json_ideal(ideal);
	json_samples(o, m);
	printf(",\"ideal_samples\":%d,\"ideal_fraction\":%.4f,\"time_to_ideal_s\":",
	       m->nideal, m->ideal_frac);
	if (m->held_s < 0)
		printf("null,\"time_to_ideal_since_start_s\":null");
	else
		printf("%.3f,\"time_to_ideal_since_start_s\":%.3f",
		       m->held_s, m->held_s + measure_settled_s(m));
	printf(",\"workers\":[");
	for (i = 0; i < m->nworkers; i++) {
		printf("%s{\"pid\":%d,\"migrations\":", i ? "," : "",
		       (int)m->workers[i].pid);
		if (m->workers[i].mig_ok)
			printf("%lld", m->workers[i].mig[1] -
			       m->workers[i].mig[0]);
		else
			printf("null");
		if (m->recorded && i < m->rec->n) {
			const struct record_worker *rw = &m->rec->w[i];
			int k, first = 1;

			printf(",\"waited_s\":%.6f,\"ran_s\":{",
			       m->rec_t1 - m->rec_t0 - rw->ran_s);
			for (k = 0; k < lv->ncpus; k++) {
				if (rw->run_s[lv->cpu[k].cpu] <= 0)
					continue;
				printf("%s\"%d\":%.6f", first ? "" : ",",
				       lv->cpu[k].cpu,
				       rw->run_s[lv->cpu[k].cpu]);
				first = 0;
			}
			printf("}");
		}
		printf("}");
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
	printf(",\"siblings_last\":%s,\"overflow\":%s",
	       m->siblings_last ? "true" : "false",
	       m->overflows ? "true" : "false");
	printf(",\"start\":");
	if (o->nstart)
		json_int_array(o->start, o->nstart);
	else
		printf("null");
	printf(",\"outcome\":{\"outcome\":\"%s\",\"final\":",
	       start_outcome_names[m->result.outcome]);
	json_int_array(m->result.final, m->result.nfinal);
	printf(",\"settled_s\":%.6f", settled_s(o, m));
	if (m->recorded) {
		printf(",\"second_half\":[");
		for (i = 0; i < m->rv.nalt; i++) {
			printf("%s{\"busy\":", i ? "," : "");
			json_int_array(m->rv.alt[i].set, m->rv.alt[i].nset);
			printf(",\"share\":%.4f}", m->rv.alt[i].share);
		}
		printf("]");
	}
	printf("}");
	printf(",\"measure\":{\"by\":\"%s\",\"note\":", measured_by(m));
	json_str(m->how);
	printf(",\"unjudged\":");
	json_str_or_null(m->unjudged);
	if (m->recorded)
		printf(",\"off_ideal_max_s\":%.6f,\"last_change_s\":%.6f,\"blips\":%d",
		       m->rv.off_ideal_max_s, m->rv.last_change_s,
		       m->rv.blips);
	if (m->recorded)
		printf(",\"trace_window\":%ld", m->rec->trace_window);
	if (m->recorded)
		printf(",\"events_window\":%ld,\"events\":%ld,\"lost\":%ld,\"read_ms\":%.3f,\"migrations\":%d,\"waited_s\":%.6f",
		       m->rec->events_window, m->rec->events, m->rec->lost,
		       m->record_ms, m->rv.migrations, m->rv.wait_s);
	printf("}");
	printf(",\"sampler\":{\"cpu_ms\":%.3f,\"sampling_ms\":%.3f,",
	       m->cost_ms, m->sampling_ms);
	printf("\"snapshot_start_ms\":%.3f,\"snapshot_end_ms\":%.3f,",
	       m->start_ms, m->end_ms);
	printf("\"window_s\":%.3f,\"cpu_pct\":%.3f}", m->window_s,
	       m->cost_pct);
	if (o->m.explain)
		json_explain(m);
	printf(",\"verdict\":");
	verdict_json(v);
	printf(",\"pass\":%s}\n", pass ? "true" : "false");
}

/* --- main --- */

int main(int argc, char **argv)
{
	static struct place_ideal ideal;
	static struct measure_live lv;
	static struct measure m;
	static struct verdict v;
	struct options o;
	bool pass;
	int ret;

	if (measure_begin(parse_options(argc, argv, &o), usage, &o.m, &lv,
			  &ret))
		return ret;
	if (o.nstart) {
		int canon[START_MAX_WORKERS];
		char buf[1024];

		if (start_canonical(lv.cpu, lv.ncpus, o.start, o.nstart,
				    canon)) {
			warnx_("--start: not every CPU of %s is online",
			       start_format(o.start, o.nstart, buf,
					    sizeof(buf)));
			return 2;
		}
	}
	if (measure_ideal(&lv, o.m.n, &ideal) || measure_alloc(&o.m, &m))
		return 1;

	measure_setup();
	ret = measure_run(&o.m, &lv, &ideal, &m);
	if (measure_end_if_stopped("workers killed") || ret)
		return 1;

	/* exact fractions such as 27/30 against 0.9 */
	pass = m.ideal_frac + 1e-9 >= o.min_ideal;
	fill_verdict(&o, &lv, &ideal, &m, pass, &v);
	if (o.json)
		print_json(&o, &lv, &ideal, &m, pass, &v);
	else
		print_human(&o, &lv, &ideal, &m, pass, &v);
	if (fflush(stdout)) {
		warnx_("stdout: %s", strerror(errno));
		return 1;
	}
	return pass ? 0 : 1;
}
