package org.librouge.spark;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF4;

import scala.collection.Seq;

/** {@code rouge_opts(candidate, references, metric, options)}: {@link RougeUdf} with options ({@link Config}). */
public final class RougeOptsUdf implements UDF4<Object, Seq<Object>, String, String, Row> {
    private static final long serialVersionUID = 1L;

    @Override
    public Row call(Object candidate, Seq<Object> references, String metric, String options) {
        Rows.Prepared p = Rows.single(metric, options);
        return Rows.current().scoreText(p, candidate, references) ? Rows.score(p) : null;
    }
}
