// SPDX-License-Identifier: GPL-2.0
/* The snic:* tracepoints of snic.ko (trace.h). */
#define CREATE_TRACE_POINTS
#include "trace.h"
