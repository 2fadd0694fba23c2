// SPDX-License-Identifier: GPL-2.0
/*
 * asym-follow - how fast running work follows a change of the ranking.
 *
 * N CPU-bound loops start pinned on the ideal CPUs of the ranking in force
 * and are released to every online CPU; a set time into the window the
 * ranking changes, as a cpufreq driver changes it (rank.h: core by core
 * through cpu_priority, then one rebuild of the sched domains or, as
 * amd-pstate does, without); the scheduler's own record (record.h) gives,
 * per loop, when it reached a CPU of the new ranking's ideal and stayed
 * there, and when the whole placement did. The old ranking is written
 * back after each run, with the rebuild.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "follow.h"
#include "kernel.h"
#include "lib.h"
#include "measure.h"
#include "opt.h"
#include "out.h"
#include "place.h"
#include "rank.h"

const char *prog = "asym-follow";

#define MAX_REPS	20

struct options {
	struct measure_opts m;
	const char *to;
	bool rebuild;
	int reps;
	bool json;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s -n N --to RANKING [options]\n"
		"Start N CPU-bound loops on the ideal CPUs of the ranking in\n"
		"force, release them, change the ranking --at SEC into the\n"
		"window as a cpufreq driver does, and take from the scheduler's\n"
		"own record when each loop reached the new ranking's ideal and\n"
		"stayed, and when the whole placement did. The old ranking is\n"
		"written back after each run.\n"
		"\n"
		"Options:\n"
		"  -n, --workers N     number of loops, 1 to the online CPUs\n"
		"      --to RANKING    the new ranking, as asym-ctl rank takes it:\n"
		"                      a SPEC of the booted shape, PRIO,PRIO,...,\n"
		"                      CPU=PRIO,... or '%s' (the part's other\n"
		"                      ranking, $RANKING_AFTER); checked before\n"
		"                      anything runs\n"
		"      --norebuild     change it without rebuilding the sched\n"
		"                      domains, as amd-pstate does on a ranking\n"
		"                      change (the groups keep their preferred\n"
		"                      CPUs); default: the last core's write\n"
		"                      rebuilds them once\n"
		"      --at SEC        the change, into the window (default 1)\n"
		"      --duration SEC  the window from the release (default 4);\n"
		"                      it goes on until DURATION - AT after the\n"
		"                      change returns, however long that took\n"
		"      --reps K        runs, 1 to %d (default 1)\n"
		"      --explain       the balancer's counters (%s deltas\n"
		"                      per sched domain, schedstats switched on\n"
		"                      for the run) before the change, during it\n"
		"                      and after it: read just before and just\n"
		"                      after the change too (inside the window),\n"
		"                      as a rebuild replaces the domains; with\n"
		"                      the rebuild every domain after the change\n"
		"                      counts from zero, and what the replaced\n"
		"                      ones did in the change is lost\n"
		"      --real          CPU sets in the real machine's numbers\n"
		"                      ($REAL_CPUS); the machine-readable lines\n"
		"                      keep the lab's\n"
		"      --json          one JSON object instead of the text\n"
		"  -h, --help          this text\n"
		"\n"
		"A line per run for scripts (and with --explain one a domain\n"
		"level and side of the change, summed over its CPUs:\n"
		"  follow-explain run=R side=before|change|after name=LEVEL\n"
		"    domains=K rebuilt=K lb_count=... alb_pushed=...; rebuilt:\n"
		"    of the K, those whose counters show a rebuild):\n"
		"  follow n=N run=R policy=NAME rebuild=0|1 writes=W change_ms=T\n"
		"    at_change=ideal|off followed=SEC|- reached=K loops=SEC|-,...\n"
		"    final=CPUS outcome=ideal|trap|moving sound=0|1 unjudged=WHY|-\n"
		"at_change: the loops were at the old ranking's ideal when the\n"
		"tool woke to change it, before anything of its own ran;\n"
		"followed: from when, after the change, the placement\n"
		"was the new ranking's ideal to the window's end (0: already);\n"
		"loops: per loop, when after the change it began its last stay\n"
		"on CPUs of the new ideal (held through moves away shorter than\n"
		"%.0f ms), '-' if it ended elsewhere; reached: how many did;\n"
		"outcome: the placement at the end, judged against the new\n"
		"ideal as asym-place judges it; change_ms: the time in the\n"
		"writes, the rebuild's included.\n"
		"\n"
		"Exit status: 0 when every run completed (whether the loops\n"
		"followed does not decide it), 1 on a run-time error, 2 on a\n"
		"usage error. SIGINT, SIGTERM and SIGHUP kill the loops, write\n"
		"the old ranking back, then end %s by the same signal.\n",
		prog, RANK_AFTER, MAX_REPS, PROC_SCHEDSTAT,
		RECORD_BLIP_S * 1000, prog);
}

enum { OPT_TO = 256, OPT_NOREBUILD, OPT_AT, OPT_REPS };

static int take_option(int c, const char *name, const char *arg, void *ctx)
{
	struct options *o = ctx;

	switch (c) {
	case OPT_TO:
		o->to = arg;
		return 0;
	case OPT_NOREBUILD:
		o->rebuild = false;
		return 0;
	case OPT_AT:
		return opt_decimal("--at", arg, MEASURE_MAX_SECONDS, "seconds",
				   &o->m.change_at);
	case OPT_REPS:
		return opt_int("--reps", arg, 1, MAX_REPS, &o->reps);
	}
	return measure_take(c, name, arg, "the window starts at the release",
			    &o->m);
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option opts[] = {
		{ "to", required_argument, NULL, OPT_TO },
		{ "norebuild", no_argument, NULL, OPT_NOREBUILD },
		{ "at", required_argument, NULL, OPT_AT },
		{ "reps", required_argument, NULL, OPT_REPS },
		MEASURE_EXPLAIN_LONG_OPTION,
		MEASURE_PLACE_LONG_OPTIONS
	};
	int ret;

	*o = (struct options){ .m = MEASURE_OPTS_DEFAULT, .rebuild = true,
			       .reps = 1 };
	o->m.settle = 0;
	o->m.duration = 4;
	o->m.interval_ms = 200;
	o->m.change_at = 1;
	ret = opt_parse(argc, argv, "n:h", opts, take_option, o, &o->json);
	if (ret)
		return ret;
	if (!o->m.n || !o->to) {
		warnx_("-n N and --to RANKING are required (see --help)");
		return -1;
	}
	if (o->m.change_at >= o->m.duration) {
		warnx_("--at %.3f: not inside the %.3f s window (see --help)",
		       o->m.change_at, o->m.duration);
		return -1;
	}
	return measure_count_samples(&o->m);
}

/* --- the change and its undoing --- */

