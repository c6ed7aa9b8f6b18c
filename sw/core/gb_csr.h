/*
 * gb_csr.h - register-level driver of gpubar_top (rtl/gpubar/gpubar_top.v): the load and
 * invalidate operations of gb_fpga_ops (gb_core.h) as AXI4-Lite register accesses to the CSR map
 * rdl/gpubar.rdl (docs/gpubar.md 8, docs/regs/gpubar.md). The same file builds into the kernel
 * module (sw/kmod, accessors over ioread32 / iowrite32 of the card's BAR) and into user space,
 * where tb/sw/tb_gb_csr.cpp runs it against the Verilated gpubar_top (accessors that run AXI4-Lite
 * transactions on the RTL), so the code a lab machine runs is the code CI tests.
 *
 * Protocol (docs/gpubar.md 2.1 and 8): a cfg op = staging writes REGION, IDX, DATA_LO, DATA_HI,
 * then OP; STATUS.BUSY is polled low before the staging writes and after OP; STATUS.BAD says the
 * op was refused (-EINVAL). INVALIDATE ACKs come through the ACK FIFO: ACK_HEAD {VALID[31],
 * REGION[7:0]} is read, ACK_POP written; irq_ack (the FIFO not empty) is the interrupt a driver
 * may wait on instead of polling.
 * Generations: the core's 32-bit generation (never 0, gb_core.c) goes to the RTL as its low 16
 * bits (ARM's data[63:48], the descriptors' gen); an invalidate's ACK makes every earlier
 * descriptor of the region dead before the region is re-armed, so equal low bits of generations
 * 65,536 pins apart cannot be confused (docs/gpubar.md 3.3).
 * Source: spec note 004 R-7, R-9 (ACK only when no new TLP can use the entries and earlier writes
 * are flushed), R-11 / R-12 (the wait is bounded: -ETIMEDOUT, and a late ACK is consumed later),
 * A-2 (64 KiB pages), A-9 / R-6 (entries 64 KiB aligned: refused by the RTL, not pre-checked here).
 *
 * Errors: 0, -EINVAL (op refused by the RTL: STATUS.BAD; or arguments out of the RTL's range),
 * -ETIMEDOUT (BUSY or the ACK not seen within the bound), -ENODEV (ID is not "GPUB"), -EIO (an ACK
 * for a region with no invalidate outstanding: the driver and the RTL disagree).
 * Not reentrant: the caller serialises every call on one struct gb_csr (gb_core calls invalidate
 * outside its lock, so the kernel module holds a mutex of its own around load and invalidate).
 */
#ifndef GB_CSR_H
#define GB_CSR_H

#include "gb_os.h"

/* register byte offsets (rdl/gpubar.rdl); tb/sw/tb_gb_csr.cpp checks each one against the
 * generated cmodel/regs/gpubar_regs.h at compile time */
#define GB_CSR_ID       0x000u
#define GB_CSR_PARAMS   0x004u
#define GB_CSR_MPS      0x008u
#define GB_CSR_CPL_TO   0x00Cu
#define GB_CSR_REGION   0x010u
#define GB_CSR_IDX      0x014u
#define GB_CSR_DATA_LO  0x018u
#define GB_CSR_DATA_HI  0x01Cu
#define GB_CSR_OP       0x020u
#define GB_CSR_STATUS   0x024u
#define GB_CSR_ACK_HEAD 0x028u
#define GB_CSR_ACK_POP  0x02Cu
#define GB_CSR_ACK_CNT  0x030u
#define GB_CSR_STAT(i)  (0x100u + 4u * (i))

#define GB_CSR_ID_VALUE 0x47505542u   /* "GPUB" */
/* cfg ops (docs/gpubar.md 2.1) */
enum { GB_OP_SET_MPS = 0, GB_OP_LOAD = 1, GB_OP_CLEAR = 2, GB_OP_ARM = 3, GB_OP_DISARM = 4,
       GB_OP_INVALIDATE = 5 };
#define GB_CSR_MAX_REGIONS 256

/* register access: rd / wr of one 32-bit register at a byte offset; now_us a monotonic clock in
 * microseconds; relax (optional) between two polls (kernel: usleep_range, may sleep) */
struct gb_csr_io {
    u32 (*rd)(void *io, u32 off);
    void (*wr)(void *io, u32 off, u32 val);
    u64 (*now_us)(void *io);
    void (*relax)(void *io);
    void *io;
};

struct gb_csr {
    struct gb_csr_io io;
    u32 nr, ne;                 /* regions, 64 KiB entries per region (PARAMS) */
    u32 busy_us;                /* bound of one BUSY wait (default 1000 us) */
    u32 expect[GB_CSR_MAX_REGIONS];  /* ACKs owed per region (invalidates not yet ACKed) */
    u64 ops, refused, acks, timeouts, stale_acks;   /* driver statistics */
};

/* Reads ID and PARAMS and initialises d (nr, ne, busy_us 1000, counters 0). 0 or -ENODEV. */
int gb_csr_probe(struct gb_csr *d, const struct gb_csr_io *io);
/* SET_MPS: mps_bytes 128 / 256 / 512, Requester ID rid. 0, -EINVAL, -ETIMEDOUT. */
int gb_csr_set_mps(struct gb_csr *d, unsigned mps_bytes, u32 rid);
/* One cfg op with its staging (region, idx, 64-bit data). 0, -EINVAL (refused), -ETIMEDOUT. */
int gb_csr_op(struct gb_csr *d, unsigned op, unsigned region, unsigned idx, u64 data);
/*
 * gb_fpga_ops.load (dev = struct gb_csr *): DISARM, LOAD entries 0..n-1 with addrs[] (64 KiB
 * aligned bus addresses), CLEAR entries n..ne-1, ARM {off0, user_len, gen & 0xffff}. n + 2 + (ne - n)
 * cfg ops of about 6 cycles each plus the register accesses. 0, -EINVAL (n == 0 or > ne, slot >=
 * nr, an entry refused, off0 + user_len beyond n pages), -ETIMEDOUT.
 */
int gb_csr_load(void *dev, unsigned slot, u32 gen, const u64 *addrs, u32 n, u32 off0, u64 user_len);
/*
 * gb_fpga_ops.invalidate: INVALIDATE every entry of the region and disarm it (data[63] = 1), then
 * wait for its ACK (polling ACK_HEAD, popping ACKs in order) for at most ms milliseconds.
 * 0 when the ACK was popped; -ETIMEDOUT (the ACK is still owed: a later gb_csr_invalidate or
 * gb_csr_reap pops it), -EINVAL, -EIO.
 */
int gb_csr_invalidate(void *dev, unsigned slot, unsigned ms);
/* Pops every ACK now in the FIFO (each must be owed: else -EIO); returns how many, or -errno. */
int gb_csr_reap(struct gb_csr *d);

#endif
