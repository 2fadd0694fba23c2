// SPDX-License-Identifier: GPL-2.0
/* The placement record, from the scheduler's trace events: see record.h. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

/* --- parsing --- */

/* The integer after @key in @s, into @val; 0, or -1 if absent. */
static int field(const char *s, const char *key, int *val)
{
	const char *p = strstr(s, key);
	char *end;
	long v;

	if (!p)
		return -1;
	p += strlen(key);
	v = strtol(p, &end, 10);
	if (end == p || (*end && !isspace((unsigned char)*end)))
		return -1;
	*val = (int)v;
	return 0;
}

/*
 * The CPU and timestamp before the event name at @ev in @line:
 * "COMM-PID [CPU] FLAGS TIMESTAMP: name:", FLAGS only with irq-info.
 */
static int cpu_and_time(const char *line, const char *ev,
			struct record_event *e)
{
	const char *p = ev, *ts;
	char *end;
	long cpu;

	while (p > line && (isdigit((unsigned char)p[-1]) || p[-1] == '.'))
		p--;
	ts = p;
	if (ts == ev)
		return -1;
	e->t = strtod(ts, &end);
	if (end != ev)
		return -1;
	while (p > line && p[-1] == ' ')
		p--;
	if (p > line && p[-1] != ']') {		/* the flags */
		while (p > line && p[-1] != ' ')
			p--;
		while (p > line && p[-1] == ' ')
			p--;
	}
	if (p == line || p[-1] != ']')
		return -1;
	p--;
	while (p > line && isdigit((unsigned char)p[-1]))
		p--;
	if (p == line || p[-1] != '[')
		return -1;
	cpu = strtol(p, &end, 10);
	if (*end != ']' || cpu < 0 || cpu >= PLACE_MAX_CPUS)
		return -1;
	e->cpu = (int)cpu;
	return 0;
}

int record_parse_line(const char *line, struct record_event *ev, long *lost)
{
	static const struct {
		const char *name;
		enum record_type type;
	} names[] = {
		{ ": sched_switch: ", RECORD_SWITCH },
		{ ": sched_migrate_task: ", RECORD_MIGRATE },
		{ ": sched_wakeup_new: ", RECORD_WAKEUP_NEW },
	};
	const char *at = NULL, *body, *arrow;
	unsigned int i;
	int cpu;

	/* "CPU:N [LOST M EVENTS]", or without M when the count is lost */
	if (!strncmp(line, "CPU:", 4) && strstr(line, " [LOST ")) {
		if (sscanf(line, "CPU:%d [LOST %ld EVENTS]", &cpu, lost) != 2 ||
		    *lost < 1)
			*lost = 1;
		return -1;
	}
	if (line[0] == '#')
		return 0;
	for (i = 0; i < sizeof(names) / sizeof(names[0]) && !at; i++) {
		at = strstr(line, names[i].name);
		ev->type = names[i].type;
	}
	if (!at)
		return 0;
	body = at + strlen(names[i - 1].name);
	if (cpu_and_time(line, at, ev))
		return 0;
	switch (ev->type) {
	case RECORD_SWITCH:
		arrow = strstr(body, " ==> ");
		if (!arrow || field(body, " prev_pid=", &ev->prev_pid) ||
		    field(arrow, " next_pid=", &ev->next_pid))
			return 0;
		break;
	case RECORD_MIGRATE:
		if (field(body, " pid=", &ev->pid) ||
		    field(body, " orig_cpu=", &ev->orig) ||
		    field(body, " dest_cpu=", &ev->dest))
			return 0;
		break;
	case RECORD_WAKEUP_NEW:
		ev->orig = -1;
		if (field(body, " pid=", &ev->pid) ||
		    field(body, " target_cpu=", &ev->dest))
			return 0;
		break;
	}
	if ((ev->type != RECORD_SWITCH) &&
	    (ev->dest < 0 || ev->dest >= PLACE_MAX_CPUS))
		return 0;
	return 1;
}

/* --- the record --- */

void record_init(struct record *r, const int *pids, int n, double t0,
		 double t1)
{
	int i;

	memset(r, 0, sizeof(*r));
	r->t0 = t0;
	r->t1 = t1;
	r->n = n > RECORD_MAX_WORKERS ? RECORD_MAX_WORKERS : n;
	for (i = 0; i < r->n; i++) {
		r->w[i].pid = pids[i];
		r->w[i].cpu = -1;
		r->w[i].start_cpu = -1;
	}
}

