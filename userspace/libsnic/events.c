// SPDX-License-Identifier: GPL-2.0
/*
 * libsnic: the events group. A socket of its own joins the group of the
 * namespace it runs in; each event-ntf is parsed into a struct
 * snic_event_info, its event nest read by attribute size (so that an
 * event type or attribute this library does not know passes as a
 * number), and handed to the caller.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/genetlink.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>

#include "internal.h"

struct ev_ctx {
	int (*cb)(const struct snic_event_info *, void *);
	void *arg;
	unsigned long count, seen;
	int ret;
};

static int on_event(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1], *et[SNIC_A_EVENT_MAX + 1];
	struct genlmsghdr *g = nlmsg_data(nlmsg_hdr(msg));
	struct snic_event_info info;
	struct ev_ctx *c = arg;
	int a, ret;

	if (g->cmd != SNIC_CMD_EVENT_NTF ||
	    genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_EVENT] ||
	    nla_parse_nested(et, SNIC_A_EVENT_MAX, tb[SNIC_A_EVENT], NULL))
		return NL_SKIP;
	memset(&info, 0, sizeof(info));
	info.ifindex = snic_get_u32(tb[SNIC_A_IFINDEX]);
	snic_get_str(tb[SNIC_A_IFNAME], info.ifname, sizeof(info.ifname));
	for (a = 1; a <= SNIC_A_EVENT_MAX; a++) {
		if (!et[a] || a == SNIC_A_EVENT_PAD)
			continue;
		info.has |= 1ULL << a;
		if (nla_len(et[a]) == 0)
			info.v[a] = 1;
		else if (nla_len(et[a]) == 8)
			info.v[a] = snic_get_u64(et[a]);
		else
			info.v[a] = snic_get_u32(et[a]);
	}
	ret = c->cb(&info, c->arg);
	c->seen++;
	if (ret < 0 || (c->count && c->seen >= c->count)) {
		c->ret = ret < 0 ? ret : 0;
		return NL_STOP;
	}
	return NL_OK;
}

int snic_events(int (*cb)(const struct snic_event_info *, void *), void *arg,
		unsigned long count, void (*ready)(void *), void *ready_arg)
{
	struct ev_ctx c = { .cb = cb, .arg = arg, .count = count, .ret = 1 };
	struct nl_sock *sk = nl_socket_alloc();
	int grp, err;

	if (!sk || genl_connect(sk)) {
		fprintf(stderr, "Error: cannot open a netlink socket\n");
		return -ENOMEM;
	}
	grp = genl_ctrl_resolve_grp(sk, SNIC_FAMILY_NAME, SNIC_MCGRP_EVENTS);
	if (grp < 0) {
		fprintf(stderr,
			"Error: group \"%s\" of family \"%s\" not found (is snic.ko loaded?)\n",
			SNIC_MCGRP_EVENTS, SNIC_FAMILY_NAME);
		nl_socket_free(sk);
		return -ENOENT;
	}
	err = nl_socket_add_membership(sk, grp);
	if (err) {
		fprintf(stderr, "Error: cannot join the events group: %s\n",
			nl_geterror(err));
		nl_socket_free(sk);
		return -EPERM;
	}
	nl_socket_disable_seq_check(sk);
	nl_socket_modify_cb(sk, NL_CB_VALID, NL_CB_CUSTOM, on_event, &c);
	nl_socket_set_buffer_size(sk, 1 << 20, 0);
	if (ready)
		ready(ready_arg);
	while (c.ret > 0) {
		err = nl_recvmsgs_default(sk);
		if (err == -NLE_NOMEM || err == -NLE_MSG_OVERFLOW) {
			fprintf(stderr, "Warning: events lost (%s)\n",
				nl_geterror(err));
		} else if (err < 0 && err != -NLE_INTR && c.ret > 0) {
			fprintf(stderr, "Error: receiving events: %s\n",
				nl_geterror(err));
			c.ret = -EIO;
		}
	}
	nl_socket_free(sk);
	return c.ret;
}
