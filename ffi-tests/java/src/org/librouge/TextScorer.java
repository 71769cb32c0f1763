package org.librouge;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Scores texts (UTF-8, tokenised by the library) for a fixed list of metrics and options: the
 * C {@code rouge_text_scorer} (prepared once: metrics and options checked, scratch need and
 * processor features worked out), kept in Java memory and prepared again, larger, when a call's
 * texts exceed what it was prepared for.
 *
 * <pre>{@code
 * TextScorer scorer = new TextScorer(Options.rougeScore(), TextOptions.of(TextOptions.Tokenizer.ROUGE_SCORE)
 *     .withStem(true), Metric.parse("rouge1"), Metric.parse("rougeLsum"));
 * Score[] s = scorer.score("The cat sat.\nIt was sunny.", "A cat sat on a mat.");
 * }</pre>
 *
 * <p>Sentences are the lines of a text ({@code '\n'} ends one). Strings are encoded to UTF-8 as
 * {@link String#getBytes(java.nio.charset.Charset)} does (an unpaired surrogate becomes
 * {@code '?'}), so the library sees exactly the bytes of that call; {@link #scoreUtf8} takes
 * bytes as they are, and the library refuses invalid UTF-8 and NUL bytes
 * ({@link RougeException#INVALID_UTF8}, {@link RougeException#EMBEDDED_NUL}), but for
 * rouge-score-rs's tokenisers ({@code UNICODE_V1}, {@code CHARACTER_V1}) and XL-Sum's, which
 * take NUL as their reference tools do.
 *
 * <p><b>Memory.</b> The scratch, the encoding buffers and the results buffer are reused and
 * grown, never shrunk: once warm, {@link #scoreInto} allocates nothing. <b>Threads:</b> not
 * thread-safe; one per thread.
 */
public final class TextScorer {
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    private static final int DIMS = 5;

    private final List<Metric> metrics;
    private final Options options;
    private final TextOptions textOptions;
    private final long[] metricWords;
    private final long[] optionWords;
    private final long[] textWords;
    private final byte[] langBytes;
    private final long[] state;
    private final long[] dims = new long[DIMS];
    private final long[] dimsOut = new long[DIMS];
    private final double[] out;
    private long[] scratch = new long[0];

    // Reused UTF-8 buffers of scoreInto.
    private byte[] candidateBytes = new byte[64];
    private byte[][] referenceBytes = new byte[0][];
    private int[] referenceLengths = new int[0];

    /**
     * A scorer for {@code metrics} (results come in this order).
     *
     * @throws NullPointerException if an argument or a metric is null
     * @throws RougeException ({@code INVALID_ARGUMENT}) if the library rejects a metric or the
     *     options (as {@link Scorer}, and stop words or limits with a tokeniser other than Perl's)
     */
    public TextScorer(Options options, TextOptions textOptions, List<Metric> metrics) {
        this.options = Objects.requireNonNull(options, "options");
        this.textOptions = Objects.requireNonNull(textOptions, "textOptions");
        Objects.requireNonNull(metrics, "metrics");
        List<Metric> copy = new ArrayList<Metric>(metrics.size());
        for (int i = 0; i < metrics.size(); i++) {
            copy.add(Objects.requireNonNull(metrics.get(i), "metrics[" + i + "]"));
        }
        if (copy.size() > 1 << 20) {
            throw new IllegalArgumentException("too many metrics: " + copy.size());
        }
        this.metrics = Collections.unmodifiableList(copy);
        this.metricWords = new long[copy.size() * Native.METRIC_WORDS];
        for (int i = 0; i < copy.size(); i++) {
            copy.get(i).writeTo(metricWords, i * Native.METRIC_WORDS);
        }
        this.optionWords = options.words();
        this.textWords = textOptions.words();
        this.langBytes = textOptions.langBytes();
        this.state = new long[Native.textScorerWords(copy.size())];
        this.out = new double[copy.size() * Native.RESULT_DOUBLES];
        prepare(dims); // checks the metrics and options now, for texts of no bytes
    }

    /** As {@link #TextScorer(Options, TextOptions, List)}. */
    public TextScorer(Options options, TextOptions textOptions, Metric... metrics) {
        this(options, textOptions, Arrays.asList(Objects.requireNonNull(metrics, "metrics")));
    }

    /** The metrics, in result order (unmodifiable). */
    public List<Metric> metrics() {
        return metrics;
    }

    public Options options() {
        return options;
    }

    public TextOptions textOptions() {
        return textOptions;
    }

    /** The current size of the scratch memory, in 8-byte words. */
    public int scratchWords() {
        return scratch.length;
    }

    /**
     * Scores {@code candidate} against its references (at least one).
     *
     * @return one score per metric, in the order of {@link #metrics()}
     * @throws NullPointerException if a text is null
     * @throws RougeException with the library's status: {@code INVALID_ARGUMENT} for no
     *     references, {@code EMBEDDED_NUL} for a text with {@code '\0'} (but with the
     *     tokenisers that take it: {@code UNICODE_V1}, {@code CHARACTER_V1}, XL-Sum's),
     *     {@code INPUT_TOO_LONG}
     */
    public Score[] score(String candidate, String... references) {
        Objects.requireNonNull(references, "references");
        scoreInto(candidate, references, references.length, out);
        return scores();
    }

    /** As {@link #score(String, String...)} on UTF-8 bytes, checked by the library. */
    public Score[] scoreUtf8(byte[] candidate, byte[]... references) {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(references, "references");
        int[] lengths = new int[references.length];
        for (int r = 0; r < references.length; r++) {
            lengths[r] = Objects.requireNonNull(references[r], "references[" + r + "]").length;
        }
        scoreUtf8Into(candidate, candidate.length, references, lengths, references.length, out);
        return scores();
    }

    /**
     * Scores without allocating (once the buffers are large enough): {@code candidate} against
     * {@code references[0..referenceCount)}, writing 6 doubles per metric to {@code dst}
     * (precision, recall, fmeasure, hit, reference total, candidate total, as {@link Score}).
     */
    public void scoreInto(CharSequence candidate, CharSequence[] references, int referenceCount, double[] dst) {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(references, "references");
        checkCount(references.length, referenceCount);
        if (referenceBytes.length < referenceCount) {
            byte[][] grown = Arrays.copyOf(referenceBytes, Math.max(referenceCount, 2 * referenceBytes.length));
            for (int r = referenceBytes.length; r < grown.length; r++) {
                grown[r] = new byte[64];
            }
            referenceBytes = grown;
            referenceLengths = new int[grown.length];
        }
        candidateBytes = ensure(candidateBytes, candidate);
        int candidateLength = Utf8.encode(candidate, candidateBytes);
        for (int r = 0; r < referenceCount; r++) {
            CharSequence ref = Objects.requireNonNull(references[r], "references[" + r + "]");
            referenceBytes[r] = ensure(referenceBytes[r], ref);
            referenceLengths[r] = Utf8.encode(ref, referenceBytes[r]);
        }
        scoreUtf8Into(candidateBytes, candidateLength, referenceBytes, referenceLengths, referenceCount, dst);
    }

    /**
     * As {@link #scoreInto} on UTF-8 bytes: the first {@code candidateLength} bytes of
     * {@code candidate} against the first {@code referenceLengths[r]} bytes of
     * {@code references[r]}, r &lt; {@code referenceCount}.
     */
    public void scoreUtf8Into(byte[] candidate, int candidateLength, byte[][] references, int[] referenceLengths,
                              int referenceCount, double[] dst) {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(references, "references");
        Objects.requireNonNull(referenceLengths, "referenceLengths");
        Objects.requireNonNull(dst, "dst");
        checkCount(Math.min(references.length, referenceLengths.length), referenceCount);
        if (dst.length < out.length) {
            throw new IllegalArgumentException("dst holds " + dst.length + " doubles, " + out.length + " needed");
        }
        for (;;) {
            int status = Native.textScore(state, candidate, candidateLength, references, referenceLengths,
                referenceCount, scratch, dst, dimsOut);
            if (status == 0) {
                return;
            }
            if (status != Native.TEXT_BEYOND_DIMS) {
                String segmenter = textOptions.tokenizer() == TextOptions.Tokenizer.XLSUM
                    ? XlSum.segmenter(textOptions.lang()) : null;
                if (segmenter != null && status == RougeException.INVALID_ARGUMENT) {
                    throw new RougeException(status, "XL-Sum's " + textOptions.lang() + " needs its segmenter's tokens ("
                        + segmenter + "): use scoreSegmented");
                }
                throw new RougeException(status);
            }
            // Prepare for these texts, with room (half as much again) for the next ones.
            long[] grown = new long[DIMS];
            grown[0] = Math.max(dims[0], dimsOut[0]);
            for (int i = 1; i < DIMS; i++) {
                grown[i] = dimsOut[i] <= dims[i] ? dims[i] : Math.max(dimsOut[i], dims[i] + (dims[i] >> 1));
            }
            prepare(grown);
        }
    }

    /**
     * Scores with XL-Sum's tokeniser ({@link TextOptions.Tokenizer#XLSUM}, any language) given
     * each text's segmenter tokens: {@code tokens[0]} the candidate's, {@code tokens[1 + r]}
     * {@code references[r]}'s, each what the fork's segmenter ({@link XlSum#segmenter}) makes of
     * {@link XlSum#cleanText} of that text. The tokens are stemmed as the language says;
     * rougeLsum reads the texts. An empty token is dropped; a text with no tokens gets the
     * fork's fallback (pyonmttok). The way to score Chinese, Japanese and Thai, which
     * {@link #score} refuses.
     *
     * @throws NullPointerException if a text, a token list or a token is null
     * @throws IllegalArgumentException if {@code tokens} does not hold one list per text
     * @throws RougeException {@code INVALID_ARGUMENT} with another tokeniser or no references
     */
    public Score[] scoreSegmented(String candidate, String[] references, String[][] tokens) {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(references, "references");
        Objects.requireNonNull(tokens, "tokens");
        if (tokens.length != references.length + 1) {
            throw new IllegalArgumentException(tokens.length + " token lists for " + (references.length + 1)
                + " texts (the candidate's, then each reference's)");
        }
        byte[][] refs = new byte[references.length][];
        int[] lengths = new int[references.length];
        for (int r = 0; r < refs.length; r++) {
            refs[r] = Objects.requireNonNull(references[r], "references[" + r + "]").getBytes(StandardCharsets.UTF_8);
            lengths[r] = refs[r].length;
        }
        byte[] cand = candidate.getBytes(StandardCharsets.UTF_8);
        byte[][] tokenBytes = new byte[tokens.length][];
        long[][] tokenEnds = new long[tokens.length][];
        for (int i = 0; i < tokens.length; i++) {
            String[] list = Objects.requireNonNull(tokens[i], "tokens[" + i + "]");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            tokenEnds[i] = new long[list.length];
            for (int k = 0; k < list.length; k++) {
                byte[] b = Objects.requireNonNull(list[k], "tokens[" + i + "][" + k + "]").getBytes(StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
                tokenEnds[i][k] = bytes.size();
            }
            tokenBytes[i] = bytes.toByteArray();
        }
        for (;;) {
            int status = Native.textScoreSegmented(state, cand, cand.length, refs, lengths, refs.length, tokenBytes,
                tokenEnds, scratch, out, dimsOut);
            if (status == 0) {
                return scores();
            }
            if (status != Native.TEXT_BEYOND_DIMS) {
                throw new RougeException(status, textOptions.tokenizer() == TextOptions.Tokenizer.XLSUM ? null
                    : "segmenter tokens need the tokenizer XLSUM, not " + textOptions.tokenizer());
            }
            long[] grown = new long[DIMS];
            grown[0] = Math.max(dims[0], dimsOut[0]);
            for (int i = 1; i < DIMS; i++) {
                grown[i] = Math.max(dims[i], dimsOut[i]);
            }
            prepare(grown);
        }
    }

    private static void checkCount(int available, int count) {
        if (count < 0 || count > available) {
            throw new IllegalArgumentException("reference count " + count + " outside [0, " + available + "]");
        }
    }

    private Score[] scores() {
        Score[] s = new Score[metrics.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = Score.read(out, i * Native.RESULT_DOUBLES);
        }
        return s;
    }

    /** Prepares the native scorer for texts within {@code want} and sizes the scratch for it. */
    private void prepare(long[] want) {
        long words = Native.textScorerInit(metricWords, optionWords, textWords, langBytes, want, state);
        if (words < 0) {
            throw new RougeException((int) -words, "metrics " + metrics + " with " + options + ", " + textOptions);
        }
        if (words > MAX_ARRAY) {
            throw new RougeException(RougeException.INPUT_TOO_LONG, "the texts need " + words
                + " scratch words, more than a Java array holds");
        }
        System.arraycopy(want, 0, dims, 0, DIMS);
        if (words > scratch.length) {
            scratch = new long[(int) Math.max(words, Math.min(MAX_ARRAY, scratch.length + (long) (scratch.length >> 1)))];
        }
    }

    /** {@code buf}, or a larger one when the UTF-8 of {@code s} (at most 3 bytes a char) may not fit. */
    private static byte[] ensure(byte[] buf, CharSequence s) {
        long need = 3L * s.length();
        if (need <= buf.length) {
            return buf;
        }
        if (need > MAX_ARRAY) {
            throw new RougeException(RougeException.INPUT_TOO_LONG, "a text of " + s.length() + " chars");
        }
        return new byte[(int) Math.max(need, Math.min(MAX_ARRAY, buf.length * 2L))];
    }
}
