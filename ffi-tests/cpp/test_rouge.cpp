/*
 * test_rouge.cpp: GoogleTest tests of include/rouge.hpp, the C++ wrapper over librouge.
 *
 * Expected scores come from independent references, never from running the library:
 *   - small cases worked out by hand (the arithmetic is in the comment next to each value);
 *   - ../shared/conformance/seed_examples.jsonl and synthetic_ids.jsonl (rouge-score 0.1.2 and
 *     the independent plain-DP refimpl.py), values copied with the id of their case;
 *   - one pair of ../shared/conformance/real_rouge155.jsonl, printed by ROUGE-1.5.5.pl itself.
 * Bit-for-bit comparisons (threads, batch, agreement) compare the library with itself through
 * different paths; the agreement test compares with the C host's output (../agree).
 *
 * Run with `make test` (or `make asan`) in this directory; the Makefile points
 * ROUGE_AGREE_DIR at ../agree/build, where the agreement test reads cases.tsv and c.out and
 * writes cpp.out.
 */
#include "rouge.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <new>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

/* ------------------------------------------------------------------------------------------ */
/* Allocation counting: the global operator new counts the allocations of the calling thread.  */
/* ------------------------------------------------------------------------------------------ */

namespace {
thread_local std::size_t g_allocations = 0;
}  // namespace

