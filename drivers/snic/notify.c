// SPDX-License-Identifier: GPL-2.0
/*
 * snic: notifications to the generic netlink "events" group.
 *
 * Events happen where no message may be built or sent: in the datapath,
 * under the qdisc's root lock, in timers, under the NIC's pacing lock and
 * the switch's AR lock. So an event is taken down as it happens (the
 * device, a type and up to SNIC_A_EVENT_MAX values: snic_ev_new() and
 * snic_ev_put()), queued (snic_ev_queue()), and a work item builds the
 * messages and multicasts them, in the order they were queued, to the
 * events group of the device's namespace.
 *
 * Nothing is taken down while nobody listens (genl_has_listeners() says
 * whether any socket of any namespace joined the group). Each
 * device (NIC, switch, switch port) has a rate limit, SNIC_EV_BURST events
 * a second; an event over it, or one that finds no memory, is counted in
 * the device's events_suppressed. The queue holds at most SNIC_EV_QMAX
 * events (a listener that does not keep up loses what its socket cannot
 * hold, as with any netlink multicast).
 *
 * Each queued event holds a reference on its namespace. snic_ev_stop()
 * (module exit, before the family goes) stops the queueing and flushes.
 */
#include <linux/ratelimit.h>
#include <linux/workqueue.h>
#include <net/genetlink.h>
#include <net/net_namespace.h>

#include "snic.h"
#include "netlink.h"
#include "netlink-gen.h"

#define SNIC_EV_QMAX	4096

struct snic_ev {
	struct list_head node;
	struct net *net;		/* held */
	int ifindex;
	char ifname[IFNAMSIZ];
	u64 mask;			/* BIT_ULL(attr): v[attr] is set */
	u64 v[SNIC_A_EVENT_MAX + 1];
};

static struct {
	spinlock_t lock;		/* all below */
	struct list_head list;
	unsigned int n;
	bool on;
} snic_evq = {
	.lock = __SPIN_LOCK_UNLOCKED(snic_evq.lock),
	.list = LIST_HEAD_INIT(snic_evq.list),
};

static void snic_ev_work(struct work_struct *work);
static DECLARE_WORK(snic_ev_worker, snic_ev_work);

void snic_ev_limit_init(struct ratelimit_state *rs)
{
	ratelimit_state_init(rs, HZ, SNIC_EV_BURST);
	/* Suppression is counted, not logged. */
	ratelimit_set_flags(rs, RATELIMIT_MSG_ON_RELEASE);
}

/* Does anyone listen to the events of @dev's namespace? */
bool snic_ev_wanted(struct net_device *dev)
{
	return READ_ONCE(snic_evq.on) &&
	       genl_has_listeners(&snic_genl_family, dev_net(dev),
				  SNIC_NLGRP_EVENTS);
}

/*
 * An event of @type about @dev at fabric time @ftime, to fill in and
 * queue; NULL when nobody listens in @dev's namespace, or when the
 * device's limit @rs holds it back or there is no memory (both counted
 * in @stats). Any context.
 */
struct snic_ev *snic_ev_new(struct net_device *dev, struct ratelimit_state *rs,
			    struct snic_stats *stats, u32 type, u64 ftime)
{
	struct snic_ev *e;

	if (!snic_ev_wanted(dev))
		return NULL;
	if (!__ratelimit(rs))
		goto suppressed;
	e = kzalloc(sizeof(*e), GFP_ATOMIC);
	if (!e)
		goto suppressed;
	e->net = maybe_get_net(dev_net(dev));
	if (!e->net) {			/* the namespace is going */
		kfree(e);
		return NULL;
	}
	e->ifindex = dev->ifindex;
	strscpy(e->ifname, dev->name, IFNAMSIZ);
	snic_ev_put(e, SNIC_A_EVENT_TYPE, type);
	snic_ev_put(e, SNIC_A_EVENT_FTIME, ftime);
	return e;

suppressed:
	snic_count(stats, SNIC_STAT_EVENTS_SUPPRESSED);
	return NULL;
}

void snic_ev_put(struct snic_ev *e, int attr, u64 v)
{
	BUILD_BUG_ON(SNIC_A_EVENT_MAX >= 64);	/* the mask */
	if (WARN_ON_ONCE(attr <= 0 || attr > SNIC_A_EVENT_MAX))
		return;
	e->v[attr] = v;
	e->mask |= BIT_ULL(attr);
}

static void snic_ev_free(struct snic_ev *e)
{
	put_net(e->net);
	kfree(e);
}

