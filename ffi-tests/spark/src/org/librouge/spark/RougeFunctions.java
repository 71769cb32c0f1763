package org.librouge.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The SQL functions of librouge, for Spark SQL, the DataFrame API (Java, Scala) and PySpark:
 *
 * <pre>
 * rouge(candidate, references, metric)                 struct&lt;precision, recall, fmeasure&gt;
 * rouge_opts(candidate, references, metric, options)   the same with options
 * rouge_all(candidate, references, metrics, options)   map&lt;metric, struct&lt;precision, recall,
 *                                                        fmeasure, hit, reference_total, candidate_total&gt;&gt;
 * rouge_ids(candidate, references, metric)             token ids: ARRAY&lt;INT&gt;, ARRAY&lt;ARRAY&lt;INT&gt;&gt;
 * </pre>
 *
 * {@code candidate} is STRING or BINARY (UTF-8 bytes, checked by the library) and
 * {@code references} an ARRAY of them; sentences are the lines ({@code '\n'}). {@code metric}
 * is a name ({@code rouge1}, {@code rougeLsum}, {@code rougeW-1.2}, ...), {@code metrics} a
 * comma-separated list, {@code options} as {@link Config} describes ({@code "stem=true"},
 * {@code "flavour=perl"}, ...; NULL or '' for the defaults). Register them once per session with
 * {@link #register(SparkSession)} (PySpark: {@code spark._jvm.org.librouge.spark.RougeFunctions.register(spark._jsparkSession)},
 * or {@code spark.udf.registerJavaFunction} with the class names and the DDL types below), or
 * for every session with {@code --conf spark.sql.extensions=org.librouge.spark.RougeExtensions}.
 */
public final class RougeFunctions {
    /** Return type of rouge, rouge_opts and rouge_ids, as DDL for {@code registerJavaFunction}. */
    public static final String SCORE_DDL = "struct<precision:double,recall:double,fmeasure:double>";
    /** Return type of rouge_all, as DDL. */
    public static final String ALL_DDL = "map<string,struct<precision:double,recall:double,fmeasure:double,"
        + "hit:double,reference_total:double,candidate_total:double>>";

    public static final StructType SCORE_TYPE = (StructType) DataType.fromDDL(SCORE_DDL);
    public static final DataType ALL_TYPE = DataType.fromDDL(ALL_DDL);

    private RougeFunctions() {}

    /** Registers rouge, rouge_opts, rouge_all and rouge_ids in this session. */
    public static void register(SparkSession spark) {
        spark.udf().register("rouge", new RougeUdf(), SCORE_TYPE);
        spark.udf().register("rouge_opts", new RougeOptsUdf(), SCORE_TYPE);
        spark.udf().register("rouge_all", new RougeAllUdf(), ALL_TYPE);
        spark.udf().register("rouge_ids", new RougeIdsUdf(), SCORE_TYPE);
    }

    /** The column {@code rouge_opts(candidate, references, metric, options)}, without registering. */
    public static Column rouge(Column candidate, Column references, String metric, String options) {
        return rougeOptsUdf().apply(candidate, references, functions.lit(metric), functions.lit(options));
    }

    /** The column {@code rouge_all(candidate, references, metrics, options)}, without registering. */
    public static Column rougeAll(Column candidate, Column references, String metrics, String options) {
        return rougeAllUdf().apply(candidate, references, functions.lit(metrics), functions.lit(options));
    }

    /** The column {@code rouge_ids(candidate, references, metric)}, without registering. */
    public static Column rougeIds(Column candidate, Column references, String metric) {
        return rougeIdsUdf().apply(candidate, references, functions.lit(metric));
    }

    /** {@code rouge} as a function to apply to columns. */
    public static UserDefinedFunction rougeUdf() {
        return functions.udf(new RougeUdf(), SCORE_TYPE).withName("rouge");
    }

    /** {@code rouge_opts} as a function to apply to columns. */
    public static UserDefinedFunction rougeOptsUdf() {
        return functions.udf(new RougeOptsUdf(), SCORE_TYPE).withName("rouge_opts");
    }

    /** {@code rouge_all} as a function to apply to columns. */
    public static UserDefinedFunction rougeAllUdf() {
        return functions.udf(new RougeAllUdf(), ALL_TYPE).withName("rouge_all");
    }

    /** {@code rouge_ids} as a function to apply to columns. */
    public static UserDefinedFunction rougeIdsUdf() {
        return functions.udf(new RougeIdsUdf(), SCORE_TYPE).withName("rouge_ids");
    }

    /** The library version ({@code rouge_version}), which also loads the native library. */
    public static String version() {
        return org.librouge.Rouge.version();
    }
}
