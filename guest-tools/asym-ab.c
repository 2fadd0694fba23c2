// SPDX-License-Identifier: GPL-2.0
/*
 * asym-ab - A/B comparison of knob settings by task placement.
 *
 * For each repetition, each task count N and each setting in turn
 * (interleaved, so that drift spreads over all settings), applies the
 * setting and measures the placement of N CPU-bound workers as asym-place
 * does (measure.c). Prints the mean residency per CPU for every setting and
 * N, the comparison against setting a in the layout of the 2021 series'
 * cover letter, and writes the runs as CSV. The statistics are pure logic
 * in stats.c, the setting grammar in setting.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel.h"
#include "lib.h"
#include "measure.h"
#include "place.h"
#include "setting.h"
#include "stats.h"

const char *prog = "asym-ab";

#define MAX_SETTINGS	7
#define MAX_REPS	1000
#define DEFAULT_OUT	"/tmp/asym-ab"

struct options {
	const char *text[MAX_SETTINGS];		/* NULL: not given */
	struct setting setting[MAX_SETTINGS];	/* resolved */
	int tasks[PLACE_MAX_CPUS];
	int ntasks;				/* 0: 1 to online CPUs */
	int reps;
	const char *out;
	struct measure_opts m;			/* the window */
	bool json;
};

/* What one run gave. */
struct ab_run {
	bool done;
	double ideal_frac;
	double tti;			/* time to ideal, s; -1: never */
	long long migrations;		/* -1: unknown */
	bool sound;
	double residency[PLACE_MAX_CPUS];	/* per live CPU */
};

static struct measure_live lv;
/* The policy each setting put in force, as asym-place names it. */
static enum policy set_policy[MAX_SETTINGS];
static char cls[PLACE_MAX_CPUS];	/* class per live CPU */
static struct ab_run *runs;		/* [setting][task index][rep] */
static FILE *progress;			/* stdout, or stderr with --json */

static void usage(FILE *f)
{
	struct setting defaults;
	char buf[128], grammar[256];

	setting_init(&defaults);
	setting_resolve(&defaults);
	setting_grammar(grammar, sizeof(grammar), ",\n");
	fprintf(f,
		"usage: %s --a SETTING --b SETTING [--c ... --g SETTING] [options]\n"
		"Compare knob settings by task placement: for each repetition,\n"
		"each task count N and each setting in turn, apply the setting\n"
		"and measure where N CPU-bound workers run, as asym-place does.\n"
		"\n"
		"SETTING: a policy's name (asym-ctl policies), or blank-separated\n"
		"KEY=VALUE, keys %s\n"
		"(as 'asym-ctl set'); keys it\n"
		"does not name take their defaults (%s),\n"
		"so '' or '" SETTING_DEFAULTS "' is the default kernel. Setting a is\n"
		"the baseline.\n"
		"\n"
		"Options:\n"
		"      --a .. --g SETTING\n"
		"                      the settings (--a is required)\n"
		"      --tasks LIST    task counts, A-B or A,B,... (default 1 to\n"
		"                      the online CPUs)\n"
		"      --reps N        repetitions (default 3)\n"
		"      --out DIR       where runs.csv and residency.csv go\n"
		"                      (default %s)\n"
		MEASURE_OPTIONS_HELP
		"      --json          one JSON object at the end instead of\n"
		"                      tables (progress goes to stderr)\n"
		"  -h, --help          this text\n"
		"\n"
		"Prints a progress line per run, then the mean residency per CPU\n"
		"(columns: CPU and class, P first thread of an SMT core, s\n"
		"further sibling, E single-thread core) and, per setting other\n"
		"than a, the comparison: baseline = mean of a (std as %% of the\n"
		"mean), compare%% = (mean - mean of a) / mean of a * 100 (std of\n"
		"the setting as %% of the mean of a); time_to_ideal counts the\n"
		"runs that reached the ideal. A run whose measurement is not\n"
		"sound (asym-place's check against /proc/stat) is left out of\n"
		"every mean and comparison, and named. The knobs are reset to\n"
		"their defaults at the end.\n"
		"\n"
		"Exit status: 0 if every run completed (the placement does not\n"
		"decide it), 1 on a run-time error, 2 on a usage error.\n",
		prog, grammar, setting_format(&defaults, buf, sizeof(buf)),
		DEFAULT_OUT);
}

/* --- options --- */

enum { OPT_TASKS = 256, OPT_REPS, OPT_OUT };

