// SPDX-License-Identifier: GPL-2.0
/*
 * asym-torture - flip every asym-smt knob while CPUs go on and off line,
 * readers walk the sched domain files and load runs, on a seeded random
 * schedule. Then check that every load process survived, every hotplug
 * operation succeeded and every knob reads back its last accepted write
 * (the oracle of oracle.c says which writes are accepted and what they
 * set), that no balancing pass applied the SMT rule while a switch changed
 * what it applies to (where the kernel counts them), and put the knobs back to their defaults. The
 * knobs are those of the model in knobs.c. The host scans the console for
 * splats (lockdep, KASAN, RCU stalls...).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel.h"
#include "lib.h"
#include "place.h"

const char *prog = "asym-torture";

#define MAX_PROCS	32
#define NR_PRIO_CORES	8

/* Shared by all processes; each field has a single writer. */
struct shared {
	volatile int stop;
	long writes_ok[NR_KNOBS], writes_refused[NR_KNOBS];
	int last[NR_KNOBS];		/* word of the last accepted write */
	int last_prio[NR_PRIO_CORES];	/* per core first CPU, -1: none */
	long hotplug_cycles, hotplug_errors;
	long reads[2], races[2], read_errors[2], write_backs[2];
	long forks, pings, spins[2];
	long sysctl_set[3];	/* accepted writes of sched_asym_smt 0, 1, 2 */
};

static struct shared *sh;
static struct rng rng;
static struct knob_env env;
static unsigned char online[MAX_PROCS * 16];

static unsigned long long rnd(void)
{
	return rng_next(&rng);
}

static void nap(void)
{
	usleep(rnd() % 20000);
}

/* Write once: 1 accepted, 0 refused. */
static int try_write(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return 0;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok;
}

/* Values no knob takes, or takes only in part, besides its words. */
static const char *const bad_values[] = {
	"", "x", "-1", " 1", "3", "01", "LEGACY", "Equal", "busy",
	"IDLE_CORE", "none busy_siblings", "squared legacy",
};

/*
 * The knobs a writer flips: the series' own that take words, if the kernel
 * has them (stock 6.12 has only the emulation's).
 */
static int flipped(int k)
{
	return knobs[k].ours && knob_nwords(&knobs[k]) && !knob_absent(k);
}

static void knob_writer(int k)
{
	const struct knob *kn = &knobs[k];

	while (!sh->stop) {
		const char *v = rnd() % 4 ?
				kn->words[rnd() % knob_nwords(kn)] :
				bad_values[rnd() % ARRAY_SIZE(bad_values)];
		struct knob_value val;

		if (try_write(kn->path, v)) {
			/* What it set, as the oracle reads the write. */
			if (!knob_expect(kn, v, strlen(v), &env, &val) &&
			    !val.unchanged) {
				sh->last[k] = (int)val.val;
				if (k == KNOB_SYSCTL && val.val >= 0 &&
				    val.val < (long)ARRAY_SIZE(sh->sysctl_set))
					sh->sysctl_set[val.val]++;
			}
			sh->writes_ok[k]++;
		} else {
			sh->writes_refused[k]++;
		}
		nap();
	}
}

/* Raw priorities of the cores whose first CPU is @firsts[i]. */
static int firsts[NR_PRIO_CORES], nfirsts;

static void priority_writer(void)
{
	const char *path = knobs[KNOB_CPU_PRIORITY].path;

	while (!sh->stop) {
		int i = rnd() % (nfirsts + 1), prio = rnd() % 300;
		char buf[64];

		if (i == nfirsts)	/* invalid: no such CPU */
			snprintf(buf, sizeof(buf), "9999 %d", prio);
		else if (!(rnd() % 5))	/* invalid: negative */
			snprintf(buf, sizeof(buf), "%d -%d", firsts[i], prio + 1);
		else
			snprintf(buf, sizeof(buf), "%d %d", firsts[i], prio);
		if (try_write(path, buf)) {
			if (i < nfirsts)
				sh->last_prio[i] = prio;
			sh->writes_ok[KNOB_CPU_PRIORITY]++;
		} else {
			sh->writes_refused[KNOB_CPU_PRIORITY]++;
		}
		nap();
	}
}

