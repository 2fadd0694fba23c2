// SPDX-License-Identifier: GPL-2.0
/* Host unit tests of the topology spec parser (guest-tools/topo.c), KTAP. */
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "lib.h"
#include "topo.h"

const char *prog = "topo-test";

/* Parse @spec into @t; on an error, say it and fail test @name. */
static int parsed(const char *spec, struct topo *t, const char *name)
{
	char err[256];

	if (!topo_parse(spec, t, err, sizeof(err)))
		return 1;
	printf("# %s\n", err);
	report(0, name);
	return 0;
}

/* @spec parses, boots @smp, and CPUs 0.. have online state @online. */
static void good(const char *spec, const char *smp, const char *online,
		 const char *prios)
{
	char buf[128], on[TOPO_MAX_CORES * TOPO_MAX_THREADS + 1];
	char pr[1024] = "", name[256];
	struct topo t;
	int cpu, ok;

	snprintf(name, sizeof(name), "parse_%s", spec);
	if (!parsed(spec, &t, name))
		return;
	for (cpu = 0; cpu < topo_ncpus(&t); cpu++) {
		size_t len = strlen(pr);

		on[cpu] = topo_cpu_online(&t, cpu) ? '1' : '0';
		snprintf(pr + len, sizeof(pr) - len, "%s%d", cpu ? "," : "",
			 t.core[topo_core_of(&t, cpu)].prio);
	}
	on[cpu] = '\0';
	ok = !topo_qemu_smp(&t, buf, sizeof(buf)) && !strcmp(buf, smp) &&
	     !strcmp(on, online) && !strcmp(pr, prios);
	if (!ok)
		printf("# got smp %s online %s prios %s\n", buf, on, pr);
	report(ok, name);
}

static void bad(const char *spec)
{
	char err[256] = "", name[128];
	struct topo t;
	int ok = topo_parse(spec, &t, err, sizeof(err)) == -1 && err[0];

	snprintf(name, sizeof(name), "reject_%s", *spec ? spec : "empty");
	if (ok)
		printf("# %s\n", err);
	report(ok, name);
}

/*
 * @spec parses to cores whose L2 and LLC indexes are @l2 and @llc (one
 * digit or letter a core: 0-9 then a-z), formats back as @format, and
 * the lab boots it or refuses it as @emulated says.
 */
static void caches(const char *spec, const char *l2, const char *llc,
		   const char *format, int emulated)
{
	char err[256], buf[256], got2[TOPO_MAX_CORES + 1];
	char gotl[TOPO_MAX_CORES + 1], name[256];
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	struct topo t, back;
	int i, ok;

	snprintf(name, sizeof(name), "caches_%s", spec);
	if (!parsed(spec, &t, name))
		return;
	for (i = 0; i < t.ncores; i++) {
		got2[i] = digits[t.core[i].l2 % 36];
		gotl[i] = digits[t.core[i].llc % 36];
	}
	got2[i] = gotl[i] = '\0';
	ok = !strcmp(got2, l2) && !strcmp(gotl, llc) &&
	     !topo_format(&t, buf, sizeof(buf)) && !strcmp(buf, format) &&
	     (topo_emulated(&t, err, sizeof(err)) == 0) == emulated &&
	     !topo_parse(buf, &back, err, sizeof(err)) &&
	     !memcmp(&back, &t, sizeof(t));
	if (!ok)
		printf("# got l2 %s llc %s format %s\n", got2, gotl, buf);
	report(ok, name);
}

/* @list is a numbering of @ncpus lab CPUs (@want: "0,-1,..."), or not (NULL). */
static void real(const char *list, int ncpus, const char *want)
{
	int r[16], i, ok;
	char err[256], got[256] = "", name[128];

	snprintf(name, sizeof(name), "real_%s_%d", *list ? list : "empty", ncpus);
	ok = !topo_parse_real(list, ncpus, r, err, sizeof(err));
	if (!ok) {
		printf("# %s\n", err);
		report(!want, name);
		return;
	}
	for (i = 0; i < ncpus; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%d",
			 i ? "," : "", r[i]);
	report_str(name, got, want);
}

