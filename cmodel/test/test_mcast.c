/* test_mcast.c -- unit tests of the mcast golden model (cmodel/mcast.{h,c}); expected values
 * come from the seed's FIG. 3 example (¶0107-¶0114: 6 switches, 5 encapsulated copies, 2 node
 * copies), the note's properties (spec/002 §4.8) and docs/mcast.md, never from the RTL.
 * Build: make cmodel-test-mcast (ASan/UBSan). Prints "N passed, N failed". */
#include <string.h>

#include "mcast.h"
#include "test/tinytest.h"

#define NSW 6
static mcast_model sw[NSW];

static void wr(mcast_model *m, uint32_t a, uint32_t d) { CHECK_EQ(mcast_csr_write(m, a, d, 0xF), MCAST_OK); }

/* FIG. 3 as switch ids: 305->0, 310->1, 315->2, 320->3, 325->4, 330->5; node 340 = port 1 of 4,
 * node 345 = port 2 of 5, originator 335 = port 0 of 0; 325 has another node (port 3), not a recipient. */
static void fig3_setup(void) {
    mcast_cfg c;
    mcast_default_cfg(&c);
    for (unsigned s = 0; s < NSW; s++) {
        CHECK_EQ(mcast_init(&sw[s], &c), MCAST_OK);
        wr(&sw[s], MCAST_CSR_SWITCH, s);
        wr(&sw[s], MCAST_CSR_GRP_CTRL(3), 1); /* group 3 valid, members set below */
        for (unsigned d = 0; d < NSW; d++) wr(&sw[s], MCAST_CSR_ROUTE_S(d), 1 | ((d % 4) << 4) | 2 | (((d + 1) % 4) << 8));
    }
    wr(&sw[0], MCAST_CSR_GRP_CTRL(3), 1 | (0x1u << 8)); /* only the originator locally */
    wr(&sw[4], MCAST_CSR_GRP_CTRL(3), 1 | (0xAu << 8)); /* ports 1, 3 are members */
    wr(&sw[5], MCAST_CSR_GRP_CTRL(3), 1 | (0x4u << 8));
    static const uint32_t tree[6] = {0x00060000u, 0x01010000u, 0x02020000u, 0x04010002u, 0x03020000u, 0x05010004u};
    for (unsigned r = 0; r < 6; r++) wr(&sw[0], MCAST_CSR_TREE_REC(3, r), tree[r]);
    wr(&sw[0], MCAST_CSR_GRP_NREC(3), 6);
}
static void fig3_free(void) {
    for (unsigned s = 0; s < NSW; s++) mcast_free(&sw[s]);
}

static unsigned mc_frame(uint8_t *f, unsigned grp, unsigned len) {
    memset(f, 0, len);
    f[0] = 0x01, f[1] = 0x00, f[2] = 0x5E, f[5] = (uint8_t)grp;
    for (unsigned i = 14; i < len; i++) f[i] = (uint8_t)(i * 7);
    return len;
}

/* deliver every fabric output of every switch to its destination switch until quiet; count */
static unsigned fab_copies, node_copies[NSW][8];
static uint8_t last_loc[NSW][8][256];
static void settle(int np, int silent_sw, int silent_port) {
    int moved = 1;
    while (moved) {
        moved = 0;
        for (unsigned s = 0; s < NSW; s++) {
            uint8_t b[1024];
            size_t len;
            unsigned isl, user;
            while (mcast_pop_fab(&sw[s], b, sizeof b, &len, &isl)) {
                fab_copies++, moved = 1;
                CHECK(b[19] < NSW);
                mcast_push_fab(&sw[b[19]], b, len);
            }
            while (mcast_pop_loc(&sw[s], b, sizeof b, &len, &user)) {
                unsigned p = user & 7;
                node_copies[s][p]++, moved = 1;
                memcpy(last_loc[s][p], b, len < 256 ? len : 256);
                CHECK_EQ((user >> 11) & 1, (unsigned)np);
                if (np && !((int)s == silent_sw && (int)p == silent_port)) mcast_push_lcpl(&sw[s], p, (user >> 3) & 0xFF, 1);
            }
            mcast_fcpl fc;
            while (mcast_pop_fcpl(&sw[s], &fc)) {
                moved = 1;
                CHECK(fc.dst_sw < NSW);
                mcast_push_fcpl(&sw[fc.dst_sw], &fc);
            }
        }
    }
}

