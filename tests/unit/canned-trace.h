/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Canned lines of tracefs' "trace" file for the host unit tests of the
 * placement record (record-test.c, follow-test.c): the TP_printk()
 * formats of include/trace/events/sched.h, fed to record_line().
 */
#ifndef ASYM_CANNED_TRACE_H
#define ASYM_CANNED_TRACE_H

#include <stdio.h>

#include "record.h"

/* Feed a sched_switch on @cpu at @t, with the flags column. */
static void sw(struct record *r, int cpu, double t, int prev, int next)
{
	char line[512];

	snprintf(line, sizeof(line),
		 "      asym-place-%d     [%03d] d..2.  %.6f: sched_switch: prev_comm=asym-place prev_pid=%d prev_prio=120 prev_state=R+ ==> next_comm=asym-place next_pid=%d next_prio=120",
		 prev, cpu, t, prev, next);
	record_line(r, line);
}

static void mig(struct record *r, int cpu, double t, int pid, int from,
		int to)
{
	char line[512];

	snprintf(line, sizeof(line),
		 "     migration/%d-20      [%03d] d..5.  %.6f: sched_migrate_task: comm=asym-place pid=%d prio=120 orig_cpu=%d dest_cpu=%d",
		 cpu, cpu, t, pid, from, to);
	record_line(r, line);
}

static void born(struct record *r, double t, int pid, int cpu)
{
	char line[512];

	snprintf(line, sizeof(line),
		 "      asym-place-90      [000] d..3.  %.6f: sched_wakeup_new: comm=asym-place pid=%d prio=120 target_cpu=%03d",
		 t, pid, cpu);
	record_line(r, line);
	sw(r, cpu, t, 0, pid);
}

/* Worker @pid moves at @t from @from, where it ran, to @to, and runs. */
static void move(struct record *r, double t, int pid, int from, int to)
{
	sw(r, from, t, pid, 0);
	mig(r, from, t, pid, from, to);
	sw(r, to, t, 0, pid);
}

#endif
