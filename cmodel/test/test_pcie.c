/*
 * cmodel/test/test_pcie.c -- unit tests of cmodel/pcie.c (the requester adapter model) and
 * cmodel/pcie_rc.c (the root-complex model); docs/pcie.md 5. Expected values by hand from PG213's
 * descriptor tables and the PCIe byte-enable rules.
 */
#include <string.h>

#include "pcie.h"
#include "pcie_rc.h"
#include "tinytest.h"

static void t_be(void)
{
    uint8_t f, l;
    pcie_be(0x1000, 4, &f, &l);
    CHECK_EQ(f, 0xf); CHECK_EQ(l, 0);
    pcie_be(0x1001, 2, &f, &l);          /* bytes 1, 2 of one DW */
    CHECK_EQ(f, 0x6); CHECK_EQ(l, 0);
    pcie_be(0x1003, 2, &f, &l);          /* byte 3, then byte 0 of the next DW */
    CHECK_EQ(f, 0x8); CHECK_EQ(l, 0x1);
    pcie_be(0x1002, 9, &f, &l);          /* 2 + 4 + 3 */
    CHECK_EQ(f, 0xc); CHECK_EQ(l, 0x7);
    CHECK_EQ(pcie_dwc(0x1002, 9), 3);
    CHECK_EQ(pcie_dwc(0x1000, 4096), 1024);
}

static void t_desc(void)
{
    uint32_t d[4];
    pcie_rq_desc(d, PCIE_REQ_MEM_WRITE, 0x123456789abcdef3ull, 0x400, 0x5a);
    CHECK_EQ(d[0], 0x9abcdef0u);
    CHECK_EQ(d[1], 0x12345678u);
    CHECK_EQ(d[2], 0x0800u | 0x400u);  /* req type 1 at [14:11], DW count 1024 (field 0x400) */
    CHECK_EQ(d[3], 0x5au);
    uint32_t c[3];
    pcie_rc_desc(c, 0xabc, 9, 0x1000, 1, 0x10, 4, 1, 0x3f);
    CHECK_EQ(c[0], 0xabcu | 9u << 12 | 0x1000u << 16 | 1u << 30);
    CHECK_EQ(c[1], 0x10u | 4u << 11 | 1u << 14);
    CHECK_EQ(c[2], 0x3fu);
}

static void t_split_read(void)
{
    struct pcie m;
    struct pcie_tlp t;
    CHECK_EQ(pcie_init(&m, 0, 0), PCIE_OK);   /* MRRS 128 */
    CHECK_EQ(pcie_rd_req(&m, 0x2050, 300, 7), PCIE_OK);
    /* 0x2050..0x217b: 0x2050+48, 0x2080+128, 0x2100+124 */
    CHECK_EQ(pcie_pop_rd_tlp(&m, &t), PCIE_OK);
    CHECK_EQ(t.addr, 0x2050); CHECK_EQ(t.len, 48); CHECK_EQ(t.desc[2] & 0x7ff, 12);
    CHECK_EQ(pcie_pop_rd_tlp(&m, &t), PCIE_OK);
    CHECK_EQ(t.addr, 0x2080); CHECK_EQ(t.len, 128);
    CHECK_EQ(pcie_pop_rd_tlp(&m, &t), PCIE_OK);
    CHECK_EQ(t.addr, 0x2100); CHECK_EQ(t.len, 124); CHECK_EQ(t.last_be, 0xf);
    CHECK_EQ(pcie_pop_rd_tlp(&m, &t), PCIE_EMPTY);
    CHECK_EQ(pcie_rd_req(&m, 0x2ff0, 32, 8), PCIE_EINVAL);   /* crosses 4 KiB */
    /* completions: not before every sub-request met the completer */
    struct pcie_cpl_beat b;
    CHECK_EQ(pcie_pop_cpl(&m, pcie_rc_mem_cb, NULL, &b), PCIE_EMPTY);
    CHECK_EQ(pcie_rd_sub(&m, 0, 0), PCIE_OK);
    CHECK_EQ(pcie_rd_sub(&m, 0, 1), PCIE_OK);
    CHECK_EQ(pcie_pop_cpl(&m, pcie_rc_mem_cb, NULL, &b), PCIE_EMPTY);
    CHECK_EQ(pcie_rd_sub(&m, 0, 0), PCIE_OK);
    CHECK_EQ(pcie_rd_sub(&m, 0, 0), PCIE_EINVAL);
    unsigned n = 0;
    while (pcie_pop_cpl(&m, pcie_rc_mem_cb, NULL, &b) == PCIE_OK) {
        n++;
        CHECK_EQ(b.err, 1); CHECK_EQ(b.tag, 7); CHECK_EQ(b.data[31], 0);
    }
    CHECK_EQ(n, 10);   /* (0x10 + 300 + 31) / 32 */
    CHECK_EQ(b.last, 1);
    CHECK_EQ(m.stat[PCIE_ST_RD_TLP], 3);
    pcie_free(&m);
}