static void test_fig3_posted(void) {
    fig3_setup();
    memset(node_copies, 0, sizeof node_copies), fab_copies = 0;
    uint8_t f[100];
    mcast_push_loc(&sw[0], f, mc_frame(f, 3, 100), MCAST_LOC_USER(0, 0, 0));
    settle(0, -1, -1);
    CHECK_EQ(fab_copies, 5);                   /* N-1, N = 6 (¶0082) */
    CHECK_EQ(node_copies[4][1], 1);            /* node 340 */
    CHECK_EQ(node_copies[5][2], 1);            /* node 345 */
    CHECK_EQ(node_copies[4][3], 0);            /* the other node of 325 is not a recipient (¶0110) */
    CHECK_EQ(node_copies[0][0], 0);            /* never the originator */
    CHECK(memcmp(last_loc[4][1], f, 100) == 0); /* de-encapsulated copy is the original (claim 9) */
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_TX_FAB), 1); /* 315 relays to 325 */
    CHECK_EQ(mcast_stat(&sw[3], MCAST_S_TX_FAB), 1); /* 320 relays to 330 */
    mcast_ocpl o;
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 0);   /* posted: no completion */
    fig3_free();
}

static void test_fig3_np_and_retry(void) {
    fig3_setup();
    memset(node_copies, 0, sizeof node_copies), fab_copies = 0;
    uint8_t f[64];
    mcast_push_loc(&sw[0], f, mc_frame(f, 3, 64), MCAST_LOC_USER(0, 1, 0x5A));
    settle(1, -1, -1);
    mcast_ocpl o;
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 1);
    CHECK_EQ(o.tag, 0x5A); CHECK_EQ(o.port, 0); CHECK_EQ(o.status, MCAST_ST_SC);
    CHECK_EQ(o.n_ok, 2); CHECK_EQ(o.n_fail, 0);
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 0);   /* exactly one */
    /* silent node 345 (switch 5 port 2): MAX_RETRY (2) resends after T_LOCAL (4) ticks each, then fail */
    mcast_push_loc(&sw[0], f, mc_frame(f, 3, 64), MCAST_LOC_USER(0, 1, 0x11));
    settle(1, 5, 2);
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 0);   /* not before every participant answered or timed out */
    for (int t = 0; t < 12; t++) {
        for (unsigned s = 0; s < NSW; s++) mcast_push_tick(&sw[s]);
        settle(1, 5, 2);
    }
    CHECK_EQ(mcast_stat(&sw[5], MCAST_S_RETRY), 2);
    CHECK_EQ(mcast_stat(&sw[5], MCAST_S_TIMEOUT), 1);
    CHECK_EQ(node_copies[5][2], 2 + 2);
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 1);
    CHECK_EQ(o.tag, 0x11); CHECK_EQ(o.status, MCAST_ST_CA); CHECK_EQ(o.n_ok, 1); CHECK_EQ(o.n_fail, 1);
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 0);
    /* a late completion for the finished multicast is stale */
    mcast_push_lcpl(&sw[5], 2, 0x00, 1);
    CHECK_EQ(mcast_stat(&sw[5], MCAST_S_STALE_CPL), 1);
    fig3_free();
}

