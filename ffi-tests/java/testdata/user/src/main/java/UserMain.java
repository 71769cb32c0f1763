import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.librouge.Metric;
import org.librouge.Options;
import org.librouge.Rouge;
import org.librouge.RougeException;
import org.librouge.Score;
import org.librouge.TextOptions;
import org.librouge.TextScorer;

/**
 * A user's program on org.librouge:librouge from a Maven repository (../../../package-test.sh):
 * the native library comes out of the dependency's jar. Usage: {@code UserMain CASES.tsv OUT
 * CONFORMANCE_DIR}: writes the hosts' agreement output for CASES.tsv to OUT (AgreeJava, the
 * binding's agreement host, copied beside this file; OUT must equal c.out byte for byte), then
 * scores rouge-score 0.1.2's text cases of seed_examples.jsonl and pltrdy_rouge_score.jsonl
 * from text (with and without its stemmer) and checks them within 1e-9. Exits non-zero on a
 * mismatch.
 */
public final class UserMain {
    public static void main(String[] args) throws Exception {
        System.out.println("librouge " + Rouge.version() + " (ABI " + Rouge.abiVersion() + ")");
        if (AgreeJava.run(args[0], args[1]) != 0) {
            throw new AssertionError("batch results differ from pair results");
        }
        System.out.println("agreement output written to " + args[1]);
        int count = 0;
        int stemmed = 0;
        for (String file : new String[] {"seed_examples.jsonl", "pltrdy_rouge_score.jsonl"}) {
            for (String line : Files.readAllLines(Paths.get(args[2], file), StandardCharsets.UTF_8)) {
                if (line.trim().isEmpty()) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> c = (Map<String, Object>) Json.parse(line);
                if (!"rouge-score 0.1.2".equals(c.get("tool")) || !(c.get("candidate") instanceof String)) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> options = (Map<String, Object>) c.get("options");
                boolean stem = Boolean.TRUE.equals(options.get("use_stemmer"));
                @SuppressWarnings("unchecked")
                Map<String, Map<String, Double>> expected = (Map<String, Map<String, Double>>) c.get("expected");
                List<String> names = new ArrayList<>(expected.keySet());
                names.sort(null);
                List<Metric> metrics = new ArrayList<>();
                for (String name : names) {
                    metrics.add(Metric.parse(name));
                }
                TextScorer scorer = new TextScorer(Options.rougeScore(),
                    TextOptions.of(TextOptions.Tokenizer.ROUGE_SCORE).withStem(stem), metrics);
                @SuppressWarnings("unchecked")
                List<String> refs = (List<String>) c.get("references");
                Score[] got = scorer.score((String) c.get("candidate"), refs.toArray(new String[0]));
                for (int i = 0; i < names.size(); i++) {
                    Map<String, Double> want = expected.get(names.get(i));
                    double[] g = {got[i].precision(), got[i].recall(), got[i].fmeasure()};
                    String[] fields = {"precision", "recall", "fmeasure"};
                    for (int f = 0; f < 3; f++) {
                        if (!(Math.abs(g[f] - want.get(fields[f])) <= 1e-9)) {
                            throw new AssertionError(c.get("id") + " " + names.get(i) + "." + fields[f] + ": got " + g[f]
                                + ", rouge-score " + want.get(fields[f]));
                        }
                    }
                }
                count++;
                if (stem) {
                    stemmed++;
                }
            }
        }
        if (count == 0 || stemmed == 0) {
            throw new AssertionError(count + " text cases, " + stemmed + " stemmed");
        }
        System.out.println("text: " + count + " rouge-score cases (" + stemmed + " stemmed) within 1e-9");
        try {
            Metric.parse("rouge0");
            throw new AssertionError("Metric.parse(\"rouge0\") did not throw");
        } catch (RougeException e) {
            System.out.println("errors: " + e.getMessage());
        }
    }
}
