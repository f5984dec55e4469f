// SPDX-License-Identifier: GPL-2.0
/*
 * A fabric over several machines, out of parts that exist: Linux's own
 * tunnels between the machines and the datapath unchanged.
 *
 * The description names the machines ("machine NAME ADDRESS", the
 * address of its underlay) and puts each node on one ("host ... machine
 * M", "switch ... machine M"; a generator splits with "machines
 * ADDR,ADDR,...": by leaf on a fat tree, by group on a Dragonfly, which
 * keeps most links local). Every machine reads the same description and
 * computes the same fabric from it (LIDs, routes, MFT, SC maps, ARN
 * groups, BPT); "fabric up FILE part NAME" builds the nodes of machine
 * NAME. A link between two machines is, at each end, a tunnel device in
 * the root netns (its socket stays there, on the underlay) moved into
 * the node's netns under the link end's name (fab0, pN): VXLAN, VNI
 * "vni" + link index (default), or GRETAP with that key ("tunnel
 * gretap"). Credit frames, CNs and ARNs ride it like data: a link end
 * does not know what carries its frames.
 *
 * Size: a tunnel carries "underlay_mtu" less its own headers (VXLAN 50
 * bytes over IPv4, 70 over IPv6; GRETAP 42 and 62). Every frame of the
 * fabric must fit the smallest link, so when a link spans machines every
 * host's snic0 takes that less the 16B encapsulation (42 bytes), also
 * capped so that the 16B LEN field (11 bits of 8-byte flits) holds the
 * packet; less than 1280 bytes (IPv6's minimum) is refused. "up" checks
 * that the device that routes to each peer machine has at least
 * underlay_mtu.
 *
 * Health: a part's "fabric health" pings each machine it has a tunnel to
 * over the underlay and reports the round trip (wall us) and what it adds
 * one way to a frame that crosses, in fabric ns (half of it over the
 * dilation; the model has no propagation delay). The link is SLOW when
 * that is beyond a 1500-byte frame's time on the slowest tunnel to the
 * machine, or the machine does not answer; a lossy underlay shows as lost
 * credits (fabric_health.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric.h"
#include "hdr16b.h"
#include "snicctl.h"

#define FAB_UNDERLAY_PINGS	"5"

/* What a snic frame adds on its lower device (drivers/snic/snic.h). */
#define FAB_16B_OVERHEAD	(SNIC_16B_HDR_LEN + 14 + 7 + SNIC_16B_TRAILER_LEN)
#define FAB_MIN_MTU		1280

int fab_find_machine(const struct fabric *f, const char *name)
{
	int i;

	for (i = 0; i < f->nmachines; i++)
		if (!strcmp(f->machine[i].name, name))
			return i;
	return -1;
}

static bool addr_ok(const char *a)
{
	size_t n = strlen(a), i;

	if (!n || n >= FAB_ADDR_LEN)
		return false;
	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)a[i]) && a[i] != '.' && a[i] != ':')
			return false;
	return true;
}

int fab_add_machine(struct fabric *f, const char *name, const char *addr,
		    int line)
{
	struct fab_machine *m;
	int i;

	if (!*name || strlen(name) >= FAB_NAME_LEN)
		return fab_err(f, line, "bad machine name \"%s\"", name);
	if (fab_find_machine(f, name) >= 0)
		return fab_err(f, line, "duplicate machine \"%s\"", name);
	if (!addr_ok(addr))
		return fab_err(f, line, "machine %s: bad address \"%s\" (IPv4 or IPv6)",
			       name, addr);
	for (i = 0; i < f->nmachines; i++)
		if (!strcmp(f->machine[i].addr, addr))
			return fab_err(f, line, "machines %s and %s have the same address",
				       f->machine[i].name, name);
	if (f->nmachines >= FAB_MAX_MACHINES)
		return fab_err(f, line, "more than %d machines", FAB_MAX_MACHINES);
	if (!f->machine) {
		f->machine = calloc(FAB_MAX_MACHINES, sizeof(*f->machine));
		if (!f->machine)
			exit(1);
	}
	m = &f->machine[f->nmachines];
	strcpy(m->name, name);
	strcpy(m->addr, addr);
	m->line = line;
	return f->nmachines++;
}

