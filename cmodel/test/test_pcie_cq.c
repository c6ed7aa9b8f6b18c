/*
 * cmodel/test/test_pcie_cq.c -- unit tests of cmodel/pcie_cq.c (issue 15): byte count rule, the
 * doorbell burst split, CSR writes / reads and their completion, URs, drops, discontinue.
 * Expected values by hand from PG213's descriptor tables and PCIe 3.0 2.3.1.1.
 */
#include <stdio.h>
#include <string.h>

#include "pcie_cq.h"
#include "tinytest.h"

static uint32_t rd_val(void *c, uint32_t a, int *err) { (void)c; *err = a == 0x80010; return 0x1000u + a; }
static int wr_cnt;
static int wr_cb(void *c, uint32_t a, uint32_t d, unsigned s) { (void)c; (void)a; (void)d; (void)s; wr_cnt++; return 0; }
static int db_cb(void *c, uint32_t a, uint32_t l) { (void)c; (void)l; return a == 0x800; }
static const struct pcie_cq_io io = {NULL, rd_val, wr_cb, db_cb};

static void t_byte_count(void)
{
    CHECK_EQ(pcie_cq_byte_count(1, 0xf, 0), 4);
    CHECK_EQ(pcie_cq_byte_count(1, 0x0, 0), 1);    /* zero-length read */
    CHECK_EQ(pcie_cq_byte_count(1, 0x9, 0), 4);    /* 1001b: 4 (spec table) */
    CHECK_EQ(pcie_cq_byte_count(1, 0x2, 0), 1);
    CHECK_EQ(pcie_cq_byte_count(1, 0x6, 0), 2);
    CHECK_EQ(pcie_cq_byte_count(2, 0xe, 0x1), 4);  /* 3 + 1 */
    CHECK_EQ(pcie_cq_byte_count(1024, 0xf, 0xf), 4096);
}

static void t_db_split(void)
{
    struct pcie_cq m;
    uint32_t d[4], pl[600];
    for (int i = 0; i < 600; i++) pl[i] = (uint32_t)i;
    CHECK_EQ(pcie_cq_init(&m, 8, &io), 0);
    /* 600 DWs at DW 0x1ff (byte 0x7fc): bursts [0x1ff] (1 DW, lane 1), [0x200..0x3ff] (256 QWs),
     * [0x400..0x456] (87 DWs, 44 QWs) */
    pcie_cq_desc(d, 0xfe000000ull | 0x7fc, 0, 600, PCIE_CQ_MEM_WRITE, 0x1234, 5, 0, 0, 20, 0, 0);
    CHECK_EQ(pcie_cq_req(&m, d, 0xc, 0x3, pl, 600, 99), 0);
    struct pcie_cq_aw aw;
    CHECK_EQ(pcie_cq_pop_aw(&m, &aw), 0); CHECK_EQ(aw.addr, 0x7fc); CHECK_EQ(aw.len, 0);
    CHECK_EQ(pcie_cq_pop_aw(&m, &aw), 0); CHECK_EQ(aw.addr, 0x800); CHECK_EQ(aw.len, 255);
    CHECK_EQ(pcie_cq_pop_aw(&m, &aw), 0); CHECK_EQ(aw.addr, 0x1000); CHECK_EQ(aw.len, 43);
    CHECK_EQ(pcie_cq_pop_aw(&m, &aw), PCIE_CQ_EMPTY);
    struct pcie_cq_w w;
    CHECK_EQ(pcie_cq_pop_w(&m, &w), 0);
    CHECK_EQ(w.data, 0ull); CHECK_EQ(w.strb, 0xc0); CHECK_EQ(w.last, 1);
    CHECK_EQ(pcie_cq_pop_w(&m, &w), 0);
    CHECK_EQ(w.data, 1ull | 2ull << 32); CHECK_EQ(w.strb, 0xff); CHECK_EQ(w.last, 0);
    int n = 2, nlast = 0;
    while (!pcie_cq_pop_w(&m, &w)) {
        n++;
        nlast += w.last;
        if (n == 257) CHECK_EQ(w.last, 1);
    }
    CHECK_EQ(n, 301); CHECK_EQ(nlast, 2); CHECK_EQ(w.strb, 0x03); CHECK_EQ(w.last, 1); CHECK_EQ(w.data, 599ull);
    CHECK_EQ(m.stat[PCIE_CQ_ST_WR_DB], 1);
    CHECK_EQ(m.stat[PCIE_CQ_ST_AXI_SLVERR], 1);   /* the burst at 0x800 */
    pcie_cq_free(&m);
}

