/*
 * gb_core.h - pin / unpin / free-callback state machine of the gpubar kernel module, as plain C
 * that compiles in the module (sw/kmod, __KERNEL__) and in user space against the fake NVIDIA
 * side (sw/fake). Source: note 004 §1.3, §2.2 (who may call what where), §3.4 (callback
 * contract, races R1-R6), §4 R-1..R-3, R-9..R-11, defects ..A-19;
 * seed 004 lines 177-189 (callback must free_page_table, never put_pages; unmapping after return).
 *
 * Region states (one per pinned range, all fields under the core's one lock):
 *   PINNING  -> PINNED      pin path done (table copied, FPGA slot loaded with a new generation)
 *   PINNED   -> UNPINNING   unpin / fd release won: it invalidates the FPGA, then put_pages
 *                           (no dma_unmap_pages: put_pages frees the mappings, [HDR])
 *   PINNED   -> REVOKING    free callback won: invalidate + bounded ACK wait, free_dma_mapping,
 *                           free_page_table, -> DEAD; the unpin path then skips put_pages
 *   PINNING  -> REVOKING    callback during pin: the pin fails with -ESTALE
 *   UNPINNING + callback    the callback waits (bounded) for the unpin path's FPGA quiesce, calls
 *                           free_dma_mapping / free_page_table and returns; the unpin path skips
 *                           put_pages if it sees the callback, else relies on put_pages of a
 *                           torn-down table returning 0 (note §3.4 R1, [HDR])
 * Lock order: the NVIDIA driver holds its lock while calling the callback, which takes the core
 * lock; the core never calls an nvidia_p2p_* function while holding its lock (no AB-BA).
 */
#ifndef GB_CORE_H
#define GB_CORE_H

#include "gb_os.h"
#include "nv-p2p.h"

#define GB_PAGE_SHIFT   16                      /* GPU page 64 KiB (A-1: GPU_BOUND_SHIFT = 16) */
#define GB_PAGE_SIZE    ((u64)1 << GB_PAGE_SHIFT)
#define GB_MAX_SLOTS    64                      /* FPGA region slots */
#define GB_ACK_MS       5                       /* INVALIDATE->ACK bound ("a few ms", R-11) */

enum gb_state { GB_FREE = 0, GB_PINNING, GB_PINNED, GB_UNPINNING, GB_REVOKING, GB_DEAD };

/* FPGA side of the core (the RTL translator, or a stub): called with the core lock held except
 * invalidate, which is called without it and must return within ms milliseconds. */
struct gb_fpga_ops {
    /* load slot: n 64 KiB-aligned bus addresses, off0 = user VA & 0xFFFF, user length in bytes,
     * generation gen (never 0); 0 or -errno */
    int (*load)(void *dev, unsigned slot, u32 gen, const u64 *addrs, u32 n, u32 off0,
                u64 user_len);
    /* INVALIDATE(slot) and wait for its ACK: no new TLP uses the slot, earlier writes flushed
     * 0 on ACK, -ETIMEDOUT when no ACK within ms */
    int (*invalidate)(void *dev, unsigned slot, unsigned ms);
    /* queue a descriptor {slot, gen, byte offset from user byte 0, length}; 0 or -errno */
    int (*submit)(void *dev, unsigned slot, u32 gen, u64 off, u64 len);
};

struct gb_ctx;

/* what gb_query returns about one pinned region */
struct gb_info {
    int state;                  /* enum gb_state */
    u32 gen;                    /* generation loaded into the FPGA slot */
    unsigned slot;
    u64 user_va, user_len;      /* as passed to gb_pin */
    u64 va64, len64;            /* 64 KiB-rounded range passed to get_pages */
    u32 entries;                /* len64 >> 16 */
};

/* counters of the whole core (monotonic; read with gb_stats) */
struct gb_stats {
    u64 pins, unpins, callbacks, callbacks_after_unpin, ack_timeouts, bad_tables;
    u64 submits, submits_rejected;
};

/* Initialise / finalise the core (global lock, slots, generation counter). */
void gb_core_init(void);
void gb_core_fini(void);
/* Next generation number the core hands out (T12 wrap test); 0 is skipped. */
void gb_core_set_next_gen(u32 gen);
void gb_stats(struct gb_stats *out);

/*
 * Open a context (one per file descriptor), owned by the calling process (gb_pid()).
 * fpga/dev: FPGA operations and their device; peer: the FPGA's pci_dev for dma_map_pages
 * (may be NULL in user space). Returns NULL on allocation failure.
 */
struct gb_ctx *gb_open(const struct gb_fpga_ops *fpga, void *dev, struct pci_dev *peer);
/*
 * Drop one reference (kernel: release() of the fd). The last one unpins every region still pinned
 * (put_pages in the owning process: note §3.4 R4, T10; regions the callback revoked are only
 * reaped) and frees the context. Calls below must hold a reference (kernel: the open file).
 */
void gb_release(struct gb_ctx *ctx);
#ifndef __KERNEL__
/* user-space model of a process' file table, for the explorer: install ctx (its reference) as an
 * fd; gb_fget takes a reference (NULL once closed: EBADF), gb_release drops it; gb_fd_close
 * removes the fd and drops the table's reference. */
int gb_fd_install(struct gb_ctx *ctx);
struct gb_ctx *gb_fget(int fd);
void gb_fd_close(int fd);
#endif

/*
 * Pin [va, va+len) (user bytes): rounds both ends to 64 KiB, get_pages with tokens 0,0,
 * dma_map_pages, checks versions (NVIDIA_P2P_*_VERSION_COMPATIBLE), page size 64 KiB, entries ==
 * len64 >> 16 and 64 KiB alignment of every address, copies dma_addresses, loads an
 * FPGA slot with a new generation. Returns 0 and *handle (slot + 1) or -EINVAL (len 0, wrap),
 * -EPROTO (incompatible table: T03), -ENOSPC (no slot), -ESTALE (revoked while pinning),
 * -EBADF (closed) or get_pages' / dma_map_pages' error (-ENOMEM: BAR exhausted).
 */
int gb_pin(struct gb_ctx *ctx, u64 va, u64 len, u32 *handle);
/*
 * Unpin a region from its owning process (else -EPERM, A-19 / T11): invalidates the FPGA slot
 * (bounded), then put_pages (which frees the DMA mapping: [HDR] nv_p2p_free_page_table) unless
 * the free callback already revoked it.
 * 0, -ENOENT (no such handle), -EBUSY (teardown already in progress).
 */
int gb_unpin(struct gb_ctx *ctx, u32 handle);
/*
 * Submit a DMA descriptor: region handle, its generation, byte offset from the user buffer's
 * byte 0 and length. 0, -ENOENT, -ESTALE (not PINNED or generation mismatch: T12, R-10),
 * -ERANGE (len 0 or beyond the user length, not the rounded one: T06, R-4), FPGA error.
 */
int gb_submit(struct gb_ctx *ctx, u32 handle, u32 gen, u64 off, u64 len);
/* Copy a region's description into *out. 0, -ENOENT. */
int gb_query(struct gb_ctx *ctx, u32 handle, struct gb_info *out);
/*
 * Copy up to max bus addresses of a region (the core's own copy of dma_addresses, one per 64 KiB
 * page in VA order: R6, A-10) into addrs, under the core lock; *n = entries. 0, -ENOENT.
 */
int gb_table(struct gb_ctx *ctx, u32 handle, u64 *addrs, u32 max, u32 *n);

#endif
