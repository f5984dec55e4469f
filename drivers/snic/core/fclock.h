/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fabric clock (kernel-independent): fabric time runs D times slower
 * than wall time, D being the time dilation of the link it belongs to. D
 * may change at any time (a qdisc reconfigured); the clock then rebases
 * itself, so that fabric time stays continuous and monotonic across the
 * change, and deadlines already taken in fabric time keep their meaning.
 * The owner serialises the calls.
 */
#ifndef _SNIC_CORE_FCLOCK_H
#define _SNIC_CORE_FCLOCK_H

#include "core_types.h"

struct snic_fclock {
	u64 wall0;	/* wall ns of the last rebase */
	u64 fab0;	/* fabric ns then */
	u32 d;		/* dilation since then; 0: not started */
};

/* Fabric ns at @wall ns, with dilation @d (>= 1) from now on. */
static inline u64 snic_fclock_now(struct snic_fclock *c, u64 wall, u32 d)
{
	if (!d)
		d = 1;
	if (!c->d) {
		c->wall0 = wall;
		c->fab0 = snic_div64(wall, d);
		c->d = d;
	} else if (d != c->d || wall < c->wall0) {
		if (wall > c->wall0)
			c->fab0 += snic_div64(wall - c->wall0, c->d);
		c->wall0 = wall;
		c->d = d;
	}
	return c->fab0 + snic_div64(wall - c->wall0, c->d);
}

/*
 * Fabric ns at @wall ns without a rebase (so a reader that does not
 * serialise with the owner can use it, the clock read whole): at the
 * clock's own dilation, and never before the last rebase (@wall taken on
 * another CPU may be a little older than it).
 */
static inline u64 snic_fclock_read(const struct snic_fclock *c, u64 wall)
{
	if (!c->d)
		return wall;
	if (wall < c->wall0)
		return c->fab0;
	return c->fab0 + snic_div64(wall - c->wall0, c->d);
}

/* The wall ns at which the clock reads @fab (at its current dilation). */
static inline u64 snic_fclock_wall(const struct snic_fclock *c, u64 fab)
{
	if (fab >= c->fab0)
		return c->wall0 + (fab - c->fab0) * c->d;
	return c->wall0 - (c->fab0 - fab) * c->d > c->wall0 ? 0 :
	       c->wall0 - (c->fab0 - fab) * c->d;
}

#endif /* _SNIC_CORE_FCLOCK_H */