// noinline: once inlined, GCC sees free() meet a pointer from operator new and warns
// (-Wmismatched-new-delete), though the pair is malloc/free by construction.
__attribute__((noinline)) void *operator new(std::size_t n) {
    ++g_allocations;
    if (void *p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
__attribute__((noinline)) void operator delete(void *p) noexcept { std::free(p); }
__attribute__((noinline)) void operator delete(void *p, std::size_t) noexcept { std::free(p); }

namespace {

using u32 = std::uint32_t;
using rouge::metric::l;
using rouge::metric::lsum;
using rouge::metric::n;
using rouge::metric::s;
using rouge::metric::s_unlimited;
using rouge::metric::su;
using rouge::metric::su_unlimited;
using rouge::metric::w;

constexpr double kTol = 1e-12;   // for values computed from exact fractions or pow()
constexpr double kCountTol = 1e-9;  // for counts printed by ROUGE-1.5.5 with 15 digits

#define EXPECT_PRF(res, want_p, want_r, want_f)                        \
    do {                                                               \
        SCOPED_TRACE(#res);                                            \
        EXPECT_NEAR((res).score.precision, (want_p), kTol) << "P";     \
        EXPECT_NEAR((res).score.recall, (want_r), kTol) << "R";        \
        EXPECT_NEAR((res).score.fmeasure, (want_f), kTol) << "F";      \
    } while (0)

#define EXPECT_COUNTS(res, want_hit, want_ref, want_cand)                          \
    do {                                                                           \
        SCOPED_TRACE(#res);                                                        \
        EXPECT_NEAR((res).counts.hit, (want_hit), kTol) << "hit";                  \
        EXPECT_NEAR((res).counts.reference_total, (want_ref), kTol) << "ref";      \
        EXPECT_NEAR((res).counts.candidate_total, (want_cand), kTol) << "cand";    \
    } while (0)

#define EXPECT_ROUGE_ERROR(expected_status, statement)                                   \
    do {                                                                                 \
        try {                                                                            \
            statement;                                                                   \
            ADD_FAILURE() << #statement " did not throw";                               \
        } catch (const rouge::error &e_) {                                               \
            EXPECT_EQ(e_.status(), static_cast<rouge_status>(expected_status))          \
                << #statement ": " << e_.what();                                         \
        }                                                                                \
    } while (0)

bool same_bits(const rouge::result &a, const rouge::result &b) {
    static_assert(sizeof(rouge::result) == 6 * sizeof(double), "no padding in rouge_result");
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// Index of the first differing result, or -1.
long first_difference(const std::vector<rouge::result> &a, const std::vector<rouge::result> &b) {
    if (a.size() != b.size()) return 0;
    for (std::size_t i = 0; i < a.size(); i++)
        if (!same_bits(a[i], b[i])) return static_cast<long>(i);
    return -1;
}

double pw(double x, double y) { return std::pow(x, y); }

/* ------------------------------------------------------------------------------------------ */
/* Header, span, metric and options helpers                                                   */
/* ------------------------------------------------------------------------------------------ */

TEST(Header, AbiAndVersionMatchTheLinkedLibrary) {
    EXPECT_EQ(rouge::abi_version(), static_cast<std::uint32_t>(ROUGE_ABI_VERSION));
    EXPECT_EQ(rouge::version(), std::string_view(ROUGE_VERSION_STRING));
}

TEST(Span, ViewsPointersArraysAndContainers) {
    std::vector<u32> v{1, 2, 3};
    const std::array<u32, 2> a{{4, 5}};
    const u32 c[4] = {6, 7, 8, 9};
    rouge::span<const u32> sv(v), sa(a), sc(c), sp(v.data() + 1, 2), empty;
    EXPECT_EQ(sv.data(), v.data());
    EXPECT_EQ(sv.size(), 3u);
    EXPECT_EQ(sa.size(), 2u);
    EXPECT_EQ(sc.size(), 4u);
    EXPECT_EQ(sc[3], 9u);
    EXPECT_EQ(sp[0], 2u);
    EXPECT_TRUE(empty.empty());
    rouge::span<u32> mutable_view(v);
    mutable_view[0] = 10;
    rouge::span<const u32> as_const = mutable_view;
    EXPECT_EQ(as_const[0], 10u);
    u32 sum = 0;
    for (u32 x : sv) sum += x;
    EXPECT_EQ(sum, 15u);
    static_assert(!std::is_constructible_v<rouge::span<u32>, const std::vector<u32> &>,
                  "no mutable view of const data");
    static_assert(!std::is_constructible_v<rouge::span<u32>, std::vector<u32> &&>,
                  "no mutable view of a temporary");
    static_assert(!std::is_constructible_v<rouge::span<const u32>, std::vector<std::size_t> &>,
                  "element types must match");
}

TEST(Metric, ParseMatchesFactories) {
    const auto same = [](const rouge_metric &a, const rouge_metric &b) {
        return a.kind == b.kind && a.n == b.n && a.skip == b.skip && a.weight == b.weight;
    };
    EXPECT_TRUE(same(rouge::metric::parse("rouge2"), n(2)));
    EXPECT_TRUE(same(rouge::metric::parse("ROUGE-4"), n(4)));
    EXPECT_TRUE(same(rouge::metric::parse("rougeL"), l()));
    EXPECT_TRUE(same(rouge::metric::parse("rougeLsum"), lsum()));
    EXPECT_TRUE(same(rouge::metric::parse("rougeW-1.2"), w(1.2)));
    EXPECT_TRUE(same(rouge::metric::parse("ROUGE-W-1.5"), w(1.5)));
    EXPECT_TRUE(same(rouge::metric::parse("rougeS4"), s(4)));
    EXPECT_TRUE(same(rouge::metric::parse("rougeSU4"), su(4)));
    const rouge_metric star = rouge::metric::parse("rougeS*"), su_star = rouge::metric::parse("ROUGE-SU*");
    EXPECT_EQ(star.kind, static_cast<u32>(ROUGE_METRIC_S));
    EXPECT_LT(star.skip, 0);
    EXPECT_EQ(su_star.kind, static_cast<u32>(ROUGE_METRIC_SU));
    EXPECT_LT(su_star.skip, 0);
    EXPECT_EQ(s_unlimited().kind, static_cast<u32>(ROUGE_METRIC_S));
    EXPECT_LT(s_unlimited().skip, 0);
    EXPECT_EQ(su_unlimited().kind, static_cast<u32>(ROUGE_METRIC_SU));
    EXPECT_LT(su_unlimited().skip, 0);
    EXPECT_EQ(w().weight, 1.2);
    static_assert(n(3).kind == ROUGE_METRIC_N && n(3).n == 3, "factories are constexpr");
}

TEST(Options, FlavourDefaultsAndSetters) {
    const rouge_options rs = rouge::options::rouge_score().c(), pl = rouge::options::perl().c();
    EXPECT_EQ(rs.flavour, static_cast<u32>(ROUGE_FLAVOUR_ROUGE_SCORE));
    EXPECT_EQ(rs.multi_reference, static_cast<u32>(ROUGE_MULTI_BEST_F));
    EXPECT_EQ(rs.round, 0u);
    EXPECT_EQ(rs.jackknife, 0u);
    EXPECT_EQ(pl.flavour, static_cast<u32>(ROUGE_FLAVOUR_PERL));
    EXPECT_EQ(pl.multi_reference, static_cast<u32>(ROUGE_MULTI_PERL_A));
    EXPECT_EQ(pl.round, 1u);
    EXPECT_EQ(pl.alpha, 0.5);
    EXPECT_EQ(rouge::options().c().flavour, static_cast<u32>(ROUGE_FLAVOUR_ROUGE_SCORE));
    const rouge_options set = rouge::options::perl()
                                  .multi_reference(rouge::policy::perl_b)
                                  .jackknife(true)
                                  .round(false)
                                  .alpha(0.25)
                                  .c();
    EXPECT_EQ(set.multi_reference, static_cast<u32>(ROUGE_MULTI_PERL_B));
    EXPECT_EQ(set.jackknife, 1u);
    EXPECT_EQ(set.round, 0u);
    EXPECT_EQ(set.alpha, 0.25);
}

/* ------------------------------------------------------------------------------------------ */
/* Hand-computed cases, every metric kind, both flavours                                      */
/* ------------------------------------------------------------------------------------------ */

// Case H: candidate c = [1 2 3 4 5] (n = 5), reference r = [1 2 9 4 5 8] (m = 6), one sentence
// each. The LCS is 1 2 4 5 (unique), two runs of two in both texts.
const std::vector<u32> kHCand{1, 2, 3, 4, 5}, kHRef{1, 2, 9, 4, 5, 8};
const std::array<rouge_metric, 11> kHMetrics{{n(1), n(2), n(3), l(), lsum(), w(1.2), s(1), s(4),
                                              s_unlimited(), su(4), su_unlimited()}};
enum { H_N1, H_N2, H_N3, H_L, H_LSUM, H_W, H_S1, H_S4, H_SSTAR, H_SU4, H_SUSTAR };

TEST(HandComputed, EveryKindRougeScoreFlavour) {
    rouge::scorer scorer(rouge::options::rouge_score());
    const std::vector<rouge::result> r = scorer.score(kHCand, kHRef, kHMetrics);
    ASSERT_EQ(r.size(), kHMetrics.size());
    // N1: hits {1 2 4 5} = 4 of 5 and 6: P 4/5, R 4/6, F 2*4/(5+6) = 8/11.
    EXPECT_PRF(r[H_N1], 4.0 / 5, 4.0 / 6, 8.0 / 11);
    EXPECT_COUNTS(r[H_N1], 4, 6, 5);
    // N2: cand 12 23 34 45 (4), ref 12 29 94 45 58 (5), hits 12 45: P 2/4, R 2/5, F 4/9.
    EXPECT_PRF(r[H_N2], 0.5, 0.4, 4.0 / 9);
    EXPECT_COUNTS(r[H_N2], 2, 5, 4);
    // N3: cand 123 234 345, ref 129 294 945 458: no hit.
    EXPECT_PRF(r[H_N3], 0, 0, 0);
    EXPECT_COUNTS(r[H_N3], 0, 4, 3);
    // L and Lsum (one sentence each): LCS 1 2 4 5 = 4, as N1.
    EXPECT_PRF(r[H_L], 4.0 / 5, 4.0 / 6, 8.0 / 11);
    EXPECT_COUNTS(r[H_L], 4, 6, 5);
    EXPECT_PRF(r[H_LSUM], 4.0 / 5, 4.0 / 6, 8.0 / 11);
    EXPECT_COUNTS(r[H_LSUM], 4, 6, 5);
    // W (Lin 2004, f(k) = k^1.2): runs "1 2" and "4 5" consecutive in both, WLCS = 2 * 2^1.2;
    // R = (WLCS / 6^1.2)^(1/1.2) = 2^(5/6) / 3 = 0.59393..., P = (WLCS / 5^1.2)^(1/1.2)
    // = 2 * 2^(5/6) / 5 = 0.71272..., F = 2PR/(P+R).
    {
        const double hit = 2 * pw(2, 1.2), p = pw(hit / pw(5, 1.2), 1 / 1.2),
                     rc = pw(hit / pw(6, 1.2), 1 / 1.2);
        EXPECT_NEAR(rc, pw(2, 5.0 / 6) / 3, kTol);
        EXPECT_PRF(r[H_W], p, rc, 2 * p * rc / (p + rc));
        EXPECT_COUNTS(r[H_W], hit, pw(6, 1.2), pw(5, 1.2));
    }
    // S1 (at most one token between): cand pairs 4 + 3 = 7, ref 5 + 4 = 9; common: (1,2) gap 0,
    // (2,4) gap 1 in both, (4,5) gap 0 = 3 (cand (1,4) and (2,5) have gap 2). P 3/7, R 3/9,
    // F 2*3/(7+9) = 3/8.
    EXPECT_PRF(r[H_S1], 3.0 / 7, 3.0 / 9, 3.0 / 8);
    EXPECT_COUNTS(r[H_S1], 3, 9, 7);
    // S4: every pair of both texts: cand C(5,2) = 10, ref C(6,2) = 15 (widest gap 4); common
    // pairs of 1 2 4 5 = C(4,2) = 6. P 6/10, R 6/15, F 12/25. S* is the same here.
    EXPECT_PRF(r[H_S4], 0.6, 0.4, 12.0 / 25);
    EXPECT_COUNTS(r[H_S4], 6, 15, 10);
    EXPECT_PRF(r[H_SSTAR], 0.6, 0.4, 12.0 / 25);
    EXPECT_COUNTS(r[H_SSTAR], 6, 15, 10);
    // SU4 = S4 + every unigram: hits 6 + 4, cand 10 + 5, ref 15 + 6: P 10/15, R 10/21,
    // F 20/36. SU* the same here.
    EXPECT_PRF(r[H_SU4], 10.0 / 15, 10.0 / 21, 20.0 / 36);
    EXPECT_COUNTS(r[H_SU4], 10, 21, 15);
    EXPECT_PRF(r[H_SUSTAR], 10.0 / 15, 10.0 / 21, 20.0 / 36);
    EXPECT_COUNTS(r[H_SUSTAR], 10, 21, 15);
}

TEST(HandComputed, EveryKindPerlFlavour) {
    // ROUGE-1.5.5: R and P rounded to 5 decimals (printf %7.5f), F = PR/(0.5P + 0.5R) from the
    // rounded values, rounded again. One reference, so -f A is that reference's counts.
    rouge::scorer scorer(rouge::options::perl());
    const std::vector<rouge::result> r = scorer.score(kHCand, kHRef, kHMetrics);
    // N1: P .8, R 4/6 -> .66667, F = .8*.66667/(.4+.333335) = .7272743 -> .72727.
    EXPECT_PRF(r[H_N1], 0.8, 0.66667, 0.72727);
    EXPECT_COUNTS(r[H_N1], 4, 6, 5);
    // N2: P .5, R .4, F .2/.45 = .444444 -> .44444.
    EXPECT_PRF(r[H_N2], 0.5, 0.4, 0.44444);
    EXPECT_PRF(r[H_N3], 0, 0, 0);
    EXPECT_COUNTS(r[H_N3], 0, 4, 3);
    // L (sentence level) and Lsum (Perl's ROUGE-L): hit 4, as N1.
    EXPECT_PRF(r[H_L], 0.8, 0.66667, 0.72727);
    EXPECT_PRF(r[H_LSUM], 0.8, 0.66667, 0.72727);
    EXPECT_COUNTS(r[H_LSUM], 4, 6, 5);
    // W (ROUGE-1.5.5): hit = runs of the reference's hit mask (positions 0 1 and 3 4) =
    // 2 * 2^1.2 = 4.59479; reference total f(f(6)) = (6^1.2)^1.2 = 13.19890, candidate total
    // 5^1.2 = 6.89865. R = (4.59479/13.19890)^(1/1.2) = .415056 -> .41506,
    // P = (4.59479/6.89865)^(1/1.2) = .712719 -> .71272, F = 2*.71272*.41506/(1.12778) =
    // .524609 -> .52461.
    EXPECT_PRF(r[H_W], 0.71272, 0.41506, 0.52461);
    EXPECT_COUNTS(r[H_W], 2 * pw(2, 1.2), pw(pw(6, 1.2), 1.2), pw(5, 1.2));
    // S1: 3/7 = .428571 -> .42857, 3/9 -> .33333, F = 2*.42857*.33333/.7619 = .374998 -> .37500.
    EXPECT_PRF(r[H_S1], 0.42857, 0.33333, 0.375);
    EXPECT_COUNTS(r[H_S1], 3, 9, 7);
    // S4, S*: .6, .4, .48 (exact).
    EXPECT_PRF(r[H_S4], 0.6, 0.4, 0.48);
    EXPECT_PRF(r[H_SSTAR], 0.6, 0.4, 0.48);
    // SU4 in ROUGE-1.5.5 adds the unigram of every token but the last of each text: cand
    // [1 2 3 4], ref [1 2 9 4 5], overlap {1 2 4} = 3. hits 6 + 3 = 9, cand 10 + 4 = 14, ref
    // 15 + 5 = 20: P 9/14 = .642857 -> .64286, R .45, F 2*.64286*.45/1.09286 = .529414 -> .52941.
    EXPECT_PRF(r[H_SU4], 0.64286, 0.45, 0.52941);
    EXPECT_COUNTS(r[H_SU4], 9, 20, 14);
    EXPECT_PRF(r[H_SUSTAR], 0.64286, 0.45, 0.52941);
    EXPECT_COUNTS(r[H_SUSTAR], 9, 20, 14);
}

TEST(HandComputed, SkipDistanceLimitsTheBigramsBothFlavours) {
    // c = [1 2 3 4 5 6 7], r = [1 7]. The only common skip-bigram (1,7) has 5 tokens between
    // in c: S4 counts C(7,2) - 1 = 20 cand pairs (only (1,7) is too wide) and 1 ref pair, no hit;
    // S* counts 21 and 1 with one hit.
    const std::vector<u32> c{1, 2, 3, 4, 5, 6, 7}, ref{1, 7};
    const rouge_metric m[] = {s(4), s_unlimited(), su(4), su_unlimited()};
    rouge::scorer rs(rouge::options::rouge_score()), pl(rouge::options::perl());
    const auto a = rs.score(c, ref, m), b = pl.score(c, ref, m);
    // rouge-score flavour.
    EXPECT_PRF(a[0], 0, 0, 0);
    EXPECT_COUNTS(a[0], 0, 1, 20);
    // S*: P 1/21, R 1/1, F 2*1/(21+1) = 1/11.
    EXPECT_PRF(a[1], 1.0 / 21, 1, 1.0 / 11);
    EXPECT_COUNTS(a[1], 1, 1, 21);
    // SU4: hits 0 + 2 unigrams, cand 20 + 7, ref 1 + 2: P 2/27, R 2/3, F 4/30.
    EXPECT_PRF(a[2], 2.0 / 27, 2.0 / 3, 4.0 / 30);
    EXPECT_COUNTS(a[2], 2, 3, 27);
    // SU*: hits 1 + 2, cand 21 + 7, ref 1 + 2: P 3/28, R 1, F 6/31.
    EXPECT_PRF(a[3], 3.0 / 28, 1, 6.0 / 31);
    EXPECT_COUNTS(a[3], 3, 3, 28);
    // Perl flavour. S4: 0. S*: P 1/21 = .047619 -> .04762, R 1, F 2*.04762/1.04762 = .090911
    // -> .09091.
    EXPECT_PRF(b[0], 0, 0, 0);
    EXPECT_PRF(b[1], 0.04762, 1, 0.09091);
    EXPECT_COUNTS(b[1], 1, 1, 21);
    // SU4 (unigrams of [1..6] and [1]: overlap 1): hits 0 + 1, cand 20 + 6, ref 1 + 1:
    // P 1/26 = .038462 -> .03846, R .5, F 2*.03846*.5/.53846 = .071426 -> .07143.
    EXPECT_PRF(b[2], 0.03846, 0.5, 0.07143);
    EXPECT_COUNTS(b[2], 1, 2, 26);
    // SU*: hits 1 + 1, cand 21 + 6, ref 1 + 1: P 2/27 = .074074 -> .07407, R 1,
    // F 2*.07407/1.07407 = .137924 -> .13792.
    EXPECT_PRF(b[3], 0.07407, 1, 0.13792);
    EXPECT_COUNTS(b[3], 2, 2, 27);
}

TEST(HandComputed, SummaryLevelLcsUnionsSentences) {
    // c = [3 4 | 1 2] (two sentences), r = [1 2 3 4]. Sentence-level L: LCS of the whole texts
    // is 2 (3 4 or 1 2): P = R = F = 2/4. Summary-level Lsum: LCS(c1, r) = {3 4},
    // LCS(c2, r) = {1 2}, union 4 tokens: P = R = F = 1. Lin's W: WLCS = f(2) = 2^1.2, P = R =
    // (2^1.2 / 4^1.2)^(1/1.2) = 1/2.
    const std::vector<u32> ct{3, 4, 1, 2}, rt{1, 2, 3, 4};
    const std::vector<std::size_t> ce{2};
    const rouge::summary c(ct, ce), r(rt);
    const rouge_metric m[] = {l(), lsum(), w(1.2)};
    rouge::scorer rs(rouge::options::rouge_score()), pl(rouge::options::perl());
    const auto a = rs.score(c, r, m), b = pl.score(c, r, m);
    EXPECT_PRF(a[0], 0.5, 0.5, 0.5);
    EXPECT_COUNTS(a[0], 2, 4, 4);
    EXPECT_PRF(a[1], 1, 1, 1);
    EXPECT_COUNTS(a[1], 4, 4, 4);
    EXPECT_PRF(a[2], 0.5, 0.5, 0.5);
    EXPECT_COUNTS(a[2], pw(2, 1.2), pw(4, 1.2), pw(4, 1.2));
    EXPECT_PRF(b[0], 0.5, 0.5, 0.5);
    EXPECT_PRF(b[1], 1, 1, 1);
    EXPECT_COUNTS(b[1], 4, 4, 4);
}

TEST(HandComputed, MultiReferencePolicies) {
    // c = [1 2 3 4], r1 = [1 2 5 6 7 8], r2 = [1 9]. ROUGE-1 and ROUGE-L agree here:
    //   r1: hit 2, P 2/4, R 2/6, F 2*2/(4+6) = .4;   r2: hit 1, P 1/4, R 1/2, F 2*1/(4+2) = 1/3.
    // best F -> r1; Perl A pools hit 3, ref 6 + 2 = 8, cand 4 + 4 = 8 -> 3/8 each; Perl B takes
    // the best recall -> r2. Jackknife (best F): mean over {r2} and {r1}: P (1/4 + 1/2)/2 = 3/8,
    // R (1/2 + 1/3)/2 = 5/12, F (1/3 + 2/5)/2 = 11/30; counts stay those over all references.
    const std::vector<u32> c{1, 2, 3, 4};
    const std::vector<std::vector<u32>> refs{{1, 2, 5, 6, 7, 8}, {1, 9}};
    const rouge_metric m[] = {n(1), l()};
    using rouge::policy;
    for (int k = 0; k < 2; k++) {
        SCOPED_TRACE(k == 0 ? "rouge1" : "rougeL");
        rouge::scorer best(rouge::options::rouge_score().multi_reference(policy::best_f));
        const auto a = best.score(c, refs, m);
        EXPECT_PRF(a[k], 0.5, 1.0 / 3, 0.4);
        EXPECT_COUNTS(a[k], 2, 6, 4);
        rouge::scorer pooled(rouge::options::rouge_score().multi_reference(policy::perl_a));
        const auto b = pooled.score(c, refs, m);
        EXPECT_PRF(b[k], 3.0 / 8, 3.0 / 8, 3.0 / 8);
        EXPECT_COUNTS(b[k], 3, 8, 8);
        rouge::scorer recall(rouge::options::rouge_score().multi_reference(policy::perl_b));
        const auto d = recall.score(c, refs, m);
        EXPECT_PRF(d[k], 0.25, 0.5, 1.0 / 3);
        EXPECT_COUNTS(d[k], 1, 2, 4);
        rouge::scorer jack(rouge::options::rouge_score().jackknife(true));
        const auto j = jack.score(c, refs, m);
        EXPECT_PRF(j[k], 3.0 / 8, 5.0 / 12, 11.0 / 30);
        EXPECT_COUNTS(j[k], 2, 6, 4);
        // Perl flavour defaults (-f A, rounding): .375 is exact at 5 decimals.
        rouge::scorer perl(rouge::options::perl());
        const auto p = perl.score(c, refs, m);
        EXPECT_PRF(p[k], 0.375, 0.375, 0.375);
        // best F in the Perl flavour: r1 by F (.4 vs .33333): P .5, R .33333,
        // F .5*.33333/(.25+.166665) = .399997 -> .40000.
        rouge::scorer perl_best(rouge::options::perl().multi_reference(policy::best_f));
        EXPECT_PRF(perl_best.score(c, refs, m)[k], 0.5, 0.33333, 0.4);
    }
}

TEST(HandComputed, PerlAlphaAndRounding) {
    // Case H, ROUGE-1: P = 4/5, R = 2/3 exactly when not rounded. F = PR/((1-a)P + aR):
    //   a = 1: F = P = .8;  a = 0: F = R = 2/3;
    //   a = .25: (8/15) / (.75*.8 + .25*2/3) = (8/15) / (23/30) = 16/23.
    const rouge_metric m[] = {n(1)};
    const auto run = [&](double alpha) {
        rouge::scorer sc(rouge::options::perl().round(false).alpha(alpha));
        return sc.score(kHCand, kHRef, m)[0];
    };
    EXPECT_PRF(run(1.0), 0.8, 2.0 / 3, 0.8);
    EXPECT_PRF(run(0.0), 0.8, 2.0 / 3, 2.0 / 3);
    EXPECT_PRF(run(0.25), 0.8, 2.0 / 3, 16.0 / 23);
    // Rounded, a = .25: R .66667, F = (.8*.66667)/(.75*.8 + .25*.66667) = .533336/.7666675
    // = .6956549 -> .69565.
    rouge::scorer rounded(rouge::options::perl().alpha(0.25));
    EXPECT_PRF(rounded.score(kHCand, kHRef, m)[0], 0.8, 0.66667, 0.69565);
}

TEST(HandComputed, EmptyInputsScoreZero) {
    // README: an empty candidate or reference scores 0 on every metric, never an error.
    const std::vector<u32> empty, some{1, 2, 3};
    for (const rouge::options &o : {rouge::options::rouge_score(), rouge::options::perl()}) {
        rouge::scorer sc(o);
        for (const auto &r : sc.score(empty, some, kHMetrics)) EXPECT_PRF(r, 0, 0, 0);
        for (const auto &r : sc.score(some, empty, kHMetrics)) EXPECT_PRF(r, 0, 0, 0);
        for (const auto &r : sc.score(empty, empty, kHMetrics)) EXPECT_PRF(r, 0, 0, 0);
    }
}

TEST(HandComputed, NoMetricsGiveNoResults) {
    rouge::scorer sc;
    EXPECT_TRUE(sc.score(kHCand, kHRef, rouge::span<const rouge_metric>()).empty());
}

/* ------------------------------------------------------------------------------------------ */
/* Conformance data (values copied from ../shared/conformance)                                 */
/* ------------------------------------------------------------------------------------------ */

struct expected_prf {
    const char *metric;
    double p, r, f;
};
struct id_case {
    const char *id;
    std::vector<u32> cand;
    std::vector<std::size_t> cand_ends;
    std::vector<u32> ref;
    std::vector<std::size_t> ref_ends;
    std::vector<expected_prf> expected;
};

// Expected values: refimpl.py (independent plain DP; equal to rouge-score 0.1.2 to 1e-12), as
// recorded in the file and case named above each entry.
const std::vector<id_case> kIdCases{
    // seed_examples.jsonl: seed-union-lcs
    {"seed-union-lcs", {1, 2, 5, 1, 3, 6}, {3, 6}, {1, 2, 3, 4}, {4}, {
         {"rouge1", 0.5, 0.75, 0.6},
         {"rouge2", 0.2, 0.3333333333333333, 0.25},
         {"rouge3", 0.0, 0.0, 0.0},
         {"rouge4", 0.0, 0.0, 0.0},
         {"rougeL", 0.5, 0.75, 0.6},
         {"rougeLsum", 0.5, 0.75, 0.6},
         {"rougeW-1.2", 0.4504619195807666, 0.67569287937115, 0.5405543034969199},
         {"rougeS0", 0.2, 0.3333333333333333, 0.25},
         {"rougeS1", 0.2222222222222222, 0.4, 0.2857142857142857},
         {"rougeS4", 0.2, 0.5, 0.28571428571428575},
         {"rougeS*", 0.2, 0.5, 0.28571428571428575},
         {"rougeSU4", 0.2857142857142857, 0.6, 0.3870967741935483},
     }},
    // seed_examples.jsonl: seed-wlcs
    {"seed-wlcs", {88, 89, 90, 65, 66, 67, 68, 69, 70}, {9}, {65, 66, 67, 88, 89, 90, 68, 69, 70}, {9}, {
         {"rouge1", 1.0, 1.0, 1.0},
         {"rouge2", 0.75, 0.75, 0.75},
         {"rouge3", 0.42857142857142855, 0.42857142857142855, 0.42857142857142855},
         {"rouge4", 0.0, 0.0, 0.0},
         {"rougeL", 0.6666666666666666, 0.6666666666666666, 0.6666666666666666},
         {"rougeLsum", 0.6666666666666666, 0.6666666666666666, 0.6666666666666666},
         {"rougeW-1.2", 0.5939324787602263, 0.5939324787602263, 0.5939324787602263},
         {"rougeS0", 0.75, 0.75, 0.75},
         {"rougeS1", 0.6, 0.6, 0.6},
         {"rougeS4", 0.5, 0.5, 0.5},
         {"rougeS*", 0.75, 0.75, 0.75},
         {"rougeSU4", 0.6153846153846154, 0.6153846153846154, 0.6153846153846154},
     }},
    // seed_examples.jsonl: seed-skip-hat
    {"seed-skip-hat", {1, 2, 3, 4}, {4}, {1, 2, 3, 4}, {4}, {
         {"rouge1", 1.0, 1.0, 1.0},
         {"rouge2", 1.0, 1.0, 1.0},
         {"rouge3", 1.0, 1.0, 1.0},
         {"rouge4", 1.0, 1.0, 1.0},
         {"rougeL", 1.0, 1.0, 1.0},
         {"rougeLsum", 1.0, 1.0, 1.0},
         {"rougeW-1.2", 1.0, 1.0, 1.0},
         {"rougeS0", 1.0, 1.0, 1.0},
         {"rougeS1", 1.0, 1.0, 1.0},
         {"rougeS4", 1.0, 1.0, 1.0},
         {"rougeS*", 1.0, 1.0, 1.0},
         {"rougeSU4", 1.0, 1.0, 1.0},
     }},
    // synthetic_ids.jsonl: synth-0009
    {"synth-0009", {1}, {1}, {}, {}, {
         {"rouge1", 0.0, 0.0, 0.0},
         {"rouge2", 0.0, 0.0, 0.0},
         {"rouge3", 0.0, 0.0, 0.0},
         {"rouge4", 0.0, 0.0, 0.0},
         {"rougeL", 0.0, 0.0, 0.0},
         {"rougeLsum", 0.0, 0.0, 0.0},
         {"rougeW-1.2", 0.0, 0.0, 0.0},
         {"rougeS0", 0.0, 0.0, 0.0},
         {"rougeS1", 0.0, 0.0, 0.0},
         {"rougeS4", 0.0, 0.0, 0.0},
         {"rougeS*", 0.0, 0.0, 0.0},
         {"rougeSU4", 0.0, 0.0, 0.0},
     }},
    // synthetic_ids.jsonl: synth-0030
    {"synth-0030", {2, 1, 1}, {1, 3}, {2, 0, 2}, {3}, {
         {"rouge1", 0.3333333333333333, 0.3333333333333333, 0.3333333333333333},
         {"rouge2", 0.0, 0.0, 0.0},
         {"rouge3", 0.0, 0.0, 0.0},
         {"rouge4", 0.0, 0.0, 0.0},
         {"rougeL", 0.3333333333333333, 0.3333333333333333, 0.3333333333333333},
         {"rougeLsum", 0.3333333333333333, 0.3333333333333333, 0.3333333333333333},
         {"rougeW-1.2", 0.33333333333333337, 0.33333333333333337, 0.33333333333333337},
         {"rougeS0", 0.0, 0.0, 0.0},
         {"rougeS1", 0.0, 0.0, 0.0},
         {"rougeS4", 0.0, 0.0, 0.0},
         {"rougeS*", 0.0, 0.0, 0.0},
         {"rougeSU4", 0.16666666666666666, 0.16666666666666666, 0.16666666666666666},
     }},
    // synthetic_ids.jsonl: synth-0085
    {"synth-0085", {0, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1}, {8, 18, 23, 28, 30}, {0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1}, {8, 20, 25}, {
         {"rouge1", 0.8333333333333334, 1.0, 0.9090909090909091},
         {"rouge2", 0.7931034482758621, 0.9583333333333334, 0.8679245283018867},
         {"rouge3", 0.7142857142857143, 0.8695652173913043, 0.7843137254901961},
         {"rouge4", 0.5925925925925926, 0.7272727272727273, 0.6530612244897959},
         {"rougeL", 0.7666666666666667, 0.92, 0.8363636363636363},
         {"rougeLsum", 0.8, 0.96, 0.8727272727272728},
         {"rougeW-1.2", 0.5832729704758347, 0.6999275645710017, 0.6362977859736378},
         {"rougeS0", 0.7931034482758621, 0.9583333333333334, 0.8679245283018867},
         {"rougeS1", 0.8245614035087719, 1.0, 0.9038461538461539},
         {"rougeS4", 0.8148148148148148, 1.0, 0.8979591836734693},
         {"rougeS*", 0.6896551724137931, 1.0, 0.8163265306122449},
         {"rougeSU4", 0.8181818181818182, 1.0, 0.9},
     }},
    // synthetic_ids.jsonl: synth-0093
    {"synth-0093", {3, 4, 1, 3, 1, 4, 0, 4, 1, 4}, {8, 10}, {2, 1, 0, 0, 1}, {5}, {
         {"rouge1", 0.3, 0.6, 0.4},
         {"rouge2", 0.0, 0.0, 0.0},
         {"rouge3", 0.0, 0.0, 0.0},
         {"rouge4", 0.0, 0.0, 0.0},
         {"rougeL", 0.3, 0.6, 0.4},
         {"rougeLsum", 0.2, 0.4, 0.26666666666666666},
         {"rougeW-1.2", 0.2498049532966813, 0.49960990659336263, 0.3330732710622417},
         {"rougeS0", 0.0, 0.0, 0.0},
         {"rougeS1", 0.11764705882352941, 0.2857142857142857, 0.16666666666666666},
         {"rougeS4", 0.11428571428571428, 0.4, 0.17777777777777776},
         {"rougeS*", 0.08888888888888889, 0.4, 0.14545454545454545},
         {"rougeSU4", 0.15555555555555556, 0.4666666666666667, 0.23333333333333334},
     }},
    // synthetic_ids.jsonl: synth-0107
    {"synth-0107", {45, 30, 34, 40, 9, 3, 31, 12, 43, 48}, {10}, {36, 21, 45, 13, 36, 18, 45, 44, 32, 38, 17, 41}, {6, 10, 11, 12}, {
         {"rouge1", 0.1, 0.08333333333333333, 0.0909090909090909},
         {"rouge2", 0.0, 0.0, 0.0},
         {"rouge3", 0.0, 0.0, 0.0},
         {"rouge4", 0.0, 0.0, 0.0},
         {"rougeL", 0.1, 0.08333333333333333, 0.0909090909090909},
         {"rougeLsum", 0.1, 0.08333333333333333, 0.0909090909090909},
         {"rougeW-1.2", 0.09999999999999999, 0.08333333333333333, 0.0909090909090909},
         {"rougeS0", 0.0, 0.0, 0.0},
         {"rougeS1", 0.0, 0.0, 0.0},
         {"rougeS4", 0.0, 0.0, 0.0},
         {"rougeS*", 0.0, 0.0, 0.0},
         {"rougeSU4", 0.022222222222222223, 0.017543859649122806, 0.019607843137254898},
     }},
};

TEST(Conformance, TokenIdCasesRougeScoreFlavour) {
    rouge::scorer sc(rouge::options::rouge_score());
    for (const id_case &c : kIdCases) {
        SCOPED_TRACE(c.id);
        std::vector<rouge_metric> metrics;
        for (const expected_prf &e : c.expected) metrics.push_back(rouge::metric::parse(e.metric));
        const auto got = sc.score(rouge::summary(c.cand, c.cand_ends),
                                  rouge::summary(c.ref, c.ref_ends), metrics);
        for (std::size_t i = 0; i < got.size(); i++) {
            SCOPED_TRACE(c.expected[i].metric);
            EXPECT_PRF(got[i], c.expected[i].p, c.expected[i].r, c.expected[i].f);
        }
    }
}

TEST(Conformance, SeedTextCasesThroughTokenize) {
    // seed_examples.jsonl, rouge-score 0.1.2 (stem=False) values.
    struct text_case {
        const char *id, *candidate, *reference;
        std::array<expected_prf, 6> expected;
    };
    const text_case cases[] = {
        {"seed-quick-fox|rouge-score|stem=False", "The quick brown dog jumps on the log.",
         "The quick brown fox jumps over the lazy dog",
         {{{"rouge1", 0.75, 0.6666666666666666, 0.7058823529411765},
           {"rouge2", 0.2857142857142857, 0.25, 0.26666666666666666},
           {"rouge3", 0.16666666666666666, 0.14285714285714285, 0.15384615384615383},
           {"rouge4", 0.0, 0.0, 0.0},
           {"rougeL", 0.625, 0.5555555555555556, 0.5882352941176471},
           {"rougeLsum", 0.625, 0.5555555555555556, 0.5882352941176471}}}},
        {"seed-cat-mat|rouge-score|stem=False", "the cat is on the mat",
         "the cat is playing on the mat",
         {{{"rouge1", 1.0, 0.8571428571428571, 0.923076923076923},
           {"rouge2", 0.8, 0.6666666666666666, 0.7272727272727272},
           {"rouge3", 0.5, 0.4, 0.4444444444444445},
           {"rouge4", 0.0, 0.0, 0.0},
           {"rougeL", 1.0, 0.8571428571428571, 0.923076923076923},
           {"rougeLsum", 1.0, 0.8571428571428571, 0.923076923076923}}}},
    };
    rouge::scorer sc;
    for (const text_case &c : cases) {
        SCOPED_TRACE(c.id);
        const rouge::tokenized t = sc.tokenize({c.candidate, c.reference});
        std::vector<rouge_metric> metrics;
        for (const expected_prf &e : c.expected) metrics.push_back(rouge::metric::parse(e.metric));
        const auto got = sc.score(t[0], t[1], metrics);
        for (std::size_t i = 0; i < got.size(); i++) {
            SCOPED_TRACE(c.expected[i].metric);
            EXPECT_PRF(got[i], c.expected[i].p, c.expected[i].r, c.expected[i].f);
        }
    }
}

TEST(Conformance, Rouge155RealPairPerlFlavour) {
    // real_rouge155.jsonl, pair liplus-19-sys0, stem=False: the strings and -t 2 counts that
    // ROUGE-1.5.5.pl printed (options `base` = -n 4 -w 1.2 -2 4 -U and `skipstar` = -2 -1 -U,
    // each with -f A and -f B; -p 0.5). Perl's ROUGE-L is the summary-level Lsum. Every text
    // is one sentence.
    const char *candidate = "Stock in probe into/ Sultana area of the army/ On Sunday began";
    const char *references[] = {
        "Investigation on to determine cause of fire in army depot.",
        "Investigation into fire at the Jaisalmer army depot begins: Army.",
        "Investigation being conducted into fire at army depot in India",
        "Fire in army depot, Jaiselmer district: Investigations underway"};
    struct row {
        rouge_metric metric;
        const char *name;
        double p, r, f, hit, model, peer;
    };
    const row f_a[] = {
        // liplus-19-sys0|ROUGE-1.5.5|base|stem=False|f=A
        {n(1), "ROUGE-1", 0.25000, 0.31579, 0.27907, 12, 38, 48},
        {n(2), "ROUGE-2", 0, 0, 0, 0, 34, 44},
        {n(3), "ROUGE-3", 0, 0, 0, 0, 30, 40},
        {n(4), "ROUGE-4", 0, 0, 0, 0, 26, 36},
        {lsum(), "ROUGE-L", 0.18750, 0.23684, 0.20930, 9, 38, 48},
        {w(1.2), "ROUGE-W-1.2", 0.16829, 0.13521, 0.14995, 9.29739670999407, 102.600149882571,
         78.9000878168268},
        {s(4), "ROUGE-S4", 0.02778, 0.03846, 0.03226, 5, 130, 180},
        {su(4), "ROUGE-SU4", 0.07589, 0.10366, 0.08763, 17, 164, 224},
        // liplus-19-sys0|ROUGE-1.5.5|skipstar|stem=False|f=A
        {s_unlimited(), "ROUGE-S*", 0.02652, 0.04294, 0.03279, 7, 163, 264},
        {su_unlimited(), "ROUGE-SU*", 0.06169, 0.09645, 0.07525, 19, 197, 308},
    };
    const row f_b[] = {
        // liplus-19-sys0|ROUGE-1.5.5|base|stem=False|f=B
        {n(1), "ROUGE-1", 0.33333, 0.40000, 0.36363, 4, 10, 12},
        {n(2), "ROUGE-2", 0, 0, 0, 0, 9, 11},
        {n(3), "ROUGE-3", 0, 0, 0, 0, 8, 10},
        {n(4), "ROUGE-4", 0, 0, 0, 0, 7, 9},
        {lsum(), "ROUGE-L", 0.25000, 0.30000, 0.27273, 3, 10, 12},
        {w(1.2), "ROUGE-W-1.2", 0.16667, 0.16494, 0.16580, 2.29739670999407, 19.9732887824258,
         19.7250219542067},
        {s(4), "ROUGE-S4", 0.06667, 0.08571, 0.07500, 3, 35, 45},
        {su(4), "ROUGE-SU4", 0.10714, 0.13636, 0.12000, 6, 44, 56},
        // liplus-19-sys0|ROUGE-1.5.5|skipstar|stem=False|f=B
        {s_unlimited(), "ROUGE-S*", 0.04545, 0.06667, 0.05405, 3, 45, 66},
        {su_unlimited(), "ROUGE-SU*", 0.07792, 0.11111, 0.09160, 6, 54, 77},
    };
    rouge::scorer sc;
    const rouge::tokenized t = sc.tokenize(
        {candidate, references[0], references[1], references[2], references[3]});
    ASSERT_EQ(t.size(), 5u);
    EXPECT_EQ(t[0].tokens.size(), 12u);
    const std::vector<rouge::summary> all = t.summaries();
    const rouge::span<const rouge::summary> refs(all.data() + 1, 4);
    for (int policy = 0; policy < 2; policy++) {
        const row *rows = policy == 0 ? f_a : f_b;
        SCOPED_TRACE(policy == 0 ? "-f A" : "-f B");
        sc.set_options(rouge::options::perl().multi_reference(policy == 0 ? rouge::policy::perl_a
                                                                          : rouge::policy::perl_b));
        std::vector<rouge_metric> metrics;
        for (std::size_t i = 0; i < std::size(f_a); i++) metrics.push_back(rows[i].metric);
        const auto got = sc.score(t[0], refs, metrics);
        for (std::size_t i = 0; i < got.size(); i++) {
            SCOPED_TRACE(rows[i].name);
            EXPECT_PRF(got[i], rows[i].p, rows[i].r, rows[i].f);
            EXPECT_NEAR(got[i].counts.hit, rows[i].hit, kCountTol);
            EXPECT_NEAR(got[i].counts.reference_total, rows[i].model, kCountTol);
            EXPECT_NEAR(got[i].counts.candidate_total, rows[i].peer, kCountTol);
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Tokenizer                                                                                  */
/* ------------------------------------------------------------------------------------------ */

// rouge-score-rs's profiles through the C API from C++, named by the wrapper's constants: the
// rougers crate 0.2.1's values (RougeScorer::with_tokenizer(.., Tokenizer::character())).
TEST(Tokenize, RougeScoreRsCharacterV1GivesRougersValues) {
    rouge_text_options t;
    ASSERT_EQ(rouge_text_options_init(static_cast<std::uint32_t>(rouge::tokenizer::character_v1), &t), ROUGE_OK);
    const std::string cand = "我爱北京天安门。", ref = "我爱上海。";
    rouge_str c{cand.data(), cand.size()}, r{ref.data(), ref.size()};
    rouge_metric ms[2];
    ASSERT_EQ(rouge_metric_parse("rouge1", 6, &ms[0]), ROUGE_OK);
    ASSERT_EQ(rouge_metric_parse("rouge2", 6, &ms[1]), ROUGE_OK);
    rouge_options o;
    ASSERT_EQ(rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &o), ROUGE_OK);
    rouge_text_dims dims;
    ASSERT_EQ(rouge_text_dims_of(&c, &r, 1, &dims), ROUGE_OK);
    std::size_t words = 0;
    ASSERT_EQ(rouge_text_scratch_words(ms, 2, &o, &t, &dims, &words), ROUGE_OK);
    std::vector<std::uint64_t> scratch(words);
    rouge_result out[2];
    ASSERT_EQ(rouge_score_text(&c, &r, 1, ms, 2, &o, &t, scratch.data(), words, out), ROUGE_OK);
    EXPECT_EQ(out[0].score.fmeasure, 0.36363636363636365);
    EXPECT_EQ(out[1].score.fmeasure, 0.2222222222222222);
    t.stem = 1;
    EXPECT_EQ(rouge_text_scratch_words(ms, 2, &o, &t, &dims, &words), ROUGE_ERR_INVALID_ARGUMENT);
}

TEST(Tokenize, OneIdSpaceLowercaseAndSentences) {
    rouge::scorer sc;
    const std::vector<std::string> texts{"The cat sat.\nOn the MAT", "the cat, the hat!", ""};
    const rouge::tokenized t = sc.tokenize(texts);
    ASSERT_EQ(t.size(), 3u);
    // Text 0: the cat sat | on the mat (two sentences: ends 3 and 6).
    const rouge::summary a = t[0], b = t[1], e = t[2];
    ASSERT_EQ(a.tokens.size(), 6u);
    ASSERT_EQ(b.tokens.size(), 4u);
    EXPECT_EQ(e.tokens.size(), 0u);
    ASSERT_GE(a.sentence_ends.size(), 1u);
    EXPECT_EQ(a.sentence_ends[0], 3u);
    EXPECT_EQ(a.sentence_ends[a.sentence_ends.size() - 1], 6u);
    // Equal words, equal ids (across texts and case); different words, different ids.
    const u32 the = a.tokens[0], cat = a.tokens[1], sat = a.tokens[2], on = a.tokens[3],
              mat = a.tokens[5], hat = b.tokens[3];
    EXPECT_EQ(a.tokens[4], the);
    EXPECT_EQ(b.tokens[0], the);
    EXPECT_EQ(b.tokens[1], cat);
    EXPECT_EQ(b.tokens[2], the);
    const std::vector<u32> distinct{the, cat, sat, on, mat, hat};
    for (std::size_t i = 0; i < distinct.size(); i++)
        for (std::size_t j = i + 1; j < distinct.size(); j++) EXPECT_NE(distinct[i], distinct[j]);
    EXPECT_EQ(t.ids().size(), 10u);
    // A copy views its own arrays.
    const rouge::tokenized copy = t;
    EXPECT_EQ(copy[1].tokens.data(), copy.ids().data() + 6);
    EXPECT_EQ(copy[1].tokens[3], hat);
}

/* ------------------------------------------------------------------------------------------ */
/* Errors                                                                                     */
/* ------------------------------------------------------------------------------------------ */

TEST(Errors, UnknownMetricNames) {
    for (const char *name : {"rougeX", "", "rouge0", "bleu", "rougeW-0.5", "rougeS-1"}) {
        SCOPED_TRACE(name);
        EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, rouge::metric::parse(name));
    }
    try {
        rouge::metric::parse("rougeX");
    } catch (const std::runtime_error &e) {  // catchable as the standard base class
        const std::string what = e.what();
        EXPECT_NE(what.find("rouge_metric_parse"), std::string::npos) << what;
        EXPECT_NE(what.find(rouge_status_str(ROUGE_ERR_INVALID_ARGUMENT)), std::string::npos)
            << what;
    }
}

TEST(Errors, MetricsOutsideTheirDomain) {
    rouge::scorer sc;
    const rouge_metric bad_n[] = {n(1), n(0)};
    const rouge_metric bad_w[] = {w(0.5)};
    const rouge_metric nan_w[] = {w(std::numeric_limits<double>::quiet_NaN())};
    const rouge_metric bad_kind[] = {rouge_metric{99, 0, 0, 0.0}};
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(kHCand, kHRef, bad_n));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(kHCand, kHRef, bad_w));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(kHCand, kHRef, nan_w));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(kHCand, kHRef, bad_kind));
}

TEST(Errors, OptionsOutsideTheirDomain) {
    for (double alpha : {1.5, -0.1, std::numeric_limits<double>::quiet_NaN()}) {
        SCOPED_TRACE(alpha);
        rouge::scorer sc(rouge::options::perl().alpha(alpha));
        EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(kHCand, kHRef, kHMetrics));
    }
    rouge::scorer bad_policy(rouge::options().multi_reference(static_cast<rouge::policy>(7)));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, bad_policy.score(kHCand, kHRef, kHMetrics));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, rouge::options(static_cast<rouge::flavour>(5)));
}

