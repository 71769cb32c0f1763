/*
 * rouge_cli.c: `rouge`, the command-line ROUGE scorer built on librouge's C API.
 *
 *   rouge [OPTIONS] CANDIDATES REFERENCES...       one summary per line, line i of each file
 *   rouge [OPTIONS] --jsonl FILE                   {"candidate": ..., "references": [...]}
 *   rouge [OPTIONS] --system-dir D --model-dir D --system-pattern P --model-pattern P
 *   rouge                                          the bundled sample (examples-c/sample)
 *
 * It prints the per-pair table (CSV or JSON Lines) and a corpus summary with bootstrap intervals,
 * laid out for rouge-score users or ROUGE-1.5.5 users (--flavour). `rouge --help` says it all.
 *
 * The flow (main): parse and validate the options (the text options as rouge_text_options,
 * cli_text.c); read every input, checking that each text is UTF-8 (without NUL but for
 * unicode-v1, character-v1 and xlsum, which take it as their reference tools do) (cli_input.c,
 * cli_json.c); score every pair from its texts (score_all: rouge_text_dims_of,
 * rouge_text_scratch_words, rouge_score_text with one scratch buffer grown as needed); aggregate
 * with the library (cli_aggregate.c: rouge_corpus_macro, rouge_corpus_micro,
 * rouge_corpus_bootstrap); only then write anything to stdout (cli_output.c). An error prints one
 * line on stderr and exits non-zero: 2 for a bad command line, 1 for bad input.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ROUGE_SAMPLE_DIR
#define ROUGE_SAMPLE_DIR "sample"
#endif

#define EXIT_USAGE 2
#define MAX_BOOTSTRAP 100000
#define PROGRESS_MIN_PAIRS 1000

/* ---- helpers shared by the cli_*.c files ------------------------------------------------- */

void cli_error(const char *file, size_t line, const char *fmt, ...)
{
    va_list ap;
    fputs(CLI_NAME ": ", stderr);
    if (file != NULL && line > 0) {
        fprintf(stderr, "%s:%lu: ", file, (unsigned long)line);
    } else if (file != NULL) {
        fprintf(stderr, "%s: ", file);
    }
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    putc('\n', stderr);
}

void *cli_alloc(size_t count, size_t size)
{
    void *p = NULL;
    if (size == 0 || count <= SIZE_MAX / size) {
        p = malloc(count * size > 0 ? count * size : 1);
    }
    if (p == NULL) {
        cli_error(NULL, 0, "out of memory");
    }
    return p;
}

void *cli_grow(void *p, size_t *cap, size_t need, size_t size)
{
    size_t new_cap;
    void *q;
    if (p != NULL && need <= *cap) {
        return p;
    }
    new_cap = *cap > SIZE_MAX / 2 ? SIZE_MAX : 2 * *cap;
    new_cap = new_cap < need ? need : new_cap;
    new_cap = new_cap < 16 ? 16 : new_cap;
    if (new_cap > SIZE_MAX / size || (q = realloc(p, new_cap * size)) == NULL) {
        cli_error(NULL, 0, "out of memory");
        return NULL;
    }
    *cap = new_cap;
    return q;
}

/* ---- usage --------------------------------------------------------------------------------- */

