import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.librouge.Metric;
import org.librouge.Options;
import org.librouge.Score;
import org.librouge.Scorer;

/**
 * The Java host of the cross-host agreement test (../../agree/README.md): reads cases.tsv,
 * scores every case with each configuration's metrics pair by pair, writes java.out in the
 * protocol's format. It also scores all cases in one batch call per configuration and fails
 * unless the batch results are bit for bit the pair results.
 *
 * <p>Usage: {@code java -Djava.library.path=build AgreeJava cases.tsv java.out}
 */
public final class AgreeJava {
    private static final String[] METRICS = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum",
        "rougeW-1.2", "rougeS4", "rougeS*", "rougeSU4"};
    private static final String[] CONFIG_NAMES = {"rouge-score", "perl"};

    private AgreeJava() {}

    /** One line of cases.tsv. */
    private static final class Case {
        String id;
        int[] cand;
        long[] candEnds;
        int[][] refs;
        long[][] refEnds;
    }

    /** Space-separated decimals; token ids up to 2^32 - 1 become ints with the same 32 bits. */
    private static long[] longs(String field) {
        if (field.isEmpty()) {
            return new long[0];
        }
        String[] parts = field.split(" ");
        long[] v = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            v[i] = Long.parseLong(parts[i]);
        }
        return v;
    }

    private static int[] ids(String field) {
        long[] v = longs(field);
        int[] t = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            if (v[i] < 0 || v[i] > 0xFFFFFFFFL) {
                throw new IllegalArgumentException("token id out of uint32 range: " + v[i]);
            }
            t[i] = (int) v[i];
        }
        return t;
    }

    private static List<Case> read(String path) throws IOException {
        List<Case> cases = new ArrayList<Case>();
        BufferedReader in = Files.newBufferedReader(Paths.get(path), StandardCharsets.UTF_8);
        try {
            String line;
            while ((line = in.readLine()) != null) {
                String[] f = line.split("\t", -1);
                if (f.length < 5 || (f.length - 3) % 2 != 0) {
                    throw new IllegalArgumentException("malformed line: " + line);
                }
                Case c = new Case();
                c.id = f[0];
                c.cand = ids(f[1]);
                c.candEnds = longs(f[2]);
                int refs = (f.length - 3) / 2;
                c.refs = new int[refs][];
                c.refEnds = new long[refs][];
                for (int r = 0; r < refs; r++) {
                    c.refs[r] = ids(f[3 + 2 * r]);
                    c.refEnds[r] = longs(f[4 + 2 * r]);
                }
                cases.add(c);
            }
        } finally {
            in.close();
        }
        return cases;
    }

    private static void hex(Writer w, double x) throws IOException {
        w.write(' ');
        w.write(String.format("%016x", Double.doubleToRawLongBits(x)));
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: AgreeJava cases.tsv java.out");
            System.exit(2);
        }
        int mismatches = run(args[0], args[1]);
        if (mismatches > 0) {
            System.err.printf("agree-java: %d batch results differ from the pair results%n", mismatches);
            System.exit(1);
        }
    }

    /**
     * Writes the agreement output of {@code casesPath} to {@code outPath}; returns how many batch
     * results differ from the pair results (0 when all agree). Also run by junit/RougeSuiteTest.
     */
    static int run(String casesPath, String outPath) throws IOException {
        List<Case> cases = read(casesPath);
        Scorer[] scorers = {Scorer.of(Options.rougeScore(), METRICS), Scorer.of(Options.perl(), METRICS)};
        for (int c = 0; c < scorers.length; c++) {
            for (int m = 0; m < METRICS.length; m++) {
                Metric want = Metric.parse(METRICS[m]);
                if (!scorers[c].metrics().get(m).equals(want)) {
                    throw new AssertionError("metric order");
                }
            }
        }
        Score[][][] pairResults = new Score[2][cases.size()][];
        Writer out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(Paths.get(outPath)),
            StandardCharsets.UTF_8));
        try {
            for (int k = 0; k < cases.size(); k++) {
                Case cs = cases.get(k);
                for (int c = 0; c < 2; c++) {
                    Score[] s = scorers[c].score(cs.cand, cs.candEnds, cs.refs, cs.refEnds);
                    pairResults[c][k] = s;
                    for (int m = 0; m < METRICS.length; m++) {
                        out.write(cs.id + " " + CONFIG_NAMES[c] + " " + METRICS[m]);
                        hex(out, s[m].precision());
                        hex(out, s[m].recall());
                        hex(out, s[m].fmeasure());
                        hex(out, s[m].hit());
                        hex(out, s[m].referenceTotal());
                        hex(out, s[m].candidateTotal());
                        out.write('\n');
                    }
                }
            }
        } finally {
            out.close();
        }

        // The same cases as one batch per configuration: bit-identical results.
        int n = cases.size();
        int[][] cands = new int[n][];
        long[][] candEnds = new long[n][];
        int[][][] refs = new int[n][][];
        long[][][] refEnds = new long[n][][];
        for (int k = 0; k < n; k++) {
            cands[k] = cases.get(k).cand;
            candEnds[k] = cases.get(k).candEnds;
            refs[k] = cases.get(k).refs;
            refEnds[k] = cases.get(k).refEnds;
        }
        int mismatches = 0;
        for (int c = 0; c < 2; c++) {
            Score[][] batch = scorers[c].scoreBatch(cands, candEnds, refs, refEnds);
            for (int k = 0; k < n; k++) {
                for (int m = 0; m < METRICS.length; m++) {
                    if (!batch[k][m].equals(pairResults[c][k][m])) {
                        if (mismatches++ < 5) {
                            System.err.printf("agree-java: batch differs from pair: %s %s %s: %s vs %s%n",
                                cases.get(k).id, CONFIG_NAMES[c], METRICS[m], batch[k][m], pairResults[c][k][m]);
                        }
                    }
                }
            }
        }
        if (mismatches == 0) {
            System.err.printf("agree-java: wrote %d cases x 2 configurations x %d metrics to %s; batch == pair%n", n,
                METRICS.length, outPath);
        }
        return mismatches;
    }
}
