// SPDX-License-Identifier: GPL-2.0
/* Describe a real host as a lab topology spec: see describe.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "lib.h"

#define CPU_DIR	"sys/devices/system/cpu"

/* One core of the host, as sysfs shows it. */
struct hcore {
	int first;			/* its lowest CPU number */
	int nthreads;
	int cpu[TOPO_MAX_THREADS];	/* its CPUs, ascending */
	char cls;
	long prio;
	int l2;				/* index into the L2 lists seen */
	int llc;			/* index into the LLC lists seen */
};

struct host {
	const char *root;
	int ncores;
	struct hcore core[TOPO_MAX_CORES];
	int core_of[DESCRIBE_MAX_CPUS];	/* host CPU -> core, -1 */
	unsigned char l2[TOPO_MAX_CORES][DESCRIBE_MAX_CPUS];
	int nl2;
	unsigned char llc[TOPO_MAX_CORES][DESCRIBE_MAX_CPUS];
	int nllc;
};

/* Read root/@rel (printf-style) into @buf; the length, or < 0. */
static int rd(const struct host *h, char *buf, size_t len, const char *fmt,
	      ...) __attribute__((format(printf, 4, 5)));

static int rd(const struct host *h, char *buf, size_t len, const char *fmt,
	      ...)
{
	char rel[256], path[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	snprintf(path, sizeof(path), "%s/%s", h->root, rel);
	return read_text(path, buf, len, 1);
}

/* Read the cpulist file root/@rel into @mask; 0, or -1. */
static int rd_list(const struct host *h, unsigned char *mask, const char *rel)
{
	char buf[1024];

	if (rd(h, buf, sizeof(buf), "%s", rel) < 0)
		return -1;
	return parse_cpulist(buf, mask, DESCRIBE_MAX_CPUS);
}

static int count(const unsigned char *mask)
{
	int i, n = 0;

	for (i = 0; i < DESCRIBE_MAX_CPUS; i++)
		n += mask[i];
	return n;
}

/* The index of @mask in @lists (adding it); -1 if full. */
static int index_of(unsigned char (*lists)[DESCRIBE_MAX_CPUS], int *n,
		    const unsigned char *mask)
{
	int i;

	for (i = 0; i < *n; i++)
		if (!memcmp(lists[i], mask, DESCRIBE_MAX_CPUS))
			return i;
	if (*n == TOPO_MAX_CORES)
		return -1;
	memcpy(lists[*n], mask, DESCRIBE_MAX_CPUS);
	return (*n)++;
}

/* The shared_cpu_list of @cpu's cache of @level into @mask; 0, or -1. */
static int cache_list(const struct host *h, int cpu, int level,
		      unsigned char *mask)
{
	char path[512], buf[1024];

	if (cpu_cache_path(h->root, cpu, level, path, sizeof(path)) ||
	    read_text(path, buf, sizeof(buf), 1) < 0)
		return -1;
	return parse_cpulist(buf, mask, DESCRIBE_MAX_CPUS) ? -1 : 0;
}

static int cores(struct host *h, const unsigned char *online, char *err,
		 size_t errlen)
{
	unsigned char sib[DESCRIBE_MAX_CPUS];
	char pkg0[32] = "", buf[32], rel[128];
	int cpu, i;

	for (cpu = 0; cpu < DESCRIBE_MAX_CPUS; cpu++)
		h->core_of[cpu] = -1;
	for (cpu = 0; cpu < DESCRIBE_MAX_CPUS; cpu++) {
		struct hcore *c;

		if (!online[cpu] || h->core_of[cpu] >= 0)
			continue;
		snprintf(rel, sizeof(rel),
			 CPU_DIR "/cpu%d/topology/thread_siblings_list", cpu);
		if (rd_list(h, sib, rel))
			return errf(err, errlen,
				    "cpu%d: no readable topology/thread_siblings_list",
				    cpu);
		if (rd(h, buf, sizeof(buf),
		       CPU_DIR "/cpu%d/topology/physical_package_id", cpu) >= 0) {
			if (!pkg0[0])
				snprintf(pkg0, sizeof(pkg0), "%s", buf);
			else if (strcmp(pkg0, buf))
				return errf(err, errlen,
					    "cpu%d is in package %s, cpu0's in %s: the lab describes one package",
					    cpu, buf, pkg0);
		}
		if (h->ncores == TOPO_MAX_CORES)
			return errf(err, errlen, "more than %d cores",
				    TOPO_MAX_CORES);
		c = &h->core[h->ncores];
		memset(c, 0, sizeof(*c));
		c->first = cpu;
		for (i = 0; i < DESCRIBE_MAX_CPUS; i++) {
			if (!sib[i] || !online[i])
				continue;
			if (c->nthreads == TOPO_MAX_THREADS)
				return errf(err, errlen,
					    "cpu%d: more than %d threads in a core",
					    cpu, TOPO_MAX_THREADS);
			if (h->core_of[i] >= 0)
				return errf(err, errlen,
					    "cpu%d: its siblings overlap another core's",
					    cpu);
			c->cpu[c->nthreads++] = i;
			h->core_of[i] = h->ncores;
		}
		if (!c->nthreads || h->core_of[cpu] != h->ncores)
			return errf(err, errlen,
				    "cpu%d: not among its own thread_siblings_list",
				    cpu);
		h->ncores++;
	}
	if (!h->ncores)
		return errf(err, errlen, "no online CPU");
	return 0;
}

/* The core classes: E for the CPUs of the hybrid PMU cpu_atom. */
static int classes(struct host *h, struct describe *d, char *err,
		   size_t errlen)
{
	unsigned char atom[DESCRIBE_MAX_CPUS];
	int i, t;

	if (rd_list(h, atom, "sys/devices/cpu_atom/cpus")) {
		memset(atom, 0, sizeof(atom));
		snprintf(d->hybrid, sizeof(d->hybrid),
			 "not hybrid (no sys/devices/cpu_atom/cpus): every core P");
	} else {
		snprintf(d->hybrid, sizeof(d->hybrid),
			 "hybrid: E-cores from sys/devices/cpu_atom/cpus");
	}
	for (i = 0; i < h->ncores; i++) {
		struct hcore *c = &h->core[i];

		c->cls = atom[c->cpu[0]] ? 'E' : 'P';
		for (t = 1; t < c->nthreads; t++)
			if (atom[c->cpu[t]] != atom[c->cpu[0]])
				return errf(err, errlen,
					    "cpu%d and cpu%d: one core, two classes",
					    c->cpu[0], c->cpu[t]);
	}
	return 0;
}

/* Whether sysfs shows the L2 of any core (many VMs hide cpuN/cache/). */
static int any_l2(const struct host *h)
{
	unsigned char m[DESCRIBE_MAX_CPUS];
	int i;

	for (i = 0; i < h->ncores; i++)
		if (!cache_list(h, h->core[i].first, 2, m))
			return 1;
	return 0;
}

/*
 * The L2 and LLC of every core; cores without an L3 use their L2. A host
 * that shows no cache at all (no cpuN/cache/index*, as in many VMs) is
 * described with what the lab assumes then: every core its own L2, one
 * LLC; @d->caches says so. A host that shows some and not others is
 * refused.
 */
static int caches(struct host *h, struct describe *d, char *err,
		  size_t errlen)
{
	unsigned char m2[DESCRIBE_MAX_CPUS], m3[DESCRIBE_MAX_CPUS];
	int i, t, assumed = !any_l2(h);

	if (assumed) {
		memset(m3, 0, sizeof(m3));
		for (i = 0; i < h->ncores; i++)
			for (t = 0; t < h->core[i].nthreads; t++)
				m3[h->core[i].cpu[t]] = 1;
		snprintf(d->caches, sizeof(d->caches),
			 "assumed: no cache information (no cpuN/cache/index*/level in sysfs), so every core its own L2, one LLC");
	} else {
		snprintf(d->caches, sizeof(d->caches),
			 "cache/index*/shared_cpu_list");
	}
	for (i = 0; i < h->ncores; i++) {
		struct hcore *c = &h->core[i];

		if (assumed) {
			memset(m2, 0, sizeof(m2));
			for (t = 0; t < c->nthreads; t++)
				m2[c->cpu[t]] = 1;
		} else if (cache_list(h, c->first, 2, m2)) {
			return errf(err, errlen,
				    "cpu%d: no level-2 cache in cache/index*/, where other CPUs show theirs",
				    c->first);
		} else if (cache_list(h, c->first, 3, m3)) {
			memcpy(m3, m2, sizeof(m3));
		}
		for (t = 0; t < c->nthreads; t++)
			if (!m2[c->cpu[t]] || !m3[c->cpu[t]])
				return errf(err, errlen,
					    "cpu%d: not in its core's caches",
					    c->cpu[t]);
		for (t = 0; t < DESCRIBE_MAX_CPUS; t++)
			if (m2[t] && !m3[t])
				return errf(err, errlen,
					    "cpu%d: its L2 reaches beyond its LLC",
					    c->first);
		c->l2 = index_of(h->l2, &h->nl2, m2);
		c->llc = index_of(h->llc, &h->nllc, m3);
		if (c->l2 < 0 || c->llc < 0)
			return errf(err, errlen, "more than %d caches",
				    TOPO_MAX_CORES);
	}
	return 0;
}

/* Append @text to the note on the priorities. */
static void note_add(struct describe *d, const char *text)
{
	size_t l = strlen(d->prio_note);

	snprintf(d->prio_note + l, sizeof(d->prio_note) - l, "%s", text);
}

/*
 * Priorities: acpi_cppc/highest_perf unless it says 255 everywhere (ITMT
 * then takes MSR_HWP_CAPABILITIES, which sysfs does not show), else
 * amd_pstate_prefcore_ranking, else cpuinfo_max_freq in MHz; all three
 * per core, from its first thread.
 */
static int priorities(struct host *h, struct describe *d, char *err,
		      size_t errlen)
{
	static const struct {
		const char *file, *name;
		long div;
	} src[] = {
		{ CPU_DIR "/cpu%d/acpi_cppc/highest_perf",
		  "acpi_cppc/highest_perf", 1 },
		{ CPU_DIR "/cpu%d/cpufreq/amd_pstate_prefcore_ranking",
		  "cpufreq/amd_pstate_prefcore_ranking", 1 },
		{ CPU_DIR "/cpu%d/cpufreq/cpuinfo_max_freq",
		  "cpufreq/cpuinfo_max_freq in MHz (a stand-in)", 1000 },
	};
	unsigned int s;
	char buf[64];
	int i;

	for (s = 0; s < sizeof(src) / sizeof(src[0]); s++) {
		int all255 = 1, ok = 1;

		for (i = 0; i < h->ncores && ok; i++) {
			char *end;
			long v;

			ok = rd(h, buf, sizeof(buf), src[s].file,
				h->core[i].first) > 0;
			if (!ok)
				break;
			v = strtol(buf, &end, 10);
			ok = !*end && v > 0;
			h->core[i].prio = v / src[s].div;
			all255 &= v == 255;
			if (ok && (h->core[i].prio < 1 ||
				   h->core[i].prio > TOPO_MAX_PRIO))
				return errf(err, errlen,
					    "cpu%d: %s %ld: out of 1-%d",
					    h->core[i].first, src[s].name,
					    h->core[i].prio, TOPO_MAX_PRIO);
		}
		if (!ok)
			continue;
		if (s == 0 && all255) {
			note_add(d, "acpi_cppc/highest_perf is 255 on every CPU, so ITMT takes MSR_HWP_CAPABILITIES, which sysfs does not show; ");
			continue;
		}
		snprintf(d->prio_source, sizeof(d->prio_source), "%s",
			 src[s].name);
		if (s == 2)
			note_add(d, "the kernel's priorities are not in sysfs: the maximum frequency stands in");
		return 0;
	}
	for (i = 0; i < h->ncores; i++)
		h->core[i].prio = h->core[i].cls == 'P' ? TOPO_DEFAULT_PRIO_P :
							  TOPO_DEFAULT_PRIO_E;
	snprintf(d->prio_source, sizeof(d->prio_source),
		 "none: the lab's defaults (P %d, E %d)", TOPO_DEFAULT_PRIO_P,
		 TOPO_DEFAULT_PRIO_E);
	note_add(d, "no priority file was readable");
	return 0;
}

static void itmt(const struct host *h, struct describe *d)
{
	static const char *const knob[] = {
		"proc/sys/kernel/sched_itmt_enabled",	/* before 6.14 */
		"sys/kernel/debug/x86/sched_itmt_enabled",
	};
	unsigned int i;
	char buf[16];

	for (i = 0; i < sizeof(knob) / sizeof(knob[0]); i++) {
		if (rd(h, buf, sizeof(buf), "%s", knob[i]) <= 0)
			continue;
		snprintf(d->itmt, sizeof(d->itmt), "%s (/%s)",
			 !strcmp(buf, "1") ? "on" : "off", knob[i]);
		return;
	}
	snprintf(d->itmt, sizeof(d->itmt),
		 "no knob readable: no ITMT, or debugfs not mounted or not readable");
}

static void numbering(const struct host *h, struct describe *d)
{
	int i, t, adjacent = 1, stride = -1, strided = 1;

	for (i = 0; i < h->ncores; i++) {
		const struct hcore *c = &h->core[i];

		for (t = 1; t < c->nthreads; t++) {
			int step = c->cpu[t] - c->cpu[t - 1];

			adjacent &= step == 1;
			if (stride < 0)
				stride = step;
			strided &= step == stride;
		}
	}
	if (stride < 0)
		snprintf(d->numbering, sizeof(d->numbering), "no SMT");
	else if (adjacent)
		snprintf(d->numbering, sizeof(d->numbering),
			 "siblings adjacent");
	else if (strided)
		snprintf(d->numbering, sizeof(d->numbering),
			 "siblings n and n+%d", stride);
	else
		snprintf(d->numbering, sizeof(d->numbering),
			 "siblings irregular");
}

/*
 * Lab order: LLC by LLC in the order the host numbers them, cores in
 * the host's order within one; an L2 module must come out in one piece.
 */
static int lab_order(struct host *h, struct describe *d, char *err,
		     size_t errlen)
{
	int order[TOPO_MAX_CORES], n = 0, l, i, j, l2 = -1, threads = 1;
	unsigned char done_l2[TOPO_MAX_CORES] = { 0 };

	for (l = 0; l < h->nllc; l++)
		for (i = 0; i < h->ncores; i++)
			if (h->core[i].llc == l)
				order[n++] = i;
	for (i = 0; i < n; i++) {
		const struct hcore *c = &h->core[order[i]];

		if (c->l2 != l2) {
			if (done_l2[c->l2])
				return errf(err, errlen,
					    "cpu%d: the cores of its L2 are not numbered together",
					    c->first);
			done_l2[c->l2] = 1;
			l2 = c->l2;
		}
		if (c->nthreads > threads)
			threads = c->nthreads;
	}

	memset(&d->topo, 0, sizeof(d->topo));
	d->topo.ncores = n;
	d->topo.threads = threads;
	d->topo.nllc = h->nllc;
	for (i = 0; i < n; i++) {
		const struct hcore *c = &h->core[order[i]];
		struct topo_core *tc = &d->topo.core[i];

		tc->cls = c->cls;
		tc->threads = c->nthreads;
		tc->prio = (int)c->prio;
		tc->llc = c->llc;
		tc->module = 0;
		for (j = 0; j < n; j++)
			tc->module += h->core[order[j]].l2 == c->l2;
	}
	/* L2 indexes in lab order, as topo_parse() numbers them */
	for (i = 0, l2 = -1; i < n; i++) {
		if (!i || h->core[order[i]].l2 != h->core[order[i - 1]].l2)
			l2++;
		d->topo.core[i].l2 = l2;
	}

	for (i = 0; i < DESCRIBE_MAX_CPUS; i++)
		d->host_of[i] = d->lab_of[i] = -1;
	d->lab_cpus = n * threads;
	for (i = 0; i < n; i++) {
		const struct hcore *c = &h->core[order[i]];

		for (j = 0; j < c->nthreads; j++) {
			d->host_of[i * threads + j] = c->cpu[j];
			d->lab_of[c->cpu[j]] = i * threads + j;
			if (c->cpu[j] + 1 > d->host_max)
				d->host_max = c->cpu[j] + 1;
		}
	}
	return 0;
}

int describe_host(const char *root, struct describe *d, char *err,
		  size_t errlen)
{
	static struct host h;
	unsigned char online[DESCRIBE_MAX_CPUS];
	char buf[1024], spec[1024];

	memset(d, 0, sizeof(*d));
	memset(&h, 0, sizeof(h));
	h.root = root;
	if (rd(&h, buf, sizeof(buf), CPU_DIR "/online") < 0)
		return errf(err, errlen, "%s/" CPU_DIR "/online: not readable: not a Linux sysfs",
			    root);
	if (parse_cpulist(buf, online, DESCRIBE_MAX_CPUS))
		return errf(err, errlen,
			    CPU_DIR "/online: '%s': not a CPU list of at most %d CPUs",
			    buf, DESCRIBE_MAX_CPUS);
	d->ncpus = count(online);
	if (cores(&h, online, err, errlen) || classes(&h, d, err, errlen) ||
	    caches(&h, d, err, errlen) || priorities(&h, d, err, errlen) ||
	    lab_order(&h, d, err, errlen))
		return -1;
	itmt(&h, d);
	numbering(&h, d);
	/* what the lab cannot write down, it refuses */
	if (topo_format(&d->topo, spec, sizeof(spec)))
		return errf(err, errlen,
			    "no spec for this host: an L2 shared by unlike cores");
	if (topo_parse(spec, &d->topo, buf, sizeof(buf)))
		return errf(err, errlen, "no spec for this host: %s", buf);
	return 0;
}
