/*
 * test_barrier.c - directed unit tests of the barrier golden model (cmodel/barrier.{h,c}) and
 * the RoCEv2 helpers (cmodel/common/roce.{h,c}).
 *
 * Every expected value comes from docs/barrier.md (section numbers in the comments), the seed
 * (shared/seeds/001_*, paragraphs ¶N) or an independent oracle (the scapy-built golden packet
 * below), never from running the model. Build with -fsanitize=address,undefined
 * (make -f cmodel/cmodel.mk cmodel-test). Closing line: "N passed, N failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "barrier.h"
#include "common/roce.h"
#include "tinytest.h"

/* ------------------------------------------------------------------ fixtures */

#define T_SRC_MAC   UINT64_C(0x020000000001)
#define T_SRC_IP    0x0a000001u           /* 10.0.0.1 */
#define T_PEER_IP   0x0a000002u           /* 10.0.0.2 */
#define T_DQP       0x123456u
#define T_RKEY      0xdeadbeefu
#define T_SPORT     49152u
#define T_TOS       0x68u
#define T_CNT_BASE  UINT64_C(0x0000100000001000)
#define T_MIR_BASE  UINT64_C(0x0000008000000000)
#define T_GROUP(b)  (0xef010200u + (uint32_t)(b))   /* 239.1.2.b */

static void w(struct barrier_dev_model *m, uint32_t addr, uint32_t data)
{
    CHECK_EQ(barrier_dev_csr_write(m, addr, data), BARRIER_CSR_DONE);
}

static void w64(struct barrier_dev_model *m, uint32_t lo_addr, uint64_t v)
{
    w(m, lo_addr, (uint32_t)v);
    w(m, lo_addr + 4u, (uint32_t)(v >> 32));
}

static uint64_t r64(const struct barrier_dev_model *m, uint32_t lo_addr)
{
    return barrier_dev_csr_read(m, lo_addr) |
           ((uint64_t)barrier_dev_csr_read(m, lo_addr + 4u) << 32);
}

/* device with the global CSRs programmed (section 6) */
static void dev_setup(struct barrier_dev_model *m, unsigned nb, unsigned nw, unsigned wd)
{
    struct barrier_dev_cfg cfg = {nb, nw, wd};
    CHECK_EQ(barrier_dev_init(m, &cfg), BARRIER_OK);
    w(m, BDEV_CSR_SRC_MAC_LO, (uint32_t)T_SRC_MAC);
    w(m, BDEV_CSR_SRC_MAC_HI, (uint32_t)(T_SRC_MAC >> 32));
    w(m, BDEV_CSR_SRC_IP, T_SRC_IP);
    w(m, BDEV_CSR_DEST_QP, T_DQP);
    w(m, BDEV_CSR_RKEY, T_RKEY);
    w(m, BDEV_CSR_UDP_SPORT_TOS, T_SPORT | (T_TOS << 16));
    w64(m, BDEV_CSR_CNT_BASE_LO, T_CNT_BASE);
    w64(m, BDEV_CSR_MIR_BASE_LO, T_MIR_BASE);
    w(m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA); /* these tests use the FA layout (section 5.2) */
}

/* one barrier: INC, STEP, group, initial counter, then enable (section 6) */
static void bar_setup(struct barrier_dev_model *m, unsigned b, uint32_t inc, uint64_t step,
                      uint64_t init)
{
    w(m, BDEV_CSR_BAR_INC(b), inc);
    w64(m, BDEV_CSR_BAR_STEP_LO(b), step);
    w(m, BDEV_CSR_GROUP_IP(b), T_GROUP(b));
    w64(m, BDEV_CSR_CNT_LO(b), init);
    w(m, BDEV_CSR_BAR_CTRL(b), 1);
}

/* recompute the IPv4 header checksum and the ICRC of a modified 86-byte packet */
static void fix_csums(uint8_t *p, size_t len)
{
    p[24] = p[25] = 0;
    uint16_t c = roce_ipv4_csum(p + 14, 20);
    p[24] = (uint8_t)(c >> 8);
    p[25] = (uint8_t)c;
    uint32_t icrc = 0;
    CHECK_EQ(roce_icrc_ipv4(p, len, &icrc), 0);
    roce_put_icrc(p + len - 4, icrc);
}

/* a notification as a peer device sends it to barrier `bar` of a device set up above */
static void mk_notif(uint8_t p[ROCE_FA_LEN], unsigned bar, uint64_t add, uint32_t psn)
{
    struct roce_fa_fields f;
    memset(&f, 0, sizeof f);
    f.dst_mac = UINT64_C(0x01005e010200) + bar;
    f.src_mac = UINT64_C(0x020000000002);
    f.tos = 0;
    f.src_ip = T_PEER_IP;
    f.dst_ip = T_GROUP(bar);
    f.psn = psn;
    f.udp_sport = 1234;
    f.dest_qp = T_DQP;
    f.va = T_CNT_BASE + 8u * bar;
    f.rkey = T_RKEY;
    f.add_data = add;
    f.cmp_data = 0;
    roce_fa_build(&f, p);
}

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

static int req(struct barrier_dev_model *m, unsigned op, unsigned pe, unsigned bar,
               uint64_t epoch)
{
    struct barrier_req q = {(uint8_t)op, (uint8_t)pe, (uint8_t)bar, epoch};
    return barrier_dev_push_req(m, &q);
}

static int hex2bin(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = strlen(hex) / 2;
    if (n > cap)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return (int)n;
}

/* ------------------------------------------------------------------ roce.{h,c} */

static void test_crc32_check_value(void)
{
    /* the CRC-32 catalogue check value of "123456789" */
    CHECK_EQ(roce_crc32((const uint8_t *)"123456789", 9), 0xcbf43926u);
    CHECK_EQ(roce_crc32(NULL, 0), 0u);
}

/*
 * Golden packet built by scapy 2.8 (Ether/IP/UDP/scapy.contrib.roce.BTH/AtomicETH, ICRC by
 * BTH.compute_icrc): dst 01:00:5e:01:02:03, src 02:00:00:00:00:01, TOS 0x68, id 0x1234, DF,
 * TTL 64, 10.0.0.1 -> 239.1.2.3, UDP 49152 -> 4791 checksum 0, BTH FETCH_ADD P_Key 0xffff
 * DestQP 0x123456 PSN 0x101234, VA 0x1000, R_Key 0xdeadbeef, add 1, compare 0.
 */
static const char *golden_hex =
    "01005e0102030200000000010800456800481234400040112d040a000001ef010203c00012b70034000014"
    "00ffff00123456001012340000000000001000deadbeef000000000000000100000000000000004148fbdc";

static void test_roce_build_golden(void)
{
    uint8_t gold[ROCE_FA_LEN], pkt[ROCE_FA_LEN];
    CHECK_EQ(hex2bin(golden_hex, gold, sizeof gold), ROCE_FA_LEN);
    struct roce_fa_fields f = {
        .dst_mac = roce_mcast_mac(0xef010203u), .src_mac = T_SRC_MAC, .tos = 0x68,
        .src_ip = 0x0a000001u, .dst_ip = 0xef010203u, .psn = 0x101234, .udp_sport = 49152,
        .dest_qp = 0x123456, .va = 0x1000, .rkey = 0xdeadbeefu, .add_data = 1, .cmp_data = 0};
    CHECK_EQ(f.dst_mac, UINT64_C(0x01005e010203));
    roce_fa_build(&f, pkt);
    CHECK(memcmp(pkt, gold, ROCE_FA_LEN) == 0);
    /* ICRC least-significant byte first: the CRC value is 0xdcfb4841 */
    uint32_t icrc = 0;
    CHECK_EQ(roce_icrc_ipv4(gold, ROCE_FA_LEN, &icrc), 0);
    CHECK_EQ(icrc, 0xdcfb4841u);
    CHECK_EQ(roce_get_icrc(gold + 82), 0xdcfb4841u);
    /* IPv4 header checksum of the golden header is 0x2d04 and verifies */
    CHECK_EQ(roce_ipv4_csum(gold + 14, 20), 0x2d04u);
    CHECK(roce_ipv4_csum_ok(gold + 14, 20));

    struct roce_fa_fields g;
    CHECK_EQ(roce_fa_parse(gold, ROCE_FA_LEN, 0x123456, 0xdeadbeefu, &g), ROCE_RX_OK);
    CHECK_EQ(g.dst_mac, f.dst_mac);
    CHECK_EQ(g.src_mac, f.src_mac);
    CHECK_EQ(g.tos, f.tos);
    CHECK_EQ(g.src_ip, f.src_ip);
    CHECK_EQ(g.dst_ip, f.dst_ip);
    CHECK_EQ(g.psn, f.psn);
    CHECK_EQ(g.udp_sport, f.udp_sport);
    CHECK_EQ(g.dest_qp, f.dest_qp);
    CHECK_EQ(g.va, f.va);
    CHECK_EQ(g.rkey, f.rkey);
    CHECK_EQ(g.add_data, f.add_data);
    CHECK_EQ(g.cmp_data, f.cmp_data);
    CHECK_EQ(roce_mcast_mac(0xefff8001u), UINT64_C(0x01005e7f8001)); /* low 23 bits only */
}

/* ------------------------------------------------------------------ barrier_dev: CSRs */

static void test_dev_init_params(void)
{
    struct barrier_dev_model m;
    const struct barrier_dev_cfg bad[] = {
        {0, 16, 64}, {3, 16, 64}, {1, 16, 64}, {64, 16, 64}, {16, 0, 64}, {16, 1, 64},
        {16, 12, 64}, {16, 256, 64}, {16, 16, 3}, {16, 16, 65}, {16, 16, 0}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_EQ(barrier_dev_init(&m, &bad[i]), BARRIER_EINVAL);
        barrier_dev_free(&m);
    }
    CHECK_EQ(barrier_dev_init(&m, NULL), BARRIER_EINVAL);
    barrier_dev_free(&m);

    struct barrier_dev_cfg c1 = {16, 16, 64};
    CHECK_EQ(barrier_dev_init(&m, &c1), BARRIER_OK);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_ID), 0x42415231u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_PARAMS), 0x04400404u);
    barrier_dev_free(&m);
    barrier_dev_free(&m); /* idempotent */

    struct barrier_dev_cfg c2 = {32, 128, 4};
    CHECK_EQ(barrier_dev_init(&m, &c2), BARRIER_OK);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_PARAMS), 0x04040705u);
    barrier_dev_free(&m);

    struct barrier_dev_cfg c3 = {2, 2, 33};
    CHECK_EQ(barrier_dev_init(&m, &c3), BARRIER_OK);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_PARAMS), 0x04210101u);
    barrier_dev_free(&m);
}

static void test_dev_csr_reset_values(void)
{
    struct barrier_dev_model m;
    struct barrier_dev_cfg cfg = {16, 16, 64};
    CHECK_EQ(barrier_dev_init(&m, &cfg), BARRIER_OK);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_INC_MAX), 1u); /* reset 1 */
    const uint32_t zero[] = {BDEV_CSR_CTRL, BDEV_CSR_SRC_MAC_LO, BDEV_CSR_SRC_MAC_HI,
                             BDEV_CSR_SRC_IP, BDEV_CSR_DEST_QP, BDEV_CSR_RKEY,
                             BDEV_CSR_UDP_SPORT_TOS, BDEV_CSR_CNT_BASE_LO, BDEV_CSR_CNT_BASE_HI,
                             BDEV_CSR_MIR_BASE_LO, BDEV_CSR_MIR_BASE_HI, BDEV_CSR_TX_PSN,
                             BDEV_CSR_SRC};
    for (unsigned i = 0; i < sizeof zero / sizeof zero[0]; i++)
        CHECK_EQ(barrier_dev_csr_read(&m, zero[i]), 0u);
    for (unsigned i = 0; i < BDS_NUM_STATS; i++)
        CHECK_EQ(barrier_dev_csr_read(&m, 0x100u + 4u * i), 0u);
    for (unsigned b = 0; b < 16; b++)
        for (unsigned r = 0; r < 32; r += 4) /* BAR_LOCAL_N resets to 1 (section 6) */
            CHECK_EQ(barrier_dev_csr_read(&m, 0x400u + 32u * b + r), r == 0x14u ? 1u : 0u);
    for (unsigned p = 0; p < 16; p++)
        CHECK_EQ(r64(&m, 0x800u + 8u * p), 0u);
    CHECK_EQ(barrier_dev_releasable(&m, NULL), 0u);
    barrier_dev_free(&m);
}

static void test_dev_csr_widths(void)
{
    struct barrier_dev_model m;
    struct barrier_dev_cfg cfg = {16, 16, 16};
    CHECK_EQ(barrier_dev_init(&m, &cfg), BARRIER_OK);
    const struct { uint32_t a, v; } exp[] = {
        {BDEV_CSR_CTRL, 0x3u},         {BDEV_CSR_INC_MAX, 0xffffffffu},
        {BDEV_CSR_SRC, 0xffffffffu},
        {BDEV_CSR_SRC_MAC_LO, 0xffffffffu}, {BDEV_CSR_SRC_MAC_HI, 0xffffu},
        {BDEV_CSR_SRC_IP, 0xffffffffu}, {BDEV_CSR_DEST_QP, 0xffffffu},
        {BDEV_CSR_RKEY, 0xffffffffu},   {BDEV_CSR_UDP_SPORT_TOS, 0xffffffu},
        {BDEV_CSR_CNT_BASE_LO, 0xffffffffu}, {BDEV_CSR_CNT_BASE_HI, 0xffffffffu},
        {BDEV_CSR_MIR_BASE_LO, 0xffffffffu}, {BDEV_CSR_MIR_BASE_HI, 0xffffffffu},
        {BDEV_CSR_TX_PSN, 0xffffffu},
        /* W = 16: INC, STEP, CNT and TGT hold W bits */
        {BDEV_CSR_BAR_INC(3), 0xffffu}, {BDEV_CSR_BAR_STEP_LO(3), 0xffffu},
        {BDEV_CSR_BAR_STEP_HI(3), 0u},  {BDEV_CSR_GROUP_IP(3), 0xffffffffu},
        {BDEV_CSR_CNT_LO(3), 0xffffu},  {BDEV_CSR_CNT_HI(3), 0u},
        {BDEV_CSR_TGT_LO(5), 0xffffu},  {BDEV_CSR_TGT_HI(5), 0u}};
    for (unsigned i = 0; i < sizeof exp / sizeof exp[0]; i++) {
        CHECK_EQ(barrier_dev_csr_write(&m, exp[i].a, 0xffffffffu), BARRIER_CSR_DONE);
        CHECK_EQ(barrier_dev_csr_read(&m, exp[i].a), exp[i].v);
    }
    /* BAR_CTRL keeps bits 2:0 (EN, INTERNAL_PATH, LEADER); STEP = 0xffff > 2^15 is invalid, so
       set a valid one first */
    w(&m, BDEV_CSR_BAR_STEP_LO(3), 4);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(3), 0xffffffffu), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(3)), 7u);
    /* legacy map (barrier_dev_set_ext(m, 0)): bit 0 only */
    barrier_dev_set_ext(&m, 0);
    w(&m, BDEV_CSR_BAR_STEP_LO(3), 4);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(3), 0xffffffffu), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(3)), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 0u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CFG_REJECT), 0u);
    barrier_dev_free(&m);
}

