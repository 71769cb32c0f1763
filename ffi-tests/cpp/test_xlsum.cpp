// XL-Sum's multilingual ROUGE through include/rouge.hpp: rouge::text_options with a language
// (owned by the options), rouge::text_scorer, score_segmented with a host segmenter's tokens, and
// rouge::xlsum_clean_text. The expected values are the XL-Sum scorer's own, bit for bit: the cases
// of ../shared/multilingual/cases.jsonl that the C tests use (../c/xlsum_cases.h, generated from
// it by ../c/gen_xlsum_cases.py; the float.hex strings are hexadecimal floating literals).
#include "rouge.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

struct xlsum_case {
    const char *id;
    const char *lang;  // nullptr: lang=None
    int stem;
    const char *prediction, *target;
    const char *prediction_tokens;
    std::size_t prediction_tokens_len;
    const std::size_t *prediction_ends;
    std::size_t prediction_count;
    const char *target_tokens;
    std::size_t target_tokens_len;
    const std::size_t *target_ends;
    std::size_t target_count;
    double want[4][3];
};

#include "../c/xlsum_cases.h"

const char *const kMetricNames[4] = {"rouge1", "rouge2", "rougeL", "rougeLsum"};

std::vector<rouge_metric> metrics() {
    std::vector<rouge_metric> m;
    for (const char *name : kMetricNames) m.push_back(rouge::metric::parse(name));
    return m;
}

rouge::text_options options_of(const xlsum_case &c) {
    rouge::text_options t = c.lang ? rouge::text_options::xlsum(c.lang) : rouge::text_options::xlsum();
    t.stem(c.stem != 0);
    return t;
}

// A CSR token list of the C data as the segmenter's std::string tokens.
std::vector<std::string> tokens_of(const char *bytes, const std::size_t *ends, std::size_t count) {
    std::vector<std::string> out;
    std::size_t at = 0;
    for (std::size_t i = 0; i < count; i++) {
        out.emplace_back(bytes + at, ends[i] - at);
        at = ends[i];
    }
    return out;
}

void expect_case(const xlsum_case &c, const std::vector<rouge::result> &got) {
    ASSERT_EQ(got.size(), 4u);
    for (std::size_t m = 0; m < 4; m++) {
        EXPECT_EQ(got[m].score.precision, c.want[m][0]) << c.id << " " << kMetricNames[m];
        EXPECT_EQ(got[m].score.recall, c.want[m][1]) << c.id << " " << kMetricNames[m];
        EXPECT_EQ(got[m].score.fmeasure, c.want[m][2]) << c.id << " " << kMetricNames[m];
    }
}

bool segmented(const xlsum_case &c) { return c.prediction_count > 0; }

}  // namespace

TEST(XlSum, TextOptionsOwnTheLanguage) {
    // The name is copied: the caller's buffer may go, and copies hold their own string.
    auto name = std::make_unique<std::string>("bengali");
    rouge::text_options t = rouge::text_options::xlsum(*name);
    name.reset();
    const rouge::text_options copy = t;
    t.lang("russian");
    ASSERT_NE(copy.lang(), nullptr);
    EXPECT_EQ(*copy.lang(), "bengali");
    const rouge_text_options c = copy.c();
    EXPECT_EQ(c.tokenizer, static_cast<std::uint32_t>(ROUGE_TOKENIZER_XLSUM));
    EXPECT_EQ(std::string(c.lang, c.lang_len), "bengali");
    EXPECT_NE(c.lang, t.c().lang);
    EXPECT_EQ(std::string(t.c().lang, t.c().lang_len), "russian");
    t.no_lang();
    EXPECT_EQ(t.c().lang, nullptr);
    EXPECT_EQ(t.c().lang_len, 0u);
    EXPECT_EQ(t.lang(), nullptr);
    EXPECT_EQ(rouge::text_options().lang(), nullptr);
}