/* Take --a .. --g: setting @i given as @arg; 0, or -1 after saying why. */
static int take_setting(struct options *o, int i, const char *arg)
{
	char err[256], opt[4];

	if (o->text[i]) {
		warnx_("--%c given twice (see --help)", 'a' + i);
		return -1;
	}
	o->text[i] = arg;
	snprintf(opt, sizeof(opt), "--%c", 'a' + i);
	if (opt_parsed(setting_parse(arg, &o->setting[i], err, sizeof(err)),
		       opt, err))
		return -1;
	setting_resolve(&o->setting[i]);
	return 0;
}

static int take_option(int c, const char *name, const char *arg, void *ctx)
{
	struct options *o = ctx;

	if (c >= 'a' && c < 'a' + MAX_SETTINGS)
		return take_setting(o, c - 'a', arg);
	switch (c) {
	case OPT_TASKS:
		return opt_list("--tasks", arg, parse_counts, o->tasks,
				PLACE_MAX_CPUS, &o->ntasks);
	case OPT_REPS:
		return opt_int("--reps", arg, 1, MAX_REPS, &o->reps);
	case OPT_OUT:
		o->out = arg;
		return *arg ? 0 : opt_error("--out", arg,
					    "is not a directory name");
	case MEASURE_OPT_WINDOW:
		return measure_option(name, arg, &o->m);
	}
	return -1;
}

/* Parse the command line into @o; 0, 1 for --help, -1 on a usage error. */
static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option opts[] = {
		{ "a", required_argument, NULL, 'a' },
		{ "b", required_argument, NULL, 'b' },
		{ "c", required_argument, NULL, 'c' },
		{ "d", required_argument, NULL, 'd' },
		{ "e", required_argument, NULL, 'e' },
		{ "f", required_argument, NULL, 'f' },
		{ "g", required_argument, NULL, 'g' },
		{ "tasks", required_argument, NULL, OPT_TASKS },
		{ "reps", required_argument, NULL, OPT_REPS },
		{ "out", required_argument, NULL, OPT_OUT },
		MEASURE_LONG_OPTIONS,
		OPT_COMMON_LONG_OPTIONS
	};
	int ret;

	*o = (struct options){ .reps = 3, .out = DEFAULT_OUT,
			       .m = MEASURE_OPTS_DEFAULT };
	ret = opt_parse(argc, argv, "h", opts, take_option, o, &o->json);
	if (ret)
		return ret;
	if (!o->text[0]) {
		warnx_("--a SETTING is required: the baseline (see --help)");
		return -1;
	}
	return measure_count_samples(&o->m);
}

/* --- output files --- */

/* mkdir -p @dir; 0, or -1 after naming the directory. */
static int make_dirs(const char *dir)
{
	char path[4096];
	size_t i, len = strlen(dir);

	if (len >= sizeof(path)) {
		warnx_("%s: name too long", dir);
		return -1;
	}
	memcpy(path, dir, len + 1);
	for (i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i])
			continue;
		path[i] = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			warnx_("%s: %s", path, strerror(errno));
			return -1;
		}
		path[i] = dir[i];
	}
	return 0;
}

static FILE *open_csv(const char *dir, const char *name, const char *header)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		warnx_("%s: %s", path, strerror(errno));
		return NULL;
	}
	fprintf(f, "%s\n", header);
	return f;
}

/* --- runs --- */

static struct ab_run *run_at(const struct options *o, int set, int t, int rep)
{
	return &runs[((size_t)set * o->ntasks + t) * o->reps + rep];
}

static void write_csv(const struct options *o, FILE *rf, FILE *resf,
		      int set, int t, int rep)
{
	const struct ab_run *r = run_at(o, set, t, rep);
	char label[1024];
	int i;

	csv_field(o->text[set], label, sizeof(label));
	fprintf(rf, "%c,%s,%d,%d,%.4f,", 'a' + set, label, o->tasks[t],
		rep + 1, r->ideal_frac);
	if (r->tti >= 0)
		fprintf(rf, "%.3f", r->tti);
	fprintf(rf, ",");
	if (r->migrations >= 0)
		fprintf(rf, "%lld", r->migrations);
	fprintf(rf, ",%d,%s\n", r->sound, policies[set_policy[set]].name);
	for (i = 0; i < lv.ncpus; i++)
		fprintf(resf, "%c,%s,%d,%d,%d,%c,%.4f,%d\n", 'a' + set, label,
			o->tasks[t], rep + 1, lv.cpu[i].cpu, cls[i],
			r->residency[i], r->sound);
}

