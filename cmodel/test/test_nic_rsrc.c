/* cmodel/test/test_nic_rsrc.c -- unit tests of the nic_rsrc C model: one directed test per rule
 * of docs/nic_rsrc.md 3 (expected values written from the spec note B8 / seed L164-L188, not from
 * the model's output), and a random soak that checks the invariants (M1, M5, M6) after every op. */
#include <stdio.h>

#include "nic_rsrc.h"
#include "regs/nic_rsrc_regs.h"
#include "tinytest.h"

#define A(r) ((uint32_t)offsetof(nic_rsrc_t, r))

static unsigned cmd(nic_rsrc *m, unsigned op, unsigned pid, unsigned type, unsigned n, uint32_t h) {
  nic_rsrc_cmd c = {op, pid, type, n, h};
  return nic_rsrc_push(m, &c);
}
static nic_rsrc_evt pop1(nic_rsrc *m) {
  nic_rsrc_evt e = {0, 0, 0, 0, 0, 0, 0};
  CHECK(nic_rsrc_pop(m, &e));
  return e;
}
static void drain(nic_rsrc *m) {
  nic_rsrc_evt e;
  while (nic_rsrc_pop(m, &e)) {}
}

static void test_init(void) {
  nic_rsrc m;
  CHECK(nic_rsrc_init(&m, 1000, 64, 5) == -1);
  CHECK(nic_rsrc_init(&m, 16, 3, 5) == -1);
  CHECK_EQ(nic_rsrc_init(&m, 16, 4, 5), 0);
  uint32_t d;
  CHECK_EQ(nic_rsrc_csr_read(&m, A(FREE_CNT), &d), 0u);
  CHECK_EQ(d, 16u);
  CHECK_EQ(nic_rsrc_csr_read(&m, A(ID), &d), 0u);
  CHECK_EQ(d, 0x4e525343u);
  CHECK_EQ(nic_rsrc_csr_read(&m, 0x0f0, &d), NIC_RSRC_SLVERR);
  CHECK_EQ(nic_rsrc_check(&m), 0);
  nic_rsrc_free(&m);
}

/* ALLOC_BATCH all or nothing (L174, L180): grants n handles in free-list order, or one DENIED */
static void test_batch(void) {
  nic_rsrc m;
  CHECK_EQ(nic_rsrc_init(&m, 16, 4, 5), 0);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 1, NR_T_ME, 5, 0), (unsigned)NR_OK);
  for (unsigned k = 0; k < 5; k++) {
    nic_rsrc_evt e = pop1(&m);
    CHECK_EQ(e.handle, k);  /* FIFO initialised 0..15 */
    CHECK_EQ(e.last, k == 4 ? 1u : 0u);
    CHECK_EQ(e.status, 0u);
  }
  CHECK_EQ(m.free_cnt, 11u);
  CHECK_EQ(m.unused[NR_T_ME], 5u);
  CHECK_EQ(m.cnt[1], 5u);
  CHECK_EQ(m.ucnt[1], 5u);
  /* 12 > 11 free: nothing changes (M4) */
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 2, NR_T_LE, 12, 0), (unsigned)NR_FREE_EMPTY);
  CHECK_EQ(pop1(&m).status, (unsigned)NR_FREE_EMPTY);
  CHECK_EQ(m.free_cnt, 11u);
  CHECK_EQ(m.stat[NR_ST_DEN_FREE_EMPTY], 1u);
  /* n = 0 uses REFILL_N (24 > 16 entries: FREE_EMPTY); n > 32: BAD_N */
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 2, NR_T_LE, 0, 0), (unsigned)NR_FREE_EMPTY);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 2, NR_T_LE, 33, 0), (unsigned)NR_BAD_N);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 2, 6, 1, 0), (unsigned)NR_BAD_TYPE);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 4, NR_T_ME, 1, 0), (unsigned)NR_BAD_PID);
  CHECK_EQ(cmd(&m, 7, 0, 0, 1, 0), (unsigned)NR_BAD_OP);
  CHECK_EQ(m.stat[NR_ST_DEN_BAD_N] + m.stat[NR_ST_DEN_BAD_TYPE] + m.stat[NR_ST_DEN_BAD_PID] + m.stat[NR_ST_DEN_BAD_OP], 4u);
  CHECK_EQ(nic_rsrc_check(&m), 0);
  nic_rsrc_free(&m);
}

