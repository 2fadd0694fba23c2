/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pure logic of asym-place: the ideal placement of N CPU-bound tasks on the
 * live topology, the checks of sampled placements against it, and parsers
 * of the /proc and debugfs texts it reads. No I/O here: asym-place.c reads
 * the files and hands their text over, tests/unit/place-test.c feeds canned
 * text.
 */
#ifndef ASYM_PLACE_H
#define ASYM_PLACE_H

#include <stdbool.h>
#include <stddef.h>

#define PLACE_MAX_CPUS		256
#define PLACE_SD_MASK_LEN	96	/* "%*pb" of PLACE_MAX_CPUS CPUs */

/* One online CPU as the topology and cpu_priority describe it. */
struct place_cpu {
	int cpu;
	int core;		/* first CPU of its thread_siblings_list */
	int thread;		/* position in that list, from 0 */
	int raw_prio;		/* raw ITMT priority of its core */
};

/*
 * The ideal placement of @n tasks. The online CPUs in order of preference
 * (thread index ascending, raw priority descending, CPU number) form tiers
 * of interchangeable CPUs (same thread index and raw priority). The first
 * @nfull CPUs of @order are the tiers @n tasks fully cover; the next
 * @nboundary are the boundary tier, of which @k CPUs are used (@k is 0 and
 * @nboundary 0 when @n ends exactly at a tier's end).
 */
struct place_ideal {
	int n;
	int ncpus;
	struct place_cpu order[PLACE_MAX_CPUS];
	int nfull;
	int nboundary;
	int k;
};

/*
 * Compute the ideal placement of @n tasks on the @ncpus CPUs @cpus (any
 * order). Return 0, or -1 if @n is not 1..@ncpus or @ncpus is out of range.
 */
int place_ideal_compute(const struct place_cpu *cpus, int ncpus, int n,
			struct place_ideal *ideal);

/* Whether @a and @b are interchangeable (same tier). */
bool place_same_tier(const struct place_cpu *a, const struct place_cpu *b);

/*
 * Whether the CPUs @cpus of the @n tasks (one entry per task, duplicates
 * and -1 for "unknown" allowed) form an ideal placement: exactly ideal->n
 * distinct CPUs, all those of the fully covered tiers, the rest in the
 * boundary tier.
 */
bool place_is_ideal(const struct place_ideal *ideal, const int *cpus, int n);

/*
 * Where the threads of a core share one priority (v6.5 and later), which
 * threads of a core run the tasks does not matter, only how many do: write
 * to @out the CPUs @cpus of the @n tasks with each core's busy CPUs
 * replaced by its first threads (tasks on one CPU stay together; -1 and
 * CPUs not in @ideal are kept), so that place_is_ideal() judges cores.
 */
void place_by_core(const struct place_ideal *ideal, const int *cpus, int n,
		   int *out);

/*
 * The busy set of @n task CPUs: the distinct non-negative entries of @cpus,
 * ascending, into @set (room for @n). Return their number.
 */
int place_busy_set(const int *cpus, int n, int *set);

/*
 * First index from which every entry of @ok[0..@n) is true (the sample at
 * which the ideal was reached and then held to the end), or -1 if the last
 * one is false or @n is 0.
 */
int place_held_from(const bool *ok, int n);

/*
 * Residency of each of the @ncpus CPUs @cpus: the fraction of the
 * @nsamples samples in which it ran at least one of the @nworkers tasks.
 * @samples is row-major: samples[s * nworkers + w] is task w's CPU in
 * sample s. Writes @res[0..@ncpus).
 */
void place_residency(const int *samples, int nsamples, int nworkers,
		     const int *cpus, int ncpus, double *res);

/* "{0,2,4}" from @set[0..@n) into @buf; return @buf. */
char *place_format_set(const int *set, int n, char *buf, size_t len);

/*
 * The ideal set as text into @buf, e.g. "{0,2}", "{0,2} + 1 of {4,6}" or
 * "1 of {0,2}"; return @buf.
 */
char *place_format_ideal(const struct place_ideal *ideal, char *buf,
			 size_t len);

/* --- parsers --- */

/*
 * Parse the text of /sys/kernel/debug/sched/asym_smt/cpu_priority (header
 * "cpu core_cpu sibling_index raw_prio prio", then one row per online CPU)
 * into @raw_prio[cpu] for cpu < @max; entries of CPUs without a row are
 * left as they are. Return the number of rows, or -1 if malformed.
 */
int place_parse_cpu_priority(const char *text, int *raw_prio, int max);

/* Field 39 ('processor') of a /proc/PID/stat text, or -1 if malformed. */
int place_parse_pid_stat_cpu(const char *text);