static void t_read_data(void)
{
    struct pcie m;
    struct pcie_cpl_beat b;
    pcie_init(&m, 5, 0);
    CHECK_EQ(pcie_rd_req(&m, 0x10005, 40, 1), PCIE_OK);
    CHECK_EQ(pcie_rd_sub(&m, 0, 0), PCIE_OK);
    CHECK_EQ(pcie_pop_cpl(&m, pcie_rc_mem_cb, NULL, &b), PCIE_OK);
    CHECK_EQ(b.data[4], 0);
    CHECK_EQ(b.data[5], pcie_rc_mem(0x10005));
    CHECK_EQ(b.last, 0);
    CHECK_EQ(pcie_pop_cpl(&m, pcie_rc_mem_cb, NULL, &b), PCIE_OK);
    CHECK_EQ(b.data[12], pcie_rc_mem(0x1002c));   /* last byte 0x10005 + 39 */
    CHECK_EQ(b.data[13], 0);
    CHECK_EQ(b.last, 1);
    pcie_free(&m);
}

static void t_split_write(void)
{
    struct pcie m;
    struct pcie_tlp t;
    uint8_t beats[32 * 130];
    for (unsigned i = 0; i < sizeof beats; i++)
        beats[i] = (uint8_t)i;
    pcie_init(&m, 0, 1);   /* MPS 256 */
    CHECK_EQ(pcie_wr(&m, 0x3ff6, 20, beats), PCIE_OK);   /* crosses 4 KiB: 10 + 10 */
    CHECK_EQ(pcie_pop_wr_tlp(&m, &t), PCIE_OK);
    CHECK_EQ(t.addr, 0x3ff6); CHECK_EQ(t.len, 10); CHECK_EQ(t.ndw, 3);
    CHECK_EQ(t.first_be, 0xc); CHECK_EQ(t.last_be, 0xf);
    CHECK_EQ(t.dw[0], 0x17161514u);   /* host 0x3ff4 is byte 20 of the first beat */
    CHECK_EQ(pcie_pop_wr_tlp(&m, &t), PCIE_OK);
    CHECK_EQ(t.addr, 0x4000); CHECK_EQ(t.len, 10); CHECK_EQ(t.ndw, 3);
    CHECK_EQ(t.first_be, 0xf); CHECK_EQ(t.last_be, 0x3);
    CHECK_EQ(t.dw[0], 0x23222120u);
    CHECK_EQ(pcie_pop_wr_tlp(&m, &t), PCIE_EMPTY);
    CHECK_EQ(pcie_wr(&m, 0x100, 4096, beats), PCIE_OK);  /* 16 TLPs of 256 */
    unsigned n = 0;
    while (pcie_pop_wr_tlp(&m, &t) == PCIE_OK)
    {
        n++;
        CHECK_EQ(t.len, 256);
    }
    CHECK_EQ(n, 16);
    pcie_free(&m);
}

static void t_rc_split(void)
{
    struct pcie_rc rc;
    struct pcie_rc_cfg c = {256, 0, 0, 0, 64};
    struct pcie_rc_tlp t;
    CHECK_EQ(pcie_rc_init(&rc, &c, 1), 0);
    CHECK_EQ(pcie_rc_read(&rc, 3, 0x1030, 1000), PCIE_RC_OK);
    uint64_t a = 0x1030;
    uint32_t rem = 1000;
    int first = 1;
    while (rem) {
        CHECK_EQ(pcie_rc_next(&rc, &t), 0);
        unsigned la = t.dw[0] & 0xfff, bc = (t.dw[0] >> 16) & 0x1fff, dwc = t.dw[1] & 0x7ff;
        CHECK_EQ(la, a & 0xfff);
        CHECK_EQ(bc, rem);
        CHECK_EQ(t.dw[2] & 0xff, 3);
        CHECK(first || (a & 63) == 0);   /* RCB: only the first completion starts off a 64 B boundary */
        uint32_t n = dwc * 4 - (uint32_t)(a & 3);
        if (n > rem)
            n = rem;
        CHECK(dwc * 4 <= 256 + 4);
        CHECK_EQ(t.dw[3], (uint32_t)pcie_rc_mem(a) | (uint32_t)pcie_rc_mem(a + 1) << 8 |
                              (uint32_t)pcie_rc_mem(a + 2) << 16 | (uint32_t)pcie_rc_mem(a + 3) << 24);
        a += n;
        rem -= n;
        CHECK_EQ(((t.dw[0] >> 30) & 1), rem == 0);
        first = 0;
    }
    CHECK_EQ(pcie_rc_next(&rc, &t), -1);
    pcie_rc_free(&rc);
}

static void t_rc_errors(void)
{
    struct pcie_rc rc;
    struct pcie_rc_cfg c = {1024, 1000000, 50, 0, 64};
    struct pcie_rc_tlp t;
    pcie_rc_init(&rc, &c, 9);
    unsigned seen[5] = {0};
    for (unsigned i = 0; i < 200; i++) {
        int f = pcie_rc_read(&rc, i & 63, 0x5000 + 64 * i, 64);
        seen[f]++;
        int err = 0;
        do {
            CHECK_EQ(pcie_rc_next(&rc, &t), 0);
            err |= t.err;
        } while (!t.last);
        CHECK_EQ(err, 1);
    }
    CHECK_EQ(seen[0], 0);
    CHECK(seen[1] && seen[2] && seen[3] && seen[4]);
    pcie_rc_free(&rc);
}

int main(void)
{
    static const struct tt_case tests[] = {TT_CASE(t_be), TT_CASE(t_desc), TT_CASE(t_split_read),
                                           TT_CASE(t_read_data), TT_CASE(t_split_write), TT_CASE(t_rc_split),
                                           TT_CASE(t_rc_errors)};
    return TT_RUN(tests);
}
