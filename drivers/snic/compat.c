// SPDX-License-Identifier: GPL-2.0
/*
 * 6.1's generic netlink has no split ops: the generated table
 * (netlink-gen.c) becomes one genl_ops per command here, and the family's
 * pre_doit/post_doit run the hooks of the command's do entry.
 */
#include <linux/slab.h>

#include "snic.h"

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
static const struct genl_split_ops *snic_compat_split;
static int snic_compat_n_split;
/* The folded table; the family itself is read-only after init. */
static struct genl_ops *snic_compat_ops;

static const struct genl_split_ops *snic_compat_do(u8 cmd)
{
	int i;

	for (i = 0; i < snic_compat_n_split; i++)
		if (snic_compat_split[i].cmd == cmd &&
		    (snic_compat_split[i].flags & GENL_CMD_CAP_DO))
			return &snic_compat_split[i];
	return NULL;
}

int snic_compat_pre_doit(const struct genl_ops *ops, struct sk_buff *skb,
			 struct genl_info *info)
{
	const struct genl_split_ops *sop = snic_compat_do(ops->cmd);

	return sop && sop->pre_doit ? sop->pre_doit(sop, skb, info) : 0;
}

void snic_compat_post_doit(const struct genl_ops *ops, struct sk_buff *skb,
			   struct genl_info *info)
{
	const struct genl_split_ops *sop = snic_compat_do(ops->cmd);

	if (sop && sop->post_doit)
		sop->post_doit(sop, skb, info);
}

int snic_compat_genl_prepare(struct genl_family *family,
			     const struct genl_split_ops *split, int n)
{
	struct genl_ops *ops;
	int i, j, nops = 0;

	ops = kcalloc(n, sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const struct genl_split_ops *s = &split[i];

		for (j = 0; j < nops && ops[j].cmd != s->cmd; j++)
			;
		if (j == nops)
			nops++;
		ops[j].cmd = s->cmd;
		ops[j].flags |= s->flags & (GENL_ADMIN_PERM | GENL_UNS_ADMIN_PERM);
		if (s->flags & GENL_CMD_CAP_DO) {
			ops[j].doit = s->doit;
			ops[j].policy = s->policy;
			ops[j].maxattr = s->maxattr;
		} else {
			ops[j].start = s->start;
			ops[j].dumpit = s->dumpit;
			ops[j].done = s->done;
			if (!ops[j].policy) {
				ops[j].policy = s->policy;
				ops[j].maxattr = s->maxattr;
			}
		}
	}
	snic_compat_split = split;
	snic_compat_n_split = n;
	snic_compat_ops = ops;
	family->ops = ops;
	family->n_ops = nops;
	return 0;
}

void snic_compat_genl_release(struct genl_family *family)
{
	kfree(snic_compat_ops);
	snic_compat_ops = NULL;
}
#endif
