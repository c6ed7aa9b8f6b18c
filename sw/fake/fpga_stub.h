/*
 * fpga_stub.h - user-space stand-in of the FPGA's BAR-window translator for the core's tests:
 * per slot a table of 64 KiB bus addresses, generation, first-byte offset and user length;
 * descriptors are queued by submit and executed by fs_run (or drained by INVALIDATE before its
 * ACK), each as writes split at every 64 KiB page into fk_bar_write (the fake BAR, which flags
 * writes to unmapped pages). Source: note 004 §4; §5.1(d).
 * This slice's FPGA side: the RTL translator (issue 14, rtl/gpubar) replaces it.
 */
#ifndef FPGA_STUB_H
#define FPGA_STUB_H

#include <pthread.h>
#include "gb_core.h"

#define FS_QMAX 256

struct fs_slot {
    int valid;
    u32 gen, n, off0;
    u64 ulen;
    u64 *addrs;
};

struct fs_dev {
    pthread_mutex_t m;
    struct fs_slot s[GB_MAX_SLOTS];
    struct { unsigned slot; u32 gen; u64 off, len; } q[FS_QMAX];
    int nq;
    int ack_never;              /* knob: INVALIDATE is never ACKed (bounded-wait test) */
    u64 rejected;               /* submits refused: invalid slot, generation, bounds */
    u64 dropped;                /* queued descriptors whose slot was invalidated or re-armed */
    u64 invalidates, writes, bytes;
};

/* the gb_fpga_ops of the stand-in (dev = struct fs_dev *): load copies the table; submit queues
 * (-ESTALE invalid slot or generation, -ERANGE beyond the user length, -EBUSY queue full:
 * FS_QMAX); invalidate drains the slot's queued descriptors into the fake BAR, clears the slot and
 * ACKs (0), or returns -ETIMEDOUT with ack_never set */
extern const struct gb_fpga_ops fs_ops;
/* zero a device: no valid slot, empty queue, counters 0 */
void fs_init(struct fs_dev *d);
/* free the slot tables */
void fs_fini(struct fs_dev *d);
/* execute every queued descriptor now (the DMA engine catches up): writes split at each 64 KiB
 * page into fk_bar_write; descriptors of an invalid or re-armed slot are dropped (counted) */
void fs_run(struct fs_dev *d);
/* number of valid slots (0..GB_MAX_SLOTS) */
int fs_valid_slots(struct fs_dev *d);

#endif
