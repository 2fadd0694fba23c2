// SPDX-License-Identifier: GPL-2.0
/* The balancer's counters between two /proc/schedstat snapshots. */
#include <stdio.h>
#include <string.h>

#include "explain.h"
#include "io.h"
#include "kernel.h"
#include "out.h"

/* A counter that went back by more than this did not wrap: see below. */
#define EXPLAIN_WENT_BACK	0x80000000u

/* @b's domain of the same CPU, level and span in @p->a, or NULL. */
static const struct sd_stat *earlier(const struct explain_pair *p,
				     const struct sd_stat *b)
{
	int i;

	for (i = 0; i < p->na; i++)
		if (p->a[i].cpu == b->cpu && p->a[i].domain == b->domain &&
		    !strcmp(p->a[i].mask, b->mask))
			return &p->a[i];
	return NULL;
}

int explain_delta(const struct explain_pair *p, int i, struct sd_delta *d)
{
	static const struct sd_stat zero;
	const struct sd_stat *b = &p->b[i], *a = earlier(p, b);
	int t, f;

	/*
	 * The counters are 32 bits and wrap; one that went back by more
	 * than half their range did not wrap in a window of seconds: the
	 * domain is a new one.
	 */
	for (t = 0; a && t < PARSE_IDLE_TYPES; t++)
		for (f = 0; a && f < PARSE_LB_FIELDS; f++)
			if (b->lb[t][f] - a->lb[t][f] > EXPLAIN_WENT_BACK)
				a = NULL;
	for (f = 0; a && f < PARSE_ALB_FIELDS; f++)
		if (b->alb[f] - a->alb[f] > EXPLAIN_WENT_BACK)
			a = NULL;
	sd_stat_delta(a && !p->all_new ? a : &zero, b, d);
	return !a;
}

/*
 * The domain's name (SMT, MC...) from debugfs, "domainN" if unknown, into
 * @buf; return @buf.
 */
static char *sd_name(const struct sd_stat *sd, char *buf, size_t len)
{
	char path[128];

	snprintf(path, sizeof(path), SCHED_DEBUGFS_DOMAINS "/cpu%d/domain%d/name",
		 sd->cpu, sd->domain);
	if (read_text(path, buf, len, 1) < 0)
		snprintf(buf, len, "domain%d", sd->domain);
	return buf;
}

int explain_levels(const struct explain_pair *p, const char *const *names,
		   struct explain_level *lv, int max)
{
	int i, j, f, n = 0;

	for (i = 0; i < p->nb; i++) {
		struct sd_delta d;
		char name[32];

		if (names)
			snprintf(name, sizeof(name), "%s", names[i]);
		else
			sd_name(&p->b[i], name, sizeof(name));
		for (j = 0; j < n && strcmp(lv[j].name, name); j++)
			;
		if (j == n) {
			if (n == max)
				continue;
			memset(&lv[n], 0, sizeof(lv[n]));
			snprintf(lv[n].name, sizeof(lv[n].name), "%s", name);
			n++;
		}
		lv[j].domains++;
		lv[j].rebuilt += explain_delta(p, i, &d);
		for (f = 0; f < PARSE_LB_FIELDS; f++)
			lv[j].d.lb[f] += d.lb[f];
		for (f = 0; f < PARSE_ALB_FIELDS; f++)
			lv[j].d.alb[f] += d.alb[f];
	}
	return n;
}

/* How counters() prints: table columns, JSON members, NAME=VALUE words. */
enum counters_as { AS_COLUMNS, AS_JSON, AS_WORDS };

/* Counter @f of the lb fields then the alb fields: its name, into *@name. */
static long long counter(const struct sd_delta *d, int f, const char **name)
{
	if (f < PARSE_LB_FIELDS) {
		*name = parse_lb_names[f];
		return d ? d->lb[f] : 0;
	}
	*name = parse_alb_names[f - PARSE_LB_FIELDS];
	return d ? d->alb[f - PARSE_LB_FIELDS] : 0;
}

/* Every counter of @d as @as says; @d NULL: the columns' names. */
static void counters(const struct sd_delta *d, enum counters_as as)
{
	const char *name;
	long long v;
	int f;

	for (f = 0; f < PARSE_LB_FIELDS + PARSE_ALB_FIELDS; f++) {
		v = counter(d, f, &name);
		if (!d)
			printf(" %s", name);
		else if (as == AS_COLUMNS)
			printf(" %*lld", (int)strlen(name), v);
		else
			printf(as == AS_JSON ? ",\"%s\":%lld" : " %s=%lld", name,
			       v);
	}
}

void explain_print(const struct explain_pair *p)
{
	int i;

	printf("  %-4s %-3s %-4s %-10s %-3s", "cpu", "dom", "name", "span",
	       "new");
	counters(NULL, AS_COLUMNS);
	printf("\n");
	for (i = 0; i < p->nb; i++) {
		const struct sd_stat *b = &p->b[i];
		struct sd_delta d;
		bool rebuilt = explain_delta(p, i, &d);
		char name[32];

		printf("  %-4d %-3d %-4s %-10s %-3s", b->cpu, b->domain,
		       sd_name(b, name, sizeof(name)), b->mask,
		       rebuilt ? "yes" : "-");
		counters(&d, AS_COLUMNS);
		printf("\n");
	}
}

void explain_json(const struct explain_pair *p)
{
	int i;

	printf("[");
	for (i = 0; i < p->nb; i++) {
		const struct sd_stat *b = &p->b[i];
		struct sd_delta d;
		char name[32];

		printf("%s{\"cpu\":%d,\"domain\":%d,\"name\":", i ? "," : "",
		       b->cpu, b->domain);
		json_str(sd_name(b, name, sizeof(name)));
		printf(",\"span\":");
		json_str(b->mask);
		printf(",\"rebuilt\":%s",
		       explain_delta(p, i, &d) ? "true" : "false");
		counters(&d, AS_JSON);
		printf("}");
	}
	printf("]");
}

void explain_lines(const char *prefix, const struct explain_pair *p)
{
	struct explain_level lv[EXPLAIN_MAX_LEVELS];
	int i, n;

	n = explain_levels(p, NULL, lv, EXPLAIN_MAX_LEVELS);
	for (i = 0; i < n; i++) {
		printf("%s name=%s domains=%d rebuilt=%d", prefix, lv[i].name,
		       lv[i].domains, lv[i].rebuilt);
		counters(&lv[i].d, AS_WORDS);
		printf("\n");
	}
}
