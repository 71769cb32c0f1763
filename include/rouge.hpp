/*
 * rouge.hpp: a header-only C++17 wrapper over librouge's C ABI (rouge.h), in namespace `rouge`.
 *
 *     rouge::scorer scorer(rouge::options::perl());          // owns its scratch memory
 *     std::vector<std::uint32_t> cand{1, 2, 3, 4, 5}, ref{1, 2, 4, 5, 6, 7};
 *     const rouge_metric metrics[] = {rouge::metric::n(1), rouge::metric::parse("rougeLsum")};
 *     for (const rouge::result &r : scorer.score(cand, ref, metrics))
 *         std::printf("P %.5f R %.5f F %.5f\n", r.score.precision, r.score.recall, r.score.fmeasure);
 *
 * Link with librouge (target/release/librouge.a, or -lrouge). Everything is inline; there is no
 * global state. The C types (`rouge_metric`, `rouge_result`, `rouge_dims`) are used as they are:
 * a `rouge::result` is a `rouge_result` (`.score.{precision,recall,fmeasure}`,
 * `.counts.{hit,reference_total,candidate_total}`), so results go to and from the C calls
 * without copies.
 *
 * Errors are exceptions. Every C call that fails throws `rouge::error`, a `std::runtime_error`
 * whose `status()` is the library's `rouge_status` and whose `what()` is the failing function's
 * name and `rouge_status_str(status)`. All of the library's errors are caller errors (an unknown
 * metric, n = 0, weight < 1, alpha outside [0, 1], no references, bad sentence ends or batch
 * offsets, an output span that is too short); none is an expected outcome to branch on, so
 * making them exceptions keeps every call site a plain expression and means no error can be
 * ignored. Validation stays in the library: the wrapper adds only the checks the C ABI cannot
 * express (an output span shorter than the metrics, a batch without its pair_segments entry).
 * Memory for the wrapper's own vectors can throw `std::bad_alloc` as usual. Code that cannot
 * use exceptions should call rouge.h directly.
 *
 * Views: `rouge::span`, `rouge::summary` and `rouge::batch` borrow the caller's arrays, like
 * `std::span` and `std::string_view`. They must outlive the call they are passed to; the
 * library never keeps a pointer past a call.
 *
 * Threads: the library is reentrant and thread-safe. A `rouge::scorer` is not: it owns mutable
 * scratch memory (a `std::vector<std::uint64_t>`) that every call uses, reused and grown only
 * when a call needs more. Give each thread its own scorer; scorers are cheap to create and can
 * be moved.
 *
 * Text: a `rouge::text_scorer` scores UTF-8 texts with `rouge::text_options` (a tokeniser, and
 * for XL-Sum's multilingual ROUGE a language the options own as a `std::string`); Chinese,
 * Japanese and Thai take the host segmenter's tokens through `score_segmented`.
 *
 * Streaming: a `rouge::stream` scores a candidate while it is generated, one `push(token)` at a
 * time (ROUGE-N, L, and Lsum at each `end_sentence()`), against references copied in once; it
 * owns its state like a scorer owns its scratch, and likewise belongs to one thread at a time.
 */
#ifndef ROUGE_HPP
#define ROUGE_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "rouge.h"

static_assert(ROUGE_ABI_VERSION == 2, "rouge.hpp was written for ROUGE_ABI_VERSION 2");

namespace rouge {

/// Score and counts of one metric (the C struct: `.score.precision`, `.counts.hit`, ...).
using result = rouge_result;

/// The library version ("MAJOR.MINOR.PATCH") of the linked library.
inline std::string_view version() noexcept { return rouge_version(); }

/// The ABI version of the linked library (compare with ROUGE_ABI_VERSION of the header).
inline std::uint32_t abi_version() noexcept { return rouge_abi_version(); }

/// A failed library call: `status()` is the `rouge_status`, `what()` names the call and
/// carries `rouge_status_str(status())`.
class error : public std::runtime_error {
public:
    explicit error(rouge_status status, const char *where = nullptr)
        : std::runtime_error(where ? std::string(where) + ": " + rouge_status_str(status)
                                   : std::string(rouge_status_str(status))),
          status_(status) {}

    /// The library's status code (one of the `ROUGE_ERR_*` macros).
    rouge_status status() const noexcept { return status_; }

private:
    rouge_status status_;
};

namespace detail {

inline void check(rouge_status status, const char *where) {
    if (status != ROUGE_OK) throw error(status, where);
}

template <class T>
struct is_span : std::false_type {};

/// Whether a `C` (a container or array, possibly a temporary) can be viewed as `T[]`: it has
/// `std::data` and `std::size`, its elements are `T` up to added const (no derived-to-base
/// pointer conversions), and temporaries only bind to views of const elements.
template <class C, class T, class = void>
struct viewable : std::false_type {};
template <class C, class T>
struct viewable<C, T,
                std::void_t<decltype(std::data(std::declval<C &>())),
                            decltype(std::size(std::declval<C &>()))>>
    : std::bool_constant<
          !is_span<std::remove_cv_t<std::remove_reference_t<C>>>::value &&
          std::is_convertible_v<
              std::remove_pointer_t<decltype(std::data(std::declval<C &>()))> (*)[], T (*)[]> &&
          (std::is_lvalue_reference_v<C> || std::is_const_v<T>)> {};

}  // namespace detail

/// A borrowed view of `size()` contiguous `T` (C++17 has no std::span). Converts from
/// `(pointer, length)`, from arrays, `std::vector`, `std::array` and any contiguous container
/// with `std::data`/`std::size`, and from a `span` of less-const elements.
template <class T>
class span {
public:
    using element_type = T;
    using value_type = std::remove_cv_t<T>;
    using size_type = std::size_t;
    using pointer = T *;
    using reference = T &;
    using iterator = T *;