void record_free(struct record *r)
{
	free(r->changes);
	r->changes = NULL;
	r->nchanges = 0;
	r->cap = 0;
}

static struct record_worker *worker_of(struct record *r, int pid)
{
	int i;

	if (pid <= 0)
		return NULL;
	for (i = 0; i < r->n; i++)
		if (r->w[i].pid == pid)
			return &r->w[i];
	return NULL;
}

/* The window opens: every worker's CPU at t0. */
static void open_window(struct record *r)
{
	int i;

	r->started = true;
	for (i = 0; i < r->n; i++)
		r->w[i].start_cpu = r->w[i].cpu;
}

/* Add the run of @w on @cpu from @from to @to, clipped to the window. */
static void account(struct record *r, struct record_worker *w, int cpu,
		    double from, double to)
{
	double a = from > r->t0 ? from : r->t0;
	double b = to < r->t1 ? to : r->t1;

	if (b > a && cpu >= 0) {
		w->run_s[cpu] += b - a;
		w->ran_s += b - a;
	}
}

static void set_cpu(struct record *r, struct record_worker *w, int cpu,
		    double t)
{
	if (w->cpu == cpu)
		return;
	w->cpu = cpu;
	if (!r->started)
		return;
	if (r->nchanges == r->cap) {
		int cap = r->cap ? 2 * r->cap : 4096;
		struct record_change *c = realloc(r->changes,
						  cap * sizeof(*c));

		if (!c) {
			r->oom = true;
			return;
		}
		r->changes = c;
		r->cap = cap;
	}
	r->changes[r->nchanges++] = (struct record_change){
		.t = t, .worker = (int)(w - r->w), .cpu = cpu };
}

void record_event(struct record *r, const struct record_event *ev)
{
	struct record_worker *w, *ours;

	if (ev->t > r->t1)
		return;
	if (!r->started && ev->t >= r->t0)
		open_window(r);
	if (r->started)
		r->trace_window++;
	switch (ev->type) {
	case RECORD_SWITCH:
		w = worker_of(r, ev->prev_pid);
		if (w && w->running) {
			account(r, w, w->run_cpu, w->run_from, ev->t);
			w->running = false;
		}
		ours = w;
		w = worker_of(r, ev->next_pid);
		if (w) {
			w->running = true;
			w->run_cpu = ev->cpu;
			w->run_from = ev->t;
			set_cpu(r, w, ev->cpu, ev->t);
		}
		if (!ours && !w)
			return;
		break;
	case RECORD_MIGRATE:
	case RECORD_WAKEUP_NEW:
		w = worker_of(r, ev->pid);
		if (!w)
			return;
		if (w->running && ev->type == RECORD_MIGRATE) {
			snprintf(r->error, sizeof(r->error),
				 "pid %d migrated while running at %.6f",
				 w->pid, ev->t);
			return;
		}
		set_cpu(r, w, ev->dest, ev->t);
		if (r->started && ev->type == RECORD_MIGRATE)
			w->migrations++;
		break;
	}
	r->events++;
	if (r->started)
		r->events_window++;
}

void record_line(struct record *r, const char *line)
{
	struct record_event ev;
	long lost = 0;
	int ret = record_parse_line(line, &ev, &lost);

	if (ret < 0)
		record_add_lost(r, lost);
	else if (ret > 0)
		record_event(r, &ev);
}

void record_add_lost(struct record *r, long lost)
{
	r->lost += lost;
}

void record_finish(struct record *r)
{
	int i;

	if (!r->started)
		open_window(r);
	for (i = 0; i < r->n; i++) {
		struct record_worker *w = &r->w[i];

		if (w->running)
			account(r, w, w->run_cpu, w->run_from, r->t1);
		w->running = false;
	}
}

bool record_complete(const struct record *r, char *why, size_t len)
{
	int i;

	if (r->lost) {
		snprintf(why, len, "%ld trace events lost", r->lost);
		return false;
	}
	if (r->oom) {
		snprintf(why, len, "out of memory for the timeline");
		return false;
	}
	if (r->error[0]) {
		snprintf(why, len, "%s", r->error);
		return false;
	}
	for (i = 0; i < r->n; i++) {
		if (r->w[i].start_cpu < 0) {
			snprintf(why, len,
				 "worker %d (pid %d) not seen on a CPU before the window",
				 i, r->w[i].pid);
			return false;
		}
	}
	snprintf(why, len, "complete");
	return true;
}

