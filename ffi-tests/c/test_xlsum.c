/*
 * test_xlsum.c: the C API of XL-Sum's multilingual ROUGE (ROUGE_TOKENIZER_XLSUM with a language,
 * rouge_xlsum_clean_text(_bytes), rouge_text_dims_of_segmented, rouge_score_text_segmented,
 * rouge_text_scorer_score_segmented), included by test_rouge.c so that it shares its driver,
 * its checks and its ASan and valgrind builds.
 *
 * The expected values are the XL-Sum scorer's own (../shared/multilingual/cases.jsonl, the fork
 * run on them; xlsum_cases.h is generated from it by gen_xlsum_cases.py), compared bit for bit:
 * the cases' float.hex strings are C99 hexadecimal constants. For Chinese and Thai the tokens a
 * host segmenter gives are the cases' `tokens` fields (jieba's and pythainlp newmm's output).
 */

struct xlsum_case {
    const char *id;
    const char *lang; /* NULL: the fork's lang=None */
    int stem;
    const char *prediction, *target;
    /* The segmenter's tokens (Chinese, Japanese, Thai only; count 0 otherwise). */
    const char *prediction_tokens;
    size_t prediction_tokens_len;
    const size_t *prediction_ends;
    size_t prediction_count;
    const char *target_tokens;
    size_t target_tokens_len;
    const size_t *target_ends;
    size_t target_count;
    double want[4][3]; /* rouge1, rouge2, rougeL, rougeLsum: P, R, F */
};

#include "xlsum_cases.h"

static const char *const XLSUM_METRICS[4] = {"rouge1", "rouge2", "rougeL", "rougeLsum"};

/* Every P, R, F of out[0..4] equal to the case's, bit for bit. */
static void check_xlsum_case_at(const struct xlsum_case *c, const rouge_result out[4], const char *how,
                                const char *file, int line)
{
    size_t m;
    for (m = 0; m < 4; m++) {
        const double got[3] = {out[m].score.precision, out[m].score.recall, out[m].score.fmeasure};
        size_t k;
        for (k = 0; k < 3; k++) {
            check_at(got[k] == c->want[m][k], file, line, "%s %s %s %s: %a, the XL-Sum scorer %a", c->id, how,
                     XLSUM_METRICS[m], k == 0 ? "precision" : k == 1 ? "recall" : "fmeasure", got[k], c->want[m][k]);
        }
    }
}

#define CHECK_XLSUM_CASE(c, out, how) check_xlsum_case_at((c), (out), (how), __FILE__, __LINE__)

/* XL-Sum text options for a case: its language (NULL for None) and stemming. */
static rouge_text_options xlsum_options_at(const struct xlsum_case *c, const char *file, int line)
{
    rouge_text_options t;
    check_at(rouge_text_options_init(ROUGE_TOKENIZER_XLSUM, &t) == ROUGE_OK, file, line,
             "rouge_text_options_init(ROUGE_TOKENIZER_XLSUM)");
    t.stem = (uint32_t)c->stem;
    t.lang = c->lang;
    t.lang_len = c->lang ? strlen(c->lang) : 0;
    return t;
}

#define XLSUM_OPTIONS(c) xlsum_options_at((c), __FILE__, __LINE__)

static void xlsum_metrics(rouge_metric ms[4])
{
    size_t i;
    for (i = 0; i < 4; i++) ms[i] = METRIC(XLSUM_METRICS[i]);
}

/* The case's segmenter tokens, candidate (prediction) first. */
static void xlsum_tokens(const struct xlsum_case *c, rouge_tokens toks[2])
{
    toks[0].bytes = c->prediction_tokens;
    toks[0].ends = c->prediction_ends;
    toks[0].count = c->prediction_count;
    toks[1].bytes = c->target_tokens;
    toks[1].ends = c->target_ends;
    toks[1].count = c->target_count;
}

static int xlsum_segmented(const struct xlsum_case *c) { return c->prediction_count > 0; }