static int hotplug_cpus[MAX_PROCS], nhotplug;

static int set_online(int cpu, int on)
{
	char path[96];

	snprintf(path, sizeof(path), SYSFS_CPU "/cpu%d/online", cpu);
	return try_write(path, on ? "1" : "0");
}

static void hotplugger(void)
{
	while (!sh->stop) {
		int cpu = hotplug_cpus[rnd() % nhotplug];

		if (set_online(cpu, 0) && set_online(cpu, 1))
			sh->hotplug_cycles++;
		else
			sh->hotplug_errors++;
		nap();
	}
}

/*
 * Errors that a file of a sched domain directory may give while the domains
 * are rebuilt: the file was removed since it was opened (EIO from debugfs)
 * or, when its domain level went away first, ENODEV. sched_itmt_enabled
 * reads EINVAL while ITMT support is revoked and, when its table was
 * unregistered after the open, ENOENT (proc_sys_call_handler()).
 */
static int expected_error(const char *path, int err)
{
	return err == ENODEV || err == EIO ||
	       ((err == EINVAL || err == ENOENT) &&
		!strcmp(path, knobs[KNOB_ITMT_ENABLED].path));
}

/* Count a lost race with a rebuild, or report an unexpected error. */
static void file_error(int r, const char *path, int err)
{
	if (expected_error(path, err)) {
		sh->races[r]++;
		return;
	}
	/* Readers leave through _exit(): nothing may stay buffered. */
	if (sh->read_errors[r]++ < 5) {
		printf("# reader %d: %s: %s\n", r, path, strerror(err));
		fflush(stdout);
	}
}

/* open() of @path failed: domain files and sched_itmt_enabled come and go. */
static void open_error(int r, const char *path, int err)
{
	if (err == ENOENT)
		sh->races[r]++;
	else
		file_error(r, path, err);
}

/*
 * Read @path to the end; keep its first @size - 1 bytes in @keep, NUL
 * terminated. Returns the number of bytes kept, or -1 on any error.
 */
static ssize_t read_file(int r, const char *path, char *keep, size_t size)
{
	char buf[8192];
	int fd = open(path, O_RDONLY);
	ssize_t n, kept = 0;

	sh->reads[r]++;
	if (fd < 0) {
		open_error(r, path, errno);
		return -1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		if (keep && (size_t)kept < size - 1) {
			if ((size_t)n > size - 1 - kept)
				n = size - 1 - kept;
			memcpy(keep + kept, buf, n);
			kept += n;
		}
	}
	if (n < 0)
		file_error(r, path, errno);
	close(fd);
	if (keep)
		keep[kept] = '\0';
	return n < 0 ? -1 : kept;
}

/*
 * Every file of a domain directory is read; a writable one (min_interval,
 * imbalance_pct...) is written back with the value just read, so that the
 * write path races with the domain rebuilds too without changing anything.
 */
static void domain_file(int r, const char *path)
{
	char val[64];
	ssize_t n = read_file(r, path, val, sizeof(val));
	struct stat st;
	int fd;

	/* By mode: root passes access(W_OK) on read-only files too. */
	if (n <= 0 || stat(path, &st) || !(st.st_mode & S_IWUSR))
		return;
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		open_error(r, path, errno);
		return;
	}
	if (write(fd, val, n) == n)
		sh->write_backs[r]++;
	else
		file_error(r, path, errno);
	close(fd);
}