void record_cpus_at(const struct record *r, double t, int *cpus)
{
	int i;

	for (i = 0; i < r->n; i++)
		cpus[i] = r->w[i].start_cpu;
	for (i = 0; i < r->nchanges && r->changes[i].t <= t; i++)
		cpus[r->changes[i].worker] = r->changes[i].cpu;
}

void record_residency(const struct record *r, const struct place_cpu *cpus,
		      int ncpus, double *res)
{
	double window = r->t1 - r->t0;
	int i, w;

	for (i = 0; i < ncpus; i++) {
		res[i] = 0;
		for (w = 0; w < r->n; w++)
			res[i] += r->w[w].run_s[cpus[i].cpu];
		res[i] = window > 0 ? res[i] / window : 0;
	}
}

/* --- judging --- */

struct busy {
	int n;
	int set[PLACE_MAX_CPUS];
};

static void judged_busy(const struct place_ideal *ideal, const int *cpus,
			int n, struct busy *b)
{
	int judged[PLACE_MAX_CPUS];

	if (ideal->judge == PLACE_BY_CORE) {
		place_by_core(ideal, cpus, n, judged);
		cpus = judged;
	}
	b->n = place_busy_set(cpus, n, b->set);
}

static bool same_busy(const struct busy *a, const struct busy *b)
{
	return a->n == b->n && !memcmp(a->set, b->set, a->n * sizeof(*a->set));
}

#define MAX_SEEN	64

struct alts {
	int n;
	struct busy set[MAX_SEEN];
	double s[MAX_SEEN];
	double other;
};

/* Count @dur of the busy set @b towards the second half's placements. */
static void alt_add(struct alts *a, const struct busy *b, double dur)
{
	int i;

	if (dur <= 0)
		return;
	for (i = 0; i < a->n; i++) {
		if (same_busy(&a->set[i], b)) {
			a->s[i] += dur;
			return;
		}
	}
	if (a->n == MAX_SEEN) {
		a->other += dur;
		return;
	}
	a->set[a->n] = *b;
	a->s[a->n++] = dur;
}

/* The segment [@from, @to) with busy set @b and ideal @ok. */
static void segment(const struct record *r, struct record_verdict *v,
		    struct alts *a, const struct busy *b, bool ok, double from,
		    double to)
{
	double mid = r->t0 + (r->t1 - r->t0) / 2;

	if (ok)
		v->ideal_s += to - from;
	if (to > mid)
		alt_add(a, b, to - (from > mid ? from : mid));
}

/* A stretch of the window with one busy set: the final one or not. */
struct seg {
	double t;
	bool fin;
};

/*
 * When the final busy set @fin began to hold, blips held through (see
 * RECORD_BLIP_S): walking back from the window's end, a stretch away
 * from @fin ends the hold if it is RECORD_BLIP_S or longer, or if the
 * time away would reach RECORD_BLIP_SHARE of the hold. -1 when out of
 * memory.
 */
static double hold_start(const struct record *r,
			 const struct place_ideal *ideal,
			 const struct busy *fin, int *blips)
{
	int cpus[RECORD_MAX_WORKERS], i, k, j, n = 0;
	struct seg *seg = malloc((r->nchanges + 1) * sizeof(*seg));
	double hold, away = 0, stretch;
	struct busy b;

	if (!seg)
		return -1;
	for (i = 0; i < r->n; i++)
		cpus[i] = r->w[i].start_cpu;
	judged_busy(ideal, cpus, r->n, &b);
	seg[n++] = (struct seg){ r->t0, same_busy(&b, fin) };
	for (i = 0; i < r->nchanges;) {
		double tg = r->changes[i].t;

		for (; i < r->nchanges && r->changes[i].t == tg; i++)
			cpus[r->changes[i].worker] = r->changes[i].cpu;
		judged_busy(ideal, cpus, r->n, &b);
		if (same_busy(&b, fin) != seg[n - 1].fin)
			seg[n++] = (struct seg){ tg, same_busy(&b, fin) };
	}
	/* seg[k] lasts to seg[k + 1].t, the last one to t1; it is final */
	*blips = 0;
	hold = seg[n - 1].t;
	for (k = n - 2; k >= 0; k = j) {
		if (seg[k].fin) {
			hold = seg[k].t;
			j = k - 1;
			continue;
		}
		j = k - 1;	/* seg[k] away, seg[j] final: they alternate */
		stretch = seg[k + 1].t - seg[k].t;
		if (j < 0 || stretch >= RECORD_BLIP_S ||
		    away + stretch >= RECORD_BLIP_SHARE * (r->t1 - seg[j].t))
			break;
		away += stretch;
		(*blips)++;
	}
	free(seg);
	return hold;
}