/* @spec needs the kernel command line @want ("" for none). */
static void cmdline(const char *spec, const char *want)
{
	char buf[1024], name[256];
	struct topo t;

	snprintf(name, sizeof(name), "cmdline_%s", spec);
	if (!parsed(spec, &t, name))
		return;
	if (topo_cmdline(&t, buf, sizeof(buf)))
		snprintf(buf, sizeof(buf), "(too long for %zu bytes)",
			 sizeof(buf));
	report_str(name, buf, want);
}

/*
 * The sched domains of @cpu of @spec (its CPUs online as it says), with
 * the cluster level or without (@cls), are @want: "NAME:CPULIST ...".
 */
static void domains(const char *spec, int cpu, int cls, const char *want)
{
	unsigned char online[TOPO_MAX_BOOT_CPUS] = { 0 };
	unsigned char span[TOPO_MAX_BOOT_CPUS];
	enum topo_level levels[TOPO_LEVELS];
	char got[1024] = "", name[256], list[256];
	struct topo t;
	int i, n;

	snprintf(name, sizeof(name), "domains_%s_cpu%d_%s", spec, cpu,
		 cls ? "cls" : "hybrid");
	if (!parsed(spec, &t, name))
		return;
	for (i = 0; i < topo_ncpus(&t); i++)
		online[i] = topo_cpu_online(&t, i);
	n = topo_domains(&t, online, cpu, cls, levels);
	for (i = 0; i < n; i++) {
		size_t len = strlen(got);

		topo_span(&t, online, cpu, levels[i], span);
		format_cpulist(span, TOPO_MAX_BOOT_CPUS, list, sizeof(list));
		snprintf(got + len, sizeof(got) - len, "%s%s:%s",
			 i ? " " : "", topo_level_name(levels[i], "PKG"),
			 list);
	}
	report_str(name, got, want);
}

/*
 * By capacity or not (topo_by_capacity()), and each core's capacity
 * (topo_capacity()), "C,C,...".
 */
static void capacity(const char *spec, int by_cap, const char *want)
{
	char got[512] = "", name[256];
	struct topo t;
	int i;

	snprintf(name, sizeof(name), "capacity_%s", spec);
	if (!parsed(spec, &t, name))
		return;
	for (i = 0; i < t.ncores; i++) {
		size_t len = strlen(got);

		snprintf(got + len, sizeof(got) - len, "%s%d", i ? "," : "",
			 topo_capacity(&t, i));
	}
	if (topo_by_capacity(&t) != by_cap)
		printf("# %s: by capacity %d, expected %d\n", spec,
		       topo_by_capacity(&t), by_cap);
	report_str(name, topo_by_capacity(&t) == by_cap ? got : "wrong path",
		   want);
}

