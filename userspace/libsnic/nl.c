// SPDX-License-Identifier: GPL-2.0
/*
 * libsnic's netlink plumbing: a generic netlink socket for the "snic"
 * family (and a route socket for qdiscs) with extended acks enabled, and
 * an error callback that prints the kernel's extack message, as ovpn-cli
 * does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "internal.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

/*
 * A request's buffer: a whole CCT (1984 cct-entry nests of 20 bytes) is
 * 40 KB, more than libnl's default of a page.
 */
#define SNIC_MSG_SIZE	65536

static struct nl_sock *genl_sk;
static int family = -1;
static bool quiet;
static char err_msg[256];

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

static void oom(void)
{
	fprintf(stderr, "snicctl: out of memory\n");
	exit(1);
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct err_ctx *c = arg;

	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->replies = realloc(c->replies, c->cap * sizeof(*c->replies));
		if (!c->replies)
			oom();
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
	/* Big messages: see snic_route_run(). */
	nl_socket_set_msg_buf_size(sk, 65536);
	return sk;
}

int snic_open(void)
{
	if (genl_sk)
		return 0;
	genl_sk = sock_new(NETLINK_GENERIC);
	family = genl_ctrl_resolve(genl_sk, SNIC_FAMILY_NAME);
	if (family < 0) {
		fprintf(stderr,
			"Error: generic netlink family \"%s\" not found (is snic.ko loaded?)\n",
			SNIC_FAMILY_NAME);
		exit(1);
	}
	return 0;
}

void snic_set_quiet(bool q)
{
	quiet = q;
}

const char *snic_err_msg(void)
{
	return err_msg;
}

struct nl_msg *snic_msg_new(uint8_t cmd, bool dump)
{
	struct nl_msg *msg;

	snic_open();
	msg = nlmsg_alloc_size(SNIC_MSG_SIZE);
	if (!msg || !genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0,
				 dump ? NLM_F_DUMP : 0, cmd,
				 SNIC_FAMILY_VERSION))
		oom();
	return msg;
}

static int run(struct nl_sock *sk, struct nl_msg *msg,
	       int (*cb)(struct nl_msg *, void *), void *arg, const char *what)
{
	struct err_ctx c = { 0 };
	int err, try = 0, ret = 0;
	size_t i;

	err_msg[0] = 0;
	nlmsg_hdr(msg)->nlmsg_flags |= NLM_F_ACK;
	do {
		struct nl_cb *nlcb = nl_cb_alloc(NL_CB_DEFAULT);

		if (!nlcb)
			oom();
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
			if (!quiet)
				fprintf(stderr, "snicctl: %s: send failed: %s\n",
					what, nl_geterror(err));
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
		snprintf(err_msg, sizeof(err_msg), "%s", c.msg);
		if (!quiet)
			fprintf(stderr, "Error: %s: %s (errno %d)%s%s\n", what,
				strerror(-c.err), -c.err, c.msg[0] ? ": " : "",
				c.msg);
		return c.err;
	}
	/* A callback's negative return ends the calls, and is the answer. */
	for (i = 0; i < c.n && cb && ret >= 0; i++) {
		err = cb(c.replies[i], arg);
		if (err < 0)
			ret = err;
	}
	drop_replies(&c);
	free(c.replies);
	return ret;
}

/* A request that could not be built (too big): dropped, said, -EMSGSIZE. */
int snic_msg_fail(struct nl_msg *msg, const char *what)
{
	nlmsg_free(msg);
	snprintf(err_msg, sizeof(err_msg), "request too big");
	if (!quiet)
		fprintf(stderr, "snicctl: %s: request too big\n", what);
	return -EMSGSIZE;
}

int snic_msg_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *),
		 void *arg, const char *what)
{
	snic_open();
	return run(genl_sk, msg, cb, arg, what);
}

int snic_route_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *),
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
