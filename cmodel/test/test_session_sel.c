/*
 * test_session_sel.c - unit tests of the session_sel C model (cmodel/session_sel.{h,c}) under
 * ASan/UBSan. Expected values come from the rules of docs/session_sel.md, computed here
 * independently (closed forms, hand-worked recurrences), never from the model's own output.
 */
#include <stdlib.h>
#include <string.h>

#include "session_sel.h"
#include "tinytest.h"

static struct session_sel_model M;

static void setup(void) {
    const struct ss_cfg c = {8, 4, 16};
    CHECK_EQ(session_sel_init(&M, &c), SS_OK);
}
static void wr(uint32_t a, uint32_t d) { CHECK_EQ(session_sel_csr_write(&M, a, d, 0xf), SS_OK); }
static uint32_t rd(uint32_t a) {
    int e = 0;
    uint32_t v = session_sel_csr_read(&M, a, &e);
    CHECK_EQ(e, 0);
    return v;
}
/* group g: n sessions with software weights w[], QP q attached */
static void group(unsigned g, unsigned n, const uint32_t *w, unsigned q, uint32_t qpctrl_extra) {
    wr(SS_CSR_GRP(g, SS_GRP_SRC_IP), 0x0a000001u + g);
    wr(SS_CSR_GRP(g, SS_GRP_DST_IP), 0x0a000101u + g);
    wr(SS_CSR_GRP(g, SS_GRP_DQPN), 0x100 + g);
    wr(SS_CSR_GRP(g, SS_GRP_CTRL), w ? 1 : 0);
    for (unsigned i = 0; i < n; i++) {
        const unsigned t = g * 8 + i;
        wr(SS_CSR_SESS(t, SS_SESS_PORTS), (0xc000u + t) | ((0x4000u + t) << 16));
        if (w) wr(SS_CSR_SESS(t, SS_SESS_WSW), w[i]);
        wr(SS_CSR_SESS(t, SS_SESS_STATE), SS_ACTIVE);
    }
    wr(SS_CSR_QP(q), 1u | (g << 4) | qpctrl_extra);
}
static struct ss_out send(unsigned q, uint32_t dqpn, uint32_t key, unsigned first) {
    struct ss_desc d = {q, dqpn, key, first, 64};
    struct ss_out o;
    CHECK_EQ(session_sel_push_desc(&M, &d), SS_OK);
    CHECK_EQ(session_sel_pop_desc(&M, &o), 1);
    return o;
}
static void ticks(unsigned n) { /* tick period 1 cycle after TICK = 0 */
    for (unsigned i = 0; i < n; i++) session_sel_clock(&M);
}

static void t_init_params(void) {
    struct ss_cfg c = {6, 4, 16};
    CHECK_EQ(session_sel_init(&M, &c), SS_EINVAL);
    c.max_sessions = 32;
    CHECK_EQ(session_sel_init(&M, &c), SS_EINVAL);
    setup();
    CHECK_EQ(rd(SS_CSR_ID), 0x5353454cu);
    CHECK_EQ(rd(SS_CSR_PARAMS), 8u | (4u << 8) | (16u << 16));
}

static void t_mix16_bijective(void) {
    unsigned char *seen = calloc(65536, 1);
    unsigned dup = 0;
    for (uint32_t x = 0; x < 65536; x++) {
        const uint32_t y = session_sel_mix16(x);
        CHECK(y < 65536);
        dup += seen[y];
        seen[y] = 1;
    }
    CHECK_EQ(dup, 0);
    free(seen);
}

/* Over one full period of 2^16 sequential keys, session i gets exactly
 * ceil(P_i*2^16/W) - ceil(P_{i-1}*2^16/W) packets (doc section 3.3). */