static void usage(FILE *f)
{
    fputs(
        "usage: rouge [OPTIONS] CANDIDATES REFERENCES...\n"
        "       rouge [OPTIONS] --jsonl FILE\n"
        "       rouge [OPTIONS] --system-dir DIR --model-dir DIR --system-pattern P --model-pattern P\n"
        "       rouge [OPTIONS]          (no input: score the bundled sample)\n"
        "\n"
        "Scores candidate summaries against references with ROUGE, as Google's rouge-score 0.1.2 or\n"
        "the Perl ROUGE-1.5.5 computes it, and prints a table of every pair, then corpus averages\n"
        "with bootstrap confidence intervals. A file named - is standard input.\n"
        "\n"
        "Input (one of):\n"
        "  CANDIDATES REFERENCES...   text files with one summary per line; line i of each\n"
        "                             REFERENCES file is a reference of line i of CANDIDATES\n"
        "  --jsonl FILE               JSON Lines: {\"candidate\": \"...\", \"references\": [\"...\", ...]}\n"
        "                             (optional \"id\"; other keys are ignored); \\n ends a sentence\n"
        "  --system-dir DIR --model-dir DIR --system-pattern P --model-pattern P\n"
        "                             the pyrouge / ROUGE-1.5.5 layout: one summary per file, one\n"
        "                             sentence per line. P is a regular expression matching the\n"
        "                             whole file name; #ID# (or the first (group) of the system\n"
        "                             pattern) is the pair's ID, e.g. --system-pattern '#ID#.txt'\n"
        "                             --model-pattern '#ID#.[A-Z].txt', or 'sys.(\\d+).txt'\n"
        "  --sentence-sep STR         also end a sentence at every STR in a text (for rougeLsum),\n"
        "                             matched literally, e.g. '<q>' or '\\n' (backslash, n);\n"
        "                             default: sentences end only at line breaks inside a text\n"
        "\n",
        f);
    fputs(
        "Scoring:\n"
        "  --metrics LIST             comma-separated: rouge1, rouge2, ... (any n), rougeL,\n"
        "                             rougeLsum, rougeW-1.2, rougeS4, rougeSU4, rougeS*, rougeSU*, or\n"
        "                             ROUGE-1.5.5's spellings (ROUGE-1, ROUGE-L = rougeLsum, ...);\n"
        "                             default: rouge1,rouge2,rougeL,rougeLsum (rouge-score),\n"
        "                             ROUGE-1,ROUGE-2,ROUGE-L (perl)\n"
        "  --flavour rouge-score|perl definitions and defaults of rouge-score (default) or\n"
        "                             ROUGE-1.5.5 (its W, SU, F with alpha, 5-decimal rounding)\n"
        "  --multi best-f|A|B         several references: best F per metric (rouge-score's\n"
        "                             default), pooled counts (Perl -f A, its default), or the\n"
        "                             best-recall reference (Perl -f B)\n"
        "  --jackknife                average over the leave-one-out subsets of the references\n"
        "  --alpha A                  perl: F = PR/((1-A)P + AR), A in [0, 1] (default 0.5)\n"
        "  --no-round                 perl: do not round R and P to 5 decimals before F\n"
        "\n"
        "Text (UTF-8; no NUL but with unicode-v1, character-v1 and xlsum, which take it as\n"
        "their reference tools do; the sentences of a text are its lines):\n"
        "  --tokenizer rouge-score|perl|unicode|unicode-v1|character-v1|xlsum\n"
        "                             tokeniser (default: the flavour's): rouge-score 0.1.2's\n"
        "                             (lowercase, words of [a-z0-9]), ROUGE-1.5.5.pl's (ASCII\n"
        "                             lowercase, '-' split off), or unicode: words of letters and\n"
        "                             digits of any script, each CJK character a word of its own\n"
        "                             (the other two keep ASCII letters and digits only);\n"
        "                             unicode-v1 and character-v1: rouge-score-rs's (NFKC, case\n"
        "                             folding, then UAX #29 words, or grapheme clusters, with a\n"
        "                             letter or number; Unicode 17.0; no --stem)\n"
        "                             xlsum: XL-Sum's multilingual ROUGE (csebuetnlp's fork of\n"
        "                             rouge-score, multilingual-rouge 0.0.1) for the --lang given\n"
        "  --lang NAME                xlsum: the fork's lang= (bengali, russian, bangla, ...;\n"
        "                             none: its lang=None; a name it does not know gets no\n"
        "                             stemmer). chinese*, japanese and thai need a dictionary\n"
        "                             segmenter this command does not have: use the C API's\n"
        "                             rouge_score_text_segmented or the Python package\n"
        "  --stem                     Porter stemming: NLTK's as rouge-score use_stemmer=True\n"
        "                             (rouge-score; unicode: ASCII words), ROUGE-1.5.5's -m (perl)\n"
        "  --stopwords                remove ROUGE-1.5.5's stop words (its -s; --tokenizer perl)\n"
        "  --word-limit N             keep the first N words of each text (its -l; --tokenizer perl)\n"
        "  --byte-limit N             keep the first N bytes of each text (its -b; --tokenizer perl)\n"
        "\n",
        f);
    fputs(
        "Corpus summary: the means of the pairs, the scores of the pooled counts, and bootstrap\n"
        "intervals drawn as rouge-score's BootstrapAggregator draws them after np.random.seed(S),\n"
        "or (--flavour perl) as ROUGE-1.5.5 -r N -c 100C does; its Average lines are then the mean\n"
        "of the resampled means, as it prints them. ROUGE-1.5.5 resamples its evaluations in the\n"
        "string order of their ids; here the ids are 1..N in input order (pyrouge layout: the\n"
        "system files sorted by name, as pyrouge numbers them): 1, 10, 100, ..., 11, ..., 2, ...\n"
        "  --bootstrap N              resamples for the intervals (default 1000; 0: none)\n"
        "  --seed S                   seed of the resampling, 0..4294967295 (default 0): same\n"
        "                             seed, same output (perl: srand(S + i) for resample i)\n"
        "  --confidence C             interval coverage in (0, 1) (default 0.95)\n"
        "\n"
        "Output:\n"
        "  --format csv|jsonl|table   per-pair table: CSV with a header line (the default when\n"
        "                             stdout is a pipe or a file) or JSON Lines, with P, R, F and\n"
        "                             the counts (hit, reference_total, candidate_total) of every\n"
        "                             metric; or aligned columns of P, R and F (the default on a\n"
        "                             terminal)\n"
        "  -o, --output FILE          write the table to FILE (replaced only when complete); the\n"
        "                             summary stays on stdout. Default: table, blank line, summary\n"
        "                             on stdout\n"
        "  --summary-only             no table\n"
        "  --no-progress              no progress bar (shown on a terminal for > 1000 pairs)\n"
        "  -h, --help                 this text\n"
        "  --version                  versions of rouge and librouge\n"
        "\n"
        "Exit status: 0 on success, 1 on bad input (one line on stderr names the file and line, and\n"
        "nothing is written to stdout), 2 on a bad command line.\n",
        f);
}

