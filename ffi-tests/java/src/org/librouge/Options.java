package org.librouge;

import java.util.Objects;

/**
 * Options of a scoring call (the C {@code rouge_options}): immutable, thread-safe. Start from
 * {@link #rougeScore()} or {@link #perl()} (the library's {@code rouge_options_init} defaults)
 * and change fields with the {@code with*} methods, which return new instances. Values outside
 * the library's domain (alpha outside [0, 1] or NaN) are rejected by the library when a
 * {@link Scorer} is built ({@link RougeException}, {@code INVALID_ARGUMENT}).
 */
public final class Options {
    /** Which tool's definitions to follow ({@code ROUGE_FLAVOUR_*}). */
    public enum Flavour {
        /** rouge-score 0.1.2: Lin 2004 ROUGE-W, SU with every unigram, F = 2PR/(P+R). */
        ROUGE_SCORE(0),
        /** ROUGE-1.5.5: its ROUGE-W and SU, F = PR/((1-alpha)P + alpha R), optional rounding. */
        PERL(1);

        final int code;

        Flavour(int code) {
            this.code = code;
        }
    }

    /** How several references combine ({@code ROUGE_MULTI_*}). */
    public enum Policy {
        /** Per metric, the reference with the highest F (rouge-score {@code score_multi}; first on ties). */
        BEST_F(0),
        /** Pooled counts over the references (ROUGE-1.5.5 {@code -f A}). */
        PERL_A(1),
        /** The reference with the best recall as ROUGE-1.5.5 ranks them ({@code -f B}; first on ties). */
        PERL_B(2);

        final int code;

        Policy(int code) {
            this.code = code;
        }
    }

    private static final Options ROUGE_SCORE = init(Flavour.ROUGE_SCORE);
    private static final Options PERL = init(Flavour.PERL);

    private final Flavour flavour;
    private final Policy policy;
    private final boolean jackknife;
    private final boolean rounding;
    private final double alpha;

    private Options(Flavour flavour, Policy policy, boolean jackknife, boolean rounding, double alpha) {
        this.flavour = flavour;
        this.policy = policy;
        this.jackknife = jackknife;
        this.rounding = rounding;
        this.alpha = alpha;
    }

    private static Options init(Flavour f) {
        long[] w = new long[Native.OPTION_WORDS];
        int status = Native.optionsInit(f.code, w);
        if (status != 0) {
            throw new RougeException(status, "rouge_options_init(" + f + ")");
        }
        if (w[0] != f.code) {
            throw new IllegalStateException("rouge_options_init returned flavour " + w[0]);
        }
        Policy p = null;
        for (Policy q : Policy.values()) {
            if (q.code == w[1]) {
                p = q;
            }
        }
        if (p == null) {
            throw new IllegalStateException("unknown multi-reference policy " + w[1] + " from the library");
        }
        return new Options(f, p, w[2] != 0, w[3] != 0, Double.longBitsToDouble(w[4]));
    }

    /** rouge-score defaults: best F over references, no jackknife (alpha and rounding unused). */
    public static Options rougeScore() {
        return ROUGE_SCORE;
    }

    /** ROUGE-1.5.5 defaults: {@code -f A} pooling, alpha 0.5, rounding to 5 decimals as printed. */
    public static Options perl() {
        return PERL;
    }

    /** These options with another multi-reference policy. */
    public Options withPolicy(Policy policy) {
        return new Options(flavour, Objects.requireNonNull(policy, "policy"), jackknife, rounding, alpha);
    }

    /** These options with jackknifing on or off (average over leave-one-out reference subsets). */
    public Options withJackknife(boolean jackknife) {
        return new Options(flavour, policy, jackknife, rounding, alpha);
    }

    /** These options with Perl's 5-decimal rounding of R, P and F on or off (Perl flavour only). */
    public Options withRounding(boolean rounding) {
        return new Options(flavour, policy, jackknife, rounding, alpha);
    }

    /** These options with another alpha of F = PR/((1-alpha)P + alpha R) (Perl flavour only). */
    public Options withAlpha(double alpha) {
        return new Options(flavour, policy, jackknife, rounding, alpha);
    }

    public Flavour flavour() {
        return flavour;
    }

    public Policy policy() {
        return policy;
    }

    public boolean jackknife() {
        return jackknife;
    }

    public boolean rounding() {
        return rounding;
    }

    public double alpha() {
        return alpha;
    }

    /** The 5-long native layout {@code {flavour, multi_reference, jackknife, round, alphaBits}}. */
    long[] words() {
        return new long[] {flavour.code, policy.code, jackknife ? 1 : 0, rounding ? 1 : 0,
            Double.doubleToRawLongBits(alpha)};
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Options)) {
            return false;
        }
        Options p = (Options) o;
        return flavour == p.flavour && policy == p.policy && jackknife == p.jackknife && rounding == p.rounding
            && Double.doubleToLongBits(alpha) == Double.doubleToLongBits(p.alpha);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flavour, policy, jackknife, rounding, alpha);
    }

    @Override
    public String toString() {
        return "Options{" + flavour + ", " + policy + ", jackknife=" + jackknife + ", rounding=" + rounding
            + ", alpha=" + alpha + "}";
    }
}