    constexpr span() noexcept = default;
    constexpr span(T *data, std::size_t size) noexcept : data_(data), size_(size) {}
    template <class C, std::enable_if_t<detail::viewable<C &&, T>::value, int> = 0>
    constexpr span(C &&c) noexcept : data_(std::data(c)), size_(std::size(c)) {}
    template <class U, std::enable_if_t<std::is_convertible_v<U (*)[], T (*)[]>, int> = 0>
    constexpr span(const span<U> &other) noexcept : data_(other.data()), size_(other.size()) {}

    constexpr T *data() const noexcept { return data_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr T *begin() const noexcept { return data_; }
    constexpr T *end() const noexcept { return data_ + size_; }
    constexpr T &operator[](std::size_t i) const noexcept { return data_[i]; }

private:
    T *data_ = nullptr;
    std::size_t size_ = 0;
};

namespace detail {
template <class T>
struct is_span<span<T>> : std::true_type {};
}  // namespace detail

/// A token sequence and its sentence ends (exclusive offsets into `tokens`, non-decreasing, at
/// most `tokens.size()`; tokens after the last end form one more sentence; none: one
/// sentence). Only the summary-level metrics (Lsum, Perl's W) read sentences. Borrowed.
struct summary {
    span<const std::uint32_t> tokens;
    span<const std::size_t> sentence_ends;

    constexpr summary() noexcept = default;
    constexpr summary(span<const std::uint32_t> tokens_,
                      span<const std::size_t> sentence_ends_ = {}) noexcept
        : tokens(tokens_), sentence_ends(sentence_ends_) {}
    constexpr summary(const std::uint32_t *tokens_, std::size_t len,
                      const std::size_t *sentence_ends_ = nullptr,
                      std::size_t sentence_count = 0) noexcept
        : tokens(tokens_, len), sentence_ends(sentence_ends_, sentence_count) {}
    /// One sentence of these tokens (implicit, so token vectors can be passed directly).
    summary(const std::vector<std::uint32_t> &tokens_) noexcept : tokens(tokens_) {}
    /// A view of a C summary (for instance from rouge_tokenize_basic).
    constexpr explicit summary(const rouge_summary &s) noexcept
        : tokens(s.tokens, s.len), sentence_ends(s.sentence_ends, s.sentence_count) {}

    /// The C view of the same arrays.
    constexpr rouge_summary c() const noexcept {
        return rouge_summary{tokens.data(), tokens.size(), sentence_ends.data(),
                             sentence_ends.size()};
    }
};

/// Many pairs in one token array (CSR layout; see `rouge_batch` in rouge.h). Segment k is
/// `tokens[segment_ends[k-1] .. segment_ends[k]]`; pair p is the segments `pair_segments[p] ..
/// pair_segments[p+1]`, the candidate first, then its references (at least one);
/// `sentence_ends` are absolute offsets into `tokens` and a segment takes those in
/// (start, end]. `pair_segments` holds pair_count + 1 entries (`{0}`: no pairs). Borrowed;
/// `rouge::batch_builder` fills one from summaries.
struct batch {
    span<const std::uint32_t> tokens;
    span<const std::size_t> segment_ends;
    span<const std::size_t> sentence_ends;
    span<const std::size_t> pair_segments;

    constexpr std::size_t pair_count() const noexcept {
        return pair_segments.empty() ? 0 : pair_segments.size() - 1;
    }
    /// The C view of the same arrays.
    constexpr rouge_batch c() const noexcept {
        return rouge_batch{tokens.data(),        tokens.size(),        segment_ends.data(),
                           segment_ends.size(),  sentence_ends.data(), sentence_ends.size(),
                           pair_segments.data(), pair_count()};
    }
};

/// Owns the arrays of a `rouge::batch`, appended pair by pair.
class batch_builder {
public:
    /// Appends one pair: a candidate and its references. A relative sentence end of 0 (an
    /// empty first sentence) has no place in the (start, end] layout and is left out; empty
    /// sentences do not change any score.
    batch_builder &add(const summary &candidate, span<const summary> references) {
        add_segment(candidate);
        for (const summary &r : references) add_segment(r);
        pair_segments_.push_back(segment_ends_.size());
        return *this;
    }
    /// Appends a pair with one reference.
    batch_builder &add(const summary &candidate, const summary &reference) {
        return add(candidate, span<const summary>(&reference, 1));
    }
    /// A view of the pairs so far, valid until the next `add` or `clear`.
    rouge::batch view() const noexcept {
        return rouge::batch{tokens_, segment_ends_, sentence_ends_, pair_segments_};
    }
    std::size_t pair_count() const noexcept { return pair_segments_.size() - 1; }
    void clear() noexcept {
        tokens_.clear();
        segment_ends_.clear();
        sentence_ends_.clear();
        pair_segments_.assign(1, 0);
    }

private:
    void add_segment(const summary &s) {
        const std::size_t start = tokens_.size();
        tokens_.insert(tokens_.end(), s.tokens.begin(), s.tokens.end());
        for (std::size_t e : s.sentence_ends)
            if (e != 0) sentence_ends_.push_back(start + e);
        segment_ends_.push_back(tokens_.size());
    }