/* ---- options ------------------------------------------------------------------------------ */

enum opt_id {
    OPT_JSONL, OPT_SYSTEM_DIR, OPT_MODEL_DIR, OPT_SYSTEM_PATTERN, OPT_MODEL_PATTERN, OPT_SENTENCE_SEP,
    OPT_METRICS, OPT_FLAVOUR, OPT_MULTI, OPT_JACKKNIFE, OPT_ALPHA, OPT_NO_ROUND,
    OPT_TOKENIZER, OPT_LANG, OPT_STEM, OPT_STOPWORDS, OPT_WORD_LIMIT, OPT_BYTE_LIMIT,
    OPT_BOOTSTRAP, OPT_SEED, OPT_CONFIDENCE,
    OPT_FORMAT, OPT_OUTPUT, OPT_SUMMARY_ONLY, OPT_NO_PROGRESS, OPT_HELP, OPT_VERSION,
    OPT_COUNT
};

static const struct {
    const char *name;
    int takes_value;
} OPTIONS[OPT_COUNT] = {
    [OPT_JSONL] = {"--jsonl", 1}, [OPT_SYSTEM_DIR] = {"--system-dir", 1}, [OPT_MODEL_DIR] = {"--model-dir", 1},
    [OPT_SYSTEM_PATTERN] = {"--system-pattern", 1}, [OPT_MODEL_PATTERN] = {"--model-pattern", 1},
    [OPT_SENTENCE_SEP] = {"--sentence-sep", 1}, [OPT_METRICS] = {"--metrics", 1},
    [OPT_FLAVOUR] = {"--flavour", 1}, [OPT_MULTI] = {"--multi", 1}, [OPT_JACKKNIFE] = {"--jackknife", 0},
    [OPT_ALPHA] = {"--alpha", 1}, [OPT_NO_ROUND] = {"--no-round", 0}, [OPT_TOKENIZER] = {"--tokenizer", 1},
    [OPT_LANG] = {"--lang", 1},
    [OPT_STEM] = {"--stem", 0}, [OPT_STOPWORDS] = {"--stopwords", 0}, [OPT_WORD_LIMIT] = {"--word-limit", 1},
    [OPT_BYTE_LIMIT] = {"--byte-limit", 1}, [OPT_BOOTSTRAP] = {"--bootstrap", 1}, [OPT_SEED] = {"--seed", 1},
    [OPT_CONFIDENCE] = {"--confidence", 1}, [OPT_FORMAT] = {"--format", 1}, [OPT_OUTPUT] = {"--output", 1},
    [OPT_SUMMARY_ONLY] = {"--summary-only", 0}, [OPT_NO_PROGRESS] = {"--no-progress", 0},
    [OPT_HELP] = {"--help", 0}, [OPT_VERSION] = {"--version", 0},
};

