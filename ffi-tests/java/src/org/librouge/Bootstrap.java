package org.librouge;

import java.util.Objects;

/**
 * Options of a bootstrap over a corpus (the C {@code rouge_bootstrap_options}): immutable.
 * {@link #of(Method)} gives the library's defaults (1000 resamples, confidence 0.95, seed 0);
 * the library checks the values when {@link Corpus#bootstrap} runs.
 */
public final class Bootstrap {
    /** Whose resampling to reproduce ({@code ROUGE_BOOTSTRAP_*}). */
    public enum Method {
        /** rouge-score 0.1.2's BootstrapAggregator after np.random.seed(seed). */
        ROUGE_SCORE(0),
        /** ROUGE-1.5.5's -r samples -c 100*confidence. */
        PERL(1);

        final int code;

        Method(int code) {
            this.code = code;
        }
    }

    private final Method method;
    private final int seed;
    private final long samples;
    private final double confidence;

    private Bootstrap(Method method, int seed, long samples, double confidence) {
        this.method = method;
        this.seed = seed;
        this.samples = samples;
        this.confidence = confidence;
    }

    /** The library's defaults for a method ({@code rouge_bootstrap_options_init}). */
    public static Bootstrap of(Method method) {
        Objects.requireNonNull(method, "method");
        long[] w = new long[Native.BOOTSTRAP_WORDS];
        int status = Native.bootstrapOptionsInit(method.code, w);
        if (status != 0) {
            throw new RougeException(status, "rouge_bootstrap_options_init(" + method + ")");
        }
        return new Bootstrap(method, (int) w[1], w[2], Double.longBitsToDouble(w[3]));
    }

    /** With another seed (a C uint32_t: negative ints are seeds of 2^31 and more). */
    public Bootstrap withSeed(int seed) {
        return new Bootstrap(method, seed, samples, confidence);
    }

    /** With another number of resamples (at least 1). */
    public Bootstrap withSamples(long samples) {
        return new Bootstrap(method, seed, samples, confidence);
    }

    /** With another confidence level (strictly between 0 and 1). */
    public Bootstrap withConfidence(double confidence) {
        return new Bootstrap(method, seed, samples, confidence);
    }

    public Method method() {
        return method;
    }

    public int seed() {
        return seed;
    }

    public long samples() {
        return samples;
    }

    public double confidence() {
        return confidence;
    }

    long[] words() {
        return new long[] {method.code, seed & 0xFFFFFFFFL, samples, Double.doubleToRawLongBits(confidence)};
    }

    @Override
    public String toString() {
        return "Bootstrap{" + method + ", seed=" + Integer.toUnsignedString(seed) + ", samples=" + samples
            + ", confidence=" + confidence + "}";
    }
}
