/*
 * cmodel/test/test_nic_xlat.c -- unit tests of cmodel/nic_xlat.c (docs/nic_xlat.md): the host
 * memory and the reference walk, one case per rule of nic_xlat_ref_walk. The walk is also checked
 * against the Unicorn CPU emulator on random page tables (scripts/xlat_oracle.py, make oracles).
 */
#include <stdint.h>

#include "nic_xlat.h"
#include "tinytest.h"

#define P  UINT64_C(0x1)
#define RW UINT64_C(0x2)
#define US UINT64_C(0x4)
#define PS UINT64_C(0x80)

/* tables: PML4 0x10000, PDPT 0x11000, PD 0x12000, PT 0x13000 for VA 0x0000_0040_0000_0000.. */
#define CR3  UINT64_C(0x10000)
#define VA0  UINT64_C(0x0000004000000000)   /* PML4 index 0, PDPT index 256 */

static void setup(struct nic_hostmem *m)
{
    CHECK_EQ(nic_hostmem_init(m), NIC_XLAT_OK);
    nic_hostmem_write64(m, CR3 + 0, 0x11000 | P | RW | US);
    nic_hostmem_write64(m, 0x11000 + 8 * 256, 0x12000 | P | RW);
    nic_hostmem_write64(m, 0x12000 + 8 * 0, 0x13000 | P | RW);
    nic_hostmem_write64(m, 0x13000 + 8 * 5, UINT64_C(0xabcdef12345000) | P | RW);   /* 4K */
    nic_hostmem_write64(m, 0x13000 + 8 * 6, UINT64_C(0x77000) | P);                 /* 4K, read-only */
    nic_hostmem_write64(m, 0x12000 + 8 * 1, UINT64_C(0x40000000) | P | RW | PS);    /* 2M */
    nic_hostmem_write64(m, 0x11000 + 8 * 257, UINT64_C(0x80000000) | P | RW | PS);  /* 1G */
}

static void walk(struct nic_hostmem *m, uint64_t va, int w, struct nic_walk *r)
{
    CHECK_EQ(nic_xlat_ref_walk(m, CR3, va, w, r), NIC_XLAT_OK);
}

static void test_hostmem(void)
{
    struct nic_hostmem m;
    CHECK_EQ(nic_hostmem_init(&m), NIC_XLAT_OK);
    for (uint64_t i = 0; i < 5000; i++)  /* grows past its first capacity */
        CHECK_EQ(nic_hostmem_write64(&m, i * 0x1008, i * 3 + 1), NIC_XLAT_OK);
    for (uint64_t i = 0; i < 5000; i++)
        CHECK_EQ(nic_hostmem_read64(&m, i * 0x1008), i * 3 + 1);
    CHECK_EQ(nic_hostmem_read64(&m, 0x1008 + 3), 4u);  /* bits 2:0 ignored */
    CHECK_EQ(nic_hostmem_read64(&m, 0x8), 0u);        /* never written */
    CHECK_EQ(nic_hostmem_write64(&m, 0x1008, 9), NIC_XLAT_OK);
    CHECK_EQ(nic_hostmem_read64(&m, 0x1008), 9u);     /* overwritten in place */
    CHECK_EQ(m.count, 5000u);
    nic_hostmem_free(&m);
    nic_hostmem_free(&m);                             /* idempotent */
    CHECK_EQ(nic_hostmem_read64(&m, 0), 0u);
    CHECK_EQ(nic_hostmem_write64(&m, 0, 1), NIC_XLAT_EINVAL);
    CHECK_EQ(nic_hostmem_init(NULL), NIC_XLAT_EINVAL);
}

static void test_walk_sizes(void)
{
    struct nic_hostmem m;
    struct nic_walk r;
    setup(&m);
    walk(&m, VA0 + 5 * 0x1000 + 0x123, 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_NONE);
    CHECK_EQ(r.pa, UINT64_C(0x0bcdef12345123));   /* entry bits 55:52 (0xa) ignored */
    CHECK_EQ(r.size, NIC_PAGE_4K);
    CHECK_EQ(r.level, 1u);
    CHECK_EQ(r.reads, 4u);
    walk(&m, VA0 + 0x200000 + 0x1abcde, 1, &r);
    CHECK_EQ(r.fault, NIC_FAULT_NONE);
    CHECK_EQ(r.pa, UINT64_C(0x401abcde));
    CHECK_EQ(r.size, NIC_PAGE_2M);
    CHECK_EQ(r.reads, 3u);
    walk(&m, VA0 + 0x40000000 + 0x3fffffff, 0, &r);
    CHECK_EQ(r.pa, UINT64_C(0xbfffffff));
    CHECK_EQ(r.size, NIC_PAGE_1G);
    CHECK_EQ(r.level, 3u);
    CHECK_EQ(r.reads, 2u);
    /* PAT (bit 12) of a large page is not address and not reserved; bits 62:52 and XD ignored */
    nic_hostmem_write64(&m, 0x12000 + 8 * 1, UINT64_C(0x40000000) | 0x1000 | P | RW | PS |
                                                 (UINT64_C(0xfff) << 52));
    walk(&m, VA0 + 0x200000 + 0x10, 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_NONE);
    CHECK_EQ(r.pa, UINT64_C(0x40000010));
    nic_hostmem_free(&m);
}