int fab_split(struct fabric *f, const char *addrs)
{
	char copy[FAB_MAX_MACHINES * FAB_ADDR_LEN], name[16], *p, *save = NULL;
	int i, m;

	if (f->nmachines)
		return fab_err(f, 0, "machines: the description names its machines already");
	if (strlen(addrs) >= sizeof(copy))
		return fab_err(f, 0, "machines: too long");
	strcpy(copy, addrs);
	for (p = strtok_r(copy, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		snprintf(name, sizeof(name), "m%d", f->nmachines + 1);
		if (fab_add_machine(f, name, p, 0) < 0)
			return -1;
	}
	if (f->nmachines < 2)
		return fab_err(f, 0, "machines: two addresses or more");
	/* hosts go where their switch goes (fab_span_finish()) */
	for (i = 0; i < f->nnodes; i++) {
		struct fab_node *n = &f->node[i];

		if (!n->sw)
			continue;
		if (!n->nzones)
			return fab_err(f, 0, "machines: the generator does not split \"%s\"",
				       n->name);
		m = n->zone * f->nmachines / n->nzones;
		n->machine = m;
	}
	return 0;
}

int fab_set_part(struct fabric *f, const char *name)
{
	f->part = fab_find_machine(f, name);
	if (f->part < 0)
		return fab_err(f, 0, "part %s: no such machine in the description",
			       name);
	return 0;
}

bool fab_local(const struct fabric *f, int n)
{
	return f->part < 0 || f->node[n].machine == f->part;
}

bool fab_spans(const struct fabric *f, const struct fab_link *l)
{
	return f->nmachines && f->node[l->a].machine != f->node[l->b].machine;
}

static bool ipv6(const char *addr)
{
	return strchr(addr, ':');
}

/* Bytes a tunnel adds between the two machines' addresses. */
static uint32_t tunnel_overhead(const struct fabric *f, int ma, int mb)
{
	bool v6 = ipv6(f->machine[ma].addr) || ipv6(f->machine[mb].addr);
	uint32_t ip = v6 ? 40 : 20;

	/* inner Ethernet, then VXLAN + UDP, or GRE with a key */
	return 14 + ip + (f->tunnel == FAB_TUNNEL_VXLAN ? 16 : 8);
}

int fab_span_finish(struct fabric *f)
{
	uint32_t worst = 0, mtu;
	int i;

	if (!f->nmachines)
		return f->part >= 0 ?
		       fab_err(f, 0, "a part, but no machine in the description") : 0;
	for (i = 0; i < f->nnodes; i++) {
		struct fab_node *n = &f->node[i];

		/* a host runs where its switch does unless told */
		if (n->machine < 0 && !n->sw && n->link[0] >= 0) {
			const struct fab_link *l = &f->link[n->link[0]];

			n->machine = f->node[l->a == i ? l->b : l->a].machine;
		}
		if (n->machine < 0)
			return fab_err(f, n->line, "node \"%s\" runs on no machine (machine NAME)",
				       n->name);
	}
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];
		uint32_t o;

		if (!fab_spans(f, l))
			continue;
		o = tunnel_overhead(f, f->node[l->a].machine,
				    f->node[l->b].machine);
		if (o > worst)
			worst = o;
	}
	if (!worst)
		return 0;
	if (f->underlay_mtu <= worst + FAB_16B_OVERHEAD) {
		mtu = 0;
	} else {
		mtu = f->underlay_mtu - worst;
		if (mtu > SNIC_16B_PKT_MAX)
			mtu = SNIC_16B_PKT_MAX;
		mtu -= FAB_16B_OVERHEAD;
	}
	if (mtu < FAB_MIN_MTU)
		return fab_err(f, 0, "underlay_mtu %u is too small for a tunnel link: snic0 needs %d bytes, the tunnel and 16B headers take the rest (underlay_mtu %u at least)",
			       f->underlay_mtu, FAB_MIN_MTU,
			       FAB_MIN_MTU + FAB_16B_OVERHEAD + worst);
	f->mtu = mtu;
	return 0;
}

/* The name of the device that routes to @addr here, and its MTU. */
static int underlay_of(const char *addr, char *dev, size_t len, uint32_t *mtu)
{
	char cmd[128], line[512], path[96], *p;
	FILE *fp;
	int ok = 0;

	snprintf(cmd, sizeof(cmd), "ip -o route get %s 2>/dev/null", addr);
	fp = popen(cmd, "r");
	if (!fp)
		return -1;
	if (fgets(line, sizeof(line), fp)) {
		p = strstr(line, " dev ");
		if (p && sscanf(p + 5, "%15s", dev) == 1)
			ok = 1;
	}
	pclose(fp);
	if (!ok || strlen(dev) >= len)
		return -1;
	snprintf(path, sizeof(path), "/sys/class/net/%s/mtu", dev);
	fp = fopen(path, "r");
	if (!fp)
		return -1;
	ok = fscanf(fp, "%u", mtu) == 1;
	fclose(fp);
	return ok ? 0 : -1;
}

static void append(char **s, size_t *len, const char *line)
{
	size_t n = strlen(line);

	*s = realloc(*s, *len + n + 1);
	if (!*s)
		exit(1);
	memcpy(*s + *len, line, n + 1);
	*len += n;
}

