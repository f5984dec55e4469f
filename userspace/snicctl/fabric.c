// SPDX-License-Identifier: GPL-2.0
/*
 * Fabric descriptions: the model, the text format, the generators and the
 * state file (the same text format, every default made explicit).
 *
 * Text format, one statement per line, "#" starts a comment:
 *   fabric NAME          name of the fabric (netns are NAME-NODE; "f")
 *   dilation D           time dilation factor (10000)
 *   hoq USEC             head-of-queue lifetime, fabric time (0: off)
 *   rdma 0|1             an RDMA device on every host (fabric_rdma.c)
 *   rate RATE            default link rate, tc units (100gbit)
 *   buf CREDITS          default receive buffer per VL, 64-byte credits (256)
 *   latency NS           default link propagation delay, fabric ns (0)
 *   global_latency NS    ... of a link marked global (0)
 *   vlarb W0,W1,...      VLArb weights of the data VLs on every link end,
 *                        64-byte units, 1..255 (64 each)
 *   host NAME [lid LID] [machine M]
 *                        a host (a snic on fab0), LID assigned if absent
 *   switch NAME [machine M]
 *                        a switch (snicsw sw0, ports p1, p2, ...)
 *   link A B [rate RATE] [buf CREDITS] [latency NS] [global]
 *                        a link; switch ports are numbered in link order;
 *                        latency: its propagation delay (fabric ns,
 *                        0..1000000; else the default above);
 *                        "global": packets leaving over it move up one SC
 *                        (Dragonfly's VL escalation)
 *   machine NAME ADDRESS a machine the fabric runs on, by its underlay
 *                        address; nodes name it (fabric_span.c)
 *   tunnel vxlan|gretap  what carries a link between machines (vxlan)
 *   underlay_mtu BYTES   every machine's underlay MTU (1500)
 *   vni N                VNI (GRETAP key) of link 0; link i takes N + i
 *   part NAME            the machine this state file's part runs on
 * Nodes must be declared before the links that name them, machines before
 * the nodes.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fabric.h"
#include "snicctl.h"

struct fabric *fab_new(void)
{
	struct fabric *f = calloc(1, sizeof(*f));

	if (!f)
		exit(1);
	strcpy(f->name, "f");
	f->dilation = FAB_DEFAULT_DILATION;
	f->rate = FAB_DEFAULT_RATE;
	f->buf = FAB_DEFAULT_BUF;
	f->cc_thr = FAB_DEFAULT_CC_THR;
	f->part = -1;
	f->underlay_mtu = FAB_DEFAULT_UNDERLAY_MTU;
	f->vni = FAB_DEFAULT_VNI;
	return f;
}

void fab_free(struct fabric *f)
{
	if (!f)
		return;
	free(f->node);
	free(f->link);
	free(f->route);
	free(f->mft);
	free(f->grp);
	free(f->gid);
	free(f->grp_lo);
	free(f->grp_hi);
	free(f->artree);
	free(f->machine);
	free(f);
}

int fab_err(struct fabric *f, int line, const char *fmt, ...)
{
	va_list ap;

	f->errors++;
	if (line)
		fprintf(stderr, "Error: %s:%d: ", f->src, line);
	else
		fprintf(stderr, "Error: %s: ", f->src);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

/* The index of node @name in @f, or -1. */
int fab_find(const struct fabric *f, const char *name)
{
	int i;

	for (i = 0; i < f->nnodes; i++)
		if (!strcmp(f->node[i].name, name))
			return i;
	return -1;
}

bool fab_name_ok(const char *name)
{
	size_t i, n = strlen(name);

	if (!n || n >= FAB_NAME_LEN - 4)
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_')
			return false;
	return true;
}