/* Apply setting @set and measure N = o->tasks[t]; 0, or -1. */
static int one_run(const struct options *o, int set, int t, int rep)
{
	static struct place_ideal ideal;
	static struct measure m;
	struct ab_run *r = run_at(o, set, t, rep);
	struct measure_opts mo = o->m;
	int ret, i;

	/*
	 * The ideal depends on the policy the setting puts in force (v6.5
	 * judges by core) and on the priorities it gives: read both again.
	 */
	mo.n = o->tasks[t];
	if (setting_apply(&o->setting[set]) || measure_read_live(&lv))
		return -1;
	set_policy[set] = lv.policy;
	if (measure_ideal(&lv, mo.n, &ideal) || measure_alloc(&mo, &m))
		return -1;
	ret = measure_run(&mo, &lv, &ideal, &m);
	if (!ret) {
		r->done = true;
		r->ideal_frac = m.ideal_frac;
		r->tti = m.held_s;
		r->migrations = m.migrations;
		r->sound = m.sound;
		for (i = 0; i < lv.ncpus; i++)
			r->residency[i] = m.residency[i];
	}
	measure_free(&m);
	return ret;
}

static void print_progress(const struct options *o, int set, int t, int rep)
{
	const struct ab_run *r = run_at(o, set, t, rep);

	fprintf(progress, "[rep %d/%d] N=%d %c(%s): ideal %.2f, time to ideal ",
		rep + 1, o->reps, o->tasks[t], 'a' + set, o->text[set],
		r->ideal_frac);
	if (r->tti >= 0)
		fprintf(progress, "%.1f s", r->tti);
	else
		fprintf(progress, "never");
	if (r->migrations >= 0)
		fprintf(progress, ", migrations %lld", r->migrations);
	fprintf(progress, "%s\n", r->sound ? "" : ", NOT sound");
	fflush(progress);
}

/* --- results --- */

enum ab_case { CASE_IDEAL, CASE_TTI, CASE_MIG, NCASES };

static const char *const case_names[NCASES] = {
	"ideal_fraction", "time_to_ideal", "migrations",
};

/* A run counts in means and comparisons: it completed and was sound. */
static bool counted(const struct ab_run *r)
{
	return r->done && r->sound;
}

/* The values of @c over the reps of @set at task index @t into @v. */
static int values(const struct options *o, int set, int t, enum ab_case c,
		  double *v)
{
	int rep, n = 0;

	for (rep = 0; rep < o->reps; rep++) {
		const struct ab_run *r = run_at(o, set, t, rep);

		if (!counted(r))
			continue;
		if (c == CASE_IDEAL)
			v[n++] = r->ideal_frac;
		else if (c == CASE_TTI && r->tti >= 0)
			v[n++] = r->tti;
		else if (c == CASE_MIG && r->migrations >= 0)
			v[n++] = (double)r->migrations;
	}
	return n;
}

static void row_of(const struct options *o, int set, int t, enum ab_case c,
		   struct ab_row *row)
{
	double *a = calloc(o->reps, sizeof(*a)), *x = calloc(o->reps,
							     sizeof(*x));
	int na, nx;

	if (!a || !x) {
		memset(row, 0, sizeof(*row));
		free(a);
		free(x);
		return;
	}
	na = values(o, 0, t, c, a);
	nx = values(o, set, t, c, x);
	stats_compare(a, na, x, nx, row);
	free(a);
	free(x);
}

static double mean_residency(const struct options *o, int set, int t, int i)
{
	double sum = 0;
	int rep, n = 0;

	for (rep = 0; rep < o->reps; rep++) {
		const struct ab_run *r = run_at(o, set, t, rep);

		if (counted(r)) {
			sum += r->residency[i];
			n++;
		}
	}
	return n ? sum / n : 0;
}

/* Name the runs left out of the means because they were not sound. */
static void print_unsound(const struct options *o)
{
	int set, t, rep, n = 0;

	for (set = 0; set < MAX_SETTINGS; set++)
		for (t = 0; o->text[set] && t < o->ntasks; t++)
			for (rep = 0; rep < o->reps; rep++) {
				const struct ab_run *r = run_at(o, set, t, rep);

				if (!r->done || r->sound)
					continue;
				printf("%s %c/N=%d/rep %d",
				       n++ ? "," : "\nleft out, not sound:",
				       'a' + set, o->tasks[t], rep + 1);
			}
	if (n)
		printf("\n");
}

