/*
 * gb_csr.c - register-level driver of gpubar_top (gb_csr.h; docs/gpubar.md 8). Kernel and user
 * space; no allocation, no locks (the caller serialises). GB_CSR_MUTANT 1 / 2: faults that
 * selftest-sw-rtl (mk/sw.mk) must catch.
 */
#include "gb_csr.h"

#define GB_ST_BUSY      0x1u
#define GB_ST_BAD       0x2u
#define GB_ACK_VALID    0x80000000u
#define GB_PAGE         0x10000ull          /* 64 KiB GPU page */

static u32 rd(struct gb_csr *d, u32 off)
{
    return d->io.rd(d->io.io, off);
}

static void wr(struct gb_csr *d, u32 off, u32 v)
{
    d->io.wr(d->io.io, off, v);
}

static void relax(struct gb_csr *d)
{
    if (d->io.relax)
        d->io.relax(d->io.io);
}

/* STATUS.BUSY low within d->busy_us; returns the last STATUS or -ETIMEDOUT */
static long wait_idle(struct gb_csr *d)
{
    const u64 end = d->io.now_us(d->io.io) + d->busy_us;

    for (;;) {
        u32 st = rd(d, GB_CSR_STATUS);

        if (!(st & GB_ST_BUSY))
            return (long)st;
        if (d->io.now_us(d->io.io) > end) {
            d->timeouts++;
            return -ETIMEDOUT;
        }
        relax(d);
    }
}

int gb_csr_probe(struct gb_csr *d, const struct gb_csr_io *io)
{
    u32 p, i;

    d->io = *io;
    if (rd(d, GB_CSR_ID) != GB_CSR_ID_VALUE)
        return -ENODEV;
    p = rd(d, GB_CSR_PARAMS);
    d->nr = 1u << (p & 0xfu);
    d->ne = 1u << ((p >> 4) & 0xfu);
    d->busy_us = 1000;
    for (i = 0; i < GB_CSR_MAX_REGIONS; i++)
        d->expect[i] = 0;
    d->ops = d->refused = d->acks = d->timeouts = d->stale_acks = 0;
    return 0;
}

int gb_csr_op(struct gb_csr *d, unsigned op, unsigned region, unsigned idx, u64 data)
{
    long st;

    if (op > GB_OP_INVALIDATE || region >= d->nr || idx >= d->ne)
        return -EINVAL;
    st = wait_idle(d);
    if (st < 0)
        return (int)st;
    wr(d, GB_CSR_REGION, region);
    wr(d, GB_CSR_IDX, idx);
    wr(d, GB_CSR_DATA_LO, (u32)data);
    wr(d, GB_CSR_DATA_HI, (u32)(data >> 32));
    wr(d, GB_CSR_OP, op);
    d->ops++;
    /* the OP write sets BUSY in the cycle it applies, before any later read returns */
    st = wait_idle(d);
    if (st < 0)
        return (int)st;
    if (st & GB_ST_BAD) {
        d->refused++;
        return -EINVAL;
    }
    return 0;
}

int gb_csr_set_mps(struct gb_csr *d, unsigned mps_bytes, u32 rid)
{
    u32 code = mps_bytes == 128 ? 0 : mps_bytes == 256 ? 1 : mps_bytes == 512 ? 2 : 3;
    long st;

    if (code == 3 || rid > 0xffffu)
        return -EINVAL;
    st = wait_idle(d);
    if (st < 0)
        return (int)st;
    wr(d, GB_CSR_MPS, (rid << 16) | code);     /* the MPS write is the SET_MPS op */
    d->ops++;
    st = wait_idle(d);
    if (st < 0)
        return (int)st;
    if (st & GB_ST_BAD) {
        d->refused++;
        return -EINVAL;
    }
    return 0;
}

int gb_csr_load(void *dev, unsigned slot, u32 gen, const u64 *addrs, u32 n, u32 off0, u64 user_len)
{
    struct gb_csr *d = dev;
    u32 i;
    int ret;

    if (slot >= d->nr || n == 0 || n > d->ne || off0 >= GB_PAGE || user_len > 0xffffffffull ||
        off0 + user_len > (u64)n * GB_PAGE)
        return -EINVAL;
    ret = gb_csr_op(d, GB_OP_DISARM, slot, 0, 0);
    for (i = 0; !ret && i < n; i++)
        ret = gb_csr_op(d, GB_OP_LOAD, slot, i, addrs[i]);
    for (; !ret && i < d->ne; i++)
        ret = gb_csr_op(d, GB_OP_CLEAR, slot, i, 0);
#if defined(GB_CSR_MUTANT) && GB_CSR_MUTANT == 2
    user_len <<= 1;     /* MUTANT 2: the user length packed one bit off */
#endif
    if (!ret)
        ret = gb_csr_op(d, GB_OP_ARM, slot, 0,
                        ((u64)(gen & 0xffffu) << 48) | ((user_len & 0xffffffffull) << 16) | off0);
    return ret;
}

/* pops the head ACK if there is one: 1 popped, 0 none, -EIO not owed */
static int pop_one(struct gb_csr *d)
{
    u32 h = rd(d, GB_CSR_ACK_HEAD), r;

    if (!(h & GB_ACK_VALID))
        return 0;
    r = h & 0xffu;
    wr(d, GB_CSR_ACK_POP, 1);
    if (r >= d->nr || !d->expect[r]) {
        d->stale_acks++;
        return -EIO;
    }
    d->expect[r]--;
    d->acks++;
    return 1;
}

int gb_csr_reap(struct gb_csr *d)
{
    int n = 0, ret;

    while ((ret = pop_one(d)) > 0)
        n++;
    return ret < 0 ? ret : n;
}

int gb_csr_invalidate(void *dev, unsigned slot, unsigned ms)
{
    struct gb_csr *d = dev;
    u64 end;
    int ret;

    if (slot >= d->nr)
        return -EINVAL;
    ret = gb_csr_op(d, GB_OP_INVALIDATE, slot, 0, 1ull << 63);
    if (ret)
        return ret;
    d->expect[slot]++;
#if defined(GB_CSR_MUTANT) && GB_CSR_MUTANT == 1
    return 0;           /* MUTANT 1: return without waiting for the ACK */
#endif
    /* ACKs leave in INVALIDATE order: pop until every ACK owed to this region is in */
    end = d->io.now_us(d->io.io) + (u64)ms * 1000;
    while (d->expect[slot]) {
        ret = pop_one(d);
        if (ret < 0)
            return ret;
        if (ret)
            continue;
        if (d->io.now_us(d->io.io) > end) {
            d->timeouts++;
            return -ETIMEDOUT;
        }
        relax(d);
    }
    return 0;
}