static int fab_add_node(struct fabric *f, const char *name, bool sw,
			uint32_t lid, int line)
{
	struct fab_node *n;
	int old = fab_find(f, name);

	if (!fab_name_ok(name))
		return fab_err(f, line, "bad node name \"%s\" (1-11 letters, digits, _)",
			       name);
	if (old >= 0)
		return fab_err(f, line, "duplicate node \"%s\" (first on line %d)",
			       name, f->node[old].line);
	if (f->nnodes >= FAB_MAX_NODES)
		return fab_err(f, line, "more than %d nodes", FAB_MAX_NODES);
	if (!(f->nnodes & 63)) {
		f->node = realloc(f->node, (f->nnodes + 64) * sizeof(*f->node));
		if (!f->node)
			exit(1);
	}
	n = &f->node[f->nnodes];
	memset(n, 0, sizeof(*n));
	strcpy(n->name, name);
	n->sw = sw;
	n->lid = lid;
	n->line = line;
	n->link[0] = -1;
	n->machine = -1;
	return f->nnodes++;
}

static int fab_add_link(struct fabric *f, int a, int b, uint64_t rate,
			uint32_t buf, bool global, int line)
{
	struct fab_node *na, *nb, *ends[2];
	int ports[2], i;
	struct fab_link *l;

	/* An end that could not be added (its error is already set). */
	if (a < 0 || b < 0 || a >= f->nnodes || b >= f->nnodes)
		return -1;
	na = &f->node[a];
	nb = &f->node[b];
	ends[0] = na;
	ends[1] = nb;
	if (a == b)
		return fab_err(f, line, "link from \"%s\" to itself", na->name);
	if (!na->sw && !nb->sw)
		return fab_err(f, line, "link %s-%s: one end must be a switch",
			       na->name, nb->name);
	for (i = 0; i < 2; i++) {
		struct fab_node *n = ends[i];

		if (n->sw) {
			if (n->nports >= SNIC_MAX_PORTS)
				return fab_err(f, line, "switch \"%s\" has more than %d ports",
					       n->name, SNIC_MAX_PORTS);
			ports[i] = n->nports + 1;
		} else {
			if (n->link[0] >= 0)
				return fab_err(f, line, "host \"%s\" has more than one link (first on line %d)",
					       n->name, f->link[n->link[0]].line);
			ports[i] = 0;
		}
	}
	if (!(f->nlinks & 63)) {
		f->link = realloc(f->link, (f->nlinks + 64) * sizeof(*f->link));
		if (!f->link)
			exit(1);
	}
	l = &f->link[f->nlinks];
	*l = (struct fab_link){ .a = a, .b = b, .pa = ports[0], .pb = ports[1],
				.rate = rate, .buf = buf, .global = global,
				.line = line };
	for (i = 0; i < 2; i++) {
		ends[i]->link[ports[i]] = f->nlinks;
		if (ends[i]->sw)
			ends[i]->nports++;
	}
	return f->nlinks++;
}

