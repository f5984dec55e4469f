// SPDX-License-Identifier: GPL-2.0
/*
 * RDMA on every host of a fabric ("snicctl fabric up ... rdma"): RoCEv2
 * through the kernel's Soft-RoCE (rdma_rxe), carried inside 16B by the
 * host's snic.
 *
 * rdma_rxe (6.1 to 6.12) sends and receives in the initial netns only: it
 * routes its UDP packets with ip_route_output_key(&init_net, ...) and its
 * port 4791 socket is init_net's, so an rxe device on a snic0 inside a
 * host's netns sends nothing. Each host therefore gets, besides its
 * snic0, an ipvlan device on that snic0 (L2 mode: it shares snic0's MAC,
 * which is the host's LID, so the NIC finds the DLID as for any frame),
 * moved into the initial netns and named after the host (NAME-HOST), and
 * an rxe device of the same name on it. Its address is 198.18.0.0/15 (the
 * range RFC 2544 sets aside for benchmarks) + LID (fab_rdma_addr());
 * snic0 keeps its own, so TCP and the fabric's tools see the host
 * unchanged.
 *
 * All hosts' RDMA addresses are then local addresses of one netns, and
 * the kernel would deliver host to host through loopback. So:
 *   - one routing table per host (FAB_RDMA_TABLE + LID) holding the /15
 *     through its device, and a rule at FAB_RDMA_PREF "from ADDR iif lo
 *     lookup TABLE": what a host sends leaves through its own snic;
 *   - the "local" table's rule moves from pref 0 to FAB_RDMA_LOCAL_PREF,
 *     just after those rules, and back when the fabric goes down; "up"
 *     refuses a machine whose rules are not the default ones below it
 *     (its local rule elsewhere, or rules of its own that local traffic
 *     would now meet first);
 *   - each device accepts packets from a local source (accept_local 1,
 *     rp_filter 0): the sender's address is local here too;
 *   - the host's own address is local in its table as well: what a
 *     host sends itself loops back (rdma_rxe then loops it inside);
 *   - permanent neighbour entries (02:53:4e:LID, as "fabric traffic"
 *     makes them): no ARP crosses the fabric, and a device answers
 *     ARP for its own address only (arp_ignore 1).
 * One RDMA fabric a machine (the addresses and tables are per LID), made
 * from the initial netns (where the devices go).
 * "down" deletes the rxe and ipvlan devices (waited for), then the rules,
 * then the netns.
 */
#include <errno.h>
#include <netlink/route/rule.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fabric.h"
#include "snicctl.h"

#define FAB_RDMA_PREF		20000
#define FAB_RDMA_LOCAL_PREF	(FAB_RDMA_PREF + 1)
#define FAB_RDMA_TABLE		0x53000000u	/* + LID, LIDs < 2^17 */
#define FAB_RDMA_TABLES		(1u << 17)
#define RT_TABLE_LOCAL_ID	255
#define ANY_TABLE		0, ~0u

void fab_rdma_addr(const struct fabric *f, int host, char *buf, size_t len)
{
	uint32_t lid = f->node[host].lid;

	snprintf(buf, len, "198.%u.%u.%u", 18 + ((lid >> 16) & 1),
		 (lid >> 8) & 0xff, lid & 0xff);
}

void fab_rdma_dev(const struct fabric *f, int host, char *buf, size_t len)
{
	snprintf(buf, len, "%s-%s", f->name, f->node[host].name);
}

/*
 * IPv4 rules of this netns with a priority in [@plo, @phi] and a table in
 * [@tlo, @thi]: how many, -1 (said) if they cannot be read.
 */
static int rules_in(uint32_t plo, uint32_t phi, uint32_t tlo, uint32_t thi)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct nl_cache *cache = NULL;
	struct nl_object *o;
	int n = 0;

	if (!sk || nl_connect(sk, NETLINK_ROUTE) ||
	    rtnl_rule_alloc_cache(sk, AF_INET, &cache)) {
		nl_socket_free(sk);
		fprintf(stderr, "Error: rdma: cannot read the routing rules\n");
		return -1;
	}
	for (o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o)) {
		struct rtnl_rule *r = (struct rtnl_rule *)o;
		uint32_t prio = rtnl_rule_get_prio(r);
		uint32_t table = rtnl_rule_get_table(r);

		/* the dump has IPv6's rules too, whatever the family asked */
		n += rtnl_rule_get_family(r) == AF_INET &&
		     prio >= plo && prio <= phi && table >= tlo && table <= thi;
	}
	nl_cache_free(cache);
	nl_socket_free(sk);
	return n;
}

