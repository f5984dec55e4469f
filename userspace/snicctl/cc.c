// SPDX-License-Identifier: GPL-2.0
/*
 * CCA at a NIC.
 * Options of "dev set" (a snic):
 *   cc_pacing 0|1      react to BECNs (pace per DLID)
 *   ccti_increase N    CCTI added per BECN
 *   ccti_timer N       CCTI -1 every N x 1.024 us (fabric time); 0: never
 *   ccti_trigger N     CCTI that writes the congestion log
 *   ccti_min N, ccti_limit N
 *   cc_tracked N       DLIDs tracked (LRU)
 *   becn_window NS     BECN coalescing window, fabric ns
 *   cct E0,E1,...      the Congestion Control Table, entries shift:mult
 *                      (or a u16 shift << 14 | mult); entry 0 first
 *   cct_max_delay NS   a generated table instead, ccti_limit + 1 entries
 *                      rising to NS fabric ns for a 10 KB packet
 *   cc_sl SL:K=V,...   one SL's own settings over the port-wide ones, K
 *                      one of ccti_increase, ccti_timer, ccti_trigger,
 *                      ccti_min (again for another SL); dev show lists
 *                      the SLs whose settings differ from SL 0's
 * Options of "dev set" (a snicsw):
 *   sw_marking 0|1     the ports set FECN (1), or none does (0: CCA off
 *                      for the whole switch)
 *   sw_cc_thr T|T0,... sw_cc_buf BYTES sw_cc_pkt N|N0,... sw_cc_rate
 *   N|N0,... sw_cc_victim 0|1
 *                      the ports' default marking, as qdisc set's cc_*
 *                      (one value: every data VL): every port's sch_snic
 *                      takes it now, and every later one when made
 * snicctl cc show DEV  the tracked DLIDs: CCTI, IPD, BECNs, paced packets
 * snicctl cc log DEV   the congestion log, newest first: a NIC's (DLID,
 *                      CCTI, SL) or a switch's (SLID, DLID, SC, port)
 */
#include <stdio.h>
#include <string.h>

#include "snicctl.h"

static int cct_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_cc_cfg *cc = opt_cfg_of(c, o->nest);
	char *tok, *save = NULL, *colon;
	uint32_t sh, mult;
	int n = 0;

	for (tok = strtok_r(val, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n >= SNIC_CCT_MAX)
			return -1;
		colon = strchr(tok, ':');
		if (colon) {
			*colon = 0;
			if (parse_u32(tok, &sh) || sh > 3 ||
			    parse_u32(colon + 1, &mult) || mult > 0x3fff)
				return -1;
		} else {
			if (parse_u32(tok, &mult) || mult > 0xffff)
				return -1;
			sh = mult >> 14;
			mult &= 0x3fff;
		}
		c->cct[n].shift = sh;
		c->cct[n++].mult = mult;
	}
	/* none: the request would keep the table */
	if (!n)
		return -1;
	cc->cct = c->cct;
	cc->cct_len = n;
	return 0;
}

static const char *const cc_sl_keys[] = {
	"ccti_increase", "ccti_timer", "ccti_trigger", "ccti_min", NULL
};

/* "SL:K=V,...": an sl-setting of the request (the same SL again merges). */
static int cc_sl_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_cc_cfg *cc = opt_cfg_of(c, o->nest);
	char *tok, *save = NULL, *colon = strchr(val, ':'), *eq;
	struct snic_cc_sl *s;
	uint32_t sl, v;
	int k, i;

	if (!colon)
		return -1;
	*colon = 0;
	if (parse_u32(val, &sl) || sl >= SNIC_NUM_SL)
		return -1;
	for (i = 0; i < cc->nsl && cc->sl[i].sl != sl; i++)
		;
	if (i == cc->nsl)
		cc->nsl++;
	s = &cc->sl[i];
	s->sl = sl;
	for (tok = strtok_r(colon + 1, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		eq = strchr(tok, '=');
		if (!eq)
			return -1;
		*eq = 0;
		for (k = 0; cc_sl_keys[k] && strcmp(cc_sl_keys[k], tok); k++)
			;
		if (!cc_sl_keys[k] || parse_u32(eq + 1, &v) || v > 0xffff)
			return -1;
		switch (k) {
		case 0:
			s->has_increase = true;
			s->increase = v;
			break;
		case 1:
			s->has_timer = true;
			s->timer = v;
			break;
		case 2:
			s->has_trigger = true;
			s->trigger = v;
			break;
		default:
			s->has_min = true;
			s->min = v;
		}
	}
	return 0;
}