TEST(Errors, ZeroReferences) {
    rouge::scorer sc;
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT,
                       sc.score(kHCand, rouge::span<const rouge::summary>(), kHMetrics));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT,
                       sc.score(kHCand, std::vector<std::vector<u32>>(), kHMetrics));
}

TEST(Errors, BadSentenceEnds) {
    rouge::scorer sc;
    const std::vector<u32> tok{1, 2, 3, 4, 5};
    const std::vector<std::size_t> decreasing{3, 1}, past_end{2, 6}, huge{std::size_t(1) << 40};
    const rouge_metric m[] = {lsum()};
    for (const auto *ends : {&decreasing, &past_end, &huge}) {
        const rouge::summary bad(tok, *ends), good(tok);
        EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(bad, good, m));
        EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(good, bad, m));
        // Sentence ends are checked whatever the metrics read.
        EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score(bad, good, kHMetrics));
    }
}

TEST(Errors, OutputTooSmallAndOutputsUntouched) {
    rouge::scorer sc;
    std::vector<rouge::result> out(kHMetrics.size() - 1);
    EXPECT_ROUGE_ERROR(ROUGE_ERR_OUTPUT_TOO_SMALL,
                       sc.score(kHCand, rouge::span<const rouge::summary>(), kHMetrics, out));
    // A failing call leaves the caller's output as it was.
    rouge::result sentinel;
    std::memset(&sentinel, 0xA5, sizeof sentinel);
    std::vector<rouge::result> full(kHMetrics.size(), sentinel);
    const rouge::summary cand(kHCand), ref(kHRef);
    const rouge_metric bad[] = {n(1), n(0)};
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT,
                       sc.score(cand, rouge::span<const rouge::summary>(&ref, 1), bad, full));
    for (const auto &r : full) EXPECT_TRUE(same_bits(r, sentinel));
    rouge::batch_builder bb;
    bb.add(cand, ref).add(ref, cand);
    std::vector<rouge::result> short_out(2 * kHMetrics.size() - 1);
    EXPECT_ROUGE_ERROR(ROUGE_ERR_OUTPUT_TOO_SMALL, sc.score_batch(bb.view(), kHMetrics, short_out));
}

