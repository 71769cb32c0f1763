package org.librouge;

import java.util.Arrays;
import java.util.Objects;

/**
 * Scores a candidate while it is generated, one token at a time (the C {@code rouge_stream_*}
 * API): ROUGE-N, sentence-level ROUGE-L and summary-level ROUGE-Lsum of the candidate so far,
 * against one or more references.
 *
 * <pre>{@code
 * Stream st = new Stream(Options.rougeScore(), new Stream.Config(2, true, true, 256), ref1, ref2);
 * for (int t : generated) st.push(t);          // st.endSentence() at each sentence end
 * st.endSentence();
 * Score[] s = st.score(Metric.rougeN(2), Metric.rougeLsum());
 * }</pre>
 *
 * <p><b>State.</b> A stream holds one {@code long[]} per reference, the C library's state of a
 * stream over that reference (sized by {@code rouge_stream_words}); the references are copied
 * in by the constructor and may change afterwards. Every reference's state is fed the same
 * tokens, all in one native call: {@link #push(int)} costs O(1) expected per tracked n and
 * O(reference length / 64) for L and Lsum, per reference. {@link #score(Metric...)} combines
 * the references with the options' multi-reference policy; its results equal, bit for bit,
 * those of {@link Scorer} on the candidate so far (with Lsum as of the last
 * {@link #endSentence()}).
 *
 * <p><b>Token ids</b> are {@code uint32_t} ids carried in ints, as in {@link Scorer}: an id of
 * 2^31 or more is the negative int {@code (int) id}.
 *
 * <p><b>Threads.</b> A {@code Stream} is not thread-safe. {@link #copy()} gives an independent
 * stream (to branch a beam, say).
 *
 * <p><b>Errors.</b> {@link RougeException} with the library's status: {@code INVALID_ARGUMENT}
 * for no references, a max n above {@link #MAX_N}, bad sentence ends, a metric the stream does
 * not track or bad options; {@code INPUT_TOO_LONG} from {@link #push(int)} for a sentence
 * longer than the configured maximum (the stream is then unchanged) or from the constructor
 * when a state would exceed the largest Java array. {@link NullPointerException} and
 * {@link IllegalArgumentException} as described in {@link RougeException}.
 */
public final class Stream {
    /** The largest n of ROUGE-N a stream tracks ({@code ROUGE_STREAM_MAX_N}). */
    public static final int MAX_N = 32;

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /** What a stream tracks (the C {@code rouge_stream_config}): immutable. */
    public static final class Config {
        private final int maxN;
        private final boolean lcs;
        private final boolean lsum;
        private final long maxSentenceLen;

        /**
         * ROUGE-N for every n in 1..{@code maxN} (0: none; at most {@link #MAX_N}, checked by the
         * library), sentence-level ROUGE-L if {@code lcs}, summary-level ROUGE-Lsum if
         * {@code lsum}, with candidate sentences of at most {@code maxSentenceLen} tokens (their
         * columns are kept, one bit per cell, until the sentence ends).
         *
         * @throws IllegalArgumentException if {@code maxN} or {@code maxSentenceLen} is negative
         */
        public Config(int maxN, boolean lcs, boolean lsum, long maxSentenceLen) {
            if (maxN < 0 || maxSentenceLen < 0) {
                throw new IllegalArgumentException("negative maxN " + maxN + " or maxSentenceLen " + maxSentenceLen);
            }
            this.maxN = maxN;
            this.lcs = lcs;
            this.lsum = lsum;
            this.maxSentenceLen = maxSentenceLen;
        }

        public int maxN() {
            return maxN;
        }

        public boolean lcs() {
            return lcs;
        }

        public boolean lsum() {
            return lsum;
        }

        public long maxSentenceLen() {
            return maxSentenceLen;
        }