static void test_dev_csr_readonly_and_holes(void)
{
    struct barrier_dev_model m;
    struct barrier_dev_cfg cfg = {16, 16, 64};
    CHECK_EQ(barrier_dev_init(&m, &cfg), BARRIER_OK);
    const uint32_t bad[] = {BDEV_CSR_ID, BDEV_CSR_PARAMS, 0x040u, 0x0FCu, BDEV_CSR_STAT(0),
                            BDEV_CSR_STAT(22), BDEV_CSR_STAT(25), BDEV_CSR_STAT(26), 0x414u, 0x400u + 32u * 16u,
                            0x800u + 8u * 16u, 0xFFFCu};
    unsigned n = sizeof bad / sizeof bad[0];
    for (unsigned i = 0; i < n; i++)
        CHECK_EQ(barrier_dev_csr_write(&m, bad[i], 0x12345678u), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_ID), 0x42415231u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_PARAMS), 0x04400404u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), n);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_STAT(BDS_CSR_ERR)), n);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_OK), 0u); /* the write to stat 0 had no effect */
    CHECK_EQ(barrier_dev_csr_read(&m, 0x414u), 1u); /* BAR_LOCAL_N[0]: 0x12345678 > NUM_PES refused */
    barrier_dev_free(&m);
}

/* section 2: enable refused when STEP == 0 or STEP > 2^(W-1) (cfg_reject) */
static void test_dev_cfg_reject(void)
{
    struct barrier_dev_model m;
    struct barrier_dev_cfg c8 = {16, 16, 8};
    CHECK_EQ(barrier_dev_init(&m, &c8), BARRIER_OK);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(0), 1), BARRIER_CSR_REJECT); /* STEP 0 */
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(0)), 0u);
    w(&m, BDEV_CSR_BAR_STEP_LO(0), 129); /* 2^7 + 1 */
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(0), 1), BARRIER_CSR_REJECT);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(0)), 0u);
    w(&m, BDEV_CSR_BAR_STEP_LO(0), 128); /* 2^7: the largest safe step (note S4) */
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(0), 1), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(0)), 1u);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(1), 0), BARRIER_CSR_DONE); /* disable ok */
    CHECK_EQ(barrier_dev_stat(&m, BDS_CFG_REJECT), 2u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 0u);
    /* STEP is locked while the barrier is enabled (section 6 write rules) */
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_STEP_LO(0), 200), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_STEP_HI(0), 1), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_STEP_LO(0)), 128u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(0)), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 2u);
    /* partial writes and unaligned addresses are refused; holes read as errors */
    CHECK_EQ(barrier_dev_csr_write_strb(&m, BDEV_CSR_CTRL, 1, 0x1), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_CTRL + 1u, 1), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_CTRL), 0u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 4u);
    CHECK_EQ(barrier_dev_csr_read_err(&m, 0x414u), 0);             /* BAR_LOCAL_N[0] */
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_STAT(26)), 0);  /* rx_drop_self */
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_STAT(27)), 1);
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_STAT(25)), 0);
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_BAR_CTRL(16)), 1);
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_TGT_HI(15)), 0);
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_TGT_LO(16)), 1);
    CHECK_EQ(barrier_dev_csr_read_err(&m, 0x03cu), 0); /* SRC */
    CHECK_EQ(barrier_dev_csr_read_err(&m, 0x040u), 1);
    /* a request on a refused barrier gets ERR_BAR */
    struct barrier_rel rel;
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 1, 0), BARRIER_REQ_ERR_BAR);
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 1);
    CHECK_EQ(rel.status, BARRIER_ST_ERR_BAR);
    barrier_dev_free(&m);

    struct barrier_dev_cfg c64 = {16, 16, 64};
    CHECK_EQ(barrier_dev_init(&m, &c64), BARRIER_OK);
    w64(&m, BDEV_CSR_BAR_STEP_LO(2), UINT64_C(1) << 63);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(2), 1), BARRIER_CSR_DONE);
    w64(&m, BDEV_CSR_BAR_STEP_LO(3), (UINT64_C(1) << 63) + 1u);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(3), 1), BARRIER_CSR_REJECT);
    w64(&m, BDEV_CSR_BAR_STEP_LO(4), UINT64_MAX);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(4), 1), BARRIER_CSR_REJECT);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CFG_REJECT), 2u);
    barrier_dev_free(&m);

    /* W = 4: STEP is 4 bits, 16 -> 0 -> refused; 8 = 2^3 accepted; 9 refused */
    struct barrier_dev_cfg c4 = {2, 2, 4};
    CHECK_EQ(barrier_dev_init(&m, &c4), BARRIER_OK);
    w(&m, BDEV_CSR_BAR_STEP_LO(0), 16);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(0), 1), BARRIER_CSR_REJECT);
    w(&m, BDEV_CSR_BAR_STEP_LO(0), 9);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(0), 1), BARRIER_CSR_REJECT);
    w(&m, BDEV_CSR_BAR_STEP_LO(0), 8);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(0), 1), BARRIER_CSR_DONE);
    barrier_dev_free(&m);
}

/* section 6: CNT writable only while disabled; TGT only while the PE is idle (csr_err) */
static void test_dev_csr_locks(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    dev_setup(&m, 16, 16, 64);
    w64(&m, BDEV_CSR_CNT_LO(1), UINT64_C(0x1111222233334444)); /* disabled: writable */
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(1)), UINT64_C(0x1111222233334444));
    w(&m, BDEV_CSR_BAR_STEP_LO(1), 4);
    w(&m, BDEV_CSR_BAR_CTRL(1), 1);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_CNT_LO(1), 5), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_CNT_HI(1), 5), BARRIER_CSR_ERR);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(1)), UINT64_C(0x1111222233334444));
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 2u);
    w(&m, BDEV_CSR_BAR_CTRL(1), 0);
    w(&m, BDEV_CSR_CNT_LO(1), 5);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(1)), UINT64_C(0x1111222200000005));
    w(&m, BDEV_CSR_CNT_HI(1), 0);

    /* TGT: idle -> writable (save/restore, note A3) */
    w64(&m, BDEV_CSR_TGT_LO(2), 100);
    CHECK_EQ(r64(&m, BDEV_CSR_TGT_LO(2)), 100u);
    w(&m, BDEV_CSR_BAR_CTRL(1), 1);
    /* armed -> locked */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 2, 1, 8), BARRIER_REQ_WAIT);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_TGT_LO(2), 7), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_TGT_HI(2), 7), BARRIER_CSR_ERR);
    CHECK_EQ(r64(&m, BDEV_CSR_TGT_LO(2)), 8u);
    /* other PEs unaffected */
    w(&m, BDEV_CSR_TGT_LO(3), 9);
    /* pending error response -> locked */
    CHECK_EQ(req(&m, BARRIER_OP_ILLEGAL, 4, 1, 0), BARRIER_REQ_ERR_OP);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_TGT_LO(4), 7), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_pop_rel(&m, 4, &rel), 1);
    w(&m, BDEV_CSR_TGT_LO(4), 7); /* idle again */
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 5u);
    barrier_dev_free(&m);
}

/* ------------------------------------------------------------------ barrier_dev: TX */

/* section 5: the notification is byte-identical to the scapy golden packet */
static void test_dev_tx_golden(void)
{
    struct barrier_dev_model m;
    uint8_t gold[ROCE_FA_LEN], pkt[128];
    size_t len = 0;
    CHECK_EQ(hex2bin(golden_hex, gold, sizeof gold), ROCE_FA_LEN);
    dev_setup(&m, 16, 16, 64);
    w64(&m, BDEV_CSR_CNT_BASE_LO, 0x1000u - 8u * 5u); /* VA of barrier 5 = 0x1000 */
    w(&m, BDEV_CSR_TX_PSN, 0x101234);
    w(&m, BDEV_CSR_BAR_INC(5), 1);
    w(&m, BDEV_CSR_BAR_STEP_LO(5), 4);
    w(&m, BDEV_CSR_GROUP_IP(5), 0xef010203u);
    w(&m, BDEV_CSR_BAR_CTRL(5), 1);
    CHECK_EQ(barrier_dev_pop_tx(&m, pkt, sizeof pkt, &len), 0);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 5, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(barrier_dev_pop_tx(&m, pkt, 85, &len), BARRIER_ENOSPC);
    CHECK_EQ(barrier_dev_pop_tx(&m, pkt, sizeof pkt, &len), 1);
    CHECK_EQ(len, 86u);
    CHECK(memcmp(pkt, gold, ROCE_FA_LEN) == 0);
    CHECK_EQ(barrier_dev_pop_tx(&m, pkt, sizeof pkt, &len), 0);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_TX_PSN), 0x101235u); /* +1 per packet */
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 1u);
    barrier_dev_free(&m);
}

/* section 5: PSN is a 24-bit counter (+1 per packet), identification = PSN[15:0] */
static void test_dev_tx_psn_wrap(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    uint8_t pkt[ROCE_FA_LEN];
    size_t len;
    dev_setup(&m, 16, 16, 64);
    bar_setup(&m, 2, 3, 1, 0);
    w(&m, BDEV_CSR_TX_PSN, 0xfffffe);
    const uint32_t psn[3] = {0xfffffe, 0xffffff, 0x000000};
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 7, 2, 0), BARRIER_REQ_ARRIVE_NB);
        CHECK_EQ(barrier_dev_pop_rel(&m, 7, &rel), 1);
        CHECK_EQ(barrier_dev_pop_tx(&m, pkt, sizeof pkt, &len), 1);
        CHECK_EQ((pkt[51] << 16) | (pkt[52] << 8) | pkt[53], psn[i]);
        CHECK_EQ((pkt[18] << 8) | pkt[19], psn[i] & 0xffffu);
        /* VA = CNT_BASE + 8*bar, add data = INC, compare 0, dst IP = GROUP_IP[bar] */
        struct roce_fa_fields f;
        CHECK_EQ(roce_fa_parse(pkt, len, T_DQP, T_RKEY, &f), ROCE_RX_OK);
        CHECK_EQ(f.va, T_CNT_BASE + 16u);
        CHECK_EQ(f.add_data, 3u);
        CHECK_EQ(f.cmp_data, 0u);
        CHECK_EQ(f.dst_ip, T_GROUP(2));
        CHECK_EQ(f.dst_mac, UINT64_C(0x01005e010202));
        CHECK_EQ(f.src_mac, T_SRC_MAC);
        CHECK_EQ(f.src_ip, T_SRC_IP);
        CHECK_EQ(f.tos, T_TOS);
        CHECK_EQ(f.udp_sport, T_SPORT);
        CHECK_EQ(f.dest_qp, T_DQP);
        CHECK_EQ(f.rkey, T_RKEY);
        CHECK_EQ(pkt[50], 0u); /* AckReq 0: no response (¶33, ¶51) */
        CHECK_EQ(pkt[22], 64u);
        CHECK_EQ((pkt[20] << 8) | pkt[21], 0x4000u);
        CHECK_EQ((pkt[40] << 8) | pkt[41], 0u);
    }
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_TX_PSN), 1u);
    barrier_dev_free(&m);
}

/* ------------------------------------------------------------------ barrier_dev: RX drops */

static void rx_expect(struct barrier_dev_model *m, const uint8_t *p, size_t len,
                      enum roce_rx_verdict v, const char *what)
{
    /* statistics index of each verdict (section 5.4) */
    static const unsigned st[] = {BDS_RX_OK, BDS_RX_DROP_TRUNC, BDS_RX_DROP_LONG,
        BDS_RX_DROP_MALFORMED, BDS_RX_DROP_IPCSUM, BDS_RX_DROP_NOT_ROCE, BDS_RX_DROP_OPCODE,
        BDS_RX_DROP_ICRC, BDS_RX_DROP_RKEY, BDS_RX_DROP_SRC, BDS_RX_DROP_DUP, BDS_RX_DROP_BAR,
        BDS_RX_DROP_INC};
    /* every case is a first notification of its source: forget the sequence state */
    CHECK_EQ(barrier_dev_set_num_sources(m, m->num_sources), BARRIER_OK);
    uint32_t before = barrier_dev_stat(m, st[v]);
    int got = barrier_dev_push_rx(m, p, len);
    if (got != (int)v)
        fprintf(stderr, "  rx case '%s': verdict %d, expected %d\n", what, got, (int)v);
    CHECK_EQ(got, v);
    CHECK_EQ(barrier_dev_stat(m, st[v]), before + 1u);
}