    std::vector<std::uint32_t> tokens_;
    std::vector<std::size_t> segment_ends_, sentence_ends_;
    std::vector<std::size_t> pair_segments_{0};
};

/// Metric descriptions (`rouge_metric`): parsed from a name or built by a factory. Kinds a
/// metric does not use leave fields at 0. Out-of-domain values (n = 0, weight < 1) are
/// rejected by the library when scoring.
namespace metric {

/// Parses `rouge1`..`rougeN`, `rougeL`, `rougeLsum`, `rougeW-1.2`, `rougeS4`, `rougeS*`,
/// `rougeSU4`, `rougeSU*` (and ROUGE-1.5.5's `ROUGE-1`, `ROUGE-W-1.2`, ...). Throws
/// `rouge::error` (ROUGE_ERR_INVALID_ARGUMENT) on an unknown name.
inline rouge_metric parse(std::string_view name) {
    rouge_metric m{};
    detail::check(rouge_metric_parse(name.data(), name.size(), &m), "rouge_metric_parse");
    return m;
}
/// ROUGE-N.
constexpr rouge_metric n(std::uint32_t order) noexcept {
    return rouge_metric{ROUGE_METRIC_N, order, 0, 0.0};
}
/// ROUGE-L, sentence level (rouge-score `rougeL`).
constexpr rouge_metric l() noexcept { return rouge_metric{ROUGE_METRIC_L, 0, 0, 0.0}; }
/// ROUGE-L, summary level (rouge-score `rougeLsum`, ROUGE-1.5.5 `ROUGE-L`).
constexpr rouge_metric lsum() noexcept { return rouge_metric{ROUGE_METRIC_LSUM, 0, 0, 0.0}; }
/// ROUGE-W with this weight.
constexpr rouge_metric w(double weight = 1.2) noexcept {
    return rouge_metric{ROUGE_METRIC_W, 0, 0, weight};
}
/// ROUGE-S: skip-bigrams with at most `skip` tokens between them (negative: unlimited).
constexpr rouge_metric s(std::int64_t skip) noexcept {
    return rouge_metric{ROUGE_METRIC_S, 0, skip, 0.0};
}
/// ROUGE-SU: ROUGE-S plus unigrams.
constexpr rouge_metric su(std::int64_t skip) noexcept {
    return rouge_metric{ROUGE_METRIC_SU, 0, skip, 0.0};
}
/// ROUGE-S* (any distance).
constexpr rouge_metric s_unlimited() noexcept { return s(-1); }
/// ROUGE-SU* (any distance).
constexpr rouge_metric su_unlimited() noexcept { return su(-1); }

}  // namespace metric

/// The definitions to follow: rouge-score 0.1.2 or ROUGE-1.5.5 (see README.md).
enum class flavour : std::uint32_t {
    rouge_score = ROUGE_FLAVOUR_ROUGE_SCORE,
    perl = ROUGE_FLAVOUR_PERL,
};

/// The tokenisers of `rouge_text_options` (`rouge_text_options_init`; see rouge.h).
enum class tokenizer : std::uint32_t {
    rouge_score = ROUGE_TOKENIZER_ROUGE_SCORE,    ///< rouge-score 0.1.2's
    unicode = ROUGE_TOKENIZER_UNICODE,            ///< the library's own Unicode tokeniser
    perl = ROUGE_TOKENIZER_PERL,                  ///< ROUGE-1.5.5's
    unicode_v1 = ROUGE_TOKENIZER_UNICODE_V1,      ///< rouge-score-rs's unicode-v1
    character_v1 = ROUGE_TOKENIZER_CHARACTER_V1,  ///< rouge-score-rs's character-v1
    xlsum = ROUGE_TOKENIZER_XLSUM,                ///< XL-Sum's multilingual ROUGE (`lang`)
};

/// How several references combine.
enum class policy : std::uint32_t {
    best_f = ROUGE_MULTI_BEST_F,  ///< per metric, the reference with the best F
    perl_a = ROUGE_MULTI_PERL_A,  ///< counts pooled over the references (ROUGE-1.5.5 -f A)
    perl_b = ROUGE_MULTI_PERL_B,  ///< the reference with the best recall (ROUGE-1.5.5 -f B)
};

/// Options of a scoring call, starting from a flavour's defaults (rouge-score: best F, no
/// rounding; Perl: -f A, alpha 0.5, rounding to 5 decimals). Setters chain; the library
/// checks the values when scoring (alpha outside [0, 1] throws then).
class options {
public:
    options() : options(rouge::flavour::rouge_score) {}
    explicit options(rouge::flavour f) {
        detail::check(rouge_options_init(static_cast<std::uint32_t>(f), &o_),
                      "rouge_options_init");
    }
    static options rouge_score() { return options(rouge::flavour::rouge_score); }
    static options perl() { return options(rouge::flavour::perl); }