/* The command line as given: values by option (the last one wins), positional arguments. */
struct raw_args {
    const char *value[OPT_COUNT];
    int given[OPT_COUNT];
    const char **positional;
    size_t positional_count;
};

/* A bad command line: "rouge: MESSAGE (see rouge --help)"; returns -1. */
static int usage_error(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    fputs(CLI_NAME ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs(" (see rouge --help)\n", stderr);
    return -1;
}

static int collect_args(int argc, char **argv, struct raw_args *r)
{
    int i, options_done = 0;
    memset(r, 0, sizeof *r);
    r->positional = cli_alloc((size_t)argc, sizeof *r->positional);
    if (r->positional == NULL) {
        return -1;
    }
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i], *eq, *value = NULL;
        size_t name_len;
        int k;
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            r->positional[r->positional_count++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            options_done = 1;
            continue;
        }
        if (strcmp(arg, "-h") == 0) {
            arg = "--help";
        } else if (strcmp(arg, "-o") == 0) {
            arg = "--output";
        }
        eq = strchr(arg, '=');
        name_len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
        for (k = 0; k < OPT_COUNT; k++) {
            if (strlen(OPTIONS[k].name) == name_len && strncmp(OPTIONS[k].name, arg, name_len) == 0) {
                break;
            }
        }
        if (k == OPT_COUNT) {
            return usage_error("unknown option '%s'", arg);
        }
        if (OPTIONS[k].takes_value) {
            if (eq != NULL) {
                value = eq + 1;
            } else if (i + 1 < argc) {
                value = argv[++i];
            } else {
                return usage_error("option '%s' needs a value", OPTIONS[k].name);
            }
        } else if (eq != NULL) {
            return usage_error("option '%s' takes no value", OPTIONS[k].name);
        }
        r->given[k] = 1;
        r->value[k] = value;
    }
    return 0;
}

/* A non-negative decimal integer in [min, max]. */
static int parse_count(enum opt_id k, const char *s, unsigned long long min, unsigned long long max,
                       unsigned long long *out)
{
    char *end;
    unsigned long long v;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || v < min || v > max) {
        return usage_error("%s: '%s' is not a whole number in %llu..%llu", OPTIONS[k].name, s, min, max);
    }
    *out = v;
    return 0;
}

/* A finite number in [min, max] (open at either end when the flag says so). */
static int parse_real(enum opt_id k, const char *s, double min, double max, int open, double *out)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(s, &end);
    if (s[0] == '\0' || *end != '\0' || errno != 0 || !isfinite(v) || v < min || v > max ||
        (open && (v == min || v == max))) {
        return usage_error("%s: '%s' is not a number in %c%g, %g%c", OPTIONS[k].name, s, open ? '(' : '[', min, max,
                           open ? ')' : ']');
    }
    *out = v;
    return 0;
}

