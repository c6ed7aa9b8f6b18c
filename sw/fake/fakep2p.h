/*
 * fakep2p.h - user-space fake of the NVIDIA side for tests without a GPU: the six Desktop
 * nvidia_p2p_* functions of nv-p2p.h with the documented layouts, a fake BAR1, and a fake CUDA
 * allocator / pointer-attribute API. Source: note 004 §5.1(a) (the fake's specification),
 * §2.2-2.4 (prototypes, constants, error codes), §3.4 (callback contract), §3.5 and appendix A
 * (H6-H16: 2 MiB-aligned bases, 1 KiB-stride sub-allocations, VA reuse with new buffer IDs,
 * getter behaviour on freed pointers).
 *
 * BAR1: bar_pages 64 KiB pages at bar_base (default 0x1000_0000_0000, H4), the first
 * reserved_pages never handed out; free pages in a shuffled FIFO (seeded), so consecutive VA
 * pages get non-contiguous bus addresses and a freed page is reused as late as possible. Pins of
 * the same 64 KiB VA page share one BAR page (refcount, CUDA >= 7.0 semantics, seed §10.2).
 * Revocation: fk_cuMemFree / fk_nv_close run the free callbacks of the affected pins on ANOTHER
 * thread holding the fake "NVIDIA lock" that put_pages and dma_unmap_pages also take; afterwards
 * the BAR pages are unmapped and the page table / mapping freed (ASan then catches any use).
 * put_pages frees the DMA mappings still attached (as nv-p2p.c's nv_p2p_free_page_table does).
 * Contract breaches are counted as violations (fk_violations) with a message on stderr.
 */
#ifndef FAKEP2P_H
#define FAKEP2P_H

#include <stdint.h>
#include "nv-p2p.h"

/* CUresult subset (values of cuda.h) */
#define FK_CUDA_SUCCESS               0
#define FK_CUDA_ERROR_INVALID_VALUE   1
#define FK_CUDA_ERROR_NOT_SUPPORTED   801
/* CU_MEMORYTYPE_* */
#define FK_MEMTYPE_HOST   1
#define FK_MEMTYPE_DEVICE 2

enum fk_kind {
    FK_DEVICE = 0,      /* cuMemAlloc: memtype 2, RDMA-capable */
    FK_HOST_PINNED,     /* cuMemAllocHost: memtype 1, SYNC_MEMOPS SUCCESS (H13), not RDMA-capable */
    FK_MANAGED,         /* memtype 2, is_managed 1, not RDMA-capable (H16) */
    FK_POOL,            /* cudaMallocAsync default pool: memtype 2, RDMA-capable 0 (H16) */
    FK_VMM              /* cuMemCreate+Map gpuDirectRDMACapable: capable 1, SYNC_MEMOPS NOT_SUPPORTED */
};

struct fk_cfg {
    uint64_t bar_base;          /* default 0x100000000000 */
    uint64_t bar_pages;         /* default 2097152 (128 GiB); Kepler: 4096 (256 MiB) */
    uint64_t reserved_pages;    /* default 0; Kepler: 512 (32 MiB) */
    uint32_t pt_version;        /* default NVIDIA_P2P_PAGE_TABLE_VERSION */
    uint32_t map_version;       /* default NVIDIA_P2P_DMA_MAPPING_VERSION */
    uint32_t page_size_type;    /* default NVIDIA_P2P_PAGE_SIZE_64KB */
    uint64_t dma_offset;        /* dma_addresses[i] = physical_address + dma_offset (IOMMU, A-10) */
    int put_after_revoke_err;   /* put_pages of a revoked table: 0 (newer driver) or this error */
    int neighbour_revokes;      /* 1: freeing any allocation in a pinned range revokes the pin;
                                   0: only when no live allocation is left in it (A-13 unknown) */
    int sync_callbacks;         /* 1: run callbacks on the calling thread (explorer events are
                                   threads already); 0: on a new thread (default) */
    unsigned seed;              /* BAR page shuffle */
};

/* Reset the fake: every allocation, pin and BAR page forgotten, violations cleared.
 * cfg NULL = defaults; zero fields take their defaults. */
void fk_init(const struct fk_cfg *cfg);
/* forget every allocation and pin (tables freed), release the BAR bookkeeping */
void fk_fini(void);
/* contract breaches so far (put_pages inside a callback, put_pages from another process,
 * callback without free_page_table, access to an unmapped BAR page, ...) */
int fk_violations(void);
void fk_quiet(int q);                   /* 1: do not print violation messages (selftests) */
/* BAR pages mapped now (each counted once however many pins share it) */
uint64_t fk_bar_pages_in_use(void);
/* pins not yet released by put_pages or revocation */
int fk_pins_live(void);
/* Addresses below are the peer's (dma_addresses = physical + dma_offset).
 * GPU VA mapped at a bus address: 0 and *va, or -ENOENT when the page is unmapped */
int fk_bus_to_va(uint64_t bus_addr, uint64_t *va);
/* BAR page refcount of a bus address (0 = unmapped) */
int fk_bar_refs(uint64_t bus_addr);
/* the FPGA stand-in writes len bytes at bus_addr: a violation unless every page is mapped */
void fk_bar_write(uint64_t bus_addr, uint64_t len);
/* bytes written by fk_bar_write into mapped pages so far */
uint64_t fk_bar_bytes_ok(void);
/* set the current process of this thread (owner of allocations and pins) */
void fk_set_pid(int pid);

/* fake CUDA driver API (note §2.1; H6-H16); return CUresult codes (FK_CUDA_*)
 * cuMemAlloc of a kind: >= 64 KiB first fit at 2 MiB granules from 0x7fc1_0000_0000, smaller ones
 * first fit at a 1 KiB stride inside 64 KiB pages from 0x7fc0_0000_0000; IDs from 0x39f up;
 * INVALID_VALUE for 0 bytes, 2 (OUT_OF_MEMORY) when full */
int fk_cuMemAlloc(uint64_t *dptr, uint64_t bytes, enum fk_kind kind);
/* frees the allocation at base dptr; runs the free callbacks of the pins it revokes */
int fk_cuMemFree(uint64_t dptr);
/* base and size (bytes, as allocated) of the live allocation containing dptr, else INVALID_VALUE */
int fk_cuMemGetAddressRange(uint64_t *base, uint64_t *size, uint64_t dptr);
/* single getter: CUDA_ERROR_INVALID_VALUE for a freed / foreign pointer (H9) */
int fk_cuPointerGetAttribute_buffer_id(uint64_t *id, uint64_t dptr);
/* multi getter: always SUCCESS; id 0, memtype 0, ordinal -2 on a freed pointer (H8, T15) */
int fk_cuPointerGetAttributes(uint64_t dptr, uint64_t *id, unsigned *memtype, int *is_managed,
                              int *rdma_capable, int *ordinal);
/* SYNC_MEMOPS for the whole allocation: INVALID_VALUE if not CUDA memory, NOT_SUPPORTED on VMM
 * (H13); SUCCESS on host-pinned and managed memory too (F3) */
int fk_cuPointerSetAttribute_sync_memops(uint64_t dptr, unsigned flag);
/* current SYNC_MEMOPS flag (0 after a new allocation at the same VA: H12) */
int fk_cuPointerGetAttribute_sync_memops(unsigned *flag, uint64_t dptr);
/* the NVIDIA fd of process pid closes (process exit): revoke every pin of pid (R4, T10) */
void fk_nv_close(int pid);

#endif