TEST(Errors, BadBatchOffsets) {
    rouge::scorer sc;
    const std::vector<u32> tok{1, 2, 3, 4, 5, 6};
    const std::vector<std::size_t> seg{3, 6}, pairs{0, 2}, none;
    const rouge_metric m[] = {n(1), lsum()};
    // The well-formed batch scores.
    EXPECT_EQ(sc.score_batch(rouge::batch{tok, seg, none, pairs}, m).size(), 2u);
    const std::vector<std::size_t> seg_decreasing{4, 3}, seg_past_end{3, 7}, one_segment{0, 1},
        pairs_past_segments{0, 3}, pairs_decreasing{2, 0}, sent_past_end{7},
        sent_decreasing{5, 2};
    const struct {
        const char *what;
        rouge::batch b;
    } bad[] = {
        {"segment ends decreasing", {tok, seg_decreasing, none, pairs}},
        {"segment end past the tokens", {tok, seg_past_end, none, pairs}},
        {"pair without a reference", {tok, seg, none, one_segment}},
        {"pair segments past the segments", {tok, seg, none, pairs_past_segments}},
        {"pair segments decreasing", {tok, seg, none, pairs_decreasing}},
        {"sentence end past the tokens", {tok, seg, sent_past_end, pairs}},
        {"sentence ends decreasing", {tok, seg, sent_decreasing, pairs}},
        {"no pair_segments entry at all", {tok, seg, none, none}},
    };
    for (const auto &c : bad) {
        SCOPED_TRACE(c.what);
        EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, sc.score_batch(c.b, m));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Scratch ownership                                                                          */
/* ------------------------------------------------------------------------------------------ */

/// The scratch words the library asks for, straight from the C API.
std::size_t c_scratch_words(const rouge::summary &cand, const rouge::summary &ref,
                            rouge::span<const rouge_metric> metrics, const rouge::options &o) {
    const rouge_summary c = cand.c(), r = ref.c();
    rouge_dims d{};
    std::size_t words = 0;
    if (rouge_dims_of(&c, &r, 1, &d) != ROUGE_OK ||
        rouge_scratch_words(metrics.data(), metrics.size(), &o.c(), &d, &words) != ROUGE_OK)
        ADD_FAILURE() << "size query failed";
    return words;
}

std::vector<u32> ramp(std::size_t len, u32 modulo) {
    std::vector<u32> v(len);
    for (std::size_t i = 0; i < len; i++) v[i] = static_cast<u32>((i * 7 + 3) % modulo);
    return v;
}

TEST(Scratch, ReusedForEqualCallsGrownForLargerOnes) {
    rouge::scorer sc;
    EXPECT_EQ(sc.scratch_words(), 0u);
    const std::vector<u32> c1 = ramp(40, 11), r1 = ramp(50, 13), c2 = ramp(400, 11),
                           r2 = ramp(500, 13);
    const std::size_t need1 = c_scratch_words(c1, r1, kHMetrics, sc.get_options()),
                      need2 = c_scratch_words(c2, r2, kHMetrics, sc.get_options());
    ASSERT_GT(need1, 0u);
    ASSERT_GT(need2, need1);
    sc.score(c1, r1, kHMetrics);
    EXPECT_EQ(sc.scratch_words(), need1);  // the first growth is exact
    sc.score(c1, r1, kHMetrics);
    EXPECT_EQ(sc.scratch_words(), need1);  // same size: no growth
    sc.score(kHCand, kHRef, kHMetrics);
    EXPECT_EQ(sc.scratch_words(), need1);  // smaller: no shrink
    sc.score(c2, r2, kHMetrics);
    EXPECT_GE(sc.scratch_words(), need2);  // larger: grown
    const std::size_t grown = sc.scratch_words();
    sc.score(c1, r1, kHMetrics);
    sc.score(c2, r2, kHMetrics);
    EXPECT_EQ(sc.scratch_words(), grown);
}

TEST(Scratch, WarmScorerScoresIntoACallerSpanWithoutAllocating) {
    rouge::scorer sc(rouge::options::perl());
    const std::vector<u32> c = ramp(300, 17), r1 = ramp(200, 19), r2 = ramp(250, 23);
    const rouge::summary cand(c), refs[] = {rouge::summary(r1), rouge::summary(r2)};
    std::vector<rouge::result> out(kHMetrics.size());
    sc.score(cand, refs, kHMetrics, out);  // warms the scratch and the reference buffer
    const std::vector<rouge::result> first = out;
    const std::size_t before = g_allocations;
    for (int i = 0; i < 10; i++) sc.score(cand, refs, kHMetrics, out);
    EXPECT_EQ(g_allocations, before) << "allocations in warm score() calls";
    EXPECT_EQ(first_difference(first, out), -1);
    // reserve() sizes a fresh scorer for a whole workload up front.
    rouge::scorer reserved(rouge::options::perl());
    reserved.reserve(rouge_dims{2, 300, 250, 300, 250}, kHMetrics);
    const std::size_t words = reserved.scratch_words();
    reserved.score(cand, refs, kHMetrics, out);
    EXPECT_EQ(reserved.scratch_words(), words);
    EXPECT_EQ(first_difference(first, out), -1);
}

/* ------------------------------------------------------------------------------------------ */
/* Random pairs: threads and batches                                                          */
/* ------------------------------------------------------------------------------------------ */

struct pair_case {
    std::vector<u32> cand;
    std::vector<std::size_t> cand_ends;
    std::vector<std::vector<u32>> refs;
    std::vector<std::vector<std::size_t>> ref_ends;

    rouge::summary candidate() const { return rouge::summary(cand, cand_ends); }
    std::vector<rouge::summary> references() const {
        std::vector<rouge::summary> out;
        for (std::size_t i = 0; i < refs.size(); i++) out.emplace_back(refs[i], ref_ends[i]);
        return out;
    }
};

std::vector<pair_case> random_pairs(std::uint32_t seed, std::size_t count) {
    std::mt19937 rng(seed);
    const auto below = [&](std::uint32_t k) { return static_cast<std::uint32_t>(rng() % k); };
    const auto sequence = [&](std::vector<u32> &tok, std::vector<std::size_t> &ends) {
        const std::uint32_t vocab = std::array<std::uint32_t, 4>{{2, 6, 40, 100000}}[below(4)];
        const std::size_t len = below(5) == 0 ? below(3) : below(90);
        for (std::size_t i = 0; i < len; i++) tok.push_back(0xFFFFFF00u / vocab * below(vocab));
        for (std::size_t p = 0; p < len && below(10) < 7;) {
            p = std::min(len, p + 1 + below(20));
            ends.push_back(p);
        }
    };
    std::vector<pair_case> out(count);
    for (pair_case &c : out) {
        sequence(c.cand, c.cand_ends);
        const std::size_t refs = 1 + below(3);
        c.refs.resize(refs);
        c.ref_ends.resize(refs);
        for (std::size_t r = 0; r < refs; r++) sequence(c.refs[r], c.ref_ends[r]);
    }
    return out;
}

const std::array<rouge_metric, 13> kAllMetrics{{n(1), n(2), n(3), n(4), l(), lsum(), w(1.2), w(2.0),
                                                s(0), s(4), s_unlimited(), su(4), su_unlimited()}};

/// Every pair's results, pair after pair, by one scorer, from pair `first` on, wrapping.
std::vector<rouge::result> score_all(rouge::scorer &sc, const std::vector<pair_case> &pairs,
                                     std::size_t first = 0) {
    std::vector<rouge::result> out(pairs.size() * kAllMetrics.size());
    for (std::size_t k = 0; k < pairs.size(); k++) {
        const std::size_t p = (first + k) % pairs.size();
        const std::vector<rouge::summary> refs = pairs[p].references();
        sc.score(pairs[p].candidate(), refs, kAllMetrics,
                 rouge::span<rouge::result>(out.data() + p * kAllMetrics.size(), kAllMetrics.size()));
    }
    return out;
}

const rouge::options kConfigs[] = {
    rouge::options::rouge_score(), rouge::options::perl(),
    rouge::options::rouge_score().multi_reference(rouge::policy::perl_b).jackknife(true)};

TEST(Threads, EightScorersMatchASingleThread) {
    const std::vector<pair_case> pairs = random_pairs(20261122, 160);
    for (const rouge::options &o : kConfigs) {
        rouge::scorer single(o);
        const std::vector<rouge::result> expected = score_all(single, pairs);
        std::vector<std::vector<rouge::result>> got(8);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < got.size(); t++)
            threads.emplace_back([&, t] {
                rouge::scorer own(o);  // one scorer per thread
                for (int round = 0; round < 3; round++)
                    got[t] = score_all(own, pairs, t * pairs.size() / 8 + round);
            });
        for (std::thread &t : threads) t.join();
        for (std::size_t t = 0; t < got.size(); t++)
            EXPECT_EQ(first_difference(expected, got[t]), -1) << "thread " << t;
    }
}

