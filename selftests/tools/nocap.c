// SPDX-License-Identifier: GPL-2.0
/* nocap CMD [ARGS]: run CMD as nobody (uid/gid 65534), without capabilities. */
#include <grp.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: nocap CMD [ARGS]\n");
		return 2;
	}
	if (setgroups(0, NULL) || setgid(65534) || setuid(65534)) {
		perror("nocap");
		return 1;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