TEST(XlSum, TextScorerGivesTheXlSumScorersValues) {
    const std::vector<rouge_metric> ms = metrics();
    int tested = 0;
    for (const xlsum_case &c : XLSUM_CASES) {
        if (segmented(c)) continue;
        rouge::text_scorer sc(options_of(c));
        expect_case(c, sc.score(c.prediction, c.target, ms));
        // The scorer's copy of the options owns the name: a second call reads it again.
        expect_case(c, sc.score(c.prediction, c.target, ms));
        tested++;
    }
    EXPECT_EQ(tested, 4);
}

TEST(XlSum, SegmentedLanguagesTakeTheSegmentersTokens) {
    const std::vector<rouge_metric> ms = metrics();
    int tested = 0;
    for (const xlsum_case &c : XLSUM_CASES) {
        if (!segmented(c)) continue;
        rouge::text_scorer sc(options_of(c));
        const std::vector<std::vector<std::string>> toks{
            tokens_of(c.prediction_tokens, c.prediction_ends, c.prediction_count),
            tokens_of(c.target_tokens, c.target_ends, c.target_count)};
        const std::string_view ref = c.target;
        expect_case(c, sc.score_segmented(c.prediction, rouge::span<const std::string_view>(&ref, 1), toks, ms));
        // What a host hands its segmenter: jieba and newmm lose no character.
        EXPECT_EQ(rouge::xlsum_clean_text(c.prediction), std::string(c.prediction_tokens, c.prediction_tokens_len));
        EXPECT_EQ(rouge::xlsum_clean_text(c.target), std::string(c.target_tokens, c.target_tokens_len));
        // Without the tokens: refused (the library has no segmenter).
        try {
            (void)sc.score(c.prediction, c.target, ms);
            ADD_FAILURE() << c.id << ": scored without a segmenter";
        } catch (const rouge::error &e) {
            EXPECT_EQ(e.status(), static_cast<rouge_status>(ROUGE_ERR_INVALID_ARGUMENT));
        }
        tested++;
    }
    EXPECT_EQ(tested, 2);
}

TEST(XlSum, ErrorsThrowWithTheStatus) {
    const std::vector<rouge_metric> ms = metrics();
    auto status_of = [&](rouge::text_options t) -> rouge_status {
        try {
            rouge::text_scorer sc(std::move(t));
            (void)sc.score("a b", "a c", ms);
        } catch (const rouge::error &e) {
            return e.status();
        }
        return ROUGE_OK;
    };
    EXPECT_EQ(status_of(rouge::text_options::xlsum("ben\xFFgali")), static_cast<rouge_status>(ROUGE_ERR_INVALID_UTF8));
    EXPECT_EQ(status_of(rouge::text_options(rouge::tokenizer::unicode).lang("bengali")),
              static_cast<rouge_status>(ROUGE_ERR_INVALID_ARGUMENT));
    EXPECT_EQ(status_of(rouge::text_options::xlsum("thai")), static_cast<rouge_status>(ROUGE_ERR_INVALID_ARGUMENT));
    // An unknown name is accepted (the scorer only warns).
    EXPECT_EQ(status_of(rouge::text_options::xlsum("klingon").stem(true)), static_cast<rouge_status>(ROUGE_OK));
    rouge::text_scorer sc(rouge::text_options::xlsum("chinese"));
    const std::string_view ref = "a";
    try {
        (void)sc.score_segmented("a", rouge::span<const std::string_view>(&ref, 1), {{"a"}}, ms);
        ADD_FAILURE() << "one token list for two texts accepted";
    } catch (const rouge::error &e) {
        EXPECT_EQ(e.status(), static_cast<rouge_status>(ROUGE_ERR_INVALID_ARGUMENT));
    }
    try {
        (void)rouge::xlsum_clean_text("caf\xC3");
        ADD_FAILURE() << "bad UTF-8 cleaned";
    } catch (const rouge::error &e) {
        EXPECT_EQ(e.status(), static_cast<rouge_status>(ROUGE_ERR_INVALID_UTF8));
    }
}
