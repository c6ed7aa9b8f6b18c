/*
 * cmodel/nic_xlat.c -- NIC VA->PA translation: host memory and the reference walk
 * (cmodel/nic_xlat.h, docs/nic_xlat.md).
 */
#include "nic_xlat.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ host memory */

static size_t slot(uint64_t key, size_t cap)
{
    uint64_t h = key * UINT64_C(0x9e3779b97f4a7c15);
    return (size_t)(h >> 17) & (cap - 1u);
}

int nic_hostmem_init(struct nic_hostmem *m)
{
    if (!m)
        return NIC_XLAT_EINVAL;
    memset(m, 0, sizeof *m);
    m->cap = 1024;
    m->key = calloc(m->cap, sizeof *m->key);
    m->val = calloc(m->cap, sizeof *m->val);
    if (!m->key || !m->val) {
        nic_hostmem_free(m);
        return NIC_XLAT_ENOMEM;
    }
    return NIC_XLAT_OK;
}

void nic_hostmem_free(struct nic_hostmem *m)
{
    if (!m)
        return;
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

static int grow(struct nic_hostmem *m)
{
    size_t ncap = 2u * m->cap;
    uint64_t *nk = calloc(ncap, sizeof *nk), *nv = calloc(ncap, sizeof *nv);
    if (!nk || !nv) {
        free(nk);
        free(nv);
        return NIC_XLAT_ENOMEM;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->key[i])
            continue;
        size_t j = slot(m->key[i], ncap);
        while (nk[j])
            j = (j + 1u) & (ncap - 1u);
        nk[j] = m->key[i];
        nv[j] = m->val[i];
    }
    free(m->key);
    free(m->val);
    m->key = nk;
    m->val = nv;
    m->cap = ncap;
    return NIC_XLAT_OK;
}

int nic_hostmem_write64(struct nic_hostmem *m, uint64_t pa, uint64_t v)
{
    if (!m || !m->key)
        return NIC_XLAT_EINVAL;
    if (2u * (m->count + 1u) > m->cap && grow(m) != NIC_XLAT_OK)
        return NIC_XLAT_ENOMEM;
    uint64_t k = (pa >> 3) + 1u;
    size_t j = slot(k, m->cap);
    while (m->key[j] && m->key[j] != k)
        j = (j + 1u) & (m->cap - 1u);
    if (!m->key[j]) {
        m->key[j] = k;
        m->count++;
    }
    m->val[j] = v;
    return NIC_XLAT_OK;
}

uint64_t nic_hostmem_read64(const struct nic_hostmem *m, uint64_t pa)
{
    if (!m || !m->key)
        return 0;
    uint64_t k = (pa >> 3) + 1u;
    size_t j = slot(k, m->cap);
    while (m->key[j]) {
        if (m->key[j] == k)
            return m->val[j];
        j = (j + 1u) & (m->cap - 1u);
    }
    return 0;
}

/* ------------------------------------------------------------------ reference walk */

#define E_P    UINT64_C(0x1)
#define E_RW   UINT64_C(0x2)
#define E_PS   UINT64_C(0x80)
#define E_ADDR UINT64_C(0x000ffffffffff000)   /* bits 51:12 */
#define E_PAT  UINT64_C(0x1000)               /* bit 12 of a 2 MiB / 1 GiB leaf: PAT, not address */

