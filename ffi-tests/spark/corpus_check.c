/*
 * The test's reference for corpus aggregates, in C on the C API alone (no JNI): reads per-pair
 * results from stdin (6 doubles per metric per pair, pair-major, any strtod format) and prints
 * rouge_corpus_macro, rouge_corpus_micro and rouge_corpus_bootstrap as "metric statistic P R F"
 * with the doubles in C99 hex (%a), so the test compares bits.
 *
 *   corpus_check METRICS FLAVOUR SAMPLES SEED CONFIDENCE < results
 *   METRICS: comma-separated names; FLAVOUR: rouge-score or perl
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rouge.h"

enum { MAX_METRICS = 32 };

static int fail(const char *what, rouge_status s)
{
    fprintf(stderr, "corpus_check: %s: %s\n", what, rouge_status_str(s));
    return 1;
}

int main(int argc, char **argv)
{
    rouge_metric metrics[MAX_METRICS];
    char names[MAX_METRICS][32];
    size_t m = 0, cap = 1024, n = 0, words, i;
    rouge_options opt;
    rouge_bootstrap_options boot;
    rouge_result *results, micro[MAX_METRICS];
    rouge_score macro[MAX_METRICS];
    rouge_aggregate agg[MAX_METRICS];
    uint64_t *scratch;
    rouge_status s;
    int perl;
    char *tok;
    double *d;
    if (argc != 6) {
        fprintf(stderr, "usage: corpus_check METRICS FLAVOUR SAMPLES SEED CONFIDENCE < results\n");
        return 2;
    }
    for (tok = strtok(argv[1], ","); tok != NULL && m < MAX_METRICS; tok = strtok(NULL, ",")) {
        s = rouge_metric_parse(tok, strlen(tok), &metrics[m]);
        if (s != ROUGE_OK) {
            return fail(tok, s);
        }
        snprintf(names[m++], sizeof names[0], "%s", tok);
    }
    perl = strcmp(argv[2], "perl") == 0;
    if ((s = rouge_options_init(perl ? ROUGE_FLAVOUR_PERL : ROUGE_FLAVOUR_ROUGE_SCORE, &opt)) != ROUGE_OK ||
        (s = rouge_bootstrap_options_init(perl ? ROUGE_BOOTSTRAP_PERL : ROUGE_BOOTSTRAP_ROUGE_SCORE, &boot)) != ROUGE_OK) {
        return fail("options", s);
    }
    boot.samples = (size_t)strtoull(argv[3], NULL, 10);
    boot.seed = (uint32_t)strtoul(argv[4], NULL, 10);
    boot.confidence = strtod(argv[5], NULL);
    d = malloc(cap * sizeof *d);
    for (;;) {
        double x;
        if (scanf("%lf", &x) != 1) {
            break;
        }
        if (n == cap) {
            cap *= 2;
            d = realloc(d, cap * sizeof *d);
        }
        if (d == NULL) {
            return 1;
        }
        d[n++] = x;
    }
    if (n % (6 * m) != 0) {
        fprintf(stderr, "corpus_check: %zu numbers are not whole pairs of %zu metrics\n", n, m);
        return 1;
    }
    results = malloc((n / 6) * sizeof *results);
    for (i = 0; i < n / 6; i++) {
        results[i].score.precision = d[6 * i];
        results[i].score.recall = d[6 * i + 1];
        results[i].score.fmeasure = d[6 * i + 2];
        results[i].counts.hit = d[6 * i + 3];
        results[i].counts.reference_total = d[6 * i + 4];
        results[i].counts.candidate_total = d[6 * i + 5];
    }
    n /= 6 * m; /* pairs */
    if ((s = rouge_corpus_macro(results, n, m, macro)) != ROUGE_OK) {
        return fail("macro", s);
    }
    if ((s = rouge_corpus_micro(results, n, metrics, m, &opt, micro)) != ROUGE_OK) {
        return fail("micro", s);
    }
    if ((s = rouge_bootstrap_scratch_words(&boot, &words)) != ROUGE_OK) {
        return fail("bootstrap words", s);
    }
    scratch = malloc(words * sizeof *scratch);
    if ((s = rouge_corpus_bootstrap(results, n, m, &boot, scratch, words, agg)) != ROUGE_OK) {
        return fail("bootstrap", s);
    }
    for (i = 0; i < m; i++) {
        const rouge_score *rows[5] = {&macro[i], &micro[i].score, &agg[i].low, &agg[i].mid, &agg[i].high};
        const char *stat[5] = {"macro", "micro", "low", "mid", "high"};
        int k;
        for (k = 0; k < 5; k++) {
            printf("%s %s %a %a %a\n", names[i], stat[k], rows[k]->precision, rows[k]->recall, rows[k]->fmeasure);
        }
    }
    free(scratch);
    free(results);
    free(d);
    return 0;
}
