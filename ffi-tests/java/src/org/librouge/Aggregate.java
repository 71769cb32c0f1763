package org.librouge;

/**
 * A bootstrap result of one metric (the C {@code rouge_aggregate}): low, middle and high
 * precision, recall and F. Only the scores are defined: the {@link Score}s' counts are NaN.
 */
public final class Aggregate {
    private final Score low;
    private final Score mid;
    private final Score high;

    Aggregate(Score low, Score mid, Score high) {
        this.low = low;
        this.mid = mid;
        this.high = high;
    }

    /** Lower end of the confidence interval. */
    public Score low() {
        return low;
    }

    /** rouge-score: the median of the resampled means; Perl: their mean. */
    public Score mid() {
        return mid;
    }

    /** Upper end of the confidence interval. */
    public Score high() {
        return high;
    }

    @Override
    public String toString() {
        return "Aggregate{low=" + low + ", mid=" + mid + ", high=" + high + "}";
    }
}
