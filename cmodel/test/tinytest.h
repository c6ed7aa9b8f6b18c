/*
 * tinytest.h - minimal unit-test runner for the C models (C11, header only).
 *
 * A test is a `static void name(void)`; checks inside it use CHECK / CHECK_EQ. A test passes
 * when none of its checks failed. TT_RUN(list) runs every test, prints one line per failed
 * check (file:line, test, expression, values in hex), "FAIL <test>" per failed test and the
 * closing line "N passed, N failed" (ARCHITECTURE.md), and returns the process exit status
 * (0 when every test passed).
 */
#ifndef CMODEL_TEST_TINYTEST_H
#define CMODEL_TEST_TINYTEST_H

#include <stdio.h>

struct tt_case {
    const char *name;
    void (*fn)(void);
};

static const char *tt_cur = "";
static unsigned tt_fails;

#define CHECK(cond)                                                                           \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "%s:%d: %s: CHECK(%s) failed\n", __FILE__, __LINE__, tt_cur,      \
                    #cond);                                                                   \
            tt_fails++;                                                                       \
        }                                                                                     \
    } while (0)

#define CHECK_EQ(a, b)                                                                        \
    do {                                                                                      \
        unsigned long long tt_a = (unsigned long long)(a), tt_b = (unsigned long long)(b);    \
        if (tt_a != tt_b) {                                                                   \
            fprintf(stderr, "%s:%d: %s: CHECK_EQ(%s, %s) failed: 0x%llx != 0x%llx\n",         \
                    __FILE__, __LINE__, tt_cur, #a, #b, tt_a, tt_b);                          \
            tt_fails++;                                                                       \
        }                                                                                     \
    } while (0)

#define TT_CASE(fn) { #fn, fn }

static int tt_run(const struct tt_case *cases, unsigned n)
{
    unsigned passed = 0, failed = 0;
    for (unsigned i = 0; i < n; i++) {
        tt_cur = cases[i].name;
        tt_fails = 0;
        cases[i].fn();
        if (tt_fails) {
            failed++;
            printf("FAIL %s (%u checks)\n", cases[i].name, tt_fails);
        } else {
            passed++;
        }
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}

#define TT_RUN(list) tt_run((list), (unsigned)(sizeof(list) / sizeof((list)[0])))

#endif /* CMODEL_TEST_TINYTEST_H */