static void reader(int r)
{
	const char *top = SCHED_DEBUGFS_DOMAINS;

	while (!sh->stop) {
		struct dirent *c, *d, *f;
		DIR *cpus = opendir(top);
		int i;

		for (i = 0; i < NR_KNOBS; i++)
			read_file(r, knobs[i].path, NULL, 0);
		while (cpus && (c = readdir(cpus))) {
			char cpu[512], dom[768], path[1024];
			DIR *doms, *files;

			if (strncmp(c->d_name, "cpu", 3))
				continue;
			snprintf(cpu, sizeof(cpu), "%s/%s", top, c->d_name);
			doms = opendir(cpu);
			while (doms && (d = readdir(doms))) {
				if (strncmp(d->d_name, "domain", 6))
					continue;
				snprintf(dom, sizeof(dom), "%s/%s", cpu, d->d_name);
				files = opendir(dom);
				while (files && (f = readdir(files))) {
					if (f->d_name[0] == '.')
						continue;
					snprintf(path, sizeof(path), "%s/%s",
						 dom, f->d_name);
					domain_file(r, path);
				}
				if (files)
					closedir(files);
			}
			if (doms)
				closedir(doms);
		}
		if (cpus)
			closedir(cpus);
	}
}

static void spinner(int s)
{
	while (!sh->stop)
		for (volatile long i = 0; i < 1000000; i++)
			if (i == 999999)
				sh->spins[s]++;
}

static void forker(void)
{
	while (!sh->stop) {
		pid_t pid = fork();

		if (!pid)
			_exit(0);
		if (pid > 0) {
			waitpid(pid, NULL, 0);
			sh->forks++;
		}
	}
}

static void ping_pong(void)
{
	int a[2], b[2];
	char c = 0;
	pid_t pid;

	if (pipe(a) || pipe(b))
		_exit(1);
	pid = fork();
	if (!pid) {	/* pong: echo until the pipe closes */
		close(a[1]);
		close(b[0]);
		while (read(a[0], &c, 1) == 1 && write(b[1], &c, 1) == 1)
			;
		_exit(0);
	}
	close(a[0]);
	close(b[1]);
	while (!sh->stop && write(a[1], &c, 1) == 1 && read(b[0], &c, 1) == 1)
		sh->pings++;
	close(a[1]);
	waitpid(pid, NULL, 0);
}

static pid_t pids[MAX_PROCS];
static const char *roles[MAX_PROCS];
static int nprocs, load_first;

static void start(const char *role, unsigned long long seed,
		  void (*fn)(int), int arg)
{
	pid_t pid = fork();

	if (pid < 0) {
		warnx_("fork: %s", strerror(errno));
		exit(1);
	}
	if (!pid) {
		rng_seed(&rng, seed, nprocs);
		fn(arg);
		_exit(0);
	}
	roles[nprocs] = role;
	pids[nprocs++] = pid;
}

static void run_knob_writer(int k) { knob_writer(k); }
static void run_priority_writer(int a) { (void)a; priority_writer(); }
static void run_hotplugger(int a) { (void)a; hotplugger(); }
static void run_reader(int r) { reader(r); }
static void run_spinner(int s) { spinner(s); }
static void run_forker(int a) { (void)a; forker(); }
static void run_ping_pong(int a) { (void)a; ping_pong(); }

/*
 * First CPUs of cores (for priorities), hotpluggable CPUs, and what the
 * oracle needs to know of the CPUs.
 */
static int find_cpus(void)
{
	int cpu, n = possible_cpus();

	if (n < 0 || n > ARRAY_SIZE(online))
		return -1;
	env = (struct knob_env){ n, online, 1 };
	for (cpu = 0; cpu < n; cpu++) {
		int core, thread, nthreads;
		char path[128];

		online[cpu] = cpu_online(cpu) == 1;
		if (!online[cpu])
			continue;
		if (cpu_siblings(cpu, &core, &thread, &nthreads, 0))
			return -1;
		if (nthreads > env.nr_siblings)
			env.nr_siblings = nthreads;
		if (!thread && nfirsts < NR_PRIO_CORES)
			firsts[nfirsts++] = cpu;
		snprintf(path, sizeof(path), SYSFS_CPU "/cpu%d/online", cpu);
		/* never the boot CPU, which keeps one CPU online */
		if (cpu && !access(path, W_OK) && nhotplug < MAX_PROCS)
			hotplug_cpus[nhotplug++] = cpu;
	}
	return nfirsts && nhotplug ? 0 : -1;
}

