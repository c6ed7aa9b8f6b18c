/*
 * cmodel/test/test_nic_rxdma.c -- unit tests of the nic_rxdma C model (cmodel/nic_rxdma.h):
 * RX_HOST_SCHED on hand-made states (T1 for the first write, T2 priority, oldest order, no slot),
 * the write length rule (MPS, 4 KiB, occ), the room rule, every refusal reason, one message end
 * to end (beats, credits, event) and the CSR map. Expected values are written from the spec note
 * 2.3 / B5 and docs/nic_rxdma.md, not from the model's output.
 */
#include <string.h>

#include "nic_rxdma.h"
#include "tinytest.h"

/* age matrix for n contexts allocated in the order ord[0] (oldest) .. ord[k-1] */
static uint16_t ages(unsigned n, const unsigned *ord, unsigned k)
{
    uint16_t m = 0;
    for (unsigned a = 0; a < k; a++)
        for (unsigned b = a + 1; b < k; b++) m |= (uint16_t)(1u << (ord[a] * n + ord[b]));
    return m;
}

static void hs_base(struct nic_rxdma_hs_state *s)
{
    memset(s, 0, sizeof *s);
    s->n_vn = 4, s->mps_code = 2, s->room = 1, s->t1 = 1024, s->t2 = 4096;
    for (unsigned c = 0; c < 4; c++) s->va[c] = 0x10000 + c * 0x100000, s->len[c] = 65536;
    static const unsigned ord[4] = {2, 0, 3, 1};
    s->older = ages(4, ord, 4);
}

static void test_wlen(void)
{
    CHECK_EQ(nic_rxdma_wlen(0x1000, 100000, 2), 512u);   /* MPS 512 */
    CHECK_EQ(nic_rxdma_wlen(0x1100, 100000, 2), 256u);   /* to the MPS boundary */
    CHECK_EQ(nic_rxdma_wlen(0x1fe0, 100000, 5), 32u);    /* never across 4 KiB */
    CHECK_EQ(nic_rxdma_wlen(0x1000, 40, 5), 40u);        /* occ */
    CHECK_EQ(nic_rxdma_wlen(0x1000, 100000, 7), 4096u);  /* codes 6, 7 = 4096 */
}

static void test_sched(void)
{
    struct nic_rxdma_hs_state s;
    struct nic_rxdma_hs_out o;
    hs_base(&s);
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt_v, 0);                                 /* no context valid */
    /* contexts 0 and 1 valid, no first write yet, below T1: not eligible (R1) */
    s.v[0] = s.v[1] = 1, s.rcvd[0] = s.occ[0] = 512, s.rcvd[1] = s.occ[1] = 1000;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt_v, 0);
    /* context 1 reaches T1: granted, 512 bytes (MPS) */
    s.rcvd[1] = s.occ[1] = 1024;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt_v, 1);
    CHECK_EQ(o.gnt, 1u);
    CHECK_EQ(o.wlen, 512u);
    /* a whole short message (len < T1) is eligible */
    s.len[0] = 512;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt, 0u);                                  /* 0 older than 1 */
    /* after the first write T1 does not gate */
    s.len[0] = 65536, s.frs[0] = 1, s.occ[0] = 32;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt, 0u);
    CHECK_EQ(o.wlen, 32u);
    /* T2: context 1 above T2 goes first even though 0 is older (R2) */
    s.occ[1] = 4097, s.rcvd[1] = 4097;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt, 1u);
    /* both above T2: the oldest (2 is oldest of all, then 0) */
    s.occ[0] = 5000, s.v[2] = 1, s.frs[2] = 1, s.occ[2] = 64;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt, 0u);
    /* none above T2: the oldest eligible, 2 */
    s.t2 = 0x1ffff;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt, 2u);
    CHECK_EQ(o.wlen, 64u);
    /* no room in the command queue: no grant */
    s.room = 0;
    nic_rxdma_host_sched(&s, &o);
    CHECK_EQ(o.gnt_v, 0);
    CHECK_EQ(nic_rxdma_room_ok(256, 200, 56, 0, 1), 1);
    CHECK_EQ(nic_rxdma_room_ok(256, 201, 56, 0, 1), 0);
    CHECK_EQ(nic_rxdma_room_ok(256, 0, 1, 1, 1), 0);    /* first packet: context busy */
}

static struct nic_rxdma_hdr hdr(unsigned vn, uint32_t len, uint32_t off, uint32_t pay, int first, int last)
{
    struct nic_rxdma_hdr h;
    memset(&h, 0, sizeof h);
    h.vn = vn, h.pid = 0x123456, h.target_addr = 0x7000f000, h.msg_len = len, h.offset = off;
    h.pay_len = pay, h.first = first, h.last = last, h.src_nid = 7, h.msg_id = 9, h.eq_handle = 3;
    return h;
}

