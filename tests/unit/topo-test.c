// SPDX-License-Identifier: GPL-2.0
/* Host unit tests of the topology spec parser (guest-tools/topo.c), KTAP. */
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "topo.h"

const char *prog = "topo-test";

/* @spec parses, boots @smp, and CPUs 0.. have online state @online. */
static void good(const char *spec, const char *smp, const char *online,
		 const char *prios)
{
	char err[256], buf[128], on[TOPO_MAX_CORES * TOPO_MAX_THREADS + 1];
	char pr[1024] = "", name[256];
	struct topo t;
	int cpu, ok;

	snprintf(name, sizeof(name), "parse_%s", spec);
	if (topo_parse(spec, &t, err, sizeof(err))) {
		printf("# %s\n", err);
		report(0, name);
		return;
	}
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

int main(void)
{
	static const char *const rejects[] = {
		"", "X2", "P", "P0", "P2x", "P2xSMT", "P2xSMT0", "P2xSMT9",
		"P2@", "P2@0", "P2@-1", "P2,", ",P2", "P2,,E2", "P2 ,E2",
		"p2", "P2xsmt2", "P65", "P40,E40", "P2@99999999999999999999",
		"P2xSMT2@100x", "E2;P2",
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
	for (i = 0; i < sizeof(rejects) / sizeof(rejects[0]); i++)
		bad(rejects[i]);
	return ktap_end();
}
