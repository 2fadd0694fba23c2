// SPDX-License-Identifier: GPL-2.0
/* The running kernel as the guest tools see it: see kernel.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "kernel.h"
#include "place.h"
#include "topo.h"
#include "lib.h"

#define BIG_BUF		(256 * 1024)

int knob_read(enum knob_id id, char *buf, size_t len, int quiet)
{
	char text[256];
	int ret;

	ret = read_text(knobs[id].path, text, sizeof(text), quiet);
	if (ret < 0)
		return ret;
	parse_selected(text, buf, len);
	return 0;
}

void knob_read_or_dash(enum knob_id id, char *buf, size_t len)
{
	if (knob_read(id, buf, len, 1) < 0)
		snprintf(buf, len, "-");
}

int knob_reads_back(const struct knob *k, const struct knob_value *v)
{
	static struct prio_row rows[PARSE_MAX_CPUS];
	const struct prio_row *r;
	char word[128];
	int n;

	if (k->kind == KNOB_CAPACITY) {
		static int cap[PARSE_MAX_CPUS];

		if (read_cpu_capacity(cap, PARSE_MAX_CPUS, 0) < 0 ||
		    v->cpu >= PARSE_MAX_CPUS)
			return -1;
		return cap[v->cpu] == v->val;
	}
	if (k->kind != KNOB_PRIORITY) {
		if (knob_read(k - knobs, word, sizeof(word), 0) < 0)
			return -1;
		return !strcmp(word, v->word);
	}
	n = read_cpu_priority(rows, PARSE_MAX_CPUS, 0);
	if (n < 0)
		return -1;
	r = prio_row_of(rows, n, v->cpu);
	return r ? r->raw == v->val : -1;
}

int cpu_siblings_mask(int cpu, unsigned char *mask, int n, int quiet)
{
	char path[128], buf[1024];

	snprintf(path, sizeof(path),
		 SYSFS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
	if (read_text(path, buf, sizeof(buf), quiet) < 0)
		return -1;
	if (parse_cpulist(buf, mask, n) || cpu >= n || !mask[cpu]) {
		warnx_("%s: malformed '%s'", path, buf);
		return -1;
	}
	return 0;
}

int cpu_siblings(int cpu, int *core, int *thread, int *nthreads, int quiet)
{
	unsigned char mask[PARSE_MAX_CPUS];
	int i;

	if (cpu_siblings_mask(cpu, mask, PARSE_MAX_CPUS, quiet))
		return -1;
	*core = -1;
	*thread = 0;
	*nthreads = 0;
	for (i = 0; i < PARSE_MAX_CPUS; i++) {
		if (!mask[i])
			continue;
		if (*core < 0)
			*core = i;
		*thread += i < cpu;
		(*nthreads)++;
	}
	return 0;
}

/* The first CPU of the cpulist in @path, or -1. */
static int first_cpu_of(const char *path)
{
	unsigned char mask[PARSE_MAX_CPUS];
	char buf[1024];
	int i;

	if (read_text(path, buf, sizeof(buf), 1) < 0 ||
	    parse_cpulist(buf, mask, PARSE_MAX_CPUS))
		return -1;
	for (i = 0; i < PARSE_MAX_CPUS; i++)
		if (mask[i])
			return i;
	return -1;
}

void cpu_caches(int cpu, int *l2, int *llc)
{
	char path[128];

	*l2 = *llc = -1;
	if (!cpu_cache_path("", cpu, 2, path, sizeof(path)))
		*l2 = *llc = first_cpu_of(path);
	if (!cpu_cache_path("", cpu, 3, path, sizeof(path)))
		*llc = first_cpu_of(path);
}

/* The text of table knob @id, or NULL with *@ret -errno as read_text(). */
static const char *table_text(enum knob_id id, int quiet, int *ret)
{
	static char text[BIG_BUF];

	*ret = read_text(knobs[id].path, text, sizeof(text), quiet);
	return *ret < 0 ? NULL : text;
}

/* @rows, what a parser made of table knob @id; -EINVAL if malformed. */
static int table_parsed(enum knob_id id, int rows)
{
	if (rows >= 0)
		return rows;
	warnx_("%s: malformed", knobs[id].path);
	return -EINVAL;
}

int read_cpu_priority(struct prio_row *rows, int max, int quiet)
{
	int ret;
	const char *text = table_text(KNOB_CPU_PRIORITY, quiet, &ret);

	return text ? table_parsed(KNOB_CPU_PRIORITY,
				   parse_cpu_priority(text, rows, max)) : ret;
}

int read_cpu_capacity(int *cap, int max, int quiet)
{
	int ret;
	const char *text = table_text(KNOB_CPU_CAPACITY, quiet, &ret);

	return text ? table_parsed(KNOB_CPU_CAPACITY,
				   parse_cpu_capacity(text, cap, max)) : ret;
}

int knob_in_tree(enum knob_id id)
{
	const char *tree = getenv("TREE");
	int t;

	if (!tree || !*tree)
		return 1;
	for (t = 0; t < NR_TREES; t++)
		if (!strcmp(tree, tree_names[t]))
			return !!(knobs[id].trees & (1u << t));
	return 1;
}

