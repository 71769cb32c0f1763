/*
 * test_rouge.c: C host tests for librouge, through the C ABI of include/rouge.h only.
 *
 * Every exported function and every status code is exercised. Expected scores come from
 * independent references, never from the library's own output:
 *   - small cases worked out by hand (the arithmetic is written next to each value);
 *   - the seed cases of ../shared/conformance/seed_examples.jsonl (rouge-score 0.1.2 for the
 *     text cases, the independent plain-DP refimpl.py for the token-id cases), and one real
 *     multi-reference pair of real_rouge_score.jsonl / real_rouge155.jsonl (rouge-score 0.1.2
 *     and ROUGE-1.5.5.pl output), copied here with the id of the case they come from;
 *   - XL-Sum's multilingual ROUGE: cases of ../shared/multilingual/cases.jsonl (the XL-Sum
 *     scorer's output), bit for bit, in test_xlsum.c (included below, before main).
 * Every error path also checks that the outputs were left untouched (sentinel bytes + memcmp).
 *
 * C99 + POSIX (threads, mmap). Build and run with `make -C ffi-tests/c test` (see the Makefile
 * for the asan, valgrind, cxx and all targets). Prints one line per failing check (file:line),
 * one line per failing test, and finally exactly "N passed, M failed" (N, M count tests); the
 * exit status is non-zero when M > 0.
 */
#include "rouge.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if ROUGE_ABI_VERSION != 2
#error "these tests were written for ROUGE_ABI_VERSION 2"
#endif

/* ------------------------------------------------------------------------------------------ */
/* Driver                                                                                      */
/* ------------------------------------------------------------------------------------------ */

static unsigned long g_checks;        /* checks run */
static unsigned long g_check_failures; /* checks failed */
static int g_tests_passed, g_tests_failed;

static void check_at(int ok, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    g_checks++;
    if (ok) {
        return;
    }
    g_check_failures++;
    printf("%s:%d: check failed: ", file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

static double absd(double x) { return x < 0 ? -x : x; }

#define CHECK(cond) check_at((cond) != 0, __FILE__, __LINE__, "%s", #cond)

#define CHECK_STATUS(expected, call)                                                            \
    do {                                                                                        \
        rouge_status got_ = (call);                                                             \
        check_at(got_ == (rouge_status)(expected), __FILE__, __LINE__,                         \
                 "%s returned %u (%s), expected %s", #call, (unsigned)got_,                     \
                 rouge_status_str(got_), #expected);                                            \
    } while (0)

#define CHECK_NEAR(got, want, tol)                                                              \
    do {                                                                                        \
        double g_ = (got), w_ = (want);                                                         \
        check_at(absd(g_ - w_) <= (tol), __FILE__, __LINE__, "%s = %.17g, expected %.17g", #got, \
                 g_, w_);                                                                       \
    } while (0)

/* P, R, F of a result against expected values. */
#define CHECK_PRF(res, p, r, f, tol)                                                            \
    do {                                                                                        \
        CHECK_NEAR((res).score.precision, (p), (tol));                                          \
        CHECK_NEAR((res).score.recall, (r), (tol));                                             \
        CHECK_NEAR((res).score.fmeasure, (f), (tol));                                           \
    } while (0)

#define CHECK_COUNTS(res, h, rt, ct)                                                            \
    do {                                                                                        \
        CHECK_NEAR((res).counts.hit, (h), 0.0);                                                 \
        CHECK_NEAR((res).counts.reference_total, (rt), 0.0);                                    \
        CHECK_NEAR((res).counts.candidate_total, (ct), 0.0);                                    \
    } while (0)

static void run_test(const char *name, void (*fn)(void))
{
    unsigned long before = g_check_failures;
    fn();
    if (g_check_failures == before) {
        g_tests_passed++;
    } else {
        g_tests_failed++;
        printf("FAIL %s\n", name);
    }
}

#define RUN(fn) run_test(#fn, fn)

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Tolerances: exact rational results computed in double differ by at most a few ulps. */
#define TOL 1e-12
#define TOL_SEED 1e-9

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

#define SENTINEL_BYTE 0xA5

static void fill_sentinel(void *p, size_t n)
{
    if (n > 0) {
        memset(p, SENTINEL_BYTE, n);
    }
}

/* True when the n bytes at p still hold the sentinel pattern (memcmp against a reference). */
static int is_sentinel(const void *p, size_t n)
{
    unsigned char ref[256];
    const unsigned char *b = (const unsigned char *)p;
    memset(ref, SENTINEL_BYTE, sizeof ref);
    while (n > 0) {
        size_t k = n < sizeof ref ? n : sizeof ref;
        if (memcmp(b, ref, k) != 0) {
            return 0;
        }
        b += k;
        n -= k;
    }
    return 1;
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n > 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* A heap scratch of exactly `words` words (NULL for 0), so ASAN and valgrind see any overrun. */
static uint64_t *scratch_alloc(size_t words)
{
    return words > 0 ? (uint64_t *)xmalloc(words * sizeof(uint64_t)) : NULL;
}

static rouge_summary summary(const uint32_t *tokens, size_t len, const size_t *ends, size_t n_ends)
{
    rouge_summary s;
    s.tokens = tokens;
    s.len = len;
    s.sentence_ends = ends;
    s.sentence_count = n_ends;
    return s;
}

static rouge_metric metric_at(const char *name, const char *file, int line)
{
    rouge_metric m;
    rouge_status s;
    memset(&m, 0, sizeof m);
    s = rouge_metric_parse(name, strlen(name), &m);
    check_at(s == ROUGE_OK, file, line, "rouge_metric_parse(\"%s\"): %s", name, rouge_status_str(s));
    return m;
}

#define METRIC(name) metric_at((name), __FILE__, __LINE__)

static rouge_metric make_metric(uint32_t kind, uint32_t n, int64_t skip, double weight)
{
    rouge_metric m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.n = n;
    m.skip = skip;
    m.weight = weight;
    return m;
}

static rouge_options options_at(uint32_t flavour, const char *file, int line)
{
    rouge_options o;
    rouge_status s;
    memset(&o, 0, sizeof o);
    s = rouge_options_init(flavour, &o);
    check_at(s == ROUGE_OK, file, line, "rouge_options_init(%u): %s", (unsigned)flavour, rouge_status_str(s));
    return o;
}

#define OPTIONS(flavour) options_at((flavour), __FILE__, __LINE__)

/*
 * Scores with a scratch of exactly the size rouge_dims_of + rouge_scratch_words answer, filled
 * with garbage (the library must not rely on zeroed scratch). First checks that one word less
 * is refused with ROUGE_ERR_SCRATCH_TOO_SMALL and leaves `out` untouched.
 */
static rouge_status score_at(const rouge_summary *cand, const rouge_summary *refs, size_t n_refs,
                             const rouge_metric *metrics, size_t n_metrics, const rouge_options *opts,
                             rouge_result *out, const char *file, int line)
{
    rouge_dims dims;
    size_t words = 0;
    uint64_t *scratch;
    rouge_status s = rouge_dims_of(cand, refs, n_refs, &dims);
    if (s != ROUGE_OK) {
        return s;
    }
    s = rouge_scratch_words(metrics, n_metrics, opts, &dims, &words);
    if (s != ROUGE_OK) {
        return s;
    }
    if (words > 0) {
        uint64_t *small = scratch_alloc(words - 1);
        fill_sentinel(out, n_metrics * sizeof *out);
        s = rouge_score_pair(cand, refs, n_refs, metrics, n_metrics, opts, small, words - 1, out);
        check_at(s == ROUGE_ERR_SCRATCH_TOO_SMALL, file, line,
                 "scratch of %lu words (one less than asked) gave %s", (unsigned long)(words - 1),
                 rouge_status_str(s));
        check_at(is_sentinel(out, n_metrics * sizeof *out), file, line,
                 "out written by a call that failed (scratch too small)");
        free(small);
    }
    scratch = scratch_alloc(words);
    if (words > 0) {
        memset(scratch, 0xCD, words * sizeof *scratch);
    }
    s = rouge_score_pair(cand, refs, n_refs, metrics, n_metrics, opts, scratch, words, out);
    free(scratch);
    return s;
}

#define SCORE(cand, refs, n_refs, metrics, n_metrics, opts, out)                                \
    score_at((cand), (refs), (n_refs), (metrics), (n_metrics), (opts), (out), __FILE__, __LINE__)

/* Zero the compiler cannot fold, to make NaN and infinity at run time without <math.h>. */
static volatile double g_zero = 0.0;

/* A big, 8-aligned scratch for the error tests whose subject is not the scratch. */
static uint64_t g_big_scratch[1 << 14];

/* ------------------------------------------------------------------------------------------ */
/* Fixtures                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* Hand case A: candidate [1 2 3 4], reference [1 2 5]. */
static const uint32_t A_CAND[] = {1, 2, 3, 4};
static const uint32_t A_REF[] = {1, 2, 5};
/* A second reference for the multi-reference cases. */
static const uint32_t A_REF2[] = {3, 9};

/* seed-union-lcs (refimpl.py): r = [A B C D], candidate sentences c1 = [A B E], c2 = [A C F]. */
static const uint32_t U_CAND[] = {1, 2, 5, 1, 3, 6};
static const size_t U_CAND_ENDS[] = {3, 6};
static const uint32_t U_REF[] = {1, 2, 3, 4};
static const size_t U_REF_ENDS[] = {4};

/* ------------------------------------------------------------------------------------------ */
/* ABI, version, status strings                                                                */
/* ------------------------------------------------------------------------------------------ */

/* The struct layout the tests (and every host) rely on, checked at compile time (C99 idiom). */
#define STATIC_ASSERT(name, cond) typedef char static_assert_##name[(cond) ? 1 : -1]
STATIC_ASSERT(options_size, sizeof(rouge_options) == 4 * sizeof(uint32_t) + sizeof(double));
STATIC_ASSERT(options_alpha, offsetof(rouge_options, alpha) == 16);
STATIC_ASSERT(metric_size, sizeof(rouge_metric) == 24);
STATIC_ASSERT(metric_skip, offsetof(rouge_metric, skip) == 8);
STATIC_ASSERT(metric_weight, offsetof(rouge_metric, weight) == 16);
STATIC_ASSERT(summary_size, sizeof(rouge_summary) == 2 * sizeof(void *) + 2 * sizeof(size_t));
STATIC_ASSERT(result_size, sizeof(rouge_result) == 6 * sizeof(double));
STATIC_ASSERT(result_counts, offsetof(rouge_result, counts) == 3 * sizeof(double));
STATIC_ASSERT(dims_size, sizeof(rouge_dims) == 5 * sizeof(size_t));
STATIC_ASSERT(batch_size, sizeof(rouge_batch) == 4 * sizeof(void *) + 4 * sizeof(size_t));
STATIC_ASSERT(str_size, sizeof(rouge_str) == sizeof(void *) + sizeof(size_t));

static void test_abi_version_matches_header(void)
{
    CHECK(rouge_abi_version() == ROUGE_ABI_VERSION);
}

static void test_version_string_matches_header(void)
{
    char expected[64];
    const char *v = rouge_version();
    CHECK(v != NULL);
    if (v == NULL) {
        return;
    }
    CHECK(strcmp(v, ROUGE_VERSION_STRING) == 0);
    /* The three number macros must agree with the string macro (and hence with the library). */
    snprintf(expected, sizeof expected, "%d.%d.%d", ROUGE_VERSION_MAJOR, ROUGE_VERSION_MINOR,
             ROUGE_VERSION_PATCH);
    CHECK(strcmp(v, expected) == 0);
    CHECK(rouge_version() == v); /* static storage: the same string every time */
}

static void test_status_codes_and_strings(void)
{
    static const rouge_status codes[] = {
        ROUGE_OK,
        ROUGE_ERR_NULL_POINTER,
        ROUGE_ERR_SCRATCH_TOO_SMALL,
        ROUGE_ERR_SCRATCH_MISALIGNED,
        ROUGE_ERR_INVALID_ARGUMENT,
        ROUGE_ERR_INPUT_TOO_LONG,
        ROUGE_ERR_OUTPUT_TOO_SMALL,
        ROUGE_ERR_INVALID_UTF8,
        ROUGE_ERR_EMBEDDED_NUL,
    };
    static const rouge_status unknown[] = {9, 10, 100, 0x7FFFFFFFu, 0xFFFFFFFFu};
    size_t i, j;
    CHECK(ROUGE_OK == 0);
    for (i = 0; i < COUNT(codes); i++) {
        const char *s = rouge_status_str(codes[i]);
        check_at(s != NULL, __FILE__, __LINE__, "rouge_status_str(%u) is NULL", (unsigned)codes[i]);
        if (s == NULL) {
            continue;
        }
        check_at(strlen(s) > 0 && strcmp(s, "unknown status") != 0, __FILE__, __LINE__,
                 "rouge_status_str(%u) = \"%s\"", (unsigned)codes[i], s);
        for (j = 0; j < i; j++) {
            CHECK(codes[i] != codes[j]);
            CHECK(strcmp(s, rouge_status_str(codes[j])) != 0);
        }
    }
    for (i = 0; i < COUNT(unknown); i++) {
        const char *s = rouge_status_str(unknown[i]);
        check_at(s != NULL && strcmp(s, "unknown status") == 0, __FILE__, __LINE__,
                 "rouge_status_str(%u) = \"%s\"", (unsigned)unknown[i], s ? s : "(null)");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* rouge_options_init, rouge_metric_parse                                                      */
/* ------------------------------------------------------------------------------------------ */

static void test_options_init_defaults(void)
{
    rouge_options o;
    fill_sentinel(&o, sizeof o);
    CHECK_STATUS(ROUGE_OK, rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &o));
    CHECK(o.flavour == ROUGE_FLAVOUR_ROUGE_SCORE);
    CHECK(o.multi_reference == ROUGE_MULTI_BEST_F);
    CHECK(o.jackknife == 0);
    CHECK(o.round == 0);
    CHECK(o.alpha >= 0.0 && o.alpha <= 1.0);

    fill_sentinel(&o, sizeof o);
    CHECK_STATUS(ROUGE_OK, rouge_options_init(ROUGE_FLAVOUR_PERL, &o));
    CHECK(o.flavour == ROUGE_FLAVOUR_PERL);
    CHECK(o.multi_reference == ROUGE_MULTI_PERL_A);
    CHECK(o.jackknife == 0);
    CHECK(o.round != 0);
    CHECK(o.alpha == 0.5);
}

static void test_options_init_errors_leave_output_untouched(void)
{
    rouge_options o;
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, NULL));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_options_init(ROUGE_FLAVOUR_PERL, NULL));
    fill_sentinel(&o, sizeof o);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_options_init(2, &o));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_options_init(0xFFFFFFFFu, &o));
    CHECK(is_sentinel(&o, sizeof o));
}

static void test_metric_parse_names(void)
{
    static const struct {
        const char *name;
        uint32_t kind;
        uint32_t n;      /* N only */
        int64_t skip;    /* S/SU only; -1 stands for "negative" (unlimited) */
        double weight;   /* W only */
    } cases[] = {
        {"rouge1", ROUGE_METRIC_N, 1, 0, 0},
        {"rouge2", ROUGE_METRIC_N, 2, 0, 0},
        {"rouge4", ROUGE_METRIC_N, 4, 0, 0},
        {"rouge12", ROUGE_METRIC_N, 12, 0, 0},
        {"ROUGE-1", ROUGE_METRIC_N, 1, 0, 0},
        {"Rouge3", ROUGE_METRIC_N, 3, 0, 0},
        {"rougeL", ROUGE_METRIC_L, 0, 0, 0},
        {"ROUGE-L", ROUGE_METRIC_LSUM, 0, 0, 0}, /* ROUGE-1.5.5 spelling: its ROUGE-L is summary-level */
        {"rougeLsum", ROUGE_METRIC_LSUM, 0, 0, 0},
        {"rougeW-1.2", ROUGE_METRIC_W, 0, 0, 1.2},
        {"ROUGE-W-1.2", ROUGE_METRIC_W, 0, 0, 1.2},
        {"rougeW-1.5", ROUGE_METRIC_W, 0, 0, 1.5},
        {"rougeS4", ROUGE_METRIC_S, 0, 4, 0},
        {"rougeS0", ROUGE_METRIC_S, 0, 0, 0},
        {"ROUGE-S4", ROUGE_METRIC_S, 0, 4, 0},
        {"rougeS*", ROUGE_METRIC_S, 0, -1, 0},
        {"rougeSU4", ROUGE_METRIC_SU, 0, 4, 0},
        {"ROUGE-SU*", ROUGE_METRIC_SU, 0, -1, 0},
        {"rougeSU*", ROUGE_METRIC_SU, 0, -1, 0},
    };
    size_t i;
    for (i = 0; i < COUNT(cases); i++) {
        rouge_metric m;
        rouge_status s;
        fill_sentinel(&m, sizeof m);
        s = rouge_metric_parse(cases[i].name, strlen(cases[i].name), &m);
        check_at(s == ROUGE_OK, __FILE__, __LINE__, "rouge_metric_parse(\"%s\"): %s", cases[i].name,
                 rouge_status_str(s));
        if (s != ROUGE_OK) {
            continue;
        }
        check_at(m.kind == cases[i].kind, __FILE__, __LINE__, "\"%s\": kind %u", cases[i].name,
                 (unsigned)m.kind);
        if (m.kind == ROUGE_METRIC_N) {
            check_at(m.n == cases[i].n, __FILE__, __LINE__, "\"%s\": n %u", cases[i].name, (unsigned)m.n);
        }
        if (m.kind == ROUGE_METRIC_S || m.kind == ROUGE_METRIC_SU) {
            int ok = cases[i].skip < 0 ? m.skip < 0 : m.skip == cases[i].skip;
            check_at(ok, __FILE__, __LINE__, "\"%s\": skip %lld", cases[i].name, (long long)m.skip);
        }
        if (m.kind == ROUGE_METRIC_W) {
            check_at(m.weight == cases[i].weight, __FILE__, __LINE__, "\"%s\": weight %g", cases[i].name,
                     m.weight);
        }
    }
    {
        /* The name is (pointer, length): no NUL needed, bytes past the length are not read. */
        rouge_metric m;
        CHECK_STATUS(ROUGE_OK, rouge_metric_parse("rougeLsum", 6, &m)); /* "rougeL" */
        CHECK(m.kind == ROUGE_METRIC_L);
        CHECK_STATUS(ROUGE_OK, rouge_metric_parse("rouge2XYZ", 6, &m)); /* "rouge2" */
        CHECK(m.kind == ROUGE_METRIC_N && m.n == 2);
    }
}

static void test_metric_parse_errors_leave_output_untouched(void)
{
    static const char *const bad[] = {
        "", "rouge", "rouge0", "rougeX", "bleu", "rouge-", "rougeW-0.5", "rougeW-abc", "rougeS", "rougeSU",
        "rougeS-1", "rouge1x", "rougeL sum", "xrouge1",
        /* a multi-byte character across byte 5 once aborted the process */
        "roug\xc3\xa9", "roug\xc3\xa9L", "rou\xe2\x82\xac" "1", "rougeL\xc3\xa9", "\xf0\x9f\x98\x80\xf0\x9f\x98\x80",
    };
    rouge_metric m;
    size_t i;
    fill_sentinel(&m, sizeof m);
    for (i = 0; i < COUNT(bad); i++) {
        rouge_status s = rouge_metric_parse(bad[i], strlen(bad[i]), &m);
        check_at(s == ROUGE_ERR_INVALID_ARGUMENT, __FILE__, __LINE__, "rouge_metric_parse(\"%s\") gave %s",
                 bad[i], rouge_status_str(s));
    }
    /* (NULL, 0) is an empty name: accepted as input, refused as a name. */
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_metric_parse(NULL, 0, &m));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_metric_parse(NULL, 6, &m));
    CHECK(is_sentinel(&m, sizeof m));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_metric_parse("rouge1", 6, NULL));
}

/* ------------------------------------------------------------------------------------------ */
/* rouge_dims_of, rouge_scratch_words                                                          */
/* ------------------------------------------------------------------------------------------ */