/* One statement of the text format; tok[] are its words. */
static int fab_statement(struct fabric *f, char **tok, int n, int line)
{
	long long rate;
	uint32_t v;
	int i, a, b;

	if (!strcmp(tok[0], "fabric") && n == 2) {
		if (!fab_name_ok(tok[1]))
			return fab_err(f, line, "bad fabric name \"%s\": " FAB_NAME_RULE,
				       tok[1]);
		strcpy(f->name, tok[1]);
	} else if (!strcmp(tok[0], "dilation") && n == 2) {
		if (parse_u32(tok[1], &v) || !v || v > 10000)
			return fab_err(f, line, "dilation must be 1..10000");
		f->dilation = v;
	} else if (n == 2 && !strncmp(tok[0], "cc_", 3)) {
		static const struct { const char *kw; uint32_t max; } cc[] = {
			{ "cc_thr", 15 }, { "cc_rate", 65535 },
			{ "cc_pkt", 65535 }, { "cc_victim", 1 },
		};
		uint32_t *dst[] = { &f->cc_thr, &f->cc_rate, &f->cc_pkt,
				    &f->cc_victim };

		for (i = 0; i < 4 && strcmp(tok[0], cc[i].kw); i++)
			;
		if (i == 4)
			return fab_err(f, line, "unknown statement \"%s\"", tok[0]);
		if (parse_u32(tok[1], &v) || v > cc[i].max)
			return fab_err(f, line, "%s must be 0..%u", tok[0],
				       cc[i].max);
		*dst[i] = v;
	} else if (!strcmp(tok[0], "ar") && n == 2) {
		if (parse_u32(tok[1], &v) || v > 4)
			return fab_err(f, line,
				       "ar must be 0..4 (1 adaptive, 2 valiant, 3 valiant per packet, 4 ugal)");
		f->ar = v;
	} else if (!strcmp(tok[0], "rdma") && n == 2) {
		if (parse_u32(tok[1], &v) || v > 1)
			return fab_err(f, line, "rdma must be 0 or 1");
		f->rdma = v;
	} else if (!strcmp(tok[0], "hoq") && n == 2) {
		if (parse_u32(tok[1], &v))
			return fab_err(f, line, "bad hoq lifetime \"%s\"", tok[1]);
		f->hoq_us = v;
	} else if (!strcmp(tok[0], "rate") && n == 2) {
		rate = parse_rate(tok[1]);
		if (rate <= 0)
			return fab_err(f, line, "bad rate \"%s\" (a number and a unit: %s)",
				       tok[1], rate_units);
		f->rate = rate;
	} else if (!strcmp(tok[0], "vlarb") && n == 2) {
		uint8_t w[FAB_DATA_VLS];
		char copy[64], *p, *save = NULL;
		int k = 0;

		if (strlen(tok[1]) >= sizeof(copy))
			return fab_err(f, line, "vlarb: up to 15 weights, each 1..255");
		strcpy(copy, tok[1]);
		for (p = strtok_r(copy, ",", &save); p;
		     p = strtok_r(NULL, ",", &save)) {
			if (k >= FAB_DATA_VLS || parse_u32(p, &v) || !v ||
			    v > 255)
				return fab_err(f, line, "vlarb: up to 15 weights, each 1..255");
			w[k++] = v;
		}
		if (!k)
			return fab_err(f, line, "vlarb: up to 15 weights, each 1..255");
		memcpy(f->vlarb, w, k);
		f->nvlarb = k;
	} else if ((!strcmp(tok[0], "latency") ||
		    !strcmp(tok[0], "global_latency")) && n == 2) {
		if (parse_u32(tok[1], &v) || v > FAB_MAX_LATENCY)
			return fab_err(f, line, "%s must be 0..%u ns", tok[0],
				       FAB_MAX_LATENCY);
		*(tok[0][0] == 'l' ? &f->latency : &f->global_latency) = v;
	} else if (!strcmp(tok[0], "buf") && n == 2) {
		if (parse_u32(tok[1], &v) || !v || v > 65535)
			return fab_err(f, line, "buf must be 1..65535 credits");
		f->buf = v;
	} else if ((!strcmp(tok[0], "switch") || !strcmp(tok[0], "host")) &&
		   n >= 2 && !(n & 1)) {
		bool sw = !strcmp(tok[0], "switch");
		int m = -1, node;

		v = 0;
		for (i = 2; i < n; i += 2) {
			if (!strcmp(tok[i], "machine")) {
				m = fab_find_machine(f, tok[i + 1]);
				if (m < 0)
					return fab_err(f, line, "no machine \"%s\" (declare it first)",
						       tok[i + 1]);
			} else if (!sw && !strcmp(tok[i], "lid") &&
				   !parse_u32(tok[i + 1], &v) && v &&
				   v <= SNIC_LID_UCAST_MAX) {
				continue;
			} else {
				return fab_err(f, line, sw ?
					       "switch NAME [machine M]" :
					       "host NAME [lid 1..%u] [machine M]",
					       SNIC_LID_UCAST_MAX);
			}
		}
		node = fab_add_node(f, tok[1], sw, v, line);
		if (node < 0)
			return -1;
		f->node[node].machine = m;
		return 0;
	} else if (!strcmp(tok[0], "machine") && n == 3) {
		return fab_add_machine(f, tok[1], tok[2], line) < 0 ? -1 : 0;
	} else if (!strcmp(tok[0], "part") && n == 2) {
		return fab_set_part(f, tok[1]);
	} else if (!strcmp(tok[0], "tunnel") && n == 2) {
		if (!strcmp(tok[1], "vxlan"))
			f->tunnel = FAB_TUNNEL_VXLAN;
		else if (!strcmp(tok[1], "gretap"))
			f->tunnel = FAB_TUNNEL_GRETAP;
		else
			return fab_err(f, line, "tunnel vxlan or gretap");
	} else if (!strcmp(tok[0], "underlay_mtu") && n == 2) {
		if (parse_u32(tok[1], &v) || v < 576 || v > 65535)
			return fab_err(f, line, "underlay_mtu must be 576..65535");
		f->underlay_mtu = v;
	} else if (!strcmp(tok[0], "vni") && n == 2) {
		if (parse_u32(tok[1], &v) || !v || v > 0xffffff)
			return fab_err(f, line, "vni must be 1..16777215");
		f->vni = v;
	} else if (!strcmp(tok[0], "link") && n >= 3) {
		uint64_t lrate = f->rate;
		uint32_t lbuf = f->buf, lat = 0;
		bool global = false, has_lat = false;
		int l;

		a = fab_find(f, tok[1]);
		b = fab_find(f, tok[2]);
		if (a < 0 || b < 0)
			return fab_err(f, line, "link names unknown node \"%s\"",
				       a < 0 ? tok[1] : tok[2]);
		for (i = 3; i < n; i++) {
			if (!strcmp(tok[i], "global")) {
				global = true;
			} else if (!strcmp(tok[i], "rate") && i + 1 < n) {
				rate = parse_rate(tok[++i]);
				if (rate <= 0)
					return fab_err(f, line, "bad rate \"%s\" (a number and a unit: %s)",
						       tok[i], rate_units);
				lrate = rate;
			} else if (!strcmp(tok[i], "buf") && i + 1 < n) {
				if (parse_u32(tok[++i], &lbuf) || !lbuf ||
				    lbuf > 65535)
					return fab_err(f, line, "buf must be 1..65535 credits");
			} else if (!strcmp(tok[i], "latency") && i + 1 < n) {
				if (parse_u32(tok[++i], &lat) ||
				    lat > FAB_MAX_LATENCY)
					return fab_err(f, line, "latency must be 0..%u ns",
						       FAB_MAX_LATENCY);
				has_lat = true;
			} else {
				return fab_err(f, line, "unknown link option \"%s\"",
					       tok[i]);
			}
		}
		l = fab_add_link(f, a, b, lrate, lbuf, global, line);
		if (l < 0)
			return -1;
		f->link[l].has_latency = has_lat;
		f->link[l].latency = lat;
		return 0;
	} else {
		return fab_err(f, line, "unknown statement \"%s\" (or wrong number of words)",
			       tok[0]);
	}
	return 0;
}