/* section 5: every barrier_rx drop counter, and the first-match-wins order */
static void test_dev_rx_drops(void)
{
    struct barrier_dev_model m;
    uint8_t good[ROCE_FA_LEN], p[ROCE_FA_LEN + 8];
    struct barrier_mir mir;
    dev_setup(&m, 16, 16, 64);
    w(&m, BDEV_CSR_INC_MAX, 5);
    bar_setup(&m, 3, 1, 4, 0);
    mk_notif(good, 3, 2, 77);

#define MUT(desc, verdict, fix, stmt)                                                         \
    do {                                                                                      \
        memcpy(p, good, ROCE_FA_LEN);                                                         \
        stmt;                                                                                 \
        if (fix)                                                                              \
            fix_csums(p, ROCE_FA_LEN);                                                        \
        rx_expect(&m, p, ROCE_FA_LEN, verdict, desc);                                         \
    } while (0)

    /* accepted: cnt += add, one mirror write */
    rx_expect(&m, good, ROCE_FA_LEN, ROCE_RX_OK, "good");
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(3)), 2u);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.addr, T_MIR_BASE + 24u);
    CHECK_EQ(mir.data, 2u);

    /* rx_drop_trunc / rx_drop_long */
    rx_expect(&m, good, 85, ROCE_RX_TRUNC, "85 bytes");
    rx_expect(&m, good, 0, ROCE_RX_TRUNC, "0 bytes");
    rx_expect(&m, good, 1, ROCE_RX_TRUNC, "1 byte");
    memcpy(p, good, ROCE_FA_LEN);
    p[86] = 0;
    rx_expect(&m, p, 87, ROCE_RX_LONG, "87 bytes");

    /* rx_drop_malformed (checked before the IP checksum: no fix needed) */
    MUT("ethertype", ROCE_RX_MALFORMED, 0, put16(p + 12, 0x86dd));
    MUT("ver/ihl 0x46", ROCE_RX_MALFORMED, 0, p[14] = 0x46);
    MUT("ver 6", ROCE_RX_MALFORMED, 0, p[14] = 0x65);
    MUT("MF", ROCE_RX_MALFORMED, 1, put16(p + 20, 0x6000));
    MUT("frag offset", ROCE_RX_MALFORMED, 1, put16(p + 20, 0x4001));
    MUT("reserved flag", ROCE_RX_MALFORMED, 1, put16(p + 20, 0xc000));
    MUT("protocol", ROCE_RX_MALFORMED, 1, p[23] = 6);
    MUT("ip total length", ROCE_RX_MALFORMED, 1, put16(p + 16, 73));
    MUT("udp length", ROCE_RX_MALFORMED, 1, put16(p + 38, 51));
    /* DF is not required: flags 0 with fixed checksums is accepted */
    MUT("DF clear", ROCE_RX_OK, 1, put16(p + 20, 0x0000));

    /* rx_drop_ipcsum */
    MUT("ip checksum", ROCE_RX_IPCSUM, 0, p[25] ^= 1);
    MUT("ttl without checksum fix", ROCE_RX_IPCSUM, 0, p[22] = 63);
    MUT("ipcsum before not_roce", ROCE_RX_IPCSUM, 0, (p[25] ^= 1, put16(p + 36, 4792)));

    /* rx_drop_not_roce */
    MUT("dport 4792", ROCE_RX_NOT_ROCE, 1, put16(p + 36, 4792));
    MUT("dport 4791 swapped", ROCE_RX_NOT_ROCE, 1, put16(p + 36, 0xb712));

    /* rx_drop_opcode */
    MUT("opcode CMP_SWAP", ROCE_RX_OPCODE, 1, p[42] = 0x13);
    MUT("opcode UC", ROCE_RX_OPCODE, 1, p[42] = 0x34);
    MUT("tver 1", ROCE_RX_OPCODE, 1, p[43] = 0x01);
    MUT("pkey", ROCE_RX_OPCODE, 1, put16(p + 44, 0x7fff));
    MUT("dest qp", ROCE_RX_OPCODE, 1, p[49] ^= 1);
    MUT("opcode before icrc", ROCE_RX_OPCODE, 0, p[42] = 0x13);
    /* SE/M/Pad, AckReq and reserved bytes are not checked */
    MUT("SE/M/Pad", ROCE_RX_OK, 1, p[43] = 0xf0);
    MUT("AckReq", ROCE_RX_OK, 1, p[50] = 0x80);

    /* rx_drop_icrc */
    MUT("icrc byte", ROCE_RX_ICRC, 0, p[82] ^= 1);
    MUT("icrc msb", ROCE_RX_ICRC, 0, p[85] ^= 0x80);
    MUT("payload changed", ROCE_RX_ICRC, 0, p[60] ^= 1);
    MUT("src ip changed, ip csum fixed", ROCE_RX_ICRC, 0,
        (p[29] ^= 1, p[24] = 0, p[25] = 0, put16(p + 24, roce_ipv4_csum(p + 14, 20))));
    MUT("icrc byte order", ROCE_RX_ICRC, 0,
        (fix_csums(p, ROCE_FA_LEN), roce_put_icrc(p + 82, ((uint32_t)p[82] << 24) |
                                                              ((uint32_t)p[83] << 16) |
                                                              ((uint32_t)p[84] << 8) | p[85])));
    MUT("icrc before rkey", ROCE_RX_ICRC, 0, p[62] ^= 1);
    /* ICRC masks TOS, TTL, IP checksum, UDP checksum and BTH byte 4 (A17.4) */
    MUT("tos masked", ROCE_RX_OK, 0,
        (p[15] = 0xb8, p[24] = 0, p[25] = 0, put16(p + 24, roce_ipv4_csum(p + 14, 20))));
    MUT("ttl masked", ROCE_RX_OK, 0,
        (p[22] = 1, p[24] = 0, p[25] = 0, put16(p + 24, roce_ipv4_csum(p + 14, 20))));
    MUT("udp checksum masked", ROCE_RX_OK, 0, put16(p + 40, 0x1234));
    MUT("bth fecn/becn masked", ROCE_RX_OK, 0, p[46] = 0xc0);

    /* rx_drop_rkey */
    MUT("rkey", ROCE_RX_RKEY, 1, p[65] ^= 1);
    MUT("rkey before bar", ROCE_RX_RKEY, 1, (p[65] ^= 1, put64(p + 54, 0)));

    /* rx_drop_bar */
    MUT("va below base", ROCE_RX_BAR, 1, put64(p + 54, T_CNT_BASE - 8u));
    MUT("va at base + 8*NB", ROCE_RX_BAR, 1, put64(p + 54, T_CNT_BASE + 8u * 16u));
    MUT("va misaligned", ROCE_RX_BAR, 1, put64(p + 54, T_CNT_BASE + 8u * 3u + 4u));
    MUT("va far away", ROCE_RX_BAR, 1, put64(p + 54, T_CNT_BASE + (UINT64_C(1) << 40) + 24u));
    MUT("barrier disabled", ROCE_RX_BAR, 1, put64(p + 54, T_CNT_BASE + 8u * 4u));
    MUT("dst ip != group", ROCE_RX_BAR, 1, p[33] ^= 1);
    MUT("bar before inc", ROCE_RX_BAR, 1, (p[33] ^= 1, put64(p + 66, 0)));

    /* rx_drop_inc: INC_MAX = 5 */
    MUT("add 0", ROCE_RX_INC, 1, put64(p + 66, 0));
    MUT("add INC_MAX+1", ROCE_RX_INC, 1, put64(p + 66, 6));
    MUT("add 2^32+1", ROCE_RX_INC, 1, put64(p + 66, (UINT64_C(1) << 32) + 1u));
    MUT("add INC_MAX", ROCE_RX_OK, 1, put64(p + 66, 5));
    /* compare data bits 63:8 are not checked (bits 7:0 carry the source index, section 5.2) */
    MUT("compare data", ROCE_RX_OK, 1, put64(p + 74, UINT64_C(42) << 8));
#undef MUT

    /* the 10 accepted packets were applied: good, DF clear, SE/M/Pad, AckReq, 4 masked
       fields and compare data add 2 each, INC_MAX adds 5: 9*2 + 5 = 23 */
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(3)), 23u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_OK), 10u);
    { /* mirror writes coalesce per barrier (section 4): one write with the latest value */
        struct barrier_mir mir;
        uint32_t mw = barrier_dev_stat(&m, BDS_MIRROR_WR);
        CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
        CHECK_EQ(mir.data, 23u);
        CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 0);
        CHECK_EQ(barrier_dev_stat(&m, BDS_MIRROR_WR), mw + 1u);
    }
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_TRUNC), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_LONG), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_MALFORMED), 9u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_IPCSUM), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_NOT_ROCE), 2u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_OPCODE), 6u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_ICRC), 6u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_RKEY), 2u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_BAR), 7u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_INC), 3u);
    /* rx drops touch neither requests nor TX */
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 0u);
    barrier_dev_free(&m);
}

/* section 5: a VA range that reaches 2^64 is not wrapped: VA below CNT_BASE is outside */
static void test_dev_rx_va_top(void)
{
    struct barrier_dev_model m;
    uint8_t p[ROCE_FA_LEN];
    dev_setup(&m, 2, 2, 64);
    w64(&m, BDEV_CSR_CNT_BASE_LO, UINT64_C(0xfffffffffffffff8)); /* barrier 0 at the top */
    bar_setup(&m, 0, 1, 1, 0);
    bar_setup(&m, 1, 1, 1, 0);
    mk_notif(p, 0, 1, 0);
    put64(p + 54, UINT64_C(0xfffffffffffffff8));
    fix_csums(p, ROCE_FA_LEN);
    rx_expect(&m, p, ROCE_FA_LEN, ROCE_RX_OK, "top barrier 0");
    mk_notif(p, 1, 1, 0);
    put64(p + 54, 0); /* CNT_BASE + 8 mod 2^64 */
    fix_csums(p, ROCE_FA_LEN);
    rx_expect(&m, p, ROCE_FA_LEN, ROCE_RX_BAR, "wrapped VA");
    barrier_dev_free(&m);
}

/* ------------------------------------------------------------------ barrier_dev: requests */

/* section 3: every request check, in order, with status codes and epochs */
static void test_dev_req_errors(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    dev_setup(&m, 16, 16, 64);
    bar_setup(&m, 1, 1, 4, 0);

    /* 1. pe >= NUM_PES: dropped, nobody answered */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 16, 1, 0), BARRIER_REQ_DROP_PE);
    CHECK_EQ(req(&m, BARRIER_OP_ILLEGAL, 255, 99, 0), BARRIER_REQ_DROP_PE);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REQ_DROP_PE), 2u);
    CHECK_EQ(barrier_dev_releasable(&m, NULL), 0u);

    /* 3. op == 3 -> ERR_OP (before the barrier check), epoch echoed */
    CHECK_EQ(req(&m, BARRIER_OP_ILLEGAL, 0, 200, 0xabc), BARRIER_REQ_ERR_OP);
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 1);
    CHECK_EQ(rel.pe, 0u);
    CHECK_EQ(rel.bar, 200u);
    CHECK_EQ(rel.epoch, 0xabcu);
    CHECK_EQ(rel.status, 3u);
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 0); /* exactly one response */

    /* 2. busy: pending response */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 1, 16, 0), BARRIER_REQ_ERR_BAR); /* bar >= NB */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 1, 1, 0), BARRIER_REQ_DROP_BUSY);
    CHECK_EQ(barrier_dev_pop_rel(&m, 1, &rel), 1);
    CHECK_EQ(rel.status, 1u);
    CHECK_EQ(rel.bar, 16u);
    CHECK_EQ(rel.epoch, 0u); /* ARRIVE: the request's epoch field, 0 */
    /* 2. busy: armed */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 1, 1, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 1, 1, 0), BARRIER_REQ_DROP_BUSY);
    CHECK_EQ(req(&m, BARRIER_OP_ILLEGAL, 1, 1, 0), BARRIER_REQ_DROP_BUSY); /* busy before op */
    CHECK_EQ(barrier_dev_stat(&m, BDS_REQ_DROP_BUSY), 3u);
    CHECK_EQ(barrier_dev_pop_rel(&m, 1, &rel), 0); /* armed, cnt 0 < 4 */

    /* 4. barrier disabled -> ERR_BAR, WAIT epoch echoed, tgt unchanged */
    w64(&m, BDEV_CSR_TGT_LO(2), 40);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 2, 2, 0x77), BARRIER_REQ_ERR_BAR);
    CHECK_EQ(barrier_dev_pop_rel(&m, 2, &rel), 1);
    CHECK_EQ(rel.bar, 2u);
    CHECK_EQ(rel.epoch, 0x77u);
    CHECK_EQ(rel.status, 1u);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 2, 2, 0), BARRIER_REQ_ERR_BAR);
    CHECK_EQ(barrier_dev_pop_rel(&m, 2, &rel), 1);
    CHECK_EQ(rel.status, 1u);
    CHECK_EQ(r64(&m, BDEV_CSR_TGT_LO(2)), 40u);

    /* 5. WAIT too far ahead: d = epoch - cnt (cnt = 0, STEP = 4) */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 3, 1, 5), BARRIER_REQ_ERR_FAR);
    CHECK_EQ(barrier_dev_pop_rel(&m, 3, &rel), 1);
    CHECK_EQ(rel.status, 2u);
    CHECK_EQ(rel.epoch, 5u);
    CHECK_EQ(rel.bar, 1u);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 3, 1, (UINT64_C(1) << 63) - 1u), BARRIER_REQ_ERR_FAR);
    CHECK_EQ(barrier_dev_pop_rel(&m, 3, &rel), 1);
    CHECK_EQ(rel.status, 2u);
    /* d = STEP: legitimate, armed, not releasable yet */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 3, 1, 4), BARRIER_REQ_WAIT);
    CHECK_EQ(barrier_dev_pop_rel(&m, 3, &rel), 0);
    /* d >= 2^(W-1): the epoch is behind the counter, released at once */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 4, 1, UINT64_MAX), BARRIER_REQ_WAIT);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 5, 1, UINT64_C(1) << 63), BARRIER_REQ_WAIT);
    CHECK_EQ(barrier_dev_pop_rel(&m, 4, &rel), 1);
    CHECK_EQ(rel.status, 0u);
    CHECK_EQ(rel.epoch, UINT64_MAX);
    CHECK_EQ(barrier_dev_pop_rel(&m, 5, &rel), 0); /* GE(0, 2^63) is false */

    CHECK_EQ(barrier_dev_stat(&m, BDS_RSP_ERR_OP), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RSP_ERR_BAR), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RSP_ERR_FAR), 2u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REQ_ARRIVE), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REQ_WAIT), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REL_OK), 1u); /* error releases are not rel_ok */
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 1u);
    /* the ERR_FAR check uses the counter at the time of the request */
    uint8_t p[ROCE_FA_LEN];
    for (int i = 0; i < 4; i++) {
        mk_notif(p, 1, 1, (uint32_t)i);
        CHECK_EQ(barrier_dev_push_rx(&m, p, ROCE_FA_LEN), ROCE_RX_OK);
    }
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 6, 1, 8), BARRIER_REQ_WAIT);   /* d = 4 */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 7, 1, 9), BARRIER_REQ_ERR_FAR); /* d = 5 */
    barrier_dev_free(&m);
}

