/* cmodel/pcie_msix.c -- model of rtl/pcie_msix/pcie_msix.v (see pcie_msix.h; docs/pcie_msix.md) */
#include "pcie_msix.h"

#include <string.h>

int pcie_msix_init(struct pcie_msix *m, unsigned nv)
{
    if (nv < 2 || nv > PCIE_MSIX_NV_MAX || (nv & (nv - 1)) != 0)
        return PCIE_MSIX_EINVAL;
    memset(m, 0, sizeof *m);
    m->nv = nv;
    memset(m->mask, 1, sizeof m->mask);
    m->flight = -1;
    return PCIE_MSIX_OK;
}

/* table DW of a byte offset: 1 and *v, *d set when it names an entry v < nv */
static int tbl_dw(const struct pcie_msix *m, uint32_t addr, unsigned *v, unsigned *d)
{
    addr &= 0x1fffu;
    if (addr & 0x1000u)
        return 0;
    *v = (addr >> 4) & 0xffu;
    *d = (addr >> 2) & 3u;
    return *v < m->nv;
}

uint32_t pcie_msix_read(const struct pcie_msix *m, uint32_t addr)
{
    unsigned v, d;
    addr &= 0x1fffu;
    if (addr & 0x1000u) {   /* PBA DW k: pending bits 32 k .. 32 k + 31 */
        unsigned k = (addr >> 2) & 0x3ffu;
        uint32_t w = 0;
        for (unsigned b = 0; b < 32; b++)
            if (32 * k + b < m->nv && m->pend[32 * k + b])
                w |= 1u << b;
        return w;
    }
    if (!tbl_dw(m, addr, &v, &d))
        return 0;
    switch (d) {
    case 0: return m->lo[v];
    case 1: return m->hi[v];
    case 2: return m->data[v];
    default: return m->mask[v];
    }
}

static uint32_t merge(uint32_t old, uint32_t data, unsigned strb)
{
    for (unsigned i = 0; i < 4; i++)
        if (strb & (1u << i))
            old = (old & ~(0xffu << (8 * i))) | (data & (0xffu << (8 * i)));
    return old;
}

void pcie_msix_write(struct pcie_msix *m, uint32_t addr, uint32_t data, unsigned strb)
{
    unsigned v, d;
    if (!tbl_dw(m, addr, &v, &d))
        return;   /* PBA (read only) or outside the table: ignored */
    switch (d) {
    case 0: m->lo[v] = merge(m->lo[v], data, strb); break;
    case 1: m->hi[v] = merge(m->hi[v], data, strb); break;
    case 2: m->data[v] = merge(m->data[v], data, strb); break;
    default: if (strb & 1u) m->mask[v] = (uint8_t)(data & 1u); break;
    }
}

int pcie_msix_fire(struct pcie_msix *m, unsigned v, uint64_t *addr, uint32_t *data)
{
    if (v >= m->nv)
        return PCIE_MSIX_EINVAL;
    if (m->flight >= 0)
        return PCIE_MSIX_EBUSY;
    if (!m->pend[v])
        return PCIE_MSIX_ENOTPEND;
    if (m->mask[v])
        return PCIE_MSIX_EMASKED;
    *addr = (uint64_t)m->hi[v] << 32 | m->lo[v];
    *data = m->data[v];
    m->pend[v] = 0;
    m->flight = (int)v;
    m->st[PCIE_MSIX_ST_INT]++;
    return PCIE_MSIX_OK;
}

void pcie_msix_irq(struct pcie_msix *m, const uint64_t req[PCIE_MSIX_NV_MAX / 64])
{
    for (unsigned v = 0; v < m->nv; v++)
        if (req[v / 64] >> (v % 64) & 1u)
            m->pend[v] = 1;
}

int pcie_msix_answer(struct pcie_msix *m, int fail)
{
    if (m->flight < 0)
        return PCIE_MSIX_ENOFLIGHT;
    if (fail) {
        m->pend[m->flight] = 1;
        m->st[PCIE_MSIX_ST_FAIL]++;
    } else {
        m->st[PCIE_MSIX_ST_SENT]++;
    }
    m->flight = -1;
    return PCIE_MSIX_OK;
}

int pcie_msix_eligible(const struct pcie_msix *m)
{
    for (unsigned v = 0; v < m->nv; v++)
        if (m->pend[v] && !m->mask[v])
            return 1;
    return 0;
}
