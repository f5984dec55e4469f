// SPDX-License-Identifier: GPL-2.0
/*
 * Routes of a fabric.
 *
 * LFT: minimal routes. For each host, a shortest-path search from its
 * switch over the switch graph gives every switch its distance, a link
 * weighing 1, a global link W_GLOBAL; a switch forwards to a neighbour
 * that far closer, and when several are, picks one by the destination
 * LID (so that destinations spread over the equal-cost links, as opafm's
 * fat-tree routing does). On a two-level fat tree these are up/down
 * routes; on a Dragonfly the minimal route is local, global, local (the
 * weight keeps a route from taking two global hops where a path of the
 * same length in hops has one), and the SC raised at the global hop puts
 * the two halves on different VLs: no credit loop, no deadlock. Arbitrary
 * topologies get shortest paths, deadlock-free only if their shape is.
 *
 * MFT: one broadcast tree, the breadth-first tree from the first switch;
 * each switch floods to its hosts and its tree links.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric.h"

/* The node at the other end of @node's port @p, and that port. */
static int peer(const struct fabric *f, int node, int p, int *pp)
{
	const struct fab_link *l = &f->link[f->node[node].link[p]];

	if (l->a == node && l->pa == p) {
		*pp = l->pb;
		return l->b;
	}
	*pp = l->pa;
	return l->a;
}

/* Distances (in switch hops) from switch @from; -1: unreachable. */
static void bfs(const struct fabric *f, int from, int *dist, int *queue,
		int *parent_port)
{
	int head = 0, tail = 0, i, p, pp, n;

	for (i = 0; i < f->nnodes; i++)
		dist[i] = -1;
	dist[from] = 0;
	queue[tail++] = from;
	if (parent_port)
		parent_port[from] = 0;
	while (head < tail) {
		i = queue[head++];
		for (p = 1; p <= f->node[i].nports; p++) {
			n = peer(f, i, p, &pp);
			if (!f->node[n].sw || dist[n] >= 0)
				continue;
			dist[n] = dist[i] + 1;
			if (parent_port)
				parent_port[n] = pp;
			queue[tail++] = n;
		}
	}
}

#define W_GLOBAL	3

static int weight(const struct fabric *f, int node, int p)
{
	return f->link[f->node[node].link[p]].global ? W_GLOBAL : 1;
}

/* Weighted distances from switch @from (-1: unreachable): a queue-based
 * Bellman-Ford, the weights being small.
 */
static void wdist(const struct fabric *f, int from, int *dist, int *queue,
		  char *inq)
{
	int head = 0, tail = 0, n = f->nnodes, i, p, pp, m, d;

	for (i = 0; i < n; i++) {
		dist[i] = -1;
		inq[i] = 0;
	}
	dist[from] = 0;
	queue[tail++ % n] = from;
	inq[from] = 1;
	while (head != tail) {
		i = queue[head++ % n];
		inq[i] = 0;
		for (p = 1; p <= f->node[i].nports; p++) {
			m = peer(f, i, p, &pp);
			if (!f->node[m].sw)
				continue;
			d = dist[i] + weight(f, i, p);
			if (dist[m] >= 0 && dist[m] <= d)
				continue;
			dist[m] = d;
			if (!inq[m]) {
				inq[m] = 1;
				queue[tail++ % n] = m;
			}
		}
	}
}

int fab_route(struct fabric *f)
{
	int nn = f->nnodes, h, s, p, pp, n, cand[SNIC_MAX_PORTS], nc;
	int *dist = calloc(nn, sizeof(int)), *queue = calloc(nn, sizeof(int));
	int *parent = calloc(nn, sizeof(int)), root = -1;
	char *inq = calloc(nn, 1);
	int err = 0;

	f->route = calloc((size_t)nn * nn, sizeof(int));
	f->mft = calloc(nn, sizeof(uint64_t));
	if (!dist || !queue || !parent || !inq || !f->route || !f->mft)
		exit(1);

	for (h = 0; h < nn && !err; h++) {
		const struct fab_link *l;
		int t, tp;

		if (f->node[h].sw)
			continue;
		l = fab_host_link(f, h);
		t = l->a == h ? l->b : l->a;
		tp = l->a == h ? l->pb : l->pa;
		wdist(f, t, dist, queue, inq);
		for (s = 0; s < nn; s++) {
			if (!f->node[s].sw)
				continue;
			if (dist[s] < 0) {
				fprintf(stderr, "Error: %s: switch \"%s\" has no path to host \"%s\"\n",
					f->src, f->node[s].name, f->node[h].name);
				err = -1;
				break;
			}
			if (s == t) {
				f->route[s * nn + h] = tp;
				continue;
			}
			nc = 0;
			for (p = 1; p <= f->node[s].nports; p++) {
				n = peer(f, s, p, &pp);
				if (f->node[n].sw &&
				    dist[n] == dist[s] - weight(f, s, p))
					cand[nc++] = p;
			}
			f->route[s * nn + h] = cand[f->node[h].lid % nc];
		}
	}

	/* The broadcast tree. */
	for (s = 0; s < nn && !err; s++) {
		if (!f->node[s].sw)
			continue;
		if (root < 0) {
			root = s;
			bfs(f, root, dist, queue, parent);
		}
		for (p = 1; p <= f->node[s].nports; p++) {
			n = peer(f, s, p, &pp);
			/* hosts, the link to the parent, links to children */
			if (!f->node[n].sw || (s != root && p == parent[s]) ||
			    (n != root && dist[n] == dist[s] + 1 &&
			     parent[n] == pp))
				f->mft[s] |= 1ULL << (p - 1);
		}
	}
	free(dist);
	free(queue);
	free(parent);
	free(inq);
	return err;
}

int fab_path(const struct fabric *f, int from, int to, int *res, int max)
{
	int node = from, p = 0, n = 0, next, pp;

	if (!f->route || from == to || f->node[from].sw || f->node[to].sw)
		return -1;
	while (n < max) {
		const struct fab_link *l = &f->link[f->node[node].link[p]];

		next = peer(f, node, p, &pp);
		res[n++] = 2 * (int)(l - f->link) + (l->a == node && l->pa == p ? 0 : 1);
		if (next == to)
			return n;
		if (!f->node[next].sw)
			return -1;
		node = next;
		p = f->route[node * f->nnodes + to];
		if (p < 1 || p > f->node[node].nports)
			return -1;
	}
	return -1;
}