static void test_dims_of_values(void)
{
    /* Candidate: seed-union-lcs, sentences of 3 and 3 tokens. References: [1 2 3 4] (one
     * sentence of 4) and [1 2 5 9 9 9 9] split as [1 2] [5 9 9 9 9] (longest sentence 5). */
    static const uint32_t ref2[] = {1, 2, 5, 9, 9, 9, 9};
    static const size_t ref2_ends[] = {2};
    rouge_summary cand = summary(U_CAND, 6, U_CAND_ENDS, 2);
    rouge_summary refs[2];
    rouge_dims d;
    refs[0] = summary(U_REF, 4, U_REF_ENDS, 1);
    refs[1] = summary(ref2, 7, ref2_ends, 1);
    fill_sentinel(&d, sizeof d);
    CHECK_STATUS(ROUGE_OK, rouge_dims_of(&cand, refs, 2, &d));
    CHECK(d.reference_count == 2);
    CHECK(d.candidate_len == 6);
    CHECK(d.reference_len == 7);
    CHECK(d.candidate_sentence_len == 3);
    CHECK(d.reference_sentence_len == 5);

    /* No sentence ends: the whole text is one sentence. (NULL, 0) references: count 0. */
    cand = summary(A_CAND, 4, NULL, 0);
    fill_sentinel(&d, sizeof d);
    CHECK_STATUS(ROUGE_OK, rouge_dims_of(&cand, NULL, 0, &d));
    CHECK(d.reference_count == 0);
    CHECK(d.candidate_len == 4);
    CHECK(d.candidate_sentence_len == 4);
    CHECK(d.reference_len == 0);
    CHECK(d.reference_sentence_len == 0);
}

static void test_dims_of_errors_leave_output_untouched(void)
{
    static const size_t unordered[] = {3, 1};
    static const size_t past_end[] = {5};
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    rouge_summary bad;
    rouge_dims d;
    fill_sentinel(&d, sizeof d);

    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_dims_of(NULL, &ref, 1, &d));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_dims_of(&cand, NULL, 1, &d));
    bad = summary(NULL, 4, NULL, 0);
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_dims_of(&bad, &ref, 1, &d));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_dims_of(&cand, &bad, 1, &d));
    bad = summary(A_CAND, 4, NULL, 1);
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_dims_of(&bad, &ref, 1, &d));
    /* Sizes that would overflow are refused before anything is read. */
    bad = summary(A_CAND, SIZE_MAX / 2, NULL, 0);
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_dims_of(&bad, &ref, 1, &d));
    bad = summary(A_CAND, 4, past_end, SIZE_MAX / 4);
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_dims_of(&bad, &ref, 1, &d));
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_dims_of(&cand, &ref, SIZE_MAX / 2, &d));
    CHECK(is_sentinel(&d, sizeof d));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_dims_of(&cand, &ref, 1, NULL));

    /* Sentence ends out of order or past the end are refused, and dims stay untouched. */
    bad = summary(A_CAND, 4, unordered, 2);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_dims_of(&bad, &ref, 1, &d));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_dims_of(&cand, &bad, 1, &d));
    bad = summary(A_CAND, 4, past_end, 1);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_dims_of(&bad, &ref, 1, &d));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_dims_of(&cand, &bad, 1, &d));
    CHECK(is_sentinel(&d, sizeof d));
}

static void test_scratch_words_errors_leave_output_untouched(void)
{
    rouge_metric m = METRIC("rouge1");
    rouge_metric bad_m;
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_options bad_o;
    rouge_dims d, bad_d;
    size_t words;
    memset(&d, 0, sizeof d);
    d.reference_count = 1;
    d.candidate_len = d.candidate_sentence_len = 4;
    d.reference_len = d.reference_sentence_len = 3;
    fill_sentinel(&words, sizeof words);

    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_scratch_words(&m, 1, &o, &d, NULL));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_scratch_words(NULL, 1, &o, &d, &words));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_scratch_words(&m, 1, NULL, &d, &words));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_scratch_words(&m, 1, &o, NULL, &words));

    bad_m = make_metric(0, 1, 0, 0); /* unknown kind */
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&bad_m, 1, &o, &d, &words));
    bad_m = make_metric(7, 1, 0, 0);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&bad_m, 1, &o, &d, &words));
    bad_m = make_metric(ROUGE_METRIC_N, 0, 0, 0); /* n = 0 */
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&bad_m, 1, &o, &d, &words));
    bad_m = make_metric(ROUGE_METRIC_W, 0, 0, 0.999); /* weight < 1 */
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&bad_m, 1, &o, &d, &words));

    bad_o = o;
    bad_o.alpha = 1.5;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&m, 1, &bad_o, &d, &words));
    bad_o.alpha = -0.25;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&m, 1, &bad_o, &d, &words));
    bad_o = o;
    bad_o.flavour = 2;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&m, 1, &bad_o, &d, &words));
    bad_o = o;
    bad_o.multi_reference = 3;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(&m, 1, &bad_o, &d, &words));

    /* Lengths above ROUGE_MAX_INPUT_LEN, and sizes whose computation would overflow. */
    bad_d = d;
    bad_d.candidate_len = (size_t)ROUGE_MAX_INPUT_LEN + 1;
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_scratch_words(&m, 1, &o, &bad_d, &words));
    bad_d = d;
    bad_d.reference_len = SIZE_MAX;
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_scratch_words(&m, 1, &o, &bad_d, &words));
    bad_d = d;
    bad_d.reference_count = SIZE_MAX / 2;
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_scratch_words(&m, 1, &o, &bad_d, &words));
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_scratch_words(&m, SIZE_MAX / 2, &o, &d, &words));
    CHECK(is_sentinel(&words, sizeof words));

    /* (NULL, 0) metrics are accepted. */
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(NULL, 0, &o, &d, &words));
}

static void test_scratch_words_grow_with_dims(void)
{
    rouge_metric ms[3];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_dims small, large;
    size_t w_small = 0, w_large = 0;
    ms[0] = METRIC("rouge2");
    ms[1] = METRIC("rougeLsum");
    ms[2] = METRIC("rougeSU4");
    memset(&small, 0, sizeof small);
    small.reference_count = 1;
    small.candidate_len = small.candidate_sentence_len = 10;
    small.reference_len = small.reference_sentence_len = 10;
    large = small;
    large.reference_count = 3;
    large.candidate_len = large.candidate_sentence_len = 1000;
    large.reference_len = large.reference_sentence_len = 900;
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(ms, 3, &o, &small, &w_small));
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(ms, 3, &o, &large, &w_large));
    CHECK(w_small > 0);
    CHECK(w_large > w_small);
}

/* ------------------------------------------------------------------------------------------ */
/* rouge_score: values                                                                         */
/* ------------------------------------------------------------------------------------------ */

static void test_score_hand_case_rouge_score_flavour(void)
{
    /*
     * Candidate [1 2 3 4], reference [1 2 5], rouge-score flavour, F = 2PR/(P+R).
     * rouge1: unigram hits {1, 2} = 2; P = 2/4, R = 2/3, F = 2(1/2)(2/3)/(1/2 + 2/3) = 4/7.
     * rouge2: bigrams {12 23 34} vs {12 25}: 1 hit; P = 1/3, R = 1/2, F = (1/3)/(5/6) = 2/5.
     * rouge3: trigrams {123 234} vs {125}: 0 hits -> 0, 0, 0.
     * rougeL: LCS [1 2] = 2 -> as rouge1.
     * rougeW-1.2 (Lin 2004): one consecutive run of 2, WLCS = 2^1.2;
     *   R = (2^1.2 / 3^1.2)^(1/1.2) = 2/3, P = (2^1.2 / 4^1.2)^(1/1.2) = 1/2, F = 4/7.
     * rougeS0 (adjacent pairs only) = the bigrams: 1/3, 1/2, 2/5.
     * rougeS*: candidate pairs C(4,2) = 6 {12 13 14 23 24 34}, reference pairs 3 {12 15 25},
     *   1 hit; P = 1/6, R = 1/3, F = 2(1/18)/(1/2) = 2/9.
     * rougeSU*: S* plus every unigram: hits 1 + 2 = 3, candidate 6 + 4 = 10, reference
     *   3 + 3 = 6; P = 3/10, R = 1/2, F = 2(3/20)/(4/5) = 3/8.
     */
    static const char *const names[] = {"rouge1", "rouge2", "rouge3", "rougeL", "rougeW-1.2", "rougeS0",
                                        "rougeS*", "rougeSU*"};
    static const double want[][3] = {
        {2.0 / 4, 2.0 / 3, 4.0 / 7}, {1.0 / 3, 1.0 / 2, 2.0 / 5}, {0, 0, 0},
        {2.0 / 4, 2.0 / 3, 4.0 / 7}, {1.0 / 2, 2.0 / 3, 4.0 / 7}, {1.0 / 3, 1.0 / 2, 2.0 / 5},
        {1.0 / 6, 1.0 / 3, 2.0 / 9}, {3.0 / 10, 1.0 / 2, 3.0 / 8},
    };
    rouge_metric ms[COUNT(names)];
    rouge_result out[COUNT(names)];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    size_t i;
    for (i = 0; i < COUNT(names); i++) {
        ms[i] = METRIC(names[i]);
    }
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, ms, COUNT(ms), &o, out));
    for (i = 0; i < COUNT(names); i++) {
        check_at(absd(out[i].score.precision - want[i][0]) <= TOL &&
                     absd(out[i].score.recall - want[i][1]) <= TOL &&
                     absd(out[i].score.fmeasure - want[i][2]) <= TOL,
                 __FILE__, __LINE__, "%s: got P %.17g R %.17g F %.17g, want %.17g %.17g %.17g", names[i],
                 out[i].score.precision, out[i].score.recall, out[i].score.fmeasure, want[i][0], want[i][1],
                 want[i][2]);
    }
    /* Counts: rouge1 hit 2 of reference 3 and candidate 4; rougeS* 1 of 3 and 6; SU* 3, 6, 10. */
    CHECK_COUNTS(out[0], 2, 3, 4);
    CHECK_COUNTS(out[1], 1, 2, 3);
    CHECK_COUNTS(out[6], 1, 3, 6);
    CHECK_COUNTS(out[7], 3, 6, 10);
}

static void test_score_hand_case_rouge_w_two_runs(void)
{
    /*
     * Reference [1 2 3 4], candidate [1 2 9 3 4], ROUGE-W-1.2 (Lin 2004, rouge-score flavour).
     * WLCS: runs [1 2] and [3 4] (the 9 breaks the run), 2 * f(2) = 2 * 2^1.2.
     * R = (2 * 2^1.2 / 4^1.2)^(1/1.2) = (2^(1 + 1.2 - 2.4))^(1/1.2) = 2^(-1/6) = 0.8908987181403393
     * P = (2 * 2^1.2 / 5^1.2)^(1/1.2) = 2^(2.2/1.2) / 5 = 2^(11/6) / 5 = 0.7127189745122714
     * F = 2PR/(P+R) = 0.7919099716803016 (evaluated with a calculator from the closed forms).
     * rougeL on the same pair: LCS 4; P = 4/5, R = 1, F = 2(4/5)/(9/5) = 8/9.
     * rougeW-1.0: f(k) = k makes Lin's WLCS the LCS (each match adds f(k+1) - f(k) = 1), so
     *   W-1.0 = rougeL: 4/5, 1, 8/9.
     */
    static const uint32_t ref_t[] = {1, 2, 3, 4};
    static const uint32_t cand_t[] = {1, 2, 9, 3, 4};
    rouge_metric ms[3];
    rouge_result out[3];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(cand_t, 5, NULL, 0);
    rouge_summary ref = summary(ref_t, 4, NULL, 0);
    ms[0] = METRIC("rougeW-1.2");
    ms[1] = METRIC("rougeL");
    ms[2] = METRIC("rougeW-1.0");
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, ms, 3, &o, out));
    CHECK_PRF(out[0], 0.7127189745122714, 0.8908987181403393, 0.7919099716803016, TOL);
    CHECK_PRF(out[1], 4.0 / 5, 1.0, 8.0 / 9, TOL);
    CHECK_PRF(out[2], 4.0 / 5, 1.0, 8.0 / 9, TOL);
}

static void test_score_perl_rouge_w_hand_case(void)
{
    /*
     * ROUGE-1.5.5's ROUGE-W-1.2 (see ../shared/conformance/README.md): the hit is summed over
     * the runs of the union LCS mask in the reference sentence, the recall weights the
     * reference length twice, R = (hit / f(f(m)))^(1/1.2), P = (hit / f(n))^(1/1.2).
     * Reference [1 2 3 4] (m = 4, one sentence), candidate [1 2 9 3 4] (n = 5): the LCS covers
     * the whole reference, one run of 4: hit = f(4) = 4^1.2.
     *   R = (4^1.2 / 4^1.44)^(1/1.2) = 4^(-0.2) = 0.757858... -> 0.75786
     *   P = (4^1.2 / 5^1.2)^(1/1.2) = 4/5 -> 0.80000
     *   F = 0.8 * 0.75786 / (0.4 + 0.37893) = 0.606288 / 0.77893 = 0.7783600... -> 0.77836
     */
    static const uint32_t ref_t[] = {1, 2, 3, 4};
    static const uint32_t cand_t[] = {1, 2, 9, 3, 4};
    rouge_metric m = METRIC("ROUGE-W-1.2");
    rouge_result out;
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_PERL);
    rouge_summary cand = summary(cand_t, 5, NULL, 0);
    rouge_summary ref = summary(ref_t, 4, NULL, 0);
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, &m, 1, &o, &out));
    CHECK_PRF(out, 0.8, 0.75786, 0.77836, 0.0);
}

static const char *const SEED_ID_METRICS[12] = {
    "rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum",
    "rougeW-1.2", "rougeS0", "rougeS1", "rougeS4", "rougeS*", "rougeSU4",
};

struct id_case {
    const char *id;
    const uint32_t *cand;
    size_t cand_len;
    const size_t *cand_ends;
    size_t cand_n_ends;
    const uint32_t *ref;
    size_t ref_len;
    const size_t *ref_ends;
    size_t ref_n_ends;
    double expected[12][3]; /* P, R, F per SEED_ID_METRICS */
};

static const uint32_t W_CAND[] = {88, 89, 90, 65, 66, 67, 68, 69, 70};
static const uint32_t W_REF[] = {65, 66, 67, 88, 89, 90, 68, 69, 70};
static const size_t W_ENDS[] = {9};
static const uint32_t HAT[] = {1, 2, 3, 4};
static const size_t HAT_ENDS[] = {4};

