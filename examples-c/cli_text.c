/*
 * cli_text.c: the text layer of the `rouge` command, as the library defines it.
 *
 * The command line's text options become one rouge_text_options (cli_text_options), which every
 * pair is scored with: rouge_score_text tokenises a candidate and its references and scores them
 * in one call (rouge_cli.c, score_all).
 *
 *   --tokenizer rouge-score   ROUGE_TOKENIZER_ROUGE_SCORE: rouge-score 0.1.2's tokenize (--stem:
 *                             NLTK's Porter stemmer, as use_stemmer=True)
 *   --tokenizer perl          ROUGE_TOKENIZER_PERL: ROUGE-1.5.5.pl's (--stem: its -m, --stopwords
 *                             its -s, --word-limit its -l, --byte-limit its -b)
 *   --tokenizer unicode       ROUGE_TOKENIZER_UNICODE: words of any script, one token per CJK
 *                             character (--stem: Porter on ASCII words)
 *   --tokenizer unicode-v1    ROUGE_TOKENIZER_UNICODE_V1: rouge-score-rs's unicode-v1 (no --stem)
 *   --tokenizer character-v1  ROUGE_TOKENIZER_CHARACTER_V1: rouge-score-rs's character-v1
 *   --tokenizer xlsum         ROUGE_TOKENIZER_XLSUM: XL-Sum's multilingual ROUGE for --lang NAME
 *                             (--stem: the language's stemmer). Chinese, Japanese and Thai are
 *                             refused here: the fork segments them with jieba, fugashi and
 *                             pythainlp, dictionary segmenters this command does not embed.
 *
 * The default is the flavour's tokeniser. Which combinations are valid is the library's call
 * (stop words and limits are ROUGE-1.5.5 options, the two limits exclude each other): the
 * options are checked with a size query and a refusal is turned into a message here.
 *
 * cli_utf8_error finds the first byte that is not UTF-8, or a NUL (unless the tokeniser takes
 * NUL: unicode-v1, character-v1 and xlsum, as their reference tools do), so that the readers
 * can name the file, line and column of a text the library would refuse
 * (ROUGE_ERR_INVALID_UTF8, ROUGE_ERR_EMBEDDED_NUL) before any scoring starts.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <string.h>

/*
 * Fills *out from the command line and has the library check it. Returns 0, or -1 with the
 * reason in why (a sentence naming the options as the user spelled them).
 */
int cli_text_options(const struct cli_opts *o, rouge_text_options *out, char *why, size_t why_size)
{
    static const uint32_t tokenizers[] = {
        [CLI_TOKENIZER_ROUGE_SCORE] = ROUGE_TOKENIZER_ROUGE_SCORE,
        [CLI_TOKENIZER_PERL] = ROUGE_TOKENIZER_PERL,
        [CLI_TOKENIZER_UNICODE] = ROUGE_TOKENIZER_UNICODE,
        [CLI_TOKENIZER_UNICODE_V1] = ROUGE_TOKENIZER_UNICODE_V1,
        [CLI_TOKENIZER_CHARACTER_V1] = ROUGE_TOKENIZER_CHARACTER_V1,
        [CLI_TOKENIZER_XLSUM] = ROUGE_TOKENIZER_XLSUM,
    };
    static const char *const names[] = {"rouge-score", "perl", "unicode", "unicode-v1", "character-v1", "xlsum"};
    /* The header names the languages rouge_score_text refuses for want of the host's segmenter;
     * checked here so that the refusal comes before any input is read, with a reason. */
    static const char *const segmented[] = {"chinese", "chinese_simplified", "chinese_traditional", "japanese", "thai"};
    size_t i;
    rouge_text_dims dims = {1, 1, 1, 1, 1};
    rouge_status s;
    size_t words;
    if (o->lang != NULL && o->tokenizer != CLI_TOKENIZER_XLSUM) {
        snprintf(why, why_size, "--lang is XL-Sum's language: it needs --tokenizer xlsum (not %s)", names[o->tokenizer]);
        return -1;
    }
    for (i = 0; o->lang != NULL && i < sizeof segmented / sizeof segmented[0]; i++) {
        if (strcmp(o->lang, segmented[i]) == 0) {
            snprintf(why, why_size,
                     "--lang %s: XL-Sum segments %s with a dictionary segmenter (jieba, fugashi, pythainlp) "
                     "that this command does not have; score it with the C API's rouge_score_text_segmented "
                     "and the segmenter's tokens, or with the Python package",
                     o->lang, o->lang);
            return -1;
        }
    }
    s = rouge_text_options_init(tokenizers[o->tokenizer], out);
    if (s == ROUGE_OK) {
        if (o->lang != NULL) {
            out->lang = o->lang;
            out->lang_len = strlen(o->lang);
        }
        out->stem = (uint32_t)o->stem;
        out->stopwords = (uint32_t)o->stopwords;
        out->word_limit = (uint64_t)o->word_limit;
        out->byte_limit = (uint64_t)o->byte_limit;
        /* The metrics are valid (parse_metrics asked): a refusal here is about the text options. */
        s = rouge_text_scratch_words(o->metrics, o->metric_count, &o->score, out, &dims, &words);
    }
    if (s == ROUGE_OK) {
        return 0;
    }
    if (s != ROUGE_ERR_INVALID_ARGUMENT) {
        snprintf(why, why_size, "the text options are refused: %s", rouge_status_str(s));
    } else if (o->word_limit > 0 && o->byte_limit > 0) {
        snprintf(why, why_size, "--word-limit and --byte-limit exclude each other");
    } else if ((o->tokenizer == CLI_TOKENIZER_UNICODE_V1 || o->tokenizer == CLI_TOKENIZER_CHARACTER_V1) && o->stem) {
        snprintf(why, why_size, "--stem: rouge-score-rs's %s tokenizer never stems", names[o->tokenizer]);
    } else if (o->tokenizer != CLI_TOKENIZER_PERL && (o->stopwords || o->word_limit > 0 || o->byte_limit > 0)) {
        const char *opt = o->stopwords ? "--stopwords" : o->word_limit > 0 ? "--word-limit" : "--byte-limit";
        const char *perl = o->stopwords ? "-s" : o->word_limit > 0 ? "-l" : "-b";
        snprintf(why, why_size, "%s is ROUGE-1.5.5's %s: it needs --tokenizer perl (not %s)", opt, perl,
                 names[o->tokenizer]);
    } else {
        snprintf(why, why_size, "the text options are refused: %s", rouge_status_str(s));
    }
    return -1;
}

/*
 * Offset of the first byte of s[0..len) that starts no valid UTF-8 sequence (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF) or is a NUL (unless nul_ok); len if
 * there is none.
 */
size_t cli_utf8_error(const char *s, size_t len, int nul_ok)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned char c = u[i];
        size_t n, k;
        unsigned char lo = 0x80, hi = 0xBF; /* range of the second byte */
        if (c == 0 && !nul_ok) {
            return i;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            lo = c == 0xE0 ? 0xA0 : 0x80;
            hi = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            lo = c == 0xF0 ? 0x90 : 0x80;
            hi = c == 0xF4 ? 0x8F : 0xBF;
        } else {
            return i;
        }
        if (len - i <= n || u[i + 1] < lo || u[i + 1] > hi) {
            return i;
        }
        for (k = 2; k <= n; k++) {
            if (u[i + k] < 0x80 || u[i + k] > 0xBF) {
                return i;
            }
        }
        i += n + 1;
    }
    return len;
}
