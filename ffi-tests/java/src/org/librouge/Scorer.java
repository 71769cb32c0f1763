package org.librouge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Scores candidates against references for a fixed list of metrics and options.
 *
 * <pre>{@code
 * Scorer scorer = new Scorer(Options.rougeScore(), Metric.parse("rouge1"), Metric.parse("rougeLsum"));
 * Score[] s = scorer.score(new int[] {1, 2, 3, 4, 5}, new long[0],
 *                          new int[][] {{1, 2, 4, 5, 6, 7}}, new long[][] {{3, 6}});
 * double f = s[1].fmeasure();   // results in the order of the metrics
 * }</pre>
 *
 * <p><b>Token ids</b> are the C library's {@code uint32_t} ids carried in Java {@code int}s bit
 * for bit: an id of 2^31 or more is passed as the negative int {@code (int) id} (that is,
 * id - 2^32), and {@link Integer#toUnsignedLong(int)} gives it back. ROUGE only compares ids for
 * equality, so any injective mapping of words to ints works; negative ints are ordinary ids.
 *
 * <p><b>Sentence ends</b> are exclusive end offsets into the token array (C {@code size_t}),
 * non-decreasing, each at most the array's length; the tokens after the last end form one more
 * sentence, and no ends (an empty array or {@code null}) mean one sentence. Only the
 * summary-level metrics ({@code rougeLsum}, and ROUGE-W in the Perl flavour) read them.
 *
 * <p><b>Memory.</b> A scorer owns its scratch memory (a {@code long[]} handed to the library as
 * its {@code uint64_t} scratch) and its batch buffers; they are reused across calls and grown
 * when a call needs more, never shrunk. The library itself allocates nothing.
 *
 * <p><b>Threads.</b> A {@code Scorer} is <em>not</em> thread-safe: use one per thread (they are
 * cheap to create). The library is reentrant, so any number of scorers may score at the same
 * time; {@link Metric}, {@link Options} and {@link Score} are immutable and may be shared.
 *
 * <p><b>Errors.</b> See {@link RougeException} for which conditions throw what.
 */
public final class Scorer {
    /** A chunk of a batch holds at most this many tokens, segments and sentence ends in all... */
    static final int BATCH_CHUNK_WORK = 1 << 18;
    /** ... and at most this many pairs (each chunk is one short native call). */
    static final int BATCH_CHUNK_PAIRS = 1024;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final List<Metric> metrics;
    private final Options options;
    private final long[] metricWords;
    private final long[] optionWords;
    private final double[] pairOut;
    private long[] scratch = new long[0];

    // Reused buffers of the batch call (the flattened CSR layout of rouge_batch).
    private int[] batchTokens = new int[0];
    private long[] batchSegmentEnds = new long[0];
    private long[] batchSentenceEnds = new long[0];
    private long[] batchPairSegments = new long[1];
    private final long[] onePairSegments = new long[2];
    private double[] batchOut = new double[0];

    /**
     * A scorer for {@code metrics} (results come in this order) with {@code options}.
     *
     * @throws NullPointerException if an argument or a metric is null
     * @throws RougeException ({@code INVALID_ARGUMENT}) if the library rejects a metric or the
     *     options (n = 0, weight &lt; 1 or not finite, alpha outside [0, 1])
     */
    public Scorer(Options options, List<Metric> metrics) {
        this.options = Objects.requireNonNull(options, "options");
        Objects.requireNonNull(metrics, "metrics");
        List<Metric> copy = new ArrayList<Metric>(metrics.size());
        for (int i = 0; i < metrics.size(); i++) {
            copy.add(Objects.requireNonNull(metrics.get(i), "metrics[" + i + "]"));
        }
        if (copy.size() > MAX_ARRAY / Native.RESULT_DOUBLES) {
            throw new IllegalArgumentException("too many metrics: " + copy.size());
        }
        this.metrics = Collections.unmodifiableList(copy);
        this.metricWords = new long[copy.size() * Native.METRIC_WORDS];
        for (int i = 0; i < copy.size(); i++) {
            copy.get(i).writeTo(metricWords, i * Native.METRIC_WORDS);
        }
        this.optionWords = options.words();
        int status = Native.validate(metricWords, optionWords);
        if (status != 0) {
            throw new RougeException(status, "metrics " + copy + " with " + options);
        }
        this.pairOut = new double[copy.size() * Native.RESULT_DOUBLES];
    }

    /** As {@link #Scorer(Options, List)}. */
    public Scorer(Options options, Metric... metrics) {
        this(options, Arrays.asList(Objects.requireNonNull(metrics, "metrics")));
    }

    /** A scorer for the metrics of these names ({@link Metric#parse(String)}). */
    public static Scorer of(Options options, String... metricNames) {
        Objects.requireNonNull(metricNames, "metricNames");
        Metric[] ms = new Metric[metricNames.length];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = Metric.parse(metricNames[i]);
        }
        return new Scorer(options, ms);
    }

    /** The metrics, in result order (unmodifiable). */
    public List<Metric> metrics() {
        return metrics;
    }

    /** The options. */
    public Options options() {
        return options;
    }

    /** The current size of the scratch memory, in 8-byte words (grows as calls need more). */
    public int scratchWords() {
        return scratch.length;
    }

    /** Scores {@code candidate} against one reference, without sentence ends. */
    public Score[] score(int[] candidate, int[] reference) {
        Objects.requireNonNull(reference, "reference");
        return score(candidate, null, new int[][] {reference}, null);
    }

    /** Scores {@code candidate} against one reference, with sentence ends (null: none). */
    public Score[] score(int[] candidate, long[] candidateSentenceEnds, int[] reference, long[] referenceSentenceEnds) {
        Objects.requireNonNull(reference, "reference");
        return score(candidate, candidateSentenceEnds, new int[][] {reference}, new long[][] {referenceSentenceEnds});
    }

    /** Scores {@code candidate} against its references, without sentence ends. */
    public Score[] score(int[] candidate, int[][] references) {
        return score(candidate, null, references, null);
    }

    /**
     * Scores {@code candidate} against its references (one {@code rouge_score_pair} call).
     *
     * @param candidate token ids of the candidate
     * @param candidateSentenceEnds its sentence ends, or null for none
     * @param references token ids of each reference (at least one)
     * @param referenceSentenceEnds sentence ends of each reference, or null for none; null
     *     elements mean none for that reference
     * @return one score per metric, in the order of {@link #metrics()}
     * @throws NullPointerException if {@code candidate}, {@code references} or one of its
     *     elements is null
     * @throws IllegalArgumentException if {@code referenceSentenceEnds} is not null and its
     *     length differs from {@code references.length}
     * @throws RougeException ({@code INVALID_ARGUMENT}) with no references or sentence ends out
     *     of order or past the end
     */
    public Score[] score(int[] candidate, long[] candidateSentenceEnds, int[][] references,
                         long[][] referenceSentenceEnds) {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(references, "references");
        for (int r = 0; r < references.length; r++) {
            Objects.requireNonNull(references[r], "references[" + r + "]");
        }
        if (referenceSentenceEnds != null && referenceSentenceEnds.length != references.length) {
            throw new IllegalArgumentException(referenceSentenceEnds.length + " sentence-end arrays for "
                + references.length + " references");
        }
        for (;;) {
            long r = Native.scorePair(candidate, candidateSentenceEnds, references, referenceSentenceEnds,
                metricWords, optionWords, scratch, pairOut);
            if (r == 0) {
                break;
            }
            if (r > 0) {
                throw new RougeException((int) r);
            }
            growScratch(-r);
        }
        Score[] out = new Score[metrics.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Score.read(pairOut, i * Native.RESULT_DOUBLES);
        }
        return out;
    }

    /**
     * Scores one pair given in the batch layout, in buffers the caller reuses, without
     * allocating once the scratch is large enough (for hosts that score row after row, such as
     * the Spark functions). Segment 0 of {@code tokens} is the candidate and segments 1 to
     * {@code segmentCount - 1} its references; segment s ends (exclusive) at
     * {@code segmentEnds[s]} and starts where the one before ends. No sentence ends. Writes 6
     * doubles per metric to {@code dst} (precision, recall, fmeasure, hit, reference total,
     * candidate total, as {@link Score}); the results are bit for bit those of
     * {@link #score(int[], int[][])} on the same pair.
     *
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if {@code segmentCount} is below 1 or above
     *     {@code segmentEnds.length}, the ends decrease or pass {@code tokens.length}, or
     *     {@code dst} holds fewer than 6 doubles per metric
     * @throws RougeException ({@code INVALID_ARGUMENT}) with no reference (one segment)
     */
    public void scoreSegmentsInto(int[] tokens, long[] segmentEnds, int segmentCount, double[] dst) {
        Objects.requireNonNull(tokens, "tokens");
        Objects.requireNonNull(segmentEnds, "segmentEnds");
        Objects.requireNonNull(dst, "dst");
        if (segmentCount < 1 || segmentCount > segmentEnds.length) {
            throw new IllegalArgumentException(segmentCount + " segments, " + segmentEnds.length + " ends given");
        }
        long prev = 0;
        for (int i = 0; i < segmentCount; i++) {
            if (segmentEnds[i] < prev || segmentEnds[i] > tokens.length) {
                throw new IllegalArgumentException("segment end " + i + " (" + segmentEnds[i]
                    + ") is not within [" + prev + ", " + tokens.length + "]");
            }
            prev = segmentEnds[i];
        }
        if (dst.length < metrics.size() * Native.RESULT_DOUBLES) {
            throw new IllegalArgumentException("dst holds " + dst.length + " doubles, "
                + metrics.size() * Native.RESULT_DOUBLES + " needed");
        }
        onePairSegments[1] = segmentCount;
        for (;;) {
            long r = Native.scoreBatch(tokens, (int) prev, segmentEnds, segmentCount, null, 0, onePairSegments, 1,
                metricWords, optionWords, scratch, dst);
            if (r == 0) {
                return;
            }
            if (r > 0) {
                throw new RougeException((int) r);
            }
            growScratch(-r);
        }
    }

    /** As {@link #scoreBatch(int[][], long[][], int[][][], long[][][])} without sentence ends. */
    public Score[][] scoreBatch(int[][] candidates, int[][][] references) {
        return scoreBatch(candidates, null, references, null);
    }

    /**
     * Scores many pairs: pair p is {@code candidates[p]} against {@code references[p]}. The pairs
     * are flattened into one token array (the C {@code rouge_batch} layout, in buffers the scorer
     * reuses) and scored with one {@code rouge_score_batch} call per chunk of up to 1024 pairs
     * and about 2^18 tokens, so that each native call stays short; results are bit for bit those
     * of {@link #score(int[], long[], int[][], long[][])} on each pair.
     *
     * @param candidates the candidates
     * @param candidateSentenceEnds sentence ends of each candidate, or null for none (null
     *     elements: none for that candidate)
     * @param references the references of each candidate (at least one each)
     * @param referenceSentenceEnds sentence ends of each pair's references, or null for none
     *     (null elements at either level: none)
     * @return {@code [pair][metric]}
     * @throws NullPointerException if a candidate, a reference or an array of them is null
     * @throws IllegalArgumentException if parallel arrays differ in length
     * @throws RougeException ({@code INVALID_ARGUMENT}) for a pair without references or
     *     sentence ends out of order or past the end (nothing is returned then)
     */
    public Score[][] scoreBatch(int[][] candidates, long[][] candidateSentenceEnds, int[][][] references,
                                long[][][] referenceSentenceEnds) {
        Objects.requireNonNull(candidates, "candidates");
        Objects.requireNonNull(references, "references");
        int n = candidates.length;
        if (references.length != n) {
            throw new IllegalArgumentException(references.length + " reference lists for " + n + " candidates");
        }
        if (candidateSentenceEnds != null && candidateSentenceEnds.length != n) {
            throw new IllegalArgumentException(candidateSentenceEnds.length + " candidate sentence-end arrays for "
                + n + " candidates");
        }
        if (referenceSentenceEnds != null && referenceSentenceEnds.length != n) {
            throw new IllegalArgumentException(referenceSentenceEnds.length + " reference sentence-end lists for "
                + n + " candidates");
        }
        // Check everything before the first native call.
        for (int p = 0; p < n; p++) {
            Objects.requireNonNull(candidates[p], "candidates[" + p + "]");
            checkEnds(candidates[p], at(candidateSentenceEnds, p), p, -1);
            int[][] refs = Objects.requireNonNull(references[p], "references[" + p + "]");
            long[][] refEnds = referenceSentenceEnds == null ? null : referenceSentenceEnds[p];
            if (refEnds != null && refEnds.length != refs.length) {
                throw new IllegalArgumentException("pair " + p + ": " + refEnds.length + " sentence-end arrays for "
                    + refs.length + " references");
            }
            for (int r = 0; r < refs.length; r++) {
                Objects.requireNonNull(refs[r], "references[" + p + "][" + r + "]");
                checkEnds(refs[r], at(refEnds, r), p, r);
            }
        }
        int m = metrics.size();
        int maxPairs = Math.max(1, Math.min(BATCH_CHUNK_PAIRS, m == 0 ? BATCH_CHUNK_PAIRS
            : MAX_ARRAY / (m * Native.RESULT_DOUBLES)));
        Score[][] result = new Score[n][];
        int p = 0;
        while (p < n) {
            // The chunk [p, q): at least one pair, then as many as fit.
            long work = 0;
            int q = p;
            while (q < n && q - p < maxPairs) {
                long w = pairWork(candidates[q], at(candidateSentenceEnds, q), references[q],
                    referenceSentenceEnds == null ? null : referenceSentenceEnds[q]);
                if (q > p && work + w > BATCH_CHUNK_WORK) {
                    break;
                }
                work += w;
                q++;
            }
            if (q == p + 1 && work > MAX_ARRAY) {
                // One pair too large for a flat Java array: score it on its own (same results).
                result[p] = score(candidates[p], at(candidateSentenceEnds, p), references[p],
                    referenceSentenceEnds == null ? null : referenceSentenceEnds[p]);
                p = q;
                continue;
            }
            scoreChunk(candidates, candidateSentenceEnds, references, referenceSentenceEnds, p, q, result);
            p = q;
        }
        return result;
    }

    private static <T> T at(T[] xs, int i) {
        return xs == null ? null : xs[i];
    }

    /** Tokens, segments and sentence ends a pair adds to a chunk. */
    private static long pairWork(int[] cand, long[] candEnds, int[][] refs, long[][] refEnds) {
        long w = 1 + (long) cand.length + (candEnds == null ? 0 : candEnds.length);
        for (int r = 0; r < refs.length; r++) {
            long[] e = at(refEnds, r);
            w += 1 + (long) refs[r].length + (e == null ? 0 : e.length);
        }
        return w;
    }

    /** The library's rule for sentence ends (checked here: the batch layout makes them absolute). */
    private static void checkEnds(int[] tokens, long[] ends, int pair, int ref) {
        if (ends == null) {
            return;
        }
        long prev = 0;
        for (long e : ends) {
            if (e < prev || e > tokens.length) {
                throw new RougeException(RougeException.INVALID_ARGUMENT, "sentence ends of pair " + pair + " "
                    + (ref < 0 ? "candidate" : "reference " + ref) + " " + Arrays.toString(ends)
                    + " are not non-decreasing within [0, " + tokens.length + "]");
            }
            prev = e;
        }
    }

    private void scoreChunk(int[][] candidates, long[][] candidateSentenceEnds, int[][][] references,
                            long[][][] referenceSentenceEnds, int from, int to, Score[][] result) {
        long tokens = 0;
        long segments = 0;
        long ends = 0;
        for (int p = from; p < to; p++) {
            tokens += candidates[p].length;
            segments += 1 + references[p].length;
            long[] ce = at(candidateSentenceEnds, p);
            ends += ce == null ? 0 : ce.length;
            for (int r = 0; r < references[p].length; r++) {
                tokens += references[p][r].length;
                long[] re = referenceSentenceEnds == null ? null : at(referenceSentenceEnds[p], r);
                ends += re == null ? 0 : re.length;
            }
        }
        int pairs = to - from;
        int m = metrics.size();
        // pairWork bounded each (and the one-pair case was checked), so these fit in an int.
        ensureBatchBuffers((int) tokens, (int) segments, (int) ends, pairs, pairs * m * Native.RESULT_DOUBLES);
        int nt = 0;
        int ns = 0;
        int ne = 0;
        for (int p = from; p < to; p++) {
            batchPairSegments[p - from] = ns;
            int[] c = candidates[p];
            ne = appendEnds(nt, at(candidateSentenceEnds, p), ne);
            System.arraycopy(c, 0, batchTokens, nt, c.length);
            nt += c.length;
            batchSegmentEnds[ns++] = nt;
            for (int r = 0; r < references[p].length; r++) {
                int[] t = references[p][r];
                ne = appendEnds(nt, referenceSentenceEnds == null ? null : at(referenceSentenceEnds[p], r), ne);
                System.arraycopy(t, 0, batchTokens, nt, t.length);
                nt += t.length;
                batchSegmentEnds[ns++] = nt;
            }
        }
        batchPairSegments[pairs] = ns;
        for (;;) {
            long r = Native.scoreBatch(batchTokens, nt, batchSegmentEnds, ns, batchSentenceEnds, ne,
                batchPairSegments, pairs, metricWords, optionWords, scratch, batchOut);
            if (r == 0) {
                break;
            }
            if (r > 0) {
                throw new RougeException((int) r, "batch pairs " + from + ".." + (to - 1));
            }
            growScratch(-r);
        }
        for (int p = 0; p < pairs; p++) {
            Score[] s = new Score[m];
            for (int i = 0; i < m; i++) {
                s[i] = Score.read(batchOut, (p * m + i) * Native.RESULT_DOUBLES);
            }
            result[from + p] = s;
        }
    }

    /**
     * Appends a segment's sentence ends, made absolute ({@code start + e}). Ends at 0 are left
     * out: they only mark an empty first sentence, which no metric reads, and as absolute
     * offsets they would equal the previous segment's end and be taken as its own.
     */
    private int appendEnds(int start, long[] ends, int at) {
        if (ends != null) {
            for (long e : ends) {
                if (e > 0) {
                    batchSentenceEnds[at++] = start + e;
                }
            }
        }
        return at;
    }

    private void ensureBatchBuffers(int tokens, int segments, int ends, int pairs, int outDoubles) {
        if (batchTokens.length < tokens) {
            batchTokens = new int[grow(batchTokens.length, tokens)];
        }
        if (batchSegmentEnds.length < segments) {
            batchSegmentEnds = new long[grow(batchSegmentEnds.length, segments)];
        }
        if (batchSentenceEnds.length < ends) {
            batchSentenceEnds = new long[grow(batchSentenceEnds.length, ends)];
        }
        if (batchPairSegments.length < pairs + 1) {
            batchPairSegments = new long[grow(batchPairSegments.length, pairs + 1)];
        }
        if (batchOut.length < outDoubles) {
            batchOut = new double[grow(batchOut.length, outDoubles)];
        }
    }

    /** At least {@code needed}, and half as much again as {@code current} when that fits. */
    private static int grow(int current, long needed) {
        return (int) Math.max(needed, Math.min(MAX_ARRAY, current + (long) (current >> 1)));
    }

    private void growScratch(long needed) {
        if (needed <= scratch.length) {
            throw new IllegalStateException("the library asked for " + needed + " scratch words with "
                + scratch.length + " given");
        }
        if (needed > MAX_ARRAY) {
            throw new RougeException(RougeException.INPUT_TOO_LONG, "the call needs " + needed
                + " scratch words, more than a Java array holds");
        }
        scratch = new long[grow(scratch.length, needed)];
    }
}
