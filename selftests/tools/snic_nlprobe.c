// SPDX-License-Identifier: GPL-2.0
/*
 * snic_nlprobe: probes of the generic netlink contract that need control
 * over the socket, which snicctl (libnl) does not give.
 *
 *   snic_nlprobe atomic IFNAME
 *	DEV_SET of a NIC is all or nothing. A request that changes the LID,
 *	the SL2SC table and the CC settings (a new DLID table, a new CCT) is
 *	sent again and again with the task's fail-nth set to 1, 2, 3, ...
 *	(CONFIG_FAULT_INJECTION; failslab with ignore-gfp-wait off), so that
 *	each slab allocation of the request's path fails in turn, until one
 *	run sees no injection. After each run DEV_GET must show either the
 *	old settings, all of them (the request was refused), or the new ones,
 *	all of them. Prints one line per run and a summary; exits 1 if any
 *	run left a mix, or if no run was refused with ENOMEM (nothing was
 *	tested).
 *
 *   snic_nlprobe dump CMD
 *	Starts a DEV_GET dump (its first part is filled when the request is
 *	sent), runs CMD with system(3), then reads the rest. Prints
 *	"parts P devices D intr I first F": the reads it took, the devices
 *	listed, the messages flagged NLM_F_DUMP_INTR and the devices of the
 *	first part.
 *
 * It writes and reads the family's messages itself (the layout of
 * Documentation/netlink/specs/snic.yaml: the device, then one nest per
 * object) rather than through libsnic, whose libnl socket hides what the
 * probes look at: a lost ack (ENOBUFS) and a dump read part by part.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <net/if.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/snic.h>
#include <linux/snic_wire.h>

#define BUFSZ	65536

struct req {
	struct nlmsghdr n;
	struct genlmsghdr g;
	char attrs[8192];
};

static int sock = -1;
static uint16_t family;
static uint32_t seq = 1;

static void put(struct req *r, int type, const void *data, int len)
{
	struct nlattr *a = (struct nlattr *)((char *)r + NLMSG_ALIGN(r->n.nlmsg_len));

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (len)
		memcpy((char *)a + NLA_HDRLEN, data, len);
	r->n.nlmsg_len = NLMSG_ALIGN(r->n.nlmsg_len) + NLA_ALIGN(a->nla_len);
}

static void put_u32(struct req *r, int type, uint32_t v)
{
	put(r, type, &v, sizeof(v));
}

/* A nest: its attributes follow until nest_end(). */
static struct nlattr *nest_start(struct req *r, int type)
{
	struct nlattr *a = (struct nlattr *)((char *)r + NLMSG_ALIGN(r->n.nlmsg_len));

	put(r, type | NLA_F_NESTED, NULL, 0);
	return a;
}

static void nest_end(struct req *r, struct nlattr *a)
{
	a->nla_len = (char *)r + r->n.nlmsg_len - (char *)a;
}

static void init_req(struct req *r, uint16_t type, uint8_t cmd, uint16_t flags)
{
	memset(r, 0, sizeof(*r));
	r->n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
	r->n.nlmsg_type = type;
	r->n.nlmsg_flags = NLM_F_REQUEST | flags;
	r->n.nlmsg_seq = seq++;
	r->g.cmd = cmd;
	r->g.version = type == GENL_ID_CTRL ? 1 : SNIC_FAMILY_VERSION;
}

/* Attribute @type among the @len bytes of attributes at @a. */
static struct nlattr *attr_in(struct nlattr *a, int len, int type)
{
	while (len >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN &&
	       a->nla_len <= len) {
		if ((a->nla_type & NLA_TYPE_MASK) == type)
			return a;
		len -= NLA_ALIGN(a->nla_len);
		a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len));
	}
	return NULL;
}

static struct nlattr *attr_find(struct nlmsghdr *n, int type)
{
	return attr_in((struct nlattr *)((char *)NLMSG_DATA(n) + GENL_HDRLEN),
		       n->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN), type);
}

/* Attribute @type of nest @nest, NULL if either is missing. */
static struct nlattr *attr_nested(struct nlattr *nest, int type)
{
	if (!nest)
		return NULL;
	return attr_in((struct nlattr *)((char *)nest + NLA_HDRLEN),
		       nest->nla_len - NLA_HDRLEN, type);
}

static void *attr_data(struct nlattr *a)
{
	return (char *)a + NLA_HDRLEN;
}

/*
 * Send @r; read until its ack or error. A reply message of the family is
 * copied to @reply. Returns 0, the request's -errno, or -ENOBUFS with
 * *@unknown set when the socket lost a message (the kernel could not
 * allocate the ack: the request's outcome is not known).
 */
