// test_header.cpp: include/rouge.h compiled as C++17 (-Wall -Wextra -Werror -pedantic).
//
// Checks at compile time the struct layouts hosts rely on, and at link and run time that the
// functions have C linkage: they are called through pointers of `extern "C"` function type,
// and the program links against librouge.a only if the header's declarations are unmangled.
#include "rouge.h"

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <type_traits>

#define LAYOUT(T)                                                                               \
    static_assert(std::is_standard_layout<T>::value, #T " is standard layout");                 \
    static_assert(std::is_trivially_copyable<T>::value, #T " is trivially copyable")

LAYOUT(rouge_options);
LAYOUT(rouge_metric);
LAYOUT(rouge_summary);
LAYOUT(rouge_dims);
LAYOUT(rouge_score);
LAYOUT(rouge_counts);
LAYOUT(rouge_result);
LAYOUT(rouge_batch);
LAYOUT(rouge_str);

static_assert(sizeof(rouge_status) == 4, "rouge_status is uint32_t");

static_assert(sizeof(rouge_options) == 24, "rouge_options size");
static_assert(offsetof(rouge_options, flavour) == 0, "rouge_options.flavour");
static_assert(offsetof(rouge_options, multi_reference) == 4, "rouge_options.multi_reference");
static_assert(offsetof(rouge_options, jackknife) == 8, "rouge_options.jackknife");
static_assert(offsetof(rouge_options, round) == 12, "rouge_options.round");
static_assert(offsetof(rouge_options, alpha) == 16, "rouge_options.alpha");

static_assert(sizeof(rouge_metric) == 24, "rouge_metric size");
static_assert(offsetof(rouge_metric, kind) == 0, "rouge_metric.kind");
static_assert(offsetof(rouge_metric, n) == 4, "rouge_metric.n");
static_assert(offsetof(rouge_metric, skip) == 8, "rouge_metric.skip");
static_assert(offsetof(rouge_metric, weight) == 16, "rouge_metric.weight");

constexpr std::size_t P = sizeof(void *);
constexpr std::size_t Z = sizeof(std::size_t);

static_assert(sizeof(rouge_summary) == 2 * P + 2 * Z, "rouge_summary size");
static_assert(offsetof(rouge_summary, tokens) == 0, "rouge_summary.tokens");
static_assert(offsetof(rouge_summary, len) == P, "rouge_summary.len");
static_assert(offsetof(rouge_summary, sentence_ends) == P + Z, "rouge_summary.sentence_ends");
static_assert(offsetof(rouge_summary, sentence_count) == 2 * P + Z, "rouge_summary.sentence_count");

static_assert(sizeof(rouge_dims) == 5 * Z, "rouge_dims size");
static_assert(offsetof(rouge_dims, reference_count) == 0, "rouge_dims.reference_count");
static_assert(offsetof(rouge_dims, candidate_len) == Z, "rouge_dims.candidate_len");
static_assert(offsetof(rouge_dims, reference_len) == 2 * Z, "rouge_dims.reference_len");
static_assert(offsetof(rouge_dims, candidate_sentence_len) == 3 * Z, "rouge_dims.candidate_sentence_len");
static_assert(offsetof(rouge_dims, reference_sentence_len) == 4 * Z, "rouge_dims.reference_sentence_len");

static_assert(sizeof(rouge_score) == 24, "rouge_score size");
static_assert(offsetof(rouge_score, precision) == 0, "rouge_score.precision");
static_assert(offsetof(rouge_score, recall) == 8, "rouge_score.recall");
static_assert(offsetof(rouge_score, fmeasure) == 16, "rouge_score.fmeasure");

static_assert(sizeof(rouge_counts) == 24, "rouge_counts size");
static_assert(offsetof(rouge_counts, hit) == 0, "rouge_counts.hit");
static_assert(offsetof(rouge_counts, reference_total) == 8, "rouge_counts.reference_total");
static_assert(offsetof(rouge_counts, candidate_total) == 16, "rouge_counts.candidate_total");

static_assert(sizeof(rouge_result) == 48, "rouge_result size");
static_assert(offsetof(rouge_result, score) == 0, "rouge_result.score");
static_assert(offsetof(rouge_result, counts) == 24, "rouge_result.counts");

static_assert(sizeof(rouge_batch) == 4 * P + 4 * Z, "rouge_batch size");
static_assert(offsetof(rouge_batch, tokens) == 0, "rouge_batch.tokens");
static_assert(offsetof(rouge_batch, tokens_len) == P, "rouge_batch.tokens_len");
static_assert(offsetof(rouge_batch, segment_ends) == P + Z, "rouge_batch.segment_ends");
static_assert(offsetof(rouge_batch, segment_count) == 2 * P + Z, "rouge_batch.segment_count");
static_assert(offsetof(rouge_batch, sentence_ends) == 2 * P + 2 * Z, "rouge_batch.sentence_ends");
static_assert(offsetof(rouge_batch, sentence_ends_len) == 3 * P + 2 * Z, "rouge_batch.sentence_ends_len");
static_assert(offsetof(rouge_batch, pair_segments) == 3 * P + 3 * Z, "rouge_batch.pair_segments");
static_assert(offsetof(rouge_batch, pair_count) == 4 * P + 3 * Z, "rouge_batch.pair_count");

static_assert(sizeof(rouge_str) == P + Z, "rouge_str size");
static_assert(offsetof(rouge_str, ptr) == 0, "rouge_str.ptr");
static_assert(offsetof(rouge_str, len) == P, "rouge_str.len");

// ABI 2: the language at the end of rouge_text_options; a host segmenter's tokens.
static_assert(offsetof(rouge_text_options, word_limit) == 16, "rouge_text_options.word_limit");
static_assert(offsetof(rouge_text_options, lang) == 32, "rouge_text_options.lang");
static_assert(offsetof(rouge_text_options, lang_len) == 32 + P, "rouge_text_options.lang_len");
static_assert(sizeof(rouge_text_options) == 32 + P + Z, "rouge_text_options size");
static_assert(sizeof(rouge_tokens) == 2 * P + Z, "rouge_tokens size");
static_assert(offsetof(rouge_tokens, bytes) == 0, "rouge_tokens.bytes");
static_assert(offsetof(rouge_tokens, ends) == P, "rouge_tokens.ends");
static_assert(offsetof(rouge_tokens, count) == 2 * P, "rouge_tokens.count");
static_assert(ROUGE_TOKENIZER_XLSUM == 5, "ROUGE_TOKENIZER_XLSUM");

// The macros are usable in constant expressions.
static_assert(ROUGE_ABI_VERSION == 2, "ABI version");
static_assert(ROUGE_OK == 0, "ROUGE_OK");
static_assert(ROUGE_MAX_INPUT_LEN == 4294967294u, "ROUGE_MAX_INPUT_LEN");

// Function types with C language linkage.
extern "C" {
typedef uint32_t abi_version_fn(void);
typedef const char *status_str_fn(rouge_status);
typedef rouge_status metric_parse_fn(const char *, size_t, rouge_metric *);
}

int main()
{
    abi_version_fn *abi = &rouge_abi_version;
    status_str_fn *status_str = &rouge_status_str;
    metric_parse_fn *parse = &rouge_metric_parse;
    int failed = 0;

    if (abi() != ROUGE_ABI_VERSION) {
        std::printf("rouge_abi_version() = %u, header says %u\n", static_cast<unsigned>(abi()),
                    static_cast<unsigned>(ROUGE_ABI_VERSION));
        failed = 1;
    }
    if (std::strcmp(rouge_version(), ROUGE_VERSION_STRING) != 0) {
        std::printf("rouge_version() = %s, header says %s\n", rouge_version(), ROUGE_VERSION_STRING);
        failed = 1;
    }
    if (status_str(ROUGE_OK) == nullptr || status_str(12345) == nullptr) {
        std::printf("rouge_status_str returned NULL\n");
        failed = 1;
    }
    rouge_metric m{};
    if (parse("rougeSU4", 8, &m) != ROUGE_OK || m.kind != ROUGE_METRIC_SU || m.skip != 4) {
        std::printf("rouge_metric_parse(\"rougeSU4\") through an extern \"C\" pointer failed\n");
        failed = 1;
    }
    std::printf("C++17 header check: %s\n", failed ? "FAILED" : "ok");
    return failed;
}