int nic_xlat_ref_walk(const struct nic_hostmem *m, uint64_t cr3, uint64_t va, int write,
                      struct nic_walk *w)
{
    if (!m || !w)
        return NIC_XLAT_EINVAL;
    memset(w, 0, sizeof *w);
    uint64_t top = va >> 47;
    if (top != 0 && top != UINT64_C(0x1ffff)) {
        w->fault = NIC_FAULT_NONCANON;
        return NIC_XLAT_OK;
    }
    uint64_t table = cr3 & E_ADDR;
    int rw = 1;
    for (unsigned level = 4; level >= 1; level--) {
        unsigned shift = 12u + 9u * (level - 1u);
        uint64_t e = nic_hostmem_read64(m, table + 8u * ((va >> shift) & 0x1ffu));
        w->reads++;
        w->level = level;
        if (!(e & E_P)) {
            w->fault = NIC_FAULT_NOT_PRESENT;
            return NIC_XLAT_OK;
        }
        int leaf = level == 1 || (level <= 3 && (e & E_PS));
        if ((level == 4 && (e & E_PS)) ||
            (leaf && level > 1 && (e & E_ADDR & ((UINT64_C(1) << shift) - 1u) & ~E_PAT))) {
            w->fault = NIC_FAULT_RSVD;
            return NIC_XLAT_OK;
        }
        rw &= (e & E_RW) != 0;
        if (leaf) {
            if (write && !rw) {
                w->fault = NIC_FAULT_WRITE;
                return NIC_XLAT_OK;
            }
            uint64_t off = (UINT64_C(1) << shift) - 1u;
            w->pa = (e & E_ADDR & ~off) | (va & off);
            w->size = level == 3 ? NIC_PAGE_1G : level == 2 ? NIC_PAGE_2M : NIC_PAGE_4K;
            return NIC_XLAT_OK;
        }
        table = e & E_ADDR;
    }
    return NIC_XLAT_OK; /* not reached: level 1 is always a leaf */
}

/* ================================================================== the translation unit */

#include "regs/nic_xlat_regs.h"

#include <stddef.h>

#define NX_DATA_LEAF (UINT64_C(1) << 41)
#define NX_DATA_RW   (UINT64_C(1) << 40)
#define NX_DATA_ADDR UINT64_C(0xffffffffff)    /* PA[51:12] */

static unsigned vpn_w(unsigned level) { return 36u - 9u * (level - 1u); }
static uint64_t vpn_of(uint64_t va, unsigned level) { return (va >> (12u + 9u * (level - 1u))) & ((UINT64_C(1) << vpn_w(level)) - 1u); }
static unsigned pid_mask(const struct nic_xlat *m)
{
    unsigned w = 1;
    while ((1u << w) < m->cfg.npid)
        w++;
    return (1u << w) - 1u;
}

static int pow2(unsigned x) { return x && !(x & (x - 1u)); }

int nic_xlat_init(struct nic_xlat *m, const struct nic_xlat_cfg *cfg)
{
    if (!m || !cfg || cfg->npid < 2 || cfg->npid > 65536 || cfg->pid_in_w > 32 ||
        (cfg->pid_in_w < 32 && cfg->npid > (UINT64_C(1) << cfg->pid_in_w)) || cfg->id_w < 1 ||
        cfg->id_w > 16 || !pow2(cfg->mq) || cfg->mq < 4 || cfg->mq > NIC_XLAT_MQ_MAX)
        return NIC_XLAT_EINVAL;
    for (unsigned l = 1; l <= 4; l++)
        if (!pow2(cfg->sets[l]) || cfg->ways[l] < 1 || cfg->ways[l] > 64)
            return NIC_XLAT_EINVAL;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    for (unsigned l = 1; l <= 4; l++) {
        m->c[l] = calloc((size_t)cfg->sets[l] * cfg->ways[l], sizeof *m->c[l]);
        m->rr[l] = calloc(cfg->sets[l], sizeof *m->rr[l]);
        if (!m->c[l] || !m->rr[l]) {
            nic_xlat_free(m);
            return NIC_XLAT_ENOMEM;
        }
    }
    m->cr3 = calloc(cfg->npid, sizeof *m->cr3);
    m->cr3_valid = calloc(cfg->npid, 1);
    if (!m->cr3 || !m->cr3_valid) {
        nic_xlat_free(m);
        return NIC_XLAT_ENOMEM;
    }
    return NIC_XLAT_OK;
}

void nic_xlat_free(struct nic_xlat *m)
{
    if (!m)
        return;
    for (unsigned l = 1; l <= 4; l++) {
        free(m->c[l]);
        free(m->rr[l]);
        m->c[l] = NULL;
        m->rr[l] = NULL;
    }
    free(m->cr3);
    free(m->cr3_valid);
    m->cr3 = NULL;
    m->cr3_valid = NULL;
}

/* the set of {pid, vpn} at level l: the VPN's low bits XOR the PID's (PIDs with the same VA
 * layout spread over the sets; docs/nic_xlat.md 4.2) */
