package org.librouge;

/**
 * The JNI entry points of {@code librouge_jni.so} ({@code native/rouge_jni.c}), one per C call
 * the binding needs. Package-private: the public classes validate the Java-side arguments and
 * turn status codes into {@link RougeException}s.
 *
 * <p>Layouts shared with the shim: a metric is 4 longs {@code {kind, n, skip, weightBits}}
 * (weight as {@link Double#doubleToRawLongBits}), options are 5 longs {@code {flavour,
 * multi_reference, jackknife, round, alphaBits}}, a result is 6 doubles {@code {precision,
 * recall, fmeasure, hit, reference_total, candidate_total}} (the C {@code rouge_result}).
 *
 * <p>The scoring calls return a {@code rouge_status} (0 on success), or minus the number of
 * scratch words the call needs when {@code scratch} is shorter: the caller grows it and calls
 * again. Argument errors the shim finds itself (null or short arrays) are thrown as Java
 * exceptions before any array is pinned.
 */
final class Native {
    /** The ABI version this binding was written against ({@code ROUGE_ABI_VERSION}). */
    static final int ABI_VERSION = 2;
    static final int METRIC_WORDS = 4;
    static final int OPTION_WORDS = 5;
    static final int RESULT_DOUBLES = 6;

    static {
        NativeLoader.load();
        int abi = abiVersion();
        if (abi != ABI_VERSION) {
            throw new UnsatisfiedLinkError("librouge ABI version " + abi + ", this binding needs " + ABI_VERSION);
        }
    }

    private Native() {}

    static native int abiVersion();

    static native String version();

    static native String statusString(int status);

    /** rouge_metric_parse over UTF-8 bytes; fills {@code out} (4 longs) on success. */
    static native int metricParse(byte[] name, long[] out);

    /** rouge_options_init; fills {@code out} (5 longs) on success. */
    static native int optionsInit(int flavour, long[] out);

    /** rouge_scratch_words for empty inputs: validates the metrics and options. */
    static native int validate(long[] metrics, long[] options);

    /**
     * rouge_dims_of, rouge_scratch_words and rouge_score_pair in one critical section.
     * {@code candidateEnds}, {@code referenceEnds} and its elements may be null (no ends).
     */
    static native long scorePair(int[] candidate, long[] candidateEnds, int[][] references, long[][] referenceEnds,
                                 long[] metrics, long[] options, long[] scratch, double[] out);

    /**
     * rouge_batch_scratch_words and rouge_score_batch over the first {@code tokensLen},
     * {@code segmentCount}, {@code sentenceEndsLen} and {@code pairCount + 1} elements of the
     * arrays (they are reused buffers, longer than the batch).
     */
    static native long scoreBatch(int[] tokens, int tokensLen, long[] segmentEnds, int segmentCount,
                                  long[] sentenceEnds, int sentenceEndsLen, long[] pairSegments, int pairCount,
                                  long[] metrics, long[] options, long[] scratch, double[] out);

    /** A stream configuration: 4 longs {@code {max_n, lcs, lsum, max_sentence_len}}. */
    static final int STREAM_CONFIG_WORDS = 4;

    /**
     * rouge_stream_words: writes to {@code out[0]} the state words of a stream over the
     * reference ({@code referenceEnds} may be null) with the 4-long configuration.
     */
    static native int streamWords(int[] reference, long[] referenceEnds, long[] config, long[] out);

    /** rouge_stream_init over all of {@code state} (sized by {@link #streamWords}). */
    static native int streamInit(long[] state, int[] reference, long[] referenceEnds, long[] config);

    /**
     * rouge_stream_push of {@code token} into every state, in order, all pinned in one critical
     * region; stops at the first error.
     */
    static native int streamPush(long[][] states, int token);

    /** rouge_stream_end_sentence on every state, as {@link #streamPush}. */
    static native int streamEndSentence(long[][] states);

    /** rouge_stream_reset on every state, as {@link #streamPush}. */
    static native int streamReset(long[][] states);

    /** rouge_stream_score over all the states; {@code out} holds 6 doubles per metric. */
    static native int streamScore(long[][] states, long[] metrics, long[] options, double[] out);

    // ---- text ----

    /** A text scorer's state: the longs {@link #textScorerInit} fills for this many metrics. */
    static native int textScorerWords(int metricCount);

    /** rouge_text_options_init; fills {@code out} (6 longs {tokenizer, stem, stopwords, lcs_path, word_limit, byte_limit}). */
    static native int textOptionsInit(int tokenizer, long[] out);

    /**
     * rouge_text_scorer_init into {@code state} for texts within {@code dims} (5 longs
     * {reference_count, candidate_bytes, reference_bytes, candidate_line_bytes,
     * reference_line_bytes}), with XL-Sum's language {@code lang} (UTF-8; null: none): returns
     * the scratch words a score call needs, or minus a status.
     */
    static native long textScorerInit(long[] metrics, long[] options, long[] textOptions, byte[] lang, long[] dims,
                                      long[] state);

    /** textScore's answer when the texts exceed the scorer's dims (then written to dimsOut). */
    static final int TEXT_BEYOND_DIMS = -1;

    /**
     * rouge_text_scorer_score of the first {@code candidateLen} bytes of {@code candidate}
     * against the first {@code referenceLens[r]} bytes of {@code references[r]}, r &lt;
     * {@code referenceCount}: the status, or {@link #TEXT_BEYOND_DIMS}.
     */
    static native int textScore(long[] state, byte[] candidate, int candidateLen, byte[][] references,
                                int[] referenceLens, int referenceCount, long[] scratch, double[] out,
                                long[] dimsOut);

    /**
     * rouge_text_scorer_score_segmented ({@code native/rouge_jni_xlsum.c}): as {@link #textScore},
     * with text i's segmenter tokens (i = 0 the candidate's, then each reference's) as the UTF-8
     * {@code tokenBytes[i]}, one token after another, and their exclusive ends
     * {@code tokenEnds[i]}.
     */
    static native int textScoreSegmented(long[] state, byte[] candidate, int candidateLen, byte[][] references,
                                         int[] referenceLens, int referenceCount, byte[][] tokenBytes,
                                         long[][] tokenEnds, long[] scratch, double[] out, long[] dimsOut);

    /** rouge_xlsum_clean_text_bytes: the bytes a cleaned text of {@code len} bytes may need, or minus a status. */
    static native long xlsumCleanTextBytes(long len);

    /** rouge_xlsum_clean_text of {@code text} into {@code out}: the bytes written, or minus a status. */
    static native long xlsumCleanText(byte[] text, byte[] out);

    // ---- corpus ----

    /** rouge_corpus_macro: {@code out} gets 3 doubles (P, R, F) per metric. */
    static native int corpusMacro(double[] results, int pairCount, int metricCount, double[] out);

    /** rouge_corpus_micro: {@code out} gets 6 doubles (a result) per metric. */
    static native int corpusMicro(double[] results, int pairCount, long[] metrics, long[] options, double[] out);

    /** A bootstrap's options: 4 longs {@code {method, seed, samples, confidenceBits}}. */
    static final int BOOTSTRAP_WORDS = 4;

    /** rouge_bootstrap_options_init; fills {@code out} (4 longs). */
    static native int bootstrapOptionsInit(int method, long[] out);

    /** rouge_bootstrap_scratch_words: the words, or minus a status. */
    static native long bootstrapWords(long[] options);

    /** rouge_corpus_bootstrap: {@code out} gets 9 doubles (low, mid, high P, R, F) per metric. */
    static native int corpusBootstrap(double[] results, int pairCount, int metricCount, long[] options,
                                      long[] scratch, double[] out);
}
