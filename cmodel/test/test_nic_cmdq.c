/*
 * cmodel/test/test_nic_cmdq.c -- unit tests of the nic_cmdq C model (cmodel/nic_cmdq.h;
 * docs/nic_cmdq.md). Expected values come from the spec (B1: byte-valid masks, ring order, PID
 * overwrite, C1-C5) and the documented CSR map, not from the model's own output.
 */
#include <string.h>

#include "nic_cmdq.h"
#include "regs/nic_cmdq_regs.h"
#include "test/tinytest.h"

#define A(r) ((uint32_t)offsetof(nic_cmdq_t, r))

static void mk(struct nic_cmdq *m)
{
    struct nic_cmdq_cfg c = {4, 4, 12, 8};
    CHECK_EQ(nic_cmdq_init(m, &c), NIC_CMDQ_OK);
}
static void cfg_q(struct nic_cmdq *m, unsigned q, int ring, unsigned log, unsigned pid, uint64_t base, uint64_t wb)
{
    CHECK_EQ(nic_cmdq_csr_write(m, A(QSEL), q, 0xf), 0u);
    CHECK_EQ(nic_cmdq_csr_write(m, A(QBASE_LO), (uint32_t)base, 0xf), 0u);
    CHECK_EQ(nic_cmdq_csr_write(m, A(QBASE_HI), (uint32_t)(base >> 32), 0xf), 0u);
    CHECK_EQ(nic_cmdq_csr_write(m, A(QWB_LO), (uint32_t)wb, 0xf), 0u);
    CHECK_EQ(nic_cmdq_csr_write(m, A(QWB_HI), (uint32_t)(wb >> 32), 0xf), 0u);
    CHECK_EQ(nic_cmdq_csr_write(m, A(QCFG), 1u | (ring ? 2u : 0u) | 1u << 4 | log << 8 | pid << 16, 0xf), 0u);
}
/* one single-beat burst, processed by the write stage; returns the drop code */
static int beat(struct nic_cmdq *m, uint64_t addr, uint64_t data, unsigned strb)
{
    nic_cmdq_aw(m, 3, addr, 0, 3, 1);
    nic_cmdq_w(m, data, strb, 1);
    return nic_cmdq_op(m, 0);
}

static void t_csr(void)
{
    struct nic_cmdq m;
    uint32_t v;
    mk(&m);
    CHECK_EQ(nic_cmdq_csr_read(&m, A(ID), &v), 0u);
    CHECK_EQ(v, 0x4e434d51u);
    CHECK_EQ(nic_cmdq_csr_read(&m, A(PARAMS), &v), 0u);
    CHECK_EQ(v, 4u | 4u << 8 | 12u << 16);
    CHECK_EQ(nic_cmdq_csr_read(&m, A(WB_K), &v), 0u);
    CHECK_EQ(v, 4u);
    CHECK_EQ(nic_cmdq_csr_write(&m, A(QSEL), 4, 0xf), 2u);       /* no queue 4 */
    CHECK_EQ(nic_cmdq_csr_write(&m, A(ID), 0, 0xf), 2u);         /* read-only */
    CHECK_EQ(nic_cmdq_csr_write(&m, A(WB_K), 9, 0x3), 2u);       /* partial strobe */
    CHECK_EQ(nic_cmdq_csr_read(&m, 0x7fc, &v), 2u);
    CHECK_EQ(nic_cmdq_csr_read(&m, A(STAT) + 4 * NIC_CMDQ_S_CSR_ERR, &v), 0u);
    CHECK_EQ(v, 3u);
    cfg_q(&m, 2, 1, 3, 0xabc, 0x12345678c7ull, 0x9000000005ull);
    CHECK_EQ(nic_cmdq_csr_read(&m, A(QBASE_LO), &v), 0u);
    CHECK_EQ(v, 0x345678c0u);                                    /* 64-byte aligned */
    CHECK_EQ(nic_cmdq_csr_read(&m, A(QWB_LO), &v), 0u);
    CHECK_EQ(v, 0x00000000u);                                    /* 8-byte aligned */
    CHECK_EQ(nic_cmdq_csr_read(&m, A(QCFG), &v), 0u);
    CHECK_EQ(v, 1u | 2u | 1u << 4 | 3u << 8 | 0xabcu << 16);
    nic_cmdq_free(&m);
}