/* The raw priority of CPU @cpu now, -1 if unknown. */
static int raw_prio_of(int cpu)
{
	static struct prio_row rows[PARSE_MAX_CPUS];
	const struct prio_row *r;
	int n = read_cpu_priority(rows, PARSE_MAX_CPUS, 0);

	r = n < 0 ? NULL : prio_row_of(rows, n, cpu);
	return r ? r->raw : -1;
}

/* What the torture starts from: every flipped knob's word, priorities. */
struct initial {
	int word[NR_KNOBS];
	int prio[NR_PRIO_CORES];
};

static int read_initial(struct initial *in)
{
	char buf[64];
	int k, i;

	for (k = 0; k < NR_KNOBS; k++) {
		sh->last[k] = -1;
		if (!flipped(k))
			continue;
		if (knob_read(k, buf, sizeof(buf), 0) < 0)
			return -1;
		in->word[k] = knob_word(&knobs[k], buf);
		if (in->word[k] < 0) {
			warnx_("%s: reads '%s', not one of its words",
			       knobs[k].path, buf);
			return -1;
		}
	}
	for (i = 0; i < nfirsts; i++) {
		in->prio[i] = raw_prio_of(firsts[i]);
		sh->last_prio[i] = -1;
	}
	return 0;
}

/*
 * Whether the series places by capacity now: kernel.sched_asym_smt reads 2
 * and some CPU's capacity is below SCHED_CAPACITY_SCALE (a hybrid part
 * without SMT, series patch 0030). ITMT support then stays revoked
 * whatever the platform declares (itmt_support reads 0); on 6.12, which
 * has no such sysctl, a declaration enables ITMT as ever.
 */
static int series_by_capacity(void)
{
	static int cap[PLACE_MAX_CPUS];
	char buf[16];
	int i, n;

	if (knob_absent(KNOB_SYSCTL) ||
	    knob_read(KNOB_SYSCTL, buf, sizeof(buf), 1) < 0 || strcmp(buf, "2"))
		return 0;
	n = read_cpu_capacity(cap, PLACE_MAX_CPUS, 1);
	for (i = 0; n > 0 && i < PLACE_MAX_CPUS; i++)
		if (cap[i] > 0 && cap[i] < 1024)
			return 1;
	return 0;
}

/*
 * Every knob reads back its last accepted write (itmt_support 0 while the
 * series places by capacity); returns mismatches.
 */
static int check_knobs(const struct initial *in)
{
	char buf[64];
	int k, i, bad = 0;

	for (k = 0; k < NR_KNOBS; k++) {
		const char *want;

		if (!flipped(k))
			continue;
		want = knobs[k].words[sh->last[k] >= 0 ? sh->last[k] :
				      in->word[k]];
		if (k == KNOB_ITMT_SUPPORT && series_by_capacity())
			want = "0";
		if (knob_read(k, buf, sizeof(buf), 0) < 0)
			return bad + 1;
		if (strcmp(buf, want)) {
			printf("# %s reads '%s', last accepted '%s'\n",
			       knobs[k].path, buf, want);
			bad++;
		}
	}
	for (i = 0; i < nfirsts; i++) {
		int want = sh->last_prio[i] >= 0 ? sh->last_prio[i] :
			   in->prio[i];
		int raw = raw_prio_of(firsts[i]);

		if (raw != want) {
			printf("# cpu%d raw priority %d, last accepted %d\n",
			       firsts[i], raw, want);
			bad++;
		}
	}
	return bad;
}