    options &multi_reference(rouge::policy p) noexcept {
        o_.multi_reference = static_cast<std::uint32_t>(p);
        return *this;
    }
    /// Average the scores over the leave-one-out reference subsets (two or more references).
    options &jackknife(bool on) noexcept {
        o_.jackknife = on ? 1 : 0;
        return *this;
    }
    /// Perl flavour: round R and P to 5 decimals before F, and F after, as ROUGE-1.5.5 prints.
    options &round(bool on) noexcept {
        o_.round = on ? 1 : 0;
        return *this;
    }
    /// Perl flavour: F = PR/((1-alpha)P + alpha R), alpha in [0, 1].
    options &alpha(double a) noexcept {
        o_.alpha = a;
        return *this;
    }

    /// The C options.
    const rouge_options &c() const noexcept { return o_; }

private:
    rouge_options o_{};
};

/// Texts tokenised into one id space by `scorer::tokenize`: `(*this)[i]` is text i.
class tokenized {
public:
    std::size_t size() const noexcept { return texts_.size(); }
    /// Text i as a summary viewing this object's arrays (valid while this object lives).
    summary operator[](std::size_t i) const noexcept {
        const range &r = texts_[i];
        return summary(ids_.data() + r.token_start, r.token_len,
                       ends_.data() + r.sentence_start, r.sentence_count);
    }
    /// Every text as a summary (views into this object).
    std::vector<summary> summaries() const {
        std::vector<summary> out;
        out.reserve(size());
        for (std::size_t i = 0; i < size(); i++) out.push_back((*this)[i]);
        return out;
    }
    /// All token ids, text after text.
    const std::vector<std::uint32_t> &ids() const noexcept { return ids_; }
    /// All sentence ends, each relative to its text's first token.
    const std::vector<std::size_t> &sentence_ends() const noexcept { return ends_; }

private:
    friend class scorer;
    struct range {
        std::size_t token_start, token_len, sentence_start, sentence_count;
    };
    std::vector<std::uint32_t> ids_;
    std::vector<std::size_t> ends_;
    std::vector<range> texts_;
};

/// Scores candidates against references with fixed options, owning the scratch memory the
/// library needs: a `std::vector<std::uint64_t>` reused across calls and grown (never shrunk)
/// only when a call needs more than it holds. After the first calls of a workload, or after
/// `reserve`, scoring into a caller's output span allocates nothing.
///
/// Not thread-safe: use one scorer per thread (the library itself is reentrant).
class scorer {
public:
    explicit scorer(const rouge::options &o = rouge::options()) : opts_(o) {}

    const rouge::options &get_options() const noexcept { return opts_; }
    void set_options(const rouge::options &o) noexcept { opts_ = o; }

    /// Scores `candidate` against `references` for each metric, writing `out[i]` for
    /// `metrics[i]`. Throws `rouge::error` (ROUGE_ERR_OUTPUT_TOO_SMALL when `out` is shorter
    /// than `metrics`); `out` is written only on success.
    void score(const summary &candidate, span<const summary> references,
               span<const rouge_metric> metrics, span<result> out) {
        refs_.clear();
        for (const summary &r : references) refs_.push_back(r.c());
        score_loaded(candidate.c(), metrics, out);
    }
    /// As above, returning one result per metric.
    std::vector<result> score(const summary &candidate, span<const summary> references,
                              span<const rouge_metric> metrics) {
        std::vector<result> out(metrics.size());
        score(candidate, references, metrics, out);
        return out;
    }
    /// One reference.
    std::vector<result> score(const summary &candidate, const summary &reference,
                              span<const rouge_metric> metrics) {
        return score(candidate, span<const summary>(&reference, 1), metrics);
    }
    /// Token vectors, one sentence each.
    std::vector<result> score(const std::vector<std::uint32_t> &candidate,
                              const std::vector<std::vector<std::uint32_t>> &references,
                              span<const rouge_metric> metrics) {
        refs_.clear();
        for (const auto &r : references) refs_.push_back(summary(r).c());
        std::vector<result> out(metrics.size());
        score_loaded(summary(candidate).c(), metrics, out);
        return out;
    }

    /// Scores every pair of `b`: `out[p * metrics.size() + i]` is metric i of pair p (`out`
    /// holds at least pair_count * metrics.size() results; written only on success).
    void score_batch(const batch &b, span<const rouge_metric> metrics, span<result> out) {
        if (b.pair_segments.empty()) throw error(ROUGE_ERR_INVALID_ARGUMENT, "rouge::batch");
        const rouge_batch cb = b.c();
        std::size_t words = 0;
        detail::check(rouge_batch_scratch_words(&cb, metrics.data(), metrics.size(),
                                                &opts_.c(), &words),
                      "rouge_batch_scratch_words");
        grow(words);
        detail::check(rouge_score_batch(&cb, metrics.data(), metrics.size(), &opts_.c(),
                                        scratch_.data(), scratch_.size(), out.data(),
                                        out.size()),
                      "rouge_score_batch");
    }
    /// As above, returning pair_count * metrics.size() results.
    std::vector<result> score_batch(const batch &b, span<const rouge_metric> metrics) {
        std::vector<result> out(b.pair_count() * metrics.size());
        score_batch(b, metrics, out);
        return out;
    }

