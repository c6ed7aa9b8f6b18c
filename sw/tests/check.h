/* check.h - minimal assertion counting for the sw/ unit tests (each failure printed with the
 * behaviour id of note 004 §6 it belongs to). */
#ifndef GB_CHECK_H
#define GB_CHECK_H
#include <stdio.h>
static int chk_fail, chk_pass;
#define CHECK(t, cond) do { if (cond) chk_pass++; else { chk_fail++; \
    fprintf(stderr, "FAIL %s %s:%d: %s\n", t, __FILE__, __LINE__, #cond); } } while (0)
#define CHECK_EQ(t, a, b) do { unsigned long long a_ = (unsigned long long)(a), \
    b_ = (unsigned long long)(b); if (a_ == b_) chk_pass++; else { chk_fail++; \
    fprintf(stderr, "FAIL %s %s:%d: %s = 0x%llx, expected %s = 0x%llx\n", t, __FILE__, \
            __LINE__, #a, a_, #b, b_); } } while (0)
#define CHECK_DONE(name) do { printf("%s: %d checks passed, %d failed\n", name, chk_pass, \
    chk_fail); return chk_fail ? 1 : 0; } while (0)
#endif