struct change {
	const struct rank *rk;
	bool rebuild;
	struct rank_cost cost;
};

static int apply_change(void *arg)
{
	struct change *c = arg;

	return rank_apply(c->rk, c->rebuild, &c->cost);
}

static struct rank back;	/* the writes that undo the change */
static bool changed;		/* a change may be in force */

/* Write the old ranking back, with the rebuild; 0 or -1 after saying so. */
static int restore(void)
{
	struct rank_cost cost;

	if (!changed)
		return 0;
	changed = false;
	if (rank_apply(&back, true, &cost)) {
		warnx_("the old ranking is not back: asym-ctl rank can write it");
		return -1;
	}
	return 0;
}

/* @lv with the priorities of @rk: the live topology after the change. */
static void live_after(const struct measure_live *lv, const struct rank *rk,
		       struct measure_live *out)
{
	int i, j;

	*out = *lv;
	for (i = 0; i < out->ncpus; i++)
		for (j = 0; j < rk->nwrites; j++)
			if (out->cpu[i].core == rk->w[j].cpu)
				out->cpu[i].raw_prio = rk->w[j].to;
}

/* --- output --- */

/* What one run gives. */
struct follow_run {
	bool at_change;		/* old ideal at the change */
	double followed;	/* s after the change, -1: not */
	int reached;
	double reach[PLACE_MAX_CPUS];
	int start[PLACE_MAX_CPUS], end[PLACE_MAX_CPUS];
	struct record_verdict v;	/* against the new ideal */
};

static void judge_run(const struct place_ideal *old,
		      const struct place_ideal *new, const struct measure *m,
		      struct follow_run *fr)
{
	int cpus[PLACE_MAX_CPUS];
	double at = m->change_t - m->rec_t0;

	record_cpus_at(m->rec, m->change_t, cpus);
	fr->at_change = place_judge(old, cpus, m->rec->n);
	record_judge(m->rec, new, &fr->v);
	fr->followed = fr->v.held_ideal_s < 0 ? -1 :
		       fr->v.held_ideal_s > at ? fr->v.held_ideal_s - at : 0;
	fr->reached = follow_reach(m->rec, new, m->change_t, fr->reach);
	record_cpus_at(m->rec, m->rec->t0, fr->start);
	record_cpus_at(m->rec, m->rec->t1, fr->end);
}