/* PIO: bytes arrive in any order and subsets; complete at 64; in slot order; PID overwritten */
static void t_pio(void)
{
    struct nic_cmdq m;
    struct nic_cmdq_cmd c;
    mk(&m);
    cfg_q(&m, 1, 0, 0, 0x123, 0, 0x5000);
    uint8_t cmd0[64], cmd1[64];
    for (unsigned i = 0; i < 64; i++) cmd0[i] = (uint8_t)(i * 7 + 1), cmd1[i] = (uint8_t)(200 - i);
    const uint64_t p = 1 * NIC_CMDQ_PAGE;
    /* slot 1 (command 1) written completely first: must wait for slot 0 */
    for (unsigned wd = 0; wd < 8; wd++) {
        uint64_t d = 0;
        for (unsigned j = 0; j < 8; j++) d |= (uint64_t)cmd1[8 * wd + j] << 8 * j;
        CHECK_EQ(beat(&m, p + 64 + 8 * wd, d, 0xff), NIC_CMDQ_D_OK);
    }
    CHECK_EQ(nic_cmdq_pop(&m, 1), NIC_CMDQ_EPROTO);              /* head (slot 0) incomplete: C3 */
    /* slot 0: odd bytes, then even bytes in reverse word order; one byte last */
    for (unsigned wd = 0; wd < 8; wd++) {
        uint64_t d = 0;
        for (unsigned j = 0; j < 8; j++) d |= (uint64_t)cmd0[8 * wd + j] << 8 * j;
        CHECK_EQ(beat(&m, p + 8 * wd, d, 0xaa), NIC_CMDQ_D_OK);
        CHECK_EQ(beat(&m, p + 8 * (7 - wd), ~0ull, wd == 7 ? 0x54 : 0x55), NIC_CMDQ_D_OK);
    }
    CHECK_EQ(nic_cmdq_pop(&m, 1), NIC_CMDQ_EPROTO);              /* byte 0 missing */
    /* the bytes written with ~0 data were garbage for 0x55 positions: rewrite them correctly */
    for (unsigned k = 0; k < 8; k++) {   /* words 1..7, then word 0 (its byte 0 completes) */
        const unsigned wd = (k + 1) % 8;
        uint64_t d = 0;
        for (unsigned j = 0; j < 8; j++) d |= (uint64_t)cmd0[8 * wd + j] << 8 * j;
        /* bytes already present may be written again while the command is incomplete */
        CHECK_EQ(beat(&m, p + 8 * wd, d, 0x55), NIC_CMDQ_D_OK);
    }
    CHECK_EQ(beat(&m, p + 8, 0, 0x01), NIC_CMDQ_D_FULL);         /* complete: no overwrite */
    CHECK_EQ(nic_cmdq_pop(&m, 1), NIC_CMDQ_OK);
    CHECK_EQ(nic_cmdq_pop(&m, 1), NIC_CMDQ_OK);
    CHECK_EQ(nic_cmdq_pop(&m, 1), NIC_CMDQ_EPROTO);              /* exactly once */
    CHECK_EQ(nic_cmdq_pop_cmd(&m, &c), NIC_CMDQ_OK);
    cmd0[4] = 0x23, cmd0[5] = 0x01;                              /* C4: owner's PID in bytes 5:4 */
    CHECK(memcmp(c.data, cmd0, 64) == 0);
    CHECK_EQ(c.qid, 1u);
    CHECK_EQ(c.pid, 0x123u);
    CHECK_EQ(c.vn, 1u);
    CHECK_EQ(nic_cmdq_pop_cmd(&m, &c), NIC_CMDQ_OK);
    cmd1[4] = 0x23, cmd1[5] = 0x01;
    CHECK(memcmp(c.data, cmd1, 64) == 0);
    struct nic_cmdq_b b;
    CHECK_EQ(nic_cmdq_pop_b(&m, &b), NIC_CMDQ_OK);
    CHECK_EQ(b.id, 3u);
    CHECK_EQ(b.resp, 0u);
    nic_cmdq_free(&m);
}