/* type HWM (L166) and process HWM (L164, L184) */
static void test_hwm(void) {
  nic_rsrc m;
  CHECK_EQ(nic_rsrc_init(&m, 32, 4, 5), 0);
  CHECK_EQ(nic_rsrc_csr_write(&m, A(TYPE_HWM) + 4 * NR_T_ME, 6, 0xf), 0u);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 0, NR_T_ME, 6, 0), (unsigned)NR_OK);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 1, NR_T_ME, 1, 0), (unsigned)NR_TYPE_HWM);
  CHECK_EQ(nic_rsrc_csr_write(&m, A(PCB_SEL), 2, 0xf), 0u);
  CHECK_EQ(nic_rsrc_csr_write(&m, A(PCB_HWM), 3, 0xf), 0u);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 2, NR_T_LE, 4, 0), (unsigned)NR_PROC_HWM);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 2, NR_T_LE, 3, 0), (unsigned)NR_OK);
  CHECK_EQ(cmd(&m, NR_OP_PTALLOC, 2, 0, 0, 0), (unsigned)NR_PROC_HWM);
  CHECK_EQ(cmd(&m, NR_OP_PTALLOC, 3, 0, 0, 0), (unsigned)NR_OK);
  CHECK_EQ(m.used[NR_T_LROOT], 1u);
  CHECK_EQ(nic_rsrc_csr_write(&m, A(PCB_SEL), 4, 0xf), NIC_RSRC_SLVERR);
  CHECK_EQ(nic_rsrc_csr_write(&m, A(FREE_CNT), 4, 0xf), NIC_RSRC_SLVERR);
  CHECK_EQ(nic_rsrc_csr_write(&m, A(REFILL_N), 4, 0x3), NIC_RSRC_SLVERR);
  CHECK_EQ(m.stat[NR_ST_CSR_ERR], 3u);
  CHECK_EQ(nic_rsrc_check(&m), 0);
  nic_rsrc_free(&m);
}

/* TAKE = head of the unused list (L180); FREE with the LWM rule (L170); host handles (L180) */
static void test_take_free(void) {
  nic_rsrc m;
  CHECK_EQ(nic_rsrc_init(&m, 16, 4, 5), 0);
  CHECK_EQ(cmd(&m, NR_OP_TAKE, 1, NR_T_ME, 0, 0), (unsigned)NR_LIST_EMPTY);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 1, NR_T_ME, 3, 0), (unsigned)NR_OK);
  drain(&m);
  CHECK_EQ(cmd(&m, NR_OP_TAKE, 1, NR_T_LE, 0, 0), (unsigned)NR_BAD_TYPE);
  CHECK_EQ(cmd(&m, NR_OP_TAKE, 1, NR_T_ME, 0, 0), (unsigned)NR_OK);
  drain(&m);
  CHECK_EQ(cmd(&m, NR_OP_TAKE, 1, NR_T_ME, 0, 0), (unsigned)NR_OK);
  nic_rsrc_evt e = pop1(&m);
  CHECK_EQ(e.handle, 1u);  /* second of the list 0,1,2 */
  CHECK_EQ(m.used[NR_T_ME], 2u);
  CHECK_EQ(m.unused[NR_T_ME], 1u);
  /* FREE: handle 2 is UNUSED (not in use): BAD_HANDLE; out of range; wrong PID */
  CHECK_EQ(cmd(&m, NR_OP_FREE, 1, 0, 0, 2), (unsigned)NR_BAD_HANDLE);
  CHECK_EQ(cmd(&m, NR_OP_FREE, 1, 0, 0, 16), (unsigned)NR_BAD_HANDLE);
  CHECK_EQ(cmd(&m, NR_OP_FREE, 2, 0, 0, 1), (unsigned)NR_BAD_HANDLE);
  /* LWM 0: cnt 3 > 0: to the free list, cnt 2 */
  drain(&m);
  CHECK_EQ(cmd(&m, NR_OP_FREE, 1, 0, 0, 1), (unsigned)NR_OK);
  e = pop1(&m);
  CHECK_EQ(e.dest, (unsigned)NR_DEST_LIST);
  CHECK_EQ(m.cnt[1], 2u);
  CHECK_EQ(m.free_cnt, 14u);
  /* double free */
  CHECK_EQ(cmd(&m, NR_OP_FREE, 1, 0, 0, 1), (unsigned)NR_BAD_HANDLE);
  /* LWM 2: cnt 2 <= 2: back to the head of the process's list, cnt kept */
  CHECK_EQ(nic_rsrc_csr_write(&m, A(PCB_SEL), 1, 0xf), 0u);
  CHECK_EQ(nic_rsrc_csr_write(&m, A(PCB_LWM), 2, 0xf), 0u);
  drain(&m);
  CHECK_EQ(cmd(&m, NR_OP_FREE, 1, 0, 0, 0), (unsigned)NR_OK);
  e = pop1(&m);
  CHECK_EQ(e.dest, (unsigned)NR_DEST_PROC);
  CHECK_EQ(m.cnt[1], 2u);
  CHECK_EQ(m.ucnt[1], 2u);
  CHECK_EQ(m.head[1], 0u);
  /* host handle: to the process, nothing on the NIC (M5) */
  CHECK_EQ(cmd(&m, NR_OP_FREE, 1, 0, 0, 0x10005), (unsigned)NR_OK);
  e = pop1(&m);
  CHECK_EQ(e.dest, (unsigned)NR_DEST_HOST);
  CHECK_EQ(m.free_cnt, 14u);
  CHECK_EQ(nic_rsrc_check(&m), 0);
  nic_rsrc_free(&m);
}

