/*
 * rouge_example.c: score a candidate summary against references with librouge.
 *
 *   rouge_example                               score a built-in sample
 *   rouge_example CANDIDATE_FILE REFERENCE_FILE...
 *
 * Texts are ASCII/UTF-8, one sentence per line (the lines matter for rougeLsum). The steps:
 *   1. tokenise every text into one id space  (rouge_tokenize_basic_sizes + rouge_tokenize_basic)
 *   2. parse the metric names                  (rouge_metric_parse)
 *   3. size the scratch for this call          (rouge_dims_of + rouge_scratch_words)
 *   4. score all metrics in one call           (rouge_score_pair)
 * The library never allocates: every buffer is the caller's, sized by a query first.
 */
#include "rouge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const METRIC_NAMES[] = {"rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeSU4"};
#define METRIC_COUNT (sizeof METRIC_NAMES / sizeof METRIC_NAMES[0])

static const char *const SAMPLE[] = {
    "The cat sat on the mat.\nIt looked very happy.",           /* candidate */
    "A cat was sitting on the mat.\nThe cat looked happy.",     /* reference 1 */
    "The cat lay on the mat, happy and calm.",                  /* reference 2 */
};

/* Every librouge call returns a status; on failure, say which call and why, and stop. */
static void check(rouge_status status, const char *what)
{
    if (status != ROUGE_OK) {
        fprintf(stderr, "rouge_example: %s: %s\n", what, rouge_status_str(status));
        exit(EXIT_FAILURE);
    }
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n > 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "rouge_example: out of memory\n");
        exit(EXIT_FAILURE);
    }
    return p;
}

/* The whole file, in a malloc'd buffer (no NUL needed: librouge takes pointer + length). */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 4096, n = 0;
    char *buf;
    if (f == NULL) {
        perror(path);
        exit(EXIT_FAILURE);
    }
    buf = xmalloc(cap);
    for (;;) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) {
            break;
        }
        cap *= 2;
        buf = realloc(buf, cap);
        if (buf == NULL) {
            fprintf(stderr, "rouge_example: out of memory\n");
            exit(EXIT_FAILURE);
        }
    }
    if (ferror(f)) {
        perror(path);
        exit(EXIT_FAILURE);
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    size_t text_count = argc > 1 ? (size_t)(argc - 1) : sizeof SAMPLE / sizeof SAMPLE[0];
    rouge_str *texts;
    char **files; /* the files' contents, when given */
    size_t i;

    if (argc == 2) {
        fprintf(stderr, "usage: %s [CANDIDATE_FILE REFERENCE_FILE...]\n", argv[0]);
        return EXIT_FAILURE;
    }
    if (rouge_abi_version() != ROUGE_ABI_VERSION) {
        fprintf(stderr, "rouge_example: built against ABI %u, librouge is ABI %u\n", (unsigned)ROUGE_ABI_VERSION,
                (unsigned)rouge_abi_version());
        return EXIT_FAILURE;
    }

    /* The texts: texts[0] is the candidate, the others its references. */
    texts = xmalloc(text_count * sizeof *texts);
    files = xmalloc(text_count * sizeof *files);
    for (i = 0; i < text_count; i++) {
        files[i] = NULL;
        if (argc > 1) {
            files[i] = read_file(argv[i + 1], &texts[i].len);
            texts[i].ptr = files[i];
        } else {
            texts[i].ptr = SAMPLE[i];
            texts[i].len = strlen(SAMPLE[i]);
        }
    }

    /* 1. Tokenise all texts in one call, so equal words get equal ids across texts. The size
     *    query answers the scratch and an upper bound on tokens (and sentences). */
    size_t tok_words, max_tokens;
    check(rouge_tokenize_basic_sizes(texts, text_count, &tok_words, &max_tokens), "rouge_tokenize_basic_sizes");
    uint32_t *ids = xmalloc(max_tokens * sizeof *ids);
    size_t *sentence_ends = xmalloc(max_tokens * sizeof *sentence_ends);
    rouge_summary *summaries = xmalloc(text_count * sizeof *summaries);
    size_t scratch_words = tok_words;
    uint64_t *scratch = xmalloc(scratch_words * sizeof *scratch);
    check(rouge_tokenize_basic(texts, text_count, ids, max_tokens, sentence_ends, max_tokens, summaries, scratch,
                               scratch_words),
          "rouge_tokenize_basic");
    /* summaries[i] now points into ids and sentence_ends: keep those alive while scoring. */

    /* 2. The metrics, by the names rouge-score and ROUGE-1.5.5 users write. */
    rouge_metric metrics[METRIC_COUNT];
    for (i = 0; i < METRIC_COUNT; i++) {
        check(rouge_metric_parse(METRIC_NAMES[i], strlen(METRIC_NAMES[i]), &metrics[i]), METRIC_NAMES[i]);
    }

    /* rouge-score's definitions: F = 2PR/(P+R), best F over the references. */
    rouge_options options;
    check(rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &options), "rouge_options_init");

    /* 3. Size the scratch for this candidate, these references and metrics; grow it if the
     *    tokeniser's was smaller (a long-running host would keep one buffer and reuse it). */
    const rouge_summary *candidate = &summaries[0], *references = &summaries[1];
    size_t reference_count = text_count - 1;
    rouge_dims dims;
    size_t words;
    check(rouge_dims_of(candidate, references, reference_count, &dims), "rouge_dims_of");
    check(rouge_scratch_words(metrics, METRIC_COUNT, &options, &dims, &words), "rouge_scratch_words");
    if (words > scratch_words) {
        free(scratch);
        scratch_words = words;
        scratch = xmalloc(scratch_words * sizeof *scratch);
    }

    /* 4. Every metric in one call (they share the interning and n-gram work). */
    rouge_result results[METRIC_COUNT];
    check(rouge_score_pair(candidate, references, reference_count, metrics, METRIC_COUNT, &options, scratch,
                           scratch_words, results),
          "rouge_score_pair");

    printf("librouge %s: candidate of %lu tokens (%lu sentences), %lu reference(s)\n\n", rouge_version(),
           (unsigned long)candidate->len, (unsigned long)candidate->sentence_count, (unsigned long)reference_count);
    printf("%-11s %9s %9s %9s\n", "metric", "P", "R", "F");
    for (i = 0; i < METRIC_COUNT; i++) {
        printf("%-11s %9.5f %9.5f %9.5f\n", METRIC_NAMES[i], results[i].score.precision, results[i].score.recall,
               results[i].score.fmeasure);
    }

    free(scratch);
    free(summaries);
    free(sentence_ends);
    free(ids);
    for (i = 0; i < text_count; i++) {
        free(files[i]);
    }
    free(files);
    free(texts);
    return EXIT_SUCCESS;
}