/* From ../shared/conformance/seed_examples.jsonl (tool: refimpl.py, F = 2PR/(P+R)). */
static const struct id_case SEED_ID_CASES[] = {
    {"seed-union-lcs", U_CAND, 6, U_CAND_ENDS, 2, U_REF, 4, U_REF_ENDS, 1, {
        {0.5, 0.75, 0.6}, /* rouge1 */
        {0.2, 0.3333333333333333, 0.25}, /* rouge2 */
        {0.0, 0.0, 0.0}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {0.5, 0.75, 0.6}, /* rougeL */
        {0.5, 0.75, 0.6}, /* rougeLsum */
        {0.4504619195807666, 0.67569287937115, 0.5405543034969199}, /* rougeW-1.2 */
        {0.2, 0.3333333333333333, 0.25}, /* rougeS0 */
        {0.2222222222222222, 0.4, 0.2857142857142857}, /* rougeS1 */
        {0.2, 0.5, 0.28571428571428575}, /* rougeS4 */
        {0.2, 0.5, 0.28571428571428575}, /* rougeS* */
        {0.2857142857142857, 0.6, 0.3870967741935483}, /* rougeSU4 */
    }},
    {"seed-wlcs", W_CAND, 9, W_ENDS, 1, W_REF, 9, W_ENDS, 1, {
        {1.0, 1.0, 1.0}, /* rouge1 */
        {0.75, 0.75, 0.75}, /* rouge2 */
        {0.42857142857142855, 0.42857142857142855, 0.42857142857142855}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {0.6666666666666666, 0.6666666666666666, 0.6666666666666666}, /* rougeL */
        {0.6666666666666666, 0.6666666666666666, 0.6666666666666666}, /* rougeLsum */
        {0.5939324787602263, 0.5939324787602263, 0.5939324787602263}, /* rougeW-1.2 */
        {0.75, 0.75, 0.75}, /* rougeS0 */
        {0.6, 0.6, 0.6}, /* rougeS1 */
        {0.5, 0.5, 0.5}, /* rougeS4 */
        {0.75, 0.75, 0.75}, /* rougeS* */
        {0.6153846153846154, 0.6153846153846154, 0.6153846153846154}, /* rougeSU4 */
    }},
    {"seed-skip-hat", HAT, 4, HAT_ENDS, 1, HAT, 4, HAT_ENDS, 1, {
        {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, /* rouge1..4 */
        {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, /* rougeL, rougeLsum, rougeW-1.2 */
        {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, /* rougeS0/S1/S4/S* */
        {1.0, 1.0, 1.0}, /* rougeSU4 */
    }},
};

static void test_score_seed_id_cases(void)
{
    rouge_metric ms[12];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    size_t c, i;
    for (i = 0; i < 12; i++) {
        ms[i] = METRIC(SEED_ID_METRICS[i]);
    }
    for (c = 0; c < COUNT(SEED_ID_CASES); c++) {
        const struct id_case *k = &SEED_ID_CASES[c];
        rouge_summary cand = summary(k->cand, k->cand_len, k->cand_ends, k->cand_n_ends);
        rouge_summary ref = summary(k->ref, k->ref_len, k->ref_ends, k->ref_n_ends);
        rouge_result out[12];
        rouge_status s = SCORE(&cand, &ref, 1, ms, 12, &o, out);
        check_at(s == ROUGE_OK, __FILE__, __LINE__, "%s: %s", k->id, rouge_status_str(s));
        if (s != ROUGE_OK) {
            continue;
        }
        for (i = 0; i < 12; i++) {
            const double *e = k->expected[i];
            check_at(absd(out[i].score.precision - e[0]) <= TOL_SEED &&
                         absd(out[i].score.recall - e[1]) <= TOL_SEED &&
                         absd(out[i].score.fmeasure - e[2]) <= TOL_SEED,
                     __FILE__, __LINE__, "%s %s: got P %.17g R %.17g F %.17g, want %.17g %.17g %.17g", k->id,
                     SEED_ID_METRICS[i], out[i].score.precision, out[i].score.recall, out[i].score.fmeasure,
                     e[0], e[1], e[2]);
        }
    }
}

/* Tokenises `n` texts with rouge_tokenize_basic_sizes + rouge_tokenize_basic into caller arrays
 * allocated here (freed by the caller with free_tokenized). */
struct tokenized {
    uint32_t *ids;
    size_t *ends;
    rouge_summary *summaries;
};

static rouge_status tokenize_at(const char *const *texts, size_t n, struct tokenized *t, const char *file,
                                int line)
{
    rouge_str strs[8];
    size_t words = 0, max_tokens = 0, i;
    uint64_t *scratch;
    rouge_status s;
    memset(t, 0, sizeof *t);
    if (n > COUNT(strs)) {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
    for (i = 0; i < n; i++) {
        strs[i].ptr = texts[i];
        strs[i].len = strlen(texts[i]);
    }
    s = rouge_tokenize_basic_sizes(strs, n, &words, &max_tokens);
    check_at(s == ROUGE_OK, file, line, "rouge_tokenize_basic_sizes: %s", rouge_status_str(s));
    if (s != ROUGE_OK) {
        return s;
    }
    t->ids = (uint32_t *)xmalloc(max_tokens * sizeof *t->ids);
    t->ends = (size_t *)xmalloc(max_tokens * sizeof *t->ends);
    t->summaries = (rouge_summary *)xmalloc(n * sizeof *t->summaries);
    scratch = scratch_alloc(words);
    s = rouge_tokenize_basic(strs, n, t->ids, max_tokens, t->ends, max_tokens, t->summaries, scratch, words);
    check_at(s == ROUGE_OK, file, line, "rouge_tokenize_basic: %s", rouge_status_str(s));
    free(scratch);
    return s;
}

#define TOKENIZE(texts, n, t) tokenize_at((texts), (n), (t), __FILE__, __LINE__)

static void free_tokenized(struct tokenized *t)
{
    free(t->ids);
    free(t->ends);
    free(t->summaries);
}

static const char *const SEED_TEXT_METRICS[6] = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum"};

struct text_case {
    const char *id;
    const char *candidate;
    const char *reference;
    double expected[6][3]; /* P, R, F per SEED_TEXT_METRICS */
};

/* From ../shared/conformance/seed_examples.jsonl (tool: rouge-score 0.1.2, use_stemmer false). */
static const struct text_case SEED_TEXT_CASES[] = {
    {"seed-police|rouge-score|stem=False", "police kill the gunman", "police killed the gunman", {
        {0.75, 0.75, 0.75}, /* rouge1 */
        {0.3333333333333333, 0.3333333333333333, 0.3333333333333333}, /* rouge2 */
        {0.0, 0.0, 0.0}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {0.75, 0.75, 0.75}, /* rougeL */
        {0.75, 0.75, 0.75}, /* rougeLsum */
    }},
    {"seed-quick-fox|rouge-score|stem=False", "The quick brown dog jumps on the log.",
     "The quick brown fox jumps over the lazy dog", {
        {0.75, 0.6666666666666666, 0.7058823529411765}, /* rouge1 */
        {0.2857142857142857, 0.25, 0.26666666666666666}, /* rouge2 */
        {0.16666666666666666, 0.14285714285714285, 0.15384615384615383}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {0.625, 0.5555555555555556, 0.5882352941176471}, /* rougeL */
        {0.625, 0.5555555555555556, 0.5882352941176471}, /* rougeLsum */
    }},
    {"seed-lazy-dog|rouge-score|stem=False", "The quick brown fox jumped over the lazy dog.",
     "The lazy dog was jumped over by the quick brown fox.", {
        {1.0, 0.8181818181818182, 0.9}, /* rouge1 */
        {0.75, 0.6, 0.6666666666666665}, /* rouge2 */
        {0.42857142857142855, 0.3333333333333333, 0.375}, /* rouge3 */
        {0.16666666666666666, 0.125, 0.14285714285714288}, /* rouge4 */
        {0.4444444444444444, 0.36363636363636365, 0.39999999999999997}, /* rougeL */
        {0.4444444444444444, 0.36363636363636365, 0.39999999999999997}, /* rougeLsum */
    }},
    {"seed-amazing|rouge-score|stem=False", "It was amazing.", "It was really amazing", {
        {1.0, 0.75, 0.8571428571428571}, /* rouge1 */
        {0.5, 0.3333333333333333, 0.4}, /* rouge2 */
        {0.0, 0.0, 0.0}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {1.0, 0.75, 0.8571428571428571}, /* rougeL */
        {1.0, 0.75, 0.8571428571428571}, /* rougeLsum */
    }},
    {"seed-cat-mat|rouge-score|stem=False", "the cat is on the mat", "the cat is playing on the mat", {
        {1.0, 0.8571428571428571, 0.923076923076923}, /* rouge1 */
        {0.8, 0.6666666666666666, 0.7272727272727272}, /* rouge2 */
        {0.5, 0.4, 0.4444444444444445}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {1.0, 0.8571428571428571, 0.923076923076923}, /* rougeL */
        {1.0, 0.8571428571428571, 0.923076923076923}, /* rougeLsum */
    }},
    {"seed-cat-bed|rouge-score|stem=False", "the cat was found under the bed", "the cat was under the bed", {
        {0.8571428571428571, 1.0, 0.923076923076923}, /* rouge1 */
        {0.6666666666666666, 0.8, 0.7272727272727272}, /* rouge2 */
        {0.4, 0.5, 0.4444444444444445}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {0.8571428571428571, 1.0, 0.923076923076923}, /* rougeL */
        {0.8571428571428571, 1.0, 0.923076923076923}, /* rougeLsum */
    }},
    {"seed-trust|rouge-score|stem=False", "To make people trustworthy, you need to trust them",
     "The way to make people trustworthy is to trust them", {
        {0.7777777777777778, 0.7, 0.7368421052631577}, /* rouge1 */
        {0.625, 0.5555555555555556, 0.5882352941176471}, /* rouge2 */
        {0.42857142857142855, 0.375, 0.39999999999999997}, /* rouge3 */
        {0.16666666666666666, 0.14285714285714285, 0.15384615384615383}, /* rouge4 */
        {0.7777777777777778, 0.7, 0.7368421052631577}, /* rougeL */
        {0.7777777777777778, 0.7, 0.7368421052631577}, /* rougeLsum */
    }},
};

static void test_score_seed_text_cases(void)
{
    rouge_metric ms[6];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE); /* ROUGE_MULTI_BEST_F, as score_multi */
    size_t c, i;
    CHECK(o.multi_reference == ROUGE_MULTI_BEST_F);
    for (i = 0; i < 6; i++) {
        ms[i] = METRIC(SEED_TEXT_METRICS[i]);
    }
    for (c = 0; c < COUNT(SEED_TEXT_CASES); c++) {
        const struct text_case *k = &SEED_TEXT_CASES[c];
        const char *texts[2];
        struct tokenized t;
        rouge_result out[6];
        rouge_status s;
        texts[0] = k->candidate;
        texts[1] = k->reference;
        if (TOKENIZE(texts, 2, &t) != ROUGE_OK) {
            free_tokenized(&t);
            continue;
        }
        s = SCORE(&t.summaries[0], &t.summaries[1], 1, ms, 6, &o, out);
        check_at(s == ROUGE_OK, __FILE__, __LINE__, "%s: %s", k->id, rouge_status_str(s));
        for (i = 0; s == ROUGE_OK && i < 6; i++) {
            const double *e = k->expected[i];
            check_at(absd(out[i].score.precision - e[0]) <= TOL_SEED &&
                         absd(out[i].score.recall - e[1]) <= TOL_SEED &&
                         absd(out[i].score.fmeasure - e[2]) <= TOL_SEED,
                     __FILE__, __LINE__, "%s %s: got P %.17g R %.17g F %.17g, want %.17g %.17g %.17g", k->id,
                     SEED_TEXT_METRICS[i], out[i].score.precision, out[i].score.recall, out[i].score.fmeasure,
                     e[0], e[1], e[2]);
        }
        free_tokenized(&t);
    }
}

/*
 * A real multi-reference pair, liplus-24-sys7 (4 references, no stemming), scored through the
 * tokeniser. rouge-score values: ../shared/conformance/real_rouge_score.jsonl, case
 * "liplus-24-sys7|rouge-score|stem=False" (score_multi: best F per metric). ROUGE-1.5.5 values:
 * ../shared/conformance/real_rouge155.jsonl, cases "liplus-24-sys7|ROUGE-1.5.5|base|stem=False|f=A"
 * and "...|f=B" (the printed 5-decimal strings, and the raw -t 2 counts hit, model_count,
 * peer_count).
 */
static const char *const SYS7_TEXTS[5] = {
    "roadways bus and impact",
    "4 killed in accident between Roadway bus and Maruti.",
    "4 dead in collision between \"Roadways\" Bus and Maruti car.",
    "Four killed in accident between 'Roadways' bus and 'Maruti' car",
    "Roadways bus and a Maruti collide: 4 dead",
};

static void test_score_real_multi_reference_case(void)
{
    static const double rouge_score_expected[6][3] = {
        {0.75, 0.375, 0.5}, /* rouge1 */
        {0.6666666666666666, 0.2857142857142857, 0.4}, /* rouge2 */
        {0.5, 0.16666666666666666, 0.25}, /* rouge3 */
        {0.0, 0.0, 0.0}, /* rouge4 */
        {0.75, 0.375, 0.5}, /* rougeL */
        {0.75, 0.375, 0.5}, /* rougeLsum */
    };
    /* ROUGE-1..4, ROUGE-L (summary level: ROUGE_METRIC_LSUM), ROUGE-W-1.2, ROUGE-S4, ROUGE-SU4 */
    static const char *const perl_names[8] = {"ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "rougeLsum",
                                              "ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4"};
    /* P, R, F as printed; hit, model_count, peer_count */
    static const double perl_expected[2][8][6] = {
        { /* f=A */
            {0.68750, 0.29730, 0.41510, 11.0, 37.0, 16.0}, /* ROUGE-1 */
            {0.58333, 0.21212, 0.31111, 7.0, 33.0, 12.0}, /* ROUGE-2 */
            {0.37500, 0.10345, 0.16216, 3.0, 29.0, 8.0}, /* ROUGE-3 */
            {0.00000, 0.00000, 0.00000, 0.0, 25.0, 4.0}, /* ROUGE-4 */
            {0.68750, 0.29730, 0.41510, 11.0, 37.0, 16.0}, /* ROUGE-L */
            {0.68930, 0.19062, 0.29865, 13.5089751665337, 98.7230102354087, 21.1121265723663}, /* ROUGE-W-1.2 */
            {0.41667, 0.08000, 0.13423, 10.0, 125.0, 24.0}, /* ROUGE-S4 */
            {0.58333, 0.13291, 0.21649, 21.0, 158.0, 36.0}, /* ROUGE-SU4 */
        },
        { /* f=B */
            {0.75000, 0.37500, 0.50000, 3.0, 8.0, 4.0}, /* ROUGE-1 */
            {0.66667, 0.28571, 0.40000, 2.0, 7.0, 3.0}, /* ROUGE-2 */
            {0.50000, 0.16667, 0.25000, 1.0, 6.0, 2.0}, /* ROUGE-3 */
            {0.00000, 0.00000, 0.00000, 0.0, 6.0, 1.0}, /* ROUGE-4 */
            {0.75000, 0.37500, 0.50000, 3.0, 8.0, 4.0}, /* ROUGE-L */
            {0.75000, 0.24741, 0.37208, 3.73719281884655, 19.9732887824258, 5.27803164309158}, /* ROUGE-W-1.2 */
            {0.50000, 0.12000, 0.19355, 3.0, 25.0, 6.0}, /* ROUGE-S4 */
            {0.66667, 0.18750, 0.29268, 6.0, 32.0, 9.0}, /* ROUGE-SU4 */
        },
    };
    rouge_metric ms[8];
    rouge_result out[8];
    rouge_options o;
    struct tokenized t;
    size_t i, f;
    if (TOKENIZE(SYS7_TEXTS, 5, &t) != ROUGE_OK) {
        free_tokenized(&t);
        return;
    }
    o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    for (i = 0; i < 6; i++) {
        ms[i] = METRIC(SEED_TEXT_METRICS[i]);
    }
    CHECK_STATUS(ROUGE_OK, SCORE(&t.summaries[0], &t.summaries[1], 4, ms, 6, &o, out));
    for (i = 0; i < 6; i++) {
        const double *e = rouge_score_expected[i];
        check_at(absd(out[i].score.precision - e[0]) <= TOL_SEED && absd(out[i].score.recall - e[1]) <= TOL_SEED &&
                     absd(out[i].score.fmeasure - e[2]) <= TOL_SEED,
                 __FILE__, __LINE__, "rouge-score %s: got P %.17g R %.17g F %.17g, want %.17g %.17g %.17g",
                 SEED_TEXT_METRICS[i], out[i].score.precision, out[i].score.recall, out[i].score.fmeasure, e[0],
                 e[1], e[2]);
    }
    for (i = 0; i < 8; i++) {
        ms[i] = METRIC(perl_names[i]);
    }
    for (f = 0; f < 2; f++) {
        o = OPTIONS(ROUGE_FLAVOUR_PERL);
        o.multi_reference = f == 0 ? ROUGE_MULTI_PERL_A : ROUGE_MULTI_PERL_B;
        CHECK_STATUS(ROUGE_OK, SCORE(&t.summaries[0], &t.summaries[1], 4, ms, 8, &o, out));
        for (i = 0; i < 8; i++) {
            const double *e = perl_expected[f][i];
            /* The rounded values are the doubles nearest the printed strings: compared exactly. */
            check_at(out[i].score.precision == e[0] && out[i].score.recall == e[1] && out[i].score.fmeasure == e[2],
                     __FILE__, __LINE__, "ROUGE-1.5.5 -f %c %s: got P %.17g R %.17g F %.17g, want %.5f %.5f %.5f",
                     f == 0 ? 'A' : 'B', perl_names[i], out[i].score.precision, out[i].score.recall,
                     out[i].score.fmeasure, e[0], e[1], e[2]);
            check_at(absd(out[i].counts.hit - e[3]) <= 1e-9 && absd(out[i].counts.reference_total - e[4]) <= 1e-9 &&
                         absd(out[i].counts.candidate_total - e[5]) <= 1e-9,
                     __FILE__, __LINE__, "ROUGE-1.5.5 -f %c %s counts: got %.15g %.15g %.15g, want %.15g %.15g %.15g",
                     f == 0 ? 'A' : 'B', perl_names[i], out[i].counts.hit, out[i].counts.reference_total,
                     out[i].counts.candidate_total, e[3], e[4], e[5]);
        }
    }
    free_tokenized(&t);
}

static void test_score_text_sentences_split_on_newline(void)
{
    /*
     * Candidate "a b\nc d" (sentences [a b], [c d]), reference "c d a b" (one sentence).
     * rougeL (no split): LCS of [a b c d] and [c d a b] is 2; P = R = F = 2/4.
     * rougeLsum: the reference sentence's union LCS with [a b] ({a b}) and [c d] ({c d}) covers
     *   all 4 tokens; P = 4/4, R = 4/4, F = 1.
     * Second pair, the seed-union-lcs ids as text: "a b e\na c f" vs "a b c d": union LCS 3,
     *   P = 3/6, R = 3/4, F = 0.6 (the refimpl values of seed-union-lcs).
     */
    const char *texts1[2] = {"a b\nc d", "c d a b"};
    const char *texts2[2] = {"a b e\na c f", "a b c d"};
    rouge_metric ms[2];
    rouge_result out[2];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    struct tokenized t;
    ms[0] = METRIC("rougeL");
    ms[1] = METRIC("rougeLsum");
    if (TOKENIZE(texts1, 2, &t) == ROUGE_OK) {
        CHECK(t.summaries[0].sentence_count == 2);
        CHECK_STATUS(ROUGE_OK, SCORE(&t.summaries[0], &t.summaries[1], 1, ms, 2, &o, out));
        CHECK_PRF(out[0], 0.5, 0.5, 0.5, TOL);
        CHECK_PRF(out[1], 1.0, 1.0, 1.0, TOL);
    }
    free_tokenized(&t);
    if (TOKENIZE(texts2, 2, &t) == ROUGE_OK) {
        CHECK_STATUS(ROUGE_OK, SCORE(&t.summaries[0], &t.summaries[1], 1, ms, 2, &o, out));
        CHECK_PRF(out[0], 0.5, 0.75, 0.6, TOL);
        CHECK_PRF(out[1], 0.5, 0.75, 0.6, TOL);
    }
    free_tokenized(&t);
}

static void test_score_empty_inputs_score_zero(void)
{
    /* An empty candidate or reference, given as (NULL, 0): every score is 0, no error. */
    static const char *const names[] = {"rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4",
                                        "rougeSU*"};
    rouge_metric ms[COUNT(names)];
    rouge_result out[COUNT(names)];
    rouge_summary empty = summary(NULL, 0, NULL, 0);
    rouge_summary full = summary(A_REF, 3, NULL, 0);
    rouge_options opts[2];
    size_t i, f;
    opts[0] = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    opts[1] = OPTIONS(ROUGE_FLAVOUR_PERL);
    for (i = 0; i < COUNT(names); i++) {
        ms[i] = METRIC(names[i]);
    }
    for (f = 0; f < 2; f++) {
        CHECK_STATUS(ROUGE_OK, SCORE(&empty, &full, 1, ms, COUNT(ms), &opts[f], out));
        for (i = 0; i < COUNT(names); i++) {
            CHECK_PRF(out[i], 0.0, 0.0, 0.0, 0.0);
            CHECK(out[i].counts.hit == 0.0);
            CHECK(out[i].counts.candidate_total == 0.0);
        }
        CHECK(out[0].counts.reference_total == 3.0); /* rouge1: 3 reference unigrams */
        CHECK_STATUS(ROUGE_OK, SCORE(&full, &empty, 1, ms, COUNT(ms), &opts[f], out));
        for (i = 0; i < COUNT(names); i++) {
            CHECK_PRF(out[i], 0.0, 0.0, 0.0, 0.0);
        }
        CHECK_STATUS(ROUGE_OK, SCORE(&empty, &empty, 1, ms, COUNT(ms), &opts[f], out));
        for (i = 0; i < COUNT(names); i++) {
            CHECK_PRF(out[i], 0.0, 0.0, 0.0, 0.0);
        }
    }
}

static void test_score_perl_flavour_rounds_as_printed(void)
{
    /*
     * ROUGE-1.5.5 flavour, rounding on, alpha 0.5: F = PR / ((1 - alpha) P + alpha R), with R
     * and P rounded to 5 decimals first and F rounded after.
     * Candidate [1 2 3 4], reference [1 2 5], ROUGE-1: R = 2/3 -> 0.66667, P = 2/4 = 0.5,
     *   F = 0.5 * 0.66667 / (0.25 + 0.333335) = 0.333335 / 0.583335 = 0.5714297... -> 0.57143.
     * alpha 1: F = PR/R = P = 0.5. alpha 0: F = PR/P = R = 0.66667.
     * Rounding off: R = 2/3, P = 1/2, F = 2PR/(P+R) at alpha 0.5 = 4/7.
     */
    rouge_metric m = METRIC("ROUGE-1");
    rouge_result out;
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_PERL);
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    CHECK(o.round != 0 && o.alpha == 0.5);
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, &m, 1, &o, &out));
    CHECK_PRF(out, 0.5, 0.66667, 0.57143, 0.0);
    CHECK_COUNTS(out, 2, 3, 4);
    o.alpha = 1.0;
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, &m, 1, &o, &out));
    CHECK_PRF(out, 0.5, 0.66667, 0.5, 0.0);
    o.alpha = 0.0;
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, &m, 1, &o, &out));
    CHECK_PRF(out, 0.5, 0.66667, 0.66667, 0.0);
    o.alpha = 0.5;
    o.round = 0;
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, &m, 1, &o, &out));
    CHECK_PRF(out, 0.5, 2.0 / 3, 4.0 / 7, TOL);
}

static void test_score_perl_su_omits_last_unigram(void)
{
    /*
     * ROUGE-1.5.5's SU adds the unigram of every token but the last of each text (see
     * ../shared/conformance/README.md, "Known disagreements").
     * Candidate [1 2 3 4], reference [1 2 5], SU*: skip-bigrams 1 hit of 3 (reference) and 6
     * (candidate); unigrams of [1 2 3] vs [1 2]: 2 hits, totals 2 and 3.
     * hit 3, reference total 5, candidate total 9; R = 3/5 = 0.6, P = 3/9 -> 0.33333,
     * F = 0.33333 * 0.6 / (0.166665 + 0.3) = 0.199998 / 0.466665 = 0.4285686... -> 0.42857.
     */
    rouge_metric m = METRIC("ROUGE-SU*");
    rouge_result out;
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_PERL);
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, &m, 1, &o, &out));
    CHECK_COUNTS(out, 3, 5, 9);
    CHECK_PRF(out, 0.33333, 0.6, 0.42857, 0.0);
}

static void test_score_multi_reference_policies(void)
{
    /*
     * Candidate [1 2 3 4]; references r0 = [1 2 5] and r1 = [3 9]; ROUGE-1.
     * Per reference: r0 hit 2, P 2/4, R 2/3, F 4/7; r1 hit 1 ({3}), P 1/4, R 1/2,
     *   F = 2(1/8)/(3/4) = 1/3.
     * BEST_F (rouge-score flavour): r0 (4/7 > 1/3), whatever the order; counts 2, 3, 4.
     * Jackknife (BEST_F): mean over leave-one-out subsets {r1} and {r0}:
     *   P = (1/4 + 1/2)/2 = 3/8, R = (1/2 + 2/3)/2 = 7/12, F = (1/3 + 4/7)/2 = 19/42;
     *   the counts stay those over all references (r0's).
     * PERL_A (Perl flavour, rounding): pooled hit 3, reference 3 + 2 = 5, candidate 4 + 4 = 8:
     *   R = 0.6, P = 0.375, F = 0.225 / 0.4875 = 0.461538... -> 0.46154.
     * PERL_B: the best recall, r0 (0.66667 > 0.5): R 0.66667, P 0.5, F 0.57143 (as above).
     */
    rouge_metric m = METRIC("rouge1");
    rouge_result out;
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary refs[2], swapped[2];
    refs[0] = summary(A_REF, 3, NULL, 0);
    refs[1] = summary(A_REF2, 2, NULL, 0);
    swapped[0] = refs[1];
    swapped[1] = refs[0];

    CHECK_STATUS(ROUGE_OK, SCORE(&cand, refs, 2, &m, 1, &o, &out));
    CHECK_PRF(out, 0.5, 2.0 / 3, 4.0 / 7, TOL);
    CHECK_COUNTS(out, 2, 3, 4);
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, swapped, 2, &m, 1, &o, &out));
    CHECK_PRF(out, 0.5, 2.0 / 3, 4.0 / 7, TOL);
    CHECK_COUNTS(out, 2, 3, 4);

    o.jackknife = 1;
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, refs, 2, &m, 1, &o, &out));
    CHECK_PRF(out, 3.0 / 8, 7.0 / 12, 19.0 / 42, TOL);
    CHECK_COUNTS(out, 2, 3, 4);

    o = OPTIONS(ROUGE_FLAVOUR_PERL);
    CHECK(o.multi_reference == ROUGE_MULTI_PERL_A);
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, refs, 2, &m, 1, &o, &out));
    CHECK_COUNTS(out, 3, 5, 8);
    CHECK_PRF(out, 0.375, 0.6, 0.46154, 0.0);

    o.multi_reference = ROUGE_MULTI_PERL_B;
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, swapped, 2, &m, 1, &o, &out));
    CHECK_COUNTS(out, 2, 3, 4);
    CHECK_PRF(out, 0.5, 0.66667, 0.57143, 0.0);
}

