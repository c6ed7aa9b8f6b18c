/*
 * gpureg_cli.c - register one GPU buffer through the registration cache and print its table.
 * This slice has no GPU: the buffer comes from the fake CUDA allocator, the pin from the module
 * core in-process over the fake NVIDIA side (sw/fake); the same library calls run against real
 * CUDA + /dev/gpubar once those interfaces are implemented (docs/sw.md, not done).
 *
 *   gpureg-cli [--size BYTES] [--offset BYTES] [--len BYTES] [--kind device|host|managed|pool|vmm]
 *              [--bar-pages N] [--reserved N] [--dma-offset HEX] [--seed N]
 * Prints: the allocation (base, size, buffer ID), the pinned 64 KiB-rounded range, handle,
 * generation, SYNC_MEMOPS, and one line per 64 KiB page: index, GPU VA, bus address.
 * Exit status 0, or 1 with the error (e.g. -EOPNOTSUPP for memory that must take the CPU path).
 * Source: note 004 §1.7, §2.2, §3.5, A-2, A-10.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpureg.h"
#include "adapters.h"
#include "fakep2p.h"
#include "fpga_stub.h"

static void usage(void)
{
    fprintf(stderr, "usage: gpureg-cli [--size B] [--offset B] [--len B] "
                    "[--kind device|host|managed|pool|vmm] [--bar-pages N] [--reserved N] "
                    "[--dma-offset HEX] [--seed N]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    uint64_t size = 1 << 20, off = 0, len = 0, a, *t;
    enum fk_kind kind = FK_DEVICE;
    struct fk_cfg cfg;
    struct fs_dev fpga;
    struct gb_ctx *ctx;
    struct gr_cache *c;
    struct gr_reg r;
    uint32_t n, i;
    int k, ret;

    memset(&cfg, 0, sizeof(cfg));
    for (k = 1; k < argc; k++) {
        const char *v = k + 1 < argc ? argv[k + 1] : NULL;
        if (!v)
            usage();
        if (!strcmp(argv[k], "--size"))
            size = strtoull(v, NULL, 0);
        else if (!strcmp(argv[k], "--offset"))
            off = strtoull(v, NULL, 0);
        else if (!strcmp(argv[k], "--len"))
            len = strtoull(v, NULL, 0);
        else if (!strcmp(argv[k], "--bar-pages"))
            cfg.bar_pages = strtoull(v, NULL, 0);
        else if (!strcmp(argv[k], "--reserved"))
            cfg.reserved_pages = strtoull(v, NULL, 0);
        else if (!strcmp(argv[k], "--dma-offset"))
            cfg.dma_offset = strtoull(v, NULL, 16);
        else if (!strcmp(argv[k], "--seed"))
            cfg.seed = (unsigned)strtoul(v, NULL, 0);
        else if (!strcmp(argv[k], "--kind")) {
            static const char *names[] = { "device", "host", "managed", "pool", "vmm" };
            int j;
            for (j = 0; j < 5 && strcmp(v, names[j]); j++)
                ;
            if (j == 5)
                usage();
            kind = (enum fk_kind)j;
        } else
            usage();
        k++;
    }
    if (!len)
        len = size > off ? size - off : 1;
    fk_init(&cfg);
    fs_init(&fpga);
    gb_core_init();
    fk_set_pid(100);
    ctx = gb_open(&fs_ops, &fpga, NULL);
    c = gr_create(&fk_cuda_ops, NULL, &gb_core_pin_ops, ctx, 0, 1);
    if (fk_cuMemAlloc(&a, size, kind)) {
        fprintf(stderr, "gpureg-cli: allocation of %llu bytes failed\n", (unsigned long long)size);
        ret = 1;
        goto out;
    }
    ret = gr_register(c, a + off, len, &r);
    if (ret) {
        fprintf(stderr, "gpureg-cli: gr_register(0x%llx, %llu) = %d (%s)\n",
                (unsigned long long)(a + off), (unsigned long long)len, ret,
                ret == -EOPNOTSUPP ? "not RDMA-capable device memory: CPU path" : strerror(-ret));
        ret = 1;
        goto out;
    }
    printf("buffer   0x%016llx size 0x%llx buffer_id 0x%llx sync_memops %d\n",
           (unsigned long long)r.base, (unsigned long long)r.size,
           (unsigned long long)r.buffer_id, r.sync_memops);
    printf("register 0x%016llx len 0x%llx (offset 0x%llx in the buffer)\n",
           (unsigned long long)(a + off), (unsigned long long)len, (unsigned long long)r.offset);
    printf("pinned   0x%016llx len 0x%llx handle %u generation %u\n",
           (unsigned long long)r.va64, (unsigned long long)r.len64, r.handle, r.gen);
    gr_table(c, &r, NULL, 0, &n);
    t = calloc(n ? n : 1, sizeof(uint64_t));
    gr_table(c, &r, t, n, &n);
    printf("table    %u entries of 64 KiB\n", n);
    for (i = 0; i < n; i++)
        printf("  [%4u] va 0x%016llx -> bus 0x%016llx\n", i,
               (unsigned long long)(r.va64 + (uint64_t)i * 0x10000), (unsigned long long)t[i]);
    free(t);
out:
    gr_destroy(c);
    gb_release(ctx);
    fs_fini(&fpga);
    fk_fini();
    gb_core_fini();
    return ret;
}