/* The SLs whose settings are not SL 0's, in cc_sl's syntax. */
static void cc_sl_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_cc_info *c = opt_info_of(i, o->nest);
	const struct snic_cc_sl *s0 = &c->sl[0], *s;
	int sl;

	if (!c->has_sl)
		return;
	out_begin_list_key(o->key);
	for (sl = 1; sl < SNIC_NUM_SL; sl++) {
		s = &c->sl[sl];
		if (s->increase == s0->increase && s->timer == s0->timer &&
		    s->trigger == s0->trigger && s->min == s0->min)
			continue;
		out_begin_obj();
		out_u64("sl", " cc_sl %llu", sl);
		out_u64("ccti_increase", ":ccti_increase=%llu", s->increase);
		out_u64("ccti_timer", ",ccti_timer=%llu", s->timer);
		out_u64("ccti_trigger", ",ccti_trigger=%llu", s->trigger);
		out_u64("ccti_min", ",ccti_min=%llu", s->min);
		if (opt_json)
			out_end_obj();
	}
	out_end_list_key();
}

/* The TX queues stopped now: "txq_stopped N,N" (none: nothing shown). */
static void txq_stopped_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_cc_info *c = &i->dev->cc;
	int n = c->nstopped < SNIC_CC_STOPPED_MAX ? c->nstopped :
						    SNIC_CC_STOPPED_MAX;

	if (!c->valid || (!c->nstopped && !opt_json))
		return;
	out_u64_list(o->key, c->stopped, n);
}

/* The u16 settings were u16 attributes once: the same values are taken. */
const struct opt cc_opts[] = {
	OPT_U32("cc_pacing", SNIC_A_CC, SNIC_A_CC_PACING, 0xff),
	OPT_U32("ccti_increase", SNIC_A_CC, SNIC_A_CC_INCREASE, 0xffff),
	OPT_U32("ccti_timer", SNIC_A_CC, SNIC_A_CC_TIMER, 0xffff),
	OPT_U32("ccti_trigger", SNIC_A_CC, SNIC_A_CC_TRIGGER, 0xffff),
	OPT_U32("ccti_min", SNIC_A_CC, SNIC_A_CC_MIN, 0xffff),
	OPT_U32("ccti_limit", SNIC_A_CC, SNIC_A_CC_LIMIT, 0xffff),
	OPT_U32("cc_tracked", SNIC_A_CC, SNIC_A_CC_MAX_TRACKED, 0),
	OPT_U32("becn_window", SNIC_A_CC, SNIC_A_CC_WINDOW, 0),
	OPT_U32("cct_max_delay", SNIC_A_CC, SNIC_A_CC_MAX_DELAY, 0),
	OPT_SHOW("cct_len", SNIC_A_CC, SNIC_A_CC_CCT_LEN),
	{ .kw = "cct", .nest = SNIC_A_CC, .attr = SNIC_A_CC_CCT_ENTRY,
	  .parse = cct_opt },
	{ .kw = "cc_sl", .key = "cc_sl", .nest = SNIC_A_CC,
	  .attr = SNIC_A_CC_SL_SETTING, .parse = cc_sl_opt,
	  .show = cc_sl_show },
	OPT_SHOW("cc_dlids", SNIC_A_CC, SNIC_A_CC_TRACKED),
	OPT_SHOW("cc_parked", SNIC_A_CC, SNIC_A_CC_PARKED),
	OPT_SHOW("cc_timer_late_ns", SNIC_A_CC, SNIC_A_CC_LATE_NS),
	OPT_SHOW("cc_timer_wakeups", SNIC_A_CC, SNIC_A_CC_LATE_N),
	OPT_SHOW("cc_timer_late_p50_ns", SNIC_A_CC, SNIC_A_CC_LATE_P50),
	OPT_SHOW("cc_timer_late_p99_ns", SNIC_A_CC, SNIC_A_CC_LATE_P99),
	OPT_SHOW("cc_timer_late_max_ns", SNIC_A_CC, SNIC_A_CC_LATE_MAX),
	{ .key = "txq_stopped", .nest = SNIC_A_CC,
	  .attr = SNIC_A_CC_TXQ_STOPPED, .show = txq_stopped_show },
	{ 0 }
};

static int print_dlid(const struct snic_cc_dlid_info *d, void *arg)
{
	(void)arg;
	out_begin_obj();
	out_u64("dlid", "dlid %llu", d->dlid);
	out_u64("sl", " sl %llu", d->sl);
	out_u64("ccti", " ccti %llu", d->ccti);
	out_u64("ipd_ns", " ipd_ns %llu", d->ipd);
	out_u64("becn", " becn %llu", d->becn);
	out_u64("paced", " paced %llu", d->paced);
	out_u64("early", " early %llu", d->early);
	if (d->has_becn_age) {
		out_u64("becn_first_age_ns", " becn_first_age_ns %llu",
			d->becn_first_age);
		out_u64("becn_last_age_ns", " becn_last_age_ns %llu",
			d->becn_last_age);
	}
	out_end_obj();
	return 0;
}

static int print_log(const struct snic_cc_log_info *l, void *arg)
{
	(void)arg;
	out_begin_obj();
	out_u64("time_ns", "time_ns %llu ", l->time);
	if (l->is_switch) {
		out_u64("slid", "slid %llu ", l->slid);
		out_u64("dlid", "dlid %llu", l->dlid);
		out_u64("sc", " sc %llu", l->sc);
		out_u64("port", " port %llu", l->port);
	} else {
		out_u64("dlid", "dlid %llu", l->dlid);
		out_u64("ccti", " ccti %llu", l->ccti);
		out_u64("sl", " sl %llu", l->sl);
	}
	out_end_obj();
	return 0;
}