/* C5 and the named drops */
static void t_drops(void)
{
    struct nic_cmdq m;
    uint32_t v;
    struct nic_cmdq_b b;
    mk(&m);
    cfg_q(&m, 0, 0, 0, 1, 0, 0x100);
    cfg_q(&m, 1, 1, 2, 2, 0x4000, 0x200);
    for (unsigned wd = 0; wd < 8; wd++) CHECK_EQ(beat(&m, 8 * wd, wd, 0xff), NIC_CMDQ_D_OK);
    CHECK_EQ(beat(&m, 8, 99, 0x01), NIC_CMDQ_D_FULL);            /* C5: not overwritten */
    CHECK_EQ(beat(&m, 2 * NIC_CMDQ_PAGE, 1, 0xff), NIC_CMDQ_D_DIS);   /* queue 2 disabled */
    CHECK_EQ(beat(&m, NIC_CMDQ_DB_OFF, 1, 0xff), NIC_CMDQ_D_MODE);    /* doorbell of a PIO queue */
    CHECK_EQ(beat(&m, NIC_CMDQ_PAGE, 1, 0xff), NIC_CMDQ_D_MODE);      /* slot of a RING queue */
    CHECK_EQ(beat(&m, 0x900, 1, 0xff), NIC_CMDQ_D_UNDEF);
    CHECK_EQ(beat(&m, 4 * NIC_CMDQ_PAGE, 1, 0xff), NIC_CMDQ_D_UNDEF);      /* page bit 12+QW */
    CHECK_EQ(beat(&m, NIC_CMDQ_PAGE + NIC_CMDQ_DB_OFF, 1, 0x01), NIC_CMDQ_D_UNDEF);  /* half doorbell */
    CHECK_EQ(beat(&m, NIC_CMDQ_PAGE + NIC_CMDQ_DB_OFF, 5, 0xff), NIC_CMDQ_D_DB);     /* C1: > 4 */
    CHECK_EQ(beat(&m, NIC_CMDQ_PAGE + NIC_CMDQ_DB_OFF, 4, 0xff), NIC_CMDQ_D_OK);
    CHECK_EQ(beat(&m, NIC_CMDQ_PAGE + NIC_CMDQ_DB_OFF, 3, 0xff), NIC_CMDQ_D_DB);     /* backwards */
    nic_cmdq_aw(&m, 1, 0, 0, 2, 1);                               /* narrow burst */
    nic_cmdq_w(&m, 0, 0xff, 1);
    CHECK_EQ(nic_cmdq_op(&m, 0), NIC_CMDQ_D_UNDEF);
    uint8_t d[32] = {0};
    nic_cmdq_cpl(&m, 0, d, 1, 0);                                 /* no read outstanding */
    CHECK_EQ(nic_cmdq_op(&m, 1), NIC_CMDQ_D_STRAY);
    const unsigned exp[NIC_CMDQ_NSTAT] = {0, 0, 1, 1, 2, 4, 2, 0, 1, 0, 0, 0, 0};
    for (unsigned i = 0; i < NIC_CMDQ_NSTAT; i++) {
        CHECK_EQ(nic_cmdq_csr_read(&m, A(STAT) + 4 * i, &v), 0u);
        CHECK_EQ(v, exp[i]);
    }
    unsigned n_err = 0;
    while (nic_cmdq_pop_b(&m, &b) == NIC_CMDQ_OK) n_err += b.resp == 2;
    CHECK_EQ(n_err, 10u);                                          /* every dropped burst: SLVERR */
    nic_cmdq_free(&m);
}

