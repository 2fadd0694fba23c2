/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Parsers of what the kernel shows: the asym-smt cpu_priority table and
 * selector files, the groups files of the sched debugfs, /proc/PID/stat,
 * /proc/PID/sched, /proc/stat and /proc/schedstat. Each format is parsed
 * here and nowhere else. No I/O: the callers read the files, the unit
 * tests feed canned text.
 */
#ifndef ASYM_PARSE_H
#define ASYM_PARSE_H

#include <stddef.h>

#define PARSE_MAX_CPUS		256
#define PARSE_SD_MASK_LEN	96	/* "%*pb" of PARSE_MAX_CPUS CPUs */

/*
 * One row of /sys/kernel/debug/sched/asym_smt/cpu_priority (header "cpu
 * core_cpu sibling_index raw_prio prio", then one row per online CPU).
 */
struct prio_row {
	int cpu;
	int core;	/* first CPU of its core when the priority was set */
	int index;	/* its sibling index then, from 1 */
	int raw;	/* raw ITMT priority of its core */
	int prio;	/* the priority the scheduler uses */
};

/*
 * Parse the text of cpu_priority into @rows (room for @max). Return the
 * number of rows, or -1 if malformed or longer.
 */
int parse_cpu_priority(const char *text, struct prio_row *rows, int max);

/*
 * The cpu_capacity table ("cpu capacity", then a row per online CPU) into
 * @cap[CPU] (at most @max CPUs; -1 for a CPU without a row): the number
 * of rows, or -1 if malformed.
 */
int parse_cpu_capacity(const char *text, int *cap, int max);

/* The row of CPU @cpu among @rows[0..@n), or NULL. */
const struct prio_row *prio_row_of(const struct prio_row *rows, int n,
				   int cpu);

/* Whether the space-separated @list (a domain's flags) has @word. */
int parse_has_word(const char *list, const char *word);

/*
 * The selected word of a knob's text: "[squared] legacy" gives "squared",
 * a text without brackets is copied. Into @buf; return @buf.
 */
char *parse_selected(const char *text, char *buf, size_t len);

/* One line of /sys/kernel/debug/sched/domains/cpuN/domainM/groups. */
struct sched_group_line {
	char span[128];
	int weight;
	unsigned long capacity;
	int asym_prefer_cpu;
	char flags[512];	/* "SD_A|SD_B" or "0" */
};

/* Parse one groups line into @g; 0, or -1 if malformed. */
int parse_group(const char *line, struct sched_group_line *g);

/* Field 39 ('processor') of a /proc/PID/stat text, or -1 if malformed. */
int parse_pid_stat_cpu(const char *text);

/*
 * se.nr_migrations from a /proc/PID/sched text into @val; 0, or -1 if
 * missing or malformed.
 */
int parse_nr_migrations(const char *text, long long *val);

/* A per-CPU line of /proc/stat ("cpuN user nice system idle ..."). */
struct stat_cpu {
	int cpu;
	unsigned long long user, nice, system, idle, iowait, irq, softirq,
			   steal;
};

/*
 * Parse one /proc/stat line: 1 and @st filled for a "cpuN" line, 0 for any
 * other line (the "cpu" total too), -1 for a malformed "cpuN" line.
 */
int parse_stat_line(const char *line, struct stat_cpu *st);

/*
 * Parse the whole text of /proc/stat into @st (room for @max). Return the
 * number of per-CPU lines, or -1 if one is malformed or there are more.
 */
int parse_stat(const char *text, struct stat_cpu *st, int max);

/*
 * Busy fraction of a CPU between two /proc/stat snapshots: the delta of
 * user+nice+system+irq+softirq+steal over the delta of all eight fields.
 * -1 when no time passed.
 */
double parse_stat_busy_fraction(const struct stat_cpu *a,
				const struct stat_cpu *b);

/*
 * The /proc/schedstat versions read: 15 (6.1) and 16 (6.12), whose domain
 * lines have the same fields with the idle types in another order, which
 * does not matter here: the lb_* counters are summed over them.
 */
#define PARSE_SCHEDSTAT_VERSION_MIN	15
#define PARSE_SCHEDSTAT_VERSION_MAX	16
#define PARSE_IDLE_TYPES	3	/* CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE */
#define PARSE_LB_FIELDS		8
#define PARSE_ALB_FIELDS	3
#define PARSE_SD_TAIL_FIELDS	12	/* alb_*, sbe_*, sbf_*, ttwu_* */

enum parse_lb_field {
	LB_COUNT, LB_BALANCED, LB_FAILED, LB_IMBALANCE, LB_GAINED,
	LB_HOT_GAINED, LB_NOBUSYQ, LB_NOBUSYG,
};

enum parse_alb_field { ALB_COUNT, ALB_FAILED, ALB_PUSHED };

extern const char *const parse_lb_names[PARSE_LB_FIELDS];
extern const char *const parse_alb_names[PARSE_ALB_FIELDS];

/* One "domainN MASK ..." line of /proc/schedstat. */
struct sd_stat {
	int cpu;		/* of the "cpuN" line it follows */
	int domain;		/* N */
	char mask[PARSE_SD_MASK_LEN];
	unsigned int lb[PARSE_IDLE_TYPES][PARSE_LB_FIELDS];
	unsigned int alb[PARSE_ALB_FIELDS];
};

/* Parse one "domainN MASK ..." line into @sd (cpu untouched); 0 or -1. */
int parse_sd_line(const char *line, struct sd_stat *sd);

/*
 * Parse the whole text of /proc/schedstat (version 15 or 16) into @sd (room for
 * @max). Return the number of domain lines, or -1 with a description in
 * @err.
 */
int parse_schedstat(const char *text, struct sd_stat *sd, int max,
			  char *err, size_t errlen);

/* Delta of one domain between two snapshots, lb_* summed over idle types. */
struct sd_delta {
	long long lb[PARSE_LB_FIELDS];
	long long alb[PARSE_ALB_FIELDS];
};

/* @b minus @a (32-bit counters, wrap-safe) into @d. */
void sd_stat_delta(const struct sd_stat *a,
		    const struct sd_stat *b, struct sd_delta *d);

#endif