/* section 3: ARRIVE advances tgt by STEP; the release carries the epoch; busy until popped */
static void test_dev_arrive_release(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    uint64_t bm[4];
    dev_setup(&m, 16, 16, 64);
    bar_setup(&m, 0, 1, 2, 0);
    w64(&m, BDEV_CSR_TGT_LO(9), 10);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_CNT_LO(0), 7), BARRIER_CSR_ERR); /* enabled */
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 1u);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 9, 0, 0x5555), BARRIER_REQ_ARRIVE);
    CHECK_EQ(r64(&m, BDEV_CSR_TGT_LO(9)), 12u);
    for (int i = 0; i < 11; i++)
        CHECK_EQ(barrier_dev_push_inc(&m, 0, 1), BARRIER_OK);
    CHECK_EQ(barrier_dev_pop_rel(&m, 9, &rel), 0);
    CHECK_EQ(barrier_dev_releasable(&m, bm), 0u);
    CHECK_EQ(barrier_dev_push_inc(&m, 0, 1), BARRIER_OK);
    CHECK_EQ(barrier_dev_releasable(&m, bm), 1u);
    CHECK_EQ(bm[0], UINT64_C(1) << 9);
    /* releasable but not yet released: still busy */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 9, 0, 0), BARRIER_REQ_DROP_BUSY);
    CHECK_EQ(barrier_dev_pop_rel(&m, 8, &rel), 0);
    CHECK_EQ(barrier_dev_pop_rel(&m, 9, &rel), 1);
    CHECK_EQ(rel.pe, 9u);
    CHECK_EQ(rel.bar, 0u);
    CHECK_EQ(rel.epoch, 12u);
    CHECK_EQ(rel.status, 0u);
    CHECK_EQ(barrier_dev_pop_rel(&m, 9, &rel), 0);
    CHECK_EQ(barrier_dev_releasable(&m, NULL), 0u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REL_OK), 1u);
    CHECK_EQ(barrier_dev_pop_rel(&m, 16, &rel), BARRIER_EINVAL);
    CHECK_EQ(barrier_dev_push_inc(&m, 16, 1), BARRIER_EINVAL);
    barrier_dev_free(&m);
}

/* section 3: ARRIVE_NB answers at once with the epoch to wait for; then WAIT */
static void test_dev_arrive_nb_then_wait(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    uint8_t pkt[ROCE_FA_LEN];
    size_t len;
    dev_setup(&m, 16, 16, 32);
    bar_setup(&m, 4, 1, 3, 0xfffffffeu); /* N = 3, INIT = 2^32 - 2 */
    w64(&m, BDEV_CSR_TGT_LO(0), 0xfffffffeu);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 0, 4, 0), BARRIER_REQ_ARRIVE_NB);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 0, 4, 1), BARRIER_REQ_DROP_BUSY); /* response pending */
    CHECK_EQ(barrier_dev_pop_tx(&m, pkt, sizeof pkt, &len), 1);          /* notification sent */
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 1);
    CHECK_EQ(rel.status, 0u);
    CHECK_EQ(rel.bar, 4u);
    CHECK_EQ(rel.epoch, 1u); /* 2^32 - 2 + 3 mod 2^32 */
    CHECK_EQ(barrier_dev_stat(&m, BDS_REL_OK), 1u);
    /* the PE is free to compute; it then waits with the returned epoch */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 0, 4, rel.epoch), BARRIER_REQ_WAIT);
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 0);
    CHECK_EQ(barrier_dev_push_inc(&m, 4, 1), BARRIER_OK); /* 0xffffffff */
    CHECK_EQ(barrier_dev_push_inc(&m, 4, 1), BARRIER_OK); /* 0 */
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 0);
    CHECK_EQ(barrier_dev_push_inc(&m, 4, 1), BARRIER_OK); /* 1 */
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 1);
    CHECK_EQ(rel.epoch, 1u);
    CHECK_EQ(rel.status, 0u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REQ_ARRIVE), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REQ_WAIT), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REL_OK), 2u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 1u);
    barrier_dev_free(&m);
}

/* ¶48 / section 3-4: the internal path applies the own arrival locally; mirror order */
static void test_dev_internal_path(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    struct barrier_mir mir;
    uint8_t p[ROCE_FA_LEN], tx[ROCE_FA_LEN];
    size_t len;
    dev_setup(&m, 16, 16, 64);
    bar_setup(&m, 6, 1, 2, 0); /* N = 2 */
    bar_setup(&m, 7, 1, 1, 0); /* N = 1 */

    /* without the internal path an ARRIVE does not touch the counter */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 7, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(7)), 0u);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 0);
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 0);
    CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), 1);
    /* its reflected copy releases it */
    CHECK_EQ(barrier_dev_push_rx(&m, tx, len), ROCE_RX_OK);
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 1);
    CHECK_EQ(rel.epoch, 1u);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);

    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_INTERNAL_PATH | BDEV_CTRL_WIRE_FA);
    /* SRC_ID 5: the peer's source 0 below is not this device (its own index would be dropped as
       "self" now that the internal path is on, section 5.4 / 7.1) */
    w(&m, BDEV_CSR_SRC, 5u << 24);
    /* N = 1: the own arrival completes the barrier, released without any fabric traffic */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 1, 7, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(7)), 2u);
    CHECK_EQ(barrier_dev_pop_rel(&m, 1, &rel), 1);
    CHECK_EQ(rel.epoch, 1u); /* PE 1's tgt was 0 -> 1 <= 2 */
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.addr, T_MIR_BASE + 56u);
    CHECK_EQ(mir.data, 2u);
    CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), 1); /* still notifies the others */

    /* N = 2: request (internal +1), then the fabric increment (+1); the two updates of the
       barrier coalesce into one mirror write of the latest value (section 4) */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 2, 6, 0), BARRIER_REQ_ARRIVE);
    mk_notif(p, 6, 1, 1); /* source 0's next PSN: its PSN 0 was the reflected copy above (5.5) */
    CHECK_EQ(barrier_dev_push_rx(&m, p, ROCE_FA_LEN), ROCE_RX_OK);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.addr, T_MIR_BASE + 48u);
    CHECK_EQ(mir.data, 2u);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 0);
    CHECK_EQ(barrier_dev_pop_rel(&m, 2, &rel), 1);
    CHECK_EQ(rel.epoch, 2u);
    /* ARRIVE_NB also takes the internal path */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 3, 6, 0), BARRIER_REQ_ARRIVE_NB);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(6)), 3u);
    /* errors and WAIT do not */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 4, 6, 4), BARRIER_REQ_WAIT);
    CHECK_EQ(req(&m, BARRIER_OP_ILLEGAL, 5, 6, 0), BARRIER_REQ_ERR_OP);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(6)), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_MIRROR_WR), 3u); /* counted when drained */
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 4u);
    barrier_dev_free(&m);
}

/* section 4: mirror address MIRROR_BASE + 8*bar (mod 2^64), data zero-extended */
static void test_dev_mirror(void)
{
    struct barrier_dev_model m;
    struct barrier_mir mir;
    dev_setup(&m, 4, 2, 8);
    w64(&m, BDEV_CSR_MIR_BASE_LO, UINT64_C(0xfffffffffffffff8));
    bar_setup(&m, 1, 1, 1, 0xfe);
    bar_setup(&m, 3, 1, 1, 0x10);
    CHECK_EQ(barrier_dev_push_inc(&m, 1, 1), BARRIER_OK);
    CHECK_EQ(barrier_dev_push_inc(&m, 3, 2), BARRIER_OK);
    CHECK_EQ(barrier_dev_push_inc(&m, 1, 3), BARRIER_OK);
    /* coalesced per barrier (latest value wins), drained round robin from barrier 0 */
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.addr, 0u);
    CHECK_EQ(mir.data, 0x02u); /* 0xfe + 1 + 3 mod 2^8 */
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.addr, 16u);
    CHECK_EQ(mir.data, 0x12u);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 0);
    CHECK_EQ(barrier_dev_stat(&m, BDS_MIRROR_WR), 2u);
    /* round robin: after barrier 3 the pointer is at 0, so barrier 1 goes before barrier 3 */
    CHECK_EQ(barrier_dev_push_inc(&m, 3, 1), BARRIER_OK);
    CHECK_EQ(barrier_dev_push_inc(&m, 1, 1), BARRIER_OK);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.addr, 0u);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.addr, 16u);
    CHECK_EQ(mir.data, 0x13u);
    /* a CSR write of the counter is configuration, not a counter update: no mirror write */
    w(&m, BDEV_CSR_BAR_CTRL(1), 0);
    w(&m, BDEV_CSR_CNT_LO(1), 0x40);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 0);
    barrier_dev_free(&m);
}

/* section 2, note S4/S7: serial compare across the wrap at W = 4..8, INIT near 2^W - N */
static void test_dev_serial_wrap(void)
{
    for (unsigned wd = 4; wd <= 8; wd++) {
        for (unsigned n = 2; n <= 4; n++) {
            struct barrier_dev_model m;
            struct barrier_rel rel;
            uint8_t p[ROCE_FA_LEN], tx[ROCE_FA_LEN];
            size_t len;
            uint64_t mod = UINT64_C(1) << wd, init = mod - n;
            dev_setup(&m, 2, 2, wd);
            bar_setup(&m, 1, 1, n, init);
            w64(&m, BDEV_CSR_TGT_LO(0), init); /* same INIT on cnt and tgt (note A15) */
            unsigned epochs = (unsigned)(3u * mod / n + 2u); /* at least 3 wraps */
            unsigned bad = 0;
            for (unsigned e = 1; e <= epochs; e++) {
                uint64_t target = (init + (uint64_t)e * n) % mod;
                if (req(&m, BARRIER_OP_ARRIVE, 0, 1, 0) != BARRIER_REQ_ARRIVE)
                    bad++;
                if (barrier_dev_pop_tx(&m, tx, sizeof tx, &len) != 1)
                    bad++;
                /* N notifications (one is the own reflected copy) */
                for (unsigned k = 1; k <= n; k++) {
                    mk_notif(p, 1, 1, e * 8u + k); /* one PSN per notification (5.5) */
                    if (barrier_dev_push_rx(&m, p, ROCE_FA_LEN) != ROCE_RX_OK)
                        bad++;
                    int r = barrier_dev_pop_rel(&m, 0, &rel);
                    if (k < n && r != 0)
                        bad++; /* premature: literal >= would pass here at the wrap */
                    if (k == n && (r != 1 || rel.epoch != target || rel.status != 0))
                        bad++;
                }
                if (r64(&m, BDEV_CSR_CNT_LO(1)) != target)
                    bad++;
            }
            if (bad)
                fprintf(stderr, "  W=%u N=%u: %u bad epochs\n", wd, n, bad);
            CHECK_EQ(bad, 0u);
            CHECK_EQ(barrier_dev_stat(&m, BDS_REL_OK), epochs);
            barrier_dev_free(&m);
        }
    }

    /* S7: the counter overshoots the target (fast peers already at the next epoch): the
       waiter still passes (an equality compare would deadlock). W = 4, N = 4, INIT = 12. */
    struct barrier_dev_model m;
    struct barrier_rel rel;
    dev_setup(&m, 2, 2, 4);
    bar_setup(&m, 0, 1, 4, 12);
    w64(&m, BDEV_CSR_TGT_LO(1), 12);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 1, 0, 0), BARRIER_REQ_ARRIVE); /* tgt 0 */
    CHECK_EQ(barrier_dev_push_inc(&m, 0, 1), BARRIER_OK);              /* cnt 13 */
    CHECK_EQ(barrier_dev_pop_rel(&m, 1, &rel), 0);                      /* 13 >= 0 literally */
    for (int i = 0; i < 6; i++)
        CHECK_EQ(barrier_dev_push_inc(&m, 0, 1), BARRIER_OK);          /* cnt 19 mod 16 = 3 */
    CHECK_EQ(barrier_dev_pop_rel(&m, 1, &rel), 1);
    CHECK_EQ(rel.epoch, 0u);
    barrier_dev_free(&m);

    /* GE at W = 64 (no undefined shifts) */
    struct barrier_dev_cfg c64 = {2, 2, 64};
    CHECK_EQ(barrier_dev_init(&m, &c64), BARRIER_OK);
    CHECK_EQ(barrier_dev_ge(&m, 0, 0), 1);
    CHECK_EQ(barrier_dev_ge(&m, 0, UINT64_MAX), 1);
    CHECK_EQ(barrier_dev_ge(&m, UINT64_MAX, 0), 0);
    CHECK_EQ(barrier_dev_ge(&m, (UINT64_C(1) << 63) - 1u, 0), 1);
    CHECK_EQ(barrier_dev_ge(&m, UINT64_C(1) << 63, 0), 0);
    CHECK_EQ(barrier_dev_ge(&m, 0, UINT64_C(1) << 63), 0);
    barrier_dev_free(&m);
    struct barrier_dev_cfg c4 = {2, 2, 4};
    CHECK_EQ(barrier_dev_init(&m, &c4), BARRIER_OK);
    CHECK_EQ(barrier_dev_ge(&m, 3, 12), 1);  /* 3 - 12 = 7 mod 16 < 8 */
    CHECK_EQ(barrier_dev_ge(&m, 12, 3), 0);  /* 9 >= 8 */
    CHECK_EQ(barrier_dev_ge(&m, 4, 12), 0);  /* 8 >= 8 */
    barrier_dev_free(&m);
}

/* ¶34/¶37/¶38 replay: N = 4 devices, INC = 1, INIT = 0, targets 4/8/12/16, reflect through
   the switch (Fig. 1); device 0 sees its 4th increment first and passes first; a fast PE's
   next-epoch arrival does not break the slow ones (¶38). */
static void deliver(struct barrier_fanout_model *sw, unsigned port, struct barrier_dev_model *d,
                    unsigned count)
{
    uint8_t buf[256];
    size_t len;
    unsigned src;
    for (unsigned i = 0; i < count; i++) {
        CHECK_EQ(barrier_fanout_pop(sw, port, buf, sizeof buf, &len, &src), 1);
        CHECK_EQ(barrier_dev_push_rx(d, buf, len), ROCE_RX_OK);
    }
}