int real_numbering_from_env(void)
{
	const char *list = getenv("REAL_CPUS");
	int real[PLACE_MAX_CPUS], n = possible_cpus();
	char err[256];

	if (!list || !*list) {
		warnx_("--real: $REAL_CPUS is not set: boot a part of the catalogue (make run TOPOLOGY=PART)");
		return -1;
	}
	if (n < 0)
		return -1;
	if (n > PLACE_MAX_CPUS) {
		warnx_("REAL_CPUS: %d possible CPUs, at most %d", n,
		       PLACE_MAX_CPUS);
		return -1;
	}
	if (topo_parse_real(list, n, real, err, sizeof(err))) {
		warnx_("REAL_CPUS=%s", err);
		return -1;
	}
	place_set_numbering(real, n);
	return 0;
}

void kernel_release(char *buf, size_t len)
{
	struct utsname u;

	snprintf(buf, len, "%s", uname(&u) ? "-" : u.release);
}

enum policy policy_now(enum policy_via *via)
{
	char release[65], sysctl[64], formula[64], pull[64];

	kernel_release(release, sizeof(release));
	knob_read_or_dash(KNOB_SYSCTL, sysctl, sizeof(sysctl));
	knob_read_or_dash(KNOB_FORMULA, formula, sizeof(formula));
	knob_read_or_dash(KNOB_PULL, pull, sizeof(pull));
	return policy_of(release, sysctl, formula, pull, via);
}

int knob_absent(enum knob_id id)
{
	return access(knobs[id].path, F_OK) && errno == ENOENT;
}

/* A stock kernel: asking for its own policy or the defaults is a no-op. */
static int apply_stock(const struct setting *s)
{
	enum policy_via via;
	enum policy p = policy_now(&via);

	if (s->policy != POLICY_UNKNOWN ? s->policy == p :
	    setting_is_default(s))
		return 0;
	warnx_("%s: this kernel has no asym-smt knobs and runs %s: it cannot run %s",
	       knobs[KNOB_SYSCTL].path, policies[p].name,
	       s->policy != POLICY_UNKNOWN ? policies[s->policy].name :
	       "other than the default settings");
	return -1;
}

int setting_apply(const struct setting *s)
{
	int k;

	if (knob_absent(KNOB_SYSCTL))
		return apply_stock(s);
	for (k = 0; k < NR_SETTING_KEYS; k++) {
		const char *want = setting_value(s, k);
		char got[128];

		if (!want)
			continue;
		if (write_text(knobs[k].path, want) ||
		    knob_read(k, got, sizeof(got), 0))
			return -1;
		if (strcmp(got, want)) {
			warnx_("%s: wrote '%s', reads back '%s'",
			       knobs[k].path, want, got);
			return -1;
		}
	}
	return 0;
}

int knobs_restore_defaults(void)
{
	int k, ret = 0;

	for (k = 0; k < NR_KNOBS; k++) {
		if (!knobs[k].ours || !knob_default(&knobs[k]) ||
		    knob_absent(k))
			continue;
		if (write_text(knobs[k].path, knob_default(&knobs[k])))
			ret = -1;
	}
	return ret;
}

int sched_domains_files_on(void)
{
	if (!access(SCHED_DEBUGFS_DOMAINS, F_OK) || errno != ENOENT ||
	    access(SCHED_DEBUGFS_VERBOSE, W_OK))
		return 0;
	if (write_text(SCHED_DEBUGFS_VERBOSE, "Y"))
		return -1;
	return 1;
}

int sched_domains_verbose_off(void)
{
	return write_text(SCHED_DEBUGFS_VERBOSE, "N");
}

int sched_domain_dir(int cpu, int d, char *dir, size_t len)
{
	snprintf(dir, len, SCHED_DEBUGFS_DOMAINS "/cpu%d/domain%d", cpu, d);
	return access(dir, F_OK) ? -1 : 0;
}

int sched_domain_file(const char *dir, const char *file, char *buf,
		      size_t len)
{
	char path[192];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return read_text(path, buf, len, 0) < 0 ? -1 : 0;
}

int sched_domain_paths(const char *dir)
{
	char flags[1024];

	if (sched_domain_file(dir, "flags", flags, sizeof(flags)))
		return -1;
	return (parse_has_word(flags, "SD_ASYM_PACKING") ? SD_PATH_PACKING : 0) |
	       (parse_has_word(flags, "SD_ASYM_CPUCAPACITY") ?
		SD_PATH_CAPACITY : 0);
}

int cpu_domains_paths(int cpu)
{
	char dir[128];
	int d, one, paths = 0;

	for (d = 0; !sched_domain_dir(cpu, d, dir, sizeof(dir)); d++) {
		one = sched_domain_paths(dir);
		if (one < 0)
			return -1;
		paths |= one;
	}
	return d ? paths : -1;
}

int sched_domain_groups(const char *dir,
			int (*fn)(const struct sched_group_line *g, int first,
				  void *arg),
			void *arg)
{
	static char text[64 * 1024];
	const char *line;
	int first = 1;

	if (sched_domain_file(dir, "groups", text, sizeof(text)))
		return -1;
	for (line = text; *line; ) {
		size_t len = strcspn(line, "\n");
		struct sched_group_line g;
		char one[1024];

		snprintf(one, sizeof(one), "%.*s", (int)len, line);
		line += len + (line[len] == '\n');
		if (!*one)
			continue;
		if (parse_group(one, &g)) {
			warnx_("%s/groups: malformed '%s'", dir, one);
			return -1;
		}
		if (fn(&g, first, arg))
			return -1;
		first = 0;
	}
	return 0;
}
