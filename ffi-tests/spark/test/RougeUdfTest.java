import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.librouge.spark.RougeIdsUdf;

import scala.collection.JavaConverters;
import scala.collection.Seq;

/**
 * The Spark module's tests under Surefire (pom.xml), without a Spark session (Spark is only
 * provided; the PySpark suite, test_spark.py, runs the functions in Spark itself): the
 * {@code rouge_ids} function's class called as Spark calls it, on every case of the hosts'
 * agreement set (../agree/build/cases.tsv), each metric that needs no sentence ends (rouge_ids
 * takes none) compared bit for bit with the C host's rouge-score lines of c.out. The binding and
 * its native library come from org.librouge:librouge by its coordinates.
 */
class RougeUdfTest {
    private static final String[] METRICS = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeW-1.2",
        "rougeS4", "rougeS*", "rougeSU4"};

    private static Seq<Object> ids(String field) {
        List<Object> out = new ArrayList<>();
        for (String w : field.trim().split(" +")) {
            if (!w.isEmpty()) {
                out.add((int) Long.parseLong(w)); // uint32 ids as Spark's INT: 2^31 and above negative
            }
        }
        return JavaConverters.asScalaBuffer(out).toSeq();
    }

    @Test
    void rougeIdsAgreesWithC() throws Exception {
        String agree = System.getProperty("rouge.agree.dir");
        Assertions.assertNotNull(agree, "run with -Drouge.agree.dir=ffi-tests/agree/build (pom.xml sets it)");
        // c.out: "<case> <config> <metric> <P> <R> <F> <hit> <ref total> <cand total>" in hex bits.
        Map<String, String[]> want = new HashMap<>();
        for (String line : Files.readAllLines(Paths.get(agree, "c.out"), StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            if (f.length == 9 && f[1].equals("rouge-score")) {
                want.put(f[0] + " " + f[2], f);
            }
        }
        RougeIdsUdf udf = new RougeIdsUdf();
        int compared = 0;
        for (String line : Files.readAllLines(Paths.get(agree, "cases.tsv"), StandardCharsets.UTF_8)) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            Seq<Object> cand = ids(f[1]);
            List<Object> refs = new ArrayList<>();
            for (int k = 3; k < f.length; k += 2) {
                refs.add(ids(f[k]));
            }
            Seq<Object> refSeq = JavaConverters.asScalaBuffer(refs).toSeq();
            for (String metric : METRICS) {
                Row got = udf.call(cand, refSeq, metric);
                String[] w = want.get(f[0] + " " + metric);
                Assertions.assertNotNull(w, "c.out has no line for " + f[0] + " " + metric);
                Assertions.assertNotNull(got, f[0] + " " + metric + ": NULL");
                for (int i = 0; i < 3; i++) {
                    long bits = Double.doubleToRawLongBits(got.getDouble(i));
                    Assertions.assertEquals(Long.parseUnsignedLong(w[3 + i], 16), bits,
                        f[0] + " " + metric + " field " + i + ": " + got.getDouble(i));
                }
                compared++;
            }
        }
        Assertions.assertTrue(compared > 3000, compared + " comparisons");
        System.out.println("rouge_ids: " + compared + " case x metric results bit for bit c.out's");
    }

    @Test
    void malformedRowsGiveNull() {
        RougeIdsUdf udf = new RougeIdsUdf();
        Seq<Object> one = ids("1 2 3");
        Assertions.assertNull(udf.call(null, JavaConverters.asScalaBuffer(new ArrayList<Object>(List.of(one))).toSeq(), "rouge1"));
        Assertions.assertNull(udf.call(one, null, "rouge1"));
        IllegalArgumentException e = Assertions.assertThrows(IllegalArgumentException.class,
            () -> udf.call(one, JavaConverters.asScalaBuffer(new ArrayList<Object>(List.of(one))).toSeq(), "rougeX"));
        Assertions.assertTrue(e.getMessage().contains("unknown metric name \"rougeX\""), e.getMessage());
    }
}
