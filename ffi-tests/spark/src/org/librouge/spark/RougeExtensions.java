package org.librouge.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.expressions.UserDefinedFunction;

import scala.Tuple3;
import scala.collection.Seq;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The functions for SQL-only sessions ({@code spark-sql}, the Thrift server, notebooks), with no
 * code to run: {@code --conf spark.sql.extensions=org.librouge.spark.RougeExtensions} makes
 * rouge, rouge_opts, rouge_all and rouge_ids part of every session, as if
 * {@link RougeFunctions#register} had been called.
 */
public final class RougeExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
    @Override
    public BoxedUnit apply(SparkSessionExtensions extensions) {
        inject(extensions, "rouge", RougeFunctions.rougeUdf(), "candidate, references, metric",
            "struct<precision, recall, fmeasure> of one metric, rouge-score's definitions");
        inject(extensions, "rouge_opts", RougeFunctions.rougeOptsUdf(), "candidate, references, metric, options",
            "struct<precision, recall, fmeasure> of one metric with options ('stem=true', 'flavour=perl', ...)");
        inject(extensions, "rouge_all", RougeFunctions.rougeAllUdf(), "candidate, references, metrics, options",
            "map<metric, struct<precision, recall, fmeasure, hit, reference_total, candidate_total>>");
        inject(extensions, "rouge_ids", RougeFunctions.rougeIdsUdf(), "candidate, references, metric",
            "struct<precision, recall, fmeasure> of one metric over token ids (ARRAY<INT>)");
        return BoxedUnit.UNIT;
    }

    private static void inject(SparkSessionExtensions extensions, String name, UserDefinedFunction udf,
                               String arguments, String usage) {
        // className, db, name, usage, arguments, examples, note, group, since, deprecated, source
        ExpressionInfo info = new ExpressionInfo(RougeFunctions.class.getName(), null, name,
            name + "(" + arguments + ") - " + usage, "", "", "", "", "", "", "java_udf");
        extensions.injectFunction(new Tuple3<FunctionIdentifier, ExpressionInfo,
            scala.Function1<Seq<Expression>, Expression>>(new FunctionIdentifier(name), info,
            new Builder(name, udf, arguments.split(",").length, arguments)));
    }

    /** The expression of one call: the arguments checked for number, then the UDF applied. */
    private static final class Builder extends AbstractFunction1<Seq<Expression>, Expression> {
        private final String name;
        private final UserDefinedFunction udf;
        private final int arity;
        private final String arguments;

        Builder(String name, UserDefinedFunction udf, int arity, String arguments) {
            this.name = name;
            this.udf = udf;
            this.arity = arity;
            this.arguments = arguments;
        }

        @Override
        public Expression apply(Seq<Expression> children) {
            if (children.length() != arity) {
                throw new IllegalArgumentException(name + "(" + arguments + ") takes " + arity + " arguments, got "
                    + children.length());
            }
            Column[] columns = new Column[arity];
            for (int i = 0; i < arity; i++) {
                columns[i] = new Column(children.apply(i));
            }
            return udf.apply(columns).expr();
        }
    }
}