static void t_exact_shares(void) {
    setup();
    const uint32_t w[8] = {255, 128, 64, 31, 17, 9, 5, 4};
    group(0, 8, w, 0, 0);
    uint32_t cnt[8] = {0};
    for (uint32_t k = 0; k < 65536; k++) {
        struct ss_out o = send(0, 0x100, k, 1);
        CHECK_EQ(o.status, SS_ST_OK);
        cnt[o.sess & 7]++;
    }
    uint64_t W = 0, P = 0;
    for (int i = 0; i < 8; i++) W += w[i];
    for (int i = 0; i < 8; i++) {
        const uint64_t lo = (P * 65536 + W - 1) / W;
        P += w[i];
        const uint64_t hi = (P * 65536 + W - 1) / W;
        CHECK_EQ(cnt[i], hi - lo);
        CHECK_EQ(rd(SS_CSR_SESS(i, SS_SESS_PKTS)), cnt[i]);
    }
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_DECISIONS)), 65536);
}

static void t_errors(void) {
    setup();
    const uint32_t w[2] = {10, 10};
    group(1, 2, w, 3, 0);
    struct ss_out o = send(3, 0x999, 1, 1);
    CHECK_EQ(o.status, SS_ST_DQPN);
    CHECK_EQ(o.sport, 0);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_DQPN_MISMATCH)), 1);
    o = send(4, 0x101, 1, 1);
    CHECK_EQ(o.status, SS_ST_QP_INVALID);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_QP_INVALID)), 1);
    wr(SS_CSR_SESS(8, SS_SESS_STATE), SS_DRAINING);
    wr(SS_CSR_SESS(9, SS_SESS_WSW), 0);
    o = send(3, 0x101, 1, 1);
    CHECK_EQ(o.status, SS_ST_NO_SESSION);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_NO_SESSION)), 1);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_DECISIONS)), 0);
    CHECK_EQ(rd(SS_CSR_SESS(8, SS_SESS_PKTS)) + rd(SS_CSR_SESS(9, SS_SESS_PKTS)), 0);
    /* CSR errors: read-only, unmapped, partial strobe */
    CHECK_EQ(session_sel_csr_write(&M, SS_CSR_ID, 1, 0xf), SS_CSR_ERR);
    CHECK_EQ(session_sel_csr_write(&M, 0x1ff0, 1, 0xf), SS_CSR_ERR);
    CHECK_EQ(session_sel_csr_write(&M, SS_CSR_TICK, 1, 0x3), SS_CSR_ERR);
    CHECK_EQ(rd(SS_CSR_TICK), 63);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_CSR_ERR)), 3);
    int e = 0;
    CHECK_EQ(session_sel_csr_read(&M, 0x3000, &e), 0);
    CHECK_EQ(e, 1);
}

static void t_tos_and_fields(void) {
    setup();
    const uint32_t w[1] = {1};
    group(2, 1, w, 5, 1u << 16);      /* AR class */
    wr(SS_CSR_QP(6), 1u | (2u << 4)); /* default class */
    wr(SS_CSR_TOS, 0x2e | (0x1a << 8) | (1u << 16));
    struct ss_out o = send(5, 0x102, 7, 1);
    CHECK_EQ(o.status, SS_ST_OK);
    CHECK_EQ(o.sess, 0);
    CHECK_EQ(o.sport, 0xc010);
    CHECK_EQ(o.dport, 0x4010);
    CHECK_EQ(o.src_ip, 0x0a000003);
    CHECK_EQ(o.dst_ip, 0x0a000103);
    CHECK_EQ(o.tos, (0x2eu << 2) | 1u);
    o = send(6, 0x102, 7, 1);
    CHECK_EQ(o.tos, (0x1au << 2) | 1u);
}

/* lowest-weight mode ([0044]): the highest selection weight = lowest congestion wins, ties to
 * the lowest index */
static void t_lowest(void) {
    setup();
    const uint32_t w[4] = {5, 9, 9, 2};
    group(0, 4, w, 0, 1u << 12);
    for (uint32_t k = 0; k < 100; k++) CHECK_EQ(send(0, 0x100, k * 7919, 1).sess, 1);
}

