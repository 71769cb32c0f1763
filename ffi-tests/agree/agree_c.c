/* The C host of the agreement test (README.md): reads build/cases.tsv, writes build/c.out. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rouge.h"

#define MAX_REFS 8

static const char *const METRICS[] = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL",
                                      "rougeLsum", "rougeW-1.2", "rougeS4", "rougeS*", "rougeSU4"};
enum { METRIC_COUNT = sizeof METRICS / sizeof METRICS[0] };

static void die(const char *what, rouge_status s) {
    fprintf(stderr, "agree_c: %s: %s\n", what, rouge_status_str(s));
    exit(1);
}

/* Parses the space-separated integers of one field into a fresh array. */
static size_t parse_field(const char *field, size_t len, uint64_t **out) {
    size_t n = 0, cap = 16;
    uint64_t *v = malloc(cap * sizeof *v);
    const char *p = field, *end = field + len;
    while (p < end) {
        char *next;
        unsigned long long x = strtoull(p, &next, 10);
        if (next == p) break;
        if (n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
        v[n++] = x;
        p = next;
        while (p < end && *p == ' ') p++;
    }
    *out = v;
    return n;
}

static void print_double(FILE *f, double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    fprintf(f, " %016" PRIx64, bits);
}

int main(void) {
    FILE *in = fopen("build/cases.tsv", "r"), *out = fopen("build/c.out", "w");
    if (!in || !out) { perror("agree_c"); return 1; }
    rouge_metric metrics[METRIC_COUNT];
    for (int i = 0; i < METRIC_COUNT; i++) {
        rouge_status s = rouge_metric_parse(METRICS[i], strlen(METRICS[i]), &metrics[i]);
        if (s != ROUGE_OK) die(METRICS[i], s);
    }
    rouge_options configs[2];
    const char *config_names[2] = {"rouge-score", "perl"};
    if (rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &configs[0]) != ROUGE_OK ||
        rouge_options_init(ROUGE_FLAVOUR_PERL, &configs[1]) != ROUGE_OK) die("options", 0);

    static char line[1 << 20];
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = 0;
        /* Split on tabs, keeping empty fields. */
        char *fields[2 + 2 * (MAX_REFS + 1)];
        int nf = 0;
        for (char *p = line;; ) {
            fields[nf++] = p;
            char *tab = strchr(p, '\t');
            if (!tab || nf == (int)(sizeof fields / sizeof fields[0])) break;
            *tab = 0;
            p = tab + 1;
        }
        int refs = (nf - 3) / 2;
        uint64_t *raw[2 * (MAX_REFS + 1)];
        size_t lens[2 * (MAX_REFS + 1)];
        for (int k = 1; k < nf; k++) lens[k - 1] = parse_field(fields[k], strlen(fields[k]), &raw[k - 1]);
        /* Narrow to the API's types. */
        uint32_t *tok[MAX_REFS + 1];
        size_t *ends[MAX_REFS + 1];
        rouge_summary sum[MAX_REFS + 1];
        for (int s = 0; s <= refs; s++) {
            size_t nt = lens[2 * s], ne = lens[2 * s + 1];
            tok[s] = malloc((nt ? nt : 1) * sizeof **tok);
            ends[s] = malloc((ne ? ne : 1) * sizeof **ends);
            for (size_t i = 0; i < nt; i++) tok[s][i] = (uint32_t)raw[2 * s][i];
            for (size_t i = 0; i < ne; i++) ends[s][i] = (size_t)raw[2 * s + 1][i];
            sum[s] = (rouge_summary){tok[s], nt, ends[s], ne};
        }
        for (int c = 0; c < 2; c++) {
            rouge_dims dims;
            size_t words;
            rouge_status s = rouge_dims_of(&sum[0], &sum[1], (size_t)refs, &dims);
            if (s != ROUGE_OK) die("dims", s);
            s = rouge_scratch_words(metrics, METRIC_COUNT, &configs[c], &dims, &words);
            if (s != ROUGE_OK) die("scratch_words", s);
            uint64_t *scratch = malloc(words * sizeof *scratch);
            rouge_result res[METRIC_COUNT];
            s = rouge_score_pair(&sum[0], &sum[1], (size_t)refs, metrics, METRIC_COUNT, &configs[c], scratch, words, res);
            if (s != ROUGE_OK) die(fields[0], s);
            for (int m = 0; m < METRIC_COUNT; m++) {
                fprintf(out, "%s %s %s", fields[0], config_names[c], METRICS[m]);
                print_double(out, res[m].score.precision);
                print_double(out, res[m].score.recall);
                print_double(out, res[m].score.fmeasure);
                print_double(out, res[m].counts.hit);
                print_double(out, res[m].counts.reference_total);
                print_double(out, res[m].counts.candidate_total);
                fputc('\n', out);
            }
            free(scratch);
        }
        for (int s = 0; s <= refs; s++) { free(tok[s]); free(ends[s]); }
        for (int k = 0; k < nf - 1; k++) free(raw[k]);
    }
    fclose(in);
    return fclose(out) == 0 ? 0 : 1;
}
