/*
 * cmodel/pcie_rc.h -- root-complex model for the PCIe requester adapter's tests (issue 15 first
 * slice; docs/pcie.md 5): host memory, memory-read requests answered by completions in the
 * PG213 requester-completion format, split at RCB (64 B) boundaries into random sizes up to the
 * completer's max payload, in address order within a request and reordered between requests,
 * error injection (UR / CA status, poisoned data, the core's completion-timeout error code) and
 * completions for tags that were never issued. Deterministic for a seed. No globals.
 *
 * Host memory: byte at address x = pcie_rc_mem(x), a hash of x (reads never see the writes: the
 * writes are checked TLP by TLP against cmodel/pcie.h). Writes received are counted only.
 */
#ifndef CMODEL_PCIE_RC_H
#define CMODEL_PCIE_RC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pcie_rc_cfg {
    unsigned cpl_max;      /* completer max payload, bytes (64 .. 4096, multiple of 64) */
    unsigned err_ppm;      /* read requests answered with an error, per million */
    unsigned reorder_pct;  /* P(next completion taken from a random open request, not the oldest) */
    unsigned unexp_ppm;    /* per completion: P(an extra completion with a never-issued tag) */
    unsigned ntag;         /* the adapter's PCIe tags: unexpected tags are drawn from ntag..255 */
};

enum pcie_rc_err { PCIE_RC_OK = 0, PCIE_RC_UR, PCIE_RC_CA, PCIE_RC_POISON, PCIE_RC_TIMEOUT };

/* one RC TLP: descriptor (3 DWs) then payload DWs, as on the RC interface */
struct pcie_rc_tlp {
    uint32_t dw[3 + 1024];
    uint32_t ndw;          /* 3 + payload DWs */
    int known;             /* its tag is outstanding (not an injected unexpected one) */
    int err;               /* an error completion (status != SC, poisoned, error code) */
    int last;              /* Request Completed: the request's last completion */
    unsigned tag;
};

struct pcie_rc_req;

struct pcie_rc {
    struct pcie_rc_cfg cfg;
    uint64_t rng;
    struct pcie_rc_req *req;
    size_t n, cap;
    uint64_t n_err[5];
};

uint8_t pcie_rc_mem(uint64_t addr);
uint8_t pcie_rc_mem_cb(void *ctx, uint64_t addr);   /* pcie_mem_fn shape */
int pcie_rc_init(struct pcie_rc *rc, const struct pcie_rc_cfg *cfg, uint64_t seed);
void pcie_rc_free(struct pcie_rc *rc);
/* a memory read request (tag, address, bytes); returns its fate (enum pcie_rc_err) or < 0 */
int pcie_rc_read(struct pcie_rc *rc, unsigned tag, uint64_t addr, uint32_t len);
/* open requests */
size_t pcie_rc_open(const struct pcie_rc *rc);
/* next completion (0) or nothing open (-1) */
int pcie_rc_next(struct pcie_rc *rc, struct pcie_rc_tlp *t);

#ifdef __cplusplus
}
#endif
#endif