static void test_failed_link_reroute(void) {
    fig3_setup();
    memset(node_copies, 0, sizeof node_copies), fab_copies = 0;
    wr(&sw[0], MCAST_CSR_LINK_UP, 0xD); /* ISL 1 (primary route to switch 1) down: its copy takes the alternative ISL 2 */
    uint8_t f[40];
    mcast_push_loc(&sw[0], f, mc_frame(f, 3, 40), MCAST_LOC_USER(0, 0, 0));
    settle(0, -1, -1);
    CHECK_EQ(mcast_stat(&sw[0], MCAST_S_REROUTE), 1);
    CHECK_EQ(node_copies[4][1], 1); CHECK_EQ(node_copies[5][2], 1);
    wr(&sw[0], MCAST_CSR_LINK_UP, 0x0); /* every ISL down: NP completes with the lost endpoints failed */
    mcast_push_loc(&sw[0], f, mc_frame(f, 3, 40), MCAST_LOC_USER(0, 1, 7));
    mcast_ocpl o;
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 1);
    CHECK_EQ(o.status, MCAST_ST_CA); CHECK_EQ(o.n_ok, 0); CHECK_EQ(o.n_fail, 2);
    CHECK_EQ(mcast_stat(&sw[0], MCAST_S_NOROUTE), 3);
    fig3_free();
}

static void test_dedup_and_bad_input(void) {
    fig3_setup();
    uint8_t inner[30], f[200];
    mc_frame(inner, 3, 30);
    const mcast_rec r1[2] = {{2, 2, 0}, {4, 1, 2}};
    size_t n = mcast_build_enc(f, sizeof f, MCAST_TYPE_P, 3, 0, 0, 2, 0, 77, r1, 2, inner, 30);
    mcast_push_fab(&sw[2], f, n);
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_TX_FAB), 1);
    mcast_push_fab(&sw[2], f, n); /* duplicate (same root, seq) */
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_DUP_DROP), 1);
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_TX_FAB), 1);
    for (int t = 0; t < 64; t++) mcast_push_tick(&sw[2]); /* ages out (DEDUP_AGE 64) */
    mcast_push_fab(&sw[2], f, n);
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_TX_FAB), 2);
    f[24] = 0;
    mcast_push_fab(&sw[2], f, n - 1); /* truncated */
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_MALFORMED), 1);
    const mcast_rec loop[3] = {{2, 3, 0}, {4, 2, 1}, {2, 1, 1}};
    n = mcast_build_enc(f, sizeof f, MCAST_TYPE_P, 3, 0, 0, 2, 0, 78, loop, 3, inner, 30);
    mcast_push_fab(&sw[2], f, n);
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_LOOP), 1);
    const mcast_rec unk[2] = {{2, 2, 0}, {40, 1, 1}};
    n = mcast_build_enc(f, sizeof f, MCAST_TYPE_P, 3, 0, 0, 2, 0, 79, unk, 2, inner, 30);
    mcast_push_fab(&sw[2], f, n);
    CHECK_EQ(mcast_stat(&sw[2], MCAST_S_UNKNOWN_SW), 1);
    mcast_push_loc(&sw[2], inner, 30, MCAST_LOC_USER(1, 1, 9)); /* group 3 has no tree at switch 2 */
    mcast_ocpl o;
    CHECK_EQ(mcast_pop_ocpl(&sw[2], &o), 1);
    CHECK_EQ(o.status, MCAST_ST_UR);
    inner[5] = 9; /* unknown group */
    mcast_push_loc(&sw[0], inner, 30, MCAST_LOC_USER(1, 0, 0));
    CHECK_EQ(mcast_stat(&sw[0], MCAST_S_UNKNOWN_GROUP), 1);
    mcast_fcpl fc = {0, 3, 0x01, 0, 1, 0};
    mcast_push_fcpl(&sw[0], &fc);
    CHECK_EQ(mcast_stat(&sw[0], MCAST_S_STALE_CPL), 1);
    CHECK_EQ(mcast_pending(&sw[2]) + mcast_pending(&sw[0]), 2); /* only the two fab copies sent */
    fig3_free();
}