static void arrive(struct barrier_dev_model *d, unsigned idx, struct barrier_fanout_model *sw,
                   uint32_t expect_psn)
{
    uint8_t pkt[ROCE_FA_LEN];
    size_t len;
    CHECK_EQ(req(d, BARRIER_OP_ARRIVE, 0, 0, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(barrier_dev_pop_tx(d, pkt, sizeof pkt, &len), 1);
    CHECK_EQ((pkt[51] << 16) | (pkt[52] << 8) | pkt[53], expect_psn);
    CHECK_EQ(barrier_fanout_push(sw, pkt, len, idx), BFAN_FWD);
}

static void test_paper_replay(void)
{
    struct barrier_dev_model d[4];
    struct barrier_fanout_model sw;
    struct barrier_fanout_cfg fc = {4, 16, 0};
    struct barrier_rel rel;
    CHECK_EQ(barrier_fanout_init(&sw, &fc), BARRIER_OK);
    CHECK_EQ(barrier_fanout_csr_write(&sw, BFAN_CSR_G_IP(0), T_GROUP(0)), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_write(&sw, BFAN_CSR_G_MASK(0), 0xf), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_write(&sw, BFAN_CSR_G_CTRL(0), 3), BARRIER_CSR_DONE);
    for (unsigned i = 0; i < 4; i++) {
        dev_setup(&d[i], 2, 2, 64);
        w(&d[i], BDEV_CSR_SRC_IP, 0x0a000001u + i);
        w(&d[i], BDEV_CSR_SRC, i << 24); /* source index i (section 5.5) */
        bar_setup(&d[i], 0, 1, 4, 0); /* INC 1, STEP N*INC = 4, INIT 0 */
    }

    /* epoch 1: everybody arrives; device 0 gets its 4 copies first and passes first */
    for (unsigned i = 0; i < 4; i++)
        arrive(&d[i], i, &sw, 0);
    for (unsigned k = 0; k < 4; k++) {
        CHECK_EQ(barrier_dev_pop_rel(&d[0], 0, &rel), 0);
        deliver(&sw, 0, &d[0], 1);
    }
    CHECK_EQ(barrier_dev_pop_rel(&d[0], 0, &rel), 1);
    CHECK_EQ(rel.epoch, 4u);
    for (unsigned i = 1; i < 4; i++)
        CHECK_EQ(barrier_dev_pop_rel(&d[i], 0, &rel), 0); /* ¶37: others not yet */
    /* ¶38: device 0 arrives at the next barrier before the others confirmed this one */
    arrive(&d[0], 0, &sw, 1);
    for (unsigned i = 1; i < 4; i++) {
        CHECK_EQ(barrier_fanout_pending(&sw, i), 5u);
        deliver(&sw, i, &d[i], 5); /* counter 5: passes epoch 4, not 8 */
        CHECK_EQ(barrier_dev_pop_rel(&d[i], 0, &rel), 1);
        CHECK_EQ(rel.epoch, 4u);
        CHECK_EQ(rel.status, 0u);
    }
    /* epoch 2 for the others */
    for (unsigned i = 1; i < 4; i++)
        arrive(&d[i], i, &sw, 1);
    CHECK_EQ(barrier_fanout_pending(&sw, 0), 4u);
    for (unsigned k = 0; k < 4; k++) {
        CHECK_EQ(barrier_dev_pop_rel(&d[0], 0, &rel), 0);
        deliver(&sw, 0, &d[0], 1);
    }
    CHECK_EQ(barrier_dev_pop_rel(&d[0], 0, &rel), 1);
    CHECK_EQ(rel.epoch, 8u);
    for (unsigned i = 1; i < 4; i++) {
        CHECK_EQ(barrier_dev_pop_rel(&d[i], 0, &rel), 0); /* counter 5 < 8 */
        deliver(&sw, i, &d[i], 3);
        CHECK_EQ(barrier_dev_pop_rel(&d[i], 0, &rel), 1);
        CHECK_EQ(rel.epoch, 8u);
    }
    /* epochs 3 and 4 */
    for (unsigned e = 3; e <= 4; e++) {
        for (unsigned i = 0; i < 4; i++)
            arrive(&d[i], i, &sw, e - 1);
        for (unsigned i = 0; i < 4; i++) {
            deliver(&sw, i, &d[i], 3);
            CHECK_EQ(barrier_dev_pop_rel(&d[i], 0, &rel), 0);
            deliver(&sw, i, &d[i], 1);
            CHECK_EQ(barrier_dev_pop_rel(&d[i], 0, &rel), 1);
            CHECK_EQ(rel.epoch, 4u * e);
        }
    }
    /* every device: counter 16, its mirror writes coalesced into one of the latest value 16
       (nothing drained them before), everything drained */
    for (unsigned i = 0; i < 4; i++) {
        struct barrier_mir mir;
        unsigned bad = 0;
        if (barrier_dev_pop_mir(&d[i], &mir) != 1 || mir.addr != T_MIR_BASE || mir.data != 16u)
            bad++;
        CHECK_EQ(bad, 0u);
        CHECK_EQ(barrier_dev_pop_mir(&d[i], &mir), 0);
        CHECK_EQ(r64(&d[i], BDEV_CSR_CNT_LO(0)), 16u);
        CHECK_EQ(r64(&d[i], BDEV_CSR_TGT_LO(0)), 16u);
        CHECK_EQ(barrier_dev_releasable(&d[i], NULL), 0u);
        CHECK_EQ(barrier_dev_stat(&d[i], BDS_RX_OK), 16u);
        CHECK_EQ(barrier_dev_stat(&d[i], BDS_REQ_ARRIVE), 4u);
        CHECK_EQ(barrier_dev_stat(&d[i], BDS_REL_OK), 4u);
        CHECK_EQ(barrier_dev_stat(&d[i], BDS_TX_NOTIF), 4u);
        CHECK_EQ(barrier_dev_stat(&d[i], BDS_MIRROR_WR), 1u);
        CHECK_EQ(barrier_fanout_pending(&sw, i), 0u);
        barrier_dev_free(&d[i]);
    }
    CHECK_EQ(barrier_fanout_stat(&sw, BFS_PKTS_IN), 16u);
    CHECK_EQ(barrier_fanout_stat(&sw, BFS_PKTS_FWD), 16u);
    CHECK_EQ(barrier_fanout_stat(&sw, BFS_COPIES_OUT), 64u);
    barrier_fanout_free(&sw);
}

/* reset mid-traffic returns to the post-init state */
static void test_dev_reset(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    struct barrier_mir mir;
    uint8_t pkt[ROCE_FA_LEN];
    size_t len;
    dev_setup(&m, 16, 16, 64);
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_INTERNAL_PATH | BDEV_CTRL_WIRE_FA);
    w(&m, BDEV_CSR_TX_PSN, 55);
    w(&m, BDEV_CSR_INC_MAX, 9);
    bar_setup(&m, 0, 1, 1, 0);
    bar_setup(&m, 1, 1, 4, 0);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 0, 0), BARRIER_REQ_ARRIVE); /* releasable */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 1, 1, 0), BARRIER_REQ_ARRIVE); /* armed */
    CHECK_EQ(req(&m, BARRIER_OP_ILLEGAL, 2, 1, 0), BARRIER_REQ_ERR_OP); /* pending */
    CHECK_EQ(barrier_dev_releasable(&m, NULL), 2u);
    barrier_dev_reset(&m);
    CHECK_EQ(barrier_dev_releasable(&m, NULL), 0u);
    CHECK_EQ(barrier_dev_pop_tx(&m, pkt, sizeof pkt, &len), 0);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 0);
    for (unsigned p = 0; p < 16; p++)
        CHECK_EQ(barrier_dev_pop_rel(&m, p, &rel), 0);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_INC_MAX), 1u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_CTRL), 0u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_TX_PSN), 0u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_SRC_IP), 0u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(0)), 0u);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(0)), 0u);
    CHECK_EQ(r64(&m, BDEV_CSR_TGT_LO(0)), 0u);
    CHECK_EQ(r64(&m, BDEV_CSR_BAR_STEP_LO(1)), 0u);
    for (unsigned i = 0; i < BDS_NUM_STATS; i++)
        CHECK_EQ(barrier_dev_stat(&m, i), 0u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_PARAMS), 0x04400404u);
    /* usable again */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 0, 0), BARRIER_REQ_ERR_BAR);
    barrier_dev_free(&m);
    barrier_dev_reset(&m); /* harmless on a freed model */
}

/* ------------------------------------------------------------------ barrier_fanout */

static void mk_ip_pkt(uint8_t *p, size_t len, uint32_t dip, uint8_t tag)
{
    memset(p, tag, len);
    put16(p + 12, 0x0800);
    p[14] = 0x45;
    p[30] = (uint8_t)(dip >> 24);
    p[31] = (uint8_t)(dip >> 16);
    p[32] = (uint8_t)(dip >> 8);
    p[33] = (uint8_t)dip;
}

/* xlt_fa: RTL parameter XLT_FA (FETCH_ADD translation built, section 7.2) */
static void fan_setup_x(struct barrier_fanout_model *m, unsigned np, unsigned ng, unsigned xlt_fa)
{
    struct barrier_fanout_cfg c = {np, ng, xlt_fa};
    CHECK_EQ(barrier_fanout_init(m, &c), BARRIER_OK);
}

static void fan_setup(struct barrier_fanout_model *m, unsigned np, unsigned ng)
{
    fan_setup_x(m, np, ng, 0);
}

static void fan_group(struct barrier_fanout_model *m, unsigned g, uint32_t ctrl, uint32_t ip,
                      uint32_t mask)
{
    CHECK_EQ(barrier_fanout_csr_write(m, BFAN_CSR_G_IP(g), ip), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_write(m, BFAN_CSR_G_MASK(g), mask), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_write(m, BFAN_CSR_G_CTRL(g), ctrl), BARRIER_CSR_DONE);
}

static void test_fanout_init_csr(void)
{
    struct barrier_fanout_model m;
    const struct barrier_fanout_cfg bad[] = {{1, 16, 0}, {17, 16, 0}, {0, 16, 0}, {8, 0, 0}, {8, 256, 0},
                                             {8, 16, 2}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_EQ(barrier_fanout_init(&m, &bad[i]), BARRIER_EINVAL);
        barrier_fanout_free(&m);
    }
    fan_setup(&m, 8, 16);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_ID), 0x46414e31u);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_PARAMS), 0x1008u);
    /* widths: CTRL [1:0], PORT_MASK [NP-1:0] */
    CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_G_CTRL(15), 0xffffffffu), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_G_CTRL(15)), 3u);
    CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_G_MASK(15), 0xffffffffu), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_G_MASK(15)), 0xffu);
    CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_G_IP(15), 0xe0000001u), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_G_IP(15)), 0xe0000001u);
    /* read-only and unmapped: csr_err */
    const uint32_t ro[] = {BFAN_CSR_ID, BFAN_CSR_PARAMS, BFAN_CSR_STAT(0), BFAN_CSR_STAT(7),
                           0x40Cu, BFAN_CSR_G_CTRL(16), 0x008u};
    for (unsigned i = 0; i < sizeof ro / sizeof ro[0]; i++)
        CHECK_EQ(barrier_fanout_csr_write(&m, ro[i], 1), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_CSR_ERR), 7u);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_STAT(BFS_CSR_ERR)), 7u);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_STAT(0)), 0u);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_ID), 0x46414e31u);
    barrier_fanout_free(&m);
    fan_setup(&m, 16, 255);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_PARAMS), 0xff10u);
    CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_G_MASK(254), 0xffffffffu), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_G_MASK(254)), 0xffffu);
    barrier_fanout_free(&m);
}

/* section 7: drop checks in order, one counter each */
static void test_fanout_drops(void)
{
    struct barrier_fanout_model m;
    uint8_t p[128];
    fan_setup(&m, 8, 16);
    fan_group(&m, 2, 1, 0xef000002u, 0x10); /* exclude-self group with one member: port 4 */

    mk_ip_pkt(p, 33, 0xef000002u, 0);
    CHECK_EQ(barrier_fanout_push(&m, p, 33, 0), BFAN_DROP_MALFORMED);     /* < 34 bytes */
    CHECK_EQ(barrier_fanout_push(&m, p, 0, 0), BFAN_DROP_MALFORMED);
    CHECK_EQ(barrier_fanout_push(&m, p, 33, 9), BFAN_DROP_MALFORMED);     /* before bad_src */
    mk_ip_pkt(p, 34, 0xef000002u, 0);
    put16(p + 12, 0x86dd);
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 0), BFAN_DROP_MALFORMED);     /* EtherType */
    mk_ip_pkt(p, 34, 0xef000002u, 0);
    p[14] = 0x60;
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 0), BFAN_DROP_MALFORMED);     /* version 6 */
    p[14] = 0x46; /* version 4 with options: not malformed for the switch */
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 0), BFAN_FWD);
    mk_ip_pkt(p, 34, 0xef000002u, 0);
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 8), BFAN_DROP_BAD_SRC);       /* tuser >= NP */
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 15), BFAN_DROP_BAD_SRC);
    mk_ip_pkt(p, 34, 0xef000003u, 0);
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 0), BFAN_DROP_UNKNOWN_GROUP);
    fan_group(&m, 3, 0, 0xef000003u, 0xff); /* entry not valid: still unknown */
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 0), BFAN_DROP_UNKNOWN_GROUP);
    mk_ip_pkt(p, 34, 0xef000002u, 0);
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 4), BFAN_DROP_NO_MEMBERS);    /* only the source */
    fan_group(&m, 4, 1, 0xef000004u, 0);
    mk_ip_pkt(p, 34, 0xef000004u, 0);
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 1), BFAN_DROP_NO_MEMBERS);    /* empty mask */

    CHECK_EQ(barrier_fanout_stat(&m, BFS_PKTS_IN), 12u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_PKTS_FWD), 1u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_COPIES_OUT), 1u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_DROP_MALFORMED), 5u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_DROP_BAD_SRC), 2u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_DROP_UNKNOWN_GROUP), 2u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_DROP_NO_MEMBERS), 2u);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_STAT(BFS_DROP_NO_MEMBERS)), 2u);
    for (unsigned q = 0; q < 8; q++)
        CHECK_EQ(barrier_fanout_pending(&m, q), q == 4 ? 1u : 0u);
    barrier_fanout_free(&m);
}

