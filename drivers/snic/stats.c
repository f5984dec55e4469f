// SPDX-License-Identifier: GPL-2.0
/*
 * Counters. Every snic object counts into per-CPU u64 arrays indexed by
 * enum snic_stat (include/uapi/linux/snic.h); readers sum them. The same
 * array feeds ndo_get_stats64 (the rtnl_link_stats64 subset: packets and
 * bytes, the drops folded), ethtool -S (every other counter, fixed set,
 * survives down/up) and netlink dumps (a device's as ethtool's, a switch
 * port's all of them: a port is not a device of ours).
 */
#include <linux/ethtool.h>
#include <net/netlink.h>

#include "snic.h"
#include "core/stat_names.h"

/*
 * ethtool -S shows a device's counters from the first that
 * rtnl_link_stats64 does not carry (packets and bytes go through
 * ndo_get_stats64 only).
 */
#define SNIC_STAT_NAMED		(SNIC_STAT_COUNT - SNIC_STAT_DEV_FIRST)

int snic_stats_init(struct snic_stats *s)
{
	int cpu;

	s->pcpu = alloc_percpu(struct snic_pcpu_stats);
	if (!s->pcpu)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		u64_stats_init(&per_cpu_ptr(s->pcpu, cpu)->syncp);
	return 0;
}

void snic_stats_free(struct snic_stats *s)
{
	free_percpu(s->pcpu);
	s->pcpu = NULL;
}

/*
 * From any context: the datapath (softirq), timers, and process context
 * with BHs on (netlink, notifier calls). On 32-bit a writer that a
 * softirq interrupts on the same CPU would leave the sequence count odd
 * for good: the irqsave variant keeps writers apart there (on 64-bit it
 * costs nothing, the counters are local64).
 */
void snic_stats_add(struct snic_stats *s, enum snic_stat idx, u64 val)
{
	struct snic_pcpu_stats *p = get_cpu_ptr(s->pcpu);
	unsigned long flags;

	flags = u64_stats_update_begin_irqsave(&p->syncp);
	u64_stats_add(&p->ctr[idx], val);
	u64_stats_update_end_irqrestore(&p->syncp, flags);
	put_cpu_ptr(s->pcpu);
}

/* Add @s's totals into @out (SNIC_STAT_COUNT entries). */
void snic_stats_read(const struct snic_stats *s, u64 *out)
{
	int cpu, i;

	for_each_possible_cpu(cpu) {
		const struct snic_pcpu_stats *p = per_cpu_ptr(s->pcpu, cpu);
		u64 v[SNIC_STAT_COUNT];
		unsigned int start;

		do {
			start = u64_stats_fetch_begin(&p->syncp);
			for (i = SNIC_STAT_RX_PACKETS; i < SNIC_STAT_COUNT; i++)
				v[i] = u64_stats_read(&p->ctr[i]);
		} while (u64_stats_fetch_retry(&p->syncp, start));
		for (i = SNIC_STAT_RX_PACKETS; i < SNIC_STAT_COUNT; i++)
			out[i] += v[i];
	}
}

void snic_stats_to_link(const u64 *c, struct rtnl_link_stats64 *st)
{
	st->rx_packets = c[SNIC_STAT_RX_PACKETS];
	st->rx_bytes = c[SNIC_STAT_RX_BYTES];
	st->tx_packets = c[SNIC_STAT_TX_PACKETS];
	st->tx_bytes = c[SNIC_STAT_TX_BYTES];
	st->rx_length_errors = c[SNIC_STAT_RX_DROP_TRUNCATED] +
			       c[SNIC_STAT_RX_DROP_BAD_LEN] +
			       c[SNIC_STAT_RX_DROP_BAD_PAD] +
			       c[SNIC_STAT_RX_DROP_BAD_INNER];
	st->rx_frame_errors = c[SNIC_STAT_RX_DROP_BAD_L2];
	st->rx_errors = st->rx_length_errors + st->rx_frame_errors;
	st->rx_dropped = c[SNIC_STAT_RX_DROP_UNKNOWN_L4] +
			 c[SNIC_STAT_RX_DROP_BAD_DLID] +
			 c[SNIC_STAT_FWD_DROP_NO_ROUTE] +
			 c[SNIC_STAT_FWD_DROP_LOOP] +
			 c[SNIC_STAT_FWD_DROP_NOMEM] +
			 c[SNIC_STAT_RX_DROP_DEV_DOWN] +
			 c[SNIC_STAT_RX_DROP_MGMT_SHORT] +
			 c[SNIC_STAT_RX_DROP_MGMT_VERSION] +
			 c[SNIC_STAT_RX_DROP_MGMT_TYPE] +
			 c[SNIC_STAT_RX_DROP_MGMT_FIELD] +
			 c[SNIC_STAT_RX_DROP_ARN_SHORT] +
			 c[SNIC_STAT_RX_DROP_ARN_VERSION] +
			 c[SNIC_STAT_RX_DROP_ARN_TYPE] +
			 c[SNIC_STAT_RX_DROP_ARN_FIELD] +
			 c[SNIC_STAT_RX_DROP_ARN_GROUP] +
			 c[SNIC_STAT_RX_DROP_ARN_SELF];
	st->tx_dropped = c[SNIC_STAT_TX_DROP_NO_DLID] +
			 c[SNIC_STAT_TX_DROP_NOMEM] +
			 c[SNIC_STAT_TX_DROP_TOO_BIG] +
			 c[SNIC_STAT_TX_DROP_LINK_DOWN] +
			 c[SNIC_STAT_FWD_DROP_EGRESS] +
			 c[SNIC_STAT_TX_DROP_NO_LID] +
			 c[SNIC_STAT_FWD_DROP_QDISC] +
			 c[SNIC_STAT_TX_DROP_LOWER] +
			 c[SNIC_STAT_TX_DROP_PACED_FLUSH];
}