/* Index of value in the NULL-terminated list names, or -1 after a message. */
static int parse_choice(enum opt_id k, const char *value, const char *const *names)
{
    int i;
    char list[128] = "";
    for (i = 0; names[i] != NULL; i++) {
        if (strcmp(value, names[i]) == 0) {
            return i;
        }
    }
    for (i = 0; names[i] != NULL; i++) {
        strncat(list, i > 0 ? "|" : "", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    return usage_error("%s: '%s' is not one of %s", OPTIONS[k].name, value, list);
}

static int same_metric(const rouge_metric *a, const rouge_metric *b)
{
    if (a->kind != b->kind) {
        return 0;
    }
    switch (a->kind) {
    case ROUGE_METRIC_N: return a->n == b->n;
    case ROUGE_METRIC_W: return a->weight == b->weight;
    case ROUGE_METRIC_S:
    case ROUGE_METRIC_SU: return (a->skip < 0 && b->skip < 0) || a->skip == b->skip;
    default: return 1;
    }
}

/* --metrics: every name through rouge_metric_parse, each checked against the options with a size
 * query (it refuses what a scoring call would refuse, e.g. a ROUGE-W weight below 1). */
static int parse_metrics(const char *list, struct cli_opts *o)
{
    const char *p = list;
    o->metric_count = 0;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p), i, words;
        char name[64];
        rouge_dims dims = {1, 1, 1, 1, 1};
        rouge_metric *m = &o->metrics[o->metric_count];
        snprintf(name, sizeof name, "%.*s", (int)(len < 60 ? len : 60), p);
        if (len == 0) {
            return usage_error("--metrics: empty metric name in the list");
        }
        if (o->metric_count == CLI_MAX_METRICS) {
            return usage_error("--metrics: more than %d metrics", CLI_MAX_METRICS);
        }
        if (rouge_metric_parse(p, len, m) != ROUGE_OK) {
            return usage_error("--metrics: unknown metric '%s'", name);
        }
        if (rouge_scratch_words(m, 1, &o->score, &dims, &words) != ROUGE_OK) {
            return usage_error("--metrics: '%s' is not a valid metric", name);
        }
        for (i = 0; i < o->metric_count; i++) {
            if (same_metric(&o->metrics[i], m)) {
                return usage_error("--metrics: '%s' is listed twice", name);
            }
        }
        o->metric_count++;
        if (comma == NULL) {
            return 0;
        }
        p = comma + 1;
    }
}

