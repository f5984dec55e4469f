/* SPDX-License-Identifier: GPL-2.0 */
/* The host unit tests' KTAP check, shared by test_*.c. */
#ifndef _SNIC_UNIT_H
#define _SNIC_UNIT_H

#include <stdio.h>

extern int n, failed;

#define CHECK(cond, desc) do {						\
	n++;								\
	if (cond) {							\
		printf("ok %d %s\n", n, desc);				\
	} else {							\
		failed++;						\
		printf("not ok %d %s\n# %s:%d: %s\n", n, desc,		\
		       __FILE__, __LINE__, #cond);			\
	}								\
} while (0)

void test_credit(void);
void test_cca(void);
void test_arn(void);
void test_owed(void);
void test_maxmin(void);
void test_rate(void);

#endif
