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

/* The domain's name (SMT, MC...) from debugfs, "domainN" if unknown. */
static void sd_name(const struct sd_stat *sd, char *buf, size_t len)
{
	char path[128];

	snprintf(path, sizeof(path), SCHED_DEBUGFS_DOMAINS "/cpu%d/domain%d/name",
		 sd->cpu, sd->domain);
	if (read_text(path, buf, len, 1) < 0)
		snprintf(buf, len, "domain%d", sd->domain);
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

void explain_print(const struct explain_pair *p)
{
	int i, f;

	printf("  %-4s %-3s %-4s %-10s %-3s", "cpu", "dom", "name", "span",
	       "new");
	for (f = 0; f < PARSE_LB_FIELDS; f++)
		printf(" %s", parse_lb_names[f]);
	for (f = 0; f < PARSE_ALB_FIELDS; f++)
		printf(" %s", parse_alb_names[f]);
	printf("\n");
	for (i = 0; i < p->nb; i++) {
		const struct sd_stat *b = &p->b[i];
		struct sd_delta d;
		char name[32];

		sd_name(b, name, sizeof(name));
		printf("  %-4d %-3d %-4s %-10s %-3s", b->cpu, b->domain, name,
		       b->mask, explain_delta(p, i, &d) ? "yes" : "-");
		for (f = 0; f < PARSE_LB_FIELDS; f++)
			printf(" %*lld", (int)strlen(parse_lb_names[f]),
			       d.lb[f]);
		for (f = 0; f < PARSE_ALB_FIELDS; f++)
			printf(" %*lld", (int)strlen(parse_alb_names[f]),
			       d.alb[f]);
		printf("\n");
	}
}

void explain_json(const struct explain_pair *p)
{
	int i, f;

	printf("[");
	for (i = 0; i < p->nb; i++) {
		const struct sd_stat *b = &p->b[i];
		struct sd_delta d;
		char name[32];

		sd_name(b, name, sizeof(name));
		printf("%s{\"cpu\":%d,\"domain\":%d,\"name\":", i ? "," : "",
		       b->cpu, b->domain);
		json_str(name);
		printf(",\"span\":");
		json_str(b->mask);
		printf(",\"rebuilt\":%s",
		       explain_delta(p, i, &d) ? "true" : "false");
		for (f = 0; f < PARSE_LB_FIELDS; f++)
			printf(",\"%s\":%lld", parse_lb_names[f], d.lb[f]);
		for (f = 0; f < PARSE_ALB_FIELDS; f++)
			printf(",\"%s\":%lld", parse_alb_names[f], d.alb[f]);
		printf("}");
	}
	printf("]");
}

void explain_lines(const char *prefix, const struct explain_pair *p)
{
	struct explain_level lv[EXPLAIN_MAX_LEVELS];
	int i, f, n;

	n = explain_levels(p, NULL, lv, EXPLAIN_MAX_LEVELS);
	for (i = 0; i < n; i++) {
		printf("%s name=%s domains=%d rebuilt=%d", prefix, lv[i].name,
		       lv[i].domains, lv[i].rebuilt);
		for (f = 0; f < PARSE_LB_FIELDS; f++)
			printf(" %s=%lld", parse_lb_names[f], lv[i].d.lb[f]);
		for (f = 0; f < PARSE_ALB_FIELDS; f++)
			printf(" %s=%lld", parse_alb_names[f], lv[i].d.alb[f]);
		printf("\n");
	}
}