static void print_human(const struct options *o)
{
	char buf[512];
	int set, t, i, c;

	print_unsound(o);
	printf("\nmean residency per CPU over the sound runs of %d rep%s (share of the window with a worker):\n",
	       o->reps, o->reps == 1 ? "" : "s");
	printf("%-7s %-5s", "setting", "tasks");
	for (i = 0; i < lv.ncpus; i++) {
		char lab[16];

		snprintf(lab, sizeof(lab), "%d%c", lv.cpu[i].cpu, cls[i]);
		printf(" %4s", lab);
	}
	printf("\n");
	for (set = 0; set < MAX_SETTINGS; set++) {
		if (!o->text[set])
			continue;
		for (t = 0; t < o->ntasks; t++) {
			printf("%-7c %-5d", 'a' + set, o->tasks[t]);
			for (i = 0; i < lv.ncpus; i++)
				printf(" %4.2f", mean_residency(o, set, t, i));
			printf("\n");
		}
	}
	printf("kernel %s\n", lv.release);
	printf("settings%s:\n", strcmp(lv.knob[KNOB_SYSCTL], "-") ? "" :
	       " (this kernel has no asym-smt knobs: defaults ask for nothing)");
	for (set = 0; set < MAX_SETTINGS; set++)
		if (o->text[set])
			printf("  %c: '%s' = %s, policy %s\n", 'a' + set,
			       o->text[set],
			       setting_format(&o->setting[set], buf,
					      sizeof(buf)),
			       policies[set_policy[set]].name);

	for (set = 1; set < MAX_SETTINGS; set++) {
		if (!o->text[set])
			continue;
		printf("\n%c(%s) against a(%s), %d rep%s each:\n", 'a' + set,
		       o->text[set], o->text[0], o->reps,
		       o->reps == 1 ? "" : "s");
		printf("%s\n", ab_row_header());
		for (c = 0; c < NCASES; c++) {
			for (t = 0; t < o->ntasks; t++) {
				struct ab_row row;
				char load[32];

				row_of(o, set, t, c, &row);
				snprintf(load, sizeof(load), "tasks-%d",
					 o->tasks[t]);
				printf("%s\n", ab_format_row(case_names[c],
							     load, &row, buf,
							     sizeof(buf)));
			}
		}
	}
	printf("\nCSV: %s/runs.csv %s/residency.csv\n", o->out, o->out);
}

/* @v, or null when not @ok. */
static void json_num(bool ok, double v)
{
	if (ok)
		printf("%.4f", v);
	else
		printf("null");
}

static void json_stat(const struct stat_summary *st)
{
	printf("{\"n\":%d,\"mean\":", st->n);
	json_num(st->n > 0, st->mean);
	printf(",\"std\":");
	json_num(st->n > 0, st->std);
	printf(",\"std_pct\":");
	json_num(st->std_pct_ok, st->std_pct);
	printf("}");
}

static void json_runs(const struct options *o, int set)
{
	int t, rep, i;

	printf(",\"runs\":[");
	for (t = 0; t < o->ntasks; t++) {
		for (rep = 0; rep < o->reps; rep++) {
			const struct ab_run *r = run_at(o, set, t, rep);

			printf("%s{\"tasks\":%d,\"rep\":%d,\"ideal_fraction\":%.4f,\"time_to_ideal_s\":",
			       t || rep ? "," : "", o->tasks[t], rep + 1,
			       r->ideal_frac);
			json_num(r->tti >= 0, r->tti);
			printf(",\"migrations\":");
			if (r->migrations >= 0)
				printf("%lld", r->migrations);
			else
				printf("null");
			printf(",\"sound\":%s,\"residency\":[",
			       r->sound ? "true" : "false");
			for (i = 0; i < lv.ncpus; i++)
				printf("%s%.4f", i ? "," : "", r->residency[i]);
			printf("]}");
		}
	}
	printf("],\"mean_residency\":[");
	for (t = 0; t < o->ntasks; t++) {
		printf("%s[", t ? "," : "");
		for (i = 0; i < lv.ncpus; i++)
			printf("%s%.4f", i ? "," : "",
			       mean_residency(o, set, t, i));
		printf("]");
	}
	printf("]");
}

static void json_compare(const struct options *o, int set)
{
	int c, t, first = 1;

	printf(",\"compare\":[");
	for (c = 0; c < NCASES; c++) {
		for (t = 0; t < o->ntasks; t++) {
			struct ab_row row;

			row_of(o, set, t, c, &row);
			printf("%s{\"case\":\"%s\",\"load\":\"tasks-%d\",\"baseline\":",
			       first ? "" : ",", case_names[c], o->tasks[t]);
			json_stat(&row.a);
			printf(",\"setting\":");
			json_stat(&row.x);
			printf(",\"compare_pct\":");
			json_num(row.pct_ok, row.pct);
			printf(",\"compare_std_pct\":");
			json_num(row.pct_ok, row.pct_std);
			printf("}");
			first = 0;
		}
	}
	printf("]");
}