/* per-message: all packets of a message on one session; sticky: constant per QP */
static void t_granularity(void) {
    setup();
    const uint32_t w[4] = {50, 50, 50, 50};
    group(0, 4, w, 0, SS_GRAN_MESSAGE << 8);
    unsigned changes = 0, prev = 9;
    for (uint32_t k = 0; k < 400; k++) {
        const unsigned first = (k % 10) == 0;
        const unsigned s = send(0, 0x100, k * 2654435761u, first).sess;
        if (!first) CHECK_EQ(s, prev);
        changes += s != prev;
        prev = s;
    }
    CHECK(changes > 10);
    /* the session of the current message disappears: remapped, counted */
    wr(SS_CSR_SESS(prev, SS_SESS_STATE), SS_INVALID);
    CHECK(send(0, 0x100, 12345, 0).sess != prev);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_MSG_REMAP)), 1);
    wr(SS_CSR_QP(1), 1u | (SS_GRAN_STICKY << 8));
    const unsigned s0 = send(1, 0x100, 1, 1).sess;
    for (uint32_t k = 0; k < 100; k++) CHECK_EQ(send(1, 0x100, k * 31337, k & 1).sess, s0);
}

/* congestion engine: alpha recurrence with G = 4, and the RTT normalisation */
static void t_engine(void) {
    setup();
    group(0, 2, NULL, 0, 0);
    wr(SS_CSR_TICK, 0);
    struct ss_fb cnp = {SS_FB_CNP, 0, 0, 0};
    uint32_t a = 0;
    for (int i = 0; i < 20; i++) {
        session_sel_push_fb(&M, &cnp);
        ticks(1);
        a = a + ((1023 - a) >> 4);
        CHECK_EQ(rd(SS_CSR_SESS(0, SS_SESS_ALPHA)), a);
    }
    CHECK(a > 600);
    CHECK_EQ(rd(SS_CSR_SESS(0, SS_SESS_SELW)), 255 - (a >> 2));
    for (int i = 0; i < 200; i++) {
        ticks(1);
        const uint32_t d = a >> 4;
        a = d ? a - d : 0;
        CHECK_EQ(rd(SS_CSR_SESS(0, SS_SESS_ALPHA)), a);
    }
    CHECK_EQ(a, 0);
    /* RTT: rtt_min 100, K 512, S 4: c = ((v-100)*512)>>4 = (v-100)*32, saturating at 1023 */
    wr(SS_CSR_RTT_MIN, 100);
    wr(SS_CSR_RTT_CFG, 512 | (4u << 16));
    struct ss_fb r = {SS_FB_RTT, 0, 1, 90};
    session_sel_push_fb(&M, &r);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_CRTT)), 0);
    r.value = 110;
    session_sel_push_fb(&M, &r);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_CRTT)), 320);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_SELW)), 255 - 80);
    r.value = 140;
    session_sel_push_fb(&M, &r);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_CRTT)), 1023);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_SELW)), 1); /* W_MIN floor: still probed */
    /* feedback to an INVALID session is counted, not applied */
    struct ss_fb bad = {SS_FB_CNP, 3, 5, 0};
    session_sel_push_fb(&M, &bad);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_FB_UNKNOWN)), 1);
}

