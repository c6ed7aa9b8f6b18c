/*
 * cmodel/pcie.c -- model of rtl/pcie/pcie_req.v (issue 15 first slice; cmodel/pcie.h, docs/pcie.md).
 * Source: AMD PG213 requester request / completion descriptors; docs/nic.md 2.
 */
#include "pcie.h"

#include <stdlib.h>
#include <string.h>

struct pcie_rd {
    uint64_t addr;
    uint32_t len, tag, nsub, nseen;
    int err;
};

static int grow(void **p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap * 2 : 64;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * sz);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

int pcie_init(struct pcie *m, unsigned mrrs_enc, unsigned mps_enc)
{
    if (mrrs_enc > 7 || mps_enc > 7)
        return PCIE_EINVAL;
    memset(m, 0, sizeof *m);
    m->mrrs = 128u << (mrrs_enc > 5 ? 5 : mrrs_enc);
    m->mps = 128u << (mps_enc > 3 ? 3 : mps_enc);
    return PCIE_OK;
}

void pcie_free(struct pcie *m)
{
    free(m->rdq);
    free(m->wrq);
    free(m->rds);
    memset(m, 0, sizeof *m);
}

uint32_t pcie_dwc(uint64_t addr, uint32_t len) { return (uint32_t)(((addr & 3) + len + 3) >> 2); }

void pcie_be(uint64_t addr, uint32_t len, uint8_t *first_be, uint8_t *last_be)
{
    unsigned a = (unsigned)(addr & 3), e = (unsigned)((addr + len - 1) & 3);
    uint8_t fb = (uint8_t)((0xfu << a) & 0xf), lb = (uint8_t)(0xfu >> (3 - e));
    if (a + len <= 4) {
        *first_be = fb & lb;
        *last_be = 0;
    } else {
        *first_be = fb;
        *last_be = lb;
    }
}

/* PG213 requester request descriptor: DW0 {addr[31:2], AT[1:0]}, DW1 addr[63:32], DW2 {requester
 * ID[31:16], poisoned[15], req type[14:11], DW count[10:0]}, DW3 {force ECRC[31], attr[30:28],
 * TC[27:25], requester ID enable[24], completer ID[23:8], tag[7:0]}; every field not listed is 0 */
void pcie_rq_desc(uint32_t d[4], unsigned req_type, uint64_t addr, uint32_t dwc, unsigned tag)
{
    d[0] = (uint32_t)addr & ~3u;
    d[1] = (uint32_t)(addr >> 32);
    d[2] = (dwc & 0x7ffu) | (req_type & 0xfu) << 11;
    d[3] = tag & 0xffu;
}

void pcie_rc_desc(uint32_t d[3], unsigned lower_addr, unsigned error_code, unsigned byte_count,
                  int request_completed, unsigned dwc, unsigned status, int poisoned, unsigned tag)
{
    d[0] = (lower_addr & 0xfffu) | (error_code & 0xfu) << 12 | (byte_count & 0x1fffu) << 16 |
           (request_completed ? 1u << 30 : 0);
    d[1] = (dwc & 0x7ffu) | (status & 7u) << 11 | (poisoned ? 1u << 14 : 0);
    d[2] = tag & 0xffu;
}

static struct pcie_tlp *push_tlp(struct pcie_tlp **q, size_t *n, size_t *cap)
{
    if (grow((void **)q, cap, *n + 1, sizeof **q))
        return NULL;
    struct pcie_tlp *t = &(*q)[(*n)++];
    memset(t, 0, sizeof *t);
    return t;
}

/* chunk of a request at addr with rem bytes left, boundaries at multiples of size */
static uint32_t chunk(uint64_t addr, uint32_t rem, uint32_t size)
{
    uint32_t room = size - (uint32_t)(addr & (size - 1));
    return rem < room ? rem : room;
}

