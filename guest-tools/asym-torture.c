// SPDX-License-Identifier: GPL-2.0
/*
 * asym-torture - flip every asym-smt knob while CPUs go on and off line,
 * readers walk the sched domain files and load runs, on a seeded random
 * schedule. Then check that every load process survived and every knob
 * reads back its last accepted write, and put the knobs back to their
 * defaults. The host scans the console for splats (lockdep, KASAN, RCU
 * stalls...).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib.h"

const char *prog = "asym-torture";

#define MAX_PROCS	32
#define NR_PRIO_CORES	8

/* Shared by all processes; each field has a single writer. */
struct shared {
	volatile int stop;
	long writes_ok[5], writes_refused[5];
	char last[5][32];		/* last accepted value per knob */
	int last_prio[NR_PRIO_CORES];	/* per core first CPU, -1: none */
	long hotplug_cycles, hotplug_errors;
	long reads[2], races[2], read_errors[2], write_backs[2];
	long forks, pings, spins[2];
};

static struct shared *sh;
static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
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

struct knob {
	const char *path;
	const char *const *values;	/* valid and invalid mixed */
	int nvalues;
	int selector;		/* reads "a [b] c", b selected */
	const char *dflt;	/* restored at the end */
};

static const char *const sysctl_values[] = {
	"0", "1", "1", "2", "2", "3", "-1", " 1", "", "x",
};
static const char *const bool_values[] = { "0", "1", "1", "2", " 1", "", "x" };
static const char *const formula_values[] = {
	"squared", "legacy", "equal", "equal", "LEGACY", "Equal",
	"squared legacy", "",
};
static const char *const pull_values[] = {
	"none", "busy_siblings", "idle_core", "idle_core", "0", "1",
	"IDLE_CORE", "busy", "none busy_siblings", "",
};

static const struct knob knobs[] = {
	{ ASYM_SYSCTL, sysctl_values, ARRAY_SIZE(sysctl_values), 0, "1" },
	{ ASYM_SMT_PULL_CHECK, pull_values, ARRAY_SIZE(pull_values), 1,
	  "busy_siblings" },
	{ ASYM_PRIO_FORMULA, formula_values, ARRAY_SIZE(formula_values), 1,
	  "squared" },
	{ ASYM_ITMT_SUPPORT, bool_values, ARRAY_SIZE(bool_values), 0, "1" },
};