/* events: ADD after H ticks with K_add sessions over T_hi; hold-down after the ack; REMOVE drains */
static void t_events(void) {
    setup();
    group(0, 3, NULL, 0, 0);
    wr(SS_CSR_TICK, 0);
    wr(SS_CSR_HOLD, 5);
    wr(SS_CSR_THRESH, 512 | (100u << 16));
    wr(SS_CSR_EVCFG, 2u | (3u << 4) | (1u << 8) | (3u << 16)); /* K_add 2, K_rem 3, N_min 1, H 3 */
    wr(SS_CSR_RTT_CFG, 1 | (0u << 16));
    struct ss_fb r = {SS_FB_RTT, 0, 0, 600};
    session_sel_push_fb(&M, &r);
    r.sess = 1;
    session_sel_push_fb(&M, &r);
    ticks(2);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_EVENT)) & 1, 0);
    ticks(1);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_EVENT)) & 1, 1);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_ADD_EV)), 1);
    ticks(10); /* sticky until acknowledged, no second event */
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_ADD_EV)), 1);
    wr(SS_CSR_GRP(0, SS_GRP_EVENT), 1);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_HOLD)), 5);
    ticks(5);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_ADD_EV)), 1);
    ticks(1);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_ADD_EV)), 2);
    wr(SS_CSR_GRP(0, SS_GRP_EVENT), 1);
    /* remove: all low, cost over threshold; victim = highest congestion, ties highest index */
    r.value = 0, r.sess = 0;
    session_sel_push_fb(&M, &r);
    r.sess = 1;
    session_sel_push_fb(&M, &r);
    r.sess = 2, r.value = 50;
    session_sel_push_fb(&M, &r);
    wr(SS_CSR_GRP(0, SS_GRP_COST), 10);
    wr(SS_CSR_GRP(0, SS_GRP_TCOST), 5);
    for (int k = 0; k < 3; k++) send(0, 0x100, (uint32_t)k, 1);
    const uint32_t out2 = rd(SS_CSR_SESS(2, SS_SESS_OUTST));
    ticks(5 + 3);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_REM_EV)), 1);
    CHECK_EQ((rd(SS_CSR_GRP(0, SS_GRP_EVENT)) >> 8) & 0xf, 2);
    if (out2) {
        CHECK_EQ(rd(SS_CSR_SESS(2, SS_SESS_STATE)), SS_DRAINING);
        struct ss_fb ack = {SS_FB_ACK, 0, 2, (uint16_t)out2};
        session_sel_push_fb(&M, &ack);
        ticks(1);
    }
    CHECK_EQ(rd(SS_CSR_SESS(2, SS_SESS_STATE)), SS_INVALID);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_DRAIN_DONE)), 1);
    for (int k = 0; k < 50; k++) CHECK(send(0, 0x100, (uint32_t)k, 1).sess != 2);
}

static void t_drain_timeout_and_key(void) {
    setup();
    group(0, 2, NULL, 0, 0);
    wr(SS_CSR_TICK, 0);
    wr(SS_CSR_DRAIN_TO, 4);
    for (int k = 0; k < 40; k++) send(0, 0x100, (uint32_t)k, 1);
    wr(SS_CSR_SESS(0, SS_SESS_STATE), SS_DRAINING); /* a write clears outstanding: drains at once */
    ticks(1);
    CHECK_EQ(rd(SS_CSR_SESS(0, SS_SESS_STATE)), SS_INVALID);
    /* key expiry after 3 ticks */
    wr(SS_CSR_SESS(1, SS_SESS_KEY), 3);
    ticks(2);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_STATE)), SS_ACTIVE);
    ticks(1);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_STATE)), SS_EXPIRED);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_KEY_EXP)), 1);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_EVENT)), 4u | (1u << 16));
    CHECK_EQ(send(0, 0x100, 1, 1).status, SS_ST_NO_SESSION);
}

static void t_drain_timer(void) {
    setup();
    group(0, 2, NULL, 0, 0);
    wr(SS_CSR_TICK, 0);
    wr(SS_CSR_DRAIN_TO, 4);
    wr(SS_CSR_THRESH, 512 | (1000u << 16));
    wr(SS_CSR_EVCFG, (1u << 4) | (0u << 8) | (1u << 16));
    wr(SS_CSR_GRP(0, SS_GRP_COST), 2);
    for (int k = 0; k < 64; k++) send(0, 0x100, (uint32_t)k, 1);
    ticks(1); /* REMOVE of session 1 (tie: highest index), DRAINING with drain timer 4 */
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_STATE)), SS_DRAINING);
    ticks(3); /* the drain timer runs out on the 4th tick after the event tick */
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_STATE)), SS_DRAINING);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_DRAIN)), 0);
    ticks(1);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_STATE)), SS_INVALID);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_DRAIN_TIMEOUT)), 1);
}

static void t_rx(void) {
    setup();
    const uint32_t w[3] = {1, 1, 1};
    group(1, 3, w, 0, 0);
    wr(SS_CSR_GRP(1, SS_GRP_RX_QPN), 0x4242);
    struct ss_rx r = {0x0a000102, 0x0a000002, 0x4000 + 10, 0xc000 + 10};
    struct ss_rx_out o;
    CHECK_EQ(session_sel_push_rx(&M, &r), SS_OK);
    CHECK_EQ(session_sel_pop_rx(&M, &o), 1);
    CHECK_EQ(o.hit, 1);
    CHECK_EQ(o.group, 1);
    CHECK_EQ(o.sess, 2);
    CHECK_EQ(o.qpn, 0x4242);
    r.sport ^= 1;
    session_sel_push_rx(&M, &r);
    session_sel_pop_rx(&M, &o);
    CHECK_EQ(o.hit, 0);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_RX_DROP)), 1);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_RX_HIT)), 1);
}