        /** The 4-long native layout {@code {max_n, lcs, lsum, max_sentence_len}}. */
        long[] words() {
            return new long[] {maxN, lcs ? 1 : 0, lsum ? 1 : 0, maxSentenceLen};
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Config)) {
                return false;
            }
            Config c = (Config) o;
            return maxN == c.maxN && lcs == c.lcs && lsum == c.lsum && maxSentenceLen == c.maxSentenceLen;
        }

        @Override
        public int hashCode() {
            return Objects.hash(maxN, lcs, lsum, maxSentenceLen);
        }

        @Override
        public String toString() {
            return "Stream.Config{maxN=" + maxN + ", lcs=" + lcs + ", lsum=" + lsum + ", maxSentenceLen="
                + maxSentenceLen + "}";
        }
    }

    private final Options options;
    private final long[] optionWords;
    private final Config config;
    private final long[][] states;

    /**
     * A stream over {@code references} (at least one) tracking {@code config}, scored with
     * {@code options}.
     *
     * @param referenceSentenceEnds sentence ends of each reference, or null for none (null
     *     elements: none for that reference)
     * @throws NullPointerException if an argument other than {@code referenceSentenceEnds}, or
     *     a reference, is null
     * @throws IllegalArgumentException if {@code referenceSentenceEnds} is not null and its
     *     length differs from {@code references.length}
     * @throws RougeException ({@code INVALID_ARGUMENT}) for no references, a max n above
     *     {@link #MAX_N} or bad sentence ends; ({@code INPUT_TOO_LONG}) for a state larger than
     *     a Java array
     */
    public Stream(Options options, Config config, int[][] references, long[][] referenceSentenceEnds) {
        this.options = Objects.requireNonNull(options, "options");
        this.optionWords = options.words();
        this.config = Objects.requireNonNull(config, "config");
        Objects.requireNonNull(references, "references");
        for (int r = 0; r < references.length; r++) {
            Objects.requireNonNull(references[r], "references[" + r + "]");
        }
        if (referenceSentenceEnds != null && referenceSentenceEnds.length != references.length) {
            throw new IllegalArgumentException(referenceSentenceEnds.length + " sentence-end arrays for "
                + references.length + " references");
        }
        if (references.length == 0) {
            throw new RougeException(RougeException.INVALID_ARGUMENT, "a stream needs at least one reference");
        }
        long[] cfg = config.words();
        long[] words = new long[1];
        this.states = new long[references.length][];
        for (int r = 0; r < references.length; r++) {
            long[] ends = referenceSentenceEnds == null ? null : referenceSentenceEnds[r];
            int status = Native.streamWords(references[r], ends, cfg, words);
            if (status != 0) {
                throw new RougeException(status, "stream over reference " + r + " with " + config);
            }
            if (words[0] > MAX_ARRAY) {
                throw new RougeException(RougeException.INPUT_TOO_LONG, "the state of reference " + r + " needs "
                    + words[0] + " words, more than a Java array holds");
            }
            states[r] = new long[(int) words[0]];
            status = Native.streamInit(states[r], references[r], ends, cfg);
            if (status != 0) {
                throw new RougeException(status, "stream over reference " + r + " with " + config);
            }
        }
    }

    /** A stream over references without sentence ends. */
    public Stream(Options options, Config config, int[]... references) {
        this(options, config, references, null);
    }

    private Stream(Stream other) {
        this.options = other.options;
        this.optionWords = other.optionWords;
        this.config = other.config;
        this.states = new long[other.states.length][];
        for (int r = 0; r < states.length; r++) {
            states[r] = other.states[r].clone();
        }
    }

    /**
     * Appends one candidate token (an id &ge; 2^31 as a negative int).
     *
     * @throws RougeException ({@code INPUT_TOO_LONG}) if Lsum is tracked and the current
     *     sentence already holds the configured maximum of tokens; the stream is unchanged
     */
    public void push(int token) {
        int status = Native.streamPush(states, token);
        if (status != 0) {
            throw new RougeException(status, "push into a sentence of at most " + config.maxSentenceLen() + " tokens");
        }
    }

    /**
     * Ends the current candidate sentence: ROUGE-Lsum is brought up to date with the candidate
     * so far (call it after the last sentence too). Without Lsum it does nothing.
     */
    public void endSentence() {
        int status = Native.streamEndSentence(states);
        if (status != 0) {
            throw new RougeException(status, "endSentence");
        }
    }

    /** Empties the candidate, keeping the references, for the next generation. */
    public void reset() {
        int status = Native.streamReset(states);
        if (status != 0) {
            throw new RougeException(status, "reset");
        }
    }

    /**
     * Scores the candidate so far with this stream's options: one score per metric, in order.
     * Only tracked metrics can be read: ROUGE-N with n &le; max n, ROUGE-L when tracked,
     * ROUGE-Lsum when tracked (as of the last {@link #endSentence()}).
     *
     * @throws NullPointerException if {@code metrics} or one of them is null
     * @throws RougeException ({@code INVALID_ARGUMENT}) for a metric the stream does not track
     */
    public Score[] score(Metric... metrics) {
        return score(optionWords, options, metrics);
    }

    /**
     * As {@link #score(Metric...)} with other options (another multi-reference policy, say).
     *
     * @throws RougeException ({@code INVALID_ARGUMENT}) also for options outside the library's
     *     domain (alpha outside [0, 1])
     */
    public Score[] score(Options options, Metric... metrics) {
        Objects.requireNonNull(options, "options");
        return score(options.words(), options, metrics);
    }

    private Score[] score(long[] optionWords, Options options, Metric[] metrics) {
        Objects.requireNonNull(metrics, "metrics");
        if (metrics.length > MAX_ARRAY / Native.RESULT_DOUBLES) {
            throw new IllegalArgumentException("too many metrics: " + metrics.length);
        }
        long[] metricWords = new long[metrics.length * Native.METRIC_WORDS];
        for (int i = 0; i < metrics.length; i++) {
            Objects.requireNonNull(metrics[i], "metrics[" + i + "]").writeTo(metricWords, i * Native.METRIC_WORDS);
        }
        double[] out = new double[metrics.length * Native.RESULT_DOUBLES];
        int status = Native.streamScore(states, metricWords, optionWords, out);
        if (status != 0) {
            throw new RougeException(status, "metrics " + Arrays.toString(metrics) + " with " + options + " from a "
                + config);
        }
        Score[] s = new Score[metrics.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = Score.read(out, i * Native.RESULT_DOUBLES);
        }
        return s;
    }

    /** An independent copy of this stream, candidate so far included. */
    public Stream copy() {
        return new Stream(this);
    }

    /** The options {@link #score(Metric...)} uses. */
    public Options options() {
        return options;
    }

    /** What the stream tracks. */
    public Config config() {
        return config;
    }

    /** The number of references. */
    public int referenceCount() {
        return states.length;
    }

    /** The size of the state over all references, in 8-byte words. */
    public long stateWords() {
        long w = 0;
        for (long[] s : states) {
            w += s.length;
        }
        return w;
    }
}
