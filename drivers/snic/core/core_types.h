/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types for the kernel-independent core: the same sources build in the
 * kernel (snic.ko) and on the host (unit tests, fuzzers).
 */
#ifndef _SNIC_CORE_TYPES_H
#define _SNIC_CORE_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/math64.h>
#include <asm/byteorder.h>
#include <linux/export.h>

#define snic_div64(a, b)	div64_u64(a, b)
#define SNIC_READ_ONCE(x)	READ_ONCE(x)
#define SNIC_WRITE_ONCE(x, v)	WRITE_ONCE(x, v)
#else
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <endian.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int32_t s32;
typedef uint32_t __le32;

#define cpu_to_le32(x) htole32(x)
#define le32_to_cpu(x) le32toh(x)
#define snic_div64(a, b) ((uint64_t)(a) / (uint64_t)(b))
/* Fields read without the writer's lock (as READ_ONCE/WRITE_ONCE). */
#define SNIC_READ_ONCE(x)	__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define SNIC_WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
/* A core file built into one module may export to another. */
#define EXPORT_SYMBOL_GPL(sym)
#endif

#endif /* _SNIC_CORE_TYPES_H */
