// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl: configure and inspect snic devices, switches and qdiscs over
 * the "snic" generic netlink family. See Documentation/snicctl.8.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fabric.h"
#include "snicctl.h"

bool opt_json;
bool opt_stats;

static const struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
} cmds[] = {
	{ "cc", do_cc },
	{ "ar", do_ar },
	{ "bpt", do_bpt },
	{ "dev", do_dev },
	{ "fabric", do_fabric },
	{ "lft", do_lft },
	{ "mft", do_mft },
	{ "monitor", do_monitor },
	{ "port", do_port },
	{ "qdisc", do_qdisc },
	{ "raw", do_raw },
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: snicctl [-j] [-s] [-n NETNS] OBJECT COMMAND [ARGS]\n"
		"  dev show [DEV]                 snic/snicsw devices (-s: counters)\n"
		"  dev set DEV [lid LID] [sl2sc SC0,...] [vlbuf B0,...]  LID; a NIC's\n"
		"                SL->SC table and receive buffers per VL\n"
		"  ar links SW                    links its group reported (ARN)\n"
		"  bpt show|set|del SW ...        Best Path Table (adaptive routing)\n"
		"  lft show SW                    a switch's linear forwarding table\n"
		"  lft set SW dlid DLID port P    P: port number or port device\n"
		"  lft del SW dlid DLID\n"
		"  mft show|set|del SW mlid MLID [ports P1,P2,...]  multicast table\n"
		"  port show SW                   a switch's ports (-s: counters)\n"
		"  port set SW PORT [sc2sc SC0,...] [vlbuf B0,...] [credit_period US]\n"
		"                [credit_drop N]    SC remap, receive buffers per VL\n"
		"  qdisc show DEV                 sch_snic per-VL statistics\n"
		"  qdisc set DEV [limit N] [rate RATE] [sc2vl V0,...] [vlarb W0,...]\n"
		"                [hoq USEC] [dilation D] [sync USEC] [latency NS]  (add: create)\n"
		"  fabric up FILE|GENERATOR [name NAME] [dilation D|auto] [rate RATE] [hoq USEC] [latency NS] [global_latency NS] [ar|val|valpkt|ugal] [intm off|packet|flow] [loops] [check]\n"
		"  fabric down|show [NAME]        tear down / describe a fabric\n"
		"  fabric health [NAME [threshold PERMILLE | mark]]  how faithful it was\n"
		"  fabric check [NAME] [pairs N|all]  hosts ping each other\n"
		"  fabric exec NAME NODE -- CMD   run CMD in NODE's namespace\n"
		"  fabric export FILE|GENERATOR|NAME [dot|json]  a picture (DOT) or\n"
		"                networkx node-link JSON, its credit loop if any\n"
		"  fabric list                    the fabrics up on this machine\n"
		"  fabric set NAME nics|switches|NODE,... SETTING...  dev set on\n"
		"                every NIC, every switch or the nodes named\n"
		"  fabric link NAME A B down|up   the link between A and B down or up\n"
		"  fabric record NAME [interval US] [samples N] [-o FILE]  queues,\n"
		"                credits, FECN, CCTIs over fabric time (CSV, -j)\n"
		"  fabric traffic [NAME] PATTERN [load L] [size BYTES] [msg N] [seconds S]\n"
		"                [warmup S] [seed N] [bins N] [flip PATTERN] [every US] [plan]\n"
		"                offered, accepted, latency, fair shares (fabric time)\n"
		"  cc show|log DEV                a NIC's tracked DLIDs (CCTI, IPD) or its log\n"
		"  monitor [count N] [ready]      the events of the netns' devices\n"
		"  raw CMD [PATH:TYPE=VAL]...     one unchecked request (testing)\n"
		"  help                           this list\n"
		"Options: -j JSON output, -s statistics, -n NETNS run in the network\n"
		"         namespace NETNS (as ip -n: /run/netns/NETNS), -h help,\n"
		"         -V version\n");
}

/* Join the network namespace /run/netns/NAME, as ip -n does (-n, and the
 * fabric builder's per-netns steps). Unlike ip netns exec it leaves the
 * mount namespace alone.
 */
int enter_netns(const char *name)
{
	char path[256];
	int fd;

	if (!*name || strchr(name, '/') ||
	    snprintf(path, sizeof(path), "/run/netns/%s", name) >=
	    (int)sizeof(path)) {
		fprintf(stderr, "Error: bad netns name \"%s\"\n", name);
		return -1;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "Error: netns \"%s\": %s\n", name, strerror(errno));
		return -1;
	}
	if (setns(fd, CLONE_NEWNET) < 0) {
		fprintf(stderr, "Error: setns to \"%s\": %s\n", name, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	size_t i;

	for (argc--, argv++; argc && argv[0][0] == '-'; argc--, argv++) {
		if (!strcmp(argv[0], "-j")) {
			opt_json = true;
		} else if (!strcmp(argv[0], "-s")) {
			opt_stats = true;
		} else if (!strcmp(argv[0], "-n")) {
			if (argc < 2) {
				fprintf(stderr, "Error: -n needs a netns name\n");
				return 1;
			}
			if (enter_netns(argv[1]))
				return 1;
			argc--;
			argv++;
		} else if (!strcmp(argv[0], "-h") || !strcmp(argv[0], "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[0], "-V") || !strcmp(argv[0], "--version")) {
			printf("snicctl %s, netlink family \"%s\" version %d\n",
			       SNIC_VERSION, SNIC_FAMILY_NAME, SNIC_FAMILY_VERSION);
			return 0;
		} else {
			fprintf(stderr, "Error: unknown option \"%s\"\n", argv[0]);
			usage(stderr);
			return 1;
		}
	}
	if (!argc) {
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[0], "help")) {
		usage(stdout);
		return 0;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[0], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "Error: unknown object \"%s\"\n", argv[0]);
	usage(stderr);
	return 1;
}