static int rules_at(uint32_t prio, uint32_t tlo, uint32_t thi)
{
	return rules_in(prio, prio, tlo, thi);
}

static bool has_hosts(const struct fabric *f)
{
	int i;

	for (i = 0; i < f->nnodes; i++)
		if (!f->node[i].sw && fab_local(f, i))
			return true;
	return false;
}

static bool same_netns(const char *a, const char *b)
{
	struct stat x, y;

	return !stat(a, &x) && !stat(b, &y) && x.st_dev == y.st_dev &&
	       x.st_ino == y.st_ino;
}

/* iproute2's rdma, where Debian and others put it; NULL if none */
static const char *rdma_path(void)
{
	static const char *const p[] = { "/usr/bin/rdma", "/usr/sbin/rdma",
					  "/bin/rdma", "/sbin/rdma" };
	size_t i;

	for (i = 0; i < sizeof(p) / sizeof(p[0]); i++)
		if (!access(p[i], X_OK))
			return p[i];
	return NULL;
}

/* Can @f have RDMA here? Says why not. Before anything is built. */
int fab_rdma_check(const struct fabric *f)
{
	char dev[64], path[96];
	int i, n;

	if (!has_hosts(f))
		return 0;
	if (!same_netns("/proc/self/ns/net", "/proc/1/ns/net")) {
		fprintf(stderr, "Error: fabric %s: rdma: run from the initial netns (rdma_rxe works there only)\n",
			f->name);
		return -1;
	}
	for (i = 0; i < f->nnodes; i++) {
		if (f->node[i].sw)
			continue;
		/* every host's, here or not: the neighbour entries name all */
		if (!f->node[i].lid || f->node[i].lid >= FAB_RDMA_TABLES - 1) {
			fprintf(stderr, "Error: fabric %s: rdma: host %s's LID %u has no address in 198.18.0.0/15 (1..%u)\n",
				f->name, f->node[i].name, f->node[i].lid,
				FAB_RDMA_TABLES - 2);
			return -1;
		}
		if (!fab_local(f, i))
			continue;
		fab_rdma_dev(f, i, dev, sizeof(dev));
		if (strlen(dev) > 15) {
			fprintf(stderr, "Error: fabric %s: rdma: \"%s\" is longer than a device name may be (15): a shorter fabric or host name\n",
				f->name, dev);
			return -1;
		}
		/* a device of that name: another's, or ours still going away */
		snprintf(path, sizeof(path), "/sys/class/net/%s", dev);
		if (access(path, F_OK))
			snprintf(path, sizeof(path), "/sys/class/infiniband/%s",
				 dev);
		if (!access(path, F_OK)) {
			fprintf(stderr, "Error: fabric %s: rdma: a device \"%s\" exists already\n",
				f->name, dev);
			return -1;
		}
	}
	n = rules_at(FAB_RDMA_PREF, FAB_RDMA_TABLE,
		     FAB_RDMA_TABLE + FAB_RDMA_TABLES - 1);
	if (n) {
		if (n > 0)
			fprintf(stderr, "Error: fabric %s: rdma: an RDMA fabric is up on this machine already (rules at pref %u): one at a time\n",
				f->name, FAB_RDMA_PREF);
		return -1;
	}
	/* the default rules only, up to where ours go: local at 0 */
	n = rules_in(0, FAB_RDMA_LOCAL_PREF, ANY_TABLE);
	if (n == 1)
		n = rules_at(0, RT_TABLE_LOCAL_ID, RT_TABLE_LOCAL_ID);
	if (n < 0)
		return -1;
	if (n != 1) {
		fprintf(stderr, "Error: fabric %s: rdma: this netns has rules of its own below pref %u, or its local table's rule is not at 0 (ip rule): rdma moves the local rule after its own, and would change what they see\n",
			f->name, FAB_RDMA_LOCAL_PREF + 1);
		return -1;
	}
	if (!rdma_path()) {
		fprintf(stderr, "Error: fabric %s: rdma: no rdma program (iproute2's)\n",
			f->name);
		return -1;
	}
	return 0;
}

