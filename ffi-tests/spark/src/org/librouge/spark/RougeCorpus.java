package org.librouge.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.librouge.Aggregate;
import org.librouge.Bootstrap;
import org.librouge.Corpus;
import org.librouge.Metric;
import org.librouge.Score;

/**
 * Corpus aggregates of a column of {@code rouge_all} results: for each metric, the macro mean
 * of P, R and F, the micro scores of the pooled counts, and bootstrap intervals, all computed
 * by the library ({@code rouge_corpus_macro}, {@code _micro}, {@code _bootstrap}) on the driver
 * over the per-pair results in the order of {@code orderColumn}, so the values are those the C
 * library gives for the same results in the same order, bit for bit. Rows whose result is NULL
 * (malformed) are left out and counted. The per-pair results travel to the driver: 48 bytes per
 * pair and metric.
 */
public final class RougeCorpus {
    /** Schema of the result: one row per metric and statistic (macro, micro, low, mid, high). */
    public static final StructType RESULT_TYPE = (StructType) DataType.fromDDL(
        "metric string, statistic string, precision double, recall double, fmeasure double, pairs long,"
            + " null_rows long");

    private RougeCorpus() {}

    /**
     * Aggregates {@code scoresColumn} (a rouge_all map computed with {@code metrics} and
     * {@code options}) ordered by {@code orderColumn}; the bootstrap follows the options'
     * flavour (rouge-score's BootstrapAggregator or ROUGE-1.5.5's) with these samples, seed and
     * confidence.
     */
    public static Dataset<Row> aggregate(Dataset<Row> perPair, String orderColumn, String scoresColumn, String metrics,
                                         String options, long samples, int seed, double confidence) {
        List<String> names = new ArrayList<String>();
        List<Metric> ms = Config.metrics(metrics, names);
        Config config = Config.parse(options);
        List<Row> rows = perPair.orderBy(functions.col(orderColumn)).select(functions.col(scoresColumn))
            .collectAsList();
        int m = ms.size();
        double[] flat = new double[Math.multiplyExact(Math.multiplyExact(rows.size(), m), 6)];
        int pairs = 0;
        long nulls = 0;
        for (Row r : rows) {
            if (r.isNullAt(0)) {
                nulls++;
                continue;
            }
            Map<String, Row> byName = r.getJavaMap(0);
            for (int i = 0; i < m; i++) {
                Row s = byName.get(names.get(i));
                if (s == null) {
                    throw new IllegalArgumentException("rouge: no " + names.get(i) + " in " + scoresColumn + " (metrics "
                        + byName.keySet() + ")");
                }
                int at = (pairs * m + i) * 6;
                for (int k = 0; k < 6; k++) {
                    flat[at + k] = s.getDouble(k);
                }
            }
            pairs++;
        }
        Score[] macro = Corpus.macro(flat, pairs, m);
        Score[] micro = Corpus.micro(flat, pairs, ms, config.options);
        Bootstrap b = Bootstrap.of(config.options.flavour() == org.librouge.Options.Flavour.PERL ? Bootstrap.Method.PERL
            : Bootstrap.Method.ROUGE_SCORE).withSamples(samples).withSeed(seed).withConfidence(confidence);
        Aggregate[] boot = Corpus.bootstrap(flat, pairs, m, b);
        List<Row> out = new ArrayList<Row>();
        for (int i = 0; i < m; i++) {
            String n = names.get(i);
            out.add(row(n, "macro", macro[i], pairs, nulls));
            out.add(row(n, "micro", micro[i], pairs, nulls));
            out.add(row(n, "low", boot[i].low(), pairs, nulls));
            out.add(row(n, "mid", boot[i].mid(), pairs, nulls));
            out.add(row(n, "high", boot[i].high(), pairs, nulls));
        }
        return SparkSession.active().createDataFrame(out, RESULT_TYPE);
    }

    private static Row row(String metric, String statistic, Score s, long pairs, long nulls) {
        return RowFactory.create(metric, statistic, s.precision(), s.recall(), s.fmeasure(), pairs, nulls);
    }
}
