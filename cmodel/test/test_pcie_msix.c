/* test_pcie_msix.c -- unit tests of cmodel/pcie_msix (MSI-X table / PBA / sender model). Expected
 * values from the PCI Express Base Specification's MSI-X rules (mask bits set at reset, pending
 * while masked, PBA bit layout) and docs/pcie_msix.md 2 (the window's address map). */
#include "pcie_msix.h"
#include "tinytest.h"

static void t_reset(void)
{
    struct pcie_msix m;
    CHECK_EQ(pcie_msix_init(&m, 3), PCIE_MSIX_EINVAL);
    CHECK_EQ(pcie_msix_init(&m, 512), PCIE_MSIX_EINVAL);
    CHECK_EQ(pcie_msix_init(&m, 32), PCIE_MSIX_OK);
    for (unsigned v = 0; v < 32; v++)
        CHECK_EQ(pcie_msix_read(&m, 16 * v + 12), 1);   /* masked at reset */
    CHECK_EQ(pcie_msix_read(&m, 0x1000), 0);
    CHECK(!pcie_msix_eligible(&m));
}

static void t_table(void)
{
    struct pcie_msix m;
    pcie_msix_init(&m, 32);
    pcie_msix_write(&m, 16 * 5 + 0, 0xfee01000u, 0xf);
    pcie_msix_write(&m, 16 * 5 + 4, 0x00000001u, 0xf);
    pcie_msix_write(&m, 16 * 5 + 8, 0x11223344u, 0xf);
    pcie_msix_write(&m, 16 * 5 + 8, 0xaabbccddu, 0x6);     /* bytes 1 and 2 only */
    CHECK_EQ(pcie_msix_read(&m, 16 * 5 + 8), 0x11bbcc44u);
    CHECK_EQ(pcie_msix_read(&m, 16 * 5 + 0), 0xfee01000u);
    pcie_msix_write(&m, 16 * 5 + 12, 0xfffffffeu, 0xe);    /* strobe 0 off: mask unchanged */
    CHECK_EQ(pcie_msix_read(&m, 16 * 5 + 12), 1);
    pcie_msix_write(&m, 16 * 5 + 12, 0xfffffffeu, 0x1);    /* unmask; bits 31:1 read 0 */
    CHECK_EQ(pcie_msix_read(&m, 16 * 5 + 12), 0);
    pcie_msix_write(&m, 0x1000, 0xffffffffu, 0xf);         /* PBA is read only */
    CHECK_EQ(pcie_msix_read(&m, 0x1000), 0);
    CHECK_EQ(pcie_msix_read(&m, 16 * 32), 0);              /* beyond the table */
    CHECK_EQ(pcie_msix_read(&m, 0x0ff0), 0);
}

static void t_send(void)
{
    struct pcie_msix m;
    uint64_t req[PCIE_MSIX_NV_MAX / 64] = {0}, a;
    uint32_t d;
    pcie_msix_init(&m, 64);
    pcie_msix_write(&m, 16 * 40 + 0, 0xfee00000u, 0xf);
    pcie_msix_write(&m, 16 * 40 + 4, 0, 0xf);
    pcie_msix_write(&m, 16 * 40 + 8, 0x4041u, 0xf);
    req[0] = 1ull << 40;
    pcie_msix_irq(&m, req);                                 /* masked: pending, no message */
    CHECK_EQ(pcie_msix_read(&m, 0x1004), 1u << 8);          /* PBA DW 1 bit 8 = vector 40 */
    CHECK(!pcie_msix_eligible(&m));
    CHECK_EQ(pcie_msix_fire(&m, 40, &a, &d), PCIE_MSIX_EMASKED);
    pcie_msix_write(&m, 16 * 40 + 12, 0, 0xf);
    CHECK(pcie_msix_eligible(&m));
    CHECK_EQ(pcie_msix_fire(&m, 41, &a, &d), PCIE_MSIX_ENOTPEND);
    CHECK_EQ(pcie_msix_fire(&m, 40, &a, &d), PCIE_MSIX_OK);
    CHECK_EQ(a, 0xfee00000u);
    CHECK_EQ(d, 0x4041u);
    CHECK_EQ(pcie_msix_read(&m, 0x1004), 0);
    CHECK_EQ(pcie_msix_fire(&m, 40, &a, &d), PCIE_MSIX_EBUSY);
    CHECK_EQ(pcie_msix_answer(&m, 1), PCIE_MSIX_OK);        /* failed: pending again */
    CHECK_EQ(pcie_msix_read(&m, 0x1004), 1u << 8);
    CHECK_EQ(pcie_msix_answer(&m, 0), PCIE_MSIX_ENOFLIGHT);
    CHECK_EQ(pcie_msix_fire(&m, 40, &a, &d), PCIE_MSIX_OK);
    CHECK_EQ(pcie_msix_answer(&m, 0), PCIE_MSIX_OK);
    CHECK_EQ(m.st[PCIE_MSIX_ST_INT], 2);
    CHECK_EQ(m.st[PCIE_MSIX_ST_SENT], 1);
    CHECK_EQ(m.st[PCIE_MSIX_ST_FAIL], 1);
    CHECK(!pcie_msix_eligible(&m));
}

int main(void)
{
    static const struct tt_case cases[] = {{"reset", t_reset}, {"table", t_table}, {"send", t_send}};
    TT_RUN(cases);
}
