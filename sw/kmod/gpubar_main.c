// SPDX-License-Identifier: GPL-2.0
/*
 * gpubar_main.c - Linux kernel module of the GPU BAR window DMA path: /dev/gpubar (misc device),
 * the kernel side of gb_os.h, and two FPGA back ends for gb_fpga_ops: the card's gpubar_top
 * registers through sw/core/gb_csr.c (module parameter csr_bar >= 0: BAR csr_bar of the peer
 * function, gpubar window at csr_off; the same driver file that tb/sw/tb_gb_csr.cpp runs against
 * the RTL in CI), or, without it, an in-memory stub. Descriptor submission stays the stub's in
 * both (the data mover's queue is the NIC's, issue 15).
 * The pin / unpin / callback logic is gb_core.c, compiled unchanged from sw/core.
 *
 * Source: note 004 §1.3-1.4, §2.2, §3.4, A-2 (rounding), A-10 (dma_addresses), A-11 (GPL licence:
 * the nvidia_p2p_* exports are EXPORT_SYMBOL_GPL on R550+; build with KBUILD_EXTRA_SYMBOLS =
 * the NVIDIA driver's Module.symvers), A-17 (callback may sleep: mutexes, bounded waits),
 * A-19 (unpin in the owning process; release() unpins what is left).
 * Module parameter peer=DDDD:BB:DD.F names the PCI function whose DMA view dma_map_pages maps for
 * (the FPGA; note §5.2 K-test 10 allows any function); without it PIN fails with -ENODEV.
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/pci.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/jiffies.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/io.h>
#include "gb_core.h"
#include "gb_csr.h"
#include "gpubar_ioctl.h"

static char *peer;
module_param(peer, charp, 0444);
MODULE_PARM_DESC(peer, "PCI function (DDDD:BB:DD.F) used as the DMA peer of dma_map_pages");
static struct pci_dev *gb_peer;
static int csr_bar = -1;
module_param(csr_bar, int, 0444);
MODULE_PARM_DESC(csr_bar, "BAR of the peer function holding the gpubar CSRs (-1: no card, in-memory stub)");
static unsigned long csr_off = 0x90000;
module_param(csr_off, ulong, 0444);
MODULE_PARM_DESC(csr_off, "byte offset of the gpubar CSR window in that BAR (docs/card.md BAR map)");

/* ------------------------------------------------------------------ gb_os.h, kernel side */
static DECLARE_WAIT_QUEUE_HEAD(gb_wq);
static atomic_t gb_wseq = ATOMIC_INIT(0);

int gb_pid(void)
{
    return task_tgid_nr(current);
}

void gb_wake_all(void)
{
    atomic_inc(&gb_wseq);
    wake_up_all(&gb_wq);
}

int gb_wait_pred(gb_mutex_t *m, int (*pred)(void *arg), void *arg, unsigned int ms)
{
    unsigned long end = jiffies + msecs_to_jiffies(ms) + 1;

    for (;;) {
        int s = atomic_read(&gb_wseq), ok;

        mutex_lock(m);
        ok = pred(arg);
        mutex_unlock(m);
        if (ok)
            return 0;
        if (ms != GB_WAIT_FOREVER && time_after(jiffies, end))
            return -ETIMEDOUT;
        wait_event_timeout(gb_wq, atomic_read(&gb_wseq) != s, 1);
    }
}

/* ------------------------------------------------------------------ FPGA stub (no hardware) */
struct kstub_slot {
    int valid;
    u32 gen, n, off0;
    u64 ulen;
};
static struct kstub_slot kstub[GB_MAX_SLOTS];
static DEFINE_SPINLOCK(kstub_lock);

static int kstub_load(void *dev, unsigned int slot, u32 gen, const u64 *addrs, u32 n, u32 off0,
                      u64 ulen)
{
    spin_lock(&kstub_lock);
    kstub[slot] = (struct kstub_slot){ 1, gen, n, off0, ulen };
    spin_unlock(&kstub_lock);
    return 0;
}

