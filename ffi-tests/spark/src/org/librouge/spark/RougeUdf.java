package org.librouge.spark;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF3;

import scala.collection.Seq;

/**
 * {@code rouge(candidate, references, metric)}: struct&lt;precision, recall, fmeasure&gt; of one
 * metric with the default options (rouge-score's). {@code candidate} is STRING or BINARY,
 * {@code references} ARRAY of the same; NULL for a malformed row ({@link Rows}). For PySpark:
 * {@code spark.udf.registerJavaFunction("rouge", "org.librouge.spark.RougeUdf", RougeFunctions.SCORE_DDL)}.
 */
public final class RougeUdf implements UDF3<Object, Seq<Object>, String, Row> {
    private static final long serialVersionUID = 1L;

    @Override
    public Row call(Object candidate, Seq<Object> references, String metric) {
        Rows.Prepared p = Rows.single(metric, null);
        return Rows.current().scoreText(p, candidate, references) ? Rows.score(p) : null;
    }
}