TEST(Batch, EqualsPerPairCallsBitForBit) {
    const std::vector<pair_case> pairs = random_pairs(7, 120);
    rouge::batch_builder bb;
    for (const pair_case &p : pairs) bb.add(p.candidate(), p.references());
    ASSERT_EQ(bb.pair_count(), pairs.size());
    for (const rouge::options &o : kConfigs) {
        rouge::scorer sc(o);
        const std::vector<rouge::result> one_by_one = score_all(sc, pairs);
        const std::vector<rouge::result> batched = sc.score_batch(bb.view(), kAllMetrics);
        EXPECT_EQ(first_difference(one_by_one, batched), -1);
    }
}

TEST(Batch, RawCsrArraysWithAbsoluteSentenceEnds) {
    // Pair 0: candidate [3 4 | 1 2] against [1 2 3 4]; pair 1: case H. Segment ends 4 8 13 19;
    // sentence ends are absolute: 2 (candidate 0) and 4 (its end).
    const std::vector<u32> tok{3, 4, 1, 2, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1, 2, 9, 4, 5, 8};
    const std::vector<std::size_t> seg{4, 8, 13, 19}, sent{2, 4}, pairs{0, 2, 4};
    const rouge_metric m[] = {l(), lsum(), n(1)};
    rouge::scorer sc;
    std::vector<rouge::result> out(6);
    sc.score_batch(rouge::batch{tok, seg, sent, pairs}, m, out);
    // Hand values: see SummaryLevelLcsUnionsSentences and EveryKindRougeScoreFlavour.
    EXPECT_PRF(out[0], 0.5, 0.5, 0.5);
    EXPECT_PRF(out[1], 1, 1, 1);
    EXPECT_PRF(out[2], 1, 1, 1);
    EXPECT_PRF(out[3], 4.0 / 5, 4.0 / 6, 8.0 / 11);
    EXPECT_PRF(out[4], 4.0 / 5, 4.0 / 6, 8.0 / 11);
    EXPECT_PRF(out[5], 4.0 / 5, 4.0 / 6, 8.0 / 11);
    // No pairs: pair_segments {0}.
    const std::vector<std::size_t> no_pairs{0};
    EXPECT_TRUE(sc.score_batch(rouge::batch{tok, seg, sent, no_pairs}, m).empty());
}