static int kstub_invalidate(void *dev, unsigned int slot, unsigned int ms)
{
    spin_lock(&kstub_lock);
    kstub[slot].valid = 0;          /* nothing in flight in the stub: ACK at once */
    spin_unlock(&kstub_lock);
    return 0;
}

static int kstub_submit(void *dev, unsigned int slot, u32 gen, u64 off, u64 len)
{
    int ret = 0;

    spin_lock(&kstub_lock);
    if (!kstub[slot].valid || kstub[slot].gen != gen)
        ret = -ESTALE;
    spin_unlock(&kstub_lock);
    return ret;                     /* accepted and dropped: no DMA engine in this slice */
}

static const struct gb_fpga_ops kstub_ops = { kstub_load, kstub_invalidate, kstub_submit };

/* ------------------------------------------------------------------ the card: gpubar_top CSRs */
static void __iomem *gb_csr_base;
static struct gb_csr gb_csr_dev;
/* gb_csr is not reentrant and gb_core calls invalidate outside gb_lock (callbacks and unpins of
 * other regions run concurrently), load under it: one mutex around every call (order gb_lock ->
 * gb_csr_mutex, never the reverse; held at most for the bounded ACK wait) */
static DEFINE_MUTEX(gb_csr_mutex);

static u32 kio_rd(void *io, u32 off)
{
    return ioread32((u8 __iomem __force *)io + off);
}

static void kio_wr(void *io, u32 off, u32 v)
{
    iowrite32(v, (u8 __iomem __force *)io + off);
}

static u64 kio_now_us(void *io)
{
    return ktime_get_ns() / 1000;
}

static void kio_relax(void *io)
{
    usleep_range(1, 2);             /* callers may sleep (A-17: the free callback's bounded wait) */
}

static int kcsr_submit(void *dev, unsigned int slot, u32 gen, u64 off, u64 len)
{
    return kstub_submit(NULL, slot, gen, off, len);
}

/* load / invalidate on the card; the stub still records the slot for kcsr_submit's checks */
static int kcsr_load(void *dev, unsigned int slot, u32 gen, const u64 *addrs, u32 n, u32 off0, u64 ulen)
{
    int ret;

    mutex_lock(&gb_csr_mutex);
    ret = gb_csr_load(dev, slot, gen, addrs, n, off0, ulen);
    mutex_unlock(&gb_csr_mutex);
    if (!ret)
        kstub_load(NULL, slot, gen, addrs, n, off0, ulen);
    return ret;
}

static int kcsr_invalidate(void *dev, unsigned int slot, unsigned int ms)
{
    int ret;

    kstub_invalidate(NULL, slot, ms);
    mutex_lock(&gb_csr_mutex);
    ret = gb_csr_invalidate(dev, slot, ms);
    mutex_unlock(&gb_csr_mutex);
    return ret;
}

static const struct gb_fpga_ops kcsr_ops = { kcsr_load, kcsr_invalidate, kcsr_submit };

/* ------------------------------------------------------------------ /dev/gpubar */
static int gpubar_open(struct inode *ino, struct file *f)
{
    struct gb_ctx *c = gb_csr_base ? gb_open(&kcsr_ops, &gb_csr_dev, gb_peer) : gb_open(&kstub_ops, NULL, gb_peer);

    if (!c)
        return -ENOMEM;
    f->private_data = c;
    return 0;
}

/* last reference of the file: unpin what is left (owning process at exit, R4 / T10) */
static int gpubar_release(struct inode *ino, struct file *f)
{
    gb_release(f->private_data);
    return 0;
}