    /// Tokenises texts (anything convertible to std::string_view) into one id space with the
    /// basic tokeniser: ASCII lowercase, tokens are the runs of [a-z0-9], sentences end at '\n'.
    template <class Texts>
    tokenized tokenize(const Texts &texts) {
        texts_.clear();
        for (const auto &t : texts) {
            const std::string_view v(t);
            texts_.push_back(rouge_str{v.data(), v.size()});
        }
        return tokenize_loaded();
    }
    tokenized tokenize(std::initializer_list<std::string_view> texts) {
        return tokenize<std::initializer_list<std::string_view>>(texts);
    }

    /// Grows the scratch for every call whose sizes are within `dims` (element-wise maxima:
    /// reference count, candidate length, longest reference, longest sentences) with these
    /// metrics, so such calls do not allocate.
    void reserve(const rouge_dims &dims, span<const rouge_metric> metrics) {
        std::size_t words = 0;
        detail::check(
            rouge_scratch_words(metrics.data(), metrics.size(), &opts_.c(), &dims, &words),
            "rouge_scratch_words");
        grow(words);
    }

    /// Scratch words held now.
    std::size_t scratch_words() const noexcept { return scratch_.size(); }

private:
    void grow(std::size_t words) {
        if (words <= scratch_.size()) return;
        // At least half again as much, so a slowly growing workload reallocates rarely. A
        // fresh vector: the old contents need no copying.
        std::vector<std::uint64_t>(std::max(words, scratch_.size() + scratch_.size() / 2))
            .swap(scratch_);
    }

    void score_loaded(const rouge_summary &cand, span<const rouge_metric> metrics,
                      span<result> out) {
        if (out.size() < metrics.size())
            throw error(ROUGE_ERR_OUTPUT_TOO_SMALL, "rouge::scorer::score");
        rouge_dims dims{};
        detail::check(rouge_dims_of(&cand, refs_.data(), refs_.size(), &dims), "rouge_dims_of");
        reserve(dims, metrics);
        detail::check(rouge_score_pair(&cand, refs_.data(), refs_.size(), metrics.data(),
                                       metrics.size(), &opts_.c(), scratch_.data(),
                                       scratch_.size(), out.data()),
                      "rouge_score_pair");
    }

    tokenized tokenize_loaded() {
        std::size_t words = 0, max_tokens = 0;
        detail::check(rouge_tokenize_basic_sizes(texts_.data(), texts_.size(), &words, &max_tokens),
                      "rouge_tokenize_basic_sizes");
        grow(words);
        tokenized t;
        t.ids_.resize(max_tokens);
        t.ends_.resize(max_tokens);
        std::vector<rouge_summary> views(texts_.size());
        detail::check(rouge_tokenize_basic(texts_.data(), texts_.size(), t.ids_.data(),
                                           t.ids_.size(), t.ends_.data(), t.ends_.size(),
                                           views.data(), scratch_.data(), scratch_.size()),
                      "rouge_tokenize_basic");
        std::size_t ids_used = 0, ends_used = 0;
        t.texts_.reserve(views.size());
        for (const rouge_summary &v : views) {
            const tokenized::range r{static_cast<std::size_t>(v.tokens - t.ids_.data()), v.len,
                                     static_cast<std::size_t>(v.sentence_ends - t.ends_.data()),
                                     v.sentence_count};
            ids_used = std::max(ids_used, r.token_start + r.token_len);
            ends_used = std::max(ends_used, r.sentence_start + r.sentence_count);
            t.texts_.push_back(r);
        }
        t.ids_.resize(ids_used);
        t.ends_.resize(ends_used);
        return t;
    }

    rouge::options opts_;
    std::vector<std::uint64_t> scratch_;
    std::vector<rouge_summary> refs_;
    std::vector<rouge_str> texts_;
};

/// Tokeniser options (`rouge_text_options`) that own XL-Sum's language name: `lang` copies the
/// name into a `std::string` held here, and `c()` returns the C struct pointing at it, valid
/// while this object lives unchanged. No language (the default) is the XL-Sum scorer's
/// `lang=None`; an unknown name is no error (the scorer accepts it with no stemmer).
///
///     rouge::text_scorer sc(rouge::text_options::xlsum("bengali").stem(true));
class text_options {
public:
    text_options() : text_options(rouge::tokenizer::rouge_score) {}
    explicit text_options(rouge::tokenizer t) {
        detail::check(rouge_text_options_init(static_cast<std::uint32_t>(t), &o_),
                      "rouge_text_options_init");
    }
    /// XL-Sum's tokeniser for the language `lang` names (UTF-8, as the scorer's `lang=`).
    static text_options xlsum(std::string_view lang) {
        return std::move(text_options(rouge::tokenizer::xlsum).lang(lang));
    }
    /// XL-Sum's tokeniser with `lang=None` (pyonmttok, NLTK's Porter with `stem`).
    static text_options xlsum() { return text_options(rouge::tokenizer::xlsum); }

