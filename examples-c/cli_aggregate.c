/*
 * cli_aggregate.c: the corpus aggregation seam of the `rouge` command.
 *
 * TEMPORARY until the library's aggregation API lands. The library will aggregate a corpus
 * itself (rouge_aggregate-style calls: macro and micro averages, bootstrap confidence intervals
 * by rouge-score's method and by ROUGE-1.5.5's). Until then cli_aggregate() below does it in
 * plain C, and the swap is: call the library from cli_aggregate() and delete the rest of this
 * file. Nothing else in the command knows how the numbers are made.
 *
 * What the temporary code computes, per metric:
 *   mean    macro average: the mean of the per-pair P, R and F (ROUGE-1.5.5's per-eval average
 *           is this mean of its rounded per-pair values; the Perl flavour's values are rounded)
 *   pooled  micro average: P and R from the summed counts (for ROUGE-W through the inverse
 *           weighting x^(1/w)), F by the flavour's formula
 *   low, mid, high
 *           a seeded percentile bootstrap: `bootstrap` resamples of the pairs with replacement
 *           (splitmix64 from `seed`, one draw per pair shared by all metrics), the mean P, R, F of
 *           each resample, then the (1-c)/2, 0.5 and (1+c)/2 percentiles with linear
 *           interpolation (numpy's default, as rouge-score's BootstrapAggregator reports them).
 *           It is neither rouge-score's generator nor Perl's rand(), so the intervals agree with
 *           those tools statistically, not digit for digit.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* TEMPORARY (see the top of the file): everything below until cli_aggregate(). */

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0, without modulo bias. */
static size_t uniform_below(uint64_t *state, size_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n, r;
    do {
        r = splitmix64(state);
    } while (r >= limit);
    return (size_t)(r % (uint64_t)n);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* numpy.percentile's linear interpolation on sorted a[0..n): q in [0, 1]. */
static double percentile(const double *a, size_t n, double q)
{
    double pos = q * (double)(n - 1), frac;
    size_t lo = (size_t)pos, hi = lo + 1 < n ? lo + 1 : n - 1;
    frac = pos - (double)lo;
    return a[lo] + (a[hi] - a[lo]) * frac;
}

static double ratio(double hit, double total)
{
    return total > 0.0 ? hit / total : 0.0;
}

static double fmeasure(const struct cli_opts *o, double p, double r)
{
    if (o->score.flavour == ROUGE_FLAVOUR_PERL) {
        double d = (1.0 - o->score.alpha) * p + o->score.alpha * r;
        return d > 0.0 ? p * r / d : 0.0;
    }
    return p + r > 0.0 ? 2.0 * p * r / (p + r) : 0.0;
}

static void mean_and_pooled(const struct cli_opts *o, const rouge_result *results, size_t pair_count,
                            struct cli_agg *out)
{
    size_t m = o->metric_count, i, k;
    for (i = 0; i < m; i++) {
        struct cli_agg *a = &out[i];
        memset(a, 0, sizeof *a);
        for (k = 0; k < pair_count; k++) {
            const rouge_result *r = &results[k * m + i];
            a->mean.precision += r->score.precision;
            a->mean.recall += r->score.recall;
            a->mean.fmeasure += r->score.fmeasure;
            a->pooled_counts.hit += r->counts.hit;
            a->pooled_counts.reference_total += r->counts.reference_total;
            a->pooled_counts.candidate_total += r->counts.candidate_total;
        }
        a->mean.precision /= (double)pair_count;
        a->mean.recall /= (double)pair_count;
        a->mean.fmeasure /= (double)pair_count;
        a->pooled.precision = ratio(a->pooled_counts.hit, a->pooled_counts.candidate_total);
        a->pooled.recall = ratio(a->pooled_counts.hit, a->pooled_counts.reference_total);
        if (o->metrics[i].kind == ROUGE_METRIC_W) {
            a->pooled.precision = pow(a->pooled.precision, 1.0 / o->metrics[i].weight);
            a->pooled.recall = pow(a->pooled.recall, 1.0 / o->metrics[i].weight);
        }
        a->pooled.fmeasure = fmeasure(o, a->pooled.precision, a->pooled.recall);
        a->low = a->mid = a->high = a->mean;
    }
}

static int bootstrap(const struct cli_opts *o, const rouge_result *results, size_t pair_count, struct cli_agg *out)
{
    size_t m = o->metric_count, b_count = o->bootstrap, b, k, i, c;
    double *means = cli_alloc(m * 3 * b_count, sizeof *means); /* column (i, c) holds b_count means */
    double *sums = cli_alloc(m * 3, sizeof *sums);
    double tail = (1.0 - o->confidence) / 2.0;
    uint64_t state = o->seed;
    if (means == NULL || sums == NULL) {
        free(means);
        free(sums);
        return -1;
    }
    for (b = 0; b < b_count; b++) {
        memset(sums, 0, m * 3 * sizeof *sums);
        for (k = 0; k < pair_count; k++) {
            const rouge_result *row = &results[uniform_below(&state, pair_count) * m];
            for (i = 0; i < m; i++) {
                sums[i * 3 + 0] += row[i].score.precision;
                sums[i * 3 + 1] += row[i].score.recall;
                sums[i * 3 + 2] += row[i].score.fmeasure;
            }
        }
        for (c = 0; c < m * 3; c++) {
            means[c * b_count + b] = sums[c] / (double)pair_count;
        }
    }
    for (i = 0; i < m; i++) {
        double *col[3];
        double *low[3], *mid[3], *high[3];
        low[0] = &out[i].low.precision, low[1] = &out[i].low.recall, low[2] = &out[i].low.fmeasure;
        mid[0] = &out[i].mid.precision, mid[1] = &out[i].mid.recall, mid[2] = &out[i].mid.fmeasure;
        high[0] = &out[i].high.precision, high[1] = &out[i].high.recall, high[2] = &out[i].high.fmeasure;
        for (c = 0; c < 3; c++) {
            col[c] = &means[(i * 3 + c) * b_count];
            qsort(col[c], b_count, sizeof *col[c], cmp_double);
            *low[c] = percentile(col[c], b_count, tail);
            *mid[c] = percentile(col[c], b_count, 0.5);
            *high[c] = percentile(col[c], b_count, 1.0 - tail);
        }
    }
    free(means);
    free(sums);
    return 0;
}

/*
 * The seam: corpus statistics of every metric of `o` over pair_count > 0 pairs, from the per-pair
 * results (results[p * metric_count + i] is metric i of pair p). Fills out[0..metric_count).
 * With o->bootstrap == 0, low, mid and high are the mean.
 */
int cli_aggregate(const struct cli_opts *o, const rouge_result *results, size_t pair_count, struct cli_agg *out)
{
    mean_and_pooled(o, results, pair_count, out);
    return o->bootstrap > 0 ? bootstrap(o, results, pair_count, out) : 0;
}