/* The options; 0, 1 for --help, -1 on a usage error. */
static int parse_options(int argc, char **argv, long *duration,
			 unsigned long long *seed, int *json)
{
	static const struct option opts[] = {
		{ "duration", required_argument, NULL, 'd' },
		{ "seed", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "d:s:jh", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			*duration = strtol(optarg, &end, 10);
			if (*end || *duration < 1) {
				warnx_("--duration: '%s' is not a positive number of seconds", optarg);
				return -1;
			}
			break;
		case 's':
			*seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg) {
				warnx_("--seed: '%s' is not a number", optarg);
				return -1;
			}
			break;
		case 'j':
			*json = 1;
			break;
		case 'h':
			printf("usage: %s [--duration SEC] [--seed N] [--json]\n"
			       "Flip every asym-smt knob (valid and invalid values) while CPUs\n"
			       "go on and off line, readers walk every sched domain file (writing\n"
			       "the writable ones back with the value read) and\n"
			       "load runs, for SEC seconds (default 60) on a schedule seeded\n"
			       "with N (printed; default: the time). Then check that the load\n"
			       "survived, every hotplug operation succeeded and every knob\n"
			       "reads back its last accepted write, and put the knobs back to\n"
			       "their defaults. On a kernel that counts them\n"
			       "(CONFIG_SCHED_ASYM_SMT_DEBUG), no balancing pass may have run\n"
			       "across a whole switch of the SMT rule since boot\n"
			       "(asym_smt/passes_two_rules). Exit status 1 if any check failed.\n",
			       prog);
			return 1;
		default:
			return -1;
		}
	}
	if (optind != argc) {
		warnx_("unexpected argument '%s' (see --help)", argv[optind]);
		return -1;
	}
	return 0;
}

/* Start every process: knob writers, hotplug, readers, then the load. */
static void start_all(unsigned long long seed)
{
	int k;

	for (k = 0; k < NR_KNOBS; k++)
		if (flipped(k))
			start("knob-writer", seed, run_knob_writer, k);
	start("priority-writer", seed, run_priority_writer, 0);
	start("hotplug", seed, run_hotplugger, 0);
	start("reader", seed, run_reader, 0);
	start("reader", seed, run_reader, 1);
	load_first = nprocs;
	start("spinner", seed, run_spinner, 0);
	start("spinner", seed, run_spinner, 1);
	start("forker", seed, run_forker, 0);
	start("ping-pong", seed, run_ping_pong, 0);
}

/*
 * The kernel's count of balancing passes that applied the SMT rule while a
 * switch changed the priorities, the domains or the rule, or -1 if it keeps
 * none.
 */
static long passes_two_rules(void)
{
	char buf[32], *end;
	long n;
	int r;

	r = read_text(ASYM_PASSES_TWO_RULES, buf, sizeof(buf), 1);
	if (r == -ENOENT)
		return -1;
	if (r < 0)
		return -2;
	n = strtol(buf, &end, 10);
	if (end == buf || n < 0)
		return -2;
	return n;
}

static void report(int json, unsigned long long seed, long duration,
		   int dead, int bad, long two_rules)
{
	long ok = 0, refused = 0, reads, races, errors, write_backs;
	int k;

	for (k = 0; k < NR_KNOBS; k++) {
		ok += sh->writes_ok[k];
		refused += sh->writes_refused[k];
	}
	reads = sh->reads[0] + sh->reads[1];
	races = sh->races[0] + sh->races[1];
	errors = sh->read_errors[0] + sh->read_errors[1];
	write_backs = sh->write_backs[0] + sh->write_backs[1];
	if (json) {
		printf("{\"seed\":%llu,\"duration\":%ld,\"knob_writes_accepted\":%ld,"
		       "\"knob_writes_refused\":%ld,\"hotplug_cycles\":%ld,"
		       "\"hotplug_errors\":%ld,\"file_reads\":%ld,\"file_races\":%ld,"
		       "\"read_errors\":%ld,"
		       "\"domain_write_backs\":%ld,\"forks\":%ld,\"pings\":%ld,\"dead_load\":%d,\"knob_mismatches\":%d,"
		       "\"passes_two_rules\":%ld,\"sysctl_writes\":[%ld,%ld,%ld]}\n",
		       seed, duration, ok, refused, sh->hotplug_cycles,
		       sh->hotplug_errors, reads, races, errors, write_backs,
		       sh->forks, sh->pings, dead, bad, two_rules,
		       sh->sysctl_set[0], sh->sysctl_set[1], sh->sysctl_set[2]);
		return;
	}
	printf("seed               %llu\n", seed);
	printf("knob writes        %ld accepted, %ld refused\n", ok, refused);
	if (flipped(KNOB_SYSCTL))
		printf("sched_asym_smt     %ld writes of 0, %ld of 1, %ld of 2\n",
		       sh->sysctl_set[0], sh->sysctl_set[1], sh->sysctl_set[2]);
	printf("hotplug cycles     %ld (%ld failed)\n", sh->hotplug_cycles,
	       sh->hotplug_errors);
	printf("file reads         %ld (%ld lost a race with a rebuild, "
	       "%ld unexpected errors)\n", reads, races, errors);
	printf("domain write-backs %ld\n", write_backs);
	printf("tasks forked       %ld\n", sh->forks);
	printf("pipe round trips   %ld\n", sh->pings);
	printf("load alive         %s\n", dead ? "NO" : "yes");
	printf("knobs read back    %s\n", bad ? "MISMATCH" : "ok");
	if (two_rules >= 0)
		printf("passes, two rules  %ld%s\n", two_rules,
		       two_rules ? " (passes applied a rule while it changed)" : "");
	else
		printf("passes, two rules  %s\n", two_rules == -1 ?
		       "not counted (kernel without CONFIG_SCHED_ASYM_SMT_DEBUG)" :
		       "UNREADABLE");
}

