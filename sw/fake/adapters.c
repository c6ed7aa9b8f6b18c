/* adapters.c - see adapters.h (note 004 §5.1(c)). */
#include "adapters.h"
#include "fakep2p.h"

static int a_range(void *u, uint64_t p, uint64_t *b, uint64_t *s)
{
    (void)u;
    return fk_cuMemGetAddressRange(b, s, p);
}

static int a_attrs(void *u, uint64_t p, uint64_t *id, unsigned *mt, int *managed, int *rdma)
{
    int ord;
    (void)u;
    return fk_cuPointerGetAttributes(p, id, mt, managed, rdma, &ord);
}

static int a_id(void *u, uint64_t p, uint64_t *id)
{
    (void)u;
    return fk_cuPointerGetAttribute_buffer_id(id, p);
}

static int a_sync(void *u, uint64_t p)
{
    (void)u;
    return fk_cuPointerSetAttribute_sync_memops(p, 1);
}

const struct gr_cuda_ops fk_cuda_ops = { a_range, a_attrs, a_id, a_sync };

static int k_pin(void *k, uint64_t va, uint64_t len, uint32_t *h, uint32_t *gen)
{
    struct gb_info i;
    int ret = gb_pin(k, va, len, h);
    if (ret)
        return ret;
    ret = gb_query(k, *h, &i);
    *gen = i.gen;
    return ret;
}

static int k_unpin(void *k, uint32_t h)
{
    return gb_unpin(k, h);
}

static int k_table(void *k, uint32_t h, uint64_t *addrs, uint32_t max, uint32_t *n)
{
    return gb_table(k, h, addrs, max, n);
}

const struct gr_pin_ops gb_core_pin_ops = { k_pin, k_unpin, k_table };