int fab_parse_file(struct fabric *f, const char *path)
{
	char *buf = NULL, *tok[16], *save, *p;
	int line = 0, n, err = 0;
	size_t cap = 0;
	FILE *fp;

	f->src = path;
	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "Error: cannot open %s: %m\n", path);
		return -1;
	}
	/* a line of any length is one line (a long comment, a long list) */
	while (!err && getline(&buf, &cap, fp) >= 0) {
		line++;
		p = strchr(buf, '#');
		if (p)
			*p = 0;
		n = 0;
		for (p = strtok_r(buf, " \t\r\n", &save); p && n < 16;
		     p = strtok_r(NULL, " \t\r\n", &save))
			tok[n++] = p;
		if (p) {
			err = fab_err(f, line, "too many words");
			break;
		}
		if (n)
			err = fab_statement(f, tok, n, line);
	}
	free(buf);
	fclose(fp);
	return err;
}

static int fab_gen_node(struct fabric *f, bool sw, const char *fmt, int a,
			int b)
{
	char name[64];

	snprintf(name, sizeof(name), fmt, a, b);
	return fab_add_node(f, name, sw, 0, 0);
}

/*
 * Generated switch @n sits in zone @zone of @nzones: "machines" puts it
 * on machine zone * M / nzones of M (fab_split()), its hosts with it.
 */
static int zoned(struct fabric *f, int n, int zone, int nzones)
{
	if (n >= 0) {
		f->node[n].zone = zone;
		f->node[n].nzones = nzones;
	}
	return n;
}

uint32_t fab_latency(const struct fabric *f, const struct fab_link *l)
{
	if (l->has_latency)
		return l->latency;
	return l->global ? f->global_latency : f->latency;
}