int main(void)
{
	static const char *const rejects[] = {
		"", "X2", "P", "P0", "P2x", "P2xSMT", "P2xSMT0", "P2xSMT9",
		"P2@", "P2@0", "P2@-1", "P2,", ",P2", "P2,,E2", "P2 ,E2",
		"p2", "P2xsmt2", "P65", "P40,E40", "P2@99999999999999999999",
		"P2xSMT2@100x", "E2;P2", "E8m3", "E8m0", "E4m8", "P2@1/2/3",
		"P3@1/2", "P2@1/", "P2@/1", "P2|", "|P2", "P2||E2", "E4m",
		"P2m2xSMT2",
	};
	unsigned int i;

	ktap_begin();
	good("P2xSMT2,E2", "8,sockets=1,cores=4,threads=2", "11111010",
	     "100,100,100,100,40,40,40,40");
	good("P1xSMT2@60,P1xSMT2@30", "4,sockets=1,cores=2,threads=2", "1111",
	     "60,60,30,30");
	good("E4", "4,sockets=1,cores=4,threads=1", "1111", "40,40,40,40");
	good("P1xSMT4@90,P1xSMT2@70,E1@30", "12,sockets=1,cores=3,threads=4",
	     "111111001000", "90,90,90,90,70,70,70,70,30,30,30,30");
	good("P64", "64,sockets=1,cores=64,threads=1",
	     "1111111111111111111111111111111111111111111111111111111111111111",
	     "100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,"
	     "100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,"
	     "100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,"
	     "100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100");
	good("P2xSMT2@77/73,E2", "8,sockets=1,cores=4,threads=2", "11111010",
	     "77,77,73,73,40,40,40,40");
	caches("P2xSMT2,E2", "0123", "0000", "P2xSMT2,E2", 1);
	caches("P2xSMT2,E4m4", "012222", "000000", "P2xSMT2,E4m4", 1);
	caches("P8xSMT2@77/73/73/73/73/73/77/73,E16m4@44",
	       "0123456788889999aaaabbbb", "000000000000000000000000",
	       "P8xSMT2@77/73/73/73/73/73/77/73,E16m4@44", 1);
	caches("P8xSMT2|P8xSMT2", "0123456789abcdef", "0000000011111111",
	       "P8xSMT2|P8xSMT2", 1);
	/* 66 CPUs: more than the lab kernels' CONFIG_NR_CPUS */
	caches("P33xSMT2", "0123456789abcdefghijklmnopqrstuvw",
	       "000000000000000000000000000000000", "P33xSMT2", 0);
	caches("P1xSMT2@60,P1xSMT2@30", "01", "00", "P2xSMT2@60/30", 1);
	caches("P2@90,P2@90,E2", "012345", "000000", "P4@90,E2", 1);
	real("0,16,1,17", 4, "0,16,1,17");
	real("0,1,2,-,3,-", 6, "0,1,2,-1,3,-1");
	real("0,1,2", 4, NULL);
	real("0,1,2,3,4", 4, NULL);
	real("0,1,,3", 4, NULL);
	real("0,1,2,3,", 4, NULL);
	real("0,x,2,3", 4, NULL);
	real("", 4, NULL);
	cmdline("P2xSMT2,E2", "");
	cmdline("P1xSMT2@60,P1xSMT2@30", "");
	cmdline("P1xSMT2,E4m2",
		"asym_smt_l2_ids=0,0,1,1,1,1,2,2,2,2 "
		"asym_smt_llc_ids=0,0,0,0,0,0,0,0,0,0");
	cmdline("P2xSMT2|E2m2",
		"asym_smt_l2_ids=0,0,1,1,2,2,2,2 "
		"asym_smt_llc_ids=0,0,0,0,1,1,1,1");
	cmdline("P2|P2", "asym_smt_l2_ids=0,1,2,3 asym_smt_llc_ids=0,0,1,1");
	domains("P2xSMT2,E2", 0, 1, "SMT:0-1 MC:0-4,6");
	domains("P2xSMT2,E2", 4, 1, "MC:0-4,6");
	domains("P2xSMT2,E4m2|E2", 0, 1, "SMT:0-1 MC:0-4,6,8,10 PKG:0-4,6,8,10,12,14");
	domains("P2xSMT2,E4m2|E2", 4, 1, "CLS:4,6 MC:0-4,6,8,10 PKG:0-4,6,8,10,12,14");
	domains("P2xSMT2,E4m2|E2", 4, 0, "MC:0-4,6,8,10 PKG:0-4,6,8,10,12,14");
	domains("P2xSMT2,E4m2|E2", 14, 1, "MC:12,14 PKG:0-4,6,8,10,12,14");
	domains("E4m4", 2, 1, "CLS:0-3");
	domains("E4m4", 2, 0, "MC:0-3");
	domains("P1", 0, 1, "");
	for (i = 0; i < sizeof(rejects) / sizeof(rejects[0]); i++)
		bad(rejects[i]);
	/* the 265K: HWP 64 and 63 on the P-cores, 46 on the E-cores */
	capacity("P8@64/63/63/63/63/63/63/64,E12m4@46", 1,
		 "1024,1008,1008,1008,1008,1008,1008,1024,"
		 "736,736,736,736,736,736,736,736,736,736,736,736");
	/* the 258V: 56 and 37, two LLCs: 37 * 1024 / 56 = 676.57 */
	capacity("P4@56|E4m4@37", 1, "1024,1024,1024,1024,676,676,676,676");
	/* SMT possible: ITMT, whatever the classes */
	capacity("P2xSMT2@100,E2@40", 0, "1024,1024,409,409");
	/* one class: not hybrid */
	capacity("P4@60/50/40/30", 0, "1024,853,682,512");
	return ktap_end();
}
