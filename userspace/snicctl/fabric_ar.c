// SPDX-License-Identifier: GPL-2.0
/*
 * Adaptive routing for a fabric ("ar 1", or "fabric up ... ar").
 *
 * Groups are the connected pieces of the switch graph without its global
 * links (on a Dragonfly, its groups); a switch's number is its rank in
 * its group. Each group gets an ARN DLID (SNIC_AR_MLID_BASE + group),
 * whose MFT entries are the group's spanning tree (the depth-first tree
 * that found it), and must hold a range of host LIDs of its own, so a
 * switch can tell its group's traffic (the only traffic it routes
 * adaptively) by SLID.
 *
 * Best Path Table of switch S for host D of another group: the minimal
 * candidate (the LFT's port), then non-minimal ones through another
 * group I: S's own global links to I, and its local links to a switch X
 * with a global link to I (the minimal path's X too, when it is another
 * switch than S: its other global links are detours like the rest).
 * Costs weigh a local hop 1 and a global hop 2,
 * the rest of the path being the LFT's from where the candidate enters
 * I, up to where it enters D's group: a cost to the group, so the hosts
 * of a group whose LFT routes leave S alike share their candidates, and
 * consecutive LIDs with the same candidates make one entry (a DLID
 * range: one state per destination group, not per host). Each candidate
 * names the group links it depends on (its first link, and X's global
 * link). The cheapest eight are kept: on dragonfly:2,4,2,9 every
 * global link of S's group, so every intermediate group.
 *
 * For host D of S's own group on another switch: the minimal candidate,
 * and detours through each other switch X of the group that S links to
 * (local hop 1, then X's LFT path to D). A detour is marked as such: a
 * packet that takes it leaves marked on its own SC, and X steps its SC up
 * (ar_detour_sc2sc, the same step as a global hop's), so the detour's
 * second local hop holds a buffer of a higher VL than its first and
 * detours close no credit loop. One entry per
 * destination switch (its hosts' LIDs, when consecutive).
 */
#include <stdio.h>
#include <stdlib.h>

#include "fabric.h"
#include "libsnic.h"

#define W_LOCAL		1
#define W_GLOBAL	2

static int peer_of(const struct fabric *f, int node, int p)
{
	const struct fab_link *l = &f->link[f->node[node].link[p]];

	return l->a == node && l->pa == p ? l->b : l->a;
}

static bool is_global(const struct fabric *f, int node, int p)
{
	return f->link[f->node[node].link[p]].global;
}

/* Key of switch @s's link on port @p (switch-to-switch). */
static uint32_t link_key(const struct fabric *f, int s, int p)
{
	int n = peer_of(f, s, p);

	if (is_global(f, s, p))
		return SNIC_AR_LINK_G(f->gid[s], f->grp[n], p);
	return SNIC_AR_LINK_L(f->gid[s], f->gid[n]);
}

/*
 * Weighted cost of the LFT's path from switch @s towards host @h until
 * it enters @h's group, -1: none.
 */
static int lft_cost(const struct fabric *f, int s, int h)
{
	int cost = 0, steps, p;

	for (steps = 0; steps < f->nnodes; steps++) {
		if (!f->node[s].sw)
			return s == h ? cost : -1;
		if (f->grp[s] == f->grp[h])
			return cost;
		p = f->route[s * f->nnodes + h];
		if (p <= 0)
			return -1;
		if (f->node[peer_of(f, s, p)].sw)
			cost += is_global(f, s, p) ? W_GLOBAL : W_LOCAL;
		s = peer_of(f, s, p);
	}
	return -1;
}