/* A generated link: the fabric's default rate and buffer. */
static int fab_gen_link(struct fabric *f, int a, int b, bool global)
{
	return fab_add_link(f, a, b, f->rate, f->buf, global, 0);
}

/* A host, linked to switch @s. */
static int fab_gen_host(struct fabric *f, int num, int s)
{
	int h = fab_gen_node(f, false, "h%d", num, 0);

	return h < 0 || fab_gen_link(f, h, s, false) < 0 ? -1 : h;
}

/*
 * The builders: @v holds as many sizes as the generator's usage names,
 * each 1..FAB_MAX_NODES; 0, or -1 with the error said. The order in which
 * they add nodes and links is part of the format: port numbers follow
 * link order and LIDs node order, and tests and benchmarks name both.
 */
static int gen_line(struct fabric *f, const int *v)
{
	int i, s;

	if (v[0] > 256)
		return fab_err(f, 0, "line of at most 256 switches");
	for (i = 0; i < v[0]; i++) {
		s = zoned(f, fab_gen_node(f, true, "s%d", i + 1, 0), i, v[0]);
		if (s < 0 || fab_gen_host(f, i + 1, s) < 0)
			return -1;
		/* s - 2: the previous switch, its host between them */
		if (i && fab_gen_link(f, s - 2, s, false) < 0)
			return -1;
	}
	return 0;
}

static int gen_star(struct fabric *f, const int *v)
{
	int i, s;

	if (v[0] > SNIC_MAX_PORTS)
		return fab_err(f, 0, "star of at most %d hosts", SNIC_MAX_PORTS);
	s = zoned(f, fab_gen_node(f, true, "s1", 0, 0), 0, 1);
	if (s < 0)
		return -1;
	for (i = 0; i < v[0]; i++)
		if (fab_gen_host(f, i + 1, s) < 0)
			return -1;
	return 0;
}

static int gen_fattree(struct fabric *f, const int *v)
{
	int leaves = v[0], spines = v[1], per = v[2], first = f->nnodes;
	int i, j, s, hosts = 0;

	if (spines + per > SNIC_MAX_PORTS || leaves > SNIC_MAX_PORTS)
		return fab_err(f, 0, "fattree:L,S,H needs S+H <= %d and L <= %d",
			       SNIC_MAX_PORTS, SNIC_MAX_PORTS);
	if (spines + leaves * (1 + per) > FAB_MAX_NODES)
		return fab_err(f, 0, "fattree:%d,%d,%d has %d nodes, more than %d",
			       leaves, spines, per, spines + leaves * (1 + per),
			       FAB_MAX_NODES);
	for (i = 0; i < spines; i++)
		if (zoned(f, fab_gen_node(f, true, "spine%d", i + 1, 0), i,
			  spines) < 0)
			return -1;
	for (i = 0; i < leaves; i++) {
		s = zoned(f, fab_gen_node(f, true, "leaf%d", i + 1, 0), i,
			  leaves);
		if (s < 0)
			return -1;
		for (j = 0; j < per; j++)
			if (fab_gen_host(f, ++hosts, s) < 0)
				return -1;
		for (j = 0; j < spines; j++)
			if (fab_gen_link(f, s, first + j, false) < 0)
				return -1;
	}
	return 0;
}

/*
 * A three-level k-ary fat tree (Al-Fares et al.): k pods of k/2 edge and
 * k/2 aggregation switches, each edge switch with k/2 hosts and a link to
 * every aggregation switch of its pod, aggregation switch a of each pod
 * linked to cores a * k/2 .. a * k/2 + k/2 - 1 of the (k/2)^2: k^3/4
 * hosts, every switch with k ports. Its minimal routes go up, then down:
 * no credit loop.
 */
