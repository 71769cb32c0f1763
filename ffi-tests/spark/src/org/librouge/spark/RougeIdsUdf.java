package org.librouge.spark;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF3;

import scala.collection.Seq;

/**
 * {@code rouge_ids(candidate ARRAY<INT>, references ARRAY<ARRAY<INT>>, metric)}: one metric on
 * token ids (any injective mapping of words to ints; no sentence ends, so rougeLsum equals
 * rougeL here), rouge-score's definitions, struct&lt;precision, recall, fmeasure&gt;.
 */
public final class RougeIdsUdf implements UDF3<Seq<Object>, Seq<Object>, String, Row> {
    private static final long serialVersionUID = 1L;

    @Override
    public Row call(Seq<Object> candidate, Seq<Object> references, String metric) {
        Rows.Prepared p = Rows.single(metric, null);
        return Rows.current().scoreIds(p, candidate, references) ? Rows.score(p) : null;
    }
}
