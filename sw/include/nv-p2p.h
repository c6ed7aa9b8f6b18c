/*
 * nv-p2p.h (stand-in) - declarations of NVIDIA's GPUDirect RDMA kernel API, written for this
 * project from the documented prototypes; used where the driver's own nv-p2p.h is absent.
 *
 * Source: seed 004 (NVIDIA "GPUDirect RDMA", release 12.1) §12.3 (structures, verbatim) and the
 * "Desktop API" column of the §12.4.2 table (seed lines 767-768: get_pages / put_pages); note
 * ../shared/spec/004-gpudirect-rdma.md §2.2 (prototypes), §2.3 (version masks, enum values,
 * UUID length: [HDR], not in the seed), §2.4 (error codes), defects A-5 (put_pages has 4
 * arguments, no length), A-8 (prototypes), A-9 (enum / version values).
 *
 * Compiles both in the kernel (__KERNEL__: <linux/types.h>) and in user space (<stdint.h>), where
 * sw/fake/fakep2p.c implements the functions. Layouts: never allocate these structs yourself and
 * never depend on sizeof (newer drivers append members, note §2.2).
 */
#ifndef GB_NV_P2P_H
#define GB_NV_P2P_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
#endif

struct pci_dev;

/* version words: major in bits 31:16, minor in 15:0 (note §2.3 [HDR]) */
#define NVIDIA_P2P_MAJOR_VERSION_MASK   0xffff0000u
#define NVIDIA_P2P_MINOR_VERSION_MASK   0x0000ffffu
#define NVIDIA_P2P_MAJOR_VERSION(v)     (((v) & NVIDIA_P2P_MAJOR_VERSION_MASK) >> 16)
#define NVIDIA_P2P_MINOR_VERSION(v)     (((v) & NVIDIA_P2P_MINOR_VERSION_MASK))
/* compatible: same major, driver minor >= compiled minor */
#define NVIDIA_P2P_VERSION_COMPATIBLE(p, v) \
    (NVIDIA_P2P_MAJOR_VERSION((p)->version) == NVIDIA_P2P_MAJOR_VERSION(v) && \
     NVIDIA_P2P_MINOR_VERSION((p)->version) >= NVIDIA_P2P_MINOR_VERSION(v))

#define NVIDIA_P2P_PAGE_TABLE_VERSION   0x00010002u
#define NVIDIA_P2P_PAGE_TABLE_VERSION_COMPATIBLE(p) \
    NVIDIA_P2P_VERSION_COMPATIBLE(p, NVIDIA_P2P_PAGE_TABLE_VERSION)
#define NVIDIA_P2P_DMA_MAPPING_VERSION  0x00020003u
#define NVIDIA_P2P_DMA_MAPPING_VERSION_COMPATIBLE(p) \
    NVIDIA_P2P_VERSION_COMPATIBLE(p, NVIDIA_P2P_DMA_MAPPING_VERSION)
#define NVIDIA_P2P_GPU_UUID_LEN         16

enum nvidia_p2p_page_size_type {
    NVIDIA_P2P_PAGE_SIZE_4KB = 0,
    NVIDIA_P2P_PAGE_SIZE_64KB,          /* = 1: the only size v1 accepts */
    NVIDIA_P2P_PAGE_SIZE_128KB,
    NVIDIA_P2P_PAGE_SIZE_COUNT
};

typedef struct nvidia_p2p_page {
    uint64_t physical_address;          /* bus address of one GPU page inside BAR1 */
    union nvidia_p2p_request_registers {
        struct {
            uint32_t wreqmb_h;
            uint32_t rreqmb_h;
            uint32_t rreqmb_0;
            uint32_t reserved[3];
        } fermi;
    } registers;
} nvidia_p2p_page_t;

typedef struct nvidia_p2p_page_table {
    uint32_t version;                   /* check with ..._PAGE_TABLE_VERSION_COMPATIBLE first */
    uint32_t page_size;                 /* enum nvidia_p2p_page_size_type code, not bytes */
    struct nvidia_p2p_page **pages;     /* entries pointers, VA order from the pinned VA */
    uint32_t entries;
    uint8_t *gpu_uuid;                  /* NVIDIA_P2P_GPU_UUID_LEN bytes */
} nvidia_p2p_page_table_t;

typedef struct nvidia_p2p_dma_mapping {
    uint32_t version;                   /* check with ..._DMA_MAPPING_VERSION_COMPATIBLE first */
    enum nvidia_p2p_page_size_type page_size_type;
    uint32_t entries;
    uint64_t *dma_addresses;            /* address the peer device uses for page i */
} nvidia_p2p_dma_mapping_t;

/* 0 or -EINVAL / -ENOTSUPP / -ENOMEM (BAR exhaustion) / -EIO; VA and length 64 KiB aligned */
int nvidia_p2p_get_pages(uint64_t p2p_token, uint32_t va_space_token,
                         uint64_t virtual_address, uint64_t length,
                         struct nvidia_p2p_page_table **page_table,
                         void (*free_callback)(void *data), void *data);
/* same process context as get_pages; never inside the free callback; 0 / -EINVAL / -EIO */
int nvidia_p2p_put_pages(uint64_t p2p_token, uint32_t va_space_token,
                         uint64_t virtual_address,
                         struct nvidia_p2p_page_table *page_table);
int nvidia_p2p_dma_map_pages(struct pci_dev *peer,
                             struct nvidia_p2p_page_table *page_table,
                             struct nvidia_p2p_dma_mapping **dma_mapping);
/* never inside the free callback */
int nvidia_p2p_dma_unmap_pages(struct pci_dev *peer,
                               struct nvidia_p2p_page_table *page_table,
                               struct nvidia_p2p_dma_mapping *dma_mapping);
/* inside the free callback only */
int nvidia_p2p_free_page_table(struct nvidia_p2p_page_table *page_table);
int nvidia_p2p_free_dma_mapping(struct nvidia_p2p_dma_mapping *dma_mapping);

#endif