/* Options to a validated cli_opts. Returns 0, 1 for --help/--version (printed), -1 on error. */
static int parse_options(int argc, char **argv, struct cli_opts *o)
{
    static const char *const flavours[] = {"rouge-score", "perl", NULL};
    static const char *const policies[] = {"best-f", "A", "B", NULL};
    static const char *const tokenizers[] = {"rouge-score", "perl", "unicode", "unicode-v1", "character-v1", "xlsum",
                                             NULL};
    static const char *const formats[] = {"csv", "jsonl", "table", NULL};
    struct raw_args r;
    char why[256];
    unsigned long long n;
    int choice, rc = -1, pyrouge_count = 0;
    enum opt_id k;

    memset(o, 0, sizeof *o);
    if (collect_args(argc, argv, &r) != 0) {
        goto done;
    }
    if (r.given[OPT_HELP] || r.given[OPT_VERSION]) {
        if (r.given[OPT_HELP]) {
            usage(stdout);
        } else {
            printf("rouge %s (librouge %s, ABI %u)\n", ROUGE_VERSION_STRING, rouge_version(),
                   (unsigned)rouge_abi_version());
        }
        rc = 1;
        goto done;
    }

    /* The flavour first: the other defaults follow it. */
    choice = r.given[OPT_FLAVOUR] ? parse_choice(OPT_FLAVOUR, r.value[OPT_FLAVOUR], flavours) : 0;
    if (choice < 0 || rouge_options_init(choice == 1 ? ROUGE_FLAVOUR_PERL : ROUGE_FLAVOUR_ROUGE_SCORE, &o->score) != ROUGE_OK) {
        goto done;
    }
    if (r.given[OPT_MULTI]) {
        static const uint32_t values[] = {ROUGE_MULTI_BEST_F, ROUGE_MULTI_PERL_A, ROUGE_MULTI_PERL_B};
        if ((choice = parse_choice(OPT_MULTI, r.value[OPT_MULTI], policies)) < 0) {
            goto done;
        }
        o->score.multi_reference = values[choice];
    }
    o->score.jackknife = (uint32_t)r.given[OPT_JACKKNIFE];
    if ((r.given[OPT_ALPHA] || r.given[OPT_NO_ROUND]) && o->score.flavour != ROUGE_FLAVOUR_PERL) {
        usage_error("%s applies to --flavour perl only (rouge-score's F is 2PR/(P+R), unrounded)",
                    r.given[OPT_ALPHA] ? "--alpha" : "--no-round");
        goto done;
    }
    if (r.given[OPT_ALPHA] && parse_real(OPT_ALPHA, r.value[OPT_ALPHA], 0.0, 1.0, 0, &o->score.alpha) != 0) {
        goto done;
    }
    if (r.given[OPT_NO_ROUND]) {
        o->score.round = 0;
    }
    if (parse_metrics(r.given[OPT_METRICS] ? r.value[OPT_METRICS]
                      : o->score.flavour == ROUGE_FLAVOUR_PERL ? "ROUGE-1,ROUGE-2,ROUGE-L"
                                                               : "rouge1,rouge2,rougeL,rougeLsum",
                      o) != 0) {
        goto done;
    }

    /* The text layer: the values here, the combination by the library (cli_text_options). */
    o->tokenizer = o->score.flavour == ROUGE_FLAVOUR_PERL ? CLI_TOKENIZER_PERL : CLI_TOKENIZER_ROUGE_SCORE;
    if (r.given[OPT_TOKENIZER]) {
        if ((choice = parse_choice(OPT_TOKENIZER, r.value[OPT_TOKENIZER], tokenizers)) < 0) {
            goto done;
        }
        o->tokenizer = (enum cli_tokenizer)choice;
    }
    o->lang = r.given[OPT_LANG] ? r.value[OPT_LANG] : NULL;
    o->stem = r.given[OPT_STEM];
    o->stopwords = r.given[OPT_STOPWORDS];
    if (r.given[OPT_WORD_LIMIT]) {
        if (parse_count(OPT_WORD_LIMIT, r.value[OPT_WORD_LIMIT], 1, SIZE_MAX, &n) != 0) {
            goto done;
        }
        o->word_limit = (size_t)n;
    }
    if (r.given[OPT_BYTE_LIMIT]) {
        if (parse_count(OPT_BYTE_LIMIT, r.value[OPT_BYTE_LIMIT], 1, SIZE_MAX, &n) != 0) {
            goto done;
        }
        o->byte_limit = (size_t)n;
    }
    if (cli_text_options(o, &o->text, why, sizeof why) != 0) {
        usage_error("%s", why);
        goto done;
    }

    /* Aggregation. */
    o->bootstrap = 1000;
    o->confidence = 0.95;
    if (r.given[OPT_BOOTSTRAP]) {
        if (parse_count(OPT_BOOTSTRAP, r.value[OPT_BOOTSTRAP], 0, MAX_BOOTSTRAP, &n) != 0) {
            goto done;
        }
        o->bootstrap = (size_t)n;
    }
    if (r.given[OPT_SEED]) {
        if (parse_count(OPT_SEED, r.value[OPT_SEED], 0, UINT32_MAX, &n) != 0) {
            goto done;
        }
        o->seed = (uint32_t)n;
    }
    if (r.given[OPT_CONFIDENCE] &&
        parse_real(OPT_CONFIDENCE, r.value[OPT_CONFIDENCE], 0.0, 1.0, 1, &o->confidence) != 0) {
        goto done;
    }

    /* Output. */
    if (r.given[OPT_FORMAT]) {
        if ((choice = parse_choice(OPT_FORMAT, r.value[OPT_FORMAT], formats)) < 0) {
            goto done;
        }
        o->format = (enum cli_format)choice;
    } else if (!r.given[OPT_OUTPUT] && isatty(STDOUT_FILENO)) {
        o->format = CLI_FORMAT_TABLE; /* a person reads it: aligned columns; pipes keep CSV */
    }
    o->summary_only = r.given[OPT_SUMMARY_ONLY];
    o->progress = !r.given[OPT_NO_PROGRESS];
    if (r.given[OPT_OUTPUT] && strcmp(r.value[OPT_OUTPUT], "-") != 0) {
        o->output = r.value[OPT_OUTPUT];
        if (o->output[0] == '\0') {
            usage_error("--output needs a file name");
            goto done;
        }
    }
    if (o->output != NULL && o->summary_only) {
        usage_error("--output writes the per-pair table, which --summary-only leaves out");
        goto done;
    }

    /* Input: exactly one layout, or none (the sample). */
    for (k = OPT_SYSTEM_DIR; k <= OPT_MODEL_PATTERN; k++) {
        pyrouge_count += r.given[k];
    }
    if ((r.positional_count > 0) + r.given[OPT_JSONL] + (pyrouge_count > 0) > 1) {
        usage_error("give one input: CANDIDATES REFERENCES..., --jsonl FILE, or --system-dir ...");
        goto done;
    }
    if (pyrouge_count > 0 && pyrouge_count < 4) {
        for (k = OPT_SYSTEM_DIR; r.given[k]; k++) {
        }
        usage_error("the pyrouge layout needs --system-dir, --model-dir, --system-pattern and --model-pattern; "
                    "%s is missing",
                    OPTIONS[k].name);
        goto done;
    }
    if (pyrouge_count == 4 && strstr(r.value[OPT_MODEL_PATTERN], "#ID#") == NULL) {
        usage_error("--model-pattern '%s' has no #ID# (where the system file's ID goes)", r.value[OPT_MODEL_PATTERN]);
        goto done;
    }
    if (r.positional_count == 1) {
        usage_error("'%s' needs at least one REFERENCES file after it", r.positional[0]);
        goto done;
    }
    if (r.given[OPT_SENTENCE_SEP] && r.value[OPT_SENTENCE_SEP][0] == '\0') {
        usage_error("--sentence-sep needs a non-empty string");
        goto done;
    }
    o->sentence_sep = r.value[OPT_SENTENCE_SEP];
    o->jsonl = r.value[OPT_JSONL];
    o->system_dir = r.value[OPT_SYSTEM_DIR];
    o->model_dir = r.value[OPT_MODEL_DIR];
    o->system_pattern = r.value[OPT_SYSTEM_PATTERN];
    o->model_pattern = r.value[OPT_MODEL_PATTERN];
    if (r.positional_count >= 2) {
        o->candidates = r.positional[0];
        o->references = r.positional + 1;
        o->reference_files = r.positional_count - 1;
    }
    o->sample = r.positional_count == 0 && !r.given[OPT_JSONL] && pyrouge_count == 0;

    o->positional = r.positional; /* main frees it */
    return 0;
done:
    free(r.positional);
    return rc;
}