    /// Stem tokens (rouge-score and Unicode: Porter; Perl: -m; XL-Sum: the language's stemmer).
    text_options &stem(bool on) noexcept {
        o_.stem = on ? 1 : 0;
        return *this;
    }
    /// Perl: remove the SMART stop words (-s).
    text_options &stopwords(bool on) noexcept {
        o_.stopwords = on ? 1 : 0;
        return *this;
    }
    /// Perl: -l N (0: no limit).
    text_options &word_limit(std::uint64_t n) noexcept {
        o_.word_limit = n;
        return *this;
    }
    /// Perl: -b N (0: no limit).
    text_options &byte_limit(std::uint64_t n) noexcept {
        o_.byte_limit = n;
        return *this;
    }
    /// XL-Sum's language (copied; checked as UTF-8 by the library when scoring).
    text_options &lang(std::string_view name) {
        lang_.assign(name);
        has_lang_ = true;
        return *this;
    }
    /// Back to no language (`lang=None`).
    text_options &no_lang() noexcept {
        lang_.clear();
        has_lang_ = false;
        return *this;
    }
    /// The language, or nullptr for none.
    const std::string *lang() const noexcept { return has_lang_ ? &lang_ : nullptr; }
    rouge::tokenizer tokenizer() const noexcept { return static_cast<rouge::tokenizer>(o_.tokenizer); }

    /// The C options, `lang` pointing into this object (valid while it lives unchanged).
    rouge_text_options c() const noexcept {
        rouge_text_options o = o_;
        if (has_lang_) {
            o.lang = lang_.data();
            o.lang_len = lang_.size();
        }
        return o;
    }

private:
    rouge_text_options o_{};
    std::string lang_;  // (no std::optional: GCC 12 warns maybe-uninitialized through it)
    bool has_lang_ = false;
};

/// The text XL-Sum's scorer hands a host segmenter (`rouge_xlsum_clean_text`): lowercased,
/// controls, format characters and punctuation deleted, words joined by single spaces. Feed it
/// to jieba, fugashi or pythainlp as the scorer does, then `text_scorer::score_segmented`.
inline std::string xlsum_clean_text(std::string_view text) {
    std::size_t bytes = 0, written = 0;
    detail::check(rouge_xlsum_clean_text_bytes(text.size(), &bytes), "rouge_xlsum_clean_text_bytes");
    std::string out(bytes, '\0');
    const rouge_str t{text.data(), text.size()};
    detail::check(rouge_xlsum_clean_text(&t, out.data(), out.size(), &written), "rouge_xlsum_clean_text");
    out.resize(written);
    return out;
}

/// Scores UTF-8 texts (`rouge_score_text`) with fixed tokeniser and scoring options, owning
/// the options (the language included) and the scratch, reused and grown as `rouge::scorer`
/// does. Not thread-safe: one per thread.
class text_scorer {
public:
    explicit text_scorer(text_options t = text_options(), const rouge::options &o = rouge::options())
        : text_(std::move(t)), opts_(o) {}

    const text_options &get_text_options() const noexcept { return text_; }
    const rouge::options &get_options() const noexcept { return opts_; }

    /// `candidate` against `references`, `out[i]` for `metrics[i]`; written only on success.
    /// Throws `rouge::error` (ROUGE_ERR_INVALID_ARGUMENT for Chinese, Japanese and Thai with
    /// XL-Sum: they need `score_segmented`).
    void score(std::string_view candidate, span<const std::string_view> references,
               span<const rouge_metric> metrics, span<result> out) {
        load(candidate, references);
        if (out.size() < metrics.size())
            throw error(ROUGE_ERR_OUTPUT_TOO_SMALL, "rouge::text_scorer::score");
        const rouge_text_options t = text_.c();
        rouge_text_dims dims{};
        detail::check(rouge_text_dims_of(&texts_[0], texts_.data() + 1, texts_.size() - 1, &dims),
                      "rouge_text_dims_of");
        reserve(dims, t, metrics);
        detail::check(rouge_score_text(&texts_[0], texts_.data() + 1, texts_.size() - 1,
                                       metrics.data(), metrics.size(), &opts_.c(), &t,
                                       scratch_.data(), scratch_.size(), out.data()),
                      "rouge_score_text");
    }
    std::vector<result> score(std::string_view candidate, span<const std::string_view> references,
                              span<const rouge_metric> metrics) {
        std::vector<result> out(metrics.size());
        score(candidate, references, metrics, out);
        return out;
    }
    std::vector<result> score(std::string_view candidate, std::string_view reference,
                              span<const rouge_metric> metrics) {
        return score(candidate, span<const std::string_view>(&reference, 1), metrics);
    }