/* Non-segmented languages: rouge_score_text and a prepared scorer give the fork's values; the
 * size query is exact. */
static void test_xlsum_score_text_cases(void)
{
    rouge_metric ms[4];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    size_t i;
    xlsum_metrics(ms);
    for (i = 0; i < COUNT(XLSUM_CASES); i++) {
        const struct xlsum_case *c = &XLSUM_CASES[i];
        rouge_text_options t = XLSUM_OPTIONS(c);
        rouge_str cand = text_of(c->prediction), ref = text_of(c->target);
        rouge_text_dims dims;
        rouge_text_scorer scorer;
        rouge_result out[4];
        size_t words = 0;
        uint64_t *scratch;
        if (xlsum_segmented(c)) {
            continue;
        }
        CHECK_STATUS(ROUGE_OK, rouge_text_dims_of(&cand, &ref, 1, &dims));
        CHECK_STATUS(ROUGE_OK, rouge_text_scratch_words(ms, 4, &o, &t, &dims, &words));
        scratch = scratch_alloc(words);
        memset(out, 0, sizeof out);
        CHECK_STATUS(ROUGE_OK, rouge_score_text(&cand, &ref, 1, ms, 4, &o, &t, scratch, words, out));
        CHECK_XLSUM_CASE(c, out, "rouge_score_text");
        CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL, rouge_score_text(&cand, &ref, 1, ms, 4, &o, &t, scratch, words - 1, out));
        /* A prepared scorer: the language is resolved at init, and the options' lang may go. */
        CHECK_STATUS(ROUGE_OK, rouge_text_scorer_init(ms, 4, &o, &t, &dims, &scorer));
        CHECK(scorer.text_options.lang == NULL && scorer.scratch_words == words);
        t.lang = "(the caller's string is not read after init)";
        memset(out, 0, sizeof out);
        CHECK_STATUS(ROUGE_OK, rouge_text_scorer_score(&scorer, &cand, &ref, 1, scratch, words, out));
        CHECK_XLSUM_CASE(c, out, "rouge_text_scorer_score");
        free(scratch);
    }
}

/* Chinese and Thai: the segmenter's tokens through rouge_score_text_segmented and a prepared
 * scorer; rouge_score_text refuses them (it has no segmenter). */
static void test_xlsum_segmented_cases(void)
{
    rouge_metric ms[4];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    size_t i, tested = 0;
    xlsum_metrics(ms);
    for (i = 0; i < COUNT(XLSUM_CASES); i++) {
        const struct xlsum_case *c = &XLSUM_CASES[i];
        rouge_text_options t = XLSUM_OPTIONS(c);
        rouge_str cand = text_of(c->prediction), ref = text_of(c->target);
        rouge_tokens toks[2];
        rouge_text_dims dims, plain;
        rouge_text_scorer scorer;
        rouge_result out[4], sentinel[4];
        size_t words = 0, plain_words = 0;
        uint64_t *scratch;
        if (!xlsum_segmented(c)) {
            continue;
        }
        tested++;
        xlsum_tokens(c, toks);
        CHECK_STATUS(ROUGE_OK, rouge_text_dims_of_segmented(&cand, &ref, 1, toks, &dims));
        CHECK_STATUS(ROUGE_OK, rouge_text_dims_of(&cand, &ref, 1, &plain));
        /* Each text counts the larger of its bytes and its tokens' bytes. */
        CHECK(dims.reference_count == 1);
        CHECK(dims.candidate_bytes == (plain.candidate_bytes > c->prediction_tokens_len ? plain.candidate_bytes
                                                                                      : c->prediction_tokens_len));
        CHECK(dims.reference_bytes == (plain.reference_bytes > c->target_tokens_len ? plain.reference_bytes
                                                                                  : c->target_tokens_len));
        CHECK_STATUS(ROUGE_OK, rouge_text_scratch_words(ms, 4, &o, &t, &dims, &words));
        CHECK_STATUS(ROUGE_OK, rouge_text_scratch_words(ms, 4, &o, &t, &plain, &plain_words));
        scratch = scratch_alloc(words > plain_words ? words : plain_words);
        memset(out, 0, sizeof out);
        CHECK_STATUS(ROUGE_OK, rouge_score_text_segmented(&cand, &ref, 1, toks, ms, 4, &o, &t, scratch, words, out));
        CHECK_XLSUM_CASE(c, out, "rouge_score_text_segmented");
        fill_sentinel(out, sizeof out);
        memcpy(sentinel, out, sizeof out);
        CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL,
                     rouge_score_text_segmented(&cand, &ref, 1, toks, ms, 4, &o, &t, scratch, words - 1, out));
        /* Without the segmenter's tokens the language is refused, not scored some other way. */
        CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                     rouge_score_text(&cand, &ref, 1, ms, 4, &o, &t, scratch, plain_words, out));
        CHECK(memcmp(out, sentinel, sizeof out) == 0);
        CHECK_STATUS(ROUGE_OK, rouge_text_scorer_init(ms, 4, &o, &t, &dims, &scorer));
        memset(out, 0, sizeof out);
        CHECK_STATUS(ROUGE_OK,
                     rouge_text_scorer_score_segmented(&scorer, &cand, &ref, 1, toks, scratch, scorer.scratch_words, out));
        CHECK_XLSUM_CASE(c, out, "rouge_text_scorer_score_segmented");
        fill_sentinel(out, sizeof out);
        CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                     rouge_text_scorer_score(&scorer, &cand, &ref, 1, scratch, scorer.scratch_words, out));
        CHECK(memcmp(out, sentinel, sizeof out) == 0);
        free(scratch);
    }
    CHECK(tested == 2);
}

