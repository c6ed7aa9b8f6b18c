/* age.h - the age matrix of the NIC DMA engines' resident contexts (nic_txdma, nic_rxdma):
 * "older" as an n x n bit matrix in a uint16_t (n <= 4), bit i*n + j set when context i was
 * allocated before context j (spec note 003 2.3 [R]: age = allocation order; B4 / B5).
 * Header-only (static inline), no state. Source: own code. */
#ifndef CMODEL_COMMON_AGE_H
#define CMODEL_COMMON_AGE_H

#include <stdint.h>

/* nic_age_older - 1 when context i is older than context j in matrix mat of n contexts */
static inline int nic_age_older(uint16_t mat, unsigned n, unsigned i, unsigned j)
{
    return (mat >> (i * n + j)) & 1;
}

/* nic_age_oldest - the member of set s (bit c = context c) that no other member of s is older
 * than. The RTL ORs the indices of all such members; with a strict total order over s (proved:
 * D9 / the nic_rxdma age property) exactly one qualifies, so this is that index; 0 for s = 0. */
static inline unsigned nic_age_oldest(unsigned s, uint16_t mat, unsigned n)
{
    unsigned r = 0;
    for (unsigned c = 0; c < n; c++) {
        int hit = (s >> c) & 1;
        for (unsigned d = 0; d < n; d++)
            if (d != c && ((s >> d) & 1) && nic_age_older(mat, n, d, c)) hit = 0;
        if (hit) r |= c;
    }
    return r;
}

#endif
