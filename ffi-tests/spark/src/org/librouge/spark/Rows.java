package org.librouge.spark;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.librouge.Metric;
import org.librouge.RougeException;
import org.librouge.Scorer;
import org.librouge.TextScorer;

import scala.collection.Seq;

/**
 * The scoring state of one executor thread: prepared scorers by (metrics, options), reused for
 * every row of every task the thread runs, and the row buffers. Spark runs a task's rows on one
 * thread, and a scorer is not thread-safe, so each thread has its own ({@link #current()}).
 *
 * <p>Row policy: a malformed row (a NULL candidate, reference list or reference, no reference,
 * text the library refuses: invalid UTF-8 in a BINARY column, a NUL character) scores NULL, or
 * fails the query with {@code errors=fail}; a mistake in the query (unknown metric or option)
 * always fails it.
 */
final class Rows {
    private static final ThreadLocal<Rows> CURRENT = new ThreadLocal<Rows>() {
        @Override
        protected Rows initialValue() {
            return new Rows();
        }
    };

    /** A prepared configuration: its scorers (made on first use) and result buffer. */
    static final class Prepared {
        final Config config;
        final List<Metric> metrics;
        final String[] names;
        final double[] out;
        TextScorer text;
        Scorer ids;

        Prepared(String metricNames, String options) {
            List<String> keys = new ArrayList<String>();
            this.metrics = Config.metrics(metricNames, keys);
            this.names = keys.toArray(new String[0]);
            this.config = Config.parse(options);
            this.out = new double[metrics.size() * 6];
        }

        TextScorer text() {
            if (text == null) {
                text = new TextScorer(config.options, config.textOptions, metrics);
            }
            return text;
        }

        Scorer ids() {
            if (ids == null) {
                ids = new Scorer(config.options, metrics);
            }
            return ids;
        }
    }

    private final Map<String, Prepared> prepared = new HashMap<String, Prepared>();
    private String lastMetrics;
    private String lastOptions;
    private Prepared last;
    private Object[] references = new Object[4];
    private CharSequence[] referenceText = new CharSequence[4];
    private byte[][] referenceBytes = new byte[4][];
    private int[] referenceLengths = new int[4];
    private int[] tokens = new int[256];
    private long[] segmentEnds = new long[4];

    static Rows current() {
        return CURRENT.get();
    }

    Prepared prepare(String metrics, String options) {
        if (last != null && lastMetrics.equals(metrics) && Objects.equals(lastOptions, options)) {
            return last;
        }
        if (metrics == null) {
            throw new IllegalArgumentException("rouge: the metric is NULL");
        }
        String key = metrics + '\u0000' + (options == null ? "" : options);
        Prepared p = prepared.get(key);
        if (p == null) {
            p = new Prepared(metrics, options);
            prepared.put(key, p);
        }
        lastMetrics = metrics;
        lastOptions = options;
        last = p;
        return p;
    }

    /**
     * Scores a text row into {@code p.out}: the candidate and references are each a String
     * (a Spark STRING) or a byte[] (BINARY, handed to the library as it is). Returns false for a
     * malformed row under {@code errors=null}.
     */
    boolean scoreText(Prepared p, Object candidate, Seq<Object> refs) {
        if (candidate == null || refs == null) {
            return malformed(p, candidate == null ? "NULL candidate" : "NULL references");
        }
        int n = refs.length();
        if (references.length < n) {
            int m = Math.max(n, 2 * references.length);
            references = new Object[m];
            referenceText = new CharSequence[m];
            referenceBytes = Arrays.copyOf(referenceBytes, m);
            referenceLengths = new int[m];
        }
        boolean bytes = candidate instanceof byte[];
        for (int i = 0; i < n; i++) {
            Object r = refs.apply(i);
            if (r == null) {
                return malformed(p, "NULL reference " + i);
            }
            bytes |= r instanceof byte[];
            references[i] = r;
        }
        try {
            if (!bytes) {
                for (int i = 0; i < n; i++) {
                    referenceText[i] = (String) references[i];
                }
                p.text().scoreInto((String) candidate, referenceText, n, p.out);
            } else {
                byte[] c = utf8(candidate);
                for (int i = 0; i < n; i++) {
                    referenceBytes[i] = utf8(references[i]);
                    referenceLengths[i] = referenceBytes[i].length;
                }
                p.text().scoreUtf8Into(c, c.length, referenceBytes, referenceLengths, n, p.out);
            }
        } catch (RougeException e) {
            return malformed(p, e.getMessage());
        } finally {
            Arrays.fill(references, 0, n, null);
            Arrays.fill(referenceText, 0, n, null);
        }
        return true;
    }

