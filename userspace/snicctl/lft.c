// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl lft show SW
 * snicctl lft set SW dlid DLID port PORT|PORTDEV
 * snicctl lft del SW dlid DLID
 */
#include <stdio.h>
#include <string.h>

#include "snicctl.h"

static int print_entry(uint32_t dlid, uint32_t port, void *arg)
{
	(void)arg;
	out_begin_obj();
	out_hex("dlid", "dlid 0x%llx", dlid);
	out_u64("port", " port %llu", port);
	out_end_obj();
	return 0;
}

int do_lft(int argc, char **argv)
{
	bool set, del, has_dlid = false, has_port = false;
	uint32_t sw, dlid = 0, port = 0;
	int i, err;

	if (argc < 2)
		goto usage;
	set = !strcmp(argv[0], "set");
	del = !strcmp(argv[0], "del");
	if (!set && !del && strcmp(argv[0], "show"))
		goto usage;
	if (dev_index(argv[1], &sw))
		return 1;
	if (!set && !del) {
		if (argc != 2)
			goto usage;
		out_begin_list();
		err = snic_lft_get(sw, print_entry, NULL);
		out_end_list();
		return err ? 1 : 0;
	}
	for (i = 2; i < argc; i += 2) {
		if (i + 1 >= argc)
			goto usage;
		if (!strcmp(argv[i], "dlid")) {
			if (parse_u32(argv[i + 1], &dlid))
				goto usage;
			has_dlid = true;
		} else if (set && !strcmp(argv[i], "port")) {
			if (parse_u32(argv[i + 1], &port)) {
				port = port_num_of(sw, argv[i + 1]);
				if (!port) {
					fprintf(stderr,
						"Error: \"%s\" is not a port of %s\n",
						argv[i + 1], argv[1]);
					return 1;
				}
			}
			has_port = true;
		} else {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	if (!has_dlid || (set && !has_port))
		goto usage;
	err = set ? snic_lft_set(sw, dlid, port) : snic_lft_del(sw, dlid);
	return err ? 1 : 0;

usage:
	fprintf(stderr,
		"Usage: snicctl lft show SW\n"
		"       snicctl lft set SW dlid DLID port PORT|PORTDEV\n"
		"       snicctl lft del SW dlid DLID\n");
	return 1;
}