/* ------------------------------------------------------------------------------------------ */
/* Cross-host agreement (../agree/README.md)                                                  */
/* ------------------------------------------------------------------------------------------ */

const char *const kAgreeMetrics[] = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL",
                                     "rougeLsum", "rougeW-1.2", "rougeS4", "rougeS*", "rougeSU4"};

struct agree_case {
    std::string id;
    pair_case pair;
};

std::vector<std::size_t> parse_numbers(const std::string &field) {
    std::vector<std::size_t> out;
    std::istringstream in(field);
    unsigned long long x;
    while (in >> x) out.push_back(static_cast<std::size_t>(x));
    return out;
}

/// Reads $ROUGE_AGREE_DIR/cases.tsv; false (test skipped) when the variable is not set.
bool read_agree_cases(std::vector<agree_case> &cases, std::string &dir) {
    const char *env = std::getenv("ROUGE_AGREE_DIR");
    if (!env) return false;
    dir = env;
    std::ifstream in(dir + "/cases.tsv");
    EXPECT_TRUE(in.good()) << dir << "/cases.tsv is missing: run make -C ffi-tests/agree";
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> f;
        for (std::size_t start = 0;;) {  // split on tabs, keeping empty fields
            const std::size_t tab = line.find('\t', start);
            f.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        EXPECT_TRUE(f.size() >= 5 && f.size() % 2 == 1) << line;
        agree_case c;
        c.id = f[0];
        const auto tokens = [](const std::string &s) {
            const std::vector<std::size_t> v = parse_numbers(s);
            return std::vector<u32>(v.begin(), v.end());
        };
        c.pair.cand = tokens(f[1]);
        c.pair.cand_ends = parse_numbers(f[2]);
        for (std::size_t k = 3; k + 1 < f.size(); k += 2) {
            c.pair.refs.push_back(tokens(f[k]));
            c.pair.ref_ends.push_back(parse_numbers(f[k + 1]));
        }
        cases.push_back(std::move(c));
    }
    return true;
}