int pcie_rd_req(struct pcie *m, uint64_t addr, uint32_t len, uint32_t tag)
{
    if (len < 1 || len > 4096 || ((addr & 4095) + len) > 4096)
        return PCIE_EINVAL;
    if (grow((void **)&m->rds, &m->rds_cap, m->rds_n + 1, sizeof *m->rds))
        return PCIE_ENOMEM;
    struct pcie_rd *r = &m->rds[m->rds_n++];
    r->addr = addr;
    r->len = len;
    r->tag = tag;
    r->nsub = r->nseen = 0;
    r->err = 0;
    uint64_t a = addr;
    uint32_t rem = len;
    while (rem) {
        uint32_t n = chunk(a, rem, m->mrrs);
        struct pcie_tlp *t = push_tlp(&m->rdq, &m->rd_n, &m->rd_cap);
        if (!t)
            return PCIE_ENOMEM;
        pcie_rq_desc(t->desc, PCIE_REQ_MEM_READ, a, pcie_dwc(a, n), 0);
        pcie_be(a, n, &t->first_be, &t->last_be);
        t->nic_seq = m->nic_seq;
        t->len = n;
        t->addr = a;
        r->nsub++;
        m->stat[PCIE_ST_RD_TLP]++;
        a += n;
        rem -= n;
    }
    m->nic_seq++;
    return PCIE_OK;
}

int pcie_wr(struct pcie *m, uint64_t addr, uint32_t len, const uint8_t *beats)
{
    if (len < 1 || len > 4096)
        return PCIE_EINVAL;
    const uint64_t base = addr & ~31ull;
    uint64_t a = addr;
    uint32_t rem = len;
    while (rem) {
        uint32_t n = chunk(a, rem, m->mps);
        struct pcie_tlp *t = push_tlp(&m->wrq, &m->wr_n, &m->wr_cap);
        if (!t)
            return PCIE_ENOMEM;
        t->ndw = pcie_dwc(a, n);
        t->len = n;
        t->addr = a;
        pcie_rq_desc(t->desc, PCIE_REQ_MEM_WRITE, a, t->ndw, 0);
        pcie_be(a, n, &t->first_be, &t->last_be);
        for (uint32_t i = 0; i < t->ndw; i++) {
            const uint8_t *p = beats + ((a & ~3ull) - base) + 4 * i;
            t->dw[i] = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        }
        m->stat[PCIE_ST_WR_TLP]++;
        a += n;
        rem -= n;
    }
    return PCIE_OK;
}

static int pop(struct pcie_tlp *q, size_t *h, size_t *n, struct pcie_tlp *t)
{
    if (*h == *n)
        return PCIE_EMPTY;
    *t = q[(*h)++];
    if (*h == *n)
        *h = *n = 0;
    return PCIE_OK;
}

int pcie_pop_rd_tlp(struct pcie *m, struct pcie_tlp *t) { return pop(m->rdq, &m->rd_h, &m->rd_n, t); }
int pcie_pop_wr_tlp(struct pcie *m, struct pcie_tlp *t) { return pop(m->wrq, &m->wr_h, &m->wr_n, t); }

int pcie_rd_sub(struct pcie *m, uint64_t seq, int err)
{
    /* rds[rds_h] is NIC read number (nic_seq - (rds_n - rds_h)) */
    uint64_t first = m->nic_seq - (m->rds_n - m->rds_h);
    if (seq < first || seq >= m->nic_seq)
        return PCIE_EINVAL;
    struct pcie_rd *r = &m->rds[m->rds_h + (seq - first)];
    if (r->nseen >= r->nsub)
        return PCIE_EINVAL;
    r->nseen++;
    r->err |= err != 0;
    return PCIE_OK;
}

void pcie_rc_tlp(struct pcie *m, int known, int err)
{
    if (!known) {
        m->stat[PCIE_ST_CPL_UNEXP]++;
        return;
    }
    m->stat[PCIE_ST_CPL]++;
    if (err)
        m->stat[PCIE_ST_CPL_ERR]++;
}

int pcie_pop_cpl(struct pcie *m, pcie_mem_fn mem, void *ctx, struct pcie_cpl_beat *b)
{
    if (m->rds_h == m->rds_n)
        return PCIE_EMPTY;
    struct pcie_rd *r = &m->rds[m->rds_h];
    if (r->nseen < r->nsub)
        return PCIE_EMPTY;
    const uint64_t A = r->addr & ~31ull;
    const uint32_t nb = (uint32_t)(((r->addr & 31) + r->len + 31) >> 5);
    b->tag = r->tag;
    b->err = r->err;
    b->last = m->beat + 1 == nb;
    for (unsigned j = 0; j < 32; j++) {
        uint64_t x = A + 32ull * m->beat + j;
        b->data[j] = (!r->err && x >= r->addr && x < r->addr + r->len) ? mem(ctx, x) : 0;
    }
    if (++m->beat == nb) {
        m->beat = 0;
        if (++m->rds_h == m->rds_n)
            m->rds_h = m->rds_n = 0;
    }
    return PCIE_OK;
}