static void test_mot_full(void) {
    fig3_setup();
    uint8_t f[40];
    for (unsigned i = 0; i < 5; i++) mcast_push_loc(&sw[0], f, mc_frame(f, 3, 40), MCAST_LOC_USER(0, 1, i));
    mcast_ocpl o;
    CHECK_EQ(mcast_pop_ocpl(&sw[0], &o), 1); /* the 5th: MOT has 4 entries */
    CHECK_EQ(o.tag, 4); CHECK_EQ(o.status, MCAST_ST_BUSY); CHECK_EQ(o.n_fail, 2);
    CHECK_EQ(mcast_stat(&sw[0], MCAST_S_MOT_FULL), 1);
    CHECK_EQ(mcast_csr_read(&sw[0], MCAST_CSR_MOT_VALID), 0xF);
    mcast_push_loc(&sw[0], f, mc_frame(f, 3, 40), MCAST_LOC_USER(0, 0, 0)); /* posted is unaffected */
    CHECK_EQ(mcast_stat(&sw[0], MCAST_S_TX_FAB), 5 * 3);
    fig3_free();
}

static void test_csr(void) {
    mcast_cfg c;
    mcast_default_cfg(&c);
    mcast_model m;
    CHECK_EQ(mcast_init(&m, &c), MCAST_OK);
    CHECK_EQ(mcast_csr_read(&m, 0), 0x4D435354u);
    CHECK_EQ(mcast_csr_write(&m, 0, 1, 0xF), MCAST_CSR_ERR);
    CHECK_EQ(mcast_csr_read_err(&m, 0x3FC), 1);
    CHECK_EQ(mcast_csr_write(&m, MCAST_CSR_T_LOCAL, 0x12345678, 0x1), MCAST_OK);
    CHECK_EQ(mcast_csr_read(&m, MCAST_CSR_T_LOCAL), 0x78);
    CHECK_EQ(mcast_csr_read(&m, MCAST_CSR_LINK_UP), 0xF);
    mcast_free(&m);
    c.num_groups = 12;
    CHECK_EQ(mcast_init(&m, &c), MCAST_EINVAL);
}

/* Timed mode (docs/mcast.md section 4, same-cycle rule): the event split at the RTL's decisions;
 * a CSR write between two steps is seen by the later ones only. Expected values from the rule. */