void record_judge(const struct record *r, const struct place_ideal *ideal,
		  struct record_verdict *v)
{
	static struct alts a;
	int cpus[RECORD_MAX_WORKERS], before[RECORD_MAX_WORKERS];
	int prev[RECORD_MAX_WORKERS], i, k, best;
	double window = r->t1 - r->t0, t = r->t0, settled = r->t0;
	double ideal_since = r->t0, off_since = r->t0, prev_t = r->t0, hold;
	struct busy cur, next, prev_busy;
	bool ok, prev_ok = false;
	int end_blip = 0;

	memset(v, 0, sizeof(*v));
	memset(&a, 0, sizeof(a));
	v->result.outcome = OUTCOME_MOVING;
	v->held_ideal_s = -1;
	if (r->n < 1 || window <= 0)
		return;
	for (i = 0; i < r->n; i++)
		cpus[i] = r->w[i].start_cpu;
	judged_busy(ideal, cpus, r->n, &cur);
	ok = place_judge(ideal, cpus, r->n);
	for (i = 0; i < r->nchanges;) {
		double tg = r->changes[i].t;
		bool was_ok = ok;

		segment(r, v, &a, &cur, ok, t, tg);
		memcpy(before, cpus, sizeof(before));
		/* all changes of one instant at once */
		for (; i < r->nchanges && r->changes[i].t == tg; i++)
			cpus[r->changes[i].worker] = r->changes[i].cpu;
		judged_busy(ideal, cpus, r->n, &next);
		if (!same_busy(&cur, &next)) {
			/* the busy set before this change, and since when */
			memcpy(prev, before, sizeof(prev));
			prev_busy = cur;
			prev_ok = ok;
			prev_t = settled;
			settled = tg;
			cur = next;
		}
		ok = place_judge(ideal, cpus, r->n);
		if (ok && !was_ok) {
			ideal_since = tg;
			if (tg - off_since > v->off_ideal_max_s)
				v->off_ideal_max_s = tg - off_since;
		} else if (!ok && was_ok) {
			off_since = tg;
		}
		t = tg;
	}
	segment(r, v, &a, &cur, ok, t, r->t1);
	if (!ok && r->t1 - off_since > v->off_ideal_max_s)
		v->off_ideal_max_s = r->t1 - off_since;
	v->last_change_s = settled - r->t0;

	/*
	 * A busy set that began less than RECORD_BLIP_S before the end, and
	 * under RECORD_BLIP_SHARE of the time since the one before it began,
	 * is a blip at the window's end, as it would be inside a hold: the
	 * one before it is the final placement.
	 */
	if (settled > r->t0 && r->t1 - settled < RECORD_BLIP_S &&
	    r->t1 - settled < RECORD_BLIP_SHARE * (r->t1 - prev_t)) {
		memcpy(cpus, prev, sizeof(prev));
		cur = prev_busy;
		ok = prev_ok;
		settled = prev_t;
		end_blip = 1;
	}
	v->result.nfinal = place_busy_set(cpus, r->n, v->result.final);
	hold = hold_start(r, ideal, &cur, &v->blips);
	if (hold >= 0)
		settled = hold;
	v->blips += end_blip;
	v->settled_s = settled - r->t0;
	v->result.outcome = start_outcome_of(ok, r->t1 - settled, window);
	if (ok)
		v->held_ideal_s = ideal_since - r->t0;

	/* the placements of the second half, longest first */
	for (k = 0; k < RECORD_MAX_ALT && k < a.n; k++) {
		best = -1;
		for (i = 0; i < a.n; i++)
			if (a.s[i] >= 0 && (best < 0 || a.s[i] > a.s[best]))
				best = i;
		if (best < 0)
			break;
		v->alt[k].nset = a.set[best].n;
		memcpy(v->alt[k].set, a.set[best].set,
		       a.set[best].n * sizeof(*a.set[best].set));
		v->alt[k].share = a.s[best] / (window / 2);
		a.s[best] = -1;
		v->nalt++;
	}

	for (i = 0; i < r->n; i++) {
		v->wait_s += window - r->w[i].ran_s;
		if (window - r->w[i].ran_s > v->wait_max_s)
			v->wait_max_s = window - r->w[i].ran_s;
		v->migrations += r->w[i].migrations;
	}
}