/* section 7 same-cycle rule: the group is matched with the table of one moment (P1), PORT_MASK /
 * REFLECT read at a later one (P3); write responses from barrier_fanout_csr_write_check */
static void test_fanout_timed(void)
{
    struct barrier_fanout_model m;
    uint8_t p[128];
    fan_setup(&m, 8, 16);
    fan_group(&m, 2, 1, 0xef000002u, 0x10);
    fan_group(&m, 5, 1, 0xef000002u, 0x20); /* duplicate IP: the lowest valid entry wins */
    mk_ip_pkt(p, 34, 0xef000002u, 0);
    CHECK_EQ(barrier_fanout_match(&m, p, 34), 2);
    CHECK_EQ(barrier_fanout_match(&m, p, 33), 16);
    CHECK_EQ(barrier_fanout_match(NULL, p, 34), BARRIER_EINVAL);
    int g = barrier_fanout_match(&m, p, 34);
    CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_G_CTRL(2), 0), BARRIER_CSR_DONE); /* after P1 */
    CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_G_MASK(2), 0x08), BARRIER_CSR_DONE); /* before P3 */
    CHECK_EQ(barrier_fanout_push_group(&m, p, 34, 0, (unsigned)g), BFAN_FWD);
    CHECK_EQ(barrier_fanout_pending(&m, 3), 1u); /* matched group 2, its mask of P3 */
    CHECK_EQ(barrier_fanout_pending(&m, 4), 0u);
    CHECK_EQ(barrier_fanout_push(&m, p, 34, 0), BFAN_FWD); /* group 2 invalid now: group 5 */
    CHECK_EQ(barrier_fanout_pending(&m, 5), 1u);
    CHECK_EQ(barrier_fanout_push_group(&m, p, 34, 0, 17), BARRIER_EINVAL);
    CHECK_EQ(barrier_fanout_push_group(&m, p, 34, 0, 16), BFAN_DROP_UNKNOWN_GROUP);
    /* check: the response only, nothing written or counted */
    CHECK_EQ(barrier_fanout_csr_write_check(&m, BFAN_CSR_G_IP(3), 0xf), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_write_check(&m, BFAN_CSR_G_IP(3), 0x7), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_fanout_csr_write_check(&m, BFAN_CSR_G_CTRL(3) + 0xc, 0xf), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_fanout_csr_write_check(&m, BFAN_CSR_ID, 0xf), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_fanout_csr_write_check(&m, 0x4000, 0xf), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_fanout_csr_write_check(&m, 0x4004, 0xf), BARRIER_CSR_ERR); /* xlt_fa = 0 */
    CHECK_EQ(barrier_fanout_csr_write_check(NULL, 0x4000, 0xf), BARRIER_EINVAL);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_CSR_ERR), 0u);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_G_IP(3)), 0u);
    barrier_fanout_free(&m);
}

/* section 7 / ¶48: REFLECT=1 copies back to the source, REFLECT=0 excludes it; bytes
   unchanged, tuser = source port, per-port ingress order, lowest matching entry wins */
/* FETCH_ADD translation (docs/barrier.md 7.2): VA[63:12] := DST_BASE[63:12] on FA_EN ports, the
 * ICRC stays correct (checked by roce_fa_parse) and an ingress ICRC error is preserved */
static void test_fanout_xlt_fa(void)
{
    struct barrier_fanout_model m;
    uint8_t p[ROCE_FA_LEN], q[200];
    size_t len;
    unsigned src;
    fan_setup_x(&m, 4, 2, 1);
    fan_group(&m, 1, 3, 0xef000007u, 0x0f);
    const uint64_t base = UINT64_C(0x123456789abcd000);
    for (unsigned port = 0; port < 4; port++) {
        uint32_t ctrl = (port == 0 || port == 2) ? BFAN_XLT_FA_EN : (port == 3 ? BFAN_XLT_UD_EN : 0u);
        CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_XLT(1, port), ctrl | 0x4200u), BARRIER_CSR_DONE);
        CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_XLT_LO(1, port), (uint32_t)base + port * 0x1000u + 0xfffu),
                 BARRIER_CSR_DONE);
        CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_XLT_HI(1, port), (uint32_t)(base >> 32)), BARRIER_CSR_DONE);
    }
    CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_XLT(1, 0) + 12u, 1), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_fanout_csr_read_err(&m, BFAN_CSR_XLT_HI(1, 0)), 0);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_XLT_HI(1, 0)), 0u);
    CHECK_EQ(barrier_fanout_csr_read_err(&m, BFAN_CSR_XLT(1, 0) + 12u), 1);
    struct roce_fa_fields f = {0};
    f.dst_ip = 0xef000007u;
    f.src_ip = 0x0a000001u;
    f.psn = 77;
    f.dest_qp = 0x123;
    f.va = UINT64_C(0x0000001000000000) + 8u * 5u + 0x340u;
    f.rkey = 0x5eed;
    f.add_data = 3;
    f.cmp_data = 9;
    for (int bad = 0; bad < 2; bad++) {
        roce_fa_build(&f, p);
        if (bad)
            p[83] ^= 0x10;
        CHECK_EQ(barrier_fanout_push(&m, p, ROCE_FA_LEN, 1), BFAN_FWD);
        for (unsigned port = 0; port < 4; port++) {
            struct roce_fa_fields g;
            CHECK_EQ(barrier_fanout_pop(&m, port, q, sizeof q, &len, &src), 1);
            CHECK_EQ(len, (size_t)ROCE_FA_LEN);
            enum roce_rx_verdict v = roce_fa_parse(q, len, 0x123, 0x5eed, &g);
            CHECK_EQ(v, bad ? ROCE_RX_ICRC : ROCE_RX_OK);
            if (port == 0 || port == 2) {
                CHECK_EQ(g.va, (base + port * 0x1000u) | (f.va & 0xfffu));
                CHECK(memcmp(p, q, 54) == 0 && memcmp(p + 62, q + 62, 20) == 0);
                uint32_t ip = 0, iq = 0;
                CHECK_EQ(roce_icrc_ipv4(p, len, &ip), 0);
                CHECK_EQ(roce_icrc_ipv4(q, len, &iq), 0);
                CHECK_EQ(roce_get_icrc(p + 82) ^ ip, roce_get_icrc(q + 82) ^ iq);
            } else {
                CHECK(memcmp(p, q, ROCE_FA_LEN) == 0);
            }
        }
    }
    CHECK_EQ(m.xlt_fa, 4u);
    barrier_fanout_free(&m);

    /* xlt_fa = 0 (RTL XLT_FA = 0, the default): BASE_LO / BASE_HI unmapped (SLVERR, csr_err,
     * reads too), FA_EN ignored: the FETCH_ADD copies pass unchanged */
    fan_setup_x(&m, 4, 2, 0);
    fan_group(&m, 1, 3, 0xef000007u, 0x0f);
    for (unsigned port = 0; port < 4; port++) {
        CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_XLT(1, port), BFAN_XLT_FA_EN | BFAN_XLT_UD_EN | 0x4200u),
                 BARRIER_CSR_DONE);
        CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_XLT_LO(1, port), (uint32_t)base), BARRIER_CSR_ERR);
        CHECK_EQ(barrier_fanout_csr_write(&m, BFAN_CSR_XLT_HI(1, port), (uint32_t)(base >> 32)), BARRIER_CSR_ERR);
    }
    CHECK_EQ(barrier_fanout_stat(&m, BFS_CSR_ERR), 8u);
    CHECK_EQ(barrier_fanout_csr_read_err(&m, BFAN_CSR_XLT(1, 0)), 0);
    CHECK_EQ(barrier_fanout_csr_read_err(&m, BFAN_CSR_XLT_LO(1, 0)), 1);
    CHECK_EQ(barrier_fanout_csr_read_err(&m, BFAN_CSR_XLT_HI(1, 0)), 1);
    roce_fa_build(&f, p);
    CHECK_EQ(barrier_fanout_push(&m, p, ROCE_FA_LEN, 1), BFAN_FWD);
    for (unsigned port = 0; port < 4; port++) {
        CHECK_EQ(barrier_fanout_pop(&m, port, q, sizeof q, &len, &src), 1);
        CHECK_EQ(len, (size_t)ROCE_FA_LEN);
        CHECK(memcmp(p, q, ROCE_FA_LEN) == 0);
    }
    CHECK_EQ(m.xlt_fa, 0u);
    barrier_fanout_free(&m);
}

static void test_fanout_reflect_exclude(void)
{
    struct barrier_fanout_model m;
    uint8_t p[200], q[200];
    size_t len;
    unsigned src;
    fan_setup(&m, 8, 16);
    fan_group(&m, 5, 1, 0xef000005u, 0x0f);  /* exclude self */
    fan_group(&m, 6, 3, 0xef000006u, 0x0f);  /* reflect */
    fan_group(&m, 9, 3, 0xef000006u, 0xf0);  /* same IP, higher index: never used */
    fan_group(&m, 1, 0, 0xef000006u, 0x80);  /* same IP, lower index but invalid */

    mk_ip_pkt(p, 200, 0xef000005u, 0xa5);
    CHECK_EQ(barrier_fanout_push(&m, p, 200, 2), BFAN_FWD);
    for (unsigned port = 0; port < 8; port++) {
        int r = barrier_fanout_pop(&m, port, q, sizeof q, &len, &src);
        if (port == 0 || port == 1 || port == 3) {
            CHECK_EQ(r, 1);
            CHECK_EQ(len, 200u);
            CHECK_EQ(src, 2u);
            CHECK(memcmp(p, q, 200) == 0);
        } else {
            CHECK_EQ(r, 0);
        }
    }
    mk_ip_pkt(p, 86, 0xef000006u, 0x11);
    CHECK_EQ(barrier_fanout_push(&m, p, 86, 2), BFAN_FWD);
    mk_ip_pkt(p, 90, 0xef000006u, 0x22);
    CHECK_EQ(barrier_fanout_push(&m, p, 90, 7), BFAN_FWD);
    for (unsigned port = 0; port < 8; port++) {
        if (port < 4) {
            CHECK_EQ(barrier_fanout_pending(&m, port), 2u);
            CHECK_EQ(barrier_fanout_pop(&m, port, q, 10, &len, &src),
                     BARRIER_ENOSPC);
            CHECK_EQ(len, 86u);
            CHECK_EQ(barrier_fanout_pop(&m, port, q, sizeof q, &len, &src), 1);
            CHECK_EQ(len, 86u);
            CHECK_EQ(src, 2u);
            CHECK_EQ(q[40], 0x11u);
            CHECK_EQ(barrier_fanout_pop(&m, port, q, sizeof q, &len, &src), 1);
            CHECK_EQ(len, 90u);
            CHECK_EQ(src, 7u); /* reflect: a non-member source is fine */
            CHECK_EQ(q[40], 0x22u);
        }
        CHECK_EQ(barrier_fanout_pop(&m, port, q, sizeof q, &len, &src), 0);
    }
    CHECK_EQ(barrier_fanout_pop(&m, 8, q, sizeof q, &len, &src),
             BARRIER_EINVAL);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_PKTS_IN), 3u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_PKTS_FWD), 3u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_COPIES_OUT), 11u);

    /* tuser is 4 bits: 16 + 2 is port 2 */
    mk_ip_pkt(p, 40, 0xef000005u, 0);
    CHECK_EQ(barrier_fanout_push(&m, p, 40, 18), BFAN_FWD);
    CHECK_EQ(barrier_fanout_pending(&m, 2), 0u);
    CHECK_EQ(barrier_fanout_pending(&m, 0), 1u);

    /* reset mid-traffic: queues, table and counters cleared */
    barrier_fanout_reset(&m);
    for (unsigned port = 0; port < 8; port++)
        CHECK_EQ(barrier_fanout_pending(&m, port), 0u);
    CHECK_EQ(barrier_fanout_stat(&m, BFS_PKTS_IN), 0u);
    CHECK_EQ(barrier_fanout_csr_read(&m, BFAN_CSR_G_CTRL(5)), 0u);
    CHECK_EQ(barrier_fanout_push(&m, p, 40, 2), BFAN_DROP_UNKNOWN_GROUP);
    barrier_fanout_free(&m);
}


/* section 5: increments >= 2^(W-1) are dropped (rx_drop_inc) even when INC_MAX allows them */
static void test_dev_rx_inc_half(void)
{
    struct barrier_dev_model m;
    uint8_t p[ROCE_FA_LEN];
    dev_setup(&m, 16, 16, 8);
    bar_setup(&m, 0, 1, 4, 0);
    w(&m, BDEV_CSR_INC_MAX, 0xffffffffu);
    mk_notif(p, 0, 127, 1);           /* 2^(W-1) - 1: accepted */
    CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_OK);
    mk_notif(p, 0, 128, 2);           /* 2^(W-1): would break the serial compare */
    CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_INC);
    mk_notif(p, 0, 0x100000001ull, 3); /* above W bits */
    CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_INC);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_INC), 2u);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(0)), 127u);
    barrier_dev_free(&m);
}

/* lockstep timing API: deferred fabric increments and latched releases (barrier.h) */
static void test_dev_timed_api(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    struct barrier_mir mir;
    uint8_t p[ROCE_FA_LEN];
    unsigned bar = 99;
    uint64_t inc = 0;
    dev_setup(&m, 16, 16, 64);
    bar_setup(&m, 0, 1, 2, 0);
    barrier_dev_set_rx_defer(&m, 1);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 3, 0, 1), BARRIER_REQ_WAIT);
    mk_notif(p, 0, 1, 1);
    CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_OK);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_OK), 1u);      /* counted at once */
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(0)), 0u);          /* applied later */
    CHECK_EQ(barrier_dev_rx_pending(&m), 1u);
    CHECK_EQ(barrier_dev_rel_latch(&m, 3, &rel), 0);    /* not yet releasable */
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 0);
    CHECK_EQ(barrier_dev_rx_apply(&m, &bar, &inc), 1);
    CHECK_EQ(bar, 0u);
    CHECK_EQ(inc, 1u);
    CHECK_EQ(barrier_dev_rx_apply(&m, NULL, NULL), 0);
    CHECK_EQ(barrier_dev_pop_mir(&m, &mir), 1);
    CHECK_EQ(mir.data, 1u);
    CHECK_EQ(barrier_dev_rel_latch(&m, 3, &rel), 1);
    CHECK_EQ(rel.epoch, 1u);
    /* latched, not acknowledged: the PE is still busy and rel_ok is not counted yet */
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 3, 0, 2), BARRIER_REQ_DROP_BUSY);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_TGT_LO(3), 0), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REL_OK), 0u);
    CHECK_EQ(barrier_dev_rel_latch(&m, 3, &rel), BARRIER_EINVAL);
    CHECK_EQ(barrier_dev_rel_ack(&m, 3), BARRIER_OK);
    CHECK_EQ(barrier_dev_rel_ack(&m, 3), BARRIER_EINVAL);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REL_OK), 1u);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 3, 0, 2), BARRIER_REQ_WAIT);
    barrier_dev_free(&m);
}