static void t_csr(void)
{
    struct pcie_cq m;
    uint32_t d[4], pl[3] = {0x11, 0x22, 0x33};
    CHECK_EQ(pcie_cq_init(&m, 8, &io), 0);
    wr_cnt = 0;
    pcie_cq_desc(d, 0x80000 + 0x40, 0, 3, PCIE_CQ_MEM_WRITE, 1, 2, 3, 0, 20, 0, 0);
    CHECK_EQ(pcie_cq_req(&m, d, 0x0, 0x1, pl, 3, 99), 0);  /* first DW no bytes: skipped */
    struct pcie_cq_lite l;
    CHECK_EQ(pcie_cq_pop_lite(&m, &l), 0); CHECK_EQ(l.write, 1); CHECK_EQ(l.addr, 0x80044); CHECK_EQ(l.strb, 0xf);
    CHECK_EQ(pcie_cq_pop_lite(&m, &l), 0); CHECK_EQ(l.addr, 0x80048); CHECK_EQ(l.data, 0x33); CHECK_EQ(l.strb, 0x1);
    CHECK_EQ(wr_cnt, 2);
    /* 6-DW read at 0x8000c, first_be 1110: lower address 0x0d, byte count 23 */
    pcie_cq_desc(d, 0xabc00000ull | 0x8000c, 2, 6, PCIE_CQ_MEM_READ, 0xbeef, 0x42, 0x07, 0, 20, 5, 3);
    CHECK_EQ(pcie_cq_req(&m, d, 0xe, 0xf, NULL, 0, 99), 0);
    struct pcie_cq_cc c;
    CHECK_EQ(pcie_cq_pop_cc(&m, &c), 0);
    CHECK_EQ(c.dw[0], 0x0d | 2u << 8 | 23u << 16);
    CHECK_EQ(c.dw[1], 6u | 0xbeefu << 16);
    CHECK_EQ(c.dw[2], 0x42u | 0x07u << 8 | 5u << 25 | 3u << 28);
    CHECK_EQ(c.dw[3], 0x1000u + 0x8000c); CHECK_EQ(c.keep, 0xff); CHECK_EQ(c.last, 0);
    CHECK_EQ(pcie_cq_pop_cc(&m, &c), 0);
    CHECK_EQ(c.dw[0], 0x1000u + 0x80020); CHECK_EQ(c.keep, 0x01); CHECK_EQ(c.last, 1); CHECK_EQ(c.dw[1], 0);
    CHECK_EQ(m.stat[PCIE_CQ_ST_AXI_SLVERR], 1);   /* 0x80010 */
    CHECK_EQ(m.stat[PCIE_CQ_ST_RD_CSR], 1);
    pcie_cq_free(&m);
}

static void t_errors(void)
{
    struct pcie_cq m;
    uint32_t d[4], pl[2] = {1, 2};
    struct pcie_cq_cc c;
    CHECK_EQ(pcie_cq_init(&m, 1, &io), 0);
    pcie_cq_desc(d, 0x80000, 0, 2, PCIE_CQ_MEM_READ, 7, 9, 0, 0, 20, 0, 0);   /* 2 DWs > NRD 1 */
    CHECK_EQ(pcie_cq_req(&m, d, 0xf, 0xf, NULL, 0, 99), 0);
    CHECK_EQ(pcie_cq_pop_cc(&m, &c), 0);
    CHECK_EQ(c.dw[1], 1u << 11 | 7u << 16); CHECK_EQ(c.dw[0], 8u << 16); CHECK_EQ(c.keep, 0x07); CHECK_EQ(c.last, 1);
    pcie_cq_desc(d, 0x100, 0, 1, PCIE_CQ_MEM_RD_LK, 7, 9, 0, 0, 20, 0, 0);      /* locked read: UR, CplLk */
    CHECK_EQ(pcie_cq_req(&m, d, 0xf, 0, NULL, 0, 99), 0);
    CHECK_EQ(pcie_cq_pop_cc(&m, &c), 0);
    CHECK_EQ(c.dw[0], 1u << 29 | 4u << 16);
    pcie_cq_desc(d, 0x7fffc, 0, 2, PCIE_CQ_MEM_WRITE, 7, 9, 0, 0, 20, 0, 0);    /* across the window end */
    CHECK_EQ(pcie_cq_req(&m, d, 0xf, 0xf, pl, 2, 99), 0);
    pcie_cq_desc(d, 0x100, 0, 1, PCIE_CQ_IO_WRITE, 7, 9, 0, 0, 20, 0, 0);       /* IO write: UR */
    CHECK_EQ(pcie_cq_req(&m, d, 0xf, 0, pl, 1, 99), 0);
    CHECK_EQ(pcie_cq_pop_cc(&m, &c), 0);
    CHECK_EQ(c.dw[0], 4u << 16); CHECK_EQ(c.dw[1], 1u << 11 | 7u << 16);
    pcie_cq_desc(d, 0x100, 0, 1, PCIE_CQ_MEM_READ, 7, 9, 0, 1, 20, 0, 0);       /* BAR 1: UR */
    CHECK_EQ(pcie_cq_req(&m, d, 0xf, 0, NULL, 0, 0), 0);                        /* discontinue: dropped */
    CHECK_EQ(pcie_cq_pop_cc(&m, &c), PCIE_CQ_EMPTY);
    CHECK_EQ(m.stat[PCIE_CQ_ST_UR], 3);
    CHECK_EQ(m.stat[PCIE_CQ_ST_DROP_POSTED], 1);
    CHECK_EQ(m.stat[PCIE_CQ_ST_DISCONT], 1);
    pcie_cq_free(&m);
}

int main(void)
{
    static const struct tt_case tests[] = {TT_CASE(t_byte_count), TT_CASE(t_db_split), TT_CASE(t_csr),
                                           TT_CASE(t_errors)};
    return TT_RUN(tests);
}
