/*
 * gpubar_ioctl.h - ioctl interface of /dev/gpubar (sw/kmod) for the user library.
 * Units: bytes and 64-bit GPU virtual addresses (full 64 bits: A-16); handles are region slots + 1;
 * generations as loaded into the FPGA. Errors: see gb_core.h (gb_pin / gb_unpin /
 * gb_submit / gb_query). Source: note 004 §1.2 (library -> kernel driver -> DMA engine flow).
 */
#ifndef GPUBAR_IOCTL_H
#define GPUBAR_IOCTL_H

#ifdef __KERNEL__
#include <linux/ioctl.h>
#include <linux/types.h>
#else
#include <sys/ioctl.h>
#include <stdint.h>
typedef uint64_t __u64;
typedef uint32_t __u32;
#endif

struct gpubar_pin {             /* in: va, len (user bytes); out: handle, gen, entries */
    __u64 va, len;
    __u32 handle, gen, entries, pad;
};
struct gpubar_unpin {
    __u32 handle, pad;
};
struct gpubar_table {           /* in: handle, max, addrs (user array of max u64); out: entries */
    __u32 handle, max;
    __u64 addrs;
    __u32 entries, gen;
};
struct gpubar_submit {          /* descriptor {region, generation, byte offset, length} */
    __u32 handle, gen;
    __u64 off, len;
};

#define GPUBAR_IOC_MAGIC  'G'
#define GPUBAR_IOC_PIN    _IOWR(GPUBAR_IOC_MAGIC, 1, struct gpubar_pin)
#define GPUBAR_IOC_UNPIN  _IOW(GPUBAR_IOC_MAGIC, 2, struct gpubar_unpin)
#define GPUBAR_IOC_TABLE  _IOWR(GPUBAR_IOC_MAGIC, 3, struct gpubar_table)
#define GPUBAR_IOC_SUBMIT _IOW(GPUBAR_IOC_MAGIC, 4, struct gpubar_submit)

#endif