static void test_score_more_metrics_than_one_chunk(void)
{
    /* 70 metrics in one call (the library converts them in fixed-size chunks): each result
     * must equal the same metric scored alone, bit for bit. An invalid last metric must fail
     * the whole call before anything is written. */
    static const char *const pool[] = {"rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum", "rougeW-1.2",
                                       "rougeS4", "rougeSU4", "rougeS*"};
    enum { N = 70 };
    rouge_metric ms[N];
    rouge_result out[N], one;
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(U_CAND, 6, U_CAND_ENDS, 2);
    rouge_summary ref = summary(U_REF, 4, U_REF_ENDS, 1);
    size_t i;
    for (i = 0; i < N; i++) {
        ms[i] = METRIC(pool[(i * 7) % COUNT(pool)]);
    }
    CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, ms, N, &o, out));
    for (i = 0; i < N; i++) {
        CHECK_STATUS(ROUGE_OK, SCORE(&cand, &ref, 1, &ms[i], 1, &o, &one));
        check_at(memcmp(&one, &out[i], sizeof one) == 0, __FILE__, __LINE__,
                 "metric %lu (%s) differs when scored with %d others", (unsigned long)i, pool[(i * 7) % COUNT(pool)],
                 N - 1);
    }
    ms[N - 1] = make_metric(ROUGE_METRIC_N, 0, 0, 0);
    fill_sentinel(out, sizeof out);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_score_pair(&cand, &ref, 1, ms, N, &o, g_big_scratch, COUNT(g_big_scratch), out));
    CHECK(is_sentinel(out, sizeof out));
}

static void test_score_scratch_contents_do_not_matter(void)
{
    /* Zeroed, garbage and oversized scratch, reused across calls: identical results. */
    rouge_metric ms[12];
    rouge_result a[12], b[12], c[12];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_PERL);
    rouge_summary cand = summary(U_CAND, 6, U_CAND_ENDS, 2);
    rouge_summary ref = summary(U_REF, 4, U_REF_ENDS, 1);
    rouge_dims d;
    size_t words = 0, i;
    uint64_t *s;
    for (i = 0; i < 12; i++) {
        ms[i] = METRIC(SEED_ID_METRICS[i]);
    }
    CHECK_STATUS(ROUGE_OK, rouge_dims_of(&cand, &ref, 1, &d));
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(ms, 12, &o, &d, &words));
    s = scratch_alloc(words + 100);
    memset(s, 0, (words + 100) * sizeof *s);
    CHECK_STATUS(ROUGE_OK, rouge_score_pair(&cand, &ref, 1, ms, 12, &o, s, words, a));
    memset(s, 0xFF, (words + 100) * sizeof *s);
    CHECK_STATUS(ROUGE_OK, rouge_score_pair(&cand, &ref, 1, ms, 12, &o, s, words, b));
    CHECK_STATUS(ROUGE_OK, rouge_score_pair(&cand, &ref, 1, ms, 12, &o, s, words + 100, c));
    CHECK(memcmp(a, b, sizeof a) == 0);
    CHECK(memcmp(a, c, sizeof a) == 0);
    free(s);
}

/* ------------------------------------------------------------------------------------------ */
/* rouge_score: errors                                                                         */
/* ------------------------------------------------------------------------------------------ */

/* Calls rouge_score with the given arguments and the big scratch unless given, checks the
 * status and that the 3 results were left untouched. */
static void score_error_at(rouge_status expected, const rouge_summary *cand, const rouge_summary *refs,
                           size_t n_refs, const rouge_metric *ms, size_t n_ms, const rouge_options *o,
                           uint64_t *scratch, size_t words, const char *file, int line)
{
    rouge_result out[3];
    rouge_status s;
    fill_sentinel(out, sizeof out);
    s = rouge_score_pair(cand, refs, n_refs, ms, n_ms, o, scratch, words, out);
    check_at(s == expected, file, line, "rouge_score returned %u (%s), expected %u (%s)", (unsigned)s,
             rouge_status_str(s), (unsigned)expected, rouge_status_str(expected));
    check_at(is_sentinel(out, sizeof out), file, line, "rouge_score wrote its output on an error");
}

#define SCORE_ERROR(expected, cand, refs, n_refs, ms, n_ms, o)                                  \
    score_error_at((expected), (cand), (refs), (n_refs), (ms), (n_ms), (o), g_big_scratch,      \
                   COUNT(g_big_scratch), __FILE__, __LINE__)

static void test_score_null_pointers(void)
{
    rouge_metric ms[3];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    rouge_summary bad;
    rouge_result out[3];
    ms[0] = METRIC("rouge1");
    ms[1] = METRIC("rougeLsum");
    ms[2] = METRIC("rougeSU4");

    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, NULL, &ref, 1, ms, 3, &o);
    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, &cand, NULL, 1, ms, 3, &o);
    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, &cand, &ref, 1, NULL, 3, &o);
    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, &cand, &ref, 1, ms, 3, NULL);
    bad = summary(NULL, 4, NULL, 0); /* tokens NULL with a length */
    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, &bad, &ref, 1, ms, 3, &o);
    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, &cand, &bad, 1, ms, 3, &o);
    bad = summary(A_CAND, 4, NULL, 1); /* sentence ends NULL with a count */
    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, &bad, &ref, 1, ms, 3, &o);
    SCORE_ERROR(ROUGE_ERR_NULL_POINTER, &cand, &bad, 1, ms, 3, &o);
    /* Scratch NULL with a size, out NULL with metrics. */
    score_error_at(ROUGE_ERR_NULL_POINTER, &cand, &ref, 1, ms, 3, &o, NULL, 100, __FILE__, __LINE__);
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER,
                 rouge_score_pair(&cand, &ref, 1, ms, 3, &o, g_big_scratch, COUNT(g_big_scratch), NULL));

    /* (NULL, 0) is empty everywhere: no metrics with NULL out and NULL scratch succeeds. */
    CHECK_STATUS(ROUGE_OK, rouge_score_pair(&cand, &ref, 1, NULL, 0, &o, NULL, 0, NULL));
    bad = summary(NULL, 0, NULL, 0);
    CHECK_STATUS(ROUGE_OK, SCORE(&bad, &ref, 1, ms, 3, &o, out));
}

static void test_score_scratch_too_small_or_misaligned(void)
{
    rouge_metric ms[3];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(U_CAND, 6, U_CAND_ENDS, 2);
    rouge_summary ref = summary(U_REF, 4, U_REF_ENDS, 1);
    rouge_dims d;
    size_t words = 0;
    uint64_t *buf;
    ms[0] = METRIC("rouge2");
    ms[1] = METRIC("rougeLsum");
    ms[2] = METRIC("rougeW-1.2");
    CHECK_STATUS(ROUGE_OK, rouge_dims_of(&cand, &ref, 1, &d));
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(ms, 3, &o, &d, &words));
    CHECK(words > 0);
    buf = scratch_alloc(words + 1);
    /* One word too small, and no scratch at all. */
    score_error_at(ROUGE_ERR_SCRATCH_TOO_SMALL, &cand, &ref, 1, ms, 3, &o, buf, words - 1, __FILE__, __LINE__);
    score_error_at(ROUGE_ERR_SCRATCH_TOO_SMALL, &cand, &ref, 1, ms, 3, &o, NULL, 0, __FILE__, __LINE__);
    /* Misaligned: 4 bytes into an 8-aligned buffer (big enough either way). */
    score_error_at(ROUGE_ERR_SCRATCH_MISALIGNED, &cand, &ref, 1, ms, 3, &o,
                   (uint64_t *)(void *)((char *)buf + 4), words, __FILE__, __LINE__);
    score_error_at(ROUGE_ERR_SCRATCH_MISALIGNED, &cand, &ref, 1, ms, 3, &o,
                   (uint64_t *)(void *)((char *)buf + 1), words, __FILE__, __LINE__);
    free(buf);
}

static void test_score_invalid_arguments(void)
{
    static const size_t unordered[] = {3, 1};
    static const size_t past_end[] = {5};
    rouge_metric ms[3], bad_ms[3];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE), bad_o;
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    rouge_summary bad;
    uint32_t *misaligned_buf;
    ms[0] = METRIC("rouge1");
    ms[1] = METRIC("rougeLsum");
    ms[2] = METRIC("rougeW-1.2");

    /* Zero references ((NULL, 0) and (ptr, 0)). */
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, NULL, 0, ms, 3, &o);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 0, ms, 3, &o);

    /* Metrics: unknown kind, n = 0, weight < 1 (and NaN), each in the last position. */
    memcpy(bad_ms, ms, sizeof ms);
    bad_ms[2] = make_metric(0, 0, 0, 0);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, bad_ms, 3, &o);
    bad_ms[2] = make_metric(99, 1, 0, 1.2);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, bad_ms, 3, &o);
    bad_ms[2] = make_metric(ROUGE_METRIC_N, 0, 0, 0);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, bad_ms, 3, &o);
    bad_ms[2] = make_metric(ROUGE_METRIC_W, 0, 0, 0.5);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, bad_ms, 3, &o);
    bad_ms[2] = make_metric(ROUGE_METRIC_W, 0, 0, g_zero / g_zero); /* NaN */
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, bad_ms, 3, &o);
    bad_ms[2] = make_metric(ROUGE_METRIC_W, 0, 0, 1.0 / g_zero); /* +infinity */
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, bad_ms, 3, &o);

    /* Options: alpha outside [0, 1], unknown flavour, unknown multi-reference policy. */
    bad_o = o;
    bad_o.alpha = 1.0000001;
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, ms, 3, &bad_o);
    bad_o.alpha = -1e-9;
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, ms, 3, &bad_o);
    bad_o.alpha = g_zero / g_zero; /* NaN */
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, ms, 3, &bad_o);
    bad_o = OPTIONS(ROUGE_FLAVOUR_PERL);
    bad_o.alpha = 2.0;
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, ms, 3, &bad_o);
    bad_o = o;
    bad_o.flavour = 2;
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, ms, 3, &bad_o);
    bad_o = o;
    bad_o.multi_reference = 3;
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, ms, 3, &bad_o);

    /* Sentence ends out of order or past the end, in the candidate and in a reference. */
    bad = summary(A_CAND, 4, unordered, 2);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &bad, &ref, 1, ms, 3, &o);
    bad = summary(A_CAND, 4, past_end, 1);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &bad, &ref, 1, ms, 3, &o);
    bad = summary(A_REF, 3, unordered, 2);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &bad, 1, ms, 3, &o);
    bad = summary(A_REF, 3, past_end, 1); /* 5 > 3 */
    {
        rouge_summary refs2[2];
        refs2[0] = ref;
        refs2[1] = bad; /* the bad one second */
        SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, refs2, 2, ms, 3, &o);
    }

    /* A misaligned token array (4-byte ids at an odd address). */
    misaligned_buf = (uint32_t *)xmalloc(8 * sizeof(uint32_t));
    memset(misaligned_buf, 0, 8 * sizeof(uint32_t));
    bad = summary((const uint32_t *)(const void *)((const char *)misaligned_buf + 1), 4, NULL, 0);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &bad, &ref, 1, ms, 3, &o);
    free(misaligned_buf);
}

static void test_misaligned_arrays_and_structs_refused(void)
{
    /* "a misaligned input array" is ROUGE_ERR_INVALID_ARGUMENT; so is a misaligned struct or
     * output pointer. Each bad pointer points 4 bytes into an 8-aligned copy of a good value
     * (never dereferenced by this test). */
    uint64_t buf[64];
    char *base = (char *)buf;
    rouge_metric ms[2];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    rouge_summary bad;
    rouge_dims d;
    size_t words;
    ms[0] = METRIC("rouge1");
    ms[1] = METRIC("rougeLsum");

    memcpy(base + 4, &o, sizeof o);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, ms, 2, (const rouge_options *)(void *)(base + 4));
    memcpy(base + 4, ms, sizeof ms);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, &ref, 1, (const rouge_metric *)(void *)(base + 4), 2, &o);
    memcpy(base + 4, &ref, sizeof ref);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &cand, (const rouge_summary *)(void *)(base + 4), 1, ms, 2, &o);
    memcpy(base + 4, U_CAND_ENDS, sizeof U_CAND_ENDS);
    bad = summary(U_CAND, 6, (const size_t *)(void *)(base + 4), 2);
    SCORE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &bad, &ref, 1, ms, 2, &o);
    /* Misaligned outputs. */
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_score_pair(&cand, &ref, 1, ms, 2, &o, g_big_scratch,
                                                              COUNT(g_big_scratch), (rouge_result *)(void *)(base + 4)));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_dims_of(&cand, &ref, 1, (rouge_dims *)(void *)(base + 4)));
    CHECK_STATUS(ROUGE_OK, rouge_dims_of(&cand, &ref, 1, &d));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_scratch_words(ms, 2, &o, &d, (size_t *)(void *)(base + 4)));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_options_init(ROUGE_FLAVOUR_PERL, (rouge_options *)(void *)(base + 4)));
    fill_sentinel(&words, sizeof words);
    memcpy(base + 4, &d, sizeof d);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_scratch_words(ms, 2, &o, (const rouge_dims *)(void *)(base + 4), &words));
    CHECK(is_sentinel(&words, sizeof words));
}

static void test_score_input_too_long(void)
{
    rouge_metric ms[2];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary cand = summary(A_CAND, 4, NULL, 0);
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    rouge_summary bad;
    static const size_t ends[] = {1};
    ms[0] = METRIC("rouge1");
    ms[1] = METRIC("rougeL");

    /* Byte sizes that overflow: refused before anything is read (the pointers are valid but
     * short; ASAN and valgrind would report any read past them). */
    bad = summary(A_CAND, SIZE_MAX / 2, NULL, 0);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &bad, &ref, 1, ms, 2, &o);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &cand, &bad, 1, ms, 2, &o);
    bad = summary(A_CAND, SIZE_MAX, NULL, 0);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &bad, &ref, 1, ms, 2, &o);
    bad = summary(A_CAND, 4, ends, SIZE_MAX / 4);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &bad, &ref, 1, ms, 2, &o);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &cand, &ref, SIZE_MAX / 2, ms, 2, &o);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &cand, &ref, 1, ms, SIZE_MAX / 2, &o);
}

/* `bytes` of readable zeros (a private read-only mapping of /dev/zero: address space only,
 * nothing committed), or NULL when the system (or valgrind) refuses the mapping. */
static void *map_zeros(size_t bytes)
{
    void *p;
    int fd = open("/dev/zero", O_RDONLY);
    if (fd < 0) {
        return NULL;
    }
    p = mmap(NULL, bytes, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    return p == MAP_FAILED ? NULL : p;
}

static void test_lengths_above_max_input_len(void)
{
#if SIZE_MAX > 0xFFFFFFFFu
    /*
     * ROUGE_MAX_INPUT_LEN + 1 = 2^32 - 1 tokens: a valid byte size on 64-bit, so the pointer
     * must really cover it (16 GiB of mapped zeros); the library must answer
     * ROUGE_ERR_INPUT_TOO_LONG from the lengths.
     */
    const size_t n = (size_t)ROUGE_MAX_INPUT_LEN + 1;
    const size_t bytes = n * sizeof(uint32_t);
    const uint32_t *zeros = (const uint32_t *)map_zeros(bytes);
    static const size_t one_index[1] = {0};
    rouge_metric ms[2];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary ok_sum = summary(A_CAND, 4, NULL, 0), big;
    rouge_dims d;
    rouge_batch b;
    rouge_str text;
    size_t words, max_tokens;
    if (zeros == NULL) {
        printf("note: cannot map %lu bytes of /dev/zero here; lengths above ROUGE_MAX_INPUT_LEN not tested\n",
               (unsigned long)bytes);
        return;
    }
    ms[0] = METRIC("rouge2");
    ms[1] = METRIC("rougeLsum");
    big = summary(zeros, n, NULL, 0);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &big, &ok_sum, 1, ms, 2, &o);
    SCORE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &ok_sum, &big, 1, ms, 2, &o);

    /* The size query refuses such dims too. */
    memset(&d, 0, sizeof d);
    d.reference_count = 1;
    d.candidate_len = n;
    d.reference_len = 4;
    fill_sentinel(&words, sizeof words);
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_scratch_words(ms, 2, &o, &d, &words));
    CHECK(is_sentinel(&words, sizeof words));

    /* A batch whose token array is that long (no pairs). */
    memset(&b, 0, sizeof b);
    b.tokens = zeros;
    b.tokens_len = n;
    b.pair_segments = one_index;
    fill_sentinel(&words, sizeof words);
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_batch_scratch_words(&b, ms, 2, &o, &words));
    CHECK(is_sentinel(&words, sizeof words));
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG,
                 rouge_score_batch(&b, ms, 2, &o, g_big_scratch, COUNT(g_big_scratch), NULL, 0));

    /* A text of ROUGE_MAX_INPUT_LEN + 1 bytes (rouge_tokenize_basic_sizes only adds the lengths). */
    text.ptr = (const char *)zeros;
    text.len = n;
    fill_sentinel(&words, sizeof words);
    fill_sentinel(&max_tokens, sizeof max_tokens);
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_tokenize_basic_sizes(&text, 1, &words, &max_tokens));
    CHECK(is_sentinel(&words, sizeof words) && is_sentinel(&max_tokens, sizeof max_tokens));
    munmap((void *)(uintptr_t)zeros, bytes);
#endif
}

/* ------------------------------------------------------------------------------------------ */
/* Batch                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/*
 * Three pairs in one CSR batch:
 *   pair 0: segment 0 candidate [1 2 3 4]            tokens  0..4
 *           segment 1 reference [1 2 5]              tokens  4..7
 *   pair 1: segment 2 candidate [7 8 9 7]            tokens  7..11
 *           segment 3 reference [7 9]                tokens 11..13
 *           segment 4 reference [8 9 7 7 1]          tokens 13..18
 *   pair 2: segment 5 candidate [1 2 5 1 3 6]        tokens 18..24, sentences end at 21, 24
 *           segment 6 reference [1 2 3 4]            tokens 24..28, sentence ends at 28
 */
static const uint32_t B_TOKENS[28] = {
    1, 2, 3, 4, 1, 2, 5, 7, 8, 9, 7, 7, 9, 8, 9, 7, 7, 1, 1, 2, 5, 1, 3, 6, 1, 2, 3, 4,
};
static const size_t B_SEGMENT_ENDS[7] = {4, 7, 11, 13, 18, 24, 28};
static const size_t B_SENTENCE_ENDS[3] = {21, 24, 28};
static const size_t B_PAIR_SEGMENTS[4] = {0, 2, 5, 7};
static const size_t B_PAIR2_CAND_ENDS[2] = {3, 6}; /* relative to the segment */
static const size_t B_PAIR2_REF_ENDS[1] = {4};

static rouge_batch batch_fixture(void)
{
    rouge_batch b;
    b.tokens = B_TOKENS;
    b.tokens_len = COUNT(B_TOKENS);
    b.segment_ends = B_SEGMENT_ENDS;
    b.segment_count = COUNT(B_SEGMENT_ENDS);
    b.sentence_ends = B_SENTENCE_ENDS;
    b.sentence_ends_len = COUNT(B_SENTENCE_ENDS);
    b.pair_segments = B_PAIR_SEGMENTS;
    b.pair_count = COUNT(B_PAIR_SEGMENTS) - 1;
    return b;
}

/* The same pairs as single-call arguments. */
static void batch_fixture_pairs(rouge_summary cands[3], rouge_summary refs[4], size_t ref_first[3],
                                size_t ref_count[3])
{
    cands[0] = summary(B_TOKENS + 0, 4, NULL, 0);
    refs[0] = summary(B_TOKENS + 4, 3, NULL, 0);
    cands[1] = summary(B_TOKENS + 7, 4, NULL, 0);
    refs[1] = summary(B_TOKENS + 11, 2, NULL, 0);
    refs[2] = summary(B_TOKENS + 13, 5, NULL, 0);
    cands[2] = summary(B_TOKENS + 18, 6, B_PAIR2_CAND_ENDS, 2);
    refs[3] = summary(B_TOKENS + 24, 4, B_PAIR2_REF_ENDS, 1);
    ref_first[0] = 0, ref_count[0] = 1;
    ref_first[1] = 1, ref_count[1] = 2;
    ref_first[2] = 3, ref_count[2] = 1;
}

static const char *const BATCH_METRICS[] = {
    "rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum", "rougeW-1.2",
    "rougeS0", "rougeS4", "rougeS*", "rougeSU4", "rougeSU*",
};
#define NBM (sizeof BATCH_METRICS / sizeof BATCH_METRICS[0])