/* ---- scoring ------------------------------------------------------------------------------- */

struct progress {
    int on, shown;
    size_t total;
    unsigned last;
};

static void progress_update(struct progress *p, size_t done)
{
    unsigned pct;
    if (!p->on) {
        return;
    }
    pct = (unsigned)(100.0 * (double)done / (double)p->total);
    if (p->shown && pct == p->last && done != p->total) {
        return;
    }
    fprintf(stderr, "\r" CLI_NAME ": scoring [%-50.*s] %3u%% (%lu/%lu pairs)", (int)(pct / 2),
            "##################################################", pct, (unsigned long)done, (unsigned long)p->total);
    p->shown = 1;
    p->last = pct;
}

static void progress_end(struct progress *p)
{
    if (p->shown) {
        fprintf(stderr, "\r%*s\r", 100, "");
    }
}

static void pair_error(const struct cli_pair *pair, const char *what, rouge_status s)
{
    if (pair->id != NULL) {
        cli_error(pair->file, pair->line, "pair '%.*s': %s: %s", (int)pair->id_len, pair->id, what,
                  rouge_status_str(s));
    } else {
        cli_error(pair->file, pair->line, "%s: %s", what, rouge_status_str(s));
    }
}

/* Scores every pair of the corpus from its texts (rouge_score_text tokenises them with the text
 * options and scores them in one call, reading Perl's -b text both ways where ROUGE-1.5.5 does):
 * results[p * metric_count + i] is metric i of pair p. One scratch buffer, grown as needed. */