/* tie rules of docs/session_sel.md 7.1: duplicate 5-tuples (lowest slot, across groups too),
 * equal k16 (same session), several expiries in one tick (highest index recorded), ADD and REM
 * due in the same tick (ADD; REM persistence keeps counting) */
static void t_ties(void) {
    setup();
    const uint32_t w[4] = {10, 20, 30, 40};
    group(1, 4, w, 0, 0);
    group(2, 4, w, 1, 0);
    wr(SS_CSR_GRP(2, SS_GRP_SRC_IP), 0x0a000002); /* group 2 takes group 1's IPs */
    wr(SS_CSR_GRP(2, SS_GRP_DST_IP), 0x0a000102);
    const uint32_t ports = 0xc00au | (0x400au << 16); /* slot 10 = group 1 session 2 */
    wr(SS_CSR_SESS(11, SS_SESS_PORTS), ports);        /* group 1 session 3 */
    wr(SS_CSR_SESS(17, SS_SESS_PORTS), ports);        /* group 2 session 1 */
    struct ss_rx r = {0x0a000102, 0x0a000002, 0x400a, 0xc00a};
    struct ss_rx_out o;
    const unsigned want[4][2] = {{1, 2}, {1, 3}, {2, 1}, {0, 0}};
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(session_sel_push_rx(&M, &r), SS_OK);
        CHECK_EQ(session_sel_pop_rx(&M, &o), 1);
        CHECK_EQ(o.hit, i < 3);
        CHECK_EQ(o.group, want[i][0]);
        CHECK_EQ(o.sess, want[i][1]);
        /* take the winner away: DRAINING still matches, so go to INVALID */
        if (i < 3) wr(SS_CSR_SESS(want[i][0] * 8 + want[i][1], SS_SESS_STATE), SS_INVALID);
    }
    /* equal k16: key and key ^ (x * 0x10001) hash alike */
    for (uint32_t k = 0; k < 200; k++)
        CHECK_EQ(send(1, 0x102, k * 2654435761u, 1).sess, send(1, 0x102, (k * 2654435761u) ^ (k * 0x10001u), 1).sess);
    /* several expiries in one tick: all counted, the highest index recorded */
    wr(SS_CSR_TICK, 0);
    wr(SS_CSR_SESS(16, SS_SESS_KEY), 2);
    wr(SS_CSR_SESS(18, SS_SESS_KEY), 2);
    wr(SS_CSR_SESS(19, SS_SESS_KEY), 3);
    ticks(2);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_KEY_EXP)), 2);
    CHECK_EQ(rd(SS_CSR_GRP(2, SS_GRP_EVENT)), 4u | (2u << 16));
    ticks(1); /* a later expiry overwrites the index while KEY_EXP is set */
    CHECK_EQ(rd(SS_CSR_GRP(2, SS_GRP_EVENT)), 4u | (3u << 16));
    /* ADD and REM due together: ADD; REM's persistence counter keeps counting */
    setup();
    group(0, 3, NULL, 0, 0);
    wr(SS_CSR_TICK, 0);
    wr(SS_CSR_HOLD, 0);
    wr(SS_CSR_THRESH, 0u | (1023u << 16));
    wr(SS_CSR_EVCFG, 1u | (1u << 4) | (2u << 16)); /* K_add 1, K_rem 1, N_min 0, H 2 */
    wr(SS_CSR_GRP(0, SS_GRP_COST), 2);
    ticks(2);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_EVENT)) & 3, 1);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_REM_EV)), 0);
    CHECK_EQ((rd(SS_CSR_GRP(0, SS_GRP_STAT)) >> 16) & 0xff, 2);
    /* after the ack (HOLD 0) and with K_add = 0 the next tick raises REM; the victim is the
     * highest index among equal congestion levels (all 0) */
    wr(SS_CSR_GRP(0, SS_GRP_EVENT), 1);
    wr(SS_CSR_EVCFG, 0u | (1u << 4) | (2u << 16));
    ticks(1);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_EVENT)) & 3, 2);
    CHECK_EQ((rd(SS_CSR_GRP(0, SS_GRP_EVENT)) >> 8) & 0xf, 2);
}