std::string slurp(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(Agreement, WritesCppOutIdenticalToTheCHost) {
    std::vector<agree_case> cases;
    std::string dir;
    if (!read_agree_cases(cases, dir)) GTEST_SKIP() << "ROUGE_AGREE_DIR is not set";
    ASSERT_FALSE(cases.empty());
    std::vector<rouge_metric> metrics;
    for (const char *name : kAgreeMetrics) metrics.push_back(rouge::metric::parse(name));
    const std::pair<const char *, rouge::options> configs[] = {
        {"rouge-score", rouge::options::rouge_score()}, {"perl", rouge::options::perl()}};
    std::string out;
    char hex[20];
    rouge::scorer sc;
    std::vector<rouge::result> res(metrics.size());
    for (const agree_case &c : cases) {
        const std::vector<rouge::summary> refs = c.pair.references();
        for (const auto &config : configs) {
            sc.set_options(config.second);
            sc.score(c.pair.candidate(), refs, metrics, res);
            for (std::size_t m = 0; m < metrics.size(); m++) {
                out += c.id + " " + config.first + " " + kAgreeMetrics[m];
                const rouge::result &r = res[m];
                for (double x : {r.score.precision, r.score.recall, r.score.fmeasure, r.counts.hit,
                                 r.counts.reference_total, r.counts.candidate_total}) {
                    std::uint64_t bits;
                    std::memcpy(&bits, &x, sizeof bits);
                    std::snprintf(hex, sizeof hex, " %016" PRIx64, bits);
                    out += hex;
                }
                out += '\n';
            }
        }
    }
    {
        std::ofstream f(dir + "/cpp.out", std::ios::binary);
        f << out;
        ASSERT_TRUE(f.good()) << "cannot write " << dir << "/cpp.out";
    }
    const std::string c_out = slurp(dir + "/c.out");
    ASSERT_FALSE(c_out.empty()) << dir << "/c.out is missing";
    if (c_out != out) {
        std::istringstream a(c_out), b(out);
        std::string la, lb;
        for (int line = 1; std::getline(a, la) && std::getline(b, lb); line++)
            if (la != lb) {
                ADD_FAILURE() << "cpp.out differs from c.out at line " << line << ":\n  c:   " << la
                              << "\n  cpp: " << lb;
                break;
            }
        FAIL() << "cpp.out (" << out.size() << " bytes) != c.out (" << c_out.size() << " bytes)";
    }
}

TEST(Agreement, BatchEqualsPerPairOnTheAgreementCases) {
    std::vector<agree_case> cases;
    std::string dir;
    if (!read_agree_cases(cases, dir)) GTEST_SKIP() << "ROUGE_AGREE_DIR is not set";
    std::vector<pair_case> pairs;
    rouge::batch_builder bb;
    for (const agree_case &c : cases) {
        pairs.push_back(c.pair);
        bb.add(c.pair.candidate(), c.pair.references());
    }
    for (const rouge::options &o : kConfigs) {
        rouge::scorer sc(o);
        EXPECT_EQ(first_difference(score_all(sc, pairs), sc.score_batch(bb.view(), kAllMetrics)),
                  -1);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Streaming (rouge::stream)                                                                   */
/* ------------------------------------------------------------------------------------------ */

const rouge_stream_config kStreamCfg{2, 1, 1, 8};  // rouge1, rouge2, rougeL, rougeLsum
const std::array<rouge_metric, 4> kStreamMetrics{{n(1), n(2), l(), lsum()}};

TEST(Stream, HandCaseAfterEveryPush) {
    // Reference [1 2 5] (one sentence); candidate pushed 1 2 | 3 4 | (| = end_sentence).
    //   after 1:        rouge1 hit 1 (ref 3, cand 1); rouge2 0 (ref 2, cand 0); L 1 (3, 1);
    //                   Lsum: no sentence has ended, hit 0 (3, 0).
    //   after 1 2 |:    rouge1 2 (3, 2); rouge2 1, the bigram 12 (2, 1); L 2 (3, 2);
    //                   Lsum: union LCS of [1 2 5] with [1 2] = {1 2}: 2 (3, 2).
    //   after 1 2 3:    rouge1 2 (3, 3); rouge2 1 (2, 2); L 2 (3, 3); Lsum unchanged (3, 2).
    //   after 1 2 3 4 |: rouge1 2 (3, 4); rouge2 1 (2, 3); L 2 (3, 4); Lsum: [3 4] adds nothing
    //                   to {1 2}: 2 (3, 4).
    const double want[4][4][3] = {
        {{1, 3, 1}, {0, 2, 0}, {1, 3, 1}, {0, 3, 0}},
        {{2, 3, 2}, {1, 2, 1}, {2, 3, 2}, {2, 3, 2}},
        {{2, 3, 3}, {1, 2, 2}, {2, 3, 3}, {2, 3, 2}},
        {{2, 3, 4}, {1, 2, 3}, {2, 3, 4}, {2, 3, 4}},
    };
    const std::vector<u32> ref{1, 2, 5}, cand{1, 2, 3, 4};
    rouge::stream st(ref, kStreamCfg);
    EXPECT_EQ(st.reference_count(), 1u);
    EXPECT_GT(st.state_words(), 0u);
    for (int round = 0; round < 2; round++) {  // after reset(), the same numbers again
        SCOPED_TRACE(round);
        if (round == 1) st.reset();
        for (std::size_t i = 0; i < cand.size(); i++) {
            SCOPED_TRACE(i);
            st.push(cand[i]);
            if (i == 1 || i == 3) st.end_sentence();
            const std::vector<rouge::result> r = st.score(kStreamMetrics);
            ASSERT_EQ(r.size(), 4u);
            for (std::size_t m = 0; m < 4; m++)
                EXPECT_COUNTS(r[m], want[i][m][0], want[i][m][1], want[i][m][2]);
        }
        // The final rouge1: P 2/4, R 2/3, F 2*2/(4+3) = 4/7; rouge2: P 1/3, R 1/2, F 2/5.
        const std::vector<rouge::result> r = st.score(kStreamMetrics);
        EXPECT_PRF(r[0], 0.5, 2.0 / 3, 4.0 / 7);
        EXPECT_PRF(r[1], 1.0 / 3, 0.5, 0.4);
    }
}

/// Streams `cand` (end_sentence at each of `ends` and after the last token) and compares every
/// metric, bit for bit, with the one-shot scorer on the whole candidate, for each option set.
void expect_stream_equals_one_shot(const std::vector<u32> &cand, const std::vector<std::size_t> &ends,
                                   rouge::span<const rouge::summary> refs,
                                   rouge::span<const rouge::options> configs) {
    const rouge_stream_config cfg{4, 1, 1, std::max<std::size_t>(cand.size(), 1)};
    const rouge_metric metrics[] = {n(1), n(2), n(3), n(4), l(), lsum()};
    rouge::stream st(refs, cfg);
    std::size_t e = 0;
    for (std::size_t i = 0; i <= cand.size(); i++) {
        if (i > 0) st.push(cand[i - 1]);
        for (; e < ends.size() && ends[e] == i; e++) st.end_sentence();  // ends at 0 too
    }
    st.end_sentence();
    for (const rouge::options &o : configs) {
        st.set_options(o);
        rouge::scorer sc(o);
        const std::vector<rouge::result> want = sc.score(rouge::summary(cand, ends), refs, metrics);
        const std::vector<rouge::result> got = st.score(metrics);
        EXPECT_EQ(first_difference(got, want), -1)
            << "policy " << o.c().multi_reference << " flavour " << o.c().flavour << " jackknife "
            << o.c().jackknife;
    }
}

const rouge::options kStreamConfigs[] = {
    rouge::options::rouge_score(),
    rouge::options::rouge_score().multi_reference(rouge::policy::perl_a),
    rouge::options::rouge_score().multi_reference(rouge::policy::perl_b),
    rouge::options::rouge_score().jackknife(true),
    rouge::options::perl(),
    rouge::options::perl().multi_reference(rouge::policy::best_f),
    rouge::options::perl().multi_reference(rouge::policy::perl_b),
    rouge::options::perl().round(false).alpha(0.3).jackknife(true)};

TEST(Stream, EqualsOneShotWithTwoReferencesEveryPolicy) {
    // The hand case's candidate against [1 2 5] and a second reference with two sentences.
    const std::vector<u32> r1{1, 2, 5}, r2{3, 4, 1, 9, 2, 5};
    const std::vector<std::size_t> r2_ends{2};
    const rouge::summary refs[] = {rouge::summary(r1), rouge::summary(r2, r2_ends)};
    expect_stream_equals_one_shot({1, 2, 3, 4}, {2, 4}, refs, kStreamConfigs);
    // An empty first sentence (an end at 0) and a repeated end change nothing.
    expect_stream_equals_one_shot({1, 2, 3, 4}, {0, 2, 2}, refs, kStreamConfigs);
    // Random pairs (1 to 3 references, sentence ends at 0, repeated, at the end).
    for (const pair_case &p : random_pairs(515, 60)) {
        const std::vector<rouge::summary> rs = p.references();
        expect_stream_equals_one_shot(p.cand, p.cand_ends, rs, kStreamConfigs);
    }
}

TEST(Stream, Errors) {
    const std::vector<u32> ref{1, 2, 5};
    // A sentence longer than max_sentence_len (2 here) is refused; the stream is unchanged.
    rouge::stream st({ref, std::vector<u32>{2, 1}}, rouge_stream_config{2, 0, 1, 2});
    st.push(1);
    st.push(2);
    const rouge_metric tracked[] = {n(1), n(2), lsum()};
    const std::vector<rouge::result> before = st.score(tracked);
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INPUT_TOO_LONG, st.push(3));
    EXPECT_EQ(first_difference(st.score(tracked), before), -1);
    st.end_sentence();  // a new sentence may hold 2 tokens again
    st.push(3);
    // Metrics the stream does not track; `out` is left untouched.
    std::vector<rouge::result> out(1);
    std::memset(out.data(), 0x5A, sizeof(rouge::result));
    const std::vector<rouge::result> sentinel = out;
    for (const rouge_metric &m : {n(3), l(), w(1.2), s(4), su(4)}) {
        const rouge_metric one[] = {m};
        EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, st.score(one, out));
    }
    EXPECT_EQ(first_difference(out, sentinel), -1);
    const rouge_metric with_untracked[] = {n(1), n(3)};
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, st.score(with_untracked));
    // An output span shorter than the metrics.
    EXPECT_ROUGE_ERROR(ROUGE_ERR_OUTPUT_TOO_SMALL, st.score(tracked, out));
    EXPECT_EQ(first_difference(out, sentinel), -1);
    // A bad option.
    st.set_options(rouge::options::perl().alpha(2));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, st.score(tracked));
    // Construction: no references, max_n above ROUGE_STREAM_MAX_N, bad sentence ends.
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT,
                       rouge::stream(rouge::span<const rouge::summary>(), kStreamCfg));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT,
                       rouge::stream(ref, rouge_stream_config{ROUGE_STREAM_MAX_N + 1, 0, 0, 0}));
    const std::vector<std::size_t> past_end{4}, decreasing{2, 1};
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT,
                       rouge::stream(rouge::summary(ref, past_end), kStreamCfg));
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT,
                       rouge::stream({ref, rouge::summary(ref, decreasing)}, kStreamCfg));
    // ROUGE_STREAM_MAX_N itself is fine, and so is tracking nothing.
    rouge::stream most(ref, rouge_stream_config{ROUGE_STREAM_MAX_N, 0, 0, 0});
    most.push(1);
    EXPECT_COUNTS(most.score(std::array<rouge_metric, 1>{{n(ROUGE_STREAM_MAX_N)}})[0], 0, 0, 0);
    rouge::stream nothing(ref, rouge_stream_config{0, 0, 0, 0});
    nothing.push(1);
    EXPECT_ROUGE_ERROR(ROUGE_ERR_INVALID_ARGUMENT, nothing.score(std::array<rouge_metric, 1>{{n(1)}}));
    EXPECT_TRUE(nothing.score(rouge::span<const rouge_metric>()).empty());
}