/* Queue @e (from snic_ev_new()) for sending; counted in @stats if not. */
void snic_ev_queue(struct snic_ev *e, struct snic_stats *stats)
{
	unsigned long flags;
	bool queued = false;

	spin_lock_irqsave(&snic_evq.lock, flags);
	if (snic_evq.on && snic_evq.n < SNIC_EV_QMAX) {
		list_add_tail(&e->node, &snic_evq.list);
		snic_evq.n++;
		/* Under the lock: snic_ev_stop() cancels it after. */
		schedule_work(&snic_ev_worker);
		queued = true;
	}
	spin_unlock_irqrestore(&snic_evq.lock, flags);
	if (queued)
		return;
	snic_count(stats, SNIC_STAT_EVENTS_SUPPRESSED);
	snic_ev_free(e);
}

/*
 * The fabric link of @dev (a port, or a NIC) may have changed: @up
 * (running, with carrier). An event if it did since the last one
 * (*@last, RTNL), about @lid's port @port (0: a NIC).
 */
void snic_ev_link(struct net_device *dev, struct ratelimit_state *rs,
		  struct snic_stats *stats, bool *last, bool up, u32 lid,
		  u32 port, u64 ftime)
{
	struct snic_ev *e;

	if (up == *last)
		return;
	*last = up;
	e = snic_ev_new(dev, rs, stats, up ? SNIC_EVENT_TYPE_LINK_UP :
					     SNIC_EVENT_TYPE_LINK_DOWN, ftime);
	if (!e)
		return;
	snic_ev_put(e, SNIC_A_EVENT_LID, lid);
	if (port)
		snic_ev_put(e, SNIC_A_EVENT_PORT, port);
	snic_ev_queue(e, stats);
}

/* The attributes' types; the others are u32. */
static bool snic_ev_is_u64(int attr)
{
	return attr == SNIC_A_EVENT_FTIME || attr == SNIC_A_EVENT_PORTS;
}

static bool snic_ev_is_flag(int attr)
{
	return attr == SNIC_A_EVENT_GLOBAL || attr == SNIC_A_EVENT_RELAY;
}

static int snic_ev_fill(struct sk_buff *skb, const struct snic_ev *e)
{
	struct nlattr *nest;
	int attr, err = 0;

	if (nla_put_u32(skb, SNIC_A_IFINDEX, e->ifindex) ||
	    nla_put_string(skb, SNIC_A_IFNAME, e->ifname))
		return -EMSGSIZE;
	nest = nla_nest_start(skb, SNIC_A_EVENT);
	if (!nest)
		return -EMSGSIZE;
	for (attr = 1; attr <= SNIC_A_EVENT_MAX && !err; attr++) {
		if (!(e->mask & BIT_ULL(attr)))
			continue;
		if (snic_ev_is_flag(attr))
			err = e->v[attr] ? nla_put_flag(skb, attr) : 0;
		else if (snic_ev_is_u64(attr))
			err = nla_put_u64_64bit(skb, attr, e->v[attr],
						SNIC_A_EVENT_PAD);
		else
			err = nla_put_u32(skb, attr, (u32)e->v[attr]);
	}
	if (err)
		return err;
	nla_nest_end(skb, nest);
	return 0;
}

static void snic_ev_send(const struct snic_ev *e)
{
	struct sk_buff *skb;
	void *hdr;

	skb = genlmsg_new(nla_total_size(sizeof(u32)) +
			  nla_total_size(IFNAMSIZ) +
			  nla_total_size(0) +
			  SNIC_A_EVENT_MAX * nla_total_size_64bit(sizeof(u64)),
			  GFP_KERNEL);
	if (!skb)
		return;
	hdr = genlmsg_put(skb, 0, 0, &snic_genl_family, 0, SNIC_CMD_EVENT_NTF);
	if (!hdr || snic_ev_fill(skb, e)) {
		nlmsg_free(skb);
		return;
	}
	genlmsg_end(skb, hdr);
	genlmsg_multicast_netns(&snic_genl_family, e->net, skb, 0,
				SNIC_NLGRP_EVENTS, GFP_KERNEL);
}

static void snic_ev_work(struct work_struct *work)
{
	struct snic_ev *e, *tmp;
	LIST_HEAD(list);

	spin_lock_irq(&snic_evq.lock);
	list_splice_init(&snic_evq.list, &list);
	snic_evq.n = 0;
	spin_unlock_irq(&snic_evq.lock);
	list_for_each_entry_safe(e, tmp, &list, node) {
		snic_ev_send(e);
		snic_ev_free(e);
	}
}

/* The family is registered: events may be queued. */
void snic_ev_start(void)
{
	spin_lock_irq(&snic_evq.lock);
	snic_evq.on = true;
	spin_unlock_irq(&snic_evq.lock);
}

/* Before the family goes: no more queueing, and the queue flushed. */
void snic_ev_stop(void)
{
	spin_lock_irq(&snic_evq.lock);
	snic_evq.on = false;
	spin_unlock_irq(&snic_evq.lock);
	cancel_work_sync(&snic_ev_worker);
	snic_ev_work(NULL);
}
