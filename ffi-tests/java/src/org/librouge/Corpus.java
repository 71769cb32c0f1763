package org.librouge;

import java.util.List;
import java.util.Objects;

/**
 * Corpus aggregation over per-pair results ({@code rouge_corpus_macro}, {@code _micro},
 * {@code _bootstrap}). Results are pair-major: {@code results[p][m]} is metric m of pair p, as
 * {@link Scorer#scoreBatch} returns them, or the flat form, 6 doubles per result in the
 * {@link TextScorer#scoreInto} layout, metric m of pair p at {@code (p * metricCount + m) * 6}.
 * The bootstrap resamples the pairs in the order given: the same results in the same order give
 * the same intervals as the C library. Stateless and thread-safe.
 */
public final class Corpus {
    private static final int SCORE = 3;
    private static final int AGGREGATE = 9;

    private Corpus() {}

    /** Flattens {@code results[pair][metric]} into the native layout (every pair the same metric count). */
    public static double[] flatten(Score[][] results) {
        Objects.requireNonNull(results, "results");
        int m = results.length == 0 ? 0 : Objects.requireNonNull(results[0], "results[0]").length;
        if ((long) results.length * m * Native.RESULT_DOUBLES > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many results for one array");
        }
        double[] flat = new double[results.length * m * Native.RESULT_DOUBLES];
        int at = 0;
        for (int p = 0; p < results.length; p++) {
            Score[] row = Objects.requireNonNull(results[p], "results[" + p + "]");
            if (row.length != m) {
                throw new IllegalArgumentException("pair " + p + " has " + row.length + " results, pair 0 " + m);
            }
            for (Score s : row) {
                Objects.requireNonNull(s, "a score of pair " + p);
                flat[at++] = s.precision();
                flat[at++] = s.recall();
                flat[at++] = s.fmeasure();
                flat[at++] = s.hit();
                flat[at++] = s.referenceTotal();
                flat[at++] = s.candidateTotal();
            }
        }
        return flat;
    }

    /** The mean P, R and F of each metric over the pairs (counts NaN). */
    public static Score[] macro(Score[][] results) {
        return macro(flatten(results), results.length, results.length == 0 ? 0 : results[0].length);
    }

    /** As {@link #macro(Score[][])} over flat results. */
    public static Score[] macro(double[] results, int pairCount, int metricCount) {
        double[] out = new double[checkMetrics(metricCount) * SCORE];
        check(Native.corpusMacro(Objects.requireNonNull(results, "results"), pairCount, metricCount, out), "macro");
        Score[] s = new Score[metricCount];
        for (int m = 0; m < metricCount; m++) {
            s[m] = scoreAt(out, m * SCORE);
        }
        return s;
    }

    /**
     * Each metric's counts pooled over the pairs and the score the options' flavour derives from
     * them; {@code metrics} are those the results were computed with, in column order.
     */
    public static Score[] micro(Score[][] results, List<Metric> metrics, Options options) {
        return micro(flatten(results), results.length, metrics, options);
    }

    /** As {@link #micro(Score[][], List, Options)} over flat results. */
    public static Score[] micro(double[] results, int pairCount, List<Metric> metrics, Options options) {
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(options, "options");
        long[] words = new long[checkMetrics(metrics.size()) * Native.METRIC_WORDS];
        for (int i = 0; i < metrics.size(); i++) {
            Objects.requireNonNull(metrics.get(i), "metrics[" + i + "]").writeTo(words, i * Native.METRIC_WORDS);
        }
        double[] out = new double[metrics.size() * Native.RESULT_DOUBLES];
        check(Native.corpusMicro(Objects.requireNonNull(results, "results"), pairCount, words, options.words(), out),
            "micro");
        Score[] s = new Score[metrics.size()];
        for (int m = 0; m < s.length; m++) {
            s[m] = Score.read(out, m * Native.RESULT_DOUBLES);
        }
        return s;
    }

    /** Bootstrap intervals of each metric's mean P, R and F, resampling the pairs in this order. */
    public static Aggregate[] bootstrap(Score[][] results, Bootstrap bootstrap) {
        return bootstrap(flatten(results), results.length, results.length == 0 ? 0 : results[0].length, bootstrap);
    }

    /** As {@link #bootstrap(Score[][], Bootstrap)} over flat results. */
    public static Aggregate[] bootstrap(double[] results, int pairCount, int metricCount, Bootstrap bootstrap) {
        long[] words = Objects.requireNonNull(bootstrap, "bootstrap").words();
        long need = Native.bootstrapWords(words);
        if (need < 0) {
            throw new RougeException((int) -need, bootstrap.toString());
        }
        if (need > Integer.MAX_VALUE - 8) {
            throw new RougeException(RougeException.INPUT_TOO_LONG, bootstrap + " needs " + need + " scratch words");
        }
        double[] out = new double[checkMetrics(metricCount) * AGGREGATE];
        check(Native.corpusBootstrap(Objects.requireNonNull(results, "results"), pairCount, metricCount, words,
            new long[(int) need], out), "bootstrap");
        Aggregate[] a = new Aggregate[metricCount];
        for (int m = 0; m < metricCount; m++) {
            int at = m * AGGREGATE;
            a[m] = new Aggregate(scoreAt(out, at), scoreAt(out, at + SCORE), scoreAt(out, at + 2 * SCORE));
        }
        return a;
    }

    private static Score scoreAt(double[] d, int at) {
        return new Score(d[at], d[at + 1], d[at + 2], Double.NaN, Double.NaN, Double.NaN);
    }

    private static int checkMetrics(int metricCount) {
        if (metricCount < 0 || metricCount > (1 << 20)) {
            throw new IllegalArgumentException("metric count " + metricCount);
        }
        return metricCount;
    }

    private static void check(int status, String what) {
        if (status != 0) {
            throw new RougeException(status, "corpus " + what);
        }
    }
}