/* ------------------------------------------------------------------ UD layout and sequences */

/* section 5.1: the UD notification equals the scapy-built golden packet (scripts/roce_oracle.py
   layers_ud: Ether/IP/UDP/BTH(0x65, DestQP 0xffffff)/DETH/ImmDt/increment, ICRC by scapy) */
static void test_roce_ud_golden(void)
{
    static const char ud_hex[] =
        "01005e0102030200000000010800456800401234400040112d0c0a000001ef010203c00012b7002c0000"
        "6500ffff00ffffff001012348001000000000011030500000000000000000001e6be3fac";
    uint8_t gold[ROCE_UD_LEN], pkt[ROCE_UD_LEN];
    CHECK_EQ(hex2bin(ud_hex, gold, sizeof gold), ROCE_UD_LEN);
    struct roce_ud_fields f;
    memset(&f, 0, sizeof f);
    f.dst_mac = UINT64_C(0x01005e010203);
    f.src_mac = UINT64_C(0x020000000001);
    f.tos = 0x68;
    f.src_ip = 0x0a000001u;
    f.dst_ip = 0xef010203u;
    f.psn = 0x101234u;
    f.udp_sport = 49152;
    f.qkey = 0x80010000u;
    f.src_qp = 0x11;
    f.src_id = 3;
    f.bar = 5;
    f.inc = 1;
    roce_ud_build(&f, pkt);
    CHECK(memcmp(pkt, gold, ROCE_UD_LEN) == 0);
    struct roce_ud_fields g;
    CHECK_EQ(roce_ud_parse(gold, ROCE_UD_LEN, 0x80010000u, &g), ROCE_RX_OK);
    CHECK_EQ(g.src_id, 3u);
    CHECK_EQ(g.bar, 5u);
    CHECK_EQ(g.inc, 1u);
    CHECK_EQ(g.psn, 0x101234u);
    CHECK_EQ(roce_ud_parse(gold, ROCE_UD_LEN, 0x80010001u, &g), ROCE_RX_KEY);
    CHECK_EQ(roce_ud_parse(gold, ROCE_UD_LEN - 1, 0x80010000u, &g), ROCE_RX_TRUNC);
    gold[47] = 0; /* unicast DestQP: opcode rule (ICRC not reached) */
    CHECK_EQ(roce_ud_parse(gold, ROCE_UD_LEN, 0x80010000u, &g), ROCE_RX_OPCODE);
}

static void ud_notif(uint8_t p[ROCE_UD_LEN], unsigned src, unsigned bar, uint64_t inc, uint32_t psn)
{
    struct roce_ud_fields f;
    memset(&f, 0, sizeof f);
    f.dst_mac = UINT64_C(0x01005e010200) + bar;
    f.src_mac = UINT64_C(0x020000000002);
    f.src_ip = T_PEER_IP;
    f.dst_ip = T_GROUP(bar);
    f.psn = psn;
    f.udp_sport = 1234;
    f.qkey = T_RKEY;
    f.src_qp = 0x100;
    f.src_id = (uint8_t)src;
    f.bar = (uint8_t)bar;
    f.inc = inc;
    roce_ud_build(&f, p);
}

/* section 5.5 (note A10): per-source sequence tracking in the UD layout */
static void test_dev_seq(void)
{
    struct barrier_dev_model m;
    uint8_t p[ROCE_UD_LEN];
    dev_setup(&m, 16, 16, 64);
    w(&m, BDEV_CSR_CTRL, 0); /* UD layout (the default) */
    w(&m, BDEV_CSR_INC_MAX, 4);
    bar_setup(&m, 2, 1, 4, 0);
    bar_setup(&m, 3, 1, 4, 0);
#define RX(src, bar, inc, psn, v)                                                          \
    do {                                                                                   \
        ud_notif(p, src, bar, inc, psn);                                                   \
        CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), v);                                 \
    } while (0)
    RX(1, 2, 1, 0xfffffe, ROCE_RX_OK);   /* first of source 1: learned */
    RX(1, 2, 1, 0xffffff, ROCE_RX_OK);   /* in order */
    RX(1, 2, 1, 0xffffff, ROCE_RX_DUP);  /* duplicate: dropped, no increment */
    RX(1, 2, 1, 0x000000, ROCE_RX_OK);   /* in order across the 24-bit wrap */
    RX(1, 2, 1, 0xfffff0, ROCE_RX_DUP);  /* stale (behind the expected PSN) */
    RX(1, 2, 1, 0x000004, ROCE_RX_OK);   /* gap of 3: counted, accepted */
    RX(2, 2, 1, 0x000004, ROCE_RX_OK);   /* another source has its own sequence */
    RX(16, 2, 1, 0x000005, ROCE_RX_SRC); /* source index >= NUM_SOURCES (16) */
    RX(1, 2, 0, 0x000005, ROCE_RX_INC);  /* bad increment: dropped ... */
    RX(1, 2, 1, 0x000006, ROCE_RX_OK);   /* ... but its PSN was accepted: no gap here */
    RX(1, 2, 1, 0x000006, ROCE_RX_DUP);
    RX(1, 9, 1, 0x000007, ROCE_RX_BAR);  /* barrier 9 disabled: sequence advances too */
    RX(1, 20, 1, 0x000008, ROCE_RX_BAR); /* barrier >= NB */
    RX(1, 3, 2, 0x000009, ROCE_RX_OK);
#undef RX
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_OK), 7u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_DUP), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_SRC), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_INC), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_BAR), 2u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_GAP), 1u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_STAT(BDS_RX_DROP_DUP)), 3u);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(2)), 6u); /* 6 accepted increments of 1, none duplicated */
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(3)), 2u);
    /* reset forgets every source: the same PSN is a first notification again */
    barrier_dev_reset(&m);
    w(&m, BDEV_CSR_RKEY, T_RKEY);
    w(&m, BDEV_CSR_INC_MAX, 4);
    bar_setup(&m, 2, 1, 4, 0);
    ud_notif(p, 1, 2, 1, 0x000006);
    CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_OK);
    barrier_dev_free(&m);
}

/* ------------------------------------------------------------------ issue 10 part 5 */

/* section 6: per-barrier internal path (BAR_CTRL.INTERNAL_PATH), CTRL.INTERNAL_PATH = all */
static void test_dev_bar_internal_path(void)
{
    struct barrier_dev_model m;
    uint8_t tx[ROCE_FA_LEN];
    size_t len;
    dev_setup(&m, 16, 16, 64);
    bar_setup(&m, 2, 1, 4, 0);
    bar_setup(&m, 3, 1, 4, 0);
    w(&m, BDEV_CSR_BAR_CTRL(2), BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_INTERNAL_PATH);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(2)), 3u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(3)), 1u);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 2, 0), BARRIER_REQ_ARRIVE); /* internal: +1 */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 1, 3, 0), BARRIER_REQ_ARRIVE); /* reflect: none */
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(2)), 1u);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(3)), 0u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 2u); /* both notify the others */
    CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), 1);
    CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), 1);
    /* CTRL.INTERNAL_PATH applies to every barrier, whatever its own bit (BAR_CTRL reads its bit) */
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_INTERNAL_PATH | BDEV_CTRL_WIRE_FA);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 2, 3, 0), BARRIER_REQ_ARRIVE_NB);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(3)), 1u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(3)), 1u);
    /* a refused enable still writes INTERNAL_PATH / LEADER (section 6) */
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_CTRL(5), 7u), BARRIER_CSR_REJECT);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(5)), 6u);
    /* legacy map: the BAR_CTRL bit is not stored and has no effect */
    barrier_dev_set_ext(&m, 0);
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA);
    bar_setup(&m, 2, 1, 4, 0);
    w(&m, BDEV_CSR_BAR_CTRL(2), BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_INTERNAL_PATH);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(2)), 1u);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 2, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(2)), 0u);
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_BAR_LOCAL_N(0)), 1);
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_STAT(26)), 1);
    /* CSR part only (an RTL with the decode and not yet the datapath): stored, no effect */
    barrier_dev_set_ext(&m, BDEV_EXT_CSR);
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA);
    bar_setup(&m, 2, 1, 4, 0);
    w(&m, BDEV_CSR_BAR_CTRL(2), 0);
    w(&m, BDEV_CSR_BAR_LOCAL_N(2), 2);
    w(&m, BDEV_CSR_BAR_CTRL(2), 7);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(2)), 7u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_LOCAL_N(2)), 2u);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 2, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(2)), 0u);               /* no internal path */
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 1u);       /* no leader mode */
    CHECK_EQ(barrier_dev_csr_read_err(&m, BDEV_CSR_STAT(26)), 0);
    /* CSR + IP: the internal path in effect, still no leader mode */
    barrier_dev_set_ext(&m, BDEV_EXT_CSR | BDEV_EXT_IP);
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA);
    bar_setup(&m, 2, 1, 4, 0);
    w(&m, BDEV_CSR_BAR_CTRL(2), 0);
    w(&m, BDEV_CSR_BAR_LOCAL_N(2), 2);
    w(&m, BDEV_CSR_BAR_CTRL(2), 7);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 2, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(2)), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 1u);
    barrier_dev_free(&m);
}

/* sections 5.4 / 7.1: verdict "self" (after src, before dup), statistic 26, UD and FA layouts */
static void test_dev_rx_self(void)
{
    struct barrier_dev_model m;
    uint8_t p[ROCE_UD_LEN], q[ROCE_FA_LEN];
    dev_setup(&m, 16, 16, 64);
    w(&m, BDEV_CSR_CTRL, 0); /* UD */
    w(&m, BDEV_CSR_SRC, (3u << 24) | 0x100u); /* SRC_ID 3 */
    w(&m, BDEV_CSR_INC_MAX, 4);
    bar_setup(&m, 2, 1, 4, 0);
    bar_setup(&m, 3, 1, 4, 0);
    w(&m, BDEV_CSR_BAR_CTRL(2), BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_INTERNAL_PATH);
    w(&m, BDEV_CSR_BAR_CTRL(9), BDEV_BAR_CTRL_INTERNAL_PATH); /* disabled, internal path */
#define RX(src, bar, psn, v)                                                               \
    do {                                                                                   \
        ud_notif(p, src, bar, 1, psn);                                                     \
        CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), v);                                 \
    } while (0)
    RX(3, 2, 10, ROCE_RX_SELF);  /* own, internal-path barrier: mismatch 1/1, dropped */
    RX(3, 2, 10, ROCE_RX_SELF);  /* again: never a duplicate, it took no sequence */
    RX(3, 9, 10, ROCE_RX_SELF);  /* disabled barrier: self is decided first (in range, IP) */
    RX(3, 3, 10, ROCE_RX_OK);    /* own on a reflecting barrier: counted (Fig. 1), learns PSN 10 */
    RX(3, 3, 10, ROCE_RX_DUP);
    RX(3, 20, 11, ROCE_RX_BAR);  /* barrier >= NB: not self, the sequence advances */
    RX(4, 2, 0, ROCE_RX_OK);     /* another source on the internal-path barrier */
    RX(3, 2, 12, ROCE_RX_SELF);
    RX(3, 3, 12, ROCE_RX_OK);    /* in order: the self drops above did not move the sequence */
#undef RX
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_SELF), 4u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_STAT(26)), 4u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_OK), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_DUP), 1u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_GAP), 0u);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(2)), 1u);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(3)), 2u);
    /* source index >= NUM_SOURCES is decided before self */
    CHECK_EQ(barrier_dev_set_num_sources(&m, 2), BARRIER_OK);
    ud_notif(p, 3, 2, 1, 13);
    CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_SRC);
    CHECK_EQ(barrier_dev_set_num_sources(&m, 16), BARRIER_OK);
    /* FA layout: own index in byte 81 (compare data), VA in the window and 8-aligned */
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA);
    w(&m, BDEV_CSR_SRC, 0); /* SRC_ID 0 = mk_notif's source */
    mk_notif(q, 2, 1, 20);
    CHECK_EQ(barrier_dev_push_rx(&m, q, sizeof q), ROCE_RX_SELF);
    mk_notif(q, 3, 1, 20);
    CHECK_EQ(barrier_dev_push_rx(&m, q, sizeof q), ROCE_RX_OK);
    mk_notif(q, 2, 1, 21);
    put64(q + 54, T_CNT_BASE + 16u + 4u); /* VA misaligned: not self, the sequence moves, bar */
    fix_csums(q, sizeof q);
    CHECK_EQ(barrier_dev_push_rx(&m, q, sizeof q), ROCE_RX_BAR);
    mk_notif(q, 2, 1, 21);
    CHECK_EQ(barrier_dev_push_rx(&m, q, sizeof q), ROCE_RX_SELF);
    CHECK_EQ(barrier_dev_stat(&m, BDS_RX_DROP_SELF), 6u);
    /* CTRL.INTERNAL_PATH makes every barrier internal: own notifications of barrier 3 drop too */
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA | BDEV_CTRL_INTERNAL_PATH);
    mk_notif(q, 3, 1, 22);
    CHECK_EQ(barrier_dev_push_rx(&m, q, sizeof q), ROCE_RX_SELF);
    mk_notif(q, 3, 1, 22);
    q[81] = 1; /* another source */
    fix_csums(q, sizeof q);
    CHECK_EQ(barrier_dev_push_rx(&m, q, sizeof q), ROCE_RX_OK);
    /* legacy map: no self verdict */
    barrier_dev_set_ext(&m, 0);
    w(&m, BDEV_CSR_RKEY, T_RKEY);
    w(&m, BDEV_CSR_DEST_QP, T_DQP);
    w64(&m, BDEV_CSR_CNT_BASE_LO, T_CNT_BASE);
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA | BDEV_CTRL_INTERNAL_PATH);
    bar_setup(&m, 3, 1, 4, 0);
    mk_notif(q, 3, 1, 23);
    CHECK_EQ(barrier_dev_push_rx(&m, q, sizeof q), ROCE_RX_OK);
    barrier_dev_free(&m);
}