static void test_batch_matches_single_calls(void)
{
    rouge_batch b = batch_fixture();
    rouge_summary cands[3], refs[4];
    size_t ref_first[3], ref_count[3];
    rouge_metric ms[NBM];
    rouge_options opts[4];
    rouge_result batch_out[3 * NBM], single[NBM];
    size_t i, p, k;
    batch_fixture_pairs(cands, refs, ref_first, ref_count);
    for (i = 0; i < NBM; i++) {
        ms[i] = METRIC(BATCH_METRICS[i]);
    }
    opts[0] = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    opts[1] = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    opts[1].jackknife = 1;
    opts[2] = OPTIONS(ROUGE_FLAVOUR_PERL); /* PERL_A */
    opts[3] = OPTIONS(ROUGE_FLAVOUR_PERL);
    opts[3].multi_reference = ROUGE_MULTI_PERL_B;
    opts[3].round = 0;

    for (k = 0; k < COUNT(opts); k++) {
        size_t words = 0;
        uint64_t *scratch;
        CHECK_STATUS(ROUGE_OK, rouge_batch_scratch_words(&b, ms, NBM, &opts[k], &words));
        CHECK(words > 0);
        if (words == 0) {
            continue;
        }
        /* One word less: refused, nothing written. */
        scratch = scratch_alloc(words - 1);
        fill_sentinel(batch_out, sizeof batch_out);
        CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL,
                     rouge_score_batch(&b, ms, NBM, &opts[k], scratch, words - 1, batch_out, COUNT(batch_out)));
        CHECK(is_sentinel(batch_out, sizeof batch_out));
        free(scratch);
        /* Exactly the size asked, filled with garbage. */
        scratch = scratch_alloc(words);
        memset(scratch, 0x5A, words * sizeof *scratch);
        CHECK_STATUS(ROUGE_OK,
                     rouge_score_batch(&b, ms, NBM, &opts[k], scratch, words, batch_out, COUNT(batch_out)));
        free(scratch);
        for (p = 0; p < 3; p++) {
            CHECK_STATUS(ROUGE_OK, SCORE(&cands[p], &refs[ref_first[p]], ref_count[p], ms, NBM, &opts[k], single));
            for (i = 0; i < NBM; i++) {
                check_at(memcmp(&batch_out[p * NBM + i], &single[i], sizeof single[i]) == 0, __FILE__, __LINE__,
                         "options %lu pair %lu %s: batch (%.17g %.17g %.17g) != single (%.17g %.17g %.17g)",
                         (unsigned long)k, (unsigned long)p, BATCH_METRICS[i], batch_out[p * NBM + i].score.precision,
                         batch_out[p * NBM + i].score.recall, batch_out[p * NBM + i].score.fmeasure,
                         single[i].score.precision, single[i].score.recall, single[i].score.fmeasure);
            }
        }
        if (k == 0) {
            /* Independent anchors: pair 0 is hand case A (rouge1 P 1/2, R 2/3, F 4/7), pair 2 is
             * seed-union-lcs (rougeLsum 0.5, 0.75, 0.6). */
            CHECK_PRF(batch_out[0 * NBM + 0], 0.5, 2.0 / 3, 4.0 / 7, TOL);
            CHECK_PRF(batch_out[2 * NBM + 5], 0.5, 0.75, 0.6, TOL);
        }
    }
}

static void test_batch_scratch_words_is_max_over_pairs(void)
{
    /* rouge_batch_scratch_words = rouge_scratch_words of the element-wise maximum of the pairs'
     * rouge_dims_of, as the header says to combine them. */
    rouge_batch b = batch_fixture();
    rouge_summary cands[3], refs[4];
    size_t ref_first[3], ref_count[3];
    rouge_metric ms[NBM];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_PERL);
    rouge_dims max, d;
    size_t i, p, w_batch = 0, w_max = 0;
    batch_fixture_pairs(cands, refs, ref_first, ref_count);
    for (i = 0; i < NBM; i++) {
        ms[i] = METRIC(BATCH_METRICS[i]);
    }
    memset(&max, 0, sizeof max);
    for (p = 0; p < 3; p++) {
        CHECK_STATUS(ROUGE_OK, rouge_dims_of(&cands[p], &refs[ref_first[p]], ref_count[p], &d));
#define MAXF(f) max.f = d.f > max.f ? d.f : max.f
        MAXF(reference_count);
        MAXF(candidate_len);
        MAXF(reference_len);
        MAXF(candidate_sentence_len);
        MAXF(reference_sentence_len);
#undef MAXF
    }
    CHECK(max.reference_count == 2 && max.candidate_len == 6 && max.reference_len == 5);
    CHECK(max.candidate_sentence_len == 4 && max.reference_sentence_len == 5);
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(ms, NBM, &o, &max, &w_max));
    CHECK_STATUS(ROUGE_OK, rouge_batch_scratch_words(&b, ms, NBM, &o, &w_batch));
    CHECK(w_batch == w_max);
}

static void test_batch_empty_and_null_sentence_ends(void)
{
    /* No pairs: pair_segments holds one index. No sentence ends: (NULL, 0). */
    static const size_t one_index[1] = {0};
    rouge_batch b;
    rouge_metric m = METRIC("rougeLsum");
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_result out[2];
    size_t words = 0;
    memset(&b, 0, sizeof b);
    b.pair_segments = one_index;
    CHECK_STATUS(ROUGE_OK, rouge_batch_scratch_words(&b, &m, 1, &o, &words));
    CHECK_STATUS(ROUGE_OK, rouge_score_batch(&b, &m, 1, &o, g_big_scratch, COUNT(g_big_scratch), NULL, 0));

    /* Pair 0 of the fixture alone, without sentence ends: rougeLsum = rougeL = hand case A. */
    b = batch_fixture();
    b.sentence_ends = NULL;
    b.sentence_ends_len = 0;
    b.pair_count = 1;
    CHECK_STATUS(ROUGE_OK, rouge_batch_scratch_words(&b, &m, 1, &o, &words));
    fill_sentinel(out, sizeof out);
    CHECK_STATUS(ROUGE_OK, rouge_score_batch(&b, &m, 1, &o, g_big_scratch, COUNT(g_big_scratch), out, 2));
    CHECK_PRF(out[0], 0.5, 2.0 / 3, 4.0 / 7, TOL);
    CHECK(is_sentinel(&out[1], sizeof out[1])); /* only pair_count * metric_count results */
}

/* Checks one bad batch against both batch functions: status, and outputs untouched. */
static void batch_error_at(rouge_status expected, const rouge_batch *b, const rouge_metric *ms, size_t n_ms,
                           const rouge_options *o, const char *file, int line)
{
    rouge_result out[3 * 3];
    size_t words;
    rouge_status s;
    fill_sentinel(&words, sizeof words);
    s = rouge_batch_scratch_words(b, ms, n_ms, o, &words);
    check_at(s == expected, file, line, "rouge_batch_scratch_words returned %s, expected %s", rouge_status_str(s),
             rouge_status_str(expected));
    check_at(is_sentinel(&words, sizeof words), file, line, "rouge_batch_scratch_words wrote on an error");
    fill_sentinel(out, sizeof out);
    s = rouge_score_batch(b, ms, n_ms, o, g_big_scratch, COUNT(g_big_scratch), out, COUNT(out));
    check_at(s == expected, file, line, "rouge_score_batch returned %s, expected %s", rouge_status_str(s),
             rouge_status_str(expected));
    check_at(is_sentinel(out, sizeof out), file, line, "rouge_score_batch wrote on an error");
}

#define BATCH_ERROR(expected, b, ms, n_ms, o) batch_error_at((expected), (b), (ms), (n_ms), (o), __FILE__, __LINE__)

static void test_batch_errors(void)
{
    static const size_t seg_unordered[7] = {4, 7, 11, 13, 12, 24, 28};
    static const size_t seg_past_end[7] = {4, 7, 11, 13, 18, 24, 29};
    static const size_t sent_unordered[3] = {24, 21, 28};
    static const size_t sent_past_end[3] = {21, 24, 29};
    static const size_t pairs_past_end[4] = {0, 2, 5, 8};
    static const size_t pairs_unordered[4] = {0, 5, 2, 7};
    static const size_t pairs_no_reference[4] = {0, 1, 5, 7};
    static const size_t pairs_last_no_reference[4] = {0, 2, 5, 6};
    rouge_batch good = batch_fixture(), b;
    rouge_metric ms[3], bad_m[3];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE), bad_o;
    rouge_result out[3 * 3];
    size_t words = 0;
    uint64_t *buf;
    ms[0] = METRIC("rouge2");
    ms[1] = METRIC("rougeLsum");
    ms[2] = METRIC("rougeSU4");

    /* NULL pointers. */
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, NULL, ms, 3, &o);
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, &good, NULL, 3, &o);
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, &good, ms, 3, NULL);
    b = good, b.tokens = NULL;
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, &b, ms, 3, &o);
    b = good, b.segment_ends = NULL;
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, &b, ms, 3, &o);
    b = good, b.sentence_ends = NULL;
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, &b, ms, 3, &o);
    b = good, b.pair_segments = NULL;
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, &b, ms, 3, &o);
    b = good, b.pair_segments = NULL, b.pair_count = 0; /* still needs pair_count + 1 = 1 index */
    BATCH_ERROR(ROUGE_ERR_NULL_POINTER, &b, ms, 3, &o);
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_batch_scratch_words(&good, ms, 3, &o, NULL));

    /* Offsets out of order or out of range. */
    b = good, b.segment_ends = seg_unordered;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.segment_ends = seg_past_end;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.tokens_len = 27; /* the last segment ends at 28 */
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.sentence_ends = sent_unordered;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.sentence_ends = sent_past_end;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.pair_segments = pairs_past_end;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.pair_segments = pairs_unordered;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.pair_segments = pairs_no_reference;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.pair_segments = pairs_last_no_reference;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);
    b = good, b.segment_count = 6; /* pair 2 now ends past the last segment */
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &b, ms, 3, &o);

    /* Bad metrics and options. */
    memcpy(bad_m, ms, sizeof ms);
    bad_m[1] = make_metric(42, 0, 0, 0);
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &good, bad_m, 3, &o);
    bad_m[1] = make_metric(ROUGE_METRIC_N, 0, 0, 0);
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &good, bad_m, 3, &o);
    bad_m[1] = make_metric(ROUGE_METRIC_W, 0, 0, 0.9);
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &good, bad_m, 3, &o);
    bad_o = o, bad_o.alpha = 1.5;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &good, ms, 3, &bad_o);
    bad_o = o, bad_o.flavour = 7;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &good, ms, 3, &bad_o);
    bad_o = o, bad_o.multi_reference = 7;
    BATCH_ERROR(ROUGE_ERR_INVALID_ARGUMENT, &good, ms, 3, &bad_o);

    /* Sizes that would overflow. */
    b = good, b.tokens_len = SIZE_MAX / 2;
    BATCH_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &b, ms, 3, &o);
    b = good, b.segment_count = SIZE_MAX / 4;
    BATCH_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &b, ms, 3, &o);
    b = good, b.pair_count = SIZE_MAX; /* pair_count + 1 overflows */
    BATCH_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &b, ms, 3, &o);
    BATCH_ERROR(ROUGE_ERR_INPUT_TOO_LONG, &good, ms, SIZE_MAX / 2, &o);

    /* Output and scratch errors (rouge_score_batch only). */
    CHECK_STATUS(ROUGE_OK, rouge_batch_scratch_words(&good, ms, 3, &o, &words));
    buf = scratch_alloc(words + 1);
    fill_sentinel(out, sizeof out);
    CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_score_batch(&good, ms, 3, &o, buf, words, out, 3 * 3 - 1));
    CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_score_batch(&good, ms, 3, &o, buf, words, NULL, 0));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_batch(&good, ms, 3, &o, buf, words, NULL, 3 * 3));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_score_batch(&good, ms, 3, &o, buf, words - 1, out, 3 * 3));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_score_batch(&good, ms, 3, &o, NULL, 0, out, 3 * 3));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_batch(&good, ms, 3, &o, NULL, words, out, 3 * 3));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_MISALIGNED,
                 rouge_score_batch(&good, ms, 3, &o, (uint64_t *)(void *)((char *)buf + 4), words, out, 3 * 3));
    CHECK(is_sentinel(out, sizeof out));
    CHECK_STATUS(ROUGE_OK, rouge_score_batch(&good, ms, 3, &o, buf, words, out, 3 * 3));
    CHECK(!is_sentinel(out, sizeof out));
    free(buf);
}

/* ------------------------------------------------------------------------------------------ */
/* Tokeniser                                                                                   */
/* ------------------------------------------------------------------------------------------ */

static void test_tokenize_basic_ids_and_sentences(void)
{
    /*
     * Text 0: "The cat-sat, on THE mat.\nA second line\n\n"
     *   -> the cat sat on the mat | a second line: 9 tokens, sentence ends [6, 9]
     * Text 1: "caf\xc3\xa9 the CAT 42" (UTF-8 e-acute separates, like every non-[a-z0-9] byte)
     *   -> caf the cat 42: 4 tokens, one sentence, ends [4]
     * Text 2: (NULL, 0): no tokens, no sentences. Text 3: "\n\n ,;": no tokens, no sentences.
     * Equal words share an id across texts, different words never do.
     */
    static const char t0[] = "The cat-sat, on THE mat.\nA second line\n\n";
    static const char t1[] = "caf\xc3\xa9 the CAT 42";
    static const char t3[] = "\n\n ,;";
    rouge_str texts[4];
    rouge_summary out[4];
    size_t words = 0, max_tokens = 0, i, j;
    uint32_t *ids;
    size_t *ends;
    uint64_t *scratch;
    texts[0].ptr = t0, texts[0].len = sizeof t0 - 1;
    texts[1].ptr = t1, texts[1].len = sizeof t1 - 1;
    texts[2].ptr = NULL, texts[2].len = 0;
    texts[3].ptr = t3, texts[3].len = sizeof t3 - 1;

    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic_sizes(texts, 4, &words, &max_tokens));
    CHECK(max_tokens >= 13);
    {
        /* The former name, kept for one release, answers the same. */
        size_t old_words = 0, old_max_tokens = 0;
        CHECK_STATUS(ROUGE_OK, rouge_tokenize_sizes(texts, 4, &old_words, &old_max_tokens));
        CHECK(old_words == words && old_max_tokens == max_tokens);
        CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_tokenize_sizes(texts, 4, NULL, &old_max_tokens));
    }
    ids = (uint32_t *)xmalloc(max_tokens * sizeof *ids);
    ends = (size_t *)xmalloc(max_tokens * sizeof *ends);
    scratch = scratch_alloc(words);
    fill_sentinel(out, sizeof out);
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic(texts, 4, ids, max_tokens, ends, max_tokens, out, scratch, words));

    CHECK(out[0].len == 9 && out[0].sentence_count == 2);
    CHECK(out[1].len == 4 && out[1].sentence_count == 1);
    CHECK(out[2].len == 0 && out[2].sentence_count == 0);
    CHECK(out[3].len == 0 && out[3].sentence_count == 0);
    if (out[0].len == 9 && out[1].len == 4 && out[0].sentence_count == 2 && out[1].sentence_count == 1) {
        /* Word classes: the=0 cat=1 sat=2 on=3 mat=4 a=5 second=6 line=7 caf=8 42=9. */
        static const int cls0[9] = {0, 1, 2, 3, 0, 4, 5, 6, 7};
        static const int cls1[4] = {8, 0, 1, 9};
        uint32_t all[13];
        int cls[13];
        /* The summaries point into the caller's arrays. */
        CHECK(out[0].tokens >= ids && out[0].tokens + 9 <= ids + max_tokens);
        CHECK(out[1].tokens >= ids && out[1].tokens + 4 <= ids + max_tokens);
        CHECK(out[0].sentence_ends >= ends && out[0].sentence_ends + 2 <= ends + max_tokens);
        CHECK(out[0].sentence_ends[0] == 6 && out[0].sentence_ends[1] == 9);
        CHECK(out[1].sentence_ends[0] == 4); /* relative to the text's own tokens */
        memcpy(all, out[0].tokens, 9 * sizeof all[0]);
        memcpy(all + 9, out[1].tokens, 4 * sizeof all[0]);
        memcpy(cls, cls0, sizeof cls0);
        memcpy(cls + 9, cls1, sizeof cls1);
        for (i = 0; i < 13; i++) {
            for (j = 0; j < i; j++) {
                check_at((all[i] == all[j]) == (cls[i] == cls[j]), __FILE__, __LINE__,
                         "tokens %lu and %lu: ids %u, %u", (unsigned long)i, (unsigned long)j, (unsigned)all[i],
                         (unsigned)all[j]);
            }
        }
    }
    free(ids);
    free(ends);
    free(scratch);

    /* No texts at all: (NULL, 0) everywhere. */
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic_sizes(NULL, 0, &words, &max_tokens));
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic(NULL, 0, NULL, 0, NULL, 0, NULL, g_big_scratch, words));
}

static void test_tokenize_errors_leave_outputs_untouched(void)
{
    static const char t0[] = "one two three\nfour five\n";
    static const char t1[] = "two four six";
    rouge_str texts[2], bad[2];
    rouge_summary out[2];
    uint32_t ids[32];
    size_t ends[32];
    size_t words = 0, max_tokens = 0;
    uint64_t *scratch;
    texts[0].ptr = t0, texts[0].len = sizeof t0 - 1; /* 5 tokens, 2 sentences */
    texts[1].ptr = t1, texts[1].len = sizeof t1 - 1; /* 3 tokens, 1 sentence */
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic_sizes(texts, 2, &words, &max_tokens));
    CHECK(max_tokens >= 8 && max_tokens <= 32);
    CHECK(words > 0);
    scratch = scratch_alloc(words + 1);

#define TOKENIZE_ERROR(expected, call)                                                          \
    do {                                                                                        \
        fill_sentinel(ids, sizeof ids);                                                         \
        fill_sentinel(ends, sizeof ends);                                                       \
        fill_sentinel(out, sizeof out);                                                         \
        CHECK_STATUS(expected, call);                                                           \
        CHECK(is_sentinel(ids, sizeof ids));                                                    \
        CHECK(is_sentinel(ends, sizeof ends));                                                  \
        CHECK(is_sentinel(out, sizeof out));                                                    \
    } while (0)

    /* NULL pointers with lengths. */
    TOKENIZE_ERROR(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic(NULL, 2, ids, 32, ends, 32, out, scratch, words));
    bad[0] = texts[0], bad[1].ptr = NULL, bad[1].len = 3;
    TOKENIZE_ERROR(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic(bad, 2, ids, 32, ends, 32, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic(texts, 2, NULL, 32, ends, 32, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic(texts, 2, ids, 32, NULL, 32, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic(texts, 2, ids, 32, ends, 32, NULL, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic(texts, 2, ids, 32, ends, 32, out, NULL, words));

    /* Scratch one word too small, none at all, misaligned. */
    TOKENIZE_ERROR(ROUGE_ERR_SCRATCH_TOO_SMALL,
                   rouge_tokenize_basic(texts, 2, ids, 32, ends, 32, out, scratch, words - 1));
    TOKENIZE_ERROR(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_tokenize_basic(texts, 2, ids, 32, ends, 32, out, NULL, 0));
    TOKENIZE_ERROR(ROUGE_ERR_SCRATCH_MISALIGNED,
                   rouge_tokenize_basic(texts, 2, ids, 32, ends, 32, out, (uint64_t *)(void *)((char *)scratch + 4),
                                        words));

    /* Outputs one short: 8 tokens, 3 sentence ends. (ids, 0) and (NULL, 0) are empty arrays. */
    TOKENIZE_ERROR(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_tokenize_basic(texts, 2, ids, 7, ends, 32, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_tokenize_basic(texts, 2, ids, 32, ends, 2, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_tokenize_basic(texts, 2, NULL, 0, ends, 32, out, scratch, words));

    /* Sizes that would overflow, refused before the texts are read. */
    bad[0] = texts[0], bad[1].ptr = t1, bad[1].len = SIZE_MAX;
    TOKENIZE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, rouge_tokenize_basic(bad, 2, ids, 32, ends, 32, out, scratch, words));
    bad[1].len = SIZE_MAX / 2 + 1;
    TOKENIZE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, rouge_tokenize_basic(bad, 2, ids, 32, ends, 32, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_INPUT_TOO_LONG,
                   rouge_tokenize_basic(texts, SIZE_MAX / 2, ids, 32, ends, 32, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_INPUT_TOO_LONG,
                   rouge_tokenize_basic(texts, 2, ids, SIZE_MAX / 2, ends, 32, out, scratch, words));
    TOKENIZE_ERROR(ROUGE_ERR_INPUT_TOO_LONG,
                   rouge_tokenize_basic(texts, 2, ids, 32, ends, SIZE_MAX / 4, out, scratch, words));
#undef TOKENIZE_ERROR

    /* Exactly the sizes needed succeed. */
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic(texts, 2, ids, 8, ends, 3, out, scratch, words));
    CHECK(out[0].len == 5 && out[1].len == 3 && out[0].sentence_count == 2 && out[1].sentence_count == 1);
    free(scratch);
}

static void test_tokenize_sizes_errors_leave_outputs_untouched(void)
{
    static const char t0[] = "abc def";
    rouge_str texts[2];
    size_t words, max_tokens;
    texts[0].ptr = t0, texts[0].len = sizeof t0 - 1;
    texts[1].ptr = NULL, texts[1].len = 0;
    fill_sentinel(&words, sizeof words);
    fill_sentinel(&max_tokens, sizeof max_tokens);
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic_sizes(texts, 2, NULL, &max_tokens));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic_sizes(texts, 2, &words, NULL));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic_sizes(NULL, 2, &words, &max_tokens));
    texts[1].len = 1; /* NULL text with a length */
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_tokenize_basic_sizes(texts, 2, &words, &max_tokens));
    /* Lengths above ROUGE_MAX_INPUT_LEN or whose byte size overflows. rouge_tokenize_basic_sizes only
     * adds the lengths, so a valid-looking huge length is safe here. */
    texts[1].ptr = t0, texts[1].len = SIZE_MAX / 2;
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_tokenize_basic_sizes(texts, 2, &words, &max_tokens));
    texts[1].len = SIZE_MAX;
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_tokenize_basic_sizes(texts, 2, &words, &max_tokens));
    texts[1].len = (size_t)ROUGE_MAX_INPUT_LEN;
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_tokenize_basic_sizes(texts, 2, &words, &max_tokens));
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_tokenize_basic_sizes(texts, SIZE_MAX / 2, &words, &max_tokens));
    CHECK(is_sentinel(&words, sizeof words));
    CHECK(is_sentinel(&max_tokens, sizeof max_tokens));
}