static int gen_kfattree(struct fabric *f, const int *v)
{
	int k = v[0], h = k / 2, pod, e, a, c, core0, agg0, edge, hosts = 0;

	if (k < 2 || k % 2)
		return fab_err(f, 0, "kfattree:K needs an even K of at least 2");
	if (k > SNIC_MAX_PORTS)
		return fab_err(f, 0, "kfattree:K needs K <= %d (the ports of a switch)",
			       SNIC_MAX_PORTS);
	if (k * k * k / 4 > 1024 || k * k * k / 4 + 5 * k * k / 4 > FAB_MAX_NODES)
		return fab_err(f, 0, "kfattree:%d has %d hosts: at most 1024, and %d nodes",
			       k, k * k * k / 4, FAB_MAX_NODES);
	core0 = f->nnodes;
	for (c = 0; c < h * h; c++)
		if (zoned(f, fab_gen_node(f, true, "core%d", c + 1, 0), c,
			  h * h) < 0)
			return -1;
	for (pod = 0; pod < k; pod++) {
		agg0 = f->nnodes;
		for (a = 0; a < h; a++) {
			if (zoned(f, fab_gen_node(f, true, "p%da%d", pod + 1,
						  a + 1), pod, k) < 0)
				return -1;
			for (c = 0; c < h; c++)
				if (fab_gen_link(f, agg0 + a, core0 + a * h + c,
						 false) < 0)
					return -1;
		}
		for (e = 0; e < h; e++) {
			edge = zoned(f, fab_gen_node(f, true, "p%de%d", pod + 1,
						     e + 1), pod, k);
			if (edge < 0)
				return -1;
			for (c = 0; c < h; c++)
				if (fab_gen_host(f, ++hosts, edge) < 0)
					return -1;
			for (a = 0; a < h; a++)
				if (fab_gen_link(f, edge, agg0 + a, false) < 0)
					return -1;
		}
	}
	return 0;
}

static int gen_dragonfly_links(struct fabric *f, const int *v, int *sw)
{
	int p = v[0], a = v[1], h = v[2], g = v[3], i, j, k, hosts = 0;

	for (i = 0; i < g; i++) {
		for (j = 0; j < a; j++) {
			sw[i * a + j] = zoned(f, fab_gen_node(f, true, "g%ds%d",
							   i, j), i, g);
			if (sw[i * a + j] < 0)
				return -1;
			for (k = 0; k < p; k++)
				if (fab_gen_host(f, ++hosts, sw[i * a + j]) < 0)
					return -1;
		}
		for (j = 0; j < a; j++)
			for (k = j + 1; k < a; k++)
				if (fab_gen_link(f, sw[i * a + j], sw[i * a + k],
						 false) < 0)
					return -1;
	}
	/* Group i's global link k (0..g-2) goes to group k, or k+1
	 * from k = i on; it sits on switch k / h of the group.
	 */
	for (i = 0; i < g; i++) {
		for (k = 0; k < g - 1; k++) {
			j = k < i ? k : k + 1;
			if (j < i)
				continue;
			if (fab_gen_link(f, sw[i * a + k / h], sw[j * a + i / h],
					 true) < 0)
				return -1;
		}
	}
	return 0;
}

static int gen_dragonfly(struct fabric *f, const int *v)
{
	int p = v[0], a = v[1], h = v[2], g = v[3], *sw, err;

	if (g < 2)
		return fab_err(f, 0, "dragonfly needs at least 2 groups");
	if (a * h < g - 1)
		return fab_err(f, 0, "dragonfly: %d groups need a*h >= g-1 global links per group, have %d",
			       g, a * h);
	if (p + (a - 1) + h > SNIC_MAX_PORTS)
		return fab_err(f, 0, "dragonfly: p + a-1 + h must be <= %d ports",
			       SNIC_MAX_PORTS);
	if ((long)p * a * g > 1024)
		return fab_err(f, 0, "dragonfly of at most 1024 hosts");
	if ((long)(p + 1) * a * g > FAB_MAX_NODES)
		return fab_err(f, 0, "dragonfly of %ld nodes, more than %d",
			       (long)(p + 1) * a * g, FAB_MAX_NODES);
	sw = calloc(a * g, sizeof(*sw));
	if (!sw)
		exit(1);
	err = gen_dragonfly_links(f, v, sw);
	free(sw);
	return err;
}

/*
 * The generators, "NAME:SIZE,..." in place of a description file: the
 * parser (fab_generate()) and the usage text (fab_gen_usage(), which
 * "fabric up" prints) both read this table, so a generator added here is
 * accepted and listed at once. A generator takes as many sizes as its
 * usage names (one more per comma). The lists of the documentation
 * (Documentation/networking/snic.rst, "Fabric manager", and snicctl.8)
 * are these descriptions: change them together.
 */
