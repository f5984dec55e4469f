// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl fabric list | set | link: fabric-wide controls.
 *
 *   fabric list
 *	the fabrics this machine has up (FAB_STATE_DIR/NAME.fabric): name,
 *	hosts, switches, links, dilation, and the part a spanning fabric
 *	has here.
 *   fabric set NAME nics|switches|NODE[,NODE...] SETTING...
 *	"dev set" with SETTING... on the snic0 of every host (nics), the
 *	sw0 of every switch (switches) or of each node named, in each node's
 *	netns, one after the other; every node is tried, each failure named
 *	on stderr (with the kernel's message), and the exit status is
 *	non-zero if one failed.
 *   fabric link NAME A B down|up
 *	both ends of the link between nodes A and B (their fab0 or pN)
 *	administratively down or up, as a cut cable and its repair: the
 *	switches' monitors see their port's carrier go (ARN).
 *
 * Nodes of a spanning fabric that live on another machine are not
 * reachable from here: set and link name them and fail.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fabric.h"
#include "snicctl.h"

#define FAB_SET_USAGE \
	"Usage: snicctl fabric set NAME nics|switches|NODE[,NODE...] SETTING...\n" \
	"       (SETTING...: those of snicctl dev set)\n"
#define FAB_LINK_USAGE "Usage: snicctl fabric link NAME A B down|up\n"

/* "dev set DEV SETTING..." in node @n's netns, in a child. 0: done. */
static int set_one(const struct fabric *f, int n, int argc, char **argv)
{
	char **av;
	pid_t pid;
	int st, i;

	pid = fab_fork(f, n);
	if (pid < 0)
		return -1;
	if (!pid) {
		av = calloc(argc + 3, sizeof(*av));
		if (!av)
			_exit(2);
		av[0] = "set";
		av[1] = f->node[n].sw ? "sw0" : "snic0";
		for (i = 0; i < argc; i++)
			av[i + 2] = argv[i];
		_exit(do_dev(argc + 2, av) ? 1 : 0);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
		return -1;
	return 0;
}

static int fabric_set(const struct fabric *f, int argc, char **argv)
{
	int n, done = 0, bad = 0, want;
	char *sel, *tok, *save;
	bool *on;

	if (argc < 2) {
		fputs(FAB_SET_USAGE, stderr);
		return 2;
	}
	on = calloc(f->nnodes ? f->nnodes : 1, sizeof(*on));
	if (!on)
		return 2;
	want = !strcmp(argv[0], "nics") ? 0 : !strcmp(argv[0], "switches") ? 1 : -1;
	if (want >= 0) {
		for (n = 0; n < f->nnodes; n++)
			on[n] = f->node[n].sw == want;
	} else {
		sel = strdup(argv[0]);
		for (tok = strtok_r(sel, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			n = fab_find(f, tok);
			if (n < 0) {
				fprintf(stderr, "Error: fabric %s has no node \"%s\" (nics, switches, or node names)\n",
					f->name, tok);
				free(sel);
				free(on);
				return 2;
			}
			on[n] = true;
		}
		free(sel);
	}
	for (n = 0; n < f->nnodes; n++) {
		if (!on[n])
			continue;
		if (!fab_local(f, n)) {
			fprintf(stderr, "Error: %s is on machine %s, not here\n",
				f->node[n].name, f->machine[f->node[n].machine].name);
			bad++;
			continue;
		}
		if (set_one(f, n, argc - 1, argv + 1)) {
			fprintf(stderr, "Error: %s: not set\n", f->node[n].name);
			bad++;
		} else {
			done++;
		}
	}
	free(on);
	if (!done && !bad) {
		fprintf(stderr, "Error: fabric %s has no %s\n", f->name, argv[0]);
		return 2;
	}
	printf("fabric %s: set on %d node%s%s", f->name, done,
	       done == 1 ? "" : "s", bad ? "" : "\n");
	if (bad)
		printf(", %d failed\n", bad);
	return bad ? 1 : 0;
}

/* The device of link @l at its end on node @n: fab0 or pN. */
static void link_dev(const struct fabric *f, const struct fab_link *l, int n,
		     char *buf, size_t len)
{
	int p = n == l->a ? l->pa : l->pb;

	if (f->node[n].sw)
		snprintf(buf, len, "p%d", p);
	else
		snprintf(buf, len, "fab0");
}

static int fabric_link(const struct fabric *f, int argc, char **argv)
{
	const struct fab_link *l = NULL;
	char ns[NS_LEN], cmd[64];
	int a, b, i, end, bad = 0;
	bool up;

	if (argc != 3 || (strcmp(argv[2], "down") && strcmp(argv[2], "up"))) {
		fputs(FAB_LINK_USAGE, stderr);
		return 2;
	}
	up = !strcmp(argv[2], "up");
	a = fab_find(f, argv[0]);
	b = fab_find(f, argv[1]);
	if (a < 0 || b < 0) {
		fprintf(stderr, "Error: fabric %s has no node \"%s\"\n", f->name,
			argv[a < 0 ? 0 : 1]);
		return 2;
	}
	for (i = 0; i < f->nlinks && !l; i++)
		if ((f->link[i].a == a && f->link[i].b == b) ||
		    (f->link[i].a == b && f->link[i].b == a))
			l = &f->link[i];
	if (!l) {
		fprintf(stderr, "Error: fabric %s has no link between %s and %s\n",
			f->name, argv[0], argv[1]);
		return 2;
	}
	for (end = 0; end < 2; end++) {
		int n = end ? l->b : l->a;
		char dev[16];

		if (!fab_local(f, n)) {
			fprintf(stderr, "Error: %s is on machine %s, not here: its end stays as it is\n",
				f->node[n].name, f->machine[f->node[n].machine].name);
			bad++;
			continue;
		}
		link_dev(f, l, n, dev, sizeof(dev));
		fab_ns(f, n, ns, sizeof(ns));
		snprintf(cmd, sizeof(cmd), "link set %s %s\n", dev, argv[2]);
		if (fab_ip_batch(ns, cmd)) {
			fprintf(stderr, "Error: %s %s: not set %s\n",
				f->node[n].name, dev, argv[2]);
			bad++;
		}
	}
	if (bad)
		return 1;
	printf("fabric %s: link %s - %s %s\n", f->name, f->node[l->a].name,
	       f->node[l->b].name, up ? "up" : "down");
	return 0;
}

static int fabric_list(void)
{
	struct dirent **ent;
	int n, i, h, s, shown = 0;
	char path[512];

	n = scandir(FAB_STATE_DIR, &ent, NULL, alphasort);
	if (n < 0) {
		if (errno != ENOENT) {
			fprintf(stderr, "Error: %s: %s\n", FAB_STATE_DIR,
				strerror(errno));
			return 1;
		}
		n = 0;
	}
	out_begin_list();
	for (i = 0; i < n; i++) {
		size_t len = strlen(ent[i]->d_name);
		struct fabric *f;

		if (len > 7 && !strcmp(ent[i]->d_name + len - 7, ".fabric")) {
			snprintf(path, sizeof(path), "%s/%s", FAB_STATE_DIR,
				 ent[i]->d_name);
			f = fab_new();
			if (!fab_parse_file(f, path) && !fab_finish(f)) {
				for (h = 0, s = 0; s < f->nnodes; s++)
					h += !f->node[s].sw;
				out_begin_obj();
				out_str("name", "%s:", f->name);
				out_u64("hosts", " hosts %llu", h);
				out_u64("switches", " switches %llu", f->nnodes - h);
				out_u64("links", " links %llu", f->nlinks);
				out_u64("dilation", " dilation %llu", f->dilation);
				if (f->part >= 0)
					out_str("part", " part %s",
						f->machine[f->part].name);
				out_end_obj();
				shown++;
			}
			fab_free(f);
		}
		free(ent[i]);
	}
	free(ent);
	out_end_list();
	if (!shown && !opt_json)
		printf("no fabric is up\n");
	return 0;
}

/* "fabric list|set|link ...": 0 done, 1 failed, 2 bad request; -1: not ours */
int fabric_ctl(int argc, char **argv)
{
	struct fabric *f;
	int err;

	if (argc >= 1 && !strcmp(argv[0], "list")) {
		if (argc != 1) {
			fprintf(stderr, "Error: fabric list takes nothing after it (\"%s\")\n",
				argv[1]);
			return 2;
		}
		return fabric_list();
	}
	if (argc < 1 || (strcmp(argv[0], "set") && strcmp(argv[0], "link")))
		return -1;
	if (argc < 2) {
		fputs(strcmp(argv[0], "set") ? FAB_LINK_USAGE : FAB_SET_USAGE,
		      stderr);
		return 2;
	}
	f = fab_load(argv[1]);
	if (!f)
		return 2;
	if (!strcmp(argv[0], "set"))
		err = fabric_set(f, argc - 2, argv + 2);
	else
		err = fabric_link(f, argc - 2, argv + 2);
	fab_free(f);
	return err;
}
