/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers shared by the asym-smt guest tools. */
#ifndef ASYM_LIB_H
#define ASYM_LIB_H

#include <stddef.h>

#define SYSFS_CPU	"/sys/devices/system/cpu"

#define ARRAY_SIZE(a)	((int)(sizeof(a) / sizeof((a)[0])))

/* The knobs of the asym-smt kernel patches (sysctl-docs/). */
#define ASYM_SYSCTL		"/proc/sys/kernel/sched_asym_smt"
#define ASYM_DEBUGFS		"/sys/kernel/debug/sched/asym_smt"
#define ASYM_PRIO_FORMULA	ASYM_DEBUGFS "/prio_formula"
#define ASYM_SMT_PULL_CHECK	ASYM_DEBUGFS "/smt_pull_check"
#define ASYM_CPU_PRIORITY	ASYM_DEBUGFS "/cpu_priority"
#define ASYM_ITMT_SUPPORT	ASYM_DEBUGFS "/itmt_support"
#define ITMT_ENABLED_SYSCTL	"/proc/sys/kernel/sched_itmt_enabled"

/* What the scheduler shows of itself. */
#define SCHED_DEBUGFS_DOMAINS	"/sys/kernel/debug/sched/domains"
#define SCHED_DEBUGFS_VERBOSE	"/sys/kernel/debug/sched/verbose"
#define PROC_STAT		"/proc/stat"
#define PROC_SCHEDSTAT		"/proc/schedstat"
#define SCHEDSTATS_SYSCTL	"/proc/sys/kernel/sched_schedstats"

extern const char *prog;

/* Print "prog: message" to stderr. */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Read @path into @buf (NUL-terminated, trailing newline stripped).
 * Return the length, or -errno after naming the file and the error.
 * With @quiet, a missing file is not reported.
 */
int read_text(const char *path, char *buf, size_t len, int quiet);

/*
 * Read the file open at @fd from its start into @buf like read_text(),
 * without reopening it (cheap re-reads of /proc files); @path names it in
 * errors, which are reported unless @quiet.
 */
int pread_text(int fd, const char *path, char *buf, size_t len, int quiet);

/* Write @text to @path; return 0 or -errno after naming the file. */
int write_text(const char *path, const char *text);

/* Parse a cpulist ("0-3,6") into @mask of @n entries; -1 if malformed. */
int parse_cpulist(const char *list, unsigned char *mask, int n);

/* Number of possible CPUs (from SYSFS_CPU/possible), or -1. */
int possible_cpus(void);

/*
 * Online CPUs (from SYSFS_CPU/online) into @mask of @n entries; return
 * their number, or -1 after naming the file.
 */
int online_cpus(unsigned char *mask, int n);

/* 1 if @cpu is online, 0 if offline, -1 on error. */
int cpu_online(int cpu);

/*
 * Command-line values: print "prog: OPT: 'ARG' WHAT (see --help)" and
 * return -1 on a bad one. opt_decimal() takes digits and one optional
 * point up to @max (@what names the unit in errors); opt_int() a whole
 * number from @min to @max.
 */
int opt_error(const char *opt, const char *arg, const char *what);
int opt_decimal(const char *opt, const char *arg, double max,
		const char *what, double *val);
int opt_int(const char *opt, const char *arg, int min, int max, int *val);

/* Print a JSON string literal. */
void json_str(const char *s);

#endif