int fab_ar(struct fabric *f)
{
	int nn = f->nnodes, i, j, p, g, *stack, top;
	int *count;

	f->grp = calloc(nn, sizeof(int));
	f->gid = calloc(nn, sizeof(int));
	f->artree = calloc(nn, sizeof(uint64_t));
	stack = calloc(nn, sizeof(int));
	count = calloc(nn, sizeof(int));
	if (!f->grp || !f->gid || !f->artree || !stack || !count)
		exit(1);
	for (i = 0; i < nn; i++)
		f->grp[i] = -1;
	f->ngroups = 0;
	for (i = 0; i < nn; i++) {
		if (!f->node[i].sw || f->grp[i] >= 0)
			continue;
		g = f->ngroups++;
		top = 0;
		stack[top++] = i;
		f->grp[i] = g;
		while (top) {
			int s = stack[--top];

			for (p = 1; p <= f->node[s].nports; p++) {
				int n = peer_of(f, s, p);

				const struct fab_link *l;

				if (!f->node[n].sw || is_global(f, s, p) ||
				    f->grp[n] >= 0)
					continue;
				f->grp[n] = g;
				stack[top++] = n;
				/* the link that found n is on the tree */
				l = &f->link[f->node[s].link[p]];
				f->artree[s] |= 1ULL << (p - 1);
				f->artree[n] |= 1ULL << ((l->a == s && l->pa == p ?
							  l->pb : l->pa) - 1);
			}
		}
	}
	/* Ranks in node order; hosts take their switch's group. */
	for (i = 0; i < nn; i++) {
		if (f->node[i].sw) {
			f->gid[i] = count[f->grp[i]]++;
			if (f->gid[i] > 2047 || f->grp[i] > 4095) {
				fprintf(stderr, "Error: %s: ar: too many switches or groups\n",
					f->src);
				return -1;
			}
		}
	}
	for (i = 0; i < nn; i++) {
		const struct fab_link *l;

		if (f->node[i].sw)
			continue;
		l = fab_host_link(f, i);
		f->grp[i] = f->grp[l->a == i ? l->b : l->a];
	}
	f->grp_lo = calloc(f->ngroups, sizeof(uint32_t));
	f->grp_hi = calloc(f->ngroups, sizeof(uint32_t));
	if (!f->grp_lo || !f->grp_hi)
		exit(1);
	for (i = 0; i < nn; i++) {
		uint32_t lid = f->node[i].lid;

		if (f->node[i].sw)
			continue;
		g = f->grp[i];
		if (!f->grp_lo[g] || lid < f->grp_lo[g])
			f->grp_lo[g] = lid;
		if (lid > f->grp_hi[g])
			f->grp_hi[g] = lid;
	}
	/* Each group's LID range holds only its own hosts. */
	for (i = 0; i < nn; i++)
		for (j = 0; !f->node[i].sw && j < f->ngroups; j++)
			if (j != f->grp[i] && f->grp_lo[j] &&
			    f->node[i].lid >= f->grp_lo[j] &&
			    f->node[i].lid <= f->grp_hi[j]) {
				fprintf(stderr, "Error: %s: ar: group %d's host LIDs %u..%u are not its own (host \"%s\")\n",
					f->src, j, f->grp_lo[j], f->grp_hi[j],
					f->node[i].name);
				return -1;
			}
	free(stack);
	free(count);
	return 0;
}

/* Keep the @max cheapest; sorted by cost, the minimal one (added first)
 * first whatever its cost: it is the LFT's route, the BPT's default.
 */
static void add(struct snic_bpt_cand *c, int *n, int max,
		const struct snic_bpt_cand *x)
{
	int i;

	if (*n == max) {
		if (c[max - 1].cost <= x->cost)
			return;
		(*n)--;
	}
	for (i = *n; i > 1 && c[i - 1].cost > x->cost; i--)
		c[i] = c[i - 1];
	if (*n == 0)
		i = 0;
	c[i] = *x;
	(*n)++;
}

/*
 * Weighted cost of the LFT's path from switch @s to host @h of its own
 * group, -1: none, or one that leaves the group or comes through @avoid.
 */
static int lft_cost_in(const struct fabric *f, int s, int h, int avoid)
{
	int cost = 0, steps, p, n;

	for (steps = 0; steps < f->nnodes; steps++) {
		p = f->route[s * f->nnodes + h];
		if (p <= 0 || is_global(f, s, p))
			return -1;
		n = peer_of(f, s, p);
		if (n == avoid)
			return -1;
		if (!f->node[n].sw)
			return n == h ? cost : -1;
		cost += W_LOCAL;
		s = n;
	}
	return -1;
}