/* rouge_xlsum_clean_text gives the text the fork hands its segmenter: jieba and newmm lose no
 * character, so it is the concatenation of the case's tokens. */
static void test_xlsum_clean_text_is_the_segmenters_input(void)
{
    size_t i, tested = 0;
    for (i = 0; i < COUNT(XLSUM_CASES); i++) {
        const struct xlsum_case *c = &XLSUM_CASES[i];
        const char *texts[2] = {c->prediction, c->target};
        const char *want[2] = {c->prediction_tokens, c->target_tokens};
        const size_t want_len[2] = {c->prediction_tokens_len, c->target_tokens_len};
        size_t k;
        if (!xlsum_segmented(c)) {
            continue;
        }
        for (k = 0; k < 2; k++) {
            rouge_str text = text_of(texts[k]);
            size_t bytes = 0, written = 0;
            char *out;
            CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text_bytes(text.len, &bytes));
            CHECK(bytes == text.len + (text.len + 1) / 2);
            out = xmalloc(bytes + 1);
            CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text(&text, out, bytes, &written));
            check_at(written == want_len[k] && memcmp(out, want[k], written) == 0, __FILE__, __LINE__,
                     "%s: rouge_xlsum_clean_text gave %.*s (%zu bytes), the segmenter read %s", c->id,
                     (int)written, out, written, want[k]);
            /* Exactly enough room is enough; one byte less is refused with nothing written. */
            memset(out, SENTINEL_BYTE, bytes + 1);
            CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text(&text, out, want_len[k], &written));
            CHECK(written == want_len[k] && (unsigned char)out[written] == SENTINEL_BYTE);
            memset(out, SENTINEL_BYTE, bytes + 1);
            written = 12345;
            CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_xlsum_clean_text(&text, out, want_len[k] - 1, &written));
            CHECK(written == 12345 && is_sentinel(out, bytes + 1));
            free(out);
            tested++;
        }
    }
    CHECK(tested == 4);
}

/* The cleaning the header states (lowercase, punctuation deleted and splitting, controls, format
 * characters and NUL deleted, single spaces), and the size query; the two texts' expected forms
 * are what the fork's BasicTokenizer printed (' '.join(BasicTokenizer()(text.lower().strip())) in
 * the oracle venv: 'ab c d' and 'i\u0307i\u0307'). */
