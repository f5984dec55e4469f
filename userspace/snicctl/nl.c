// SPDX-License-Identifier: GPL-2.0
/*
 * Netlink plumbing for snicctl: a generic netlink socket for the "snic"
 * family (and a route socket for qdiscs) with extended acks enabled, and
 * an error callback that prints the kernel's extack message, as ovpn-cli
 * does.
 */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netlink.h>
#include <netlink/genl/ctrl.h>
#include <netlink/msg.h>

#include <linux/rtnetlink.h>

#include "snicctl.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

static struct nl_sock *genl_sk;
static int family = -1;

/*
 * Replies are kept until the answer is complete, then handed to the
 * caller's callback: a dump that the kernel flags as interrupted
 * (NLM_F_DUMP_INTR, the configuration changed under it) is thrown away
 * and asked for again, so output is never a mix of two states.
 */
#define DUMP_RETRIES	10

struct err_ctx {
	int err;
	char msg[256];
	int done;
	struct nl_msg **replies;
	size_t n, cap;
};

static int on_error(struct sockaddr_nl *nla, struct nlmsgerr *err, void *arg)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)err - 1;
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	struct err_ctx *c = arg;
	int len = nlh->nlmsg_len;
	int ack_len = sizeof(*nlh) + sizeof(*err);

	(void)nla;
	c->err = err->error;
	c->done = 1;
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return NL_STOP;
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		ack_len += err->msg.nlmsg_len - sizeof(*nlh);
	if (len <= ack_len)
		return NL_STOP;
	if (nla_parse(tb, NLMSGERR_ATTR_MAX,
		      (struct nlattr *)((char *)nlh + ack_len), len - ack_len,
		      NULL))
		return NL_STOP;
	if (tb[NLMSGERR_ATTR_MSG])
		snprintf(c->msg, sizeof(c->msg), "%s",
			 (char *)nla_data(tb[NLMSGERR_ATTR_MSG]));
	return NL_STOP;
}

/* NLMSG_DONE of a dump: an int error, then extack TLVs if flagged. */
static int on_finish(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	int len = nlmsg_datalen(nlh);
	struct err_ctx *c = arg;
	int *err = nlmsg_data(nlh);

	c->done = 1;
	if (len < (int)sizeof(int) || *err >= 0)
		return NL_STOP;
	c->err = *err;
	if ((nlh->nlmsg_flags & NLM_F_ACK_TLVS) && len > (int)sizeof(int) &&
	    !nla_parse(tb, NLMSGERR_ATTR_MAX, (struct nlattr *)(err + 1),
		       len - sizeof(int), NULL) && tb[NLMSGERR_ATTR_MSG])
		snprintf(c->msg, sizeof(c->msg), "%s",
			 (char *)nla_data(tb[NLMSGERR_ATTR_MSG]));
	return NL_STOP;
}

static int on_ack(struct nl_msg *msg, void *arg)
{
	struct err_ctx *c = arg;

	(void)msg;
	c->done = 1;
	return NL_STOP;
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct err_ctx *c = arg;

	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->replies = realloc(c->replies, c->cap * sizeof(*c->replies));
		if (!c->replies) {
			fprintf(stderr, "snicctl: out of memory\n");
			exit(1);
		}
	}
	nlmsg_get(msg);
	c->replies[c->n++] = msg;
	return NL_OK;
}

static void drop_replies(struct err_ctx *c)
{
	while (c->n)
		nlmsg_free(c->replies[--c->n]);
}

static struct nl_sock *sock_new(int proto)
{
	struct nl_sock *sk = nl_socket_alloc();
	int one = 1;

	if (!sk || nl_connect(sk, proto)) {
		fprintf(stderr, "snicctl: cannot open a netlink socket\n");
		exit(1);
	}
	setsockopt(nl_socket_get_fd(sk), SOL_NETLINK, NETLINK_EXT_ACK, &one,
		   sizeof(one));
	setsockopt(nl_socket_get_fd(sk), SOL_NETLINK, NETLINK_CAP_ACK, &one,
		   sizeof(one));
	/* One request at a time, and an interrupted dump is drained before
	 * it is asked for again under a new sequence number.
	 */
	nl_socket_disable_seq_check(sk);
	/* Big messages: see nl_route_run(). */
	nl_socket_set_msg_buf_size(sk, 65536);
	return sk;
}

int nl_open(void)
{
	if (genl_sk)
		return 0;
	genl_sk = sock_new(NETLINK_GENERIC);
	family = genl_ctrl_resolve(genl_sk, SNIC_GENL_NAME);
	if (family < 0) {
		fprintf(stderr,
			"Error: generic netlink family \"%s\" not found (is snic.ko loaded?)\n",
			SNIC_GENL_NAME);
		exit(1);
	}
	return 0;
}

