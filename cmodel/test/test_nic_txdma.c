/*
 * cmodel/test/test_nic_txdma.c -- unit tests of the nic_txdma C model (cmodel/nic_txdma.h):
 * the pure decision functions HOST_SCHED / ROUTER_ARB on hand-made states (each branch of the
 * spec note 2.3 pseudo-code, LWM and HWM cases), the read split (MRRS, 4 KiB), refused commands,
 * the per-VN data order with completion beats and the CSR map. Expected values are written from
 * the spec note, not from the model's output.
 */
#include <string.h>

#include "nic_txdma.h"
#include "tinytest.h"

/* age matrix for n contexts allocated in the order ord[0] (oldest) .. ord[k-1] */
static uint16_t ages(unsigned n, const unsigned *ord, unsigned k)
{
    uint16_t m = 0;
    for (unsigned a = 0; a < k; a++)
        for (unsigned b = a + 1; b < k; b++) m |= (uint16_t)(1u << (ord[a] * n + ord[b]));
    return m;
}

static void hs_base(struct nic_txdma_hs_state *s)
{
    memset(s, 0, sizeof *s);
    s->n_vn = 4, s->tag_free = 1;
    for (unsigned c = 0; c < 4; c++)
        s->alloc[c] = 512, s->addr[c] = 0x10000 + c * 0x100000, s->mrrs_code[c] = 2;
}

static void test_next_req(void)
{
    CHECK_EQ(nic_txdma_next_req(0x1000, 100000, 2), 512u);     /* MRRS 512 */
    CHECK_EQ(nic_txdma_next_req(0x1100, 100000, 2), 256u);     /* to the MRRS boundary */
    CHECK_EQ(nic_txdma_next_req(0x1fe0, 100000, 5), 32u);      /* never across 4 KiB */
    CHECK_EQ(nic_txdma_next_req(0x1000, 40, 5), 40u);          /* the rest */
    CHECK_EQ(nic_txdma_next_req(0x1000, 100000, 7), 4096u);    /* codes 6, 7 = 4096 */
}

static void test_host_sched(void)
{
    struct nic_txdma_hs_state s;
    struct nic_txdma_hs_out o;
    unsigned ord[3] = {2, 0, 1};
    /* branch 2: cur (1) needs and no older context at its LWM -> keep cur */
    hs_base(&s);
    for (unsigned c = 0; c < 3; c++) s.v[ord[c]] = 1, s.rem[ord[c]] = 10000;
    s.older = ages(4, ord, 3);
    s.cur_v = 1, s.cur = 1;
    s.occ[2] = 100, s.lwm[2] = 32 * 50;             /* context 2 (oldest) above its LWM */
    s.occ[0] = 100, s.lwm[0] = 32 * 50;
    nic_txdma_host_sched(&s, &o);
    CHECK(o.slot && o.rd && o.nxt_v && o.nxt == 1 && o.req_bytes == 512);
    /* branch 1: an older context reaches its LWM -> the oldest such one */
    s.occ[0] = 40;                                   /* fill 40 lines = 1280 B <= 1600 */
    nic_txdma_host_sched(&s, &o);
    CHECK(o.rd && o.nxt == 0);
    s.occ[2] = 10;                                   /* both 2 and 0 at their LWM: 2 is older */
    nic_txdma_host_sched(&s, &o);
    CHECK(o.rd && o.nxt == 2);
    /* LWM = 0 serves cur until it blocks */
    s.lwm[0] = s.lwm[2] = 0;
    nic_txdma_host_sched(&s, &o);
    CHECK(o.rd && o.nxt == 1);
    /* branch 3: cur blocked (fill + 16 lines > alloc) -> the oldest that needs */
    s.occ[1] = 500;
    nic_txdma_host_sched(&s, &o);
    CHECK(o.rd && o.nxt == 2);
    /* branch 4: every started context blocked or fully requested -> start the oldest command */
    s.rem[2] = s.rem[0] = 0;
    s.cmd_valid[3] = 1, s.cmd_stamp[3] = 7;
    nic_txdma_host_sched(&s, &o);
    CHECK(o.start && !o.rd && o.nxt == 3 && o.nxt_v);
    s.v[2] = 0, s.cmd_valid[2] = 1, s.cmd_stamp[2] = 0xfffe;   /* modular: 0xfffe before 7 */
    nic_txdma_host_sched(&s, &o);
    CHECK(o.start && o.nxt == 2);
    /* a context started needs again: no start */
    s.occ[1] = 0;
    nic_txdma_host_sched(&s, &o);
    CHECK(o.rd && !o.start && o.nxt == 1);
    /* branch 5 and the stall flag */
    hs_base(&s);
    s.v[0] = 1, s.rem[0] = 1000, s.occ[0] = 510, s.cur_v = 1, s.cur = 0;
    nic_txdma_host_sched(&s, &o);
    CHECK(!o.nxt_v && !o.rd && !o.start && o.stall_buf);
    /* no free tag: no decision */
    s.tag_free = 0;
    nic_txdma_host_sched(&s, &o);
    CHECK(!o.slot && o.nxt_v == 1 && o.nxt == 0);
}