static void test_xlsum_clean_text_edges(void)
{
    /* "A\0B.C\tD\xC2\xAD" (U+00AD SOFT HYPHEN is a format character): "ab c d". */
    static const char text[] = "A\0B.C\tD\xC2\xAD";
    rouge_str t = {text, sizeof text - 1}, empty = {NULL, 0};
    char out[32];
    size_t written = 0, bytes = 0;
    CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text(&t, out, sizeof out, &written));
    check_at(written == 6 && memcmp(out, "ab c d", 6) == 0, __FILE__, __LINE__, "cleaned \"%.*s\"", (int)written, out);
    CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text(&empty, NULL, 0, &written));
    CHECK(written == 0);
    CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text_bytes(0, &bytes));
    CHECK(bytes == 0);
    CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text_bytes(3, &bytes));
    CHECK(bytes == 5);
    /* U+0130 (2 bytes) lowers to i + U+0307 (3 bytes): the query's bound is reached. */
    {
        static const char dotted[] = "\xC4\xB0\xC4\xB0";
        rouge_str d = {dotted, 4};
        CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text_bytes(d.len, &bytes));
        CHECK_STATUS(ROUGE_OK, rouge_xlsum_clean_text(&d, out, bytes, &written));
        CHECK(written == 6 && memcmp(out, "i\xCC\x87i\xCC\x87", 6) == 0);
    }
}

static void test_xlsum_clean_text_errors_leave_outputs_untouched(void)
{
    static const char text[] = "Abc def";
    rouge_str t = {text, 7}, bad = {"caf\xC3", 4}, null_text = {NULL, 3};
    char out[16];
    size_t written = 777, bytes = 777;
    memset(out, SENTINEL_BYTE, sizeof out);
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_xlsum_clean_text_bytes(4, NULL));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_xlsum_clean_text(NULL, out, sizeof out, &written));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_xlsum_clean_text(&t, out, sizeof out, NULL));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_xlsum_clean_text(&t, NULL, 7, &written));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_xlsum_clean_text(&null_text, out, sizeof out, &written));
    CHECK_STATUS(ROUGE_ERR_INVALID_UTF8, rouge_xlsum_clean_text(&bad, out, sizeof out, &written));
    CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_xlsum_clean_text(&t, out, 6, &written));
    CHECK_STATUS(ROUGE_ERR_OUTPUT_TOO_SMALL, rouge_xlsum_clean_text(&t, NULL, 0, &written));
    CHECK(written == 777 && bytes == 777 && is_sentinel(out, sizeof out));
    /* The output over its own input is refused, not read while written. */
    {
        char buf[16];
        rouge_str self;
        memcpy(buf, "Abc def", 7);
        memset(buf + 7, SENTINEL_BYTE, sizeof buf - 7);
        self.ptr = buf;
        self.len = 7;
        CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_xlsum_clean_text(&self, buf, sizeof buf, &written));
        CHECK(memcmp(buf, "Abc def", 7) == 0 && is_sentinel(buf + 7, sizeof buf - 7) && written == 777);
    }
}

/* The language's errors: bytes that are not UTF-8, a language with another tokeniser, NULL with
 * a length; an unknown name is no error (the fork accepts it with no stemmer). */