/* ------------------------------------------------------------------------------------------ */
/* Reentrancy                                                                                  */
/* ------------------------------------------------------------------------------------------ */

enum { R_CAND = 300, R_REF0 = 260, R_REF1 = 340, R_THREADS = 4, R_ITERS = 8 };

struct shared_pair {
    uint32_t cand[R_CAND], ref0[R_REF0], ref1[R_REF1];
    size_t cand_ends[R_CAND / 20], ref0_ends[R_REF0 / 20], ref1_ends[R_REF1 / 20];
    rouge_summary c, r[2];
    rouge_metric ms[NBM];
    rouge_options o;
    rouge_result expected[NBM];
};

struct worker {
    const struct shared_pair *pair;
    size_t words;
    rouge_status status;
    int mismatches;
};

static void *worker_main(void *arg)
{
    struct worker *w = (struct worker *)arg;
    const struct shared_pair *sp = w->pair;
    uint64_t *scratch = scratch_alloc(w->words);
    int it;
    w->status = ROUGE_OK;
    w->mismatches = 0;
    for (it = 0; it < R_ITERS; it++) {
        rouge_result out[NBM];
        rouge_status s = rouge_score_pair(&sp->c, sp->r, 2, sp->ms, NBM, &sp->o, scratch, w->words, out);
        if (s != ROUGE_OK) {
            w->status = s;
            break;
        }
        if (memcmp(out, sp->expected, sizeof out) != 0) {
            w->mismatches++;
        }
    }
    free(scratch);
    return NULL;
}

static void fill_tokens(uint32_t *t, size_t n, uint32_t *state)
{
    size_t i;
    for (i = 0; i < n; i++) {
        *state = *state * 1664525u + 1013904223u; /* LCG */
        t[i] = (*state >> 16) % 40u;
    }
}

static void test_reentrant_from_threads(void)
{
    static struct shared_pair sp;
    struct worker workers[R_THREADS];
    pthread_t threads[R_THREADS];
    int started[R_THREADS];
    rouge_dims d;
    size_t words = 0, i;
    uint32_t state = 12345u;
    uint64_t *scratch;
    fill_tokens(sp.cand, R_CAND, &state);
    fill_tokens(sp.ref0, R_REF0, &state);
    fill_tokens(sp.ref1, R_REF1, &state);
    for (i = 0; i < COUNT(sp.cand_ends); i++) sp.cand_ends[i] = (i + 1) * 20 - (i % 3);
    for (i = 0; i < COUNT(sp.ref0_ends); i++) sp.ref0_ends[i] = (i + 1) * 20 - (i % 5);
    for (i = 0; i < COUNT(sp.ref1_ends); i++) sp.ref1_ends[i] = (i + 1) * 20 - (i % 7);
    sp.c = summary(sp.cand, R_CAND, sp.cand_ends, COUNT(sp.cand_ends));
    sp.r[0] = summary(sp.ref0, R_REF0, sp.ref0_ends, COUNT(sp.ref0_ends));
    sp.r[1] = summary(sp.ref1, R_REF1, sp.ref1_ends, COUNT(sp.ref1_ends));
    for (i = 0; i < NBM; i++) {
        sp.ms[i] = METRIC(BATCH_METRICS[i]);
    }
    sp.o = OPTIONS(ROUGE_FLAVOUR_PERL);
    sp.o.jackknife = 1;
    CHECK_STATUS(ROUGE_OK, rouge_dims_of(&sp.c, sp.r, 2, &d));
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(sp.ms, NBM, &sp.o, &d, &words));
    scratch = scratch_alloc(words);
    CHECK_STATUS(ROUGE_OK, rouge_score_pair(&sp.c, sp.r, 2, sp.ms, NBM, &sp.o, scratch, words, sp.expected));
    free(scratch);

    for (i = 0; i < R_THREADS; i++) {
        workers[i].pair = &sp;
        workers[i].words = words;
        workers[i].status = ROUGE_ERR_INVALID_ARGUMENT;
        workers[i].mismatches = -1;
        started[i] = pthread_create(&threads[i], NULL, worker_main, &workers[i]) == 0;
        CHECK(started[i]);
    }
    for (i = 0; i < R_THREADS; i++) {
        if (started[i]) {
            CHECK(pthread_join(threads[i], NULL) == 0);
            check_at(workers[i].status == ROUGE_OK, __FILE__, __LINE__, "thread %lu: %s", (unsigned long)i,
                     rouge_status_str(workers[i].status));
            check_at(workers[i].mismatches == 0, __FILE__, __LINE__, "thread %lu: %d results differ",
                     (unsigned long)i, workers[i].mismatches);
        }
    }
}

/* ------------------------------------------------------------------------------------------ */

/* Reads rouge1, rouge2, rougeL and rougeLsum from one stream. */
static rouge_status stream_read(const uint64_t *state, size_t words, rouge_result out[4])
{
    const uint64_t *states[1];
    size_t sizes[1];
    rouge_metric ms[4];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    states[0] = state;
    sizes[0] = words;
    ms[0] = METRIC("rouge1");
    ms[1] = METRIC("rouge2");
    ms[2] = METRIC("rougeL");
    ms[3] = METRIC("rougeLsum");
    return rouge_stream_score(states, sizes, 1, ms, 4, &o, out);
}

static void test_stream_hand_case_and_one_shot(void)
{
    /*
     * Reference [1 2 5]; candidate pushed token by token: 1 2 | 3 4 | (| = sentence end).
     * After "1":       rouge1 hit 1 (ref 3, cand 1); rouge2 hit 0 (ref 2, cand 0); L 1.
     * After "1 2":     rouge1 2 (3, 2); rouge2 1 (2, 1): the bigram 12; L 2.
     * End of sentence: Lsum, union LCS of [1 2 5] with [1 2] = {1, 2}: hit 2 (3, 2).
     * After "1 2 3":   rouge1 2 (3, 3); rouge2 1 (2, 2); L 2; Lsum unchanged (2, 3, 2).
     * After "1 2 3 4": rouge1 2 (3, 4); rouge2 1 (2, 3); L 2; after the end: Lsum 2 (3, 4).
     */
    static const double want[4][3][3] = {
        {{1, 3, 1}, {0, 2, 0}, {1, 3, 1}},
        {{2, 3, 2}, {1, 2, 1}, {2, 3, 2}},
        {{2, 3, 3}, {1, 2, 2}, {2, 3, 3}},
        {{2, 3, 4}, {1, 2, 3}, {2, 3, 4}},
    };
    static const uint32_t cand[] = {1, 2, 3, 4};
    static const size_t cand_ends[] = {2, 4};
    rouge_stream_config cfg;
    rouge_summary ref = summary(A_REF, 3, NULL, 0), c;
    rouge_result out[4], one[4];
    rouge_metric ms[4];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    size_t words = 0, i, k, scratch_words;
    uint64_t *state, *scratch;
    rouge_dims dims;
    memset(&cfg, 0, sizeof cfg);
    cfg.max_n = 2;
    cfg.lcs = 1;
    cfg.lsum = 1;
    cfg.max_sentence_len = 8;
    CHECK_STATUS(ROUGE_OK, rouge_stream_words(&ref, &cfg, &words));
    state = scratch_alloc(words);
    CHECK_STATUS(ROUGE_OK, rouge_stream_init(state, words, &ref, &cfg));
    for (k = 0; k < 2; k++) { /* the second round after a reset gives the same numbers */
        if (k == 1) CHECK_STATUS(ROUGE_OK, rouge_stream_reset(state, words));
        for (i = 0; i < 4; i++) {
            size_t m;
            CHECK_STATUS(ROUGE_OK, rouge_stream_push(state, words, cand[i]));
            if (i == 1 || i == 3) CHECK_STATUS(ROUGE_OK, rouge_stream_end_sentence(state, words));
            CHECK_STATUS(ROUGE_OK, stream_read(state, words, out));
            for (m = 0; m < 3; m++) CHECK_COUNTS(out[m], want[i][m][0], want[i][m][1], want[i][m][2]);
            if (i == 1) CHECK_COUNTS(out[3], 2, 3, 2);
            if (i == 2) CHECK_COUNTS(out[3], 2, 3, 2);
            if (i == 3) CHECK_COUNTS(out[3], 2, 3, 4);
        }
    }
    /* The end state equals the one-shot call on the whole candidate, bit for bit. */
    c = summary(cand, 4, cand_ends, 2);
    ms[0] = METRIC("rouge1");
    ms[1] = METRIC("rouge2");
    ms[2] = METRIC("rougeL");
    ms[3] = METRIC("rougeLsum");
    CHECK_STATUS(ROUGE_OK, rouge_dims_of(&c, &ref, 1, &dims));
    CHECK_STATUS(ROUGE_OK, rouge_scratch_words(ms, 4, &o, &dims, &scratch_words));
    scratch = scratch_alloc(scratch_words);
    CHECK_STATUS(ROUGE_OK, rouge_score_pair(&c, &ref, 1, ms, 4, &o, scratch, scratch_words, one));
    CHECK(memcmp(out, one, sizeof out) == 0);
    free(scratch);
    free(state);
}

static void test_stream_errors_leave_state_and_output_untouched(void)
{
    rouge_stream_config cfg;
    rouge_summary ref = summary(A_REF, 3, NULL, 0);
    size_t words = 0, w2;
    uint64_t *state, *copy, *garbage;
    rouge_result out[4], sentinel[4];
    const uint64_t *states[1];
    size_t sizes[1];
    rouge_metric m4 = METRIC("rouge4");
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    memset(&cfg, 0, sizeof cfg);
    cfg.max_n = 1;
    cfg.lsum = 1;
    cfg.max_sentence_len = 1;
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_stream_words(NULL, &cfg, &words));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_stream_words(&ref, NULL, &words));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_stream_words(&ref, &cfg, NULL));
    CHECK(ROUGE_STREAM_MAX_N == 32 && STREAM_MAX_N == ROUGE_STREAM_MAX_N);
    cfg.max_n = ROUGE_STREAM_MAX_N + 1;
    w2 = 12345;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_stream_words(&ref, &cfg, &w2));
    CHECK(w2 == 12345);
    cfg.max_n = 1;
    CHECK_STATUS(ROUGE_OK, rouge_stream_words(&ref, &cfg, &words));
    state = scratch_alloc(words + 1);
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_stream_init(state, words - 1, &ref, &cfg));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_MISALIGNED,
                 rouge_stream_init((uint64_t *)(void *)((char *)state + 4), words, &ref, &cfg));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_stream_init(NULL, words, &ref, &cfg));
    /* A buffer that was never set up is not a stream. */
    garbage = scratch_alloc(words);
    memset(garbage, 0x5A, words * sizeof *garbage);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_stream_push(garbage, words, 1));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_stream_end_sentence(garbage, words));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_stream_reset(garbage, words));
    free(garbage);
    CHECK_STATUS(ROUGE_OK, rouge_stream_init(state, words, &ref, &cfg));
    CHECK_STATUS(ROUGE_OK, rouge_stream_push(state, words, 1));
    /* A sentence longer than max_sentence_len is refused and changes nothing. */
    copy = scratch_alloc(words);
    memcpy(copy, state, words * sizeof *state);
    CHECK_STATUS(ROUGE_ERR_INPUT_TOO_LONG, rouge_stream_push(state, words, 2));
    CHECK(memcmp(copy, state, words * sizeof *state) == 0);
    /* Reading a metric the stream does not track, or from no stream, writes nothing. */
    states[0] = state;
    sizes[0] = words;
    fill_sentinel(out, sizeof out);
    memcpy(sentinel, out, sizeof out);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_stream_score(states, sizes, 1, &m4, 1, &o, out));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_stream_score(states, sizes, 0, &m4, 1, &o, out));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_stream_score(NULL, sizes, 1, &m4, 1, &o, out));
    CHECK(memcmp(out, sentinel, sizeof out) == 0);
    free(copy);
    free(state);
}

static rouge_result corpus_result(double p, double r, double f, double hit, double rt, double ct)
{
    rouge_result x;
    memset(&x, 0, sizeof x);
    x.score.precision = p;
    x.score.recall = r;
    x.score.fmeasure = f;
    x.counts.hit = hit;
    x.counts.reference_total = rt;
    x.counts.candidate_total = ct;
    return x;
}

static void test_corpus_macro_micro_bootstrap_hand_case(void)
{
    /*
     * Two pairs, one metric (rouge1):
     *   pair 0: hit 1, reference 1, candidate 2 -> P 1/2, R 1, F 2/3;
     *   pair 1: hit 1, reference 2, candidate 1 -> P 1, R 1/2, F 2/3.
     * Macro: P = R = 3/4, F = 2/3. Micro (pooled): hit 2, reference 3, candidate 3 -> 2/3 each.
     * Bootstrap: every resample's mean F is 2/3, so low = mid = high = 2/3 (Perl: printed
     * 0.66667); mean P and R of a resample lie in [1/2, 1].
     */
    rouge_result pairs[2];
    rouge_score macro;
    rouge_result micro;
    rouge_aggregate agg, agg2;
    rouge_bootstrap_options bo;
    rouge_metric m = METRIC("rouge1");
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    size_t words = 0;
    uint64_t *scratch;
    int method;
    pairs[0] = corpus_result(0.5, 1.0, 2.0 / 3, 1, 1, 2);
    pairs[1] = corpus_result(1.0, 0.5, 2.0 / 3, 1, 2, 1);
    CHECK_STATUS(ROUGE_OK, rouge_corpus_macro(pairs, 2, 1, &macro));
    CHECK_NEAR(macro.precision, 0.75, TOL);
    CHECK_NEAR(macro.recall, 0.75, TOL);
    CHECK_NEAR(macro.fmeasure, 2.0 / 3, TOL);
    CHECK_STATUS(ROUGE_OK, rouge_corpus_micro(pairs, 2, &m, 1, &o, &micro));
    CHECK_COUNTS(micro, 2, 3, 3);
    CHECK_NEAR(micro.score.precision, 2.0 / 3, TOL);
    CHECK_NEAR(micro.score.fmeasure, 2.0 / 3, TOL);
    for (method = 0; method < 2; method++) {
        uint32_t meth = method == 0 ? ROUGE_BOOTSTRAP_ROUGE_SCORE : ROUGE_BOOTSTRAP_PERL;
        CHECK_STATUS(ROUGE_OK, rouge_bootstrap_options_init(meth, &bo));
        CHECK(bo.method == meth && bo.samples == 1000 && bo.confidence == 0.95);
        bo.seed = 42;
        CHECK_STATUS(ROUGE_OK, rouge_bootstrap_scratch_words(&bo, &words));
        scratch = scratch_alloc(words);
        CHECK_STATUS(ROUGE_OK, rouge_corpus_bootstrap(pairs, 2, 1, &bo, scratch, words, &agg));
        CHECK_NEAR(agg.low.fmeasure, method == 0 ? 2.0 / 3 : 0.66667, 1e-12);
        CHECK_NEAR(agg.mid.fmeasure, method == 0 ? 2.0 / 3 : 0.66667, 1e-12);
        CHECK_NEAR(agg.high.fmeasure, method == 0 ? 2.0 / 3 : 0.66667, 1e-12);
        CHECK(agg.low.precision >= 0.5 && agg.low.precision <= agg.mid.precision &&
              agg.mid.precision <= agg.high.precision && agg.high.precision <= 1.0);
        /* Deterministic for a seed; the scratch contents do not matter. */
        memset(scratch, 0xA5, words * sizeof *scratch);
        CHECK_STATUS(ROUGE_OK, rouge_corpus_bootstrap(pairs, 2, 1, &bo, scratch, words, &agg2));
        CHECK(memcmp(&agg, &agg2, sizeof agg) == 0);
        free(scratch);
    }
}

static void test_corpus_errors_leave_output_untouched(void)
{
    rouge_result pairs[2];
    rouge_score macro, macro0;
    rouge_result micro, micro0;
    rouge_aggregate agg, agg0;
    rouge_bootstrap_options bo, bad;
    rouge_metric m = METRIC("rouge1");
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    size_t words = 0;
    uint64_t *scratch;
    pairs[0] = corpus_result(0.5, 1.0, 2.0 / 3, 1, 1, 2);
    pairs[1] = corpus_result(1.0, 0.5, 2.0 / 3, 1, 2, 1);
    fill_sentinel(&macro, sizeof macro);
    memcpy(&macro0, &macro, sizeof macro);
    fill_sentinel(&micro, sizeof micro);
    memcpy(&micro0, &micro, sizeof micro);
    fill_sentinel(&agg, sizeof agg);
    memcpy(&agg0, &agg, sizeof agg);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_corpus_macro(pairs, 0, 1, &macro));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_corpus_macro(NULL, 2, 1, &macro));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_corpus_micro(pairs, 0, &m, 1, &o, &micro));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_corpus_micro(pairs, 2, &m, 1, NULL, &micro));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_bootstrap_options_init(7, &bo));
    CHECK_STATUS(ROUGE_OK, rouge_bootstrap_options_init(ROUGE_BOOTSTRAP_ROUGE_SCORE, &bo));
    CHECK_STATUS(ROUGE_OK, rouge_bootstrap_scratch_words(&bo, &words));
    scratch = scratch_alloc(words);
    bad = bo;
    bad.samples = 0;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_corpus_bootstrap(pairs, 2, 1, &bad, scratch, words, &agg));
    bad = bo;
    bad.confidence = 1.0;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_corpus_bootstrap(pairs, 2, 1, &bad, scratch, words, &agg));
    bad = bo;
    bad.method = 9;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_corpus_bootstrap(pairs, 2, 1, &bad, scratch, words, &agg));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_corpus_bootstrap(pairs, 0, 1, &bo, scratch, words, &agg));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_corpus_bootstrap(pairs, 2, 1, &bo, scratch, words - 1, &agg));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_MISALIGNED,
                 rouge_corpus_bootstrap(pairs, 2, 1, &bo, (uint64_t *)(void *)((char *)scratch + 4), words - 1, &agg));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_corpus_bootstrap(pairs, 2, 1, &bo, scratch, words, NULL));
    CHECK(memcmp(&macro, &macro0, sizeof macro) == 0);
    CHECK(memcmp(&micro, &micro0, sizeof micro) == 0);
    CHECK(memcmp(&agg, &agg0, sizeof agg) == 0);
    free(scratch);
}

static rouge_str text_of(const char *s)
{
    rouge_str t;
    t.ptr = s;
    t.len = strlen(s);
    return t;
}

