/*
 * cli_aggregate.c: the corpus statistics of the `rouge` command, computed by the library.
 *
 *   mean            rouge_corpus_macro: the mean of the per-pair P, R and F
 *   pooled          rouge_corpus_micro: the per-pair counts summed, and the one score the
 *                   flavour derives from them (its F, ROUGE-W's inverse weighting, Perl's rounding)
 *   low, mid, high  rouge_corpus_bootstrap, by the flavour's method:
 *                   rouge-score  ROUGE_BOOTSTRAP_ROUGE_SCORE: rouge-score 0.1.2's
 *                                BootstrapAggregator after np.random.seed(seed), over the metrics
 *                                in --metrics order (one aggregator fed the scores of every pair in
 *                                input order); mid is the median of the resampled means
 *                   perl         ROUGE_BOOTSTRAP_PERL: ROUGE-1.5.5's -r N -c 100C (srand(seed + i)
 *                                for resample i), mid the mean of the resampled means, all rounded
 *                                to 5 decimals as it prints them
 *
 * ROUGE-1.5.5 resamples its evaluations in the string order of their EVAL ids (it sorts them as
 * strings). The command numbers its pairs 1..N in input order, as pyrouge numbers its tasks (for
 * the pyrouge layout the input order is the system files sorted by name, which is pyrouge's
 * order too), so the Perl bootstrap is fed the pairs in the string order of 1..N:
 * 1, 10, 100, ..., 101, ..., 11, ..., 2, 20, ... (perl_order). With the Perl flavour's rounding
 * (its default) the intervals are then those `pyrouge` or ROUGE-1.5.5 with that configuration
 * prints, digit for digit.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* order[0..n): the pair indices (0-based) in the string order of their 1-based numbers: a
 * preorder walk of the decimal trie 1, 10, 100, ..., 2, 20, ... (n >= 1). */
static void perl_order(size_t n, size_t *order)
{
    size_t cur = 1, i;
    for (i = 0; i < n; i++) {
        order[i] = cur - 1;
        if (cur <= n / 10) {
            cur *= 10; /* the next longer number with this prefix */
        } else {
            while (cur % 10 == 9 || cur + 1 > n) {
                cur /= 10; /* no next sibling: up to the parent */
            }
            cur++;
        }
    }
}

static int failed(const char *what, rouge_status s)
{
    cli_error(NULL, 0, "%s: %s", what, rouge_status_str(s));
    return -1;
}

static int bootstrap(const struct cli_opts *o, const rouge_result *results, size_t pair_count, struct cli_agg *out)
{
    size_t m = o->metric_count, words, i;
    rouge_bootstrap_options b;
    rouge_aggregate *agg;
    rouge_result *ordered = NULL;
    size_t *order = NULL;
    uint64_t *scratch = NULL;
    rouge_status s;
    int perl = o->score.flavour == ROUGE_FLAVOUR_PERL, rc = -1;
    s = rouge_bootstrap_options_init(perl ? ROUGE_BOOTSTRAP_PERL : ROUGE_BOOTSTRAP_ROUGE_SCORE, &b);
    if (s != ROUGE_OK) {
        return failed("bootstrap", s);
    }
    b.seed = o->seed;
    b.samples = o->bootstrap;
    b.confidence = o->confidence;
    if ((s = rouge_bootstrap_scratch_words(&b, &words)) != ROUGE_OK) {
        return failed("bootstrap", s);
    }
    agg = cli_alloc(m, sizeof *agg);
    scratch = cli_alloc(words, sizeof *scratch);
    if (agg == NULL || scratch == NULL) {
        goto done;
    }
    if (perl) {
        size_t k;
        order = cli_alloc(pair_count, sizeof *order);
        ordered = cli_alloc(pair_count * m, sizeof *ordered); /* pair_count * m fitted in main */
        if (order == NULL || ordered == NULL) {
            goto done;
        }
        perl_order(pair_count, order);
        for (k = 0; k < pair_count; k++) {
            memcpy(&ordered[k * m], &results[order[k] * m], m * sizeof *ordered);
        }
        results = ordered;
    }
    s = rouge_corpus_bootstrap(results, pair_count, m, &b, scratch, words, agg);
    if (s != ROUGE_OK) {
        failed("bootstrap", s);
        goto done;
    }
    for (i = 0; i < m; i++) {
        out[i].low = agg[i].low;
        out[i].mid = agg[i].mid;
        out[i].high = agg[i].high;
    }
    rc = 0;
done:
    free(agg);
    free(scratch);
    free(order);
    free(ordered);
    return rc;
}

/*
 * Corpus statistics of every metric of `o` over pair_count > 0 pairs, from the per-pair results
 * (results[p * metric_count + i] is metric i of pair p, pairs in input order). Fills
 * out[0..metric_count). With o->bootstrap == 0, low, mid and high are the mean.
 */
int cli_aggregate(const struct cli_opts *o, const rouge_result *results, size_t pair_count, struct cli_agg *out)
{
    size_t m = o->metric_count, i;
    rouge_score *macro = cli_alloc(m, sizeof *macro);
    rouge_result *micro = cli_alloc(m, sizeof *micro);
    rouge_status s = ROUGE_OK;
    int rc = -1;
    if (macro == NULL || micro == NULL) {
        goto done;
    }
    if ((s = rouge_corpus_macro(results, pair_count, m, macro)) != ROUGE_OK) {
        failed("corpus means", s);
        goto done;
    }
    if ((s = rouge_corpus_micro(results, pair_count, o->metrics, m, &o->score, micro)) != ROUGE_OK) {
        failed("pooled scores", s);
        goto done;
    }
    for (i = 0; i < m; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].mean = macro[i];
        out[i].pooled = micro[i].score;
        out[i].pooled_counts = micro[i].counts;
        out[i].low = out[i].mid = out[i].high = macro[i];
    }
    rc = o->bootstrap > 0 ? bootstrap(o, results, pair_count, out) : 0;
done:
    free(macro);
    free(micro);
    return rc;
}