static void test_timed(void) {
    mcast_cfg c;
    mcast_default_cfg(&c);
    mcast_model a, t; /* a: atomic (every step at once), t: timed */
    CHECK_EQ(mcast_init(&a, &c), MCAST_OK);
    CHECK_EQ(mcast_init(&t, &c), MCAST_OK);
    mcast_set_timed(&t, 1);
    mcast_model *both[2] = {&a, &t};
    for (int i = 0; i < 2; i++) {
        mcast_model *m = both[i];
        wr(m, MCAST_CSR_GRP_CTRL(1), MCAST_GRP_CTRL_VAL(1u, 0x3u));
        wr(m, MCAST_CSR_TREE_REC(1, 0), MCAST_TREE_REC_VAL(0u, 3u, 0u));
        wr(m, MCAST_CSR_TREE_REC(1, 1), MCAST_TREE_REC_VAL(1u, 1u, 1u));
        wr(m, MCAST_CSR_TREE_REC(1, 2), MCAST_TREE_REC_VAL(2u, 1u, 1u));
        wr(m, MCAST_CSR_GRP_NREC(1), 3);
        wr(m, MCAST_CSR_ROUTE_S(1), MCAST_ROUTE_VAL(1u, 1u, 0u, 1u));
        wr(m, MCAST_CSR_ROUTE_S(2), MCAST_ROUTE_VAL(1u, 1u, 2u, 3u));
    }
    uint8_t f[64], b[1024];
    size_t len;
    unsigned isl, user;
    /* non-posted from port 0: one local copy (port 1) at the check, two child copies later */
    mcast_push_loc(&a, f, mc_frame(f, 1, 64), MCAST_LOC_USER(0, 1, 7));
    mcast_push_loc(&t, f, mc_frame(f, 1, 64), MCAST_LOC_USER(0, 1, 7));
    CHECK_EQ(mcast_timed_pending(&a), 0);
    CHECK_EQ(mcast_timed_pending(&t), 1);
    CHECK_EQ(mcast_pop_loc(&t, b, sizeof b, &len, &user), 1);
    CHECK_EQ(user & 7u, 1);
    CHECK_EQ(mcast_pop_fab(&t, b, sizeof b, &len, &isl), 0);  /* no child decided yet */
    CHECK_EQ(mcast_step_rch(&t), 1);                          /* child switch 1: primary ISL 0 */
    wr(&t, MCAST_CSR_LINK_UP, 0xE);                           /* ISL 0 down between the two */
    wr(&t, MCAST_CSR_ROUTE_S(2), MCAST_ROUTE_VAL(1u, 1u, 0u, 3u)); /* switch 2 now via ISL 0 / alt 3 */
    wr(&t, MCAST_CSR_SWITCH, 9);                              /* source of the later copies */
    CHECK_EQ(mcast_step_rch(&t), 1);                          /* child switch 2: new route, ISL 0 down -> alt 3 */
    CHECK_EQ(mcast_timed_pending(&t), 0);
    CHECK_EQ(mcast_step_rch(&t), 0);
    CHECK_EQ(mcast_pop_fab(&t, b, sizeof b, &len, &isl), 1);
    CHECK_EQ(isl, 0); CHECK_EQ(b[19], 1); CHECK_EQ(b[18], 0); CHECK_EQ(b[20], 0);
    CHECK_EQ(mcast_pop_fab(&t, b, sizeof b, &len, &isl), 1);
    CHECK_EQ(isl, 3); CHECK_EQ(b[19], 2); CHECK_EQ(b[18], 9); CHECK_EQ(b[20], 0); /* root = SWITCH at the check */
    CHECK_EQ(mcast_stat(&t, MCAST_S_REROUTE), 1);
    CHECK_EQ(mcast_pop_fab(&a, b, sizeof b, &len, &isl), 1);
    CHECK_EQ(isl, 0);
    CHECK_EQ(mcast_pop_fab(&a, b, sizeof b, &len, &isl), 1);
    CHECK_EQ(isl, 2);
    /* tick: T_LOCAL / MAX_RETRY read per entry visit; the completion waits for mcast_step_cple */
    wr(&t, MCAST_CSR_T_LOCAL, 1);
    wr(&t, MCAST_CSR_MAX_RETRY, 0);
    wr(&t, MCAST_CSR_T_CHILD, 1);
    mcast_push_tick(&t);
    CHECK_EQ(mcast_timed_pending(&t), 2);
    CHECK_EQ(mcast_step_tick(&t), 0);                         /* entry 0: node 1 gives up, children time out */
    CHECK_EQ(mcast_timed_pending(&t), 4);
    mcast_ocpl o;
    CHECK_EQ(mcast_pop_ocpl(&t, &o), 0);
    CHECK_EQ(mcast_step_cple(&t), 0);
    CHECK_EQ(mcast_pop_ocpl(&t, &o), 1);
    CHECK_EQ(o.tag, 7); CHECK_EQ(o.status, MCAST_ST_CA); CHECK_EQ(o.n_ok, 0); CHECK_EQ(o.n_fail, 3);
    CHECK_EQ(mcast_timed_pending(&t), 0);
    CHECK_EQ(mcast_step_tick(&t), -1);
    CHECK_EQ(mcast_step_cple(&t), -1);
    mcast_free(&a);
    mcast_free(&t);
}

int main(void) {
    static const struct tt_case cases[] = {TT_CASE(test_fig3_posted), TT_CASE(test_fig3_np_and_retry),
                                           TT_CASE(test_failed_link_reroute), TT_CASE(test_dedup_and_bad_input),
                                           TT_CASE(test_mot_full), TT_CASE(test_csr), TT_CASE(test_timed)};
    return tt_run(cases, sizeof cases / sizeof cases[0]);
}
