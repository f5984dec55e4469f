// SPDX-License-Identifier: GPL-2.0
/*
 * Credit loops: the channel dependency graph of a fabric's routes.
 *
 * A channel is a directed link on a VL. A packet routed over channel c
 * and then c' may hold c's buffer while it waits for credits of c': c
 * depends on c'. On a lossless fabric a cycle of such dependencies can
 * deadlock, each channel of the cycle full and waiting for the next one
 * (Dally and Seitz); routes whose dependency graph has no cycle cannot.
 * The VL of a hop: SC 0 leaves a host, every switch port on a global link
 * raises it by one as the packet leaves (up to 7: fabric_run.c's
 * sc2sc_global()), SC n is VL n.
 *
 * Checked: the LFT routes (fab_route()) between every pair of hosts. With
 * adaptive routing a BPT detour's first hop comes from a host on the SC
 * direct traffic uses, and the next switch steps its SC up as a global
 * hop does for the rest (the LFT's path at the next VL), so detours add
 * no cycle within a VL that this check would miss; they are not walked
 * here.
 *
 * The graph: per used channel, the set of channels it depends on, a
 * bitmap over its head node's ports x 8 VLs; a depth-first search finds a
 * cycle and names it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric.h"

#define LOOP_VLS	8

struct loop {
	const struct fabric *f;
	int nch;
	int words;		/* uint64_t per channel's bitmap */
	uint64_t *dep;		/* [nch][words]: (port - 1) * 8 + vl */
	char *used;
};

/* The node a directed link (2 * link + dir) enters, and leaves. */
static int head(const struct fabric *f, int d)
{
	const struct fab_link *l = &f->link[d / 2];

	return d & 1 ? l->a : l->b;
}

static int tail_port(const struct fabric *f, int d, int *node)
{
	const struct fab_link *l = &f->link[d / 2];

	*node = d & 1 ? l->b : l->a;
	return d & 1 ? l->pb : l->pa;
}

/* The directed link leaving @node through port @p. */
static int leaving(const struct fabric *f, int node, int p)
{
	int li = f->node[node].link[p];
	const struct fab_link *l = &f->link[li];

	return 2 * li + !(l->a == node && l->pa == p);
}

static void name_channel(const struct fabric *f, int c, char *buf, size_t len)
{
	int d = c / LOOP_VLS, node, p = tail_port(f, d, &node);

	if (f->node[node].sw)
		snprintf(buf, len, "%s:p%d vl %d", f->node[node].name, p,
			 c % LOOP_VLS);
	else
		snprintf(buf, len, "%s:fab0 vl %d", f->node[node].name,
			 c % LOOP_VLS);
}

/* Depth-first search from @c; on a cycle, writes it to @out. */
static int dfs(struct loop *g, int start, char *state, int *stack, int *it,
	       char *out, size_t len)
{
	const struct fabric *f = g->f;
	int sp = 0, c, b, n, p, d, nxt, i;
	size_t o;

	stack[sp] = start;
	it[sp] = 0;
	state[start] = 1;
	while (sp >= 0) {
		c = stack[sp];
		n = head(f, c / LOOP_VLS);
		nxt = -1;
		for (b = it[sp]; b < f->node[n].nports * LOOP_VLS; b++) {
			if (!(g->dep[(size_t)c * g->words + b / 64] &
			      (1ULL << (b % 64))))
				continue;
			p = b / LOOP_VLS + 1;
			d = leaving(f, n, p);
			nxt = d * LOOP_VLS + b % LOOP_VLS;
			break;
		}
		it[sp] = b + 1;
		if (nxt < 0) {
			state[c] = 2;
			sp--;
			continue;
		}
		if (state[nxt] == 2)
			continue;
		if (state[nxt] == 1) {
			/* the cycle: from nxt's place on the stack to here */
			for (i = 0; stack[i] != nxt; i++)
				;
			o = 0;
			for (; i <= sp && o < len; i++) {
				char ch[48];

				name_channel(f, stack[i], ch, sizeof(ch));
				o += snprintf(out + o, len - o, "%s -> ", ch);
			}
			if (o < len) {
				char ch[48];

				name_channel(f, nxt, ch, sizeof(ch));
				snprintf(out + o, len - o, "%s", ch);
			}
			return 1;
		}
		state[nxt] = 1;
		stack[++sp] = nxt;
		it[sp] = 0;
	}
	return 0;
}

int fab_credit_loop(const struct fabric *f, char *out, size_t len)
{
	int i, j, k, n, vl, prev, c, p, maxp = 1, node, *hop;
	struct loop g = { .f = f };
	int *stack = NULL, *it = NULL;
	char *state = NULL;
	int found = -1;

	for (i = 0; i < f->nnodes; i++)
		if (f->node[i].nports > maxp)
			maxp = f->node[i].nports;
	g.nch = 2 * f->nlinks * LOOP_VLS;
	g.words = (maxp * LOOP_VLS + 63) / 64;
	g.dep = calloc((size_t)g.nch * g.words, sizeof(*g.dep));
	g.used = calloc(g.nch, 1);
	state = calloc(g.nch, 1);
	stack = calloc(g.nch + 1, sizeof(*stack));
	it = calloc(g.nch + 1, sizeof(*it));
	/* a path crosses each node at most once */
	hop = calloc(f->nnodes + 1, sizeof(*hop));
	if (!g.dep || !g.used || !state || !stack || !it || !hop)
		goto out;
	for (i = 0; i < f->nnodes; i++) {
		if (f->node[i].sw)
			continue;
		for (j = 0; j < f->nnodes; j++) {
			if (j == i || f->node[j].sw)
				continue;
			n = fab_path(f, i, j, hop, f->nnodes + 1);
			if (n < 0)
				continue;
			vl = 0;
			prev = -1;
			for (k = 0; k < n; k++) {
				p = tail_port(f, hop[k], &node);
				if (f->link[hop[k] / 2].global && f->node[node].sw &&
				    vl < LOOP_VLS - 1)
					vl++;
				c = hop[k] * LOOP_VLS + vl;
				g.used[c] = 1;
				if (prev >= 0) {
					p = (p - 1) * LOOP_VLS + vl;
					g.dep[(size_t)prev * g.words + p / 64] |=
						1ULL << (p % 64);
				}
				prev = c;
			}
		}
	}
	found = 0;
	for (c = 0; c < g.nch && !found; c++)
		if (g.used[c] && !state[c])
			found = dfs(&g, c, state, stack, it, out, len);
out:
	free(g.dep);
	free(g.used);
	free(state);
	free(stack);
	free(it);
	free(hop);
	return found;
}