static void test_router_arb(void)
{
    struct nic_txdma_ra_state s;
    struct nic_txdma_ra_out o;
    unsigned ord[3] = {3, 1, 0};
    memset(&s, 0, sizeof s);
    s.n_vn = 4, s.out_ok = s.hdr_ok = 1, s.older = ages(4, ord, 3);
    for (unsigned c = 0; c < 4; c++) s.v[c] = c != 2, s.occ[c] = 5, s.cred[c] = 3, s.hok[c] = 1;
    nic_txdma_router_arb(&s, &o);
    CHECK(o.gnt_v && o.gnt == 3);                     /* the oldest */
    s.cred[3] = 0;
    nic_txdma_router_arb(&s, &o);
    CHECK(o.gnt_v && o.gnt == 1 && o.stall_cred);     /* no credits: the next oldest */
    s.hok[1] = 0;
    nic_txdma_router_arb(&s, &o);
    CHECK(o.gnt == 0);                                /* HWM gates the head of 1 */
    s.head_sent[1] = 1;
    nic_txdma_router_arb(&s, &o);
    CHECK(o.gnt == 1);                                /* ... but not after the head */
    s.hdr_ok = 0, s.head_sent[1] = 0, s.hok[1] = 1;
    nic_txdma_router_arb(&s, &o);
    CHECK(!o.gnt_v);                                  /* heads wait for header room */
    s.out_ok = 0, s.hdr_ok = 1;
    nic_txdma_router_arb(&s, &o);
    CHECK(!o.gnt_v);
}

static void test_txn(void)
{
    struct nic_txdma m;
    struct nic_txdma_cfg cfg = {4, 5, 2048};
    struct nic_txdma_cmd c = {1, 0x2000, 100, 0x1234, 0x55};
    struct nic_txdma_rd r;
    struct nic_txdma_hdr h;
    struct nic_txdma_flit f;
    uint8_t beat[32];
    uint32_t d;
    CHECK_EQ(nic_txdma_init(&m, &cfg), NTD_OK);
    CHECK_EQ(nic_txdma_csr_read(&m, 0x000, &d), 0u);
    CHECK_EQ(d, 0x4e545844u);
    CHECK_EQ(nic_txdma_csr_write(&m, 0x008, 0, 0xf), 0u);     /* MRRS 128 */
    CHECK_EQ(nic_txdma_csr_write(&m, 0x0f0, 0, 0xf), 2u);     /* unmapped */
    struct nic_txdma_cmd bad = c;
    bad.addr = 0x2001;
    CHECK_EQ(nic_txdma_push_cmd(&m, &bad), 0);
    bad = c, bad.len = 0;
    CHECK_EQ(nic_txdma_push_cmd(&m, &bad), 0);
    CHECK_EQ(m.stat[NTD_ST_CMD_REFUSED], 2u);
    CHECK_EQ(nic_txdma_push_cmd(&m, &c), 1);
    CHECK_EQ(nic_txdma_pop_rd(&m, 1, 3, &r), NTD_EEMPTY);       /* not started */
    CHECK_EQ(nic_txdma_start(&m, 1), NTD_OK);
    CHECK_EQ(nic_txdma_pop_rd(&m, 1, 3, &r), NTD_OK);
    CHECK(r.addr == 0x2000 && r.len == 100);                    /* 100 < 128 */
    CHECK_EQ(nic_txdma_pop_hdr(&m, 1, &h), NTD_OK);
    CHECK(h.dest_nid == 0x1234 && h.len == 100 && h.msg_id == 0x55 && h.vn == 1);
    for (unsigned k = 0; k < 32; k++) beat[k] = (uint8_t)k;
    CHECK_EQ(nic_txdma_push_cpl(&m, 3, beat, 0), 1);
    CHECK_EQ(nic_txdma_pop_data(&m, 1, &f), NTD_ENOTREADY);   /* 1 of 4 beats */
    CHECK_EQ(nic_txdma_push_cpl(&m, 3, beat, 0), 1);
    CHECK_EQ(nic_txdma_push_cpl(&m, 3, beat, 1), 1);
    CHECK_EQ(nic_txdma_push_cpl(&m, 3, beat, 0), 1);
    CHECK_EQ(nic_txdma_push_cpl(&m, 3, beat, 0), 0);          /* no read outstanding */
    CHECK_EQ(m.stat[NTD_ST_CPL_BAD], 1u);
    CHECK_EQ(m.stat[NTD_ST_CPL_ERR], 1u);
    for (unsigned k = 0; k < 4; k++) {
        CHECK_EQ(nic_txdma_pop_data(&m, 1, &f), NTD_OK);
        CHECK(f.err == 1 && f.bytes == (k < 3 ? 32u : 4u) && f.last == (k == 3));
    }
    CHECK_EQ(nic_txdma_pop_data(&m, 1, &f), NTD_EEMPTY);
    CHECK_EQ(m.bytes, 100u);
    nic_txdma_credit(&m, 1, 4);
    CHECK_EQ(m.stat[NTD_ST_CRED_ERR], 0u);
    nic_txdma_credit(&m, 1, 1);                                /* above CRED_MAX 64 */
    CHECK_EQ(m.stat[NTD_ST_CRED_ERR], 1u);
    nic_txdma_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_next_req),
        TT_CASE(test_host_sched),
        TT_CASE(test_router_arb),
        TT_CASE(test_txn),
    };
    return TT_RUN(cases);
}