/* section 3.2: leader mode, LOCAL_N local arrivals -> one notification per epoch */
static void test_dev_leader(void)
{
    struct barrier_dev_model m;
    struct barrier_rel rel;
    uint8_t tx[ROCE_FA_LEN], p[ROCE_FA_LEN];
    size_t len = 0;
    dev_setup(&m, 16, 16, 64);
    w(&m, BDEV_CSR_SRC, 7u << 24);
    w(&m, BDEV_CSR_INC_MAX, 4);
    /* 3 devices (N = 3), 4 local PEs on this one: STEP = 3 * INC(1) */
    w(&m, BDEV_CSR_BAR_INC(0), 1);
    w64(&m, BDEV_CSR_BAR_STEP_LO(0), 3);
    w(&m, BDEV_CSR_GROUP_IP(0), T_GROUP(0));
    /* BAR_LOCAL_N: 1..NUM_PES, locked while enabled (csr_err) */
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_LOCAL_N(0), 0), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_LOCAL_N(0), 17), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_LOCAL_N(0), 16), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_LOCAL_N(0), 4), BARRIER_CSR_DONE);
    CHECK_EQ(barrier_dev_stat(&m, BDS_CSR_ERR), 2u);
    w(&m, BDEV_CSR_BAR_CTRL(0), BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_LEADER |
                                 BDEV_BAR_CTRL_INTERNAL_PATH);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(0)), 7u);
    CHECK_EQ(barrier_dev_csr_write(&m, BDEV_CSR_BAR_LOCAL_N(0), 2), BARRIER_CSR_ERR);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_LOCAL_N(0)), 4u);
    for (unsigned epoch = 1; epoch <= 3; epoch++) {
        for (unsigned pe = 0; pe < 4; pe++) {
            unsigned op = pe == 1 ? BARRIER_OP_ARRIVE_NB : BARRIER_OP_ARRIVE;
            CHECK_EQ(req(&m, op, pe, 0, 0), op == BARRIER_OP_ARRIVE_NB ? BARRIER_REQ_ARRIVE_NB
                                                                       : BARRIER_REQ_ARRIVE);
            /* nothing is sent (and nothing applied locally) before the 4th local arrival */
            CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), pe == 3 ? 1 : 0);
            CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(0)), 3u * (epoch - 1u) + (pe == 3 ? 1u : 0u));
            CHECK_EQ(r64(&m, BDEV_CSR_TGT_LO(pe)), 3u * epoch); /* tgt += STEP, as usual */
        }
        if (epoch == 1) { /* the one notification carries {b, INC[b]} */
            struct roce_fa_fields f;
            CHECK_EQ(roce_fa_parse(tx, len, T_DQP, T_RKEY, &f), ROCE_RX_OK);
            CHECK_EQ(f.add_data, 1u);
            CHECK_EQ(f.va, T_CNT_BASE);
            CHECK_EQ(f.cmp_data, 7u);
        }
        CHECK_EQ(barrier_dev_pop_rel(&m, 1, &rel), 1); /* ARRIVE_NB answered at once */
        CHECK_EQ(rel.epoch, 3u * epoch);
        CHECK_EQ(req(&m, BARRIER_OP_WAIT, 1, 0, 3u * epoch), BARRIER_REQ_WAIT);
        /* the two other devices' leaders */
        mk_notif(p, 0, 1, 2u * epoch - 2u);
        CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_OK);
        CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 0); /* 2 of 3 */
        mk_notif(p, 0, 1, 2u * epoch - 1u);
        CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_OK);
        for (unsigned pe = 0; pe < 4; pe++) {
            CHECK_EQ(barrier_dev_pop_rel(&m, pe, &rel), 1);
            CHECK_EQ(rel.status, BARRIER_ST_OK);
            CHECK_EQ(rel.epoch, 3u * epoch);
        }
    }
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 3u);
    CHECK_EQ(barrier_dev_stat(&m, BDS_REQ_ARRIVE), 12u);
    /* the local count restarts when the barrier is disabled */
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 0, 0, 0), BARRIER_REQ_ARRIVE_NB);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 1, 0, 0), BARRIER_REQ_ARRIVE_NB);
    CHECK_EQ(barrier_dev_pop_rel(&m, 0, &rel), 1);
    CHECK_EQ(barrier_dev_pop_rel(&m, 1, &rel), 1);
    w(&m, BDEV_CSR_BAR_CTRL(0), BDEV_BAR_CTRL_LEADER);
    w(&m, BDEV_CSR_BAR_CTRL(0), BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_LEADER);
    for (unsigned pe = 0; pe < 4; pe++) {
        CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, pe, 0, 0), BARRIER_REQ_ARRIVE_NB);
        CHECK_EQ(barrier_dev_pop_rel(&m, pe, &rel), 1);
        CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), pe == 3 ? 4u : 3u);
    }
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(0)), 9u); /* no internal path now */
    /* errors and WAIT never count as local arrivals */
    w(&m, BDEV_CSR_BAR_CTRL(0), BDEV_BAR_CTRL_LEADER);
    w(&m, BDEV_CSR_BAR_LOCAL_N(0), 2);
    w(&m, BDEV_CSR_BAR_CTRL(0), BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_LEADER);
    CHECK_EQ(req(&m, BARRIER_OP_ILLEGAL, 5, 0, 0), BARRIER_REQ_ERR_OP);
    CHECK_EQ(req(&m, BARRIER_OP_WAIT, 6, 0, 10), BARRIER_REQ_WAIT);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 7, 0, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 4u);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 8, 0, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 5u);
    /* LEADER with LOCAL_N = 1 is the normal mode */
    w(&m, BDEV_CSR_BAR_CTRL(0), BDEV_BAR_CTRL_LEADER);
    w(&m, BDEV_CSR_BAR_LOCAL_N(0), 1);
    w(&m, BDEV_CSR_BAR_CTRL(0), BDEV_BAR_CTRL_ENABLE | BDEV_BAR_CTRL_LEADER);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE_NB, 9, 0, 0), BARRIER_REQ_ARRIVE_NB);
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 6u);
    /* reset: LOCAL_N 1, LEADER 0 */
    barrier_dev_reset(&m);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_LOCAL_N(0)), 1u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_BAR_CTRL(0)), 0u);
    barrier_dev_free(&m);
}

/* section 3.2 in the timed mode (section 9): the internal-path increment of the LOCAL_N-th
 * arrival waits in the hold like any other; the earlier arrivals queue nothing */
static void test_dev_leader_timed(void)
{
    struct barrier_dev_model m;
    uint8_t tx[ROCE_FA_LEN];
    size_t len;
    dev_setup(&m, 16, 16, 64);
    barrier_dev_set_timed(&m, 1);
    w(&m, BDEV_CSR_CTRL, BDEV_CTRL_WIRE_FA);
    w(&m, BDEV_CSR_BAR_INC(1), 2);
    w64(&m, BDEV_CSR_BAR_STEP_LO(1), 2);
    w(&m, BDEV_CSR_GROUP_IP(1), T_GROUP(1));
    w(&m, BDEV_CSR_BAR_LOCAL_N(1), 3);
    w(&m, BDEV_CSR_BAR_CTRL(1), 7);
    for (unsigned pe = 0; pe < 3; pe++) {
        barrier_dev_tick(&m);
        CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, pe, 1, 0), BARRIER_REQ_ARRIVE);
        CHECK_EQ(barrier_dev_hold_pending(&m), pe == 2 ? 1u : 0u);
        CHECK_EQ(barrier_dev_tx_pending(&m), pe == 2 ? 1u : 0u);
        CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), 0); /* built when barrier_tx takes it */
        CHECK_EQ(barrier_dev_tx_take(&m), pe == 2 ? 1 : 0);
        CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), pe == 2 ? 1 : 0);
    }
    CHECK_EQ(barrier_dev_upd_apply(&m, 1), 1);
    CHECK_EQ(r64(&m, BDEV_CSR_CNT_LO(1)), 2u);
    for (int i = 0; i < 3; i++)
        barrier_dev_tick(&m);
    CHECK_EQ(barrier_dev_releasable(&m, NULL), 3u); /* N = 1 device: its own notification */
    barrier_dev_free(&m);
}

/* same-cycle rule of section 6 in the timed mode: a notification is built from the CSRs and
 * tables of the moment barrier_tx takes it (tx_take), a received one is checked against the
 * configuration sampled in its S1 (globals) and S2 (its barrier's entry) cycles */
static void test_dev_cfg_timing(void)
{
    struct barrier_dev_model m;
    uint8_t tx[ROCE_FA_LEN], p[ROCE_UD_LEN];
    size_t len;
    struct roce_ud_fields f;
    dev_setup(&m, 16, 16, 64);
    barrier_dev_set_timed(&m, 1);
    w(&m, BDEV_CSR_CTRL, 0); /* UD */
    w(&m, BDEV_CSR_INC_MAX, 4);
    bar_setup(&m, 2, 1, 4, 0);
    /* tx: the request decides, the packet takes KEY / GROUP_IP / BAR_INC / TX_PSN later */
    barrier_dev_tick(&m);
    CHECK_EQ(req(&m, BARRIER_OP_ARRIVE, 0, 2, 0), BARRIER_REQ_ARRIVE);
    CHECK_EQ(barrier_dev_stat(&m, BDS_TX_NOTIF), 1u);
    w(&m, BDEV_CSR_RKEY, 0x11112222u);
    w(&m, BDEV_CSR_GROUP_IP(2), 0xef7f0002u);
    w(&m, BDEV_CSR_BAR_INC(2), 3);
    w(&m, BDEV_CSR_TX_PSN, 0x345);
    CHECK_EQ(barrier_dev_tx_take(&m), 1);
    CHECK_EQ(barrier_dev_tx_take(&m), 0);
    CHECK_EQ(barrier_dev_pop_tx(&m, tx, sizeof tx, &len), 1);
    CHECK_EQ(len, (size_t)ROCE_UD_LEN);
    CHECK_EQ(roce_ud_parse(tx, len, 0x11112222u, &f), ROCE_RX_OK);
    CHECK_EQ(f.dst_ip, 0xef7f0002u);
    CHECK_EQ(f.inc, 3u);
    CHECK_EQ(f.psn, 0x345u);
    CHECK_EQ(barrier_dev_csr_read(&m, BDEV_CSR_TX_PSN), 0x346u);
    /* rx: a KEY / INC_MAX change after S1 does not touch the packet's verdict; a GROUP_IP change
     * before its S2 does */
    w(&m, BDEV_CSR_RKEY, T_RKEY);
    w(&m, BDEV_CSR_GROUP_IP(2), T_GROUP(2));
    struct barrier_rx_cfg c;
    ud_notif(p, 1, 2, 4, 0);
    barrier_dev_rx_cfg_s1(&m, &c);
    w(&m, BDEV_CSR_RKEY, 0x5a5a5a5au);
    w(&m, BDEV_CSR_INC_MAX, 1);
    barrier_dev_rx_cfg_s2(&m, p, sizeof p, &c);
    CHECK_EQ(barrier_dev_push_rx_cfg(&m, p, sizeof p, &c), ROCE_RX_OK);
    CHECK_EQ(barrier_dev_push_rx(&m, p, sizeof p), ROCE_RX_KEY); /* the configuration of now */
    w(&m, BDEV_CSR_RKEY, T_RKEY);
    w(&m, BDEV_CSR_INC_MAX, 4);
    ud_notif(p, 1, 2, 1, 1);
    barrier_dev_rx_cfg_s1(&m, &c);
    w(&m, BDEV_CSR_GROUP_IP(2), 0xef7f0002u);
    barrier_dev_rx_cfg_s2(&m, p, sizeof p, &c);
    CHECK_EQ(c.group_ip, 0xef7f0002u);
    CHECK_EQ(barrier_dev_push_rx_cfg(&m, p, sizeof p, &c), ROCE_RX_BAR);
    CHECK_EQ(barrier_dev_push_rx_cfg(&m, p, sizeof p, NULL), BARRIER_EINVAL);
    barrier_dev_free(&m);
}

/* ------------------------------------------------------------------ main */

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_crc32_check_value),
        TT_CASE(test_roce_build_golden),
        TT_CASE(test_roce_ud_golden),
        TT_CASE(test_dev_seq),
        TT_CASE(test_dev_init_params),
        TT_CASE(test_dev_csr_reset_values),
        TT_CASE(test_dev_csr_widths),
        TT_CASE(test_dev_csr_readonly_and_holes),
        TT_CASE(test_dev_cfg_reject),
        TT_CASE(test_dev_csr_locks),
        TT_CASE(test_dev_tx_golden),
        TT_CASE(test_dev_rx_inc_half),
        TT_CASE(test_dev_timed_api),
        TT_CASE(test_dev_tx_psn_wrap),
        TT_CASE(test_dev_rx_drops),
        TT_CASE(test_dev_rx_va_top),
        TT_CASE(test_dev_req_errors),
        TT_CASE(test_dev_arrive_release),
        TT_CASE(test_dev_arrive_nb_then_wait),
        TT_CASE(test_dev_internal_path),
        TT_CASE(test_dev_mirror),
        TT_CASE(test_dev_serial_wrap),
        TT_CASE(test_paper_replay),
        TT_CASE(test_dev_reset),
        TT_CASE(test_fanout_init_csr),
        TT_CASE(test_fanout_drops),
        TT_CASE(test_fanout_reflect_exclude),
        TT_CASE(test_fanout_xlt_fa),
        TT_CASE(test_dev_bar_internal_path),
        TT_CASE(test_dev_rx_self),
        TT_CASE(test_dev_leader),
        TT_CASE(test_dev_leader_timed),
        TT_CASE(test_dev_cfg_timing),
        TT_CASE(test_fanout_timed),
    };
    return TT_RUN(cases);
}
