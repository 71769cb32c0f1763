package org.librouge;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One ROUGE metric (the C {@code rouge_metric}): immutable, thread-safe.
 *
 * <p>Get one from a name with {@link #parse(String)} (the C {@code rouge_metric_parse}:
 * {@code rouge1}..{@code rougeN}, {@code rougeL}, {@code rougeLsum}, {@code rougeW-1.2},
 * {@code rougeS4}, {@code rougeS*}, {@code rougeSU4}, {@code rougeSU*}, and ROUGE-1.5.5's
 * {@code ROUGE-1}, {@code ROUGE-W-1.2}, ... spellings) or from a factory. The factories do not
 * check the library's domain (n &ge; 1, weight &ge; 1 and finite): the library does, when a
 * {@link Scorer} is built with the metric, and throws {@link RougeException}
 * ({@code INVALID_ARGUMENT}).
 */
public final class Metric {
    /** The metric kinds ({@code ROUGE_METRIC_*}). */
    public enum Kind {
        /** ROUGE-N. */
        N(1),
        /** ROUGE-L, sentence level (rouge-score {@code rougeL}). */
        L(2),
        /** ROUGE-L, summary level (rouge-score {@code rougeLsum}, ROUGE-1.5.5 {@code ROUGE-L}). */
        LSUM(3),
        /** ROUGE-W. */
        W(4),
        /** ROUGE-S (skip-bigrams). */
        S(5),
        /** ROUGE-SU (skip-bigrams and unigrams). */
        SU(6);

        final int code;

        Kind(int code) {
            this.code = code;
        }

        static Kind of(int code) {
            for (Kind k : values()) {
                if (k.code == code) {
                    return k;
                }
            }
            throw new IllegalStateException("unknown metric kind " + code + " from the library");
        }
    }

    private final Kind kind;
    private final int n;
    private final long skip;
    private final double weight;

    private Metric(Kind kind, int n, long skip, double weight) {
        this.kind = kind;
        this.n = n;
        this.skip = skip;
        this.weight = weight;
    }

    /**
     * Parses a metric name with the library's parser.
     *
     * @throws NullPointerException if {@code name} is null
     * @throws RougeException ({@code INVALID_ARGUMENT}) for an unknown name
     */
    public static Metric parse(String name) {
        Objects.requireNonNull(name, "name");
        long[] w = new long[Native.METRIC_WORDS];
        int status = Native.metricParse(name.getBytes(StandardCharsets.UTF_8), w);
        if (status != 0) {
            throw new RougeException(status, "unknown metric name \"" + name + "\"");
        }
        return new Metric(Kind.of((int) w[0]), (int) w[1], w[2] < 0 ? -1 : w[2], Double.longBitsToDouble(w[3]));
    }

    /**
     * ROUGE-N. {@code n} is a C {@code uint32_t}: negative values are rejected here
     * ({@link IllegalArgumentException}), 0 by the library when a {@link Scorer} is built.
     */
    public static Metric rougeN(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must not be negative: " + n);
        }
        return new Metric(Kind.N, n, 0, 0);
    }

    /** ROUGE-L, sentence level: the LCS of the whole token sequences (rouge-score {@code rougeL}). */
    public static Metric rougeL() {
        return new Metric(Kind.L, 0, 0, 0);
    }

    /** ROUGE-L, summary level: union LCS per reference sentence ({@code rougeLsum}, Perl's ROUGE-L). */
    public static Metric rougeLsum() {
        return new Metric(Kind.LSUM, 0, 0, 0);
    }

    /** ROUGE-W with weighting function f(k) = k^weight (1.2 is usual; at least 1). */
    public static Metric rougeW(double weight) {
        return new Metric(Kind.W, 0, 0, weight);
    }

    /** ROUGE-S with at most {@code skip} tokens between the pair; negative: unlimited (S*). */
    public static Metric rougeS(long skip) {
        return new Metric(Kind.S, 0, skip < 0 ? -1 : skip, 0);
    }

    /** ROUGE-S* (unlimited skip distance). */
    public static Metric rougeSStar() {
        return rougeS(-1);
    }

    /** ROUGE-SU with at most {@code skip} tokens between the pair; negative: unlimited (SU*). */
    public static Metric rougeSU(long skip) {
        return new Metric(Kind.SU, 0, skip < 0 ? -1 : skip, 0);
    }

    /** ROUGE-SU* (unlimited skip distance). */
    public static Metric rougeSUStar() {
        return rougeSU(-1);
    }

    /** The kind. */
    public Kind kind() {
        return kind;
    }

    /** n of ROUGE-N (0 for other kinds). */
    public int n() {
        return n;
    }

    /** Skip distance of ROUGE-S/SU (-1: unlimited, any negative given is stored as -1; 0 for other kinds). */
    public long skip() {
        return skip;
    }

    /** Weight of ROUGE-W (0 for other kinds). */
    public double weight() {
        return weight;
    }

    /** Appends the 4-long native layout {@code {kind, n, skip, weightBits}} at {@code at}. */
    void writeTo(long[] out, int at) {
        out[at] = kind.code;
        out[at + 1] = n & 0xFFFFFFFFL;
        out[at + 2] = skip;
        out[at + 3] = Double.doubleToRawLongBits(weight);
    }

    /** The name in rouge-score spelling, which {@link #parse(String)} reads back. */
    @Override
    public String toString() {
        switch (kind) {
            case N:
                return "rouge" + Integer.toUnsignedString(n);
            case L:
                return "rougeL";
            case LSUM:
                return "rougeLsum";
            case W:
                return "rougeW-" + weight;
            case S:
                return skip < 0 ? "rougeS*" : "rougeS" + skip;
            default:
                return skip < 0 ? "rougeSU*" : "rougeSU" + skip;
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Metric)) {
            return false;
        }
        Metric m = (Metric) o;
        return kind == m.kind && n == m.n && skip == m.skip
            && Double.doubleToLongBits(weight) == Double.doubleToLongBits(m.weight);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, n, skip, weight);
    }
}