static unsigned set_of(const struct nic_xlat *m, unsigned l, uint32_t pid, uint64_t vpn)
{
    return (unsigned)((vpn ^ pid) & (m->cfg.sets[l] - 1u));
}

/* the way of {pid, vpn} in its set at level l, or -1 */
static int lookup(const struct nic_xlat *m, unsigned l, uint32_t pid, uint64_t vpn)
{
    unsigned set = set_of(m, l, pid, vpn), ways = m->cfg.ways[l];
    const struct nic_xlat_entry *e = &m->c[l][(size_t)set * ways];
    for (unsigned w = 0; w < ways; w++)
        if (e[w].valid && e[w].pid == pid && e[w].vpn == vpn)
            return (int)w;
    return -1;
}

static void push_rd(struct nic_xlat *m, uint64_t addr, unsigned tag)
{
    if (m->rd_count == NIC_XLAT_QCAP) {
        m->overflow = 1;
        return;
    }
    struct nic_xlat_rd *r = &m->rdq[(m->rd_head + m->rd_count++) % NIC_XLAT_QCAP];
    r->addr = addr;
    r->tag = tag;
    m->stat[NX_ST_HOST_RD]++;
}

static uint64_t vidx(uint64_t va, unsigned level) { return (va >> (12u + 9u * (level - 1u))) & 0x1ffu; }

int nic_xlat_op_req(struct nic_xlat *m, const struct nic_xlat_req *r)
{
    unsigned k = 0;
    while (k < m->cfg.mq && m->mq[k].valid)
        k++;
    if (k == m->cfg.mq)
        return NIC_XLAT_EINVAL;
    uint32_t pid = r->pid & pid_mask(m);
    uint64_t va = r->va;
    struct nic_xlat_slot *s = &m->mq[k];
    memset(s, 0, sizeof *s);
    s->valid = 1;
    s->done = 1;
    s->id = r->id;
    s->pid = pid;
    s->va = va & UINT64_C(0xffffffffffff);
    s->write = r->write != 0;
    s->gen = m->gen;
    s->rw = 1;
    for (unsigned i = 0; i < m->cfg.mq; i++)
        if (i != k && m->mq[i].valid && m->mq[i].id == r->id)
            s->wait |= 1u << i;
    m->stat[NX_ST_REQ]++;

    uint64_t top = va >> 47;
    int hit[5] = {0};
    uint64_t d[5] = {0};
    for (unsigned l = 1; l <= 4; l++) {
        int w = lookup(m, l, pid, vpn_of(va, l));
        if (w >= 0) {
            hit[l] = 1;
            d[l] = m->c[l][(size_t)set_of(m, l, pid, vpn_of(va, l)) * m->cfg.ways[l] + (unsigned)w].data;
        }
    }
    int l2 = hit[2] && (d[2] & NX_DATA_LEAF), l3 = hit[3] && (d[3] & NX_DATA_LEAF);
    if (r->pid >= m->cfg.npid) {
        s->fault = NIC_FAULT_PID;
        m->stat[NX_ST_F_PID]++;
    } else if (top != 0 && top != UINT64_C(0x1ffff)) {
        s->fault = NIC_FAULT_NONCANON;
        m->stat[NX_ST_F_NONCANON]++;
    } else if (hit[1] || l2 || l3) {
        unsigned l = hit[1] ? 1 : l2 ? 2 : 3;
        s->rw = (d[l] & NX_DATA_RW) != 0;
        if (s->write && !s->rw) {
            s->fault = NIC_FAULT_WRITE;
            m->stat[NX_ST_F_WRITE]++;
        } else {
            uint64_t off = (UINT64_C(1) << (12u + 9u * (l - 1u))) - 1u;
            s->pa = (((d[l] & NX_DATA_ADDR) << 12) & ~off) | (va & off);
            s->size = l - 1u;
            m->stat[l == 1 ? NX_ST_HIT_4K : l == 2 ? NX_ST_HIT_2M : NX_ST_HIT_1G]++;
        }
    } else if (hit[2] || hit[3] || hit[4] || m->cr3_valid[pid]) {
        unsigned lv = hit[2] ? 1 : hit[3] ? 2 : hit[4] ? 3 : 4;
        uint64_t table = lv == 4 ? m->cr3[pid] : d[lv + 1] & NX_DATA_ADDR;
        s->rw = lv == 4 ? 1 : (d[lv + 1] & NX_DATA_RW) != 0;
        s->done = 0;
        s->level = lv;
        m->stat[NX_ST_WALK_L1 + lv - 1]++;
        push_rd(m, (table << 12) | (vidx(va, lv) << 3), k);
    } else {
        s->fault = NIC_FAULT_NO_CR3;
        m->stat[NX_ST_F_NOCR3]++;
    }
    return NIC_XLAT_OK;
}

