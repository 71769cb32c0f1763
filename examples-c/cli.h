/*
 * cli.h: internal interfaces of the `rouge` command (rouge_cli.c and the cli_*.c files).
 *
 *   rouge_cli.c      options, the scoring loop, main
 *   cli_input.c      readers: line files, the pyrouge directory layout, the corpus of texts
 *   cli_json.c       the JSON Lines reader (strings decoded in place) and the JSON string writer
 *   cli_text.c       the text options (rouge_text_options from the command line), the UTF-8 check
 *   cli_aggregate.c  corpus statistics through the library: macro, micro, bootstrap intervals
 *   cli_output.c     the per-pair table (CSV, JSON Lines), the corpus summaries, atomic files
 *
 * Every function that can fail prints one line "rouge: FILE:LINE: message" on stderr (see
 * cli_error) and returns -1; it returns 0 on success. Nothing is written to stdout before every
 * input has been read and scored.
 */
#ifndef ROUGE_CLI_H
#define ROUGE_CLI_H

#include "rouge.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CLI_NAME "rouge"
#define CLI_MAX_METRICS 64

enum cli_tokenizer {
    CLI_TOKENIZER_ROUGE_SCORE,
    CLI_TOKENIZER_PERL,
    CLI_TOKENIZER_UNICODE,
    CLI_TOKENIZER_UNICODE_V1,
    CLI_TOKENIZER_CHARACTER_V1,
    CLI_TOKENIZER_XLSUM
};
enum cli_format { CLI_FORMAT_CSV, CLI_FORMAT_JSONL, CLI_FORMAT_TABLE };

/* Everything the command line says, validated. */
struct cli_opts {
    /* Input: exactly one of the three layouts (or none: the bundled sample). */
    const char *candidates;     /* line files: one summary per line */
    const char **references;    /* reference_files paths, each aligned line by line */
    size_t reference_files;
    const char *jsonl;          /* JSON Lines */
    const char *system_dir, *model_dir, *system_pattern, *model_pattern; /* pyrouge layout */
    const char *sentence_sep;   /* also end a sentence at every occurrence (NULL: none) */
    int sample;                 /* no input given: score the sample in ROUGE_SAMPLE_DIR */
    const char **positional;    /* owned: the positional arguments (references point into it) */

    /* Scoring. */
    rouge_metric metrics[CLI_MAX_METRICS];
    size_t metric_count;
    rouge_options score;        /* flavour, multi-reference policy, jackknife, round, alpha */

    /* Text layer (see cli_text.c): as given, and as the library's options. */
    enum cli_tokenizer tokenizer;
    int stem, stopwords;
    size_t word_limit, byte_limit; /* 0: none */
    const char *lang;           /* --lang (XL-Sum's language; NULL: Python's None), from argv */
    rouge_text_options text;

    /* Aggregation (see cli_aggregate.c). */
    size_t bootstrap;           /* resamples; 0: no intervals */
    uint32_t seed;
    double confidence;          /* in (0, 1) */

    /* Output. */
    enum cli_format format;
    const char *output;         /* the per-pair table goes there (NULL: stdout) */
    int summary_only, progress;
};

/* One candidate and its references: texts[first] is the candidate, the next reference_count
 * texts its references. */
struct cli_pair {
    size_t first, reference_count;
    const char *id;             /* id_len bytes; NULL: the pair is named by its line number */
    size_t id_len;
    const char *file;           /* where the pair comes from, for messages */
    size_t line;                /* 0: the whole file */
};

/* All inputs. Texts point into blocks the corpus owns. */
struct cli_corpus {
    const char *sentence_sep;   /* cli_corpus_add_text replaces it by "\n" (NULL: none) */
    int nul_ok;                 /* the tokeniser takes NUL (unicode-v1, character-v1, xlsum) */
    rouge_str *texts;
    size_t text_count, text_cap;
    struct cli_pair *pairs;
    size_t pair_count, pair_cap;
    char **blocks;
    size_t block_count, block_cap;
};

/* Corpus statistics of one metric (cli_aggregate). */
struct cli_agg {
    rouge_score mean;           /* macro: mean of the per-pair scores (rouge_corpus_macro) */
    rouge_counts pooled_counts; /* sums of the per-pair counts (rouge_corpus_micro) */
    rouge_score pooled;         /* micro: the score of the pooled counts */
    rouge_score low, mid, high; /* rouge_corpus_bootstrap (without bootstrap: the mean) */
};

/* rouge_cli.c */
void cli_error(const char *file, size_t line, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void *cli_alloc(size_t count, size_t size);           /* NULL (and a message) on failure */
void *cli_grow(void *p, size_t *cap, size_t need, size_t size); /* capacity >= need */

/* cli_input.c */
int cli_read_corpus(const struct cli_opts *o, struct cli_corpus *c);
void cli_corpus_free(struct cli_corpus *c);
int cli_corpus_keep(struct cli_corpus *c, char *block);  /* frees block on failure */
/* Adds a text after checking that it is UTF-8 without NUL (the library's input). For messages:
 * the text starts at line `line` of `file`; which < 0: it is that file's bytes from column 1 on
 * (a bad byte is named by its line and column), else it is a string of the record on that line:
 * 0 the candidate, k reference k. */
int cli_corpus_add_text(struct cli_corpus *c, const char *ptr, size_t len, const char *file, size_t line,
                        int which);
int cli_corpus_add_pair(struct cli_corpus *c, size_t first, const char *id, size_t id_len, const char *file,
                        size_t line);
int cli_read_file(const char *path, char **out, size_t *len);

/* cli_json.c */
int cli_read_jsonl(const char *path, struct cli_corpus *c);
void cli_json_write_string(FILE *f, const char *s, size_t len);

/* cli_text.c */
int cli_text_options(const struct cli_opts *o, rouge_text_options *out, char *why, size_t why_size);
size_t cli_utf8_error(const char *s, size_t len, int nul_ok);

/* cli_aggregate.c */
int cli_aggregate(const struct cli_opts *o, const rouge_result *results, size_t pair_count, struct cli_agg *out);

/* cli_output.c */
void cli_metric_name(const struct cli_opts *o, const rouge_metric *m, char *buf, size_t size);
int cli_write_table(FILE *f, const struct cli_opts *o, const struct cli_corpus *c, const rouge_result *results);
int cli_write_table_file(const char *path, const struct cli_opts *o, const struct cli_corpus *c,
                         const rouge_result *results);
void cli_write_summary(FILE *f, const struct cli_opts *o, size_t pair_count, const struct cli_agg *agg);

#endif /* ROUGE_CLI_H */
