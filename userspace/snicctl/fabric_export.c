// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl fabric export FILE|GENERATOR|NAME [dot|json]
 *
 * A fabric as a picture to check by eye (Graphviz DOT: switches boxes,
 * hosts with their LID, global links bold) or as networkx's node-link
 * JSON (json, or -j), for analysis and for other tools; both name a
 * credit loop of its routes if there is one (fabric_loop.c), in a
 * comment and on stderr. Nothing is built: a description or a generator
 * is read and routed as "fabric up" would, or the state of a fabric that
 * is up is read. scripts/snic-nodelink2fab turns node-link JSON back into
 * a description.
 *
 * The JSON:
 *   {"directed": false, "multigraph": true,
 *    "graph": {"name", "source", "dilation", "credit_loop": null|"..."},
 *    "nodes": [{"id", "kind": "host"|"switch", "lid" (hosts)}],
 *    "links": [{"source", "target", "key", "source_port", "target_port",
 *               "rate_bps", "buf", "global"}]}
 * (rate_bps in fabric time; a host's port is 0, a switch's pN is N).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fabric.h"
#include "snicctl.h"

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void export_json(const struct fabric *f, const char *loop)
{
	int i;

	printf("{\"directed\": false, \"multigraph\": true, \"graph\": {\"name\": ");
	json_str(f->name);
	printf(", \"source\": ");
	json_str(f->src ? f->src : "");
	printf(", \"dilation\": %u, \"credit_loop\": ", f->dilation);
	if (*loop)
		json_str(loop);
	else
		printf("null");
	printf("},\n \"nodes\": [");
	for (i = 0; i < f->nnodes; i++) {
		const struct fab_node *n = &f->node[i];

		printf("%s\n  {\"id\": \"%s\", \"kind\": \"%s\"", i ? "," : "",
		       n->name, n->sw ? "switch" : "host");
		if (!n->sw)
			printf(", \"lid\": %u", n->lid);
		putchar('}');
	}
	printf("],\n \"links\": [");
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];

		printf("%s\n  {\"source\": \"%s\", \"target\": \"%s\", \"key\": %d, \"source_port\": %d, \"target_port\": %d, \"rate_bps\": %llu, \"buf\": %u, \"global\": %s}",
		       i ? "," : "", f->node[l->a].name, f->node[l->b].name,
		       i, l->pa, l->pb, (unsigned long long)l->rate * 8, l->buf,
		       l->global ? "true" : "false");
	}
	printf("]}\n");
}

static void rate_text(uint64_t bytes, char *buf, size_t len)
{
	uint64_t b = bytes * 8;

	if (b >= 1000000000ULL && !(b % 1000000000ULL))
		snprintf(buf, len, "%lluG", (unsigned long long)(b / 1000000000ULL));
	else if (b >= 1000000ULL && !(b % 1000000ULL))
		snprintf(buf, len, "%lluM", (unsigned long long)(b / 1000000ULL));
	else
		snprintf(buf, len, "%llub", (unsigned long long)b);
}

static void export_dot(const struct fabric *f, const char *loop)
{
	char r[32];
	int i;

	printf("graph \"%s\" {\n", f->name);
	printf("\t// snicctl fabric export %s: %d nodes, %d links; credit loop: %s\n",
	       f->src ? f->src : "", f->nnodes, f->nlinks, *loop ? loop : "none");
	printf("\tnode [fontname=\"Helvetica\", fontsize=10];\n");
	printf("\tedge [fontname=\"Helvetica\", fontsize=8];\n");
	for (i = 0; i < f->nnodes; i++) {
		const struct fab_node *n = &f->node[i];

		if (n->sw)
			printf("\t\"%s\" [shape=box, style=filled, fillcolor=\"#c8d8f0\"];\n",
			       n->name);
		else
			printf("\t\"%s\" [shape=ellipse, label=\"%s\\nLID %u\"];\n",
			       n->name, n->name, n->lid);
	}
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];

		rate_text(l->rate, r, sizeof(r));
		printf("\t\"%s\" -- \"%s\" [label=\"%s\"", f->node[l->a].name,
		       f->node[l->b].name, r);
		if (l->pa)
			printf(", taillabel=\"p%d\"", l->pa);
		if (l->pb)
			printf(", headlabel=\"p%d\"", l->pb);
		if (l->global)
			printf(", style=bold, color=\"#c03030\"");
		printf("];\n");
	}
	printf("}\n");
}

int fabric_export(int argc, char **argv)
{
	bool json = opt_json;
	struct fabric *f;
	char loop[1024] = "";
	int err, r;

	if (argc < 1 || argc > 2 ||
	    (argc == 2 && strcmp(argv[1], "dot") && strcmp(argv[1], "json"))) {
		fprintf(stderr, "Usage: snicctl fabric export FILE|GENERATOR|NAME [dot|json]\n");
		return 2;
	}
	if (argc == 2)
		json = !strcmp(argv[1], "json");
	if (!access(argv[0], R_OK) || strchr(argv[0], ':')) {
		f = fab_new();
		err = !access(argv[0], R_OK) ? fab_parse_file(f, argv[0]) :
		      fab_generate(f, argv[0]);
		if (err || fab_finish(f)) {
			fab_free(f);
			return 2;
		}
	} else {
		/* the name of a fabric that is up */
		f = fab_load(argv[0]);
		if (!f)
			return 2;
	}
	r = fab_credit_loop(f, loop, sizeof(loop));
	if (r < 0)
		fprintf(stderr, "Warning: %s: the credit-loop check ran out of memory: not checked\n",
			f->src);
	else if (r > 0)
		fprintf(stderr, "Warning: %s: the routes can deadlock, a credit loop: %s\n",
			f->src, loop);
	if (json)
		export_json(f, loop);
	else
		export_dot(f, loop);
	fab_free(f);
	return 0;
}