static void print_line(const struct options *o, int run,
		       const struct measure_live *lv, const struct change *c,
		       const struct measure *m, const struct follow_run *fr)
{
	char buf[1024], loops[4096];
	size_t used = 0;
	int w;

	loops[0] = '\0';
	for (w = 0; w < m->rec->n && used + 16 < sizeof(loops); w++) {
		if (fr->reach[w] < 0)
			used += snprintf(loops + used, sizeof(loops) - used,
					 "%s-", w ? "," : "");
		else
			used += snprintf(loops + used, sizeof(loops) - used,
					 "%s%.3f", w ? "," : "", fr->reach[w]);
	}
	printf("follow n=%d run=%d policy=%s rebuild=%d writes=%d change_ms=%.3f at_change=%s followed=",
	       o->m.n, run, policies[lv->policy].name, c->rebuild,
	       c->cost.writes, m->change_ms, fr->at_change ? "ideal" : "off");
	if (fr->followed < 0)
		printf("-");
	else
		printf("%.3f", fr->followed);
	printf(" reached=%d loops=%s final=%s outcome=%s sound=%d unjudged=%s\n",
	       fr->reached, loops,
	       out_list(fr->v.result.final, fr->v.result.nfinal, buf,
			sizeof(buf)),
	       start_outcome_names[fr->v.result.outcome], m->sound,
	       m->unjudged);
}

/*
 * The counters before the change, during it and after it. The change's
 * rebuild goes through arch_update_cpu_topology(), true after an ITMT
 * change, so partition_sched_domains() replaces every domain: those
 * after it count from zero (the scenario follow checks it where the
 * counters show it).
 */
enum { SIDE_BEFORE, SIDE_CHANGE, SIDE_AFTER, NR_SIDES };
static const char *const side_names[NR_SIDES] = { "before", "change", "after" };

/* Whether the snapshots were all read; the three pairs into @p. */
static bool sides(const struct measure *m, bool rebuild,
		  struct explain_pair *p)
{
	p[SIDE_BEFORE] = (struct explain_pair){ m->sd0, m->sdc0, m->nsd0,
						m->nsdc0, false };
	p[SIDE_CHANGE] = (struct explain_pair){ m->sdc0, m->sdc1, m->nsdc0,
						m->nsdc1, rebuild };
	p[SIDE_AFTER] = (struct explain_pair){ m->sdc1, m->sd1, m->nsdc1,
					       m->nsd1, false };
	return m->nsd0 >= 0 && m->nsdc0 >= 0 && m->nsdc1 >= 0 && m->nsd1 >= 0;
}

static void print_explain(int run, const struct measure *m, bool rebuild)
{
	static const char *const title[NR_SIDES] = {
		"from the window's start to the change",
		"during the change",
		"from the change to the window's end",
	};
	struct explain_pair p[NR_SIDES];
	char prefix[64];
	int s;

	if (!sides(m, rebuild, p)) {
		printf("  explain: no %s deltas (see the errors above)\n",
		       PROC_SCHEDSTAT);
		return;
	}
	printf("  %s deltas, lb_* summed over idle types (%s; new: the counters show the domain built in between):\n",
	       PROC_SCHEDSTAT, m->schedstats_note);
	for (s = 0; s < NR_SIDES; s++) {
		printf("  %s%s:\n", title[s],
		       s == SIDE_CHANGE && rebuild ?
		       ", every domain from its rebuild" : "");
		explain_print(&p[s]);
	}
	for (s = 0; s < NR_SIDES; s++) {
		snprintf(prefix, sizeof(prefix),
			 "follow-explain run=%d side=%s", run, side_names[s]);
		explain_lines(prefix, &p[s]);
	}
}

static void json_explain(const struct measure *m, bool rebuild)
{
	struct explain_pair p[NR_SIDES];
	int s;

	printf(",\"schedstats\":");
	json_str(m->schedstats_note);
	printf(",\"explain\":");
	if (!sides(m, rebuild, p)) {
		printf("null");
		return;
	}
	for (s = 0; s < NR_SIDES; s++) {
		printf("%s\"%s\":", s ? "," : "{", side_names[s]);
		explain_json(&p[s]);
	}
	printf("}");
}

static void print_human(const struct options *o, int run,
			const struct measure_live *lv, const struct change *c,
			const struct measure *m, const struct follow_run *fr)
{
	char a[1024], b[1024];
	int w;

	printf("run %d: at the change the loops were %s the old ideal; %d writes, %.3f ms (longest %.3f ms)\n",
	       run, fr->at_change ? "at" : "off", c->cost.writes,
	       c->cost.total_ms, c->cost.max_ms);
	if (fr->followed >= 0)
		printf("  followed: the new ideal from %.3f s after the change to the end\n",
		       fr->followed);
	else
		printf("  not followed within the %.3f s after the change: %s at the end\n",
		       m->rec_t1 - m->change_t,
		       place_format_set(fr->v.result.final, fr->v.result.nfinal,
					a, sizeof(a)));
	for (w = 0; w < m->rec->n; w++) {
		int s = fr->start[w], e = fr->end[w];

		printf("  loop %2d: %s -> %s", w,
		       place_format_set(&s, 1, a, sizeof(a)),
		       place_format_set(&e, 1, b, sizeof(b)));
		if (fr->reach[w] < 0)
			printf(", not on the new ideal at the end\n");
		else
			printf(", on the new ideal from %.3f s\n", fr->reach[w]);
	}
	print_line(o, run, lv, c, m, fr);
	if (o->m.explain)
		print_explain(run, m, c->rebuild);
}