static int score_all(const struct cli_opts *o, const struct cli_corpus *c, rouge_result *results)
{
    uint64_t *scratch = NULL;
    size_t scratch_cap = 0, p;
    struct progress bar = {0, 0, 0, 0};
    int rc = -1;
    bar.on = o->progress && c->pair_count > PROGRESS_MIN_PAIRS && isatty(STDERR_FILENO);
    bar.total = c->pair_count;
    for (p = 0; p < c->pair_count; p++) {
        const struct cli_pair *pair = &c->pairs[p];
        const rouge_str *cand = &c->texts[pair->first];
        size_t refs = pair->reference_count, words;
        uint64_t *grown;
        rouge_text_dims dims;
        rouge_status s;
        s = rouge_text_dims_of(cand, cand + 1, refs, &dims);
        if (s == ROUGE_OK) {
            s = rouge_text_scratch_words(o->metrics, o->metric_count, &o->score, &o->text, &dims, &words);
        }
        if (s != ROUGE_OK) {
            pair_error(pair, "cannot score", s);
            goto done;
        }
        if ((grown = cli_grow(scratch, &scratch_cap, words, sizeof *scratch)) == NULL) {
            goto done;
        }
        scratch = grown;
        s = rouge_score_text(cand, cand + 1, refs, o->metrics, o->metric_count, &o->score, &o->text, scratch,
                             scratch_cap, &results[p * o->metric_count]);
        if (s != ROUGE_OK) {
            pair_error(pair, "cannot score", s);
            goto done;
        }
        progress_update(&bar, p + 1);
    }
    rc = 0;
done:
    progress_end(&bar);
    free(scratch);
    return rc;
}

/* ---- main ---------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    struct cli_opts o;
    struct cli_corpus corpus;
    rouge_result *results = NULL;
    struct cli_agg *agg = NULL;
    int status = EXIT_FAILURE, parsed;

    if (rouge_abi_version() != ROUGE_ABI_VERSION) {
        fprintf(stderr, "%s: built against librouge ABI %u, the library is ABI %u\n", CLI_NAME,
                (unsigned)ROUGE_ABI_VERSION, (unsigned)rouge_abi_version());
        return EXIT_FAILURE;
    }
    parsed = parse_options(argc, argv, &o);
    if (parsed != 0) {
        return parsed > 0 ? EXIT_SUCCESS : EXIT_USAGE;
    }
    memset(&corpus, 0, sizeof corpus);
    if (o.sample) {
        fprintf(stderr, "%s: no input given: scoring the sample in %s (rouge --help shows how to score your files)\n",
                CLI_NAME, ROUGE_SAMPLE_DIR);
    }
    if (cli_read_corpus(&o, &corpus) != 0) {
        goto done;
    }
    if ((results = cli_alloc(corpus.pair_count * o.metric_count, sizeof *results)) == NULL ||
        score_all(&o, &corpus, results) != 0) {
        goto done;
    }
    if ((agg = cli_alloc(o.metric_count, sizeof *agg)) == NULL ||
        cli_aggregate(&o, results, corpus.pair_count, agg) != 0) {
        goto done;
    }
    /* Everything is computed: only now does output start. */
    if (!o.summary_only && o.output != NULL && cli_write_table_file(o.output, &o, &corpus, results) != 0) {
        goto done;
    }
    if (!o.summary_only && o.output == NULL) {
        cli_write_table(stdout, &o, &corpus, results);
        putchar('\n');
    }
    cli_write_summary(stdout, &o, corpus.pair_count, agg);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error(NULL, 0, "cannot write to stdout: %s", strerror(errno));
        goto done;
    }
    status = EXIT_SUCCESS;
done:
    free(agg);
    free(results);
    cli_corpus_free(&corpus);
    free(o.positional);
    return status;
}
