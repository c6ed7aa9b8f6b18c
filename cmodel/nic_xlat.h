/*
 * cmodel/nic_xlat.h -- NIC VA->PA translation (issue 11, seed 003 section 2.4; docs/nic_xlat.md).
 *
 * This first part is the reference walk every later piece is checked against (property T1 of
 * ../shared/spec/003-nic-app-state.md block B6): a host-memory model holding NIC-private x86-64
 * 4-level page tables (note A19) and the walk of one VA through them. The per-level caches, the
 * walker with outstanding reads and the invalidation of B6 come with the RTL (issue 11).
 *
 * Page-table format (Intel SDM Vol. 3A 4.5, 4-level paging, MAXPHYADDR 52): 512 8-byte entries
 * per 4 KiB table; entry bit 0 P, bit 1 R/W, bit 2 U/S, bit 7 PS, bits 51:12 the next table or
 * page frame; bits 62:52 and 63 (XD) ignored by this walk.
 */
#ifndef CMODEL_NIC_XLAT_H
#define CMODEL_NIC_XLAT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_XLAT_OK     0
#define NIC_XLAT_EINVAL (-1)
#define NIC_XLAT_ENOMEM (-2)

/* Host memory: a sparse store of 8-byte words (unwritten words read 0). */
struct nic_hostmem {
    uint64_t *key;   /* open-addressing table of 8-byte-aligned PAs (key + 1; 0 = empty) */
    uint64_t *val;
    size_t cap;      /* power of two */
    size_t count;
};

/* nic_hostmem_init - an empty memory. Returns NIC_XLAT_OK, NIC_XLAT_EINVAL (m NULL) or
 * NIC_XLAT_ENOMEM. nic_hostmem_free releases it (idempotent). */
int nic_hostmem_init(struct nic_hostmem *m);
void nic_hostmem_free(struct nic_hostmem *m);

/* nic_hostmem_write64 / read64 - the 8-byte word at pa (pa bits 2:0 ignored: the aligned word),
 * little-endian as the host holds it. write64 returns NIC_XLAT_OK, NIC_XLAT_EINVAL or
 * NIC_XLAT_ENOMEM; read64 returns the word (0 if never written or m NULL). */
int nic_hostmem_write64(struct nic_hostmem *m, uint64_t pa, uint64_t v);
uint64_t nic_hostmem_read64(const struct nic_hostmem *m, uint64_t pa);

/* Fault codes of a translation (docs/nic_xlat.md section 2), in the order the walk finds them. */
enum nic_xlat_fault {
    NIC_FAULT_NONE        = 0,
    NIC_FAULT_NONCANON    = 1,  /* VA bits 63:47 not all equal */
    NIC_FAULT_NOT_PRESENT = 2,  /* an entry of the walk has P = 0 */
    NIC_FAULT_RSVD        = 3,  /* a present entry with a reserved bit set: PML4E PS, or the
                                   frame bits below the page of a 1 GiB (29:13) / 2 MiB (20:13)
                                   leaf */
    NIC_FAULT_WRITE       = 4   /* a write through an entry with R/W = 0 (any level) */
};

/* Page sizes of a leaf. */
enum nic_page_size { NIC_PAGE_4K = 0, NIC_PAGE_2M = 1, NIC_PAGE_1G = 2 };

/* Result of one walk. */
struct nic_walk {
    uint64_t pa;        /* PA[51:0] of the byte at va (0 on a fault) */
    unsigned size;      /* enum nic_page_size of the leaf (0 on a fault) */
    unsigned fault;     /* enum nic_xlat_fault */
    unsigned level;     /* level of the leaf or of the faulting entry: 4 PML4E, 3 PDPE, 2 PDE,
                           1 PTE; 0 for NONCANON */
    unsigned reads;     /* 8-byte entries read (1..4; 0 for NONCANON) */
};

/*
 * nic_xlat_ref_walk - translate va through the tables rooted at cr3 (CR3[51:12] = PML4 base;
 * other CR3 bits ignored) for a read (write = 0) or a write (write != 0), as an x86-64 CPU in
 * supervisor mode with CR0.WP = 1, CR4.PAE = 1, EFER.LME = EFER.NXE = 1, SMEP / SMAP off does
 * (U/S and XD do not restrict a data access): canonical check; then per level from PML4E down,
 * read the entry (index VA[47:39], [38:30], [29:21], [20:12]); P = 0 -> NOT_PRESENT; reserved
 * bit -> RSVD; PS = 1 in a PDPE / PDE -> 1 GiB / 2 MiB leaf; the PTE is always a leaf. A write
 * through any entry with R/W = 0 -> WRITE (checked once the leaf is found). PA = leaf frame |
 * VA offset within the page. Source: seed 003 L84-L88, note section 2.4 (table), Intel SDM Vol.
 * 3A 4.5 and 4.6.
 * Returns NIC_XLAT_OK (w filled, fault in w->fault) or NIC_XLAT_EINVAL (NULL arguments).
 */
int nic_xlat_ref_walk(const struct nic_hostmem *m, uint64_t cr3, uint64_t va, int write,
                      struct nic_walk *w);

#ifdef __cplusplus
}
#endif

#endif /* CMODEL_NIC_XLAT_H */
