/*
 * cmodel/test/test_nic_host.c -- unit tests of the testbench host model cmodel/nic_host.c
 * (docs/nic.md section 2): byte memory, read completions reassembled per tag equal memory at
 * request time (natural 32-byte alignment, zero outside the request), splits interleave across
 * tags, protocol errors, writes land only inside [addr, addr + len).
 */
#include <stdint.h>
#include <string.h>

#include "nic_host.h"
#include "tinytest.h"

static const struct nic_host_cfg CFG = {
    .seed = 7, .lat_min = 5, .lat_max = 300, .split_pct = 50, .gap_max = 3,
    .rd_ready_pct = 100, .wr_ready_pct = 100, .max_tags = 16, .err_ppm = 0};

static void test_mem(void)
{
    struct nic_host h;
    CHECK_EQ(nic_host_init(&h, &CFG), NIC_HOST_OK);
    uint8_t a[100], b[100];
    for (unsigned i = 0; i < sizeof a; i++)
        a[i] = (uint8_t)(i * 7 + 1);
    CHECK_EQ(nic_host_mem_write(&h, 0x1003, a, sizeof a), NIC_HOST_OK);
    nic_host_mem_read(&h, 0x1003, b, sizeof b);
    CHECK(memcmp(a, b, sizeof a) == 0);
    nic_host_mem_read(&h, 0x1002, b, 1);
    CHECK_EQ(b[0], 0);
    nic_host_free(&h);
}

static void test_reads(void)
{
    struct nic_host h;
    CHECK_EQ(nic_host_init(&h, &CFG), NIC_HOST_OK);
    static uint8_t img[1 << 16];
    for (unsigned i = 0; i < sizeof img; i++)
        img[i] = (uint8_t)(i ^ (i >> 8) ^ 0x5a);
    CHECK_EQ(nic_host_mem_write(&h, 0x100000, img, sizeof img), NIC_HOST_OK);
    /* 16 requests at once, random-ish offsets and lengths inside one 4 KiB page each */
    uint64_t addr[16];
    unsigned len[16], got[16] = {0}, beats = 0, interleave = 0, last_tag = 99;
    static uint8_t buf[16][4096 + 64];
    for (unsigned t = 0; t < 16; t++) {
        addr[t] = 0x100000 + 4096ull * t + (t * 37u) % 200u;
        len[t] = 1u + (t * 613u) % (4096u - (unsigned)(addr[t] & 4095u));
        CHECK_EQ(nic_host_rd_req(&h, 0, addr[t], len[t], t), NIC_HOST_OK);
    }
    CHECK_EQ(nic_host_rd_req(&h, 0, 0x100000, 1, 3), NIC_HOST_ETAG);
    CHECK_EQ(nic_host_outstanding(&h), 16);
    struct nic_host_beat b;
    for (uint64_t cyc = 0; cyc < 100000 && nic_host_outstanding(&h); cyc++) {
        if (!nic_host_cpl_peek(&h, cyc, &b))
            continue;
        CHECK(!b.err);
        CHECK(got[b.tag] < nic_host_beats(addr[b.tag], len[b.tag]));
        memcpy(buf[b.tag] + 32u * got[b.tag]++, b.data, 32);
        CHECK_EQ(b.last, got[b.tag] == nic_host_beats(addr[b.tag], len[b.tag]));
        if (last_tag != 99 && b.tag != last_tag && got[last_tag] != 0 &&
            got[last_tag] < nic_host_beats(addr[last_tag], len[last_tag]))
            interleave++;
        last_tag = b.tag;
        beats++;
        nic_host_cpl_pop(&h);
    }
    CHECK_EQ(nic_host_outstanding(&h), 0);
    CHECK(interleave > 0);   /* some request was split and another tag came in between */
    for (unsigned t = 0; t < 16; t++) {
        unsigned off = (unsigned)(addr[t] & 31u), nb = nic_host_beats(addr[t], len[t]);
        CHECK_EQ(got[t], nb);
        CHECK(memcmp(buf[t] + off, img + (addr[t] - 0x100000), len[t]) == 0);
        for (unsigned i = 0; i < off; i++)
            CHECK_EQ(buf[t][i], 0);
        for (unsigned i = off + len[t]; i < 32u * nb; i++)
            CHECK_EQ(buf[t][i], 0);
    }
    CHECK_EQ(beats, h.n_cpl_beats);
    CHECK_EQ(nic_host_rd_req(&h, 0, 0x1ff0, 32, 0), NIC_HOST_E4K);
    CHECK_EQ(nic_host_rd_req(&h, 0, 0x1000, 0, 0), NIC_HOST_ELEN);
    CHECK_EQ(nic_host_rd_req(&h, 0, 0x1000, 8, 16), NIC_HOST_ETAG);
    nic_host_free(&h);
}

static void test_errors(void)
{
    struct nic_host_cfg c = CFG;
    c.err_ppm = 1000000u;
    struct nic_host h;
    CHECK_EQ(nic_host_init(&h, &c), NIC_HOST_OK);
    uint8_t one = 0xff;
    nic_host_mem_write(&h, 0x2000, &one, 1);
    CHECK_EQ(nic_host_rd_req(&h, 0, 0x2000, 64, 2), NIC_HOST_OK);
    struct nic_host_beat b;
    unsigned n = 0;
    for (uint64_t cyc = 0; cyc < 1000 && nic_host_outstanding(&h); cyc++)
        if (nic_host_cpl_peek(&h, cyc, &b)) {
            CHECK(b.err);
            CHECK_EQ(b.data[0], 0);
            n++;
            nic_host_cpl_pop(&h);
        }
    CHECK_EQ(n, 2);
    CHECK_EQ(h.n_rd_err, 1);
    nic_host_free(&h);
}

static void test_writes(void)
{
    struct nic_host h;
    CHECK_EQ(nic_host_init(&h, &CFG), NIC_HOST_OK);
    uint8_t beat[32], out[80];
    memset(beat, 0xee, sizeof beat);
    /* 40 bytes at 0x3010: beats cover 0x3000..0x303f; only 0x3010..0x3037 change */
    CHECK_EQ(nic_host_wr_beat(&h, 0x3010, 40, beat, 0), NIC_HOST_OK);
    CHECK_EQ(nic_host_wr_beat(&h, 0x3010, 40, beat, 1), NIC_HOST_OK);
    nic_host_mem_read(&h, 0x3000, out, 80);
    for (unsigned i = 0; i < 80; i++)
        CHECK_EQ(out[i], (i >= 0x10 && i < 0x38) ? 0xee : 0);
    CHECK_EQ(nic_host_wr_beat(&h, 0x4000, 64, beat, 1), NIC_HOST_EWRITE);   /* last too early */
    nic_host_free(&h);
    CHECK_EQ(nic_host_init(&h, &CFG), NIC_HOST_OK);
    CHECK_EQ(nic_host_wr_beat(&h, 0x4000, 64, beat, 0), NIC_HOST_OK);
    CHECK_EQ(nic_host_wr_beat(&h, 0x4008, 64, beat, 1), NIC_HOST_EWRITE);   /* addr changed */
    nic_host_free(&h);
}

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_mem),
        TT_CASE(test_reads),
        TT_CASE(test_errors),
        TT_CASE(test_writes),
    };
    return TT_RUN(cases);
}
