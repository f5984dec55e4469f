/* SPDX-License-Identifier: GPL-2.0 */
/* libsnic's own declarations, shared by its files. */
#ifndef _LIBSNIC_INTERNAL_H
#define _LIBSNIC_INTERNAL_H

#include <netlink/attr.h>
#include <netlink/msg.h>

#include "libsnic.h"

/*
 * fields.c: put the scalars that @cfg (the cfg struct of nest @nest)
 * carries, and read those of a reply's nest into @info (its info struct).
 */
int snic_fields_put(struct nl_msg *msg, int nest, const void *cfg);
void snic_fields_get(struct nlattr **tb, int nest, void *info);

/* nl.c: a request that could not be built (too big): dropped, said,
 * -EMSGSIZE.
 */
int snic_msg_fail(struct nl_msg *msg, const char *what);

/* An attribute's value, 0 when it is absent or not of the type's size. */
uint32_t snic_get_u32(const struct nlattr *a);
uint64_t snic_get_u64(const struct nlattr *a);

/* dev.c: what the port nest shares with a device's. */
struct nlattr *snic_nest_start(struct nl_msg *msg, int type);
int snic_credit_put(struct nl_msg *msg, int type,
		    const struct snic_credit_cfg *c);
void snic_credit_get(struct nlattr *nest, struct snic_credit_info *ci);
void snic_stats_get(struct nlattr *nest, bool *has, uint64_t *stats);
void snic_get_str(const struct nlattr *a, char *buf, size_t size);
/* The dump of a device's table (each reply: the device and one nest). */
int snic_dump(uint8_t cmd, uint32_t ifindex,
	      int (*reply)(struct nl_msg *, void *), void *c, const char *what);
/* The nest @type of a reply, parsed into @tb (@max + 1 slots), or NULL. */
struct nlattr **snic_reply_nest(struct nl_msg *msg, int type,
				struct nlattr **tb, int max);

#endif /* _LIBSNIC_INTERNAL_H */