/*
 * "N" (every data VL) or "N0,N1,..." (VL 0 first, VLs not named 0) into
 * @t, values at most @max; -1 if bad.
 */
static int vl_list(char *val, uint32_t *t, uint32_t max)
{
	char *tok, *save = NULL;
	uint32_t v;
	int n = 0, i;

	memset(t, 0, SNIC_NUM_VLS * sizeof(*t));
	for (tok = strtok_r(val, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n >= SNIC_NUM_VLS - 1 || parse_u32(tok, &v) || v > max)
			return -1;
		t[n++] = v;
	}
	if (n == 1)
		for (i = 1; i < SNIC_NUM_VLS - 1; i++)
			t[i] = t[0];
	return n ? 0 : -1;
}

/* sw_cc_thr, sw_cc_pkt, sw_cc_rate: the switch's default port marking. */
static int sw_cc_vl_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_sw_cc_cfg *sc = opt_cfg_of(c, o->nest);
	uint32_t t[SNIC_NUM_VLS];
	int i;

	if (vl_list(val, t, o->max))
		return -1;
	for (i = 0; i < SNIC_NUM_VLS; i++) {
		switch (o->attr) {
		case SNIC_A_SW_CC_PORT_THRESHOLD:
			sc->port_thr[i] = t[i];
			sc->has_port_thr = true;
			break;
		case SNIC_A_SW_CC_PORT_PKT_SIZE:
			sc->port_pkt[i] = t[i];
			sc->has_port_pkt = true;
			break;
		default:
			sc->port_rate[i] = t[i];
			sc->has_port_rate = true;
		}
	}
	return 0;
}

static void sw_cc_vl_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_sw_cc_info *sc = opt_info_of(i, o->nest);
	uint64_t v[SNIC_NUM_VLS - 1];
	int vl;

	if (!sc->has_port)
		return;
	for (vl = 0; vl < SNIC_NUM_VLS - 1; vl++)
		v[vl] = o->attr == SNIC_A_SW_CC_PORT_THRESHOLD ?
			sc->port_thr[vl] :
			o->attr == SNIC_A_SW_CC_PORT_PKT_SIZE ?
			sc->port_pkt[vl] : sc->port_rate[vl];
	out_u64_list(o->key, v, SNIC_NUM_VLS - 1);
}

/* sw_cc_buf and sw_cc_victim: shown only once a default is set. */
static void sw_cc_port_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_sw_cc_info *sc = opt_info_of(i, o->nest);

	if (sc->has_port)
		show_u64(o, i);
}

#define SW_CC_VL(k, a, m)	{ .kw = k, .key = k, .nest = SNIC_A_SW_CC, \
				  .attr = a, .parse = sw_cc_vl_opt, \
				  .show = sw_cc_vl_show, .max = m }
#define SW_CC_PORT(k, a, m)	{ .kw = k, .key = k, .nest = SNIC_A_SW_CC, \
				  .attr = a, .parse = opt_u32, \
				  .show = sw_cc_port_show, .max = m }

/* A switch's: dev set and dev show. */
const struct opt sw_cc_opts[] = {
	OPT_U32("sw_marking", SNIC_A_SW_CC, SNIC_A_SW_CC_MARKING, 1),
	OPT_SHOW("sw_cc_log_entries", SNIC_A_SW_CC, SNIC_A_SW_CC_LOG_ENTRIES),
	SW_CC_VL("sw_cc_thr", SNIC_A_SW_CC_PORT_THRESHOLD, 15),
	SW_CC_PORT("sw_cc_buf", SNIC_A_SW_CC_PORT_BUF, 0),
	SW_CC_VL("sw_cc_pkt", SNIC_A_SW_CC_PORT_PKT_SIZE, 0xffff),
	SW_CC_VL("sw_cc_rate", SNIC_A_SW_CC_PORT_MARK_RATE, 0xffff),
	SW_CC_PORT("sw_cc_victim", SNIC_A_SW_CC_PORT_VICTIM, 1),
	{ 0 }
};

int do_cc(int argc, char **argv)
{
	uint32_t ifindex;
	bool log;
	int err;

	if (argc != 2 || (strcmp(argv[0], "show") && strcmp(argv[0], "log"))) {
		fprintf(stderr, "Usage: snicctl cc show|log DEV\n");
		return 1;
	}
	log = !strcmp(argv[0], "log");
	if (dev_index(argv[1], &ifindex))
		return 1;
	out_begin_list();
	err = log ? snic_cc_log_get(ifindex, print_log, NULL) :
		    snic_cc_dlid_get(ifindex, print_dlid, NULL);
	out_end_list();
	return err ? 1 : 0;
}