static void fill(struct nic_xlat *m, unsigned l, uint32_t pid, uint64_t vpn, uint64_t data)
{
    unsigned set = set_of(m, l, pid, vpn), ways = m->cfg.ways[l];
    struct nic_xlat_entry *e = &m->c[l][(size_t)set * ways];
    int w = lookup(m, l, pid, vpn);
    if (w < 0) {
        for (unsigned i = 0; i < ways && w < 0; i++)
            if (!e[i].valid)
                w = (int)i;
        if (w < 0) {
            w = (int)m->rr[l][set];
            m->rr[l][set] = (m->rr[l][set] + 1u) % ways;
        }
    }
    e[w].valid = 1;
    e[w].pid = pid;
    e[w].vpn = vpn;
    e[w].data = data;
    m->stat[NX_ST_FILL]++;
}

uint32_t nic_xlat_waiting_mask(const struct nic_xlat *m)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < m->cfg.mq; i++)
        if (m->mq[i].valid && !m->mq[i].done)
            r |= 1u << i;
    return r;
}

int nic_xlat_op_cpl(struct nic_xlat *m, unsigned tag, uint64_t e, int outstanding)
{
    struct nic_xlat_slot *s = tag < m->cfg.mq ? &m->mq[tag] : NULL;
    if (!outstanding || !s) {
        m->stat[NX_ST_ERR_TAG]++;
        return NIC_XLAT_OK;
    }
    if (!s->valid || s->done)
        return NIC_XLAT_EINVAL;
    unsigned l = s->level;
    int p = (e & E_P) != 0, ps = (e & E_PS) != 0;
    int leaf = l == 1 || ((l == 2 || l == 3) && ps);
    int rsvd = (l == 4 && ps) || (l == 3 && ps && (e & UINT64_C(0x3fffe000))) ||
               (l == 2 && ps && (e & UINT64_C(0x1fe000)));
    int rw = s->rw && (e & E_RW) != 0;
    s->rw = rw;
    if (!p) {
        s->done = 1;
        s->fault = NIC_FAULT_NOT_PRESENT;
        m->stat[NX_ST_F_NP]++;
        return NIC_XLAT_OK;
    }
    if (rsvd) {
        s->done = 1;
        s->fault = NIC_FAULT_RSVD;
        m->stat[NX_ST_F_RSVD]++;
        return NIC_XLAT_OK;
    }
    if (s->gen == m->gen)
        fill(m, l, s->pid, vpn_of(s->va, l),
             (leaf ? NX_DATA_LEAF : 0) | (rw ? NX_DATA_RW : 0) | ((e >> 12) & NX_DATA_ADDR));
    else
        m->stat[NX_ST_FILL_STALE]++;
    if (leaf) {
        s->done = 1;
        if (s->write && !rw) {
            s->fault = NIC_FAULT_WRITE;
            m->stat[NX_ST_F_WRITE]++;
        } else {
            uint64_t off = (UINT64_C(1) << (12u + 9u * (l - 1u))) - 1u;
            s->pa = (e & E_ADDR & ~off) | (s->va & off);
            s->size = l - 1u;
        }
        return NIC_XLAT_OK;
    }
    s->level = l - 1u;
    push_rd(m, (e & E_ADDR) | (vidx(s->va, l - 1u) << 3), tag);
    return NIC_XLAT_OK;
}

