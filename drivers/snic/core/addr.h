/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LID <-> MAC address mapping (kernel-independent).
 *
 * A snic device's MAC is 02:53:4e:LL:LL:LL: locally administered unicast,
 * "SN" in the OUI bytes, the 24-bit LID in the low three bytes. Frames to a
 * broadcast or multicast MAC go to the broadcast DLID; any other MAC has no
 * DLID (0).
 */
#ifndef _SNIC_CORE_ADDR_H
#define _SNIC_CORE_ADDR_H

#include "core_types.h"

#define SNIC_MAC_OUI0	0x02
#define SNIC_MAC_OUI1	0x53
#define SNIC_MAC_OUI2	0x4e

/* Keep in sync with include/uapi/linux/snic.h. */
#define SNIC_CORE_LID_UCAST_MAX	0xefffff
#define SNIC_CORE_LID_BCAST	0xf00000

static inline void snic_lid_to_mac(u32 lid, u8 *mac)
{
	mac[0] = SNIC_MAC_OUI0;
	mac[1] = SNIC_MAC_OUI1;
	mac[2] = SNIC_MAC_OUI2;
	mac[3] = lid >> 16;
	mac[4] = lid >> 8;
	mac[5] = lid;
}

/* DLID for a destination MAC, 0 if the MAC names no fabric endpoint. */
static inline u32 snic_mac_to_dlid(const u8 *mac)
{
	u32 lid;

	if (mac[0] & 1)
		return SNIC_CORE_LID_BCAST;
	if (mac[0] != SNIC_MAC_OUI0 || mac[1] != SNIC_MAC_OUI1 ||
	    mac[2] != SNIC_MAC_OUI2)
		return 0;
	lid = (u32)mac[3] << 16 | (u32)mac[4] << 8 | mac[5];
	return lid <= SNIC_CORE_LID_UCAST_MAX ? lid : 0;
}

#endif /* _SNIC_CORE_ADDR_H */