static long gpubar_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
    struct gb_ctx *c = f->private_data;
    void __user *up = (void __user *)arg;
    struct gb_info info;
    long ret;

    switch (cmd) {
    case GPUBAR_IOC_PIN: {
        struct gpubar_pin p;

        if (copy_from_user(&p, up, sizeof(p)))
            return -EFAULT;
        if (!gb_peer)
            return -ENODEV;
        ret = gb_pin(c, p.va, p.len, &p.handle);
        if (ret)
            return ret;
        ret = gb_query(c, p.handle, &info);
        if (ret)
            return ret;
        p.gen = info.gen;
        p.entries = info.entries;
        return copy_to_user(up, &p, sizeof(p)) ? -EFAULT : 0;
    }
    case GPUBAR_IOC_UNPIN: {
        struct gpubar_unpin u;

        if (copy_from_user(&u, up, sizeof(u)))
            return -EFAULT;
        return gb_unpin(c, u.handle);
    }
    case GPUBAR_IOC_TABLE: {
        struct gpubar_table t;
        u64 *k;
        u32 n;

        if (copy_from_user(&t, up, sizeof(t)))
            return -EFAULT;
        ret = gb_query(c, t.handle, &info);
        if (ret)
            return ret;
        n = min(t.max, info.entries);
        k = kmalloc_array(n ? n : 1, sizeof(u64), GFP_KERNEL);
        if (!k)
            return -ENOMEM;
        /* copied under the core lock: a concurrent UNPIN may reap the region */
        ret = gb_table(c, t.handle, k, n, &t.entries);
        if (!ret && copy_to_user(u64_to_user_ptr(t.addrs), k, (size_t)n * sizeof(u64)))
            ret = -EFAULT;
        kfree(k);
        if (ret)
            return ret;
        t.gen = info.gen;
        return copy_to_user(up, &t, sizeof(t)) ? -EFAULT : 0;
    }
    case GPUBAR_IOC_SUBMIT: {
        struct gpubar_submit s;

        if (copy_from_user(&s, up, sizeof(s)))
            return -EFAULT;
        return gb_submit(c, s.handle, s.gen, s.off, s.len);
    }
    default:
        return -ENOTTY;
    }
}

static const struct file_operations gpubar_fops = {
    .owner = THIS_MODULE,
    .open = gpubar_open,
    .release = gpubar_release,
    .unlocked_ioctl = gpubar_ioctl,
};

static struct miscdevice gpubar_dev = {
    .minor = MISC_DYNAMIC_MINOR,
    .name = "gpubar",
    .fops = &gpubar_fops,
};

static int __init gpubar_init(void)
{
    unsigned int dom, bus, dev, fn;
    int ret;

    gb_core_init();
    if (peer && sscanf(peer, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) == 4)
        gb_peer = pci_get_domain_bus_and_slot(dom, bus, PCI_DEVFN(dev, fn));
    if (gb_peer && csr_bar >= 0) {
        /* the card's BAR as its own driver enabled it; a register window of 4 KiB */
        const struct gb_csr_io io = { kio_rd, kio_wr, kio_now_us, kio_relax, NULL };
        struct gb_csr_io mio = io;

        ret = -EINVAL;
        if (csr_bar < PCI_STD_NUM_BARS && pci_resource_len(gb_peer, csr_bar) >= csr_off + 0x1000) {
            gb_csr_base = pci_iomap_range(gb_peer, csr_bar, csr_off, 0x1000);
            ret = gb_csr_base ? 0 : -ENOMEM;
        }
        if (!ret) {
            mio.io = (void __force *)gb_csr_base;
            ret = gb_csr_probe(&gb_csr_dev, &mio);       /* -ENODEV: ID is not "GPUB" */
        }
        if (ret)
            goto fail;
        pr_info("gpubar: card CSRs at BAR%d + 0x%lx: %u regions x %u entries\n", csr_bar, csr_off,
                gb_csr_dev.nr, gb_csr_dev.ne);
    }
    ret = misc_register(&gpubar_dev);
    if (!ret)
        return 0;
fail:
    if (gb_csr_base)
        pci_iounmap(gb_peer, gb_csr_base);
    gb_csr_base = NULL;
    pci_dev_put(gb_peer);
    gb_peer = NULL;
    gb_core_fini();
    return ret;
}

static void __exit gpubar_exit(void)
{
    misc_deregister(&gpubar_dev);
    if (gb_csr_base)
        pci_iounmap(gb_peer, gb_csr_base);
    pci_dev_put(gb_peer);
    gb_core_fini();
}

module_init(gpubar_init);
module_exit(gpubar_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("GPU BAR window DMA: pins GPU memory with nvidia_p2p_get_pages");
