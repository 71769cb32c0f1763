package org.librouge.spark;

import java.util.Map;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF4;

import scala.collection.Seq;

/**
 * {@code rouge_all(candidate, references, metrics, options)}: every metric of the
 * comma-separated list, scored in one call, as map&lt;metric name, struct&lt;precision, recall,
 * fmeasure, hit, reference_total, candidate_total&gt;&gt; (the counts feed the pooled micro
 * scores of {@link RougeCorpus}).
 */
public final class RougeAllUdf implements UDF4<Object, Seq<Object>, String, String, Map<String, Row>> {
    private static final long serialVersionUID = 1L;

    @Override
    public Map<String, Row> call(Object candidate, Seq<Object> references, String metrics, String options) {
        Rows rows = Rows.current();
        Rows.Prepared p = rows.prepare(metrics, options);
        return rows.scoreText(p, candidate, references) ? Rows.all(p) : null;
    }
}