    /**
     * Scores a token-id row (ARRAY&lt;INT&gt; against ARRAY&lt;ARRAY&lt;INT&gt;&gt;) into {@code p.out}:
     * the ids are copied into this thread's token buffer, candidate first, and scored from
     * there ({@link Scorer#scoreSegmentsInto}), so a row allocates nothing once the buffers
     * have grown to the longest row.
     */
    boolean scoreIds(Prepared p, Seq<Object> candidate, Seq<Object> refs) {
        if (candidate == null || refs == null) {
            return malformed(p, candidate == null ? "NULL candidate" : "NULL references");
        }
        int n = refs.length();
        if (segmentEnds.length < n + 1) {
            segmentEnds = new long[Math.max(n + 1, 2 * segmentEnds.length)];
        }
        int at = appendIds(candidate, 0);
        if (at < 0) {
            return malformed(p, "NULL token in the candidate");
        }
        segmentEnds[0] = at;
        for (int i = 0; i < n; i++) {
            @SuppressWarnings("unchecked")
            Seq<Object> ref = (Seq<Object>) refs.apply(i);
            at = ref == null ? -1 : appendIds(ref, at);
            if (at < 0) {
                return malformed(p, "NULL reference " + i + " or token in it");
            }
            segmentEnds[i + 1] = at;
        }
        try {
            p.ids().scoreSegmentsInto(tokens, segmentEnds, n + 1, p.out);
        } catch (RougeException e) {
            return malformed(p, e.getMessage());
        }
        return true;
    }

    /** Appends the ids of {@code s} to {@code tokens} at {@code at}; the new end, or -1 for a NULL id. */
    private int appendIds(Seq<Object> s, int at) {
        int len = s.length();
        if ((long) at + len > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("rouge_ids: a row of more than 2^31 - 9 token ids");
        }
        if (tokens.length - at < len) {
            tokens = Arrays.copyOf(tokens, (int) Math.min(Integer.MAX_VALUE - 8,
                Math.max((long) at + len, 2L * tokens.length)));
        }
        for (int i = 0; i < len; i++) {
            Object x = s.apply(i);
            if (x == null) {
                return -1;
            }
            tokens[at++] = ((Number) x).intValue();
        }
        return at;
    }

    private static byte[] utf8(Object text) {
        return text instanceof byte[] ? (byte[]) text : ((String) text).getBytes(StandardCharsets.UTF_8);
    }

    private static boolean malformed(Prepared p, String why) {
        if (p.config.failOnBadRow) {
            throw new IllegalArgumentException("rouge: malformed row (errors=fail): " + why);
        }
        return false;
    }

    /** Metric 0 of {@code p.out} as struct&lt;precision, recall, fmeasure&gt;. */
    static Row score(Prepared p) {
        return RowFactory.create(p.out[0], p.out[1], p.out[2]);
    }

    /** Every metric of {@code p.out}, by the name the query gave, with counts. */
    static Map<String, Row> all(Prepared p) {
        Map<String, Row> m = new LinkedHashMap<String, Row>();
        for (int i = 0; i < p.names.length; i++) {
            int at = 6 * i;
            m.put(p.names[i], RowFactory.create(p.out[at], p.out[at + 1], p.out[at + 2], p.out[at + 3], p.out[at + 4],
                p.out[at + 5]));
        }
        return m;
    }

    static Prepared single(String metric, String options) {
        Prepared p = current().prepare(metric, options);
        if (p.names.length != 1) {
            throw new IllegalArgumentException("rouge: one metric expected, got \"" + metric + "\" (rouge_all scores several)");
        }
        return p;
    }
}
