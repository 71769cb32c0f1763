import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

import org.librouge.Metric;
import org.librouge.Options;
import org.librouge.RougeException;
import org.librouge.Score;
import org.librouge.TextOptions;
import org.librouge.TextScorer;
import org.librouge.XlSum;

/**
 * XL-Sum's multilingual scorer through the binding: the fork's own scores (P, R, F as Python's
 * float.hex, compared bit for bit) of ffi-tests/agree/xlsum_cases.jsonl, copied from
 * ../shared/multilingual/cases.jsonl by ffi-tests/agree/gen_xlsum_cases.py; and its errors.
 */
final class XlSumTest {
    private XlSumTest() {}

    static final String[] METRICS = {"rouge1", "rouge2", "rougeL", "rougeLsum"};
    static final String[] FIELDS = {"precision", "recall", "fmeasure"};

    /** The repository's ffi-tests/agree/xlsum_cases.jsonl, found from -Drouge.conformance (its tests/conformance). */
    static Path casesFile() {
        Path dir = Paths.get(System.getProperty("rouge.conformance")).toAbsolutePath().normalize();
        return dir.getParent().getParent().resolve("ffi-tests/agree/xlsum_cases.jsonl");
    }

    static String[] strings(Object o) {
        List<Object> a = RougeTest.arr(o);
        return a.toArray(new String[0]);
    }

    static void testCases() throws IOException {
        List<String> lines = Files.readAllLines(casesFile(), StandardCharsets.UTF_8);
        T.check(lines.size() >= 10, "%d cases", lines.size());
        int segmented = scoreCases(lines);
        T.check(segmented == 3, "%d segmented cases (zh, ja, th)", segmented);
    }

    /** Every case of ../shared/multilingual/cases.jsonl (3,236), when that folder is beside the checkout. */
    static void testSharedCases() throws IOException {
        Path root = casesFile().getParent().getParent().getParent();
        Path shared = root.getParent().resolve("shared/multilingual/cases.jsonl");
        if (!Files.exists(shared)) {
            System.out.println("     skipped: no " + shared);
            return;
        }
        List<String> lines = Files.readAllLines(shared, StandardCharsets.UTF_8);
        int segmented = scoreCases(lines);
        System.out.println("     " + lines.size() + " cases of " + shared + " (" + segmented
            + " with their segmenter's tokens) bit for bit");
    }