static void test_xlsum_language_errors(void)
{
    rouge_metric ms[4];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_text_options t, bad;
    rouge_text_dims dims = {1, 64, 64, 64, 64};
    rouge_text_scorer scorer, scorer_sentinel;
    rouge_result out[4], sentinel[4];
    size_t words = 0;
    uint64_t *scratch;
    rouge_str a = text_of("a b"), b = text_of("a c");
    xlsum_metrics(ms);
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_XLSUM, &t));
    CHECK(t.lang == NULL && t.lang_len == 0);
    CHECK_STATUS(ROUGE_OK, rouge_text_scratch_words(ms, 4, &o, &t, &dims, &words));
    scratch = scratch_alloc(words);
    fill_sentinel(out, sizeof out);
    memcpy(sentinel, out, sizeof out);
    fill_sentinel(&scorer, sizeof scorer);
    memcpy(&scorer_sentinel, &scorer, sizeof scorer);

    bad = t;
    bad.lang = "ben\xFFgali";
    bad.lang_len = 8;
    CHECK_STATUS(ROUGE_ERR_INVALID_UTF8, rouge_score_text(&a, &b, 1, ms, 4, &o, &bad, scratch, words, out));
    CHECK_STATUS(ROUGE_ERR_INVALID_UTF8, rouge_text_scorer_init(ms, 4, &o, &bad, &dims, &scorer));
    bad.lang = NULL;
    bad.lang_len = 7;
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_text(&a, &b, 1, ms, 4, &o, &bad, scratch, words, out));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_scorer_init(ms, 4, &o, &bad, &dims, &scorer));
    /* A language is XL-Sum's: with another tokeniser it is refused. */
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &bad));
    bad.lang = "bengali";
    bad.lang_len = 7;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_score_text(&a, &b, 1, ms, 4, &o, &bad, scratch, words, out));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scorer_init(ms, 4, &o, &bad, &dims, &scorer));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_scratch_words(ms, 4, &o, &bad, &dims, &words));
    CHECK(memcmp(out, sentinel, sizeof out) == 0);
    CHECK(memcmp(&scorer, &scorer_sentinel, sizeof scorer) == 0);

    /* lang_len counts the bytes: "bengali" of "bengalix" is Bengali. */
    bad = t;
    bad.lang = "bengalix";
    bad.lang_len = 7;
    CHECK_STATUS(ROUGE_OK, rouge_score_text(&a, &b, 1, ms, 4, &o, &bad, scratch, words, out));
    /* P = R = F = 1/2 for rouge1 ("a" of two words), 0 for rouge2 (no shared bigram). */
    CHECK_PRF(out[0], 0.5, 0.5, 0.5, 0);
    CHECK_PRF(out[1], 0, 0, 0, 0);
    free(scratch);
}

/* rouge_tokens' errors: NULL, ends out of order, a token that is not UTF-8, another tokeniser,
 * outputs too small; nothing is written. */