static int sysctl_dev(const char *dev, const char *key, const char *val)
{
	char path[128];
	FILE *fp;
	int err;

	snprintf(path, sizeof(path), "/proc/sys/net/ipv4/conf/%s/%s", dev,
		 key);
	fp = fopen(path, "w");
	if (!fp) {
		fprintf(stderr, "Error: %s: %m\n", path);
		return -1;
	}
	err = fputs(val, fp) < 0;
	return fclose(fp) || err ? -1 : 0;
}

/*
 * "rdma link add DEV type rxe netdev DEV" (@add) or "rdma link delete
 * DEV" (iproute2's rdma).
 */
static int rdma_link(const char *dev, bool add)
{
	int st = 0, r;
	pid_t pid = fork();

	if (pid < 0) {
		fprintf(stderr, "Error: rdma: fork: %m\n");
		return -1;
	}
	if (!pid) {
		const char *rdma = rdma_path();

		if (rdma && add)
			execl(rdma, "rdma", "link", "add", dev, "type", "rxe",
			      "netdev", dev, NULL);
		else if (rdma)
			execl(rdma, "rdma", "link", "delete", dev, NULL);
		_exit(127);
	}
	do
		r = waitpid(pid, &st, 0);
	while (r < 0 && errno == EINTR);
	if (r < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "Error: rdma link %s %s failed%s\n",
			add ? "add" : "delete", dev,
			r >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 127 ?
			" (no rdma program: iproute2's)" : add ?
			" (is rdma_rxe there, and a crc32 for its ICRC?)" : "");
		return -1;
	}
	return 0;
}

int fab_rdma_up(const struct fabric *f)
{
	struct buf b = { 0 };
	char ns[NS_LEN], dev[64], addr[20], peer[20];
	int i, j, err = 0;

	if (!has_hosts(f))
		return 0;
	/* the ipvlan devices, each made in its host's netns and moved */
	for (i = 0; !err && i < f->nnodes; i++) {
		if (f->node[i].sw || !fab_local(f, i))
			continue;
		fab_ns(f, i, ns, sizeof(ns));
		fab_rdma_dev(f, i, dev, sizeof(dev));
		b.len = 0;
		bprintf(&b, "link add %s link snic0 type ipvlan mode l2\n"
			"link set %s netns 1\n", dev, dev);
		err = fab_ip_batch(ns, b.s);
	}
	/* in the initial netns: addresses, tables, neighbours, rules */
	b.len = 0;
	for (i = 0; !err && i < f->nnodes; i++) {
		if (f->node[i].sw || !fab_local(f, i))
			continue;
		fab_rdma_dev(f, i, dev, sizeof(dev));
		fab_rdma_addr(f, i, addr, sizeof(addr));
		/* No IPv6 of its own: its ND and MLD would cross the fabric.
		 * The prefix route in main stays: the RDMA CM checks an
		 * incoming request's addresses against the device with a
		 * lookup that no "iif lo" rule matches. The host's own
		 * address is local in its table too: what it sends itself
		 * (an MPI rank to itself, UCX's loopback lanes) loops back,
		 * as on a machine of its own, instead of leaving through
		 * the fabric for an address no other host answers.
		 */
		bprintf(&b, "link set %s addrgenmode none\n"
			"addr add %s/15 dev %s\nlink set %s up\n"
			"route add 198.18.0.0/15 dev %s src %s table %u\n"
			"route add local %s dev %s table %u\n",
			dev, addr, dev, dev, dev, addr,
			FAB_RDMA_TABLE + f->node[i].lid,
			addr, dev, FAB_RDMA_TABLE + f->node[i].lid);
		for (j = 0; j < f->nnodes; j++) {
			uint32_t lid = f->node[j].lid;

			if (j == i || f->node[j].sw)
				continue;
			fab_rdma_addr(f, j, peer, sizeof(peer));
			bprintf(&b, "neigh replace %s lladdr 02:53:4e:%02x:%02x:%02x dev %s nud permanent\n",
				peer, (lid >> 16) & 0xff, (lid >> 8) & 0xff,
				lid & 0xff, dev);
		}
		/* ARP only for its own address (arp_ignore 1): every
		 * host's address is local to this netns, and each device
		 * would answer for all of them
		 */
		err = sysctl_dev(dev, "accept_local", "1") ||
		      sysctl_dev(dev, "rp_filter", "0") ||
		      sysctl_dev(dev, "arp_ignore", "1");
	}
	for (i = 0; !err && i < f->nnodes; i++) {
		if (f->node[i].sw || !fab_local(f, i))
			continue;
		fab_rdma_addr(f, i, addr, sizeof(addr));
		bprintf(&b, "rule add pref %u from %s iif lo lookup %u\n",
			FAB_RDMA_PREF, addr, FAB_RDMA_TABLE + f->node[i].lid);
	}
	/* fab_rdma_check() found it at 0, and nothing else up to here */
	bprintf(&b, "rule add pref %u lookup local\nrule del pref 0 lookup local\n",
		FAB_RDMA_LOCAL_PREF);
	if (!err)
		err = fab_ip_batch(NULL, b.s);
	for (i = 0; !err && i < f->nnodes; i++) {
		if (f->node[i].sw || !fab_local(f, i))
			continue;
		fab_rdma_dev(f, i, dev, sizeof(dev));
		err = rdma_link(dev, true);
	}
	free(b.s);
	return err ? -1 : 0;
}