static const struct fab_gen {
	const char *name;
	const char *args;
	int (*build)(struct fabric *f, const int *v);
	const char *desc;
} fab_gens[] = {
	{ "line", "N", gen_line,
	  "N switches in a row, a host on each" },
	{ "star", "N", gen_star,
	  "N hosts on one switch: the hot-spot setup" },
	{ "fattree", "LEAVES,SPINES,HOSTS", gen_fattree,
	  "LEAVES leaf switches with HOSTS hosts each, every leaf linked to "
	  "each of SPINES spines" },
	{ "kfattree", "K", gen_kfattree,
	  "a three-level fat tree of K-port switches: K pods of K/2 edge and "
	  "K/2 aggregation switches, (K/2)^2 cores, K^3/4 hosts" },
	{ "dragonfly", "P,A,H,G", gen_dragonfly,
	  "G groups of A fully connected switches, P hosts and H global links "
	  "per switch, one global link between every pair of groups: "
	  "A*H >= G-1" },
};

#define FAB_GEN_MAX_ARGS	4	/* what fab_generate() reads */

static int fab_gen_nargs(const struct fab_gen *g)
{
	const char *p;
	int n = 1;

	for (p = g->args; *p; p++)
		n += *p == ',';
	return n;
}

static void fab_gen_print(FILE *fp, const char *prefix,
			  const struct fab_gen *g)
{
	fprintf(fp, "%s%s:%s\n        %s\n", prefix, g->name, g->args, g->desc);
}

void fab_gen_usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "  GENERATOR:\n");
	for (i = 0; i < sizeof(fab_gens) / sizeof(fab_gens[0]); i++)
		fab_gen_print(fp, "    ", &fab_gens[i]);
}

int fab_generate(struct fabric *f, const char *spec)
{
	int v[FAB_GEN_MAX_ARGS] = { 0 }, n, i;
	const struct fab_gen *g = NULL;
	const char *p, *q;
	char kind[16];
	size_t k;

	f->src = spec;
	n = sscanf(spec, "%15[a-z]:%d,%d,%d,%d", kind, &v[0], &v[1], &v[2],
		   &v[3]);
	for (k = 0; n >= 1 && k < sizeof(fab_gens) / sizeof(fab_gens[0]); k++)
		if (!strcmp(kind, fab_gens[k].name))
			g = &fab_gens[k];
	if (!g) {
		fab_err(f, 0, "unknown generator");
		fab_gen_usage(stderr);
		return -1;
	}
	if (n - 1 != fab_gen_nargs(g)) {
		fab_err(f, 0, "wrong number of sizes");
		goto usage;
	}
	/* sizes: numbers and commas only, nothing after the last one, none
	 * so long that scanf's %d would have overflowed
	 */
	p = strchr(spec, ':');
	p = p ? p + 1 : "";
	if (!*p || strspn(p, "0123456789,") != strlen(p) || strstr(p, ",,") ||
	    p[strlen(p) - 1] == ',') {
		fab_err(f, 0, "bad sizes \"%s\": numbers separated by commas", p);
		goto usage;
	}
	for (q = p; *q; q += strspn(q, ","))
		if ((k = strspn(q, "0123456789")) > 6) {
			fab_err(f, 0, "sizes must be 1..%d", FAB_MAX_NODES);
			goto usage;
		} else {
			q += k;
		}
	for (i = 0; i < n - 1; i++) {
		if (v[i] < 1 || v[i] > FAB_MAX_NODES) {
			fab_err(f, 0, "sizes must be 1..%d", FAB_MAX_NODES);
			goto usage;
		}
	}
	/* A node or link that could not be added said why. */
	if (!g->build(f, v) && !f->errors)
		return 0;
usage:
	fab_gen_print(stderr, "Usage: ", g);
	return -1;
}