int main(int argc, char **argv)
{
	unsigned long long seed = time(NULL);
	static struct initial initial;
	int i, ret, json = 0, dead = 0, bad, verbose;
	long duration = 60, two_rules;

	ret = parse_options(argc, argv, &duration, &seed, &json);
	if (ret)
		return ret > 0 ? 0 : 2;
	if (find_cpus()) {
		warnx_("no hotpluggable CPUs or no cores found");
		return 1;
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		warnx_("mmap: %s", strerror(errno));
		return 1;
	}
	for (i = 0; i < NR_KNOBS; i++) {
		if (knobs[i].ours && knob_nwords(&knobs[i]) && knob_absent(i))
			printf("# not on this kernel, not flipped: %s\n",
			       knobs[i].path);
	}
	if (read_initial(&initial))
		return 1;
	/* The readers walk the domain files: on 6.4 and later, verbose on. */
	verbose = sched_domains_files_on();
	if (verbose < 0)
		return 1;
	if (verbose)
		printf("# sched verbose on for the run: the domain files exist only then\n");

	printf("# asym-torture: seed %llu, %ld s, %d cores, hotplug cpus:",
	       seed, duration, nfirsts);
	for (i = 0; i < nhotplug; i++)
		printf(" %d", hotplug_cpus[i]);
	printf("\n");
	fflush(stdout);
	start_all(seed);

	for (i = 0; i < duration; i++) {
		sleep(1);
		if (i % 10 == 9) {
			printf("# %ds: %ld hotplug cycles, %ld forks, %ld pings\n",
			       i + 1, sh->hotplug_cycles, sh->forks, sh->pings);
			fflush(stdout);
		}
	}

	/* Every load process must still be running. */
	for (i = load_first; i < nprocs; i++) {
		if (waitpid(pids[i], NULL, WNOHANG) != 0) {
			printf("# %s (pid %d) died\n", roles[i], pids[i]);
			dead++;
		}
	}
	sh->stop = 1;
	for (i = 0; i < nprocs; i++)
		waitpid(pids[i], NULL, 0);

	/* All CPUs back online before the knobs are read. */
	for (i = 0; i < nhotplug; i++)
		set_online(hotplug_cpus[i], 1);
	bad = check_knobs(&initial);
	/* Back to the defaults; raw priorities are left as written last. */
	if (knobs_restore_defaults())
		bad++;
	if (verbose > 0 && sched_domains_verbose_off())
		bad++;
	/* counted since boot: this run's, if it is the only one */
	two_rules = passes_two_rules();
	report(json, seed, duration, dead, bad, two_rules);
	return dead || bad || two_rules > 0 || two_rules == -2 ||
	       sh->hotplug_errors || sh->read_errors[0] ||
	       sh->read_errors[1] ? 1 : 0;
}