/*
 * se.nr_migrations from a /proc/PID/sched text into @val; 0, or -1 if
 * missing or malformed.
 */
int place_parse_nr_migrations(const char *text, long long *val);

/* A per-CPU line of /proc/stat ("cpuN user nice system idle ..."). */
struct place_stat_cpu {
	int cpu;
	unsigned long long user, nice, system, idle, iowait, irq, softirq,
			   steal;
};

/*
 * Parse one /proc/stat line: 1 and @st filled for a "cpuN" line, 0 for any
 * other line (the "cpu" total too), -1 for a malformed "cpuN" line.
 */
int place_parse_stat_line(const char *line, struct place_stat_cpu *st);

/*
 * Parse the whole text of /proc/stat into @st (room for @max). Return the
 * number of per-CPU lines, or -1 if one is malformed or there are more.
 */
int place_parse_stat(const char *text, struct place_stat_cpu *st, int max);

/*
 * Busy fraction of a CPU between two /proc/stat snapshots: the delta of
 * user+nice+system+irq+softirq+steal over the delta of all eight fields.
 * -1 when no time passed.
 */
double place_stat_busy_fraction(const struct place_stat_cpu *a,
				const struct place_stat_cpu *b);

/*
 * The /proc/schedstat versions read: 15 (6.1) and 16 (6.12), whose domain
 * lines have the same fields with the idle types in another order, which
 * does not matter here: the lb_* counters are summed over them.
 */
#define PLACE_SCHEDSTAT_VERSION_MIN	15
#define PLACE_SCHEDSTAT_VERSION_MAX	16
#define PLACE_IDLE_TYPES	3	/* CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE */
#define PLACE_LB_FIELDS		8
#define PLACE_ALB_FIELDS	3
#define PLACE_SD_TAIL_FIELDS	12	/* alb_*, sbe_*, sbf_*, ttwu_* */

enum place_lb_field {
	LB_COUNT, LB_BALANCED, LB_FAILED, LB_IMBALANCE, LB_GAINED,
	LB_HOT_GAINED, LB_NOBUSYQ, LB_NOBUSYG,
};

enum place_alb_field { ALB_COUNT, ALB_FAILED, ALB_PUSHED };

extern const char *const place_lb_names[PLACE_LB_FIELDS];
extern const char *const place_alb_names[PLACE_ALB_FIELDS];

/* One "domainN MASK ..." line of /proc/schedstat. */
struct place_sd_stat {
	int cpu;		/* of the "cpuN" line it follows */
	int domain;		/* N */
	char mask[PLACE_SD_MASK_LEN];
	unsigned int lb[PLACE_IDLE_TYPES][PLACE_LB_FIELDS];
	unsigned int alb[PLACE_ALB_FIELDS];
};

/* Parse one "domainN MASK ..." line into @sd (cpu untouched); 0 or -1. */
int place_parse_sd_line(const char *line, struct place_sd_stat *sd);

/*
 * Parse the whole text of /proc/schedstat (version 15 or 16) into @sd (room for
 * @max). Return the number of domain lines, or -1 with a description in
 * @err.
 */
int place_parse_schedstat(const char *text, struct place_sd_stat *sd, int max,
			  char *err, size_t errlen);

/* Delta of one domain between two snapshots, lb_* summed over idle types. */
struct place_sd_delta {
	long long lb[PLACE_LB_FIELDS];
	long long alb[PLACE_ALB_FIELDS];
};

/* @b minus @a (32-bit counters, wrap-safe) into @d. */
void place_sd_delta(const struct place_sd_stat *a,
		    const struct place_sd_stat *b, struct place_sd_delta *d);

/* --- statistics for A/B comparisons --- */

/*
 * The SMT-aware asym packing policy in force, from the kernel release
 * (uname -r) and the asym-smt knobs as read (the selected words), "-"
 * where absent: "v5.16", "pre-v5.16 (kernel.sched_asym_smt=0)",
 * "v6.5+ (kernel.sched_asym_smt=2)", "v6.5+ (stock kernel)"... A policy
 * whose name starts with "v6.5" is judged by core.
 */
const char *place_policy(const char *release, const char *sysctl,
			 const char *formula, const char *pull);

/* Mean of @v[0..@n); 0 for n = 0. */
double place_mean(const double *v, int n);

/* Sample standard deviation (n - 1) of @v[0..@n); 0 for n < 2. */
double place_stddev(const double *v, int n);

/* Largest |@a[i] - @b[i]| over i < @n, ignoring pairs with a negative. */
double place_max_abs_diff(const double *a, const double *b, int n);

#endif