static void print_json(const struct options *o)
{
	int set, t, i, k, first = 1;

	printf("{\"reps\":%d,\"settle_s\":%g,\"interval_ms\":%d,\"duration_s\":%g,\"tasks\":[",
	       o->reps, o->m.settle, o->m.interval_ms, o->m.duration);
	for (t = 0; t < o->ntasks; t++)
		printf("%s%d", t ? "," : "", o->tasks[t]);
	printf("],\"cpus\":[");
	for (i = 0; i < lv.ncpus; i++)
		printf("%s{\"cpu\":%d,\"class\":\"%c\"}", i ? "," : "",
		       lv.cpu[i].cpu, cls[i]);
	printf("],\"settings\":[");
	for (set = 0; set < MAX_SETTINGS; set++) {
		if (!o->text[set])
			continue;
		printf("%s{\"setting\":\"%c\",\"label\":", first ? "" : ",",
		       'a' + set);
		json_str(o->text[set]);
		printf(",\"policy\":");
		json_str(policies[set_policy[set]].name);
		for (k = 0; k < NR_SETTING_KEYS; k++) {
			printf(",\"%s\":", knobs[k].key);
			json_str(setting_value(&o->setting[set], k));
		}
		json_runs(o, set);
		if (set)
			json_compare(o, set);
		printf("}");
		first = 0;
	}
	printf("],\"out\":");
	json_str(o->out);
	printf("}\n");
}

/* --- main --- */

/* Restore the knob defaults; report but keep going on failure. */
static int restore(void)
{
	if (knobs_restore_defaults()) {
		warnx_("could not restore the knob defaults");
		return -1;
	}
	return 0;
}

static int run_all(const struct options *o, FILE *rf, FILE *resf)
{
	int rep, t, set;

	for (rep = 0; rep < o->reps; rep++) {
		for (t = 0; t < o->ntasks; t++) {
			for (set = 0; set < MAX_SETTINGS; set++) {
				if (!o->text[set])
					continue;
				if (one_run(o, set, t, rep))
					return -1;
				print_progress(o, set, t, rep);
				write_csv(o, rf, resf, set, t, rep);
				if (fflush(rf) || fflush(resf)) {
					warnx_("%s: %s", o->out,
					       strerror(errno));
					return -1;
				}
			}
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct options o;
	FILE *rf = NULL, *resf = NULL;
	int ret, i, nset = 0;

	ret = parse_options(argc, argv, &o);
	if (ret) {
		if (ret > 0)
			usage(stdout);
		return ret > 0 ? 0 : 2;
	}
	progress = o.json ? stderr : stdout;
	if (measure_read_live(&lv))
		return 1;
	for (i = 0; i < lv.ncpus; i++)
		cls[i] = place_judged_class(lv.cpu, lv.ncpus, i, lv.judge);
	if (!o.ntasks) {
		for (i = 0; i < lv.ncpus; i++)
			o.tasks[i] = i + 1;
		o.ntasks = lv.ncpus;
	}
	if (o.tasks[o.ntasks - 1] > lv.ncpus) {
		warnx_("--tasks: %d is more than the %d online CPUs",
		       o.tasks[o.ntasks - 1], lv.ncpus);
		return 2;
	}
	for (i = 0; i < MAX_SETTINGS; i++)
		nset += !!o.text[i];
	runs = calloc((size_t)MAX_SETTINGS * o.ntasks * o.reps,
		      sizeof(*runs));
	if (!runs) {
		warnx_("out of memory");
		return 1;
	}
	if (make_dirs(o.out))
		return 1;
	rf = open_csv(o.out, "runs.csv",
		      "setting,label,tasks,rep,ideal_fraction,time_to_ideal_s,migrations,sound,policy");
	resf = rf ? open_csv(o.out, "residency.csv",
			     "setting,label,tasks,rep,cpu,class,residency,sound") :
		    NULL;
	if (!rf || !resf)
		return 1;

	fprintf(progress, "asym-ab: %d settings x %d task counts x %d rep%s = %d runs of about %g s\n",
		nset, o.ntasks, o.reps, o.reps == 1 ? "" : "s",
		nset * o.ntasks * o.reps,
		o.m.settle + o.m.duration);
	fflush(progress);
	measure_setup();
	ret = run_all(&o, rf, resf);
	if (restore())
		ret = -1;
	fclose(rf);
	fclose(resf);
	if (measure_end_if_stopped("stopped, knob defaults restored") || ret)
		return 1;
	if (o.json)
		print_json(&o);
	else
		print_human(&o);
	if (fflush(stdout)) {
		warnx_("stdout: %s", strerror(errno));
		return 1;
	}
	return 0;
}