/* same-cycle rule of docs/session_sel.md 7: the calls of one cycle in its order */
static void t_samecycle(void) {
    setup();
    const uint32_t w[2] = {1, 0};
    group(0, 2, w, 0, SS_GRAN_MESSAGE << 8);
    wr(SS_CSR_TICK, 0);
    wr(SS_CSR_HOLD, 5);
    /* decision, then a STATE write to the chosen session: PKTS counted, OUTST cleared */
    CHECK_EQ(send(0, 0x100, 1, 1).sess, 0);
    wr(SS_CSR_SESS(0, SS_SESS_STATE), SS_ACTIVE);
    CHECK_EQ(rd(SS_CSR_SESS(0, SS_SESS_PKTS)), 1);
    CHECK_EQ(rd(SS_CSR_SESS(0, SS_SESS_OUTST)), 0);
    /* decision, then QP_CTRL written: the stored message session is forgotten (no remap count) */
    send(0, 0x100, 2, 1);
    wr(SS_CSR_QP(0), 1u | (SS_GRAN_MESSAGE << 8));
    wr(SS_CSR_SESS(1, SS_SESS_WSW), 5);
    wr(SS_CSR_SESS(0, SS_SESS_WSW), 0);
    send(0, 0x100, 3, 0);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_MSG_REMAP)), 0);
    /* feedback, then a STATE write: the feedback leaves only its counter */
    struct ss_fb f = {SS_FB_RTT, 0, 1, 5000};
    session_sel_push_fb(&M, &f);
    wr(SS_CSR_SESS(1, SS_SESS_STATE), SS_ACTIVE);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_CRTT)), 0);
    CHECK_EQ(rd(SS_CSR_CTR(SS_CTR_FB_RTT)), 1);
    /* KEY = 1 written in a tick cycle expires the session in that tick */
    wr(SS_CSR_SESS(1, SS_SESS_KEY), 1);
    ticks(1);
    CHECK_EQ(rd(SS_CSR_SESS(1, SS_SESS_STATE)), SS_EXPIRED);
    /* an EVENT ack in a tick cycle loads HOLD, which that tick decrements */
    wr(SS_CSR_GRP(0, SS_GRP_EVENT), 4);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_HOLD)), 0); /* KEY_EXP ack loads no hold-down */
    wr(SS_CSR_EVCFG, 1u | (0u << 16));          /* K_add 1, H 0 */
    wr(SS_CSR_THRESH, 0u | (128u << 16));       /* T_hi 0: ADD due at the next tick */
    ticks(1);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_EVENT)) & 1, 1);
    wr(SS_CSR_GRP(0, SS_GRP_EVENT), 1);
    ticks(1);
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_HOLD)), 4);
    /* TICK written in the cycle: the comparison uses the new period at once */
    wr(SS_CSR_TICK, 3);
    ticks(1); /* tick_cnt 0 -> 1, no tick */
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_HOLD)), 4);
    wr(SS_CSR_TICK, 1);
    ticks(1); /* tick_cnt 1 >= 1: tick */
    CHECK_EQ(rd(SS_CSR_GRP(0, SS_GRP_HOLD)), 3);
}

int main(void) {
    static const struct tt_case cases[] = {
        {"init_params", t_init_params}, {"mix16_bijective", t_mix16_bijective},
        {"exact_shares", t_exact_shares}, {"errors", t_errors}, {"tos_and_fields", t_tos_and_fields},
        {"lowest", t_lowest}, {"granularity", t_granularity}, {"engine", t_engine},
        {"events", t_events}, {"drain_timeout_and_key", t_drain_timeout_and_key},
        {"drain_timer", t_drain_timer}, {"rx", t_rx}, {"ties", t_ties}, {"samecycle", t_samecycle},
    };
    return TT_RUN(cases);
}