static void test_walk_faults(void)
{
    struct nic_hostmem m;
    struct nic_walk r;
    setup(&m);
    walk(&m, VA0 + 7 * 0x1000, 0, &r);                       /* PTE 7 never written */
    CHECK_EQ(r.fault, NIC_FAULT_NOT_PRESENT);
    CHECK_EQ(r.level, 1u);
    CHECK_EQ(r.pa, 0u);
    walk(&m, UINT64_C(0x0000008000000000), 0, &r);           /* PML4E 1 not present */
    CHECK_EQ(r.fault, NIC_FAULT_NOT_PRESENT);
    CHECK_EQ(r.level, 4u);
    CHECK_EQ(r.reads, 1u);
    walk(&m, VA0 + 6 * 0x1000, 0, &r);                       /* read of a read-only page */
    CHECK_EQ(r.fault, NIC_FAULT_NONE);
    walk(&m, VA0 + 6 * 0x1000, 1, &r);                       /* write */
    CHECK_EQ(r.fault, NIC_FAULT_WRITE);
    CHECK_EQ(r.level, 1u);
    /* R/W = 0 on an upper level forbids writes below it */
    nic_hostmem_write64(&m, 0x11000 + 8 * 256, 0x12000 | P);
    walk(&m, VA0 + 5 * 0x1000, 1, &r);
    CHECK_EQ(r.fault, NIC_FAULT_WRITE);
    walk(&m, VA0 + 5 * 0x1000, 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_NONE);
    /* reserved: PML4E PS, a frame bit below a 2M / 1G page */
    nic_hostmem_write64(&m, CR3 + 0, 0x11000 | P | RW | PS);
    walk(&m, VA0, 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_RSVD);
    CHECK_EQ(r.level, 4u);
    nic_hostmem_free(&m);
    setup(&m);
    nic_hostmem_write64(&m, 0x12000 + 8 * 1, UINT64_C(0x40000000) | 0x2000 | P | RW | PS);
    walk(&m, VA0 + 0x200000, 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_RSVD);
    CHECK_EQ(r.level, 2u);
    nic_hostmem_write64(&m, 0x11000 + 8 * 257, UINT64_C(0x80000000) | (UINT64_C(1) << 29) | P | PS);
    walk(&m, VA0 + 0x40000000, 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_RSVD);
    /* a not-present entry with reserved bits is NOT_PRESENT (P is checked first) */
    nic_hostmem_write64(&m, 0x11000 + 8 * 257, UINT64_C(0x80000000) | (UINT64_C(1) << 29) | PS);
    walk(&m, VA0 + 0x40000000, 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_NOT_PRESENT);
    /* canonical: bits 63:47 equal */
    walk(&m, UINT64_C(0x0000800000000000), 0, &r);
    CHECK_EQ(r.fault, NIC_FAULT_NONCANON);
    CHECK_EQ(r.reads, 0u);
    walk(&m, UINT64_C(0xffff800000000000), 0, &r);           /* upper half: PML4E 256 */
    CHECK_EQ(r.fault, NIC_FAULT_NOT_PRESENT);
    CHECK_EQ(r.level, 4u);
    CHECK_EQ(nic_xlat_ref_walk(NULL, CR3, 0, 0, &r), NIC_XLAT_EINVAL);
    CHECK_EQ(nic_xlat_ref_walk(&m, CR3, 0, 0, NULL), NIC_XLAT_EINVAL);
    nic_hostmem_free(&m);
}

int main(void)
{
    static const struct tt_case cases[] = {
        TT_CASE(test_hostmem),
        TT_CASE(test_walk_sizes),
        TT_CASE(test_walk_faults),
    };
    return TT_RUN(cases);
}
