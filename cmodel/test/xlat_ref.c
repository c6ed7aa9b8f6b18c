/*
 * cmodel/test/xlat_ref.c -- command-line front end of the reference walk (nic_xlat_ref_walk) for
 * scripts/xlat_oracle.py, which compares it with the Unicorn CPU emulator (docs/nic_xlat.md 3).
 *
 * stdin, one item per line (hex numbers without 0x):
 *   m PA VALUE        host memory word (8 bytes at PA)
 *   q CR3 VA W        translate VA (W = 1: a write) through the tables at CR3
 * stdout, one line per q: "PA SIZE FAULT LEVEL READS" (PA hex, the others decimal).
 * Exit status 0, 1 on a malformed line or out of memory.
 */
#include <inttypes.h>
#include <stdio.h>

#include "nic_xlat.h"

int main(void)
{
    struct nic_hostmem m;
    if (nic_hostmem_init(&m) != NIC_XLAT_OK)
        return 1;
    char line[256];
    unsigned long n = 0;
    while (fgets(line, sizeof line, stdin)) {
        n++;
        uint64_t a, b;
        unsigned wr;
        struct nic_walk w;
        if (line[0] == 'm' && sscanf(line + 1, "%" SCNx64 " %" SCNx64, &a, &b) == 2) {
            if (nic_hostmem_write64(&m, a, b) != NIC_XLAT_OK)
                return 1;
        } else if (line[0] == 'q' && sscanf(line + 1, "%" SCNx64 " %" SCNx64 " %x", &a, &b, &wr) == 3) {
            nic_xlat_ref_walk(&m, a, b, (int)wr, &w);
            printf("%" PRIx64 " %u %u %u %u\n", w.pa, w.size, w.fault, w.level, w.reads);
        } else if (line[0] != '\n' && line[0] != '#') {
            fprintf(stderr, "xlat_ref: line %lu malformed: %s", n, line);
            return 1;
        }
    }
    nic_hostmem_free(&m);
    return 0;
}