int fab_span_tunnels(const struct fabric *f, char **cmds)
{
	const struct fab_machine *me, *peer;
	char line[320], ns[64], dev[8], udev[16];
	size_t len = 0;
	uint32_t umtu;
	int i, end;

	*cmds = NULL;
	append(cmds, &len, "");
	if (f->part < 0 || !f->mtu)
		return 0;
	me = &f->machine[f->part];
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];

		if (!fab_spans(f, l))
			continue;
		if (f->node[l->a].machine == f->part)
			end = 0;
		else if (f->node[l->b].machine == f->part)
			end = 1;
		else
			continue;
		peer = &f->machine[f->node[end ? l->a : l->b].machine];
		if (underlay_of(peer->addr, udev, sizeof(udev), &umtu)) {
			fprintf(stderr, "Error: part %s: no route to machine %s (%s) for link %s-%s\n",
				me->name, peer->name, peer->addr,
				f->node[l->a].name, f->node[l->b].name);
			return -1;
		}
		if (umtu < f->underlay_mtu) {
			fprintf(stderr, "Error: part %s: underlay %s to machine %s has MTU %u, below the description's underlay_mtu %u\n",
				me->name, udev, peer->name, umtu,
				f->underlay_mtu);
			return -1;
		}
		snprintf(dev, sizeof(dev), (end ? l->pb : l->pa) ? "p%d" : "fab0",
			 end ? l->pb : l->pa);
		snprintf(ns, sizeof(ns), "%s-%s", f->name,
			 f->node[end ? l->b : l->a].name);
		if (f->tunnel == FAB_TUNNEL_VXLAN)
			snprintf(line, sizeof(line),
				 "link add snict%d mtu %u type vxlan id %u local %s remote %s dstport %d\n",
				 i, f->mtu + FAB_16B_OVERHEAD, f->vni + i,
				 me->addr, peer->addr, FAB_VXLAN_PORT);
		else
			snprintf(line, sizeof(line),
				 "link add snict%d mtu %u type %s local %s remote %s key %u\n",
				 i, f->mtu + FAB_16B_OVERHEAD,
				 ipv6(me->addr) ? "ip6gretap" : "gretap",
				 me->addr, peer->addr, f->vni + i);
		append(cmds, &len, line);
		snprintf(line, sizeof(line), "link set snict%d netns %s name %s\n",
			 i, ns, dev);
		append(cmds, &len, line);
	}
	return 0;
}

int fab_span_write(const struct fabric *f, FILE *fp)
{
	int i;

	if (!f->nmachines)
		return 0;
	fprintf(fp, "tunnel %s\nunderlay_mtu %u\nvni %u\n",
		f->tunnel == FAB_TUNNEL_VXLAN ? "vxlan" : "gretap",
		f->underlay_mtu, f->vni);
	for (i = 0; i < f->nmachines; i++)
		fprintf(fp, "machine %s %s\n", f->machine[i].name,
			f->machine[i].addr);
	if (f->part >= 0)
		fprintf(fp, "part %s\n", f->machine[f->part].name);
	return 0;
}

/* The mean round trip to @addr over the underlay, us; 0: no answer. */
static uint64_t underlay_rtt_us(const char *addr)
{
	char cmd[128], line[256], *p;
	double min, avg;
	uint64_t us = 0;
	FILE *fp;

	/* iputils: "rtt min/avg/max/mdev = ...", busybox: "round-trip ..." */
	snprintf(cmd, sizeof(cmd),
		 "ping -q -c " FAB_UNDERLAY_PINGS " -i 0.2 -W 2 %s 2>/dev/null",
		 addr);
	fp = popen(cmd, "r");
	if (!fp)
		return 0;
	while (fgets(line, sizeof(line), fp)) {
		p = strstr(line, " = ");
		if (p && sscanf(p + 3, "%lf/%lf", &min, &avg) == 2)
			us = (uint64_t)(avg * 1000 + 0.5);
	}
	pclose(fp);
	return us;
}

void fab_span_health(const struct fabric *f)
{
	uint64_t rate, rtt, oneway, frame;
	int m, i, ma, mb;
	bool slow;

	if (f->part < 0)
		return;
	out_begin_list_key("underlay");
	for (m = 0; m < f->nmachines; m++) {
		rate = 0;
		for (i = 0; i < f->nlinks; i++) {
			const struct fab_link *l = &f->link[i];

			ma = f->node[l->a].machine;
			mb = f->node[l->b].machine;
			if (!((ma == f->part && mb == m) ||
			      (mb == f->part && ma == m)) || m == f->part)
				continue;
			if (l->rate && (!rate || l->rate < rate))
				rate = l->rate;
		}
		if (!rate)
			continue;
		rtt = underlay_rtt_us(f->machine[m].addr);
		oneway = rtt * 1000 / 2 / f->dilation;
		frame = FAB_CALIB_FRAME * 1000000000ULL / rate;
		slow = !rtt || oneway > frame;
		out_nl();
		out_begin_obj();
		out_str("machine", "  underlay to %s:", f->machine[m].name);
		out_u64("rtt_us", " rtt %llu us (wall),", rtt);
		out_u64("oneway_ns", " %llu ns one way (fabric)", oneway);
		out_u64("frame_ns", " against a frame's %llu ns:", frame);
		out_num("slow", " slow %s", slow ? "true" : "false");
		out_end_obj();
	}
	out_end_list_key();
}