/* The key of the link after switch @s's local port @p towards host @h (a
 * second local hop), 0: none.
 */
static uint32_t next_key(const struct fabric *f, int s, int p, int h)
{
	int xs = peer_of(f, s, p), xp = f->route[xs * f->nnodes + h];

	if (!f->node[xs].sw || xp <= 0 || !f->node[peer_of(f, xs, xp)].sw)
		return 0;
	return link_key(f, xs, xp);
}

/* Candidates of switch @s for host @h of its own group (above). */
static int bpt_in_group(const struct fabric *f, int s, int h, int m,
			struct snic_bpt_cand *c)
{
	struct snic_bpt_cand x;
	int n = 0, p, ns, cost;

	cost = lft_cost_in(f, s, h, -1);
	if (cost <= 0)	/* h is on @s, or no path */
		return 0;
	x = (struct snic_bpt_cand){ .port = m, .cost = cost,
				    .link = { link_key(f, s, m),
					      next_key(f, s, m, h) } };
	add(c, &n, FAB_AR_CANDS, &x);
	for (p = 1; p <= f->node[s].nports; p++) {
		ns = peer_of(f, s, p);
		if (p == m || !f->node[ns].sw || is_global(f, s, p))
			continue;
		cost = lft_cost_in(f, ns, h, s);
		if (cost < 0)
			continue;
		/* to h's own switch over a parallel link: no second hop */
		x = (struct snic_bpt_cand){ .port = p, .cost = W_LOCAL + cost,
					    .detour = cost > 0,
					    .link = { link_key(f, s, p),
						      next_key(f, s, p, h) } };
		add(c, &n, FAB_AR_CANDS, &x);
	}
	return n;
}

int fab_ar_bpt(const struct fabric *f, int s, int h, struct snic_bpt_cand *c)
{
	int nn = f->nnodes, m = f->route[s * nn + h], gh = f->grp[h];
	int n = 0, p, q, cost;
	struct snic_bpt_cand x;

	if (m <= 0)
		return 0;
	if (gh == f->grp[s])
		return bpt_in_group(f, s, h, m, c);
	cost = lft_cost(f, s, h);
	if (cost < 0)
		return 0;
	x = (struct snic_bpt_cand){ .port = m, .cost = cost,
				    .global = is_global(f, s, m),
				    .link = { link_key(f, s, m) } };
	if (!x.global) {
		int xs = peer_of(f, s, m), xp = f->route[xs * nn + h];

		if (xp > 0 && f->node[peer_of(f, xs, xp)].sw &&
		    is_global(f, xs, xp))
			x.link[1] = link_key(f, xs, xp);
	}
	add(c, &n, FAB_AR_CANDS, &x);
	for (p = 1; p <= f->node[s].nports; p++) {
		int ns = peer_of(f, s, p);

		/* (A minimal path over a local link: the other global links
		 * of that switch are candidates too, so that every global
		 * link of the group is one.)
		 */
		if ((p == m && x.global) || !f->node[ns].sw)
			continue;
		if (is_global(f, s, p)) {
			if (f->grp[ns] == gh)
				continue;
			cost = lft_cost(f, ns, h);
			if (cost < 0)
				continue;
			x = (struct snic_bpt_cand){ .port = p,
						    .cost = W_GLOBAL + cost,
						    .global = true,
						    .link = { link_key(f, s, p) } };
			add(c, &n, FAB_AR_CANDS, &x);
			continue;
		}
		for (q = 1; q <= f->node[ns].nports; q++) {
			int ni = peer_of(f, ns, q);

			if (!f->node[ni].sw || !is_global(f, ns, q) ||
			    f->grp[ni] == gh || f->grp[ni] == f->grp[s])
				continue;
			cost = lft_cost(f, ni, h);
			if (cost < 0)
				continue;
			x = (struct snic_bpt_cand){ .port = p,
						    .cost = W_LOCAL + W_GLOBAL + cost,
						    .link = { link_key(f, s, p),
							      link_key(f, ns, q) } };
			add(c, &n, FAB_AR_CANDS, &x);
		}
	}
	return n;
}