struct nl_msg *nl_new(uint8_t cmd, bool dump)
{
	struct nl_msg *msg = nlmsg_alloc();

	nl_open();
	if (!msg || !genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0,
				 dump ? NLM_F_DUMP : 0, cmd,
				 SNIC_GENL_VERSION)) {
		fprintf(stderr, "snicctl: out of memory\n");
		exit(1);
	}
	return msg;
}

static int run(struct nl_sock *sk, struct nl_msg *msg,
	       int (*cb)(struct nl_msg *, void *), void *arg, const char *what)
{
	struct err_ctx c = { 0 };
	int err, try = 0;
	size_t i;

	nlmsg_hdr(msg)->nlmsg_flags |= NLM_F_ACK;
	do {
		struct nl_cb *nlcb = nl_cb_alloc(NL_CB_DEFAULT);

		drop_replies(&c);
		nlmsg_hdr(msg)->nlmsg_seq = NL_AUTO_SEQ;
		c.err = 0;
		c.done = 0;
		c.msg[0] = 0;
		nl_cb_err(nlcb, NL_CB_CUSTOM, on_error, &c);
		nl_cb_set(nlcb, NL_CB_FINISH, NL_CB_CUSTOM, on_finish, &c);
		nl_cb_set(nlcb, NL_CB_ACK, NL_CB_CUSTOM, on_ack, &c);
		nl_cb_set(nlcb, NL_CB_VALID, NL_CB_CUSTOM, on_valid, &c);
		err = nl_send_auto(sk, msg);
		if (err < 0) {
			fprintf(stderr, "snicctl: %s: send failed: %s\n", what,
				nl_geterror(err));
			nl_cb_put(nlcb);
			nlmsg_free(msg);
			return -EIO;
		}
		while (!c.done) {
			err = nl_recvmsgs(sk, nlcb);
			if (err < 0 && !c.err) {
				c.err = err == -NLE_DUMP_INTR ? -EINTR : -EIO;
				snprintf(c.msg, sizeof(c.msg), "%s",
					 nl_geterror(err));
				/* Drain what is left of the dump. */
				if (err == -NLE_DUMP_INTR)
					continue;
				break;
			}
		}
		nl_cb_put(nlcb);
	} while (c.err == -EINTR && ++try < DUMP_RETRIES);
	nlmsg_free(msg);

	if (c.err) {
		drop_replies(&c);
		free(c.replies);
		fprintf(stderr, "Error: %s: %s (errno %d)%s%s\n", what,
			strerror(-c.err), -c.err, c.msg[0] ? ": " : "", c.msg);
		return c.err;
	}
	for (i = 0; i < c.n; i++)
		if (cb)
			cb(c.replies[i], arg);
	drop_replies(&c);
	free(c.replies);
	return 0;
}

int nl_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *), void *arg,
	   const char *what)
{
	return run(genl_sk, msg, cb, arg, what);
}

int nl_route_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *),
		 void *arg, const char *what)
{
	static struct nl_sock *rt_sk;

	if (!rt_sk) {
		struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = 1 };
		struct nl_msg *lo = nlmsg_alloc_simple(RTM_GETLINK, 0);

		rt_sk = sock_new(NETLINK_ROUTE);
		/* The kernel sizes a dump's skbs to the largest recvmsg()
		 * this socket has done, NLMSG_GOODSIZE before any, and ends
		 * a dump whose next message does not fit an empty skb
		 * without a word: a sch_snic's qdisc message (its xstats
		 * twice, TCA_STATS2 and the legacy TCA_XSTATS) is over 5 KB.
		 * One small reply (loopback's link) read with the big
		 * buffer first lets every dump use 32 KB skbs, as
		 * iproute2's do.
		 */
		if (lo && !nlmsg_append(lo, &ifi, sizeof(ifi), NLMSG_ALIGNTO))
			run(rt_sk, lo, NULL, NULL, "link show lo");
	}
	return run(rt_sk, msg, cb, arg, what);
}

/* Decimal or 0x-hex, within u32; the kernel judges the range. */
int parse_u32(const char *s, uint32_t *v)
{
	unsigned long long x;
	char *end;

	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || !*s || *end || x > UINT32_MAX || s[0] == '-')
		return -1;
	*v = x;
	return 0;
}

int dev_index(const char *name, uint32_t *ifindex)
{
	*ifindex = if_nametoindex(name);
	if (!*ifindex) {
		fprintf(stderr, "Error: device \"%s\" does not exist\n", name);
		return -1;
	}
	return 0;
}

int parse_table(char *s, uint8_t *table, int n)
{
	char *tok, *save = NULL;
	uint32_t v;
	int i = 0;

	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (i >= n || parse_u32(tok, &v) || v > 255)
			return -1;
		table[i++] = v;
	}
	return i ? 0 : -1;
}