static void knob_writer(int k)
{
	while (!sh->stop) {
		const char *v = knobs[k].values[rnd() % knobs[k].nvalues];

		if (try_write(knobs[k].path, v)) {
			/* The sysctl takes an empty write as a no-op. */
			if (*v)
				snprintf(sh->last[k], sizeof(sh->last[k]), "%s", v);
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
	while (!sh->stop) {
		int i = rnd() % (nfirsts + 1), prio = rnd() % 300;
		char buf[64];

		if (i == nfirsts)	/* invalid: no such CPU */
			snprintf(buf, sizeof(buf), "9999 %d", prio);
		else if (!(rnd() % 5))	/* invalid: negative */
			snprintf(buf, sizeof(buf), "%d -%d", firsts[i], prio + 1);
		else
			snprintf(buf, sizeof(buf), "%d %d", firsts[i], prio);
		if (try_write(ASYM_CPU_PRIORITY, buf)) {
			if (i < nfirsts)
				sh->last_prio[i] = prio;
			sh->writes_ok[4]++;
		} else {
			sh->writes_refused[4]++;
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
		!strcmp(path, ITMT_ENABLED_SYSCTL));
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
	static const char *const knob_files[] = {
		ASYM_SYSCTL, ASYM_SMT_PULL_CHECK, ASYM_PRIO_FORMULA,
		ASYM_CPU_PRIORITY, ASYM_ITMT_SUPPORT, ITMT_ENABLED_SYSCTL,
	};
	const char *top = "/sys/kernel/debug/sched/domains";

	while (!sh->stop) {
		struct dirent *c, *d, *f;
		DIR *cpus = opendir(top);
		int i;

		for (i = 0; i < ARRAY_SIZE(knob_files); i++)
			read_file(r, knob_files[i], NULL, 0);
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

static void start(const char *role, uint64_t seed, void (*fn)(int), int arg)
{
	pid_t pid = fork();

	if (pid < 0) {
		warnx_("fork: %s", strerror(errno));
		exit(1);
	}
	if (!pid) {
		rng_state = seed * 0x9e3779b97f4a7c15ULL + nprocs + 1;
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

/* First CPUs of cores (for priorities) and hotpluggable CPUs. */
static int find_cpus(void)
{
	int cpu, n = possible_cpus();

	for (cpu = 0; cpu < n; cpu++) {
		char path[128], buf[256];
		unsigned char mask[MAX_PROCS * 16];

		if (cpu_online(cpu) != 1)
			continue;
		snprintf(path, sizeof(path),
			 SYSFS_CPU "/cpu%d/topology/thread_siblings_list", cpu);
		if (read_text(path, buf, sizeof(buf), 0) < 0 ||
		    parse_cpulist(buf, mask, n))
			return -1;
		if (atoi(buf) == cpu && nfirsts < NR_PRIO_CORES)
			firsts[nfirsts++] = cpu;
		snprintf(path, sizeof(path), SYSFS_CPU "/cpu%d/online", cpu);
		/* never the boot CPU, which keeps one CPU online */
		if (cpu && !access(path, W_OK) && nhotplug < MAX_PROCS)
			hotplug_cpus[nhotplug++] = cpu;
	}
	return nfirsts && nhotplug ? 0 : -1;
}

static int raw_prio_of(int cpu)
{
	char buf[8192], *line, *save;
	int c, core, idx, raw;

	if (read_text(ASYM_CPU_PRIORITY, buf, sizeof(buf), 0) < 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (sscanf(line, "%d %d %d %d", &c, &core, &idx, &raw) == 4 && c == cpu)
			return raw;
	return -1;
}

/* Every knob reads back its last accepted write; returns mismatches. */
static int check_knobs(const char *initial[4], const int *initial_prio)
{
	char buf[8192], want[64];
	int k, i, bad = 0;

	for (k = 0; k < 4; k++) {
		const char *v = sh->last[k][0] ? sh->last[k] : initial[k];

		if (read_text(knobs[k].path, buf, sizeof(buf), 0) < 0)
			return bad + 1;
		if (knobs[k].selector)
			snprintf(want, sizeof(want), "[%s]", v);
		else
			snprintf(want, sizeof(want), "%s", v);
		if (knobs[k].selector ? !strstr(buf, want) :
		    atoi(buf) != atoi(want)) {
			printf("# %s reads '%s', last accepted '%s'\n",
			       knobs[k].path, buf, v);
			bad++;
		}
	}
	for (i = 0; i < nfirsts; i++) {
		int want_prio = sh->last_prio[i] >= 0 ? sh->last_prio[i] :
				initial_prio[i];
		int raw = raw_prio_of(firsts[i]);

		if (raw != want_prio) {
			printf("# cpu%d raw priority %d, last accepted %d\n",
			       firsts[i], raw, want_prio);
			bad++;
		}
	}
	return bad;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "duration", required_argument, NULL, 'd' },
		{ "seed", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	unsigned long long seed = time(NULL);
	const char *initial[4];
	static char initial_buf[4][64];
	int initial_prio[NR_PRIO_CORES];
	int c, i, json = 0, dead = 0, bad;
	long duration = 60, ok = 0, refused = 0;
	char *end;

	while ((c = getopt_long(argc, argv, "d:s:jh", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			duration = strtol(optarg, &end, 10);
			if (*end || duration < 1) {
				warnx_("--duration: '%s' is not a positive number of seconds", optarg);
				return 2;
			}
			break;
		case 's':
			seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg) {
				warnx_("--seed: '%s' is not a number", optarg);
				return 2;
			}
			break;
		case 'j':
			json = 1;
			break;
		case 'h':
			printf("usage: %s [--duration SEC] [--seed N] [--json]\n"
			       "Flip every asym-smt knob (valid and invalid values) while CPUs\n"
			       "go on and off line, readers walk every sched domain file (writing\n"
			       "the writable ones back with the value read) and\n"
			       "load runs, for SEC seconds (default 60) on a schedule seeded\n"
			       "with N (printed; default: the time). Then check that the load\n"
			       "survived and every knob reads back its last accepted write,\n"
			       "and put the knobs back to their defaults.\n",
			       prog);
			return 0;
		default:
			return 2;
		}
	}
	if (optind != argc) {
		warnx_("unexpected argument '%s' (see --help)", argv[optind]);
		return 2;
	}
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
	for (i = 0; i < 4; i++) {
		if (read_text(knobs[i].path, initial_buf[i], sizeof(initial_buf[i]), 0) < 0)
			return 1;
		if (knobs[i].selector) {	/* "x [y] z" */
			char *b = strchr(initial_buf[i], '[');
			char *e = b ? strchr(b, ']') : NULL;

			if (!e)
				return 1;
			*e = '\0';
			memmove(initial_buf[i], b + 1, strlen(b + 1) + 1);
		}
		initial[i] = initial_buf[i];
	}
	for (i = 0; i < nfirsts; i++) {
		initial_prio[i] = raw_prio_of(firsts[i]);
		sh->last_prio[i] = -1;
	}

	printf("# asym-torture: seed %llu, %ld s, %d cores, hotplug cpus:",
	       seed, duration, nfirsts);
	for (i = 0; i < nhotplug; i++)
		printf(" %d", hotplug_cpus[i]);
	printf("\n");
	fflush(stdout);

	for (i = 0; i < 4; i++)
		start("knob-writer", seed, run_knob_writer, i);
	start("priority-writer", seed, run_priority_writer, 0);
	start("hotplug", seed, run_hotplugger, 0);
	start("reader", seed, run_reader, 0);
	start("reader", seed, run_reader, 1);
	load_first = nprocs;
	start("spinner", seed, run_spinner, 0);
	start("spinner", seed, run_spinner, 1);
	start("forker", seed, run_forker, 0);
	start("ping-pong", seed, run_ping_pong, 0);

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
	bad = check_knobs(initial, initial_prio);
	/* Back to the defaults; raw priorities are left as written last. */
	for (i = 0; i < 4; i++)
		write_text(knobs[i].path, knobs[i].dflt);

	for (i = 0; i < 5; i++) {
		ok += sh->writes_ok[i];
		refused += sh->writes_refused[i];
	}
	if (json) {
		printf("{\"seed\":%llu,\"duration\":%ld,\"knob_writes_accepted\":%ld,"
		       "\"knob_writes_refused\":%ld,\"hotplug_cycles\":%ld,"
		       "\"hotplug_errors\":%ld,\"file_reads\":%ld,\"file_races\":%ld,"
		       "\"read_errors\":%ld,"
		       "\"domain_write_backs\":%ld,\"forks\":%ld,\"pings\":%ld,\"dead_load\":%d,\"knob_mismatches\":%d}\n",
		       seed, duration, ok, refused, sh->hotplug_cycles,
		       sh->hotplug_errors, sh->reads[0] + sh->reads[1],
		       sh->races[0] + sh->races[1],
		       sh->read_errors[0] + sh->read_errors[1],
		       sh->write_backs[0] + sh->write_backs[1], sh->forks,
		       sh->pings, dead, bad);
	} else {
		printf("seed               %llu\n", seed);
		printf("knob writes        %ld accepted, %ld refused\n", ok, refused);
		printf("hotplug cycles     %ld (%ld failed)\n", sh->hotplug_cycles,
		       sh->hotplug_errors);
		printf("file reads         %ld (%ld lost a race with a rebuild, "
		       "%ld unexpected errors)\n",
		       sh->reads[0] + sh->reads[1], sh->races[0] + sh->races[1],
		       sh->read_errors[0] + sh->read_errors[1]);
		printf("domain write-backs %ld\n",
		       sh->write_backs[0] + sh->write_backs[1]);
		printf("tasks forked       %ld\n", sh->forks);
		printf("pipe round trips   %ld\n", sh->pings);
		printf("load alive         %s\n", dead ? "NO" : "yes");
		printf("knobs read back    %s\n", bad ? "MISMATCH" : "ok");
	}
	return dead || bad || sh->read_errors[0] || sh->read_errors[1] ? 1 : 0;
}