static int transact(struct req *r, struct nlmsghdr *reply, size_t rlen,
		    int *unknown)
{
	static char buf[BUFSZ];
	ssize_t n;

	if (unknown)
		*unknown = 0;
	if (send(sock, r, r->n.nlmsg_len, 0) < 0)
		return -errno;
	for (;;) {
		struct nlmsghdr *h = (struct nlmsghdr *)buf;

		n = recv(sock, buf, sizeof(buf), 0);
		if (n < 0) {
			if (errno == ENOBUFS && unknown) {
				*unknown = 1;
				return -ENOBUFS;
			}
			return -errno;
		}
		for (; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_seq != r->n.nlmsg_seq)
				continue;
			if (h->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(h);

				return e->error;
			}
			if (reply && h->nlmsg_len <= rlen)
				memcpy(reply, h, h->nlmsg_len);
		}
	}
}

static int open_family(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	static char rbuf[BUFSZ];
	struct nlmsghdr *reply = (struct nlmsghdr *)rbuf;
	struct nlattr *id;
	struct req r;
	int one = 1, err;

	sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (sock < 0 || bind(sock, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("snic_nlprobe: netlink socket");
		return -1;
	}
	setsockopt(sock, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	init_req(&r, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, NLM_F_ACK);
	put(&r, CTRL_ATTR_FAMILY_NAME, SNIC_FAMILY_NAME, sizeof(SNIC_FAMILY_NAME));
	reply->nlmsg_len = 0;
	err = transact(&r, reply, sizeof(rbuf), NULL);
	id = reply->nlmsg_len ? attr_find(reply, CTRL_ATTR_FAMILY_ID) : NULL;
	if (err || !id) {
		fprintf(stderr, "snic_nlprobe: no family %s: %s\n",
			SNIC_FAMILY_NAME, strerror(-err));
		return -1;
	}
	family = *(uint16_t *)attr_data(id);
	return 0;
}

/* The settings DEV_SET changes in the atomic probe. */
struct setting {
	uint32_t lid;
	uint8_t sl2sc[SNIC_NUM_SL];
	uint32_t max_tracked;
	uint32_t ccti_limit;
};

static void setting_make(struct setting *s, int which)
{
	int i;

	s->lid = which ? 0x77 : 0x66;
	for (i = 0; i < SNIC_NUM_SL; i++)
		s->sl2sc[i] = which ? (i + 5) % 16 : i % 16;
	s->max_tracked = which ? 96 : 64;
	s->ccti_limit = which ? 2 : 1;
}

static int dev_set(int ifindex, const struct setting *s, int *unknown)
{
	struct nlattr *dev, *cc, *e;
	uint32_t i;
	struct req r;

	init_req(&r, family, SNIC_CMD_DEV_SET, NLM_F_ACK);
	put_u32(&r, SNIC_A_IFINDEX, ifindex);
	dev = nest_start(&r, SNIC_A_DEV);
	put_u32(&r, SNIC_A_DEV_LID, s->lid);
	put(&r, SNIC_A_DEV_SL2SC, s->sl2sc, SNIC_NUM_SL);
	nest_end(&r, dev);
	cc = nest_start(&r, SNIC_A_CC);
	put_u32(&r, SNIC_A_CC_MAX_TRACKED, s->max_tracked);
	put_u32(&r, SNIC_A_CC_LIMIT, s->ccti_limit);
	put_u32(&r, SNIC_A_CC_MIN, 0);
	put_u32(&r, SNIC_A_CC_TRIGGER, 1);
	/* a new CCT, one entry more than the limit: multipliers 0, 1, 2 */
	for (i = 0; i <= s->ccti_limit; i++) {
		e = nest_start(&r, SNIC_A_CC_CCT_ENTRY);
		put_u32(&r, SNIC_A_CCT_ENTRY_SHIFT, 0);
		put_u32(&r, SNIC_A_CCT_ENTRY_MULTIPLIER, i);
		nest_end(&r, e);
	}
	nest_end(&r, cc);
	return transact(&r, NULL, 0, unknown);
}

/* 0: @s matches, 1: it does not, -errno: DEV_GET failed. */
static int dev_differs(int ifindex, const struct setting *s)
{
	static char rbuf[BUFSZ];
	struct nlmsghdr *reply = (struct nlmsghdr *)rbuf;
	struct nlattr *dev, *cc, *lid, *sl2sc, *mt, *lim;
	struct req r;
	int err;

	init_req(&r, family, SNIC_CMD_DEV_GET, NLM_F_ACK);
	put_u32(&r, SNIC_A_IFINDEX, ifindex);
	reply->nlmsg_len = 0;
	err = transact(&r, reply, sizeof(rbuf), NULL);
	if (err)
		return err;
	if (!reply->nlmsg_len)
		return -ENODATA;
	dev = attr_find(reply, SNIC_A_DEV);
	cc = attr_find(reply, SNIC_A_CC);
	lid = attr_nested(dev, SNIC_A_DEV_LID);
	sl2sc = attr_nested(dev, SNIC_A_DEV_SL2SC);
	mt = attr_nested(cc, SNIC_A_CC_MAX_TRACKED);
	lim = attr_nested(cc, SNIC_A_CC_LIMIT);
	if (!lid || !sl2sc || !mt || !lim)
		return -ENODATA;
	return *(uint32_t *)attr_data(lid) != s->lid ||
	       memcmp(attr_data(sl2sc), s->sl2sc, SNIC_NUM_SL) ||
	       *(uint32_t *)attr_data(mt) != s->max_tracked ||
	       *(uint32_t *)attr_data(lim) != s->ccti_limit;
}

static int fail_nth_set(int fd, unsigned int n)
{
	char b[16];
	int len = snprintf(b, sizeof(b), "%u", n);

	return pwrite(fd, b, len, 0) == len ? 0 : -1;
}

static long fail_nth_get(int fd)
{
	char b[16] = "";

	if (pread(fd, b, sizeof(b) - 1, 0) <= 0)
		return -1;
	return strtol(b, NULL, 10);
}

static int probe_atomic(const char *ifname)
{
	int ifindex = if_nametoindex(ifname), nomem = 0, mixed = 0, fd, n;
	struct setting old, new;

	setting_make(&old, 0);
	setting_make(&new, 1);
	if (!ifindex) {
		fprintf(stderr, "snic_nlprobe: no device %s\n", ifname);
		return 2;
	}
	/* Kept open: opening it allocates, and would take an injection. */
	fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (fd < 0) {
		perror("snic_nlprobe: /proc/thread-self/fail-nth");
		return 2;
	}
	for (n = 1; n < 10000; n++) {
		int err, unknown, ret_old, ret_new, injected;

		err = dev_set(ifindex, &old, NULL);
		if (err || dev_differs(ifindex, &old)) {
			fprintf(stderr, "snic_nlprobe: cannot set the old settings: %s\n",
				strerror(-err));
			return 2;
		}
		if (fail_nth_set(fd, n)) {
			perror("snic_nlprobe: fail-nth");
			return 2;
		}
		err = dev_set(ifindex, &new, &unknown);
		injected = fail_nth_get(fd) == 0;
		fail_nth_set(fd, 0);
		ret_old = dev_differs(ifindex, &old);
		ret_new = dev_differs(ifindex, &new);
		if (ret_old < 0 || ret_new < 0) {
			fprintf(stderr, "snic_nlprobe: DEV_GET: %s\n",
				strerror(-(ret_old < 0 ? ret_old : ret_new)));
			return 2;
		}
		printf("# fail-nth %d: %s, %s, device %s\n", n,
		       injected ? "injected" : "not injected",
		       err ? strerror(-err) : "applied",
		       !ret_old ? "unchanged" : !ret_new ? "all new" : "MIXED");
		if (err == -ENOMEM && !unknown)
			nomem++;
		/* Refused: nothing changed. Applied or unknown: not a mix. */
		if ((err && !unknown && ret_old) || (ret_old && ret_new) ||
		    (!err && ret_new))
			mixed++;
		if (!injected)
			break;
	}
	close(fd);
	printf("runs %d refused_enomem %d mixed %d\n", n, nomem, mixed);
	return mixed || !nomem;
}

static int probe_dump(const char *cmd)
{
	static char buf[BUFSZ];
	int parts = 0, devices = 0, first = 0, intr = 0, done = 0, rc;
	struct req r;

	init_req(&r, family, SNIC_CMD_DEV_GET, NLM_F_DUMP);
	if (send(sock, &r, r.n.nlmsg_len, 0) < 0) {
		perror("snic_nlprobe: send");
		return 2;
	}
	rc = system(cmd);
	if (rc) {
		fprintf(stderr, "snic_nlprobe: '%s' failed (%d)\n", cmd, rc);
		return 2;
	}
	while (!done) {
		struct nlmsghdr *h = (struct nlmsghdr *)buf;
		ssize_t n = recv(sock, buf, sizeof(buf), 0);

		if (n < 0) {
			perror("snic_nlprobe: recv");
			return 2;
		}
		if (parts++ == 1)
			first = devices;
		for (; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_flags & NLM_F_DUMP_INTR)
				intr++;
			if (h->nlmsg_type == NLMSG_DONE) {
				done = 1;
			} else if (h->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(h);

				fprintf(stderr, "snic_nlprobe: dump: %s\n",
					strerror(-e->error));
				return 2;
			} else if (h->nlmsg_type == family) {
				devices++;
			}
		}
	}
	printf("parts %d devices %d intr %d first %d\n", parts, devices, intr,
	       parts > 1 ? first : devices);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "atomic") && strcmp(argv[1], "dump"))) {
		fprintf(stderr, "usage: snic_nlprobe atomic IFNAME | dump CMD\n");
		return 2;
	}
	if (open_family())
		return 2;
	if (!strcmp(argv[1], "atomic"))
		return probe_atomic(argv[2]);
	return probe_dump(argv[2]);
}