/* ring: the legal read, completions into slots, ring order, cpl_err -> lost, write-back rule */
static void t_ring(void)
{
    struct nic_cmdq m;
    struct nic_cmdq_cmd c;
    const char *why;
    mk(&m);
    cfg_q(&m, 3, 1, 3, 0x77, 0x10000, 0x20008);                   /* ring of 8 */
    CHECK_EQ(beat(&m, 3 * NIC_CMDQ_PAGE + NIC_CMDQ_DB_OFF, 6, 0xff), NIC_CMDQ_D_OK);
    struct nic_cmdq_rd r = {0x10000, 5 * 64, 3};
    CHECK_EQ(nic_cmdq_rd_req(&m, &r, &why), NIC_CMDQ_EPROTO);    /* 5 > 4 free slots */
    r.len = 3 * 64;
    r.addr = 0x10040;
    CHECK_EQ(nic_cmdq_rd_req(&m, &r, &why), NIC_CMDQ_EPROTO);    /* not the fetch index */
    r.addr = 0x10000;
    CHECK_EQ(nic_cmdq_rd_req(&m, &r, &why), NIC_CMDQ_OK);
    CHECK_EQ(nic_cmdq_rd_req(&m, &r, &why), NIC_CMDQ_EPROTO);    /* one read per queue */
    uint8_t d[32];
    for (unsigned k = 0; k < 6; k++) {                            /* 3 commands = 6 beats */
        memset(d, (int)(0x10 + k), 32);
        nic_cmdq_cpl(&m, 3, d, k == 5, k >= 4);                   /* the third command fails */
        CHECK_EQ(nic_cmdq_op(&m, 1), NIC_CMDQ_D_OK);
    }
    for (unsigned k = 0; k < 3; k++) CHECK_EQ(nic_cmdq_pop(&m, 3), NIC_CMDQ_OK);
    CHECK_EQ(nic_cmdq_pop_cmd(&m, &c), NIC_CMDQ_OK);
    CHECK_EQ(c.data[0], 0x10);
    CHECK_EQ(c.data[40], 0x11);
    CHECK_EQ(c.data[4], 0x77);
    CHECK_EQ(c.data[5], 0x00);
    CHECK_EQ(nic_cmdq_pop_cmd(&m, &c), NIC_CMDQ_OK);
    CHECK_EQ(c.data[0], 0x12);
    CHECK_EQ(nic_cmdq_pop_cmd(&m, &c), NIC_CMDQ_EEMPTY);         /* third lost */
    uint32_t v;
    CHECK_EQ(nic_cmdq_csr_read(&m, A(STAT) + 4 * NIC_CMDQ_S_CMD_LOST, &v), 0u);
    CHECK_EQ(v, 1u);
    CHECK_EQ(nic_cmdq_csr_read(&m, A(STAT) + 4 * NIC_CMDQ_S_CPL_ERR, &v), 0u);
    CHECK_EQ(v, 2u);
    /* write-back: 8 bytes at 0x20008 = lane 1 of the 32-byte beat, cons 3 */
    struct nic_cmdq_wr w = {0x20008, 8, {0}};
    w.data[8] = 4;
    CHECK_EQ(nic_cmdq_wr_req(&m, &w, &why), NIC_CMDQ_EPROTO);    /* 4 > cons */
    w.data[8] = 3;
    w.data[0] = 1;
    CHECK_EQ(nic_cmdq_wr_req(&m, &w, &why), NIC_CMDQ_EPROTO);    /* byte outside the write */
    w.data[0] = 0;
    CHECK_EQ(nic_cmdq_wr_req(&m, &w, &why), NIC_CMDQ_OK);
    CHECK_EQ(nic_cmdq_wr_req(&m, &w, &why), NIC_CMDQ_EPROTO);    /* not new */
    unsigned bq;
    CHECK_EQ(nic_cmdq_idle_check(&m, &bq), NIC_CMDQ_OK);
    /* the rest: 3 more commands to the ring end (index 6, 7 wrap at 8) */
    r.addr = 0x10000 + 3 * 64;
    r.len = 3 * 64;
    CHECK_EQ(nic_cmdq_rd_req(&m, &r, &why), NIC_CMDQ_OK);
    CHECK_EQ(nic_cmdq_idle_check(&m, &bq), NIC_CMDQ_EPROTO);     /* read outstanding */
    nic_cmdq_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {TT_CASE(t_csr), TT_CASE(t_pio), TT_CASE(t_drops), TT_CASE(t_ring)};
    return TT_RUN(cases);
}