int main(int argc, char **argv)
{
	static struct measure_live lv, lv_new;
	static struct place_ideal old, new;
	static struct measure m;
	static struct follow_run fr;
	static struct rank rk;
	int start[PLACE_MAX_CPUS], i, run, ret;
	struct change c;
	struct options o;
	char a[1024], b[1024];

	if (measure_begin(parse_options(argc, argv, &o), usage, &o.m, &lv,
			  &ret))
		return ret;
	if (rank_read(o.to, &rk))
		return 2;
	if (rank_writable())
		return 1;
	back = rk;
	for (i = 0; i < rk.nwrites; i++) {
		back.w[i].from = rk.w[i].to;
		back.w[i].to = rk.w[i].from;
	}
	live_after(&lv, &rk, &lv_new);
	if (measure_ideal(&lv, o.m.n, &old) ||
	    measure_ideal(&lv_new, o.m.n, &new))
		return 1;
	/* the start: the old ideal, its boundary tier's first CPUs */
	for (i = 0; i < o.m.n; i++)
		start[i] = old.order[i].cpu;
	o.m.start = start;
	c = (struct change){ .rk = &rk, .rebuild = o.rebuild };
	o.m.change = apply_change;
	o.m.change_arg = &c;

	if (!o.json)
		printf("asym-follow: N=%d, policy %s, %d of %d cores change (%s), %s, at %.3f s of %.3f s windows, %d run%s\nold ideal %s, new ideal %s\n",
		       o.m.n, policies[lv.policy].name, rk.nwrites, rk.ncores,
		       o.to, o.rebuild ? "then one rebuild of the domains" :
		       "without a rebuild", o.m.change_at, o.m.duration, o.reps,
		       o.reps == 1 ? "" : "s",
		       place_format_ideal(&old, a, sizeof(a)),
		       place_format_ideal(&new, b, sizeof(b)));
	else
		printf("{\"n\":%d,\"policy\":\"%s\",\"to\":", o.m.n,
		       policies[lv.policy].name);
	if (o.json) {
		json_str(o.to);
		printf(",\"rebuild\":%s,\"at\":%.3f,\"duration\":%.3f,\"writes\":%d,\"runs\":[",
		       o.rebuild ? "true" : "false", o.m.change_at,
		       o.m.duration, rk.nwrites);
	}
	measure_setup();
	ret = 0;
	for (run = 1; run <= o.reps; run++) {
		/* a measure a run, as asym-map's */
		if (measure_alloc(&o.m, &m)) {
			ret = -1;
			break;
		}
		changed = true;
		ret = measure_run(&o.m, &lv, &old, &m);
		if (restore() || ret) {
			ret = -1;
			measure_free(&m);
			break;
		}
		judge_run(&old, &new, &m, &fr);
		if (o.json) {
			printf("%s{\"at_change\":%s,\"followed\":", run > 1 ? "," : "",
			       fr.at_change ? "true" : "false");
			if (fr.followed < 0)
				printf("null");
			else
				printf("%.6f", fr.followed);
			printf(",\"reached\":%d,\"loops\":[", fr.reached);
			for (i = 0; i < m.rec->n; i++) {
				if (fr.reach[i] < 0)
					printf("%snull", i ? "," : "");
				else
					printf("%s%.6f", i ? "," : "",
					       fr.reach[i]);
			}
			printf("],\"final\":");
			json_int_array(fr.v.result.final, fr.v.result.nfinal);
			printf(",\"outcome\":\"%s\",\"writes\":%d,\"change_ms\":%.3f,\"sound\":%s",
			       start_outcome_names[fr.v.result.outcome],
			       c.cost.writes, m.change_ms,
			       m.sound ? "true" : "false");
			if (o.m.explain)
				json_explain(&m, c.rebuild);
			printf("}");
		} else {
			print_human(&o, run, &lv, &c, &m, &fr);
		}
		fflush(stdout);
		measure_free(&m);
	}
	restore();
	if (measure_end_if_stopped("loops killed, old ranking written back"))
		return 1;
	if (ret)
		return 1;
	if (o.json)
		printf("]}\n");
	if (fflush(stdout)) {
		warnx_("stdout: %s", strerror(errno));
		return 1;
	}
	return 0;
}