/*
 * The RDMA and ipvlan devices go, then the rules (each of @f's that is
 * there: "up" may have failed before making them), and the local table's
 * rule back to pref 0 once no RDMA rule is left. -1 (said) if a
 * rule could not be read or deleted: the caller keeps the fabric's state
 * so that "down" can be tried again.
 */
int fab_rdma_down(const struct fabric *f)
{
	struct buf b = { 0 };
	char addr[20];
	int i, n, err = 0;

	if (!has_hosts(f))
		return 0;
	/*
	 * The devices first, each waited for: left to go with the netns,
	 * they would go later, and a netns made meanwhile fails (ENODEV:
	 * the RDMA core gives a new netns a compat device of every
	 * registered one, and one being unregistered has none to give).
	 */
	for (i = 0; i < f->nnodes && !err; i++) {
		char dev[64], path[96];

		if (f->node[i].sw || !fab_local(f, i))
			continue;
		fab_rdma_dev(f, i, dev, sizeof(dev));
		snprintf(path, sizeof(path), "/sys/class/infiniband/%s", dev);
		if (!access(path, F_OK))
			err = rdma_link(dev, false);
		snprintf(path, sizeof(path), "/sys/class/net/%s", dev);
		if (!err && !access(path, F_OK)) {
			b.len = 0;
			bprintf(&b, "link del %s\n", dev);
			err = fab_ip_batch(NULL, b.s);
		}
	}
	for (i = 0; i < f->nnodes && !err; i++) {
		uint32_t table = FAB_RDMA_TABLE + f->node[i].lid;

		if (f->node[i].sw || !fab_local(f, i))
			continue;
		n = rules_at(FAB_RDMA_PREF, table, table);
		if (n < 0)
			err = -1;
		if (n <= 0)
			continue;
		fab_rdma_addr(f, i, addr, sizeof(addr));
		b.len = 0;
		bprintf(&b, "rule del pref %u from %s iif lo lookup %u\n",
			FAB_RDMA_PREF, addr, table);
		err = fab_ip_batch(NULL, b.s);
	}
	b.len = 0;
	if (!err) {
		int ours = rules_at(FAB_RDMA_PREF, FAB_RDMA_TABLE,
				    FAB_RDMA_TABLE + FAB_RDMA_TABLES - 1);
		int moved = rules_at(FAB_RDMA_LOCAL_PREF, RT_TABLE_LOCAL_ID,
				     RT_TABLE_LOCAL_ID);
		int at0 = rules_at(0, RT_TABLE_LOCAL_ID, RT_TABLE_LOCAL_ID);

		/* rules in our tables that are not ours: leave local be */
		if (ours < 0 || moved < 0 || at0 < 0 || (ours && moved > 0))
			err = -1;
		else if (!ours && moved > 0) {
			if (!at0)
				bprintf(&b, "rule add pref 0 lookup local\n");
			bprintf(&b, "rule del pref %u lookup local\n",
				FAB_RDMA_LOCAL_PREF);
			err = fab_ip_batch(NULL, b.s);
		}
	}
	free(b.s);
	if (err)
		fprintf(stderr, "Error: fabric %s: rdma: its routing rules could not all be undone (ip rule): it stays up, \"snicctl fabric down %s\" tries again\n",
			f->name, f->name);
	return err ? -1 : 0;
}
