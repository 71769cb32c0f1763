package org.librouge;

/**
 * The result of one metric (the C {@code rouge_result}): precision, recall, F-measure and the
 * counts they come from (weighted for ROUGE-W, pooled over references for
 * {@link Options.Policy#PERL_A}). Immutable. {@link #equals} compares the bits of every field.
 */
public final class Score {
    private final double precision;
    private final double recall;
    private final double fmeasure;
    private final double hit;
    private final double referenceTotal;
    private final double candidateTotal;

    public Score(double precision, double recall, double fmeasure, double hit, double referenceTotal,
                 double candidateTotal) {
        this.precision = precision;
        this.recall = recall;
        this.fmeasure = fmeasure;
        this.hit = hit;
        this.referenceTotal = referenceTotal;
        this.candidateTotal = candidateTotal;
    }

    /** Reads the 6 doubles of a native result at {@code at}. */
    static Score read(double[] d, int at) {
        return new Score(d[at], d[at + 1], d[at + 2], d[at + 3], d[at + 4], d[at + 5]);
    }

    /** Hits over the candidate total (inverse-weighted for ROUGE-W). */
    public double precision() {
        return precision;
    }

    /** Hits over the reference total (inverse-weighted for ROUGE-W). */
    public double recall() {
        return recall;
    }

    /** The flavour's F-measure. */
    public double fmeasure() {
        return fmeasure;
    }

    /** Clipped matches. */
    public double hit() {
        return hit;
    }

    /** Reference (model) total. */
    public double referenceTotal() {
        return referenceTotal;
    }

    /** Candidate (peer) total. */
    public double candidateTotal() {
        return candidateTotal;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Score)) {
            return false;
        }
        Score s = (Score) o;
        return bits(precision) == bits(s.precision) && bits(recall) == bits(s.recall)
            && bits(fmeasure) == bits(s.fmeasure) && bits(hit) == bits(s.hit)
            && bits(referenceTotal) == bits(s.referenceTotal) && bits(candidateTotal) == bits(s.candidateTotal);
    }

    private static long bits(double x) {
        return Double.doubleToRawLongBits(x);
    }

    @Override
    public int hashCode() {
        long h = 17;
        for (double x : new double[] {precision, recall, fmeasure, hit, referenceTotal, candidateTotal}) {
            h = 31 * h + bits(x);
        }
        return (int) (h ^ (h >>> 32));
    }

    @Override
    public String toString() {
        return "Score{P=" + precision + ", R=" + recall + ", F=" + fmeasure + ", hit=" + hit + ", referenceTotal="
            + referenceTotal + ", candidateTotal=" + candidateTotal + "}";
    }
}