    /** Checks each case's scores; returns how many were scored from their segmenter's tokens. */
    static int scoreCases(List<String> lines) {
        Metric[] ms = new Metric[METRICS.length];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = Metric.parse(METRICS[i]);
        }
        int segmented = 0;
        for (String line : lines) {
            Map<String, Object> c = RougeTest.obj(Json.parse(line));
            String id = (String) c.get("id");
            String lang = (String) c.get("lang");
            TextOptions t = TextOptions.of(TextOptions.Tokenizer.XLSUM).withStem((Boolean) c.get("use_stemmer"))
                .withLang(lang);
            TextScorer scorer = new TextScorer(Options.rougeScore(), t, ms);
            String target = (String) c.get("target");
            String prediction = (String) c.get("prediction");
            Score[] got;
            // The fork's score(target, prediction): the prediction is the candidate.
            if (XlSum.segmenter(lang) == null) {
                got = scorer.score(prediction, target);
            } else {
                segmented++;
                RougeException e = T.expect(RougeException.class, () -> scorer.score(prediction, target), id + " unsegmented");
                T.check(e.status() == RougeException.INVALID_ARGUMENT && e.getMessage().contains("scoreSegmented"),
                    "%s: %s", id, e.getMessage());
                Map<String, Object> tokens = RougeTest.obj(c.get("tokens"));
                got = scorer.scoreSegmented(prediction, new String[] {target},
                    new String[][] {strings(tokens.get("prediction")), strings(tokens.get("target"))});
                // The segmenter read the cleaned text: its tokens, white space removed, are its characters.
                for (String side : new String[] {"target", "prediction"}) {
                    String clean = XlSum.cleanText((String) c.get(side)).replaceAll("\\s+", "");
                    String joined = String.join("", strings(tokens.get(side))).replaceAll("\\s+", "");
                    T.check(clean.equals(joined), "%s %s: cleaned %s, tokens %s", id, side, clean, joined);
                }
            }
            Map<String, Object> scores = RougeTest.obj(c.get("scores"));
            for (int m = 0; m < METRICS.length; m++) {
                Map<String, Object> want = RougeTest.obj(scores.get(METRICS[m]));
                double[] have = {got[m].precision(), got[m].recall(), got[m].fmeasure()};
                for (int f = 0; f < FIELDS.length; f++) {
                    String hex = (String) RougeTest.obj(want.get(FIELDS[f])).get("hex");
                    double w = Double.parseDouble(hex);
                    T.check(Double.doubleToRawLongBits(have[f]) == Double.doubleToRawLongBits(w), "%s %s.%s: got %s, want %s",
                        id, METRICS[m], FIELDS[f], have[f], hex);
                }
            }
        }
        return segmented;
    }

    static void testErrors() {
        Metric[] ms = {Metric.parse("rouge1")};
        RougeException e = T.expect(RougeException.class,
            () -> new TextScorer(Options.rougeScore(), TextOptions.of(TextOptions.Tokenizer.ROUGE_SCORE).withLang("bengali"), ms),
            "lang with rouge-score's tokeniser");
        T.check(e.status() == RougeException.INVALID_ARGUMENT, "status %d", e.status());
        TextOptions bengali = TextOptions.of(TextOptions.Tokenizer.XLSUM).withLang("bengali").withStem(true);
        T.check(bengali.lang().equals("bengali") && bengali.equals(TextOptions.of(TextOptions.Tokenizer.XLSUM)
            .withStem(true).withLang("bengali")) && !bengali.equals(bengali.withLang(null)), "%s", bengali);
        TextScorer s = new TextScorer(Options.rougeScore(), bengali, ms);
        T.expect(IllegalArgumentException.class, () -> s.scoreSegmented("a", new String[] {"a"}, new String[][] {{"a"}}),
            "one token list for two texts");
        T.expect(NullPointerException.class, () -> s.scoreSegmented("a", new String[] {"a"}, new String[][] {{"a"}, null}),
            "a null token list");
        T.expect(NullPointerException.class,
            () -> s.scoreSegmented("a", new String[] {"a"}, new String[][] {{"a"}, {null}}), "a null token");
        e = T.expect(RougeException.class, () -> s.scoreSegmented("a", new String[0], new String[][] {{"a"}}), "no reference");
        T.check(e.status() == RougeException.INVALID_ARGUMENT, "status %d", e.status());
        e = T.expect(RougeException.class, () -> s.scoreUtf8(new byte[] {'a', (byte) 0xff}, new byte[] {'a'}), "invalid UTF-8");
        T.check(e.status() == RougeException.INVALID_UTF8, "status %d", e.status());
        TextScorer plain = new TextScorer(Options.rougeScore(), TextOptions.of(TextOptions.Tokenizer.ROUGE_SCORE), ms);
        e = T.expect(RougeException.class,
            () -> plain.scoreSegmented("a", new String[] {"a"}, new String[][] {{"a"}, {"a"}}), "segmented with rouge-score");
        T.check(e.status() == RougeException.INVALID_ARGUMENT && e.getMessage().contains("XLSUM"), "%s", e.getMessage());
        T.check(XlSum.segmenter("bengali") == null && XlSum.segmenter(null) == null
            && XlSum.segmenter("thai").contains("newmm"), "segmenter names");
        T.expect(NullPointerException.class, () -> XlSum.cleanText(null), "cleanText(null)");
    }
}