/* Scores candidate vs one reference text with rouge1..rouge4, rougeL, rougeLsum. */
static rouge_status score_text6(const char *cand, const char *ref, const rouge_text_options *topt, rouge_result out[6])
{
    static const char *const names[6] = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum"};
    rouge_metric ms[6];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_str c = text_of(cand), r = text_of(ref);
    rouge_text_dims dims;
    size_t words = 0, i;
    uint64_t *scratch;
    rouge_status s;
    for (i = 0; i < 6; i++) ms[i] = METRIC(names[i]);
    s = rouge_text_dims_of(&c, &r, 1, &dims);
    if (s != ROUGE_OK) return s;
    s = rouge_text_scratch_words(ms, 6, &o, topt, &dims, &words);
    if (s != ROUGE_OK) return s;
    scratch = scratch_alloc(words);
    s = rouge_score_text(&c, &r, 1, ms, 6, &o, topt, scratch, words, out);
    /* One word less is refused: the size query is exact. */
    if (s == ROUGE_OK && words > 0) {
        rouge_result again[6];
        check_at(rouge_score_text(&c, &r, 1, ms, 6, &o, topt, scratch, words - 1, again) ==
                     ROUGE_ERR_SCRATCH_TOO_SMALL,
                 __FILE__, __LINE__, "rouge_score_text with one scratch word less");
    }
    free(scratch);
    return s;
}

static void test_score_text_tokenisers(void)
{
    rouge_text_options t;
    rouge_result out[6];
    size_t i;
    /* seed-police (rouge-score 0.1.2, no stemmer): rouge1 .75, rouge2 1/3, rouge3 0, rougeL .75. */
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    CHECK_STATUS(ROUGE_OK, score_text6("police kill the gunman", "police killed the gunman", &t, out));
    CHECK_PRF(out[0], 0.75, 0.75, 0.75, TOL_SEED);
    CHECK_PRF(out[1], 1.0 / 3, 1.0 / 3, 1.0 / 3, TOL_SEED);
    CHECK_PRF(out[2], 0, 0, 0, TOL_SEED);
    CHECK_PRF(out[4], 0.75, 0.75, 0.75, TOL_SEED);
    /* With the stemmer (NLTK Porter: killed -> kill, police -> polic on both sides) every
     * n-gram matches: 4/4 unigrams, 3/3 bigrams, 2/2 trigrams, 1/1 4-gram, LCS 4. */
    t.stem = 1;
    CHECK_STATUS(ROUGE_OK, score_text6("police kill the gunman", "police killed the gunman", &t, out));
    for (i = 0; i < 6; i++) CHECK_PRF(out[i], 1, 1, 1, TOL);
    /* rouge-score lowercases as Python does: KELVIN SIGN (U+212A) becomes 'k'. ROUGE-1.5.5 and
     * the basic tokeniser drop every non-ASCII byte, so there it matches nothing. */
    t.stem = 0;
    CHECK_STATUS(ROUGE_OK, score_text6("\xE2\x84\xAA", "k", &t, out));
    CHECK_PRF(out[0], 1, 1, 1, TOL);
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_PERL, &t));
    CHECK_STATUS(ROUGE_OK, score_text6("\xE2\x84\xAA", "k", &t, out));
    CHECK_PRF(out[0], 0, 0, 0, TOL);
    /* Unicode mode: every CJK ideograph is a token. U+4E2D U+6587 vs U+4E2D U+56FD share one of
     * two: P = R = F = 1/2. rouge-score's tokeniser sees no token at all there. */
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_UNICODE, &t));
    CHECK_STATUS(ROUGE_OK, score_text6("\xE4\xB8\xAD\xE6\x96\x87", "\xE4\xB8\xAD\xE5\x9B\xBD", &t, out));
    CHECK_PRF(out[0], 0.5, 0.5, 0.5, TOL);
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    CHECK_STATUS(ROUGE_OK, score_text6("\xE4\xB8\xAD\xE6\x96\x87", "\xE4\xB8\xAD\xE5\x9B\xBD", &t, out));
    CHECK_PRF(out[0], 0, 0, 0, TOL);
}

/* rouge-score-rs's profiles: the rougers crate 0.2.1's values, bit for bit
 * (RougeScorer::with_tokenizer(.., Tokenizer::unicode() / character()).score(ref, cand)). */
static void test_rouge_score_rs_tokenizers(void)
{
    rouge_text_options t;
    rouge_result out[6];
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_UNICODE_V1, &t));
    CHECK_STATUS(ROUGE_OK, score_text6("\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82, \xD0\xBC\xD0\xB8\xD1\x80! "
                                       "Don't pay $3.50 for e-mail.",
                                       "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 \xD0\xBC\xD0\xB8\xD1\x80, "
                                       "don't pay 3.50 dollars",
                                       &t, out));
    CHECK_PRF(out[0], 0.625, 0.8333333333333334, 0.7142857142857143, 0);
    CHECK_PRF(out[1], 0.5714285714285714, 0.8, 0.6666666666666666, 0);
    CHECK_PRF(out[4], 0.625, 0.8333333333333334, 0.7142857142857143, 0);
    CHECK_PRF(out[5], 0.625, 0.8333333333333334, 0.7142857142857143, 0);
    /* character-v1: 我爱北京天安门。 against 我爱上海。 */
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_CHARACTER_V1, &t));
    CHECK_STATUS(ROUGE_OK, score_text6("\xE6\x88\x91\xE7\x88\xB1\xE5\x8C\x97\xE4\xBA\xAC\xE5\xA4\xA9\xE5\xAE\x89\xE9\x97\xA8\xE3\x80\x82",
                                       "\xE6\x88\x91\xE7\x88\xB1\xE4\xB8\x8A\xE6\xB5\xB7\xE3\x80\x82", &t, out));
    CHECK_PRF(out[0], 0.2857142857142857, 0.5, 0.36363636363636365, 0);
    CHECK_PRF(out[1], 0.16666666666666666, 0.3333333333333333, 0.2222222222222222, 0);
    CHECK_PRF(out[4], 0.2857142857142857, 0.5, 0.36363636363636365, 0);
    /* They never stem. */
    t.stem = 1;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, score_text6("a", "a", &t, out));
}

static void test_tokenize_with_options(void)
{
    /* "cats" and "cat" stem to one id with rouge-score's stemmer (NLTK: cats -> cat); the
     * sentences of "A b.\nc" end after 2 and 3 tokens. */
    rouge_str texts[2];
    rouge_text_options t;
    size_t words = 0, max_tokens = 0;
    uint32_t ids[16];
    size_t ends[16];
    rouge_summary out[2];
    uint64_t *scratch;
    texts[0] = text_of("cats A b.\nc");
    texts[1] = text_of("cat");
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    t.stem = 1;
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_scratch_words(texts, 2, &t, &words, &max_tokens));
    CHECK(max_tokens <= 16);
    scratch = scratch_alloc(words);
    CHECK_STATUS(ROUGE_OK, rouge_tokenize(texts, 2, &t, ids, 16, ends, 16, out, scratch, words));
    CHECK(out[0].len == 4 && out[1].len == 1);
    CHECK(out[0].tokens[0] == out[1].tokens[0]);
    CHECK(out[0].sentence_count == 2 && out[0].sentence_ends[0] == 3 && out[0].sentence_ends[1] == 4);
    free(scratch);
}

static void test_text_errors_leave_outputs_untouched(void)
{
    rouge_text_options t, bad;
    rouge_result out[6], sentinel[6];
    rouge_text_dims dims;
    rouge_str bad_utf8 = {"caf\xC3", 4}, ok = {"a b", 3};
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_options_init(99, &t));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_options_init(ROUGE_TOKENIZER_PERL, NULL));
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    fill_sentinel(out, sizeof out);
    memcpy(sentinel, out, sizeof out);
    CHECK_STATUS(ROUGE_ERR_INVALID_UTF8, score_text6("caf\xC3", "cafe", &t, out));
    CHECK_STATUS(ROUGE_ERR_INVALID_UTF8, score_text6("a", "caf\xC3", &t, out));
    /* The size query only measures bytes and lines; the scoring call checks the encoding. */
    CHECK_STATUS(ROUGE_OK, rouge_text_dims_of(&bad_utf8, &ok, 1, &dims));
    CHECK(dims.candidate_bytes == 4);
    bad = t;
    bad.stopwords = 1; /* stop words are ROUGE-1.5.5's option */
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, score_text6("a b", "a b", &bad, out));
    bad = t;
    bad.tokenizer = 42;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, score_text6("a b", "a b", &bad, out));
    CHECK(memcmp(out, sentinel, sizeof out) == 0);
}

static void test_text_embedded_nul_refused(void)
{
    rouge_text_options t;
    rouge_metric m = METRIC("rouge1");
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_str c = {"a\0b", 3}, r = {"a b", 3};
    rouge_result out, sentinel;
    uint64_t scratch[4096];
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    fill_sentinel(&out, sizeof out);
    memcpy(&sentinel, &out, sizeof out);
    CHECK_STATUS(ROUGE_ERR_EMBEDDED_NUL, rouge_score_text(&c, &r, 1, &m, 1, &o, &t, scratch, 4096, &out));
    CHECK(memcmp(&out, &sentinel, sizeof out) == 0);
}

/* The prepared text scorer gives rouge_score_text's results, bit for bit, on texts within its
 * dims (short and long references, a reference of more than 128 words taking the general
 * path), and refuses the rest with outputs untouched. */
static void test_text_scorer_matches_score_text(void)
{
    static const char *const names[4] = {"rouge1", "rouge2", "rougeL", "rougeLsum"};
    static const char *const cands[3] = {"the cat sat\non the mat", "a b c d\ne f", "x y z"};
    char long_ref[1024];
    const char *refs[3] = {"a cat sat on\nthe mat today", "b c a d\nf e", NULL};
    rouge_metric ms[4];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_text_options t;
    rouge_text_dims dims, d;
    rouge_text_scorer scorer, untouched;
    rouge_result got[4], want[4], sentinel[4];
    size_t i, words = 0;
    uint64_t *scratch;
    rouge_str c, r, two[2];
    for (i = 0; i < 4; i++) ms[i] = METRIC(names[i]);
    /* 200 words: beyond the short path's 128. */
    for (i = 0; i < 200; i++) memcpy(long_ref + 2 * i, i % 3 ? "y " : "x ", 2);
    long_ref[399] = '\0';
    refs[2] = long_ref;
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    memset(&dims, 0, sizeof dims);
    for (i = 0; i < 3; i++) {
        c = text_of(cands[i]);
        r = text_of(refs[i]);
        CHECK_STATUS(ROUGE_OK, rouge_text_dims_of(&c, &r, 1, &d));
        dims.reference_count = 1;
        if (d.candidate_bytes > dims.candidate_bytes) dims.candidate_bytes = d.candidate_bytes;
        if (d.reference_bytes > dims.reference_bytes) dims.reference_bytes = d.reference_bytes;
        if (d.candidate_line_bytes > dims.candidate_line_bytes) dims.candidate_line_bytes = d.candidate_line_bytes;
        if (d.reference_line_bytes > dims.reference_line_bytes) dims.reference_line_bytes = d.reference_line_bytes;
    }
    CHECK_STATUS(ROUGE_OK, rouge_text_scorer_init(ms, 4, &o, &t, &dims, &scorer));
    CHECK_STATUS(ROUGE_OK, rouge_text_scratch_words(ms, 4, &o, &t, &dims, &words));
    CHECK(scorer.scratch_words == words);
    CHECK(scorer.metric_count == 4 && scorer.metrics == ms);
    scratch = scratch_alloc(words);
    for (i = 0; i < 3; i++) {
        c = text_of(cands[i]);
        r = text_of(refs[i]);
        CHECK_STATUS(ROUGE_OK, rouge_score_text(&c, &r, 1, ms, 4, &o, &t, scratch, words, want));
        fill_sentinel(got, sizeof got);
        CHECK_STATUS(ROUGE_OK, rouge_text_scorer_score(&scorer, &c, &r, 1, scratch, words, got));
        CHECK(memcmp(got, want, sizeof got) == 0);
    }
    CHECK(want[0].counts.hit > 0);
    /* cpu_features set by hand (feature bits without their check, a check bit flipped,
     * garbage): it fails its check, so the scorer runs the portable code, with the same
     * results; it never selects an instruction set the processor lacks. */
    {
        rouge_text_scorer forged = scorer;
        const uint32_t values[5] = {1u, 3u, 0xFFu, 0xFFFFFFFFu, scorer.cpu_features ^ 0x100u};
        size_t k;
        for (k = 0; k < 5; k++) {
            forged.cpu_features = values[k];
            for (i = 0; i < 3; i++) {
                c = text_of(cands[i]);
                r = text_of(refs[i]);
                CHECK_STATUS(ROUGE_OK, rouge_score_text(&c, &r, 1, ms, 4, &o, &t, scratch, words, want));
                fill_sentinel(got, sizeof got);
                CHECK_STATUS(ROUGE_OK, rouge_text_scorer_score(&forged, &c, &r, 1, scratch, words, got));
                CHECK(memcmp(got, want, sizeof got) == 0);
            }
        }
    }
    /* Refusals, outputs untouched: texts beyond the dims (a longer line, more bytes, two
     * references), one scratch word less, misaligned scratch, NULL pointers. */
    fill_sentinel(got, sizeof got);
    memcpy(sentinel, got, sizeof got);
    c = text_of("the cat sat on the mat");
    r = text_of(refs[0]);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_score(&scorer, &c, &r, 1, scratch, words, got));
    c = text_of("the cat sat on the mat and a dog and a bird and more");
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_score(&scorer, &c, &r, 1, scratch, words, got));
    c = text_of(cands[0]);
    two[0] = r;
    two[1] = r;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_score(&scorer, &c, two, 2, scratch, words, got));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_score(&scorer, &c, two, 0, scratch, words, got));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_text_scorer_score(&scorer, &c, &r, 1, scratch, words - 1, got));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_MISALIGNED,
                 rouge_text_scorer_score(&scorer, &c, &r, 1, (uint64_t *)(void *)((char *)scratch + 4), words - 1, got));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_score(NULL, &c, &r, 1, scratch, words, got));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_score(&scorer, NULL, &r, 1, scratch, words, got));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_score(&scorer, &c, &r, 1, scratch, words, NULL));
    CHECK(memcmp(got, sentinel, sizeof got) == 0);
    /* Init refuses bad metrics, options and NULLs, and leaves its output untouched. */
    fill_sentinel(&untouched, sizeof untouched);
    memcpy(&scorer, &untouched, sizeof scorer);
    ms[1].kind = 99;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_init(ms, 4, &o, &t, &dims, &scorer));
    ms[1] = METRIC("rouge2");
    t.tokenizer = 42;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_init(ms, 4, &o, &t, &dims, &scorer));
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_init(NULL, 4, &o, &t, &dims, &scorer));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_init(ms, 4, &o, &t, NULL, &scorer));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_init(ms, 4, &o, &t, &dims, NULL));
    CHECK(memcmp(&scorer, &untouched, sizeof scorer) == 0);
    free(scratch);
}

/* ------------------------------------------------------------------ for hosts like Python */

/* numpy's np.random.seed(0) state, words read from np.random.get_state(). */
static void test_mt19937_seed_is_numpys(void)
{
    rouge_mt19937 mt;
    CHECK_STATUS(ROUGE_OK, rouge_mt19937_seed(0, &mt));
    CHECK(mt.key[0] == 0 && mt.key[1] == 1 && mt.key[2] == 1812433255u);
    CHECK(mt.key[623] == 1796872496u);
    CHECK(mt.pos == 624);
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_mt19937_seed(0, NULL));
}

/* rouge-score 0.1.2's BootstrapAggregator(confidence_interval=c, n_samples=100) after
 * np.random.seed(42), three aggregations in a row (c = 0.95, 0, 1) of the same five scores:
 * values and numpy's state afterwards as Python printed them (%.17g). */
static void test_corpus_bootstrap_numpy_is_rouge_scores(void)
{
    const rouge_score scores[5] = {{0.5, 0.25, 1.0 / 3}, {1.0, 0.5, 2.0 / 3}, {0.0, 0.0, 0.0},
                                   {0.75, 0.6, 2 * 0.75 * 0.6 / 1.35}, {0.2, 0.9, 2 * 0.2 * 0.9 / 1.1}};
    const double confidence[3] = {0.95, 0.0, 1.0};
    const double want[3][9] = {
        {0.19475000000000003, 0.18950000000000006, 0.16384848484848499, 0.51500000000000001,
         0.44500000000000006, 0.39999999999999991, 0.80000000000000004, 0.6852499999999998,
         0.59999999999999987},
        {0.48000000000000009, 0.45000000000000001, 0.39757575757575758, 0.48000000000000009,
         0.45000000000000001, 0.39757575757575758, 0.48000000000000009, 0.45000000000000001,
         0.39757575757575758},
        {0.080000000000000002, 0.14999999999999999, 0.13090909090909092, 0.49000000000000005,
         0.42999999999999999, 0.39878787878787875, 0.80000000000000004, 0.73999999999999999,
         0.59999999999999987}};
    uint64_t scratch[300];
    rouge_mt19937 mt;
    CHECK_STATUS(ROUGE_OK, rouge_mt19937_seed(42, &mt));
    for (int k = 0; k < 3; k++) {
        rouge_aggregate a;
        CHECK_STATUS(ROUGE_OK, rouge_corpus_bootstrap_numpy(scores, 5, 1, 100, confidence[k], &mt,
                                                             scratch, 300, &a));
        const rouge_score *g[3] = {&a.low, &a.mid, &a.high};
        for (int j = 0; j < 3; j++) {
            CHECK(g[j]->precision == want[k][3 * j]);
            CHECK(g[j]->recall == want[k][3 * j + 1]);
            CHECK(g[j]->fmeasure == want[k][3 * j + 2]);
        }
    }
    CHECK(mt.key[0] == 959984865u && mt.key[623] == 2070103588u && mt.pos == 500);

    /* Errors leave the state and the output untouched. */
    rouge_mt19937 before = mt;
    rouge_aggregate out, sentinel;
    fill_sentinel(&out, sizeof out);
    memcpy(&sentinel, &out, sizeof out);
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_corpus_bootstrap_numpy(scores, 5, 1, 100, 1.5, &mt, scratch, 300, &out));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_corpus_bootstrap_numpy(scores, 5, 1, 100, -0.1, &mt, scratch, 300, &out));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_corpus_bootstrap_numpy(scores, 0, 1, 100, 0.95, &mt, scratch, 300, &out));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_corpus_bootstrap_numpy(scores, 5, 1, 0, 0.95, &mt, scratch, 300, &out));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL,
                 rouge_corpus_bootstrap_numpy(scores, 5, 1, 100, 0.95, &mt, scratch, 299, &out));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER,
                 rouge_corpus_bootstrap_numpy(scores, 5, 1, 100, 0.95, NULL, scratch, 300, &out));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER,
                 rouge_corpus_bootstrap_numpy(NULL, 5, 1, 100, 0.95, &mt, scratch, 300, &out));
    rouge_score nan_scores[5];
    memcpy(nan_scores, scores, sizeof scores);
    nan_scores[3].recall = g_zero / g_zero;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_corpus_bootstrap_numpy(nan_scores, 5, 1, 100, 0.95, &mt, scratch, 300, &out));
    mt.pos = 625;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_corpus_bootstrap_numpy(scores, 5, 1, 100, 0.95, &mt, scratch, 300, &out));
    mt.pos = before.pos;
    CHECK(memcmp(&mt, &before, sizeof mt) == 0);
    CHECK(memcmp(&out, &sentinel, sizeof out) == 0);
}

/* Tokens of rouge-score's tokenize(text, PorterStemmer()): ['the', 'cat', 'rank', 'na', 've',
 * '42'] (KELVIN SIGN lowercases to k; i-diaeresis separates), with their byte spans. */
