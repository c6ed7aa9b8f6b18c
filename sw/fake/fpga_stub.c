/* fpga_stub.c - see fpga_stub.h (note 004 §4 R-1..R-4, R-9, R-10, R-14). */
#include "fpga_stub.h"
#include "fakep2p.h"
#include <stdlib.h>
#include <string.h>

void fs_init(struct fs_dev *d)
{
    memset(d, 0, sizeof(*d));
    pthread_mutex_init(&d->m, NULL);
}

void fs_fini(struct fs_dev *d)
{
    unsigned i;
    for (i = 0; i < GB_MAX_SLOTS; i++)
        free(d->s[i].addrs);
    pthread_mutex_destroy(&d->m);
}

/* byte k of the user buffer is at addrs[(off0+k)>>16] + ((off0+k) & 0xFFFF) */
static void fs_exec(struct fs_dev *d, unsigned i)
{
    struct fs_slot *s = &d->s[d->q[i].slot];
    u64 o = s->off0 + d->q[i].off, len = d->q[i].len;
    if (!s->valid || s->gen != d->q[i].gen) {
        d->dropped++;                   /* no TLP after INVALIDATE (R-9 a) */
        return;
    }
    while (len) {
        u64 chunk = GB_PAGE_SIZE - (o & (GB_PAGE_SIZE - 1));
        if (chunk > len)
            chunk = len;
        fk_bar_write(s->addrs[o >> GB_PAGE_SHIFT] + (o & (GB_PAGE_SIZE - 1)), chunk);
        d->writes++;
        d->bytes += chunk;
        o += chunk;
        len -= chunk;
    }
}

static int fs_load(void *dev, unsigned slot, u32 gen, const u64 *addrs, u32 n, u32 off0, u64 ulen)
{
    struct fs_dev *d = dev;
    struct fs_slot *s = &d->s[slot];
    pthread_mutex_lock(&d->m);
    free(s->addrs);
    s->addrs = malloc(sizeof(u64) * n);
    memcpy(s->addrs, addrs, sizeof(u64) * n);
    s->n = n;
    s->gen = gen;
    s->off0 = off0;
    s->ulen = ulen;
    s->valid = 1;
    pthread_mutex_unlock(&d->m);
    return 0;
}

static int fs_invalidate(void *dev, unsigned slot, unsigned ms)
{
    struct fs_dev *d = dev;
    int i, k = 0;
    (void)ms;
    pthread_mutex_lock(&d->m);
    if (d->ack_never) {
        d->s[slot].valid = 0;           /* stops issuing, but the flush never completes */
        pthread_mutex_unlock(&d->m);
        return -ETIMEDOUT;
    }
    /* drain: earlier descriptors of this slot land (pages still mapped), then no more */
    for (i = 0; i < d->nq; i++) {
        if (d->q[i].slot == slot)
            fs_exec(d, (unsigned)i);
        else
            d->q[k++] = d->q[i];
    }
    d->nq = k;
    d->s[slot].valid = 0;
    d->invalidates++;
    pthread_mutex_unlock(&d->m);
    return 0;
}

static int fs_submit(void *dev, unsigned slot, u32 gen, u64 off, u64 len)
{
    struct fs_dev *d = dev;
    struct fs_slot *s = &d->s[slot];
    int ret = 0;
    pthread_mutex_lock(&d->m);
    if (!s->valid || s->gen != gen)
        ret = -ESTALE;
    else if (len == 0 || off > s->ulen || len > s->ulen - off)
        ret = -ERANGE;
    else if (d->nq == FS_QMAX)
        ret = -EBUSY;
    if (ret)
        d->rejected++;
    else {
        d->q[d->nq].slot = slot;
        d->q[d->nq].gen = gen;
        d->q[d->nq].off = off;
        d->q[d->nq].len = len;
        d->nq++;
    }
    pthread_mutex_unlock(&d->m);
    return ret;
}

void fs_run(struct fs_dev *d)
{
    int i;
    pthread_mutex_lock(&d->m);
    for (i = 0; i < d->nq; i++)
        fs_exec(d, (unsigned)i);
    d->nq = 0;
    pthread_mutex_unlock(&d->m);
}

int fs_valid_slots(struct fs_dev *d)
{
    int i, n = 0;
    pthread_mutex_lock(&d->m);
    for (i = 0; i < GB_MAX_SLOTS; i++)
        n += d->s[i].valid;
    pthread_mutex_unlock(&d->m);
    return n;
}

const struct gb_fpga_ops fs_ops = { fs_load, fs_invalidate, fs_submit };
