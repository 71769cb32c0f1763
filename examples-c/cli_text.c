/*
 * cli_text.c: the text layer seam of the `rouge` command: the one place where text becomes
 * token ids.
 *
 * Today the library has one tokeniser, rouge_tokenize_basic (ASCII lowercase, tokens are the
 * runs of [a-z0-9], every other byte separates, sentences end at "\n"). Without stemming, stop
 * words or length limits that is both rouge-score's tokenizer and ROUGE-1.5.5's, so
 * `--tokenizer rouge-score` and `--tokenizer perl` both run it. Everything else is parsed and
 * validated by rouge_cli.c and refused here, in cli_text_unsupported().
 *
 * When the library's text layer lands (rouge_tokenize / rouge_score_text with tokeniser
 * options: rouge-score's tokenizer with Porter stemming, ROUGE-1.5.5's with -m/-s/-l/-b, a
 * Unicode mode), the swap is: fill its options from `o` and call it in cli_tokenize_texts(),
 * and delete the matching lines of cli_text_unsupported().
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>

/* The first text option this build cannot honour, as the user spelled it; NULL if none. */
const char *cli_text_unsupported(const struct cli_opts *o)
{
    if (o->stem) {
        return "--stem";
    }
    if (o->tokenizer == CLI_TOKENIZER_UNICODE) {
        return "--tokenizer unicode";
    }
    if (o->stopwords) {
        return "--stopwords";
    }
    if (o->word_limit > 0) {
        return "--word-limit";
    }
    if (o->byte_limit > 0) {
        return "--byte-limit";
    }
    return NULL;
}

/*
 * Tokenises texts[0..count) into one id space (equal words get equal ids across the texts):
 * out[i] describes text i and points into buf, which grows as needed and is reused from call to
 * call. Returns 0, or -1 with *status set to the library's status (ROUGE_OK: out of memory,
 * already reported).
 */
int cli_tokenize_texts(const struct cli_opts *o, const rouge_str *texts, size_t count, rouge_summary *out,
                       struct cli_tok_buf *buf, rouge_status *status)
{
    size_t words, max_tokens;
    uint32_t *ids;
    size_t *ends;
    uint64_t *scratch;
    (void)o; /* every option this build accepts means the basic tokeniser (cli_text_unsupported) */
    *status = rouge_tokenize_sizes(texts, count, &words, &max_tokens);
    if (*status != ROUGE_OK) {
        return -1;
    }
    if ((ids = cli_grow(buf->ids, &buf->ids_cap, max_tokens, sizeof *ids)) == NULL) {
        return -1;
    }
    buf->ids = ids;
    if ((ends = cli_grow(buf->ends, &buf->ends_cap, max_tokens, sizeof *ends)) == NULL) {
        return -1;
    }
    buf->ends = ends;
    if ((scratch = cli_grow(buf->scratch, &buf->scratch_words, words, sizeof *scratch)) == NULL) {
        return -1;
    }
    buf->scratch = scratch;
    *status = rouge_tokenize_basic(texts, count, buf->ids, buf->ids_cap, buf->ends, buf->ends_cap, out, buf->scratch,
                                   buf->scratch_words);
    return *status == ROUGE_OK ? 0 : -1;
}

void cli_tok_buf_free(struct cli_tok_buf *buf)
{
    free(buf->ids);
    free(buf->ends);
    free(buf->scratch);
}