static void test_text_tokens_spans_and_forms(void)
{
    const char *text = "The Cats ran\xe2\x84\xaa, na\xc3\xafve 42!";
    rouge_str t = {text, strlen(text)};
    rouge_text_options o;
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &o));
    o.stem = 1;
    size_t max_tokens, max_forms;
    CHECK_STATUS(ROUGE_OK, rouge_text_tokens_sizes(t.len, &o, &max_tokens, &max_forms));
    CHECK(max_tokens >= 6 && max_forms >= 16);
    rouge_token toks[64];
    uint8_t forms[64];
    size_t count = 0, used = 0;
    CHECK(max_tokens <= COUNT(toks) && max_forms <= sizeof forms);
    CHECK_STATUS(ROUGE_OK, rouge_text_tokens(&t, &o, toks, max_tokens, forms, max_forms, &count, &used));
    const char *want_forms[] = {"the", "cat", "rank", "na", "ve", "42"};
    const char *want_spans[] = {"The", "Cats", "ran\xe2\x84\xaa", "na", "ve", "42"};
    CHECK(count == 6 && used == 16);
    for (size_t i = 0; i < 6 && i < count; i++) {
        CHECK(toks[i].form_len == strlen(want_forms[i]));
        CHECK(memcmp(forms + toks[i].form_start, want_forms[i], toks[i].form_len) == 0);
        CHECK(toks[i].end - toks[i].start == strlen(want_spans[i]));
        CHECK(memcmp(text + toks[i].start, want_spans[i], toks[i].end - toks[i].start) == 0);
    }
    /* ROUGE-1.5.5's tokeniser with -s drops SMART stop words. */
    rouge_str p = {"the cats of a town", 18};
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_PERL, &o));
    o.stopwords = 1;
    CHECK_STATUS(ROUGE_OK, rouge_text_tokens(&p, &o, toks, COUNT(toks), forms, sizeof forms, &count, &used));
    CHECK(count == 2 && used == 8 && memcmp(forms, "catstown", 8) == 0);
    CHECK(toks[1].start == 14 && toks[1].end == 18);

    /* Refusals write nothing. */
    size_t c2 = 77, u2 = 77;
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &o));
    CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_text_tokens(&t, &o, toks, max_tokens - 1, forms, sizeof forms, &c2, &u2));
    CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_text_tokens(&t, &o, toks, COUNT(toks), forms, 3, &c2, &u2));
    rouge_str bad = {"a\xff", 2}, nul = {"a\0b", 3};
    CHECK_STATUS(ROUGE_ERR_INVALID_UTF8, rouge_text_tokens(&bad, &o, toks, COUNT(toks), forms, sizeof forms, &c2, &u2));
    CHECK_STATUS(ROUGE_ERR_EMBEDDED_NUL, rouge_text_tokens(&nul, &o, toks, COUNT(toks), forms, sizeof forms, &c2, &u2));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_tokens(&t, &o, toks, COUNT(toks), forms, sizeof forms, NULL, &u2));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_tokens_sizes(3, NULL, &max_tokens, &max_forms));
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_UNICODE, &o));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_tokens(&t, &o, toks, COUNT(toks), forms, sizeof forms, &c2, &u2));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_tokens_sizes(3, &o, &max_tokens, &max_forms));
    CHECK(c2 == 77 && u2 == 77);
}

/* The text batch gives, pair by pair, what rouge_text_scorer_score gives. */
static void test_text_scorer_batch_matches_single_calls(void)
{
    rouge_metric ms[3] = {METRIC("rouge1"), METRIC("rougeL"), METRIC("rougeLsum")};
    rouge_options opt = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_text_options t;
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &t));
    t.stem = 1;
    rouge_str cands[3] = {{"the cats sat\non the mat", 23}, {"", 0}, {"police killed the gunman", 24}};
    rouge_str refs[4] = {{"a cat sat on a mat", 18}, {"nothing", 7}, {"police kill the gunman", 22},
                         {"the gunman was shot\nby police", 29}};
    size_t offsets[4] = {0, 1, 2, 4};
    rouge_text_dims dims = {2, 64, 64, 64, 64};
    rouge_text_scorer scorer;
    CHECK_STATUS(ROUGE_OK, rouge_text_scorer_init(ms, 3, &opt, &t, &dims, &scorer));
    uint64_t *scratch = scratch_alloc(scorer.scratch_words);
    rouge_result batch[9], one[3];
    CHECK_STATUS(ROUGE_OK, rouge_text_scorer_score_batch(&scorer, cands, refs, offsets, 3, scratch,
                                                         scorer.scratch_words, batch, 9));
    for (size_t p = 0; p < 3; p++) {
        CHECK_STATUS(ROUGE_OK, rouge_text_scorer_score(&scorer, &cands[p], refs + offsets[p],
                                                       offsets[p + 1] - offsets[p], scratch,
                                                       scorer.scratch_words, one));
        CHECK(memcmp(one, batch + 3 * p, sizeof one) == 0);
    }
    /* rouge-score: "police killed the gunman" vs "police kill the gunman", stemmed: all 4 hit. */
    CHECK_PRF(batch[6], 1.0, 1.0, 1.0, TOL);
    rouge_result sentinel[9];
    fill_sentinel(batch, sizeof batch);
    memcpy(sentinel, batch, sizeof batch);
    CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_text_scorer_score_batch(&scorer, cands, refs, offsets, 3, scratch, scorer.scratch_words, batch, 8));
    size_t unordered[4] = {0, 2, 1, 4}, empty_pair[4] = {0, 1, 1, 4}, not_zero[4] = {1, 2, 3, 4};
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_score_batch(&scorer, cands, refs, unordered, 3, scratch, scorer.scratch_words, batch, 9));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_score_batch(&scorer, cands, refs, empty_pair, 3, scratch, scorer.scratch_words, batch, 9));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_score_batch(&scorer, cands, refs, not_zero, 3, scratch, scorer.scratch_words, batch, 9));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_score_batch(&scorer, cands, refs, NULL, 3, scratch, scorer.scratch_words, batch, 9));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_score_batch(NULL, cands, refs, offsets, 3, scratch, scorer.scratch_words, batch, 9));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_text_scorer_score_batch(&scorer, cands, refs, offsets, 3, scratch, scorer.scratch_words - 1, batch, 9));
    CHECK(memcmp(batch, sentinel, sizeof batch) == 0);
    CHECK_STATUS(ROUGE_OK, rouge_text_scorer_score_batch(&scorer, NULL, NULL, offsets, 0, scratch, scorer.scratch_words, NULL, 0));
    free(scratch);
}

/* ------------------------------------------------------------------------------------------ */
/* Outputs over inputs (issue 11, point 4): refused with nothing written                      */
/* ------------------------------------------------------------------------------------------ */

/*
 * Caller memory the arguments of one call are laid out in, so that an output can be put over
 * an input; OVERLAP_REFUSED checks the call answers ROUGE_ERR_INVALID_ARGUMENT and leaves every
 * byte of the arena as it was.
 */
static uint64_t g_arena[2048];
static uint64_t g_arena_before[2048];

#define ARENA(type, byte) ((type *)(void *)((unsigned char *)g_arena + (byte)))

#define OVERLAP_REFUSED(call)                                                                   \
    do {                                                                                        \
        memcpy(g_arena_before, g_arena, sizeof g_arena);                                        \
        CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, call);                                         \
        CHECK(memcmp(g_arena_before, g_arena, sizeof g_arena) == 0);                            \
    } while (0)

static void test_tokenize_outputs_over_inputs_refused(void)
{
    /* The text at byte 0, the texts array at 64; outputs laid out apart from 1024. */
    static const char t0[] = "the cat sat\non the mat";
    rouge_str *texts = ARENA(rouge_str, 64);
    rouge_text_options o;
    size_t words = 0, max_tokens = 0;
    memset(g_arena, 0x5a, sizeof g_arena);
    memcpy(ARENA(char, 0), t0, sizeof t0 - 1);
    texts->ptr = ARENA(char, 0), texts->len = sizeof t0 - 1;
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic_sizes(texts, 1, &words, &max_tokens));
    CHECK(max_tokens <= 16 && words <= 512);
    uint32_t *ids = ARENA(uint32_t, 1024);
    size_t *ends = ARENA(size_t, 1152);
    rouge_summary *out = ARENA(rouge_summary, 1280);
    uint64_t *scratch = ARENA(uint64_t, 4096);

    /* ids over the text bytes (the case of the issue), ends over them, out over the texts
     * array, the scratch over the text, ids over ends, out over the scratch. */
    OVERLAP_REFUSED(rouge_tokenize_basic(texts, 1, ARENA(uint32_t, 8), max_tokens, ends, 16, out, scratch, words));
    OVERLAP_REFUSED(rouge_tokenize_basic(texts, 1, ids, 16, ARENA(size_t, 8), 16, out, scratch, words));
    OVERLAP_REFUSED(rouge_tokenize_basic(texts, 1, ids, 16, ends, 16, ARENA(rouge_summary, 64), scratch, words));
    OVERLAP_REFUSED(rouge_tokenize_basic(texts, 1, ids, 16, ends, 16, out, ARENA(uint64_t, 0), words));
    OVERLAP_REFUSED(rouge_tokenize_basic(texts, 1, ids, 64, ends, 16, out, scratch, words));
    OVERLAP_REFUSED(rouge_tokenize_basic(texts, 1, ids, 16, ends, 16, ARENA(rouge_summary, 4096), scratch, words));

    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &o));
    OVERLAP_REFUSED(rouge_tokenize(texts, 1, &o, ARENA(uint32_t, 4), 16, ends, 16, out, scratch, 400));
    OVERLAP_REFUSED(rouge_tokenize(texts, 1, &o, ids, 16, ends, 16, out, ARENA(uint64_t, 1280), 400));

    /* Laid out apart, the same call succeeds: the cat sat / on the mat. */
    CHECK_STATUS(ROUGE_OK, rouge_tokenize_basic(texts, 1, ids, 16, ends, 16, out, scratch, words));
    CHECK(out->len == 6 && out->sentence_count == 2 && out->tokens == ids);
    CHECK(ids[0] == 0 && ids[1] == 1 && ids[2] == 2 && ids[3] == 3 && ids[4] == 0 && ids[5] == 4);
}

static void test_corpus_outputs_over_inputs_refused(void)
{
    /* Two pairs of one metric at byte 0 (96 bytes), as in the hand case above. */
    rouge_result *pairs = ARENA(rouge_result, 0);
    rouge_metric *m = ARENA(rouge_metric, 512);
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_bootstrap_options bo;
    size_t words = 0;
    memset(g_arena, 0x5a, sizeof g_arena);
    pairs[0] = corpus_result(0.5, 1.0, 2.0 / 3, 1, 1, 2);
    pairs[1] = corpus_result(1.0, 0.5, 2.0 / 3, 1, 2, 1);
    *m = METRIC("rouge1");
    CHECK_STATUS(ROUGE_OK, rouge_bootstrap_options_init(ROUGE_BOOTSTRAP_ROUGE_SCORE, &bo));
    bo.samples = 100;
    CHECK_STATUS(ROUGE_OK, rouge_bootstrap_scratch_words(&bo, &words));
    CHECK(words == 612);
    uint64_t *scratch = ARENA(uint64_t, 8192);

    /* bootstrap: out over the second pair (the case of the issue), the scratch over the pairs,
     * out over the scratch. */
    OVERLAP_REFUSED(rouge_corpus_bootstrap(pairs, 2, 1, &bo, scratch, words, ARENA(rouge_aggregate, 48)));
    OVERLAP_REFUSED(rouge_corpus_bootstrap(pairs, 2, 1, &bo, ARENA(uint64_t, 0), words, ARENA(rouge_aggregate, 1024)));
    OVERLAP_REFUSED(rouge_corpus_bootstrap(pairs, 2, 1, &bo, scratch, words, ARENA(rouge_aggregate, 9000)));
    /* macro and micro: out over the pairs, micro's out over the metrics. */
    OVERLAP_REFUSED(rouge_corpus_macro(pairs, 2, 1, ARENA(rouge_score, 72)));
    OVERLAP_REFUSED(rouge_corpus_micro(pairs, 2, m, 1, &o, ARENA(rouge_result, 0)));
    OVERLAP_REFUSED(rouge_corpus_micro(pairs, 2, m, 1, &o, ARENA(rouge_result, 504)));

    /* numpy's bootstrap over the pairs' scores at 2048: out over them, the state over the
     * scratch. */
    rouge_score *scores = ARENA(rouge_score, 2048);
    rouge_mt19937 *mt = ARENA(rouge_mt19937, 4096);
    scores[0] = pairs[0].score, scores[1] = pairs[1].score;
    CHECK_STATUS(ROUGE_OK, rouge_mt19937_seed(42, mt));
    OVERLAP_REFUSED(rouge_corpus_bootstrap_numpy(scores, 2, 1, 100, 0.95, mt, scratch, 300, ARENA(rouge_aggregate, 2064)));
    OVERLAP_REFUSED(rouge_corpus_bootstrap_numpy(scores, 2, 1, 100, 0.95, mt, ARENA(uint64_t, 4096), 300, ARENA(rouge_aggregate, 1024)));

    /* Laid out apart, the same calls succeed with the hand case's answers. */
    rouge_aggregate *agg = ARENA(rouge_aggregate, 1024);
    CHECK_STATUS(ROUGE_OK, rouge_corpus_bootstrap(pairs, 2, 1, &bo, scratch, words, agg));
    CHECK_NEAR(agg->mid.fmeasure, 2.0 / 3, 1e-12);
    CHECK_STATUS(ROUGE_OK, rouge_corpus_macro(pairs, 2, 1, ARENA(rouge_score, 1024)));
    CHECK_NEAR(ARENA(rouge_score, 1024)->precision, 0.75, TOL);
    CHECK_STATUS(ROUGE_OK, rouge_corpus_micro(pairs, 2, m, 1, &o, ARENA(rouge_result, 1024)));
    CHECK_COUNTS(*ARENA(rouge_result, 1024), 2, 3, 3);
    CHECK_STATUS(ROUGE_OK, rouge_corpus_bootstrap_numpy(scores, 2, 1, 100, 0.95, mt, scratch, 300, agg));
    CHECK_NEAR(agg->mid.fmeasure, 2.0 / 3, 1e-12);
}

static void test_score_and_text_tokens_outputs_over_inputs_refused(void)
{
    /* Candidate 1 2 3 4 at byte 0, reference 1 3 4 5 6 at 64: ROUGE-L P 3/4, R 3/5. */
    static const uint32_t cand[4] = {1, 2, 3, 4}, ref[5] = {1, 3, 4, 5, 6};
    rouge_metric m = METRIC("rougeL");
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_summary c, r;
    rouge_batch b;
    uint64_t *scratch = ARENA(uint64_t, 8192);
    memset(g_arena, 0x5a, sizeof g_arena);
    memcpy(ARENA(uint32_t, 0), cand, sizeof cand);
    memcpy(ARENA(uint32_t, 64), ref, sizeof ref);
    memset(&c, 0, sizeof c), memset(&r, 0, sizeof r);
    c.tokens = ARENA(uint32_t, 0), c.len = 4;
    r.tokens = ARENA(uint32_t, 64), r.len = 5;
    OVERLAP_REFUSED(rouge_score_pair(&c, &r, 1, &m, 1, &o, scratch, 1024, ARENA(rouge_result, 8)));
    OVERLAP_REFUSED(rouge_score_pair(&c, &r, 1, &m, 1, &o, ARENA(uint64_t, 64), 1024, ARENA(rouge_result, 1024)));
    CHECK_STATUS(ROUGE_OK, rouge_score_pair(&c, &r, 1, &m, 1, &o, scratch, 1024, ARENA(rouge_result, 1024)));
    CHECK_PRF(*ARENA(rouge_result, 1024), 0.75, 0.6, 2 * 0.75 * 0.6 / 1.35, TOL);

    /* The same pair as a batch: tokens at 0 (cand then ref, 36 bytes), segments at 128. */
    memcpy(ARENA(uint32_t, 16), ref, sizeof ref);
    ARENA(size_t, 128)[0] = 4, ARENA(size_t, 128)[1] = 9;
    ARENA(size_t, 160)[0] = 0, ARENA(size_t, 160)[1] = 2;
    memset(&b, 0, sizeof b);
    b.tokens = ARENA(uint32_t, 0), b.tokens_len = 9;
    b.segment_ends = ARENA(size_t, 128), b.segment_count = 2;
    b.pair_segments = ARENA(size_t, 160), b.pair_count = 1;
    OVERLAP_REFUSED(rouge_score_batch(&b, &m, 1, &o, scratch, 1024, ARENA(rouge_result, 16), 1));
    OVERLAP_REFUSED(rouge_score_batch(&b, &m, 1, &o, scratch, 1024, ARENA(rouge_result, 144), 1));
    CHECK_STATUS(ROUGE_OK, rouge_score_batch(&b, &m, 1, &o, scratch, 1024, ARENA(rouge_result, 2048), 1));
    CHECK_PRF(*ARENA(rouge_result, 2048), 0.75, 0.6, 2 * 0.75 * 0.6 / 1.35, TOL);

    /* rouge_text_tokens: the forms over the text's bytes, the count over the forms. */
    static const char text[] = "The cat sat";
    rouge_str t = {ARENA(char, 256), sizeof text - 1};
    rouge_text_options to;
    size_t used = 0;
    memcpy(ARENA(char, 256), text, sizeof text - 1);
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &to));
    OVERLAP_REFUSED(rouge_text_tokens(&t, &to, ARENA(rouge_token, 1024), 8, ARENA(uint8_t, 260), 16, ARENA(size_t, 4000), &used));
    OVERLAP_REFUSED(rouge_text_tokens(&t, &to, ARENA(rouge_token, 1024), 8, ARENA(uint8_t, 2048), 16, ARENA(size_t, 2056), &used));
    CHECK_STATUS(ROUGE_OK, rouge_text_tokens(&t, &to, ARENA(rouge_token, 1024), 8, ARENA(uint8_t, 2048), 16, ARENA(size_t, 4000), &used));
    CHECK(*ARENA(size_t, 4000) == 3 && used == 9 && memcmp(ARENA(char, 2048), "thecatsat", 9) == 0);
}

/* The multilingual tests share this file's driver, helpers and sanitizer builds. */
#include "test_xlsum.c"
#include "test_xlsum_tokens.c"

int main(void)
{
    RUN(test_abi_version_matches_header);
    RUN(test_version_string_matches_header);
    RUN(test_status_codes_and_strings);
    RUN(test_options_init_defaults);
    RUN(test_options_init_errors_leave_output_untouched);
    RUN(test_metric_parse_names);
    RUN(test_metric_parse_errors_leave_output_untouched);
    RUN(test_dims_of_values);
    RUN(test_dims_of_errors_leave_output_untouched);
    RUN(test_scratch_words_errors_leave_output_untouched);
    RUN(test_scratch_words_grow_with_dims);
    RUN(test_score_hand_case_rouge_score_flavour);
    RUN(test_score_hand_case_rouge_w_two_runs);
    RUN(test_score_seed_id_cases);
    RUN(test_score_seed_text_cases);
    RUN(test_score_real_multi_reference_case);
    RUN(test_score_text_sentences_split_on_newline);
    RUN(test_score_empty_inputs_score_zero);
    RUN(test_score_perl_flavour_rounds_as_printed);
    RUN(test_score_perl_su_omits_last_unigram);
    RUN(test_score_perl_rouge_w_hand_case);
    RUN(test_score_multi_reference_policies);
    RUN(test_score_more_metrics_than_one_chunk);
    RUN(test_score_scratch_contents_do_not_matter);
    RUN(test_score_null_pointers);
    RUN(test_score_scratch_too_small_or_misaligned);
    RUN(test_score_invalid_arguments);
    RUN(test_misaligned_arrays_and_structs_refused);
    RUN(test_score_input_too_long);
    RUN(test_lengths_above_max_input_len);
    RUN(test_batch_matches_single_calls);
    RUN(test_batch_scratch_words_is_max_over_pairs);
    RUN(test_batch_empty_and_null_sentence_ends);
    RUN(test_batch_errors);
    RUN(test_tokenize_basic_ids_and_sentences);
    RUN(test_tokenize_errors_leave_outputs_untouched);
    RUN(test_tokenize_sizes_errors_leave_outputs_untouched);
    RUN(test_reentrant_from_threads);
    RUN(test_stream_hand_case_and_one_shot);
    RUN(test_stream_errors_leave_state_and_output_untouched);
    RUN(test_corpus_macro_micro_bootstrap_hand_case);
    RUN(test_corpus_errors_leave_output_untouched);
    RUN(test_score_text_tokenisers);
    RUN(test_rouge_score_rs_tokenizers);
    RUN(test_tokenize_with_options);
    RUN(test_text_errors_leave_outputs_untouched);
    RUN(test_text_embedded_nul_refused);
    RUN(test_text_scorer_matches_score_text);
    RUN(test_mt19937_seed_is_numpys);
    RUN(test_corpus_bootstrap_numpy_is_rouge_scores);
    RUN(test_text_tokens_spans_and_forms);
    RUN(test_text_scorer_batch_matches_single_calls);
    RUN(test_tokenize_outputs_over_inputs_refused);
    RUN(test_corpus_outputs_over_inputs_refused);
    RUN(test_score_and_text_tokens_outputs_over_inputs_refused);
    RUN(test_xlsum_score_text_cases);
    RUN(test_xlsum_segmented_cases);
    RUN(test_xlsum_clean_text_is_the_segmenters_input);
    RUN(test_xlsum_clean_text_edges);
    RUN(test_xlsum_clean_text_errors_leave_outputs_untouched);
    RUN(test_xlsum_language_errors);
    RUN(test_xlsum_segmented_errors_leave_outputs_untouched);
    RUN(test_xlsum_tokens_are_the_forks);
    RUN(test_xlsum_stem_is_the_forks);
    RUN(test_xlsum_tokens_and_stem_errors);

    printf("(%lu checks, %lu failed)\n", g_checks, g_check_failures);
    printf("%d passed, %d failed\n", g_tests_passed, g_tests_failed);
    return g_tests_failed > 0 ? 1 : 0;
}