TEST(Stream, CopiesAreIndependentAndMovesKeepTheState) {
    const std::vector<u32> ref{1, 2, 5};
    rouge::stream a(ref, kStreamCfg);
    a.push(1);
    rouge::stream b = a;  // branch: b continues with 2, a with 5
    b.push(2);
    a.push(5);
    EXPECT_COUNTS(a.score(kStreamMetrics)[1], 0, 2, 1);  // bigram 15: no hit
    EXPECT_COUNTS(b.score(kStreamMetrics)[1], 1, 2, 1);  // bigram 12: a hit
    rouge::stream c(std::move(b));
    EXPECT_COUNTS(c.score(kStreamMetrics)[1], 1, 2, 1);
    c.push(5);
    EXPECT_COUNTS(c.score(kStreamMetrics)[0], 3, 3, 3);
    a = c;  // copy assignment
    EXPECT_EQ(first_difference(a.score(kStreamMetrics), c.score(kStreamMetrics)), -1);
    a.push(9);
    EXPECT_COUNTS(c.score(kStreamMetrics)[0], 3, 3, 3);
    EXPECT_COUNTS(a.score(kStreamMetrics)[0], 3, 3, 4);
    rouge::stream d(std::vector<u32>{7}, kStreamCfg);
    d = std::move(a);  // move assignment
    EXPECT_COUNTS(d.score(kStreamMetrics)[0], 3, 3, 4);
}

TEST(Stream, PushAndScoreIntoASpanDoNotAllocate) {
    const std::vector<u32> r1 = ramp(200, 7), r2 = ramp(300, 11);
    const rouge::summary refs[] = {rouge::summary(r1), rouge::summary(r2)};
    rouge::stream st(refs, rouge_stream_config{4, 1, 1, 64}, rouge::options::perl());
    std::array<rouge::result, 4> out{};
    const std::size_t before = g_allocations;
    for (u32 i = 0; i < 256; i++) {
        st.push(i % 13);
        if (i % 32 == 31) st.end_sentence();
        st.score(kStreamMetrics, out);
    }
    st.reset();
    EXPECT_EQ(g_allocations, before) << "allocations in push/end_sentence/score/reset";
}

}  // namespace