    /// XL-Sum with a host segmenter's tokens (`rouge_score_text_segmented`): `tokens[0]` the
    /// candidate's, `tokens[1 + i]` reference i's (the segmenter's output on
    /// `xlsum_clean_text` of each text, before stemming).
    std::vector<result> score_segmented(std::string_view candidate,
                                        span<const std::string_view> references,
                                        const std::vector<std::vector<std::string>> &tokens,
                                        span<const rouge_metric> metrics) {
        load(candidate, references);
        if (tokens.size() != texts_.size())
            throw error(ROUGE_ERR_INVALID_ARGUMENT, "rouge::text_scorer::score_segmented: tokens");
        // One byte buffer and one ends array for all texts (CSR), pointed into once both are
        // complete (appending may move them).
        bytes_.clear();
        ends_.clear();
        std::vector<rouge_tokens> c(tokens.size());
        std::vector<std::pair<std::size_t, std::size_t>> first(tokens.size());
        for (std::size_t i = 0; i < tokens.size(); i++) {
            first[i] = {bytes_.size(), ends_.size()};
            std::size_t len = 0;
            for (const std::string &tok : tokens[i]) {
                bytes_.append(tok);
                ends_.push_back(len += tok.size());
            }
        }
        for (std::size_t i = 0; i < tokens.size(); i++)
            c[i] = rouge_tokens{bytes_.data() + first[i].first, ends_.data() + first[i].second,
                                tokens[i].size()};
        const rouge_text_options t = text_.c();
        rouge_text_dims dims{};
        detail::check(rouge_text_dims_of_segmented(&texts_[0], texts_.data() + 1, texts_.size() - 1,
                                                   c.data(), &dims),
                      "rouge_text_dims_of_segmented");
        reserve(dims, t, metrics);
        std::vector<result> out(metrics.size());
        detail::check(rouge_score_text_segmented(&texts_[0], texts_.data() + 1, texts_.size() - 1,
                                                 c.data(), metrics.data(), metrics.size(),
                                                 &opts_.c(), &t, scratch_.data(), scratch_.size(),
                                                 out.data()),
                      "rouge_score_text_segmented");
        return out;
    }

private:
    void load(std::string_view candidate, span<const std::string_view> references) {
        texts_.clear();
        texts_.push_back(rouge_str{candidate.data(), candidate.size()});
        for (std::string_view r : references) texts_.push_back(rouge_str{r.data(), r.size()});
    }
    void reserve(const rouge_text_dims &dims, const rouge_text_options &t,
                 span<const rouge_metric> metrics) {
        std::size_t words = 0;
        detail::check(rouge_text_scratch_words(metrics.data(), metrics.size(), &opts_.c(), &t,
                                               &dims, &words),
                      "rouge_text_scratch_words");
        if (words > scratch_.size())
            std::vector<std::uint64_t>(std::max(words, scratch_.size() + scratch_.size() / 2))
                .swap(scratch_);
    }

    text_options text_;
    rouge::options opts_;
    std::vector<std::uint64_t> scratch_;
    std::vector<rouge_str> texts_;
    std::string bytes_;
    std::vector<std::size_t> ends_;
};

/// What a `rouge::stream` tracks (the C struct, aggregate-initialisable):
/// `{max_n, lcs, lsum, max_sentence_len}` = ROUGE-N for n in 1..max_n (0: none, at most
/// `ROUGE_STREAM_MAX_N`), sentence-level ROUGE-L when `lcs` is non-zero, summary-level ROUGE-Lsum
/// when `lsum` is non-zero, with candidate sentences of at most `max_sentence_len` tokens.
using stream_config = rouge_stream_config;

/// Scores a candidate while it is generated, one token at a time (rouge_stream_* in rouge.h):
///
///     const rouge_stream_config cfg{2, 1, 1, 256};              // rouge1-2, L, Lsum
///     rouge::stream st({ref1, ref2}, cfg, rouge::options::perl());
///     for (std::uint32_t t : generated) st.push(t);              // end_sentence() at each end
///     st.end_sentence();
///     const rouge_metric m[] = {rouge::metric::n(2), rouge::metric::lsum()};
///     std::vector<rouge::result> r = st.score(m);                // with the options' policy
///
/// The stream owns one C state per reference, back to back in one
/// `std::vector<std::uint64_t>` sized by `rouge_stream_words`; the references are copied in
/// when it is built and need not outlive the constructor. Every reference's state is fed the
/// same tokens. `push` costs O(1) expected per tracked n and O(reference length / 64) for L and
/// Lsum, per reference; `end_sentence` brings Lsum up to date (Lsum reads as of the last
/// sentence end, so call it after the last sentence too). `score` combines the references with
/// the multi-reference policy of the options and equals, bit for bit, `rouge::scorer` on the
/// candidate so far. `push`, `end_sentence`, `reset` and `score` allocate nothing (except the
/// vector `score` overload).
///
/// Errors throw `rouge::error`: ROUGE_ERR_INVALID_ARGUMENT for no references, max_n above
/// ROUGE_STREAM_MAX_N, bad sentence ends or an untracked metric (ROUGE-N with n > max_n, L or Lsum
/// not tracked, any W, S, SU); ROUGE_ERR_INPUT_TOO_LONG from `push` for a sentence longer than
/// `max_sentence_len` (with Lsum), which leaves the stream unchanged: every reference's state
/// has the same configuration and tokens, so a push is refused by the first one or by none.
///
/// Copies are independent streams (for instance to branch a beam); moves are cheap. Not
/// thread-safe while being pushed to; `score` is const and may run on several threads at once.
class stream {
public:
    /// A stream over `references` (at least one) tracking `config`, scored with `o`.
    stream(span<const summary> references, const rouge_stream_config &config,
           const rouge::options &o = rouge::options())
        : opts_(o), config_(config) {
        if (references.empty()) throw error(ROUGE_ERR_INVALID_ARGUMENT, "rouge::stream");
        words_.reserve(references.size());
        std::size_t total = 0;
        for (const summary &r : references) {
            const rouge_summary c = r.c();
            std::size_t words = 0;
            detail::check(rouge_stream_words(&c, &config_, &words), "rouge_stream_words");
            if (words > state_.max_size() - total)
                throw error(ROUGE_ERR_INPUT_TOO_LONG, "rouge::stream");
            total += words;
            words_.push_back(words);
        }
        state_.assign(total, 0);
        point();
        for (std::size_t i = 0; i < references.size(); i++) {
            const rouge_summary c = references[i].c();
            detail::check(rouge_stream_init(ptrs_[i], words_[i], &c, &config_), "rouge_stream_init");
        }
    }
    /// `rouge::stream st({ref1, ref2}, cfg)` (summaries or token vectors).
    stream(std::initializer_list<summary> references, const rouge_stream_config &config,
           const rouge::options &o = rouge::options())
        : stream(span<const summary>(references.begin(), references.size()), config, o) {}
    /// One reference.
    stream(const summary &reference, const rouge_stream_config &config,
           const rouge::options &o = rouge::options())
        : stream(span<const summary>(&reference, 1), config, o) {}

