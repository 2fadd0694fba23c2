/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers shared by the asym-smt guest tools. */
#ifndef ASYM_LIB_H
#define ASYM_LIB_H

#include <stdbool.h>
#include <stddef.h>

#define SYSFS_CPU	"/sys/devices/system/cpu"

#define ARRAY_SIZE(a)	((int)(sizeof(a) / sizeof((a)[0])))

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

/*
 * The cpulist of @mask of @n entries into @buf, as the kernel prints it
 * ("0-3,6", "" for none); 0, or -1 when @buf is too short.
 */
int format_cpulist(const unsigned char *mask, int n, char *buf, size_t len);

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

struct option;

/*
 * The getopt_long() loop of a tool: 'h' (--help) returns 1, 'j' (--json)
 * sets *@json; every other option goes to @take with its long name (NULL
 * for a short option) and argument, which returns 0, or -1 after saying
 * what is wrong with the value. All options are taken before it returns
 * -1 for a bad one, an unknown option or a left-over argument; else 0.
 */
int opt_parse(int argc, char **argv, const char *shortopts,
	      const struct option *opts,
	      int (*take)(int c, const char *name, const char *arg, void *ctx),
	      void *ctx, bool *json);

/* The getopt_long() entries of the options opt_parse() takes itself. */
#define OPT_COMMON_LONG_OPTIONS \
	{ "json", no_argument, NULL, 'j' }, \
	{ "help", no_argument, NULL, 'h' }, \
	{ 0 }

/* Print a JSON string literal. */
void json_str(const char *s);

/* Print @s as a JSON string, or null when it is "-" (absent). */
void json_str_or_null(const char *s);

/* @v[0..@n) as a JSON array of numbers. */
void json_int_array(const int *v, int n);

/*
 * A CSV field: @s as is, or in double quotes (quotes doubled) when it
 * holds a comma, quote, or line break. Into @buf; return @buf.
 */
char *csv_field(const char *s, char *buf, size_t len);

/*
 * Format an error into @err of @errlen bytes (nothing when @errlen is 0)
 * and return -1: the pure parsers report what is wrong this way.
 */
int errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Parse a list of counts, "A-B" or "A,B,C" (each 1..@max, ascending, no
 * repeats) into @list (room for @max). Return the count, or -1 with a
 * description in @err.
 */
int parse_counts(const char *arg, int *list, int max, char *err,
		 size_t errlen);

/* xorshift64*: a seeded stream, the same on every host. */
struct rng {
	unsigned long long state;
};

/* Seed @r from @seed and a stream number @stream (never all zero). */
void rng_seed(struct rng *r, unsigned long long seed, unsigned int stream);
unsigned long long rng_next(struct rng *r);

#endif
