/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the asym-smt guest tools, one concern a header: the
 * messages (msg.h), whole small files (io.h), CPU lists (cpus.h), command
 * lines (opt.h), JSON and CSV (out.h), seeded random numbers (rng.h).
 * This header includes them all, so that a tool or a module needs no
 * other for them; none of them includes it.
 */
#ifndef ASYM_LIB_H
#define ASYM_LIB_H

#include "cpus.h"
#include "io.h"
#include "msg.h"
#include "opt.h"
#include "out.h"
#include "rng.h"

#endif