static void test_xlsum_segmented_errors_leave_outputs_untouched(void)
{
    const struct xlsum_case *zh = NULL;
    rouge_metric ms[4];
    rouge_options o = OPTIONS(ROUGE_FLAVOUR_ROUGE_SCORE);
    rouge_text_options t, other;
    rouge_text_dims dims, dims_sentinel;
    rouge_text_scorer scorer;
    rouge_result out[4], sentinel[4];
    rouge_tokens toks[2], bad[2];
    rouge_str cand, ref;
    size_t words = 0, i, bad_ends[2] = {3, 2};
    uint64_t *scratch;
    for (i = 0; i < COUNT(XLSUM_CASES); i++) {
        if (XLSUM_CASES[i].lang && strcmp(XLSUM_CASES[i].lang, "chinese") == 0) zh = &XLSUM_CASES[i];
    }
    CHECK(zh != NULL);
    if (zh == NULL) return;
    xlsum_metrics(ms);
    t = XLSUM_OPTIONS(zh);
    cand = text_of(zh->prediction);
    ref = text_of(zh->target);
    xlsum_tokens(zh, toks);
    CHECK_STATUS(ROUGE_OK, rouge_text_dims_of_segmented(&cand, &ref, 1, toks, &dims));
    CHECK_STATUS(ROUGE_OK, rouge_text_scratch_words(ms, 4, &o, &t, &dims, &words));
    CHECK_STATUS(ROUGE_OK, rouge_text_scorer_init(ms, 4, &o, &t, &dims, &scorer));
    scratch = scratch_alloc(words);
    fill_sentinel(out, sizeof out);
    memcpy(sentinel, out, sizeof out);
    fill_sentinel(&dims_sentinel, sizeof dims_sentinel);

    /* NULLs. */
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_dims_of_segmented(&cand, &ref, 1, NULL, &dims_sentinel));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_dims_of_segmented(&cand, &ref, 1, toks, NULL));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_text_dims_of_segmented(NULL, &ref, 1, toks, &dims_sentinel));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_text_segmented(&cand, &ref, 1, NULL, ms, 4, &o, &t, scratch, words, out));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_text_segmented(&cand, &ref, 1, toks, ms, 4, &o, &t, scratch, words, NULL));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_text_segmented(&cand, &ref, 1, toks, ms, 4, &o, NULL, scratch, words, out));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER,
                 rouge_text_scorer_score_segmented(NULL, &cand, &ref, 1, toks, scratch, words, out));
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER,
                 rouge_text_scorer_score_segmented(&scorer, &cand, &ref, 1, NULL, scratch, words, out));
    memcpy(bad, toks, sizeof bad);
    bad[1].ends = NULL;
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_text_segmented(&cand, &ref, 1, bad, ms, 4, &o, &t, scratch, words, out));
    memcpy(bad, toks, sizeof bad);
    bad[0].bytes = NULL;
    CHECK_STATUS(ROUGE_ERR_NULL_POINTER, rouge_score_text_segmented(&cand, &ref, 1, bad, ms, 4, &o, &t, scratch, words, out));

    /* Ends out of order. */
    memcpy(bad, toks, sizeof bad);
    bad[1].ends = bad_ends;
    bad[1].count = 2;
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_text_dims_of_segmented(&cand, &ref, 1, bad, &dims_sentinel));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT, rouge_score_text_segmented(&cand, &ref, 1, bad, ms, 4, &o, &t, scratch, words, out));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_text_scorer_score_segmented(&scorer, &cand, &ref, 1, bad, scratch, words, out));

    /* A token that is not UTF-8 (a jieba token cut inside a character would be one). */
    {
        static const char cut[] = "\xE6\xB3";
        static const size_t cut_ends[1] = {2};
        memcpy(bad, toks, sizeof bad);
        bad[0].bytes = cut;
        bad[0].ends = cut_ends;
        bad[0].count = 1;
        CHECK_STATUS(ROUGE_ERR_INVALID_UTF8,
                     rouge_score_text_segmented(&cand, &ref, 1, bad, ms, 4, &o, &t, scratch, words, out));
        CHECK_STATUS(ROUGE_ERR_INVALID_UTF8,
                     rouge_text_scorer_score_segmented(&scorer, &cand, &ref, 1, bad, scratch, words, out));
    }

    /* Another tokeniser. */
    CHECK_STATUS(ROUGE_OK, rouge_text_options_init(ROUGE_TOKENIZER_UNICODE, &other));
    CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                 rouge_score_text_segmented(&cand, &ref, 1, toks, ms, 4, &o, &other, scratch, words, out));

    /* Scratch too small, and texts beyond a scorer's dims. */
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL,
                 rouge_score_text_segmented(&cand, &ref, 1, toks, ms, 4, &o, &t, scratch, words - 1, out));
    CHECK_STATUS(ROUGE_ERR_SCRATCH_TOO_SMALL,
                 rouge_text_scorer_score_segmented(&scorer, &cand, &ref, 1, toks, scratch, words - 1, out));
    {
        rouge_text_dims small = dims;
        rouge_text_scorer tight;
        rouge_str longer_ref;
        small.reference_bytes = dims.reference_bytes - 1;
        small.reference_line_bytes = dims.reference_bytes - 1;
        CHECK_STATUS(ROUGE_OK, rouge_text_scorer_init(ms, 4, &o, &t, &small, &tight));
        longer_ref = ref;
        CHECK_STATUS(ROUGE_ERR_INVALID_ARGUMENT,
                     rouge_text_scorer_score_segmented(&tight, &cand, &longer_ref, 1, toks, scratch, words, out));
    }
    CHECK(memcmp(out, sentinel, sizeof out) == 0);
    CHECK(is_sentinel(&dims_sentinel, sizeof dims_sentinel));
    free(scratch);
}