    stream(const stream &other)
        : opts_(other.opts_), config_(other.config_), state_(other.state_), words_(other.words_) {
        point();
    }
    stream &operator=(const stream &other) {
        if (this != &other) *this = stream(other);
        return *this;
    }
    // A moved vector keeps its buffer, so the moved `ptrs_` still point into the moved state.
    stream(stream &&) noexcept = default;
    stream &operator=(stream &&) noexcept = default;
    ~stream() = default;

    /// Appends one candidate token to every reference's stream. Throws ROUGE_ERR_INPUT_TOO_LONG
    /// (stream unchanged) for a sentence longer than `max_sentence_len` when Lsum is tracked.
    void push(std::uint32_t token) {
        for (std::size_t i = 0; i < words_.size(); i++)
            detail::check(rouge_stream_push(ptrs_[i], words_[i], token), "rouge_stream_push");
    }
    /// Ends the current candidate sentence (brings Lsum up to date; a no-op without Lsum).
    void end_sentence() {
        for (std::size_t i = 0; i < words_.size(); i++)
            detail::check(rouge_stream_end_sentence(ptrs_[i], words_[i]),
                          "rouge_stream_end_sentence");
    }
    /// Empties the candidate, keeping the references, for the next generation.
    void reset() {
        for (std::size_t i = 0; i < words_.size(); i++)
            detail::check(rouge_stream_reset(ptrs_[i], words_[i]), "rouge_stream_reset");
    }

    /// Scores the candidate so far, writing `out[i]` for `metrics[i]` (only tracked metrics:
    /// ROUGE-N with n <= max_n, L, Lsum as of the last sentence end). Throws rouge::error
    /// (ROUGE_ERR_OUTPUT_TOO_SMALL when `out` is shorter than `metrics`); `out` is written only
    /// on success. Allocates nothing.
    void score(span<const rouge_metric> metrics, span<result> out) const {
        if (out.size() < metrics.size())
            throw error(ROUGE_ERR_OUTPUT_TOO_SMALL, "rouge::stream::score");
        const std::uint64_t *const *states = ptrs_.data();
        detail::check(rouge_stream_score(states, words_.data(), words_.size(),
                                         metrics.data(), metrics.size(), &opts_.c(), out.data()),
                      "rouge_stream_score");
    }
    /// As above, returning one result per metric.
    std::vector<result> score(span<const rouge_metric> metrics) const {
        std::vector<result> out(metrics.size());
        score(metrics, out);
        return out;
    }

    const rouge::options &get_options() const noexcept { return opts_; }
    void set_options(const rouge::options &o) noexcept { opts_ = o; }
    const rouge_stream_config &config() const noexcept { return config_; }
    std::size_t reference_count() const noexcept { return words_.size(); }
    /// Words of state held, over all references.
    std::size_t state_words() const noexcept { return state_.size(); }

private:
    /// Points `ptrs_` at each reference's state within `state_`.
    void point() {
        ptrs_.resize(words_.size());
        std::size_t at = 0;
        for (std::size_t i = 0; i < words_.size(); i++) {
            ptrs_[i] = state_.data() + at;
            at += words_[i];
        }
    }

    rouge::options opts_;
    rouge_stream_config config_;
    std::vector<std::uint64_t> state_;
    std::vector<std::size_t> words_;     // state words per reference
    std::vector<std::uint64_t *> ptrs_;  // each reference's state in state_
};

}  // namespace rouge

#endif /* ROUGE_HPP */