int nic_xlat_op_cmd(struct nic_xlat *m)
{
    if (!m->pend)
        return NIC_XLAT_EINVAL;
    m->pend = 0;
    uint32_t pid = m->cmd_pid & pid_mask(m);
    if (m->cmd_op == NX_OP_LOAD_CR3) {
        m->cr3[pid] = (m->cmd_addr >> 12) & NX_DATA_ADDR;
        m->cr3_valid[pid] = 1;
        return NIC_XLAT_OK;
    }
    if (m->cmd_op == NX_OP_CLEAR_CR3) {
        m->cr3_valid[pid] = 0;
        return NIC_XLAT_OK;
    }
    int use_pid = m->cmd_op == NX_OP_INV_PID || m->cmd_op == NX_OP_INV_RANGE;
    int use_range = m->cmd_op == NX_OP_INV_RANGE;
    m->gen ^= 1u;
    m->inv_active = 1;
    for (unsigned l = 1; l <= 4; l++) {
        uint64_t lo = vpn_of(m->cmd_addr, l), hi = vpn_of(m->cmd_end, l);
        size_t n = (size_t)m->cfg.sets[l] * m->cfg.ways[l];
        for (size_t i = 0; i < n; i++) {
            struct nic_xlat_entry *e = &m->c[l][i];
            int leaf = l == 1 || (e->data & NX_DATA_LEAF);
            if (e->valid && (!use_pid || e->pid == pid) && (!use_range || (e->vpn >= lo && e->vpn <= hi)) &&
                (!m->cmd_leaf || leaf))
                e->valid = 0;
        }
    }
    return NIC_XLAT_OK;
}

uint32_t nic_xlat_ready_mask(const struct nic_xlat *m)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < m->cfg.mq; i++)
        if (m->mq[i].valid && m->mq[i].done && !m->mq[i].wait)
            r |= 1u << i;
    return r;
}

uint32_t nic_xlat_old_slots(const struct nic_xlat *m)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < m->cfg.mq; i++)
        if (m->mq[i].valid && m->mq[i].gen != m->gen)
            r |= 1u << i;
    return r;
}

int nic_xlat_retire(struct nic_xlat *m, unsigned slot, uint32_t ready0)
{
    uint32_t ready = nic_xlat_ready_mask(m);
    if (slot >= m->cfg.mq || !(ready & (1u << slot)) || !(ready0 & (1u << slot)) ||
        (ready0 & ((1u << slot) - 1u)))
        return NIC_XLAT_EINVAL;
    struct nic_xlat_slot *s = &m->mq[slot];
    if (m->resp_count == NIC_XLAT_QCAP) {
        m->overflow = 1;
    } else {
        struct nic_xlat_resp *r = &m->respq[(m->resp_head + m->resp_count++) % NIC_XLAT_QCAP];
        r->id = s->id;
        r->pa = s->pa;
        r->size = s->size;
        r->fault = s->fault;
        r->gen = s->gen;
    }
    s->valid = 0;
    for (unsigned i = 0; i < m->cfg.mq; i++)
        m->mq[i].wait &= ~(1u << slot);
    return NIC_XLAT_OK;
}

int nic_xlat_inv_done(struct nic_xlat *m)
{
    if (!m->inv_active || nic_xlat_old_slots(m))
        return NIC_XLAT_EINVAL;
    m->inv_active = 0;
    m->stat[NX_ST_INV_DONE]++;
    return NIC_XLAT_OK;
}

int nic_xlat_pop_rd(struct nic_xlat *m, struct nic_xlat_rd *out)
{
    if (!m->rd_count)
        return 0;
    *out = m->rdq[m->rd_head];
    m->rd_head = (m->rd_head + 1u) % NIC_XLAT_QCAP;
    m->rd_count--;
    return 1;
}

int nic_xlat_pop_resp(struct nic_xlat *m, struct nic_xlat_resp *out)
{
    if (!m->resp_count)
        return 0;
    *out = m->respq[m->resp_head];
    m->resp_head = (m->resp_head + 1u) % NIC_XLAT_QCAP;
    m->resp_count--;
    m->stat[NX_ST_RESP]++;
    return 1;
}

int nic_xlat_busy(const struct nic_xlat *m) { return m->pend || m->inv_active; }

