/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The placement record's control of tracefs: its clock, buffer and the
 * record's events (record.h, RECORD_EVENTS) set up before a run, tracing
 * stopped at the window's end, and tracefs left as the guest boots after
 * it; the events a CPU's buffer holds and lost. measure.c runs it for a
 * measurement, asym-record-cost without one.
 */
#ifndef ASYM_TRACEFS_H
#define ASYM_TRACEFS_H

#include <stdbool.h>

#define TRACEFS			"/sys/kernel/tracing"

/*
 * Set tracefs up for the record: its clock, buffer and events, the buffer
 * empty and tracing on (mounting tracefs if need be). 0; 1 for a kernel
 * without the sched events; -1 when tracefs refuses (after saying which
 * file and why), tracefs then left as the guest boots.
 */
int tracefs_setup(void);

/* Stop recording: at the window's end and on every exit path. */
void tracefs_stop(void);

/*
 * Leave tracefs with no event, an empty buffer and tracing on, as the
 * guest boots; the buffer's size, the clock and the overwrite option
 * stay as the record set them, for the next run. Nothing if
 * tracefs_setup() did not set it up.
 */
void tracefs_release(void);

/*
 * tracefs_setup() (@on, saying so when the kernel has no sched events)
 * or tracefs_release(); 0, or -1.
 */
int tracefs_trace(bool on);

/* Empty the buffer; 0, or -1 after saying why. */
int tracefs_clear(void);

/*
 * The events in @cpu's buffer (-1 if its stats cannot be read) and, in
 * *@lost, those it lost: its overrun and dropped events.
 */
long tracefs_events(int cpu, long *lost);

#endif
