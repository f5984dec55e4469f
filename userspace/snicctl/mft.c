// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl mft show SW
 * snicctl mft set SW mlid MLID ports P1,P2,...   (numbers or port devices)
 * snicctl mft del SW mlid MLID
 */
#include <stdio.h>
#include <string.h>

#include "snicctl.h"

static int print_entry(uint32_t mlid, uint64_t ports, void *arg)
{
	char list[256] = "";
	int i, n = 0;

	(void)arg;
	for (i = 0; i < 64; i++)
		if (ports & (1ULL << i))
			n += snprintf(list + n, sizeof(list) - n, "%s%d",
				      n ? "," : "", i + 1);
	out_begin_obj();
	out_hex("mlid", "mlid 0x%llx", mlid);
	out_str("ports", " ports %s", list);
	out_end_obj();
	return 0;
}

int do_mft(int argc, char **argv)
{
	bool set, del, has_mlid = false, has_ports = false;
	uint32_t sw, mlid = 0, v;
	uint64_t ports = 0;
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
		err = snic_mft_get(sw, print_entry, NULL);
		out_end_list();
		return err ? 1 : 0;
	}
	for (i = 2; i < argc; i += 2) {
		if (i + 1 >= argc)
			goto usage;
		if (!strcmp(argv[i], "mlid")) {
			if (parse_u32(argv[i + 1], &mlid))
				goto usage;
			has_mlid = true;
		} else if (set && !strcmp(argv[i], "ports")) {
			char *tok, *save = NULL;

			for (tok = strtok_r(argv[i + 1], ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				if (parse_u32(tok, &v))
					v = port_num_of(sw, tok);
				if (v < 1 || v > 64) {
					fprintf(stderr, "Error: \"%s\" is not a port of %s\n",
						tok, argv[1]);
					return 1;
				}
				ports |= 1ULL << (v - 1);
			}
			has_ports = true;
		} else {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	if (!has_mlid || (set && !has_ports))
		goto usage;
	err = set ? snic_mft_set(sw, mlid, ports) : snic_mft_del(sw, mlid);
	return err ? 1 : 0;

usage:
	fprintf(stderr,
		"Usage: snicctl mft show SW\n"
		"       snicctl mft set SW mlid MLID ports P1,P2,...\n"
		"       snicctl mft del SW mlid MLID\n");
	return 1;
}