static void test_refusals(void)
{
    struct nic_rxdma m;
    struct nic_rxdma_cfg cfg = {4, 1024};
    uint8_t d[32] = {0};
    CHECK_EQ(nic_rxdma_init(&m, &cfg), NRD_OK);
    struct nic_rxdma_hdr h = hdr(0, 1000, 0, 512, 1, 0);
    h.target_addr += 4;
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_ALIGN);
    CHECK_EQ(nic_rxdma_push_data(&m, d, 1), 0);          /* dropped up to last */
    h = hdr(0, 1000, 0, 0, 1, 0);
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_LEN);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(0, 1000, 0, 500, 1, 0);                      /* not last and not a multiple of 32 */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_ALIGN);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(0, 1000, 512, 488, 0, 1);                    /* no open message */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_NOMSG);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(0, 1000, 32, 512, 1, 0);                     /* first with offset != 0 */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_OFFSET);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(0, 1000, 0, 1024, 1, 1);                     /* past the message end */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_LEN);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(0, 1000, 0, 512, 1, 1);                      /* last flag wrong */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_LAST);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(0, 1000, 0, 512, 1, 0);                      /* good first packet */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), 0);
    for (unsigned k = 0; k < 16; k++) CHECK_EQ(nic_rxdma_push_data(&m, d, k == 15), 1);
    h = hdr(0, 1000, 0, 512, 1, 0);                      /* first while open */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_FIRST);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(0, 1000, 480, 520, 0, 1);                    /* offset != received */
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_OFFSET);
    nic_rxdma_push_data(&m, d, 1);
    h = hdr(5, 1000, 0, 512, 1, 0);
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), NRD_ST_REF_VN);
    nic_rxdma_push_data(&m, d, 1);
    CHECK_EQ(m.stat[NRD_ST_REF_LEN], 2u);
    CHECK_EQ(m.stat[NRD_ST_REF_ALIGN], 2u);
    CHECK_EQ(m.stat[NRD_ST_PKTS], 1u);
    nic_rxdma_free(&m);
}

static void test_message(void)
{
    struct nic_rxdma m;
    struct nic_rxdma_cfg cfg = {4, 1024};
    uint8_t d[32];
    CHECK_EQ(nic_rxdma_init(&m, &cfg), NRD_OK);
    /* a 600-byte message at VA 0x7000fe00 on VN 2: packets 512 + 88 */
    struct nic_rxdma_hdr h = hdr(2, 600, 0, 512, 1, 0);
    h.target_addr = 0x7000fe00;
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), 0);
    for (unsigned k = 0; k < 16; k++) {
        for (unsigned j = 0; j < 32; j++) d[j] = (uint8_t)(32 * k + j);
        nic_rxdma_push_data(&m, d, k == 15);
    }
    CHECK_EQ(nic_rxdma_write(&m, 2, 513), NRD_ERULE);    /* more than occ / MPS */
    CHECK_EQ(nic_rxdma_write(&m, 2, 512), NRD_OK);       /* to the 4 KiB page end: 512 */
    h = hdr(2, 600, 512, 88, 0, 1);
    CHECK_EQ(nic_rxdma_push_hdr(&m, &h), 0);
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned j = 0; j < 32; j++) d[j] = (uint8_t)(512 + 32 * k + j);
        nic_rxdma_push_data(&m, d, k == 2);
    }
    CHECK_EQ(nic_rxdma_write(&m, 1, 32), NRD_ERULE);     /* nothing on VN 1 */
    CHECK_EQ(nic_rxdma_write(&m, 2, 88), NRD_OK);
    struct nic_rxdma_wbeat b;
    struct nic_rxdma_credit c;
    struct nic_rxdma_evt e;
    for (unsigned k = 0; k < 16; k++) {
        CHECK_EQ(nic_rxdma_pop_wbeat(&m, &b), NRD_OK);
        CHECK_EQ(b.addr, 0x7000fe00u);
        CHECK_EQ(b.data[5], (uint8_t)(32 * k + 5));
        CHECK_EQ(b.last, k == 15);
    }
    CHECK_EQ(nic_rxdma_pop_credit(&m, &c), NRD_OK);
    CHECK_EQ(c.vc, 2u);
    CHECK_EQ(c.n, 16u);
    CHECK_EQ(nic_rxdma_pop_evt(&m, &e), NRD_EEMPTY);
    for (unsigned k = 0; k < 3; k++) {
        CHECK_EQ(nic_rxdma_pop_wbeat(&m, &b), NRD_OK);
        CHECK_EQ(b.addr, 0x70010000u);
        CHECK_EQ(b.len, 88u);
    }
    CHECK_EQ(b.data[23], (uint8_t)(512 + 64 + 23));
    CHECK_EQ(b.data[24], 0);                             /* beyond the message end */
    CHECK_EQ(nic_rxdma_pop_evt(&m, &e), NRD_OK);
    CHECK_EQ(e.msg_len, 600u);
    CHECK_EQ(e.vn, 2u);
    CHECK_EQ(e.pid, 0x123456u);
    CHECK_EQ(m.stat[NRD_ST_MSGS], 1u);
    CHECK_EQ(m.stat[NRD_ST_WRITES], 2u);
    CHECK_EQ(m.bytes, 600u);
    /* CSRs */
    uint32_t x;
    CHECK_EQ(nic_rxdma_csr_read(&m, 0x000, &x), 0u);
    CHECK_EQ(x, 0x4e525844u);
    CHECK_EQ(nic_rxdma_csr_write(&m, 0x010, 2048, 0xf), 0u);
    CHECK_EQ(nic_rxdma_csr_read(&m, 0x010, &x), 0u);
    CHECK_EQ(x, 2048u);
    CHECK_EQ(nic_rxdma_csr_write(&m, 0x0f0, 1, 0xf), 2u);
    CHECK_EQ(m.stat[NRD_ST_CSR_ERR], 1u);
    CHECK_EQ(nic_rxdma_csr_read(&m, 0x034, &x), 0u);
    CHECK_EQ(x, 256u);
    nic_rxdma_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_wlen),
        TT_CASE(test_sched),
        TT_CASE(test_refusals),
        TT_CASE(test_message),
    };
    return TT_RUN(cases);
}