/* After parsing: LIDs, checks, routes. */
int fab_finish(struct fabric *f)
{
	int i, j, hosts = 0, sws = 0;
	uint32_t next = 1;

	for (i = 0; i < f->nnodes; i++) {
		struct fab_node *n = &f->node[i];

		if (n->sw) {
			sws++;
			continue;
		}
		hosts++;
		if (n->link[0] < 0)
			return fab_err(f, n->line, "host \"%s\" has no link", n->name);
		for (j = 0; n->lid && j < i; j++)
			if (f->node[j].lid == n->lid)
				return fab_err(f, n->line, "duplicate LID %u (hosts \"%s\" and \"%s\")",
					       n->lid, f->node[j].name, n->name);
	}
	if (!hosts || !sws)
		return fab_err(f, 0, "a fabric needs at least one host and one switch");
	for (i = 0; i < f->nnodes; i++) {
		struct fab_node *n = &f->node[i];
		bool used;

		if (n->sw || n->lid)
			continue;
		do {
			used = false;
			for (j = 0; j < f->nnodes; j++)
				used |= f->node[j].lid == next;
		} while (used && ++next);
		n->lid = next++;
	}
	if (fab_span_finish(f) || fab_route(f))
		return -1;
	return f->ar ? fab_ar(f) : 0;
}

const struct fab_link *fab_host_link(const struct fabric *f, int host)
{
	return &f->link[f->node[host].link[0]];
}

void fab_ns(const struct fabric *f, int node, char *buf, size_t len)
{
	snprintf(buf, len, "%s-%s", f->name, f->node[node].name);
}

/*
 * A child in node @node's netns, as fork(): its pid in the parent (-1 when
 * fork failed), 0 in the child, which is in the netns already (one that
 * cannot enter it exits 2). Output is flushed first, so that nothing
 * buffered is written twice.
 */
pid_t fab_fork(const struct fabric *f, int node)
{
	char ns[NS_LEN];
	pid_t pid;

	fab_ns(f, node, ns, sizeof(ns));
	fflush(NULL);
	pid = fork();
	if (!pid && enter_netns(ns))
		_exit(2);
	return pid;
}

void fab_addr(const struct fabric *f, int host, char *buf, size_t len)
{
	uint32_t lid = f->node[host].lid;

	snprintf(buf, len, "10.%u.%u.%u", (lid >> 16) & 0xff, (lid >> 8) & 0xff,
		 lid & 0xff);
}

int fab_write(const struct fabric *f, const char *path)
{
	FILE *fp = fopen(path, "w");
	int i;

	if (!fp) {
		fprintf(stderr, "Error: cannot write %s: %m\n", path);
		return -1;
	}
	fprintf(fp, "# snicctl fabric state (from %s)\n", f->src);
	fprintf(fp, "fabric %s\ndilation %u\nhoq %u\nrate %llubps\nbuf %u\n",
		f->name, f->dilation, f->hoq_us, (unsigned long long)f->rate,
		f->buf);
	fprintf(fp, "latency %u\nglobal_latency %u\n", f->latency,
		f->global_latency);
	for (i = 0; i < f->nvlarb; i++)
		fprintf(fp, "%s%u%s", i ? "," : "vlarb ", f->vlarb[i],
			i == f->nvlarb - 1 ? "\n" : "");
	fprintf(fp, "cc_thr %u\ncc_rate %u\ncc_pkt %u\ncc_victim %u\nar %u\nrdma %u\n",
		f->cc_thr, f->cc_rate, f->cc_pkt, f->cc_victim, f->ar, f->rdma);
	fab_span_write(f, fp);
	for (i = 0; i < f->nnodes; i++) {
		const struct fab_node *n = &f->node[i];

		if (n->sw)
			fprintf(fp, "switch %s", n->name);
		else
			fprintf(fp, "host %s lid %u", n->name, n->lid);
		if (n->machine >= 0)
			fprintf(fp, " machine %s", f->machine[n->machine].name);
		fputc('\n', fp);
	}
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];

		fprintf(fp, "link %s %s rate %llubps buf %u latency %u%s\n",
			f->node[l->a].name, f->node[l->b].name,
			(unsigned long long)l->rate, l->buf,
			fab_latency(f, l), l->global ? " global" : "");
	}
	return fclose(fp) ? -1 : 0;
}
