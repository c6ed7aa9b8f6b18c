/*
 * cmodel/nic_xlat.c -- NIC VA->PA translation: host memory and the reference walk
 * (cmodel/nic_xlat.h, docs/nic_xlat.md).
 */
#include "nic_xlat.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ host memory */

static size_t slot(uint64_t key, size_t cap)
{
    uint64_t h = key * UINT64_C(0x9e3779b97f4a7c15);
    return (size_t)(h >> 17) & (cap - 1u);
}

int nic_hostmem_init(struct nic_hostmem *m)
{
    if (!m)
        return NIC_XLAT_EINVAL;
    memset(m, 0, sizeof *m);
    m->cap = 1024;
    m->key = calloc(m->cap, sizeof *m->key);
    m->val = calloc(m->cap, sizeof *m->val);
    if (!m->key || !m->val) {
        nic_hostmem_free(m);
        return NIC_XLAT_ENOMEM;
    }
    return NIC_XLAT_OK;
}

void nic_hostmem_free(struct nic_hostmem *m)
{
    if (!m)
        return;
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

static int grow(struct nic_hostmem *m)
{
    size_t ncap = 2u * m->cap;
    uint64_t *nk = calloc(ncap, sizeof *nk), *nv = calloc(ncap, sizeof *nv);
    if (!nk || !nv) {
        free(nk);
        free(nv);
        return NIC_XLAT_ENOMEM;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->key[i])
            continue;
        size_t j = slot(m->key[i], ncap);
        while (nk[j])
            j = (j + 1u) & (ncap - 1u);
        nk[j] = m->key[i];
        nv[j] = m->val[i];
    }
    free(m->key);
    free(m->val);
    m->key = nk;
    m->val = nv;
    m->cap = ncap;
    return NIC_XLAT_OK;
}

int nic_hostmem_write64(struct nic_hostmem *m, uint64_t pa, uint64_t v)
{
    if (!m || !m->key)
        return NIC_XLAT_EINVAL;
    if (2u * (m->count + 1u) > m->cap && grow(m) != NIC_XLAT_OK)
        return NIC_XLAT_ENOMEM;
    uint64_t k = (pa >> 3) + 1u;
    size_t j = slot(k, m->cap);
    while (m->key[j] && m->key[j] != k)
        j = (j + 1u) & (m->cap - 1u);
    if (!m->key[j]) {
        m->key[j] = k;
        m->count++;
    }
    m->val[j] = v;
    return NIC_XLAT_OK;
}

uint64_t nic_hostmem_read64(const struct nic_hostmem *m, uint64_t pa)
{
    if (!m || !m->key)
        return 0;
    uint64_t k = (pa >> 3) + 1u;
    size_t j = slot(k, m->cap);
    while (m->key[j]) {
        if (m->key[j] == k)
            return m->val[j];
        j = (j + 1u) & (m->cap - 1u);
    }
    return 0;
}

/* ------------------------------------------------------------------ reference walk */

#define E_P    UINT64_C(0x1)
#define E_RW   UINT64_C(0x2)
#define E_PS   UINT64_C(0x80)
#define E_ADDR UINT64_C(0x000ffffffffff000)   /* bits 51:12 */
#define E_PAT  UINT64_C(0x1000)               /* bit 12 of a 2 MiB / 1 GiB leaf: PAT, not address */

int nic_xlat_ref_walk(const struct nic_hostmem *m, uint64_t cr3, uint64_t va, int write,
                      struct nic_walk *w)
{
    if (!m || !w)
        return NIC_XLAT_EINVAL;
    memset(w, 0, sizeof *w);
    uint64_t top = va >> 47;
    if (top != 0 && top != UINT64_C(0x1ffff)) {
        w->fault = NIC_FAULT_NONCANON;
        return NIC_XLAT_OK;
    }
    uint64_t table = cr3 & E_ADDR;
    int rw = 1;
    for (unsigned level = 4; level >= 1; level--) {
        unsigned shift = 12u + 9u * (level - 1u);
        uint64_t e = nic_hostmem_read64(m, table + 8u * ((va >> shift) & 0x1ffu));
        w->reads++;
        w->level = level;
        if (!(e & E_P)) {
            w->fault = NIC_FAULT_NOT_PRESENT;
            return NIC_XLAT_OK;
        }
        int leaf = level == 1 || (level <= 3 && (e & E_PS));
        if ((level == 4 && (e & E_PS)) ||
            (leaf && level > 1 && (e & E_ADDR & ((UINT64_C(1) << shift) - 1u) & ~E_PAT))) {
            w->fault = NIC_FAULT_RSVD;
            return NIC_XLAT_OK;
        }
        rw &= (e & E_RW) != 0;
        if (leaf) {
            if (write && !rw) {
                w->fault = NIC_FAULT_WRITE;
                return NIC_XLAT_OK;
            }
            uint64_t off = (UINT64_C(1) << shift) - 1u;
            w->pa = (e & E_ADDR & ~off) | (va & off);
            w->size = level == 3 ? NIC_PAGE_1G : level == 2 ? NIC_PAGE_2M : NIC_PAGE_4K;
            return NIC_XLAT_OK;
        }
        table = e & E_ADDR;
    }
    return NIC_XLAT_OK; /* not reached: level 1 is always a leaf */
}
