// SPDX-License-Identifier: GPL-2.0
/*
 * Output for snicctl: every subcommand prints through these calls, which
 * write either "key value" text or JSON (-j), as iproute2's print_* do.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "snicctl.h"

static int depth;
static int first[16] = { 1 };

static void sep(void)
{
	if (!first[depth])
		putchar(',');
	first[depth] = 0;
}

/*
 * @s as a JSON string: quotes, backslashes and control characters
 * escaped (names come from the kernel, description files and the command
 * line: a stray one must not break a consumer's parser); other bytes,
 * UTF-8 included, as they are.
 */
static void json_string(const char *s)
{
	const unsigned char *p;

	putchar('"');
	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", stdout);
			break;
		case '\\':
			fputs("\\\\", stdout);
			break;
		case '\b':
			fputs("\\b", stdout);
			break;
		case '\f':
			fputs("\\f", stdout);
			break;
		case '\n':
			fputs("\\n", stdout);
			break;
		case '\r':
			fputs("\\r", stdout);
			break;
		case '\t':
			fputs("\\t", stdout);
			break;
		default:
			if (*p < 0x20)
				printf("\\u%04x", *p);
			else
				putchar(*p);
		}
	}
	putchar('"');
}

static void key(const char *k)
{
	sep();
	if (k) {
		json_string(k);
		putchar(':');
	}
}

static void open_(char c)
{
	putchar(c);
	if (depth < 15)
		first[++depth] = 1;
}

/* A new document: the next item is the first of its level (JSON lines). */
void out_reset(void)
{
	depth = 0;
	first[0] = 1;
}

void out_begin_list(void)
{
	if (opt_json)
		open_('[');
}

void out_end_list(void)
{
	if (opt_json) {
		depth--;
		printf("]\n");
	}
}

void out_begin_list_key(const char *k)
{
	if (opt_json) {
		key(k);
		open_('[');
	}
}

/* The end of a list of out_begin_list_key() that the object goes on
 * after on the same line (out_end_list() ends the line).
 */
void out_end_list_key(void)
{
	if (opt_json) {
		depth--;
		putchar(']');
	}
}

void out_begin_obj(void)
{
	if (opt_json) {
		key(NULL);
		open_('{');
	}
}

void out_end_obj(void)
{
	if (opt_json) {
		depth--;
		putchar('}');
	} else {
		putchar('\n');
	}
}

void out_begin_sub(const char *k)
{
	if (opt_json) {
		key(k);
		open_('{');
	} else {
		printf("\n    %s:", k);
	}
}

void out_end_sub(void)
{
	if (opt_json) {
		depth--;
		putchar('}');
	}
}

void out_nl(void)
{
	if (!opt_json)
		printf("\n   ");
}

void out_str(const char *k, const char *fmt, const char *v)
{
	if (opt_json) {
		key(k);
		json_string(v);
	} else {
		printf(fmt, v);
	}
}

void out_num(const char *k, const char *fmt, const char *v)
{
	if (opt_json) {
		key(k);
		fputs(v, stdout);
	} else {
		printf(fmt, v);
	}
}

void out_u64(const char *k, const char *fmt, uint64_t v)
{
	if (opt_json) {
		key(k);
		printf("%" PRIu64, v);
	} else {
		printf(fmt, v);
	}
}

void out_s64(const char *k, const char *fmt, int64_t v)
{
	if (opt_json) {
		key(k);
		printf("%" PRId64, v);
	} else {
		printf(fmt, (long long)v);
	}
}

void out_hex(const char *k, const char *fmt, uint64_t v)
{
	out_u64(k, fmt, v);
}

/* A list of numbers: "k":[v,...] as JSON, " k v,v,..." as text. */
static void num_list_begin(const char *k)
{
	if (opt_json) {
		key(k);
		putchar('[');
	} else {
		printf(" %s ", k);
	}
}

static void num_list_end(void)
{
	if (opt_json)
		putchar(']');
}

void out_table(const char *k, const uint8_t *t, int n)
{
	int i;

	num_list_begin(k);
	for (i = 0; i < n; i++)
		printf("%s%u", i ? "," : "", t[i]);
	num_list_end();
}

void out_u64_list(const char *k, const uint64_t *v, int n)
{
	int i;

	num_list_begin(k);
	for (i = 0; i < n; i++)
		printf("%s%" PRIu64, i ? "," : "", v[i]);
	num_list_end();
}

/* Fractions, four decimals. */
void out_frac_list(const char *k, const double *v, int n)
{
	int i;

	num_list_begin(k);
	for (i = 0; i < n; i++)
		printf("%s%.4f", i ? "," : "", v[i]);
	num_list_end();
}