#define NXA(r) ((uint32_t)offsetof(nic_xlat_t, r))

unsigned nic_xlat_csr_write(struct nic_xlat *m, uint32_t addr, uint32_t data, unsigned strb)
{
    int cmd_reg = addr == NXA(CMD_PID) || addr == NXA(CMD_ADDR_LO) || addr == NXA(CMD_ADDR_HI) ||
                  addr == NXA(CMD_END_LO) || addr == NXA(CMD_END_HI) || addr == NXA(CMD);
    if (strb != 0xfu || !cmd_reg) {
        m->stat[NX_ST_CSR_ERR]++;
        return 2;
    }
    if (nic_xlat_busy(m)) {
        m->stat[NX_ST_ERR_BUSY]++;
        return 2;
    }
    if (addr == NXA(CMD_PID))
        m->cmd_pid = data & 0xffffu;
    else if (addr == NXA(CMD_ADDR_LO))
        m->cmd_addr = (m->cmd_addr & ~UINT64_C(0xffffffff)) | data;
    else if (addr == NXA(CMD_ADDR_HI))
        m->cmd_addr = (m->cmd_addr & UINT64_C(0xffffffff)) | ((uint64_t)data << 32);
    else if (addr == NXA(CMD_END_LO))
        m->cmd_end = (m->cmd_end & ~UINT64_C(0xffffffff)) | data;
    else if (addr == NXA(CMD_END_HI))
        m->cmd_end = (m->cmd_end & UINT64_C(0xffffffff)) | ((uint64_t)data << 32);
    else {
        uint32_t op = (data & NIC_XLAT__CMD__OP_bm) >> NIC_XLAT__CMD__OP_bp;
        int uses_pid = op == NX_OP_LOAD_CR3 || op == NX_OP_CLEAR_CR3 || op == NX_OP_INV_PID ||
                       op == NX_OP_INV_RANGE;
        if (op == 0 || op > NX_OP_INV_RANGE || (uses_pid && m->cmd_pid >= m->cfg.npid)) {
            m->stat[NX_ST_ERR_CMD]++;
            return 2;
        }
        m->cmd_op = op;
        m->cmd_leaf = (data & NIC_XLAT__CMD__LEAF_ONLY_bm) != 0;
        m->pend = 1;
    }
    return 0;
}

unsigned nic_xlat_csr_read(const struct nic_xlat *m, uint32_t addr, uint32_t *data)
{
    const struct nic_xlat_cfg *c = &m->cfg;
    *data = 0;
    if (addr == NXA(ID))
        *data = NIC_XLAT__ID__ID_reset;
    else if (addr == NXA(PARAMS))
        *data = (c->npid & 0xffffu) | ((c->mq & 0xffu) << 16) | ((c->id_w & 0xffu) << 24);
    else if (addr >= NXA(GEOM) && addr < NXA(GEOM) + 16 && !(addr & 3u)) {
        unsigned l = 4u - (addr - NXA(GEOM)) / 4u;
        *data = (c->sets[l] & 0xffffu) | ((c->ways[l] & 0xffu) << 16);
    } else if (addr == NXA(CMD_PID))
        *data = m->cmd_pid;
    else if (addr == NXA(CMD_ADDR_LO))
        *data = (uint32_t)m->cmd_addr;
    else if (addr == NXA(CMD_ADDR_HI))
        *data = (uint32_t)(m->cmd_addr >> 32);
    else if (addr == NXA(CMD_END_LO))
        *data = (uint32_t)m->cmd_end;
    else if (addr == NXA(CMD_END_HI))
        *data = (uint32_t)(m->cmd_end >> 32);
    else if (addr == NXA(CMD))
        *data = m->cmd_op | (m->cmd_leaf << 8);
    else if (addr == NXA(STATUS))
        *data = (uint32_t)nic_xlat_busy(m) | (m->gen << 1);
    else if (addr >= NXA(STAT) && addr < NXA(STAT) + 4u * NIC_XLAT_NSTAT && !(addr & 3u))
        *data = m->stat[(addr - NXA(STAT)) / 4u];
    else
        return 2;
    return 0;
}
