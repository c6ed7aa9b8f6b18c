/*
 * cmodel/nic_host.h -- the host side of the NIC's generic DMA interface, for testbenches
 * (issue 12; docs/nic.md section 2 defines the interface; ARCHITECTURE.md "NIC host interface").
 *
 * Not a golden model of an RTL block: it plays the host (root complex + memory) for every NIC
 * block that reads or writes host memory (command-ring fetch, TX DMA, RX DMA, event queues), so
 * that each testbench drives its block with the same realistic behaviour:
 *   - memory: the sparse word store of cmodel/nic_xlat.h (struct nic_hostmem), so the x86-64 page
 *     tables of the translation unit and the data buffers live in one memory;
 *   - reads: a request {addr, len, tag} is accepted with a random ready, its data is sampled at
 *     acceptance, and it completes after a latency uniform in [lat_min, lat_max] cycles, split at
 *     random 64-byte (RCB) boundaries into completions whose beats of different tags interleave
 *     (one completion's beats are contiguous); a request fails (cpl_err on every beat, data zero)
 *     with probability err_ppm / 1e6;
 *   - writes: beats accepted with a random ready, bytes inside [addr, addr + len) written on the
 *     last beat (posted, performed in order).
 * Deterministic: the same seed and the same call sequence give the same behaviour.
 *
 * Beat format (natural 32-byte alignment): beat k of a request or write carries host bytes
 * A + 32k .. A + 32k + 31, A = addr & ~31, byte j of the beat in data[j]; a request or write of
 * len bytes at addr has ((addr & 31) + len + 31) / 32 beats; completion bytes outside
 * [addr, addr + len) are zero.
 *
 * Protocol checks (return codes, the caller fails the test): len 0 or > 4096, a read that crosses
 * a 4 KiB boundary (PCIe forbids it, so the NIC never issues one), a tag reused while outstanding,
 * a write whose addr/len change between beats or whose last flag disagrees with its beat count.
 */
#ifndef CMODEL_NIC_HOST_H
#define CMODEL_NIC_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "nic_xlat.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NIC_HOST_OK       0
#define NIC_HOST_EINVAL  (-1)   /* bad argument (NULL, cfg out of range) */
#define NIC_HOST_ENOMEM  (-2)
#define NIC_HOST_ELEN    (-3)   /* len 0 or > 4096 */
#define NIC_HOST_E4K     (-4)   /* read request crosses a 4 KiB boundary */
#define NIC_HOST_ETAG    (-5)   /* tag >= max_tags or already outstanding */
#define NIC_HOST_EWRITE  (-6)   /* write beat: addr/len changed mid-write or wrong last flag */

#define NIC_HOST_BEAT 32u      /* bytes per beat (256-bit datapath) */

struct nic_host_cfg {
    uint64_t seed;
    unsigned lat_min, lat_max;  /* read latency, cycles from acceptance to the first beat */
    unsigned split_pct;         /* chance (%) of a completion boundary at each 64-byte boundary */
    unsigned gap_max;           /* extra cycles (0..gap_max) between the completions of a request */
    unsigned rd_ready_pct;      /* chance (%) that a read request is accepted in a cycle (100 = always) */
    unsigned wr_ready_pct;      /* chance (%) that a write beat is accepted in a cycle */
    unsigned max_tags;          /* tags 0 .. max_tags - 1 (<= 4096) */
    unsigned err_ppm;           /* failed reads per million */
};

/* One completion beat offered to the NIC. */
struct nic_host_beat {
    unsigned tag;
    uint8_t data[NIC_HOST_BEAT];
    int last;   /* last beat of the request */
    int err;    /* the request failed (UR/CA): data zero */
};

struct nic_host_chunk;   /* a completion: beats [b0, b1) of one request (nic_host.c) */

struct nic_host {
    struct nic_host_cfg cfg;
    struct nic_hostmem mem;
    uint64_t rng;
    struct nic_host_chunk *ch;   /* pending completions, unordered */
    size_t nch, capch;
    uint8_t *outst;              /* per tag: 1 while outstanding */
    unsigned *tag_next;          /* per tag: completions of the request sent so far */
    long cur;                    /* index in ch of the completion being sent, -1 none */
    unsigned cur_beat;
    int rd_ready_now, wr_ready_now;
    /* the write in progress */
    int wr_busy;
    uint64_t wr_addr;
    unsigned wr_len, wr_beat;
    uint8_t *wr_buf;             /* 4096 + 32 bytes */
    /* statistics */
    uint64_t n_rd, n_rd_bytes, n_cpl_beats, n_rd_err, n_wr, n_wr_bytes;
};

/* nic_host_init - an empty memory and no reads. cfg: lat_min <= lat_max, percentages <= 100
 * (ready 1..100), 1 <= max_tags <= 4096. Returns NIC_HOST_OK, NIC_HOST_EINVAL or NIC_HOST_ENOMEM.
 * nic_host_free releases it (idempotent). */
int nic_host_init(struct nic_host *h, const struct nic_host_cfg *cfg);
void nic_host_free(struct nic_host *h);

/* nic_host_mem_write / nic_host_mem_read - len bytes at host address addr (no alignment rule;
 * unwritten bytes read 0). write returns NIC_HOST_OK or NIC_HOST_ENOMEM. */
int nic_host_mem_write(struct nic_host *h, uint64_t addr, const uint8_t *src, size_t len);
void nic_host_mem_read(const struct nic_host *h, uint64_t addr, uint8_t *dst, size_t len);

/* nic_host_cycle - start of a clock cycle: draws this cycle's read-request and write-beat ready.
 * Call once per cycle before the ready queries. */
void nic_host_cycle(struct nic_host *h);
int nic_host_rd_ready(const struct nic_host *h);
int nic_host_wr_ready(const struct nic_host *h);

/* nic_host_rd_req - a read request accepted at cycle now (call only when rd_ready). Samples the
 * data now. Returns NIC_HOST_OK, NIC_HOST_ELEN, NIC_HOST_E4K, NIC_HOST_ETAG or NIC_HOST_ENOMEM. */
int nic_host_rd_req(struct nic_host *h, uint64_t now, uint64_t addr, unsigned len, unsigned tag);

/* nic_host_cpl_peek - the completion beat offered in cycle now: 1 and *b filled, or 0 (none due).
 * The same beat is offered until nic_host_cpl_pop (valid stays up, data stable); pop after the
 * handshake. A tag is free again after its last beat was popped. */
int nic_host_cpl_peek(struct nic_host *h, uint64_t now, struct nic_host_beat *b);
void nic_host_cpl_pop(struct nic_host *h);

/* nic_host_outstanding - requests accepted whose last beat has not been popped. */
unsigned nic_host_outstanding(const struct nic_host *h);

/* nic_host_wr_beat - one write beat accepted (call only when wr_ready): addr/len of the write
 * (the same on every beat), 32 data bytes, the last flag. The write lands on its last beat.
 * Returns NIC_HOST_OK, NIC_HOST_ELEN, NIC_HOST_EWRITE or NIC_HOST_ENOMEM. */
int nic_host_wr_beat(struct nic_host *h, uint64_t addr, unsigned len, const uint8_t *data, int last);

/* nic_host_beats - beats of a request or write of len bytes at addr (natural 32-byte alignment). */
unsigned nic_host_beats(uint64_t addr, unsigned len);

#ifdef __cplusplus
}
#endif

#endif
