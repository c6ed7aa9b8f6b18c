/*
 * gpureg.h - user library: registration (pin-down) cache of GPU buffers for the FPGA DMA engine.
 * Source: note 004 §1.7 (lazy unpinning, LRU at a size threshold and on BAR exhaustion, 64 KiB
 * rounding, buffer-ID tag check recipe, seed §10.1, §10.2, §11.5), §1.6 + appendix A H8/H9
 * (single getter errors on freed pointers, the multi getter returns SUCCESS with ID 0: T15), §3.5
 * (classification, per-buffer bounds of sub-allocations: T23), A-12, A-15.
 *
 * An entry = one CUDA allocation (cuMemGetAddressRange base/size, its buffer ID) pinned as the
 * 64 KiB-rounded range [base & ~0xFFFF, roundup(base+size, 64 KiB)). A lookup finds the entry
 * whose allocation contains [ptr, ptr+len) and checks the buffer ID on every use: an error, ID 0,
 * memtype 0 or a different ID = invalid -> unpin and pin again (T14, T15). Pins whose DMA is in
 * flight (gr_acquire without gr_release) are never evicted (T21).
 * The CUDA calls and the kernel module are interfaces (gr_cuda_ops, gr_pin_ops): tests plug in
 * the fake (sw/fake) and the module core in-process; gpureg_cuda.h implements gr_cuda_ops on the
 * real CUDA driver API (dlopen of libcuda.so.1); the ioctl behind gr_pin_ops is not in this slice.
 */
#ifndef GPUREG_H
#define GPUREG_H

#include <stdint.h>

#define GR_CUDA_SUCCESS             0
#define GR_CUDA_ERROR_INVALID_VALUE 1
#define GR_CUDA_ERROR_NOT_SUPPORTED 801
#define GR_MEMTYPE_DEVICE           2

/* CUDA driver API calls the cache needs (CUresult codes as above) */
struct gr_cuda_ops {
    /* cuMemGetAddressRange: base and size in bytes of the allocation containing ptr */
    int (*get_range)(void *u, uint64_t ptr, uint64_t *base, uint64_t *size);
    /* cuPointerGetAttributes(BUFFER_ID, MEMORY_TYPE, IS_MANAGED, IS_GPU_DIRECT_RDMA_CAPABLE) */
    int (*get_attrs)(void *u, uint64_t ptr, uint64_t *id, unsigned *memtype, int *managed,
                     int *rdma_capable);
    /* cuPointerGetAttribute(BUFFER_ID): INVALID_VALUE when freed */
    int (*get_buffer_id)(void *u, uint64_t ptr, uint64_t *id);
    /* cuPointerSetAttribute(&one, SYNC_MEMOPS, ptr) */
    int (*set_sync_memops)(void *u, uint64_t ptr);
};

/* kernel module side (ioctl, or the module core in-process in tests); 0 or -errno */
struct gr_pin_ops {
    /* pin user bytes [va, va+len): handle and FPGA generation; -ENOMEM = BAR exhausted */
    int (*pin)(void *k, uint64_t va, uint64_t len, uint32_t *handle, uint32_t *gen);
    int (*unpin)(void *k, uint32_t handle);
    /* copy up to max bus addresses (one per 64 KiB page) of a pinned region; *n = entries */
    int (*table)(void *k, uint32_t handle, uint64_t *addrs, uint32_t max, uint32_t *n);
};

struct gr_reg {                 /* what gr_register / gr_acquire return */
    uint32_t handle, gen;       /* for descriptors {region, generation, offset, length} */
    uint64_t base, size;        /* the allocation (per-buffer bounds, T23) */
    uint64_t va64, len64;       /* the pinned 64 KiB-rounded range */
    uint64_t offset;            /* ptr - base: byte offset of ptr in the user buffer */
    uint64_t buffer_id;
    int sync_memops;            /* 1 set, 0 NOT_SUPPORTED (VMM, A-12: host must synchronise) */
};

struct gr_stats {
    uint64_t hits, misses, stale_repins, evictions_size, evictions_nomem, pinned_bytes;
    int entries;
};

struct gr_cache;

/*
 * Create a cache. threshold: pinned bytes (64 KiB-rounded) above which LRU entries without DMA in
 * flight are unpinned (0 = no limit); multi_getter: 1 = tag check with cuPointerGetAttributes
 * (ID 0 / memtype 0 = invalid, A-15), 0 = single getter (error = invalid). NULL on no memory.
 */
struct gr_cache *gr_create(const struct gr_cuda_ops *cuda, void *cu, const struct gr_pin_ops *pin,
                           void *k, uint64_t threshold, int multi_getter);
/* unpin everything and free the cache */
void gr_destroy(struct gr_cache *c);
/*
 * Make [ptr, ptr+len) usable by the FPGA: cache hit after a valid tag check, else pin the whole
 * allocation (re-pin when stale). 0 and *out; -EINVAL (len 0, not a CUDA pointer), -EOPNOTSUPP
 * (not DEVICE, managed, or not RDMA-capable: use the CPU path, T18 / T26), -ERANGE (beyond the
 * allocation), -ENOMEM (BAR exhausted with nothing evictable), other pin errors.
 */
int gr_register(struct gr_cache *c, uint64_t ptr, uint64_t len, struct gr_reg *out);
/* as gr_register, and the entry counts one DMA in flight until gr_release (never evicted) */
int gr_acquire(struct gr_cache *c, uint64_t ptr, uint64_t len, struct gr_reg *out);
/* end of one DMA of the entry with this handle; -ENOENT if unknown */
int gr_release(struct gr_cache *c, uint32_t handle);
/* unpin the entry containing ptr (if no DMA in flight: else -EBUSY); -ENOENT if none */
int gr_evict(struct gr_cache *c, uint64_t ptr);
/*
 * The module refused a descriptor of this handle with -ESTALE (revoked although the buffer ID is
 * unchanged, e.g. a neighbour in the same 64 KiB page was freed: A-13, note §3.4 R3): drop the
 * entry (unpin reaps the dead region) so that the next gr_register pins again. 0 or -ENOENT.
 */
int gr_stale(struct gr_cache *c, uint32_t handle);
void gr_get_stats(struct gr_cache *c, struct gr_stats *s);
/* bus address table of a registration: up to max entries, *n = count */
int gr_table(struct gr_cache *c, const struct gr_reg *r, uint64_t *addrs, uint32_t max,
             uint32_t *n);

#endif