/* TEARDOWN (M7): every entry of the PID, unused or in use, back to the free list */
static void test_teardown(void) {
  nic_rsrc m;
  CHECK_EQ(nic_rsrc_init(&m, 16, 4, 5), 0);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 1, NR_T_ME, 4, 0), (unsigned)NR_OK);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 2, NR_T_LE, 2, 0), (unsigned)NR_OK);
  CHECK_EQ(cmd(&m, NR_OP_TAKE, 1, NR_T_ME, 0, 0), (unsigned)NR_OK);
  CHECK_EQ(cmd(&m, NR_OP_ALLOC, 1, NR_T_UNEXP, 2, 0), (unsigned)NR_OK);
  drain(&m);
  CHECK_EQ(cmd(&m, NR_OP_TEARDOWN, 1, 0, 0, 0), (unsigned)NR_OK);
  nic_rsrc_evt e = pop1(&m);
  CHECK_EQ(e.handle, 6u);
  CHECK_EQ(m.free_cnt, 14u);
  CHECK_EQ(m.cnt[1], 0u);
  CHECK_EQ(m.cnt[2], 2u);
  CHECK_EQ(m.used[NR_T_ME] + m.unused[NR_T_ME] + m.used[NR_T_UNEXP], 0u);
  CHECK_EQ(cmd(&m, NR_OP_TEARDOWN, 9, 0, 0, 0), (unsigned)NR_BAD_PID);
  CHECK_EQ(nic_rsrc_check(&m), 0);
  nic_rsrc_free(&m);
}

/* random soak: invariants after every op, every reason reached */
static void test_soak(void) {
  nic_rsrc m;
  CHECK_EQ(nic_rsrc_init(&m, 64, 4, 5), 0);
  uint64_t x = 88172645463325252ull;
  unsigned seen[10] = {0};
  for (unsigned i = 0; i < 200000; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const unsigned op = (x >> 3) % 9 < 7 ? (x >> 3) % 5 : (x >> 3) % 8;
    uint32_t h = (uint32_t)(x >> 20) & 0x3f;
    if ((x >> 40) % 17 == 0) h |= 0x10000;
    if ((x >> 40) % 19 == 0) h = (uint32_t)(x >> 24) & 0xffff;
    if (op == NR_OP_TEARDOWN && (x >> 50) % 8) continue;
    const unsigned st = cmd(&m, op, (unsigned)(x >> 30) % 5, (unsigned)(x >> 36) % 6, (unsigned)(x >> 44) % 36, h);
    seen[st]++;
    if ((x >> 56) % 64 == 0) {
      nic_rsrc_csr_write(&m, A(PCB_SEL), (uint32_t)(x >> 9) % 4, 0xf);
      nic_rsrc_csr_write(&m, A(PCB_LWM), (uint32_t)(x >> 12) % 20, 0xf);
      nic_rsrc_csr_write(&m, A(PCB_HWM), 8 + (uint32_t)(x >> 21) % 40, 0xf);
      nic_rsrc_csr_write(&m, A(TYPE_HWM) + 4 * ((x >> 15) % 5), 10 + (uint32_t)(x >> 18) % 50, 0xf);
    }
    drain(&m);
    if (nic_rsrc_check(&m)) {
      CHECK_EQ(nic_rsrc_check(&m), 0);
      break;
    }
  }
  for (unsigned r = 0; r < 10; r++) CHECK(seen[r] > 0);
  nic_rsrc_free(&m);
}

int main(void) {
  static const struct tt_case cases[] = {
      TT_CASE(test_init), TT_CASE(test_batch), TT_CASE(test_hwm),
      TT_CASE(test_take_free), TT_CASE(test_teardown), TT_CASE(test_soak),
  };
  return TT_RUN(cases);
}