/* Totals of a snic or snicsw device (a switch sums its ports). */
void snic_dev_stats(struct net_device *dev, u64 *c)
{
	memset(c, 0, sizeof(u64) * SNIC_STAT_COUNT);
	if (snic_is_nic(dev)) {
		struct snic_nic *nic = netdev_priv(dev);

		snic_stats_read(&nic->stats, c);
	} else {
		struct snic_switch *sw = netdev_priv(dev);
		struct snic_port *port;

		snic_stats_read(&sw->stats, c);
		rcu_read_lock();
		list_for_each_entry_rcu(port, &sw->ports, node)
			snic_stats_read(&port->stats, c);
		rcu_read_unlock();
	}
}

/*
 * A NIC's TX queues, after the fixed set: tx_queue_N_stalls, the heads
 * held there for a paced DLID (the first half of the queues are open
 * and never stall, cc.c).
 */
static unsigned int snic_stat_txqs(struct net_device *dev)
{
	struct snic_nic *nic = netdev_priv(dev);

	return snic_is_nic(dev) ? nic->cc.nheld : 0;
}

static void snic_get_strings(struct net_device *dev, u32 sset, u8 *buf)
{
	unsigned int q;
	int i;

	if (sset != ETH_SS_STATS)
		return;
	for (i = SNIC_STAT_DEV_FIRST; i < SNIC_STAT_COUNT; i++)
		ethtool_sprintf(&buf, "%s", snic_stat_name[i]);
	for (q = 0; q < snic_stat_txqs(dev); q++)
		ethtool_sprintf(&buf, "tx_queue_%u_stalls", q);
}

static int snic_get_sset_count(struct net_device *dev, int sset)
{
	if (sset != ETH_SS_STATS)
		return -EOPNOTSUPP;
	return SNIC_STAT_NAMED + snic_stat_txqs(dev);
}

static void snic_get_ethtool_stats(struct net_device *dev,
				   struct ethtool_stats *stats, u64 *data)
{
	unsigned int q, nq = snic_stat_txqs(dev);
	u64 c[SNIC_STAT_COUNT];

	snic_dev_stats(dev, c);
	memcpy(data, &c[SNIC_STAT_DEV_FIRST], SNIC_STAT_NAMED * sizeof(u64));
	for (q = 0; q < nq; q++) {
		struct snic_nic *nic = netdev_priv(dev);

		data[SNIC_STAT_NAMED + q] = snic_cc_stalls(&nic->cc, q);
	}
}

static void snic_get_drvinfo(struct net_device *dev,
			     struct ethtool_drvinfo *info)
{
	strscpy(info->driver, snic_is_nic(dev) ? "snic" : "snicsw",
		sizeof(info->driver));
}

const struct ethtool_ops snic_ethtool_ops = {
	.get_drvinfo		= snic_get_drvinfo,
	.get_link		= ethtool_op_get_link,
	.get_strings		= snic_get_strings,
	.get_sset_count		= snic_get_sset_count,
	.get_ethtool_stats	= snic_get_ethtool_stats,
};

void snic_dev_get_stats64(struct net_device *dev,
			  struct rtnl_link_stats64 *st)
{
	u64 c[SNIC_STAT_COUNT];

	snic_dev_stats(dev, c);
	snic_stats_to_link(c, st);
}
