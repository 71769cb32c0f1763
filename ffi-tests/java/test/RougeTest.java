import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import org.librouge.Aggregate;
import org.librouge.Bootstrap;
import org.librouge.Corpus;
import org.librouge.Metric;
import org.librouge.Options;
import org.librouge.Rouge;
import org.librouge.RougeException;
import org.librouge.Score;
import org.librouge.Scorer;
import org.librouge.Stream;
import org.librouge.TextOptions;
import org.librouge.TextScorer;

/**
 * Tests of the Java binding: plain main, run with {@code java -ea -Djava.library.path=build}.
 * Expected values come from outside the library: hand computations (the arithmetic is in the
 * comments), values copied from ../shared/conformance (seed_examples.jsonl, synthetic_ids.jsonl,
 * real_rouge155.jsonl, real_rouge_score.jsonl; the case id is named), and the conformance files
 * read at run time ({@code -Drouge.conformance=DIR}, plus ../shared/conformance when present).
 * The other tests compare the binding with itself (batch vs pair, threads vs sequential, high
 * ids vs small ids), never with values obtained by running the library.
 */
public final class RougeTest {
    private RougeTest() {}

    /** 1e-9: the project's tolerance for rouge-score values (conformance README). */
    private static final double TOL = 1e-9;

    private static final String[] ID_METRICS = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum",
        "rougeW-1.2", "rougeS0", "rougeS1", "rougeS4", "rougeS*", "rougeSU4"};
    private static final String[] TEXT_METRICS = {"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum"};

    // ------------------------------------------------------------------------------------------
    // Helpers
    // ------------------------------------------------------------------------------------------

    /**
     * Words to ids: the basic tokeniser rule both reference tools use on ASCII text (lowercase,
     * tokens are runs of [a-z0-9], anything else separates, sentences end at '\n'). Ids are
     * {@code base + k} for the k-th new word, in int arithmetic: a base of 0x80000000 gives
     * ids >= 2^31, that is negative ints.
     */
    static final class Vocab {
        final Map<String, Integer> ids = new HashMap<>();
        final int base;
        int[] lastEnds = new int[0];

        Vocab(int base) {
            this.base = base;
        }

        int id(String w) {
            return ids.computeIfAbsent(w, k -> base + ids.size());
        }

        /** The tokens of {@code text}; its sentence ends go to {@link #ends(String)}. */
        int[] tokens(String text) {
            List<Integer> t = new ArrayList<>();
            StringBuilder w = new StringBuilder();
            for (int i = 0; i <= text.length(); i++) {
                char c = i < text.length() ? text.charAt(i) : ' ';
                if (c >= 'A' && c <= 'Z') {
                    c = (char) (c - 'A' + 'a');
                }
                if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                    w.append(c);
                } else if (w.length() > 0) {
                    t.add(id(w.toString()));
                    w.setLength(0);
                }
            }
            return t.stream().mapToInt(Integer::intValue).toArray();
        }

        /** Sentence ends of {@code text}: the token count at each '\n'. */
        long[] ends(String text) {
            List<Long> e = new ArrayList<>();
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    e.add((long) countTokens(text.substring(0, i)));
                }
            }
            return e.stream().mapToLong(Long::longValue).toArray();
        }

        private static int countTokens(String s) {
            int n = 0;
            boolean in = false;
            for (char c : s.toCharArray()) {
                boolean word = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
                if (word && !in) {
                    n++;
                }
                in = word;
            }
            return n;
        }
    }

    static void prf(Score s, double p, double r, double f, double tol, String what) {
        T.near(s.precision(), p, tol, what + " P");
        T.near(s.recall(), r, tol, what + " R");
        T.near(s.fmeasure(), f, tol, what + " F");
    }

    /** Exactly the printed values (the Perl flavour rounds to 5 decimals as ROUGE-1.5.5 prints). */
    static void prfExact(Score s, String p, String r, String f, String what) {
        T.same(s.precision(), Double.parseDouble(p), what + " P");
        T.same(s.recall(), Double.parseDouble(r), what + " R");
        T.same(s.fmeasure(), Double.parseDouble(f), what + " F");
    }

    static void counts(Score s, double hit, double ref, double cand, double relTol, String what) {
        T.near(s.hit(), hit, relTol * Math.max(1, Math.abs(hit)), what + " hit");
        T.near(s.referenceTotal(), ref, relTol * Math.max(1, Math.abs(ref)), what + " reference total");
        T.near(s.candidateTotal(), cand, relTol * Math.max(1, Math.abs(cand)), what + " candidate total");
    }

    static void sameScores(Score[] got, Score[] want, String what) {
        T.check(got.length == want.length, "%s: %d scores, want %d", what, got.length, want.length);
        for (int i = 0; i < got.length; i++) {
            T.check(got[i].equals(want[i]), "%s metric %d: %s, want bit for bit %s", what, i, got[i], want[i]);
        }
    }

    static int[] ints(int... xs) {
        return xs;
    }

    static long[] longs(long... xs) {
        return xs;
    }

    /** A random pair for the self-consistency tests: ids from a small vocabulary at `base`. */
    static final class Pair {
        int[] cand;
        long[] candEnds;
        int[][] refs;
        long[][] refEnds;
    }

    static int[] randomSeq(Random rnd, int base, int vocab) {
        int n = rnd.nextInt(8) == 0 ? rnd.nextInt(3) : rnd.nextInt(60);
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = base + rnd.nextInt(vocab);
        }
        return t;
    }

    /** Random sentence ends: non-decreasing, within [0, len], with zeros, repeats and len itself. */
    static long[] randomEnds(Random rnd, int len) {
        if (rnd.nextInt(4) == 0) {
            return rnd.nextBoolean() ? null : new long[0];
        }
        int k = rnd.nextInt(6);
        long[] e = new long[k];
        for (int i = 0; i < k; i++) {
            e[i] = rnd.nextInt(len + 1);
        }
        Arrays.sort(e);
        return e;
    }

    static List<Pair> randomPairs(long seed, int count) {
        Random rnd = new Random(seed);
        List<Pair> pairs = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            int base = new int[] {0, 0x7FFFFFF0, 0x80000000, -40}[rnd.nextInt(4)];
            int vocab = new int[] {2, 5, 30}[rnd.nextInt(3)];
            Pair p = new Pair();
            p.cand = randomSeq(rnd, base, vocab);
            p.candEnds = randomEnds(rnd, p.cand.length);
            int refs = 1 + rnd.nextInt(3);
            p.refs = new int[refs][];
            p.refEnds = new long[refs][];
            for (int r = 0; r < refs; r++) {
                p.refs[r] = randomSeq(rnd, base, vocab);
                p.refEnds[r] = randomEnds(rnd, p.refs[r].length);
            }
            pairs.add(p);
        }
        return pairs;
    }

    static final String[] ALL_METRICS = {"rouge1", "rouge2", "rouge4", "rougeL", "rougeLsum", "rougeW-1.2",
        "rougeW-2", "rougeS0", "rougeS4", "rougeS*", "rougeSU4", "rougeSU*"};

    static List<Options> someOptions() {
        return List.of(Options.rougeScore(), Options.rougeScore().withJackknife(true), Options.perl(),
            Options.perl().withPolicy(Options.Policy.PERL_B), Options.perl().withRounding(false).withAlpha(0.3),
            Options.rougeScore().withPolicy(Options.Policy.PERL_A));
    }

    // ------------------------------------------------------------------------------------------
    // Library information, metrics, options
    // ------------------------------------------------------------------------------------------

    static void testVersion() {
        T.check(Rouge.version().matches("\\d+\\.\\d+\\.\\d+"), "version %s", Rouge.version());
        T.check(Rouge.abiVersion() == Rouge.ABI_VERSION && Rouge.ABI_VERSION == 1, "ABI %d", Rouge.abiVersion());
    }

    static void testMetricParseAndFactories() {
        Object[][] cases = {
            {"rouge1", Metric.rougeN(1)}, {"rouge12", Metric.rougeN(12)}, {"ROUGE-2", Metric.rougeN(2)},
            {"rougeL", Metric.rougeL()}, {"rougeLsum", Metric.rougeLsum()}, {"ROUGE-L", Metric.rougeLsum()},
            {"rougeW-1.2", Metric.rougeW(1.2)}, {"ROUGE-W-1.2", Metric.rougeW(1.2)}, {"rougeW2", Metric.rougeW(2)},
            {"rougeS4", Metric.rougeS(4)}, {"rougeS0", Metric.rougeS(0)}, {"rougeS*", Metric.rougeSStar()},
            {"ROUGE-S*", Metric.rougeS(-7)}, {"rougeSU4", Metric.rougeSU(4)}, {"rougeSU*", Metric.rougeSUStar()},
            {"ROUGE-SU9", Metric.rougeSU(9)},
        };
        for (Object[] c : cases) {
            Metric got = Metric.parse((String) c[0]);
            T.check(got.equals(c[1]), "parse(%s) = %s, want %s", c[0], got, c[1]);
            T.check(Metric.parse(got.toString()).equals(got), "toString round trip of %s: %s", c[0], got);
        }
        Metric w = Metric.parse("rougeW-1.5");
        T.check(w.kind() == Metric.Kind.W && w.weight() == 1.5, "rougeW-1.5: %s", w);
        Metric s = Metric.parse("rougeSU*");
        T.check(s.kind() == Metric.Kind.SU && s.skip() == -1, "rougeSU*: %s", s);
        Metric n = Metric.parse("rouge3");
        T.check(n.kind() == Metric.Kind.N && n.n() == 3, "rouge3: %s", n);
        T.check(Metric.rougeS(-3).skip() == -1, "negative skips are stored as -1");
    }

    static void testOptionsDefaults() {
        // rouge_options_init (rouge.h): rouge-score = best F over references, no rounding;
        // ROUGE-1.5.5 = -f A, alpha 0.5, rounding to 5 decimals.
        Options r = Options.rougeScore();
        T.check(r.flavour() == Options.Flavour.ROUGE_SCORE && r.policy() == Options.Policy.BEST_F && !r.jackknife()
            && !r.rounding(), "rouge-score defaults %s", r);
        Options p = Options.perl();
        T.check(p.flavour() == Options.Flavour.PERL && p.policy() == Options.Policy.PERL_A && !p.jackknife()
            && p.rounding() && p.alpha() == 0.5, "perl defaults %s", p);
        Options q = p.withPolicy(Options.Policy.PERL_B).withJackknife(true).withRounding(false).withAlpha(0.25);
        T.check(q.policy() == Options.Policy.PERL_B && q.jackknife() && !q.rounding() && q.alpha() == 0.25
            && q.flavour() == Options.Flavour.PERL, "withers %s", q);
        T.check(p.equals(Options.perl()) && !q.equals(p), "options are immutable values");
    }

    // ------------------------------------------------------------------------------------------
    // rouge-score flavour: values from the conformance data
    // ------------------------------------------------------------------------------------------

    /** Checks one case of ID_METRICS; rows are {P, R, F} in ID_METRICS order. */
    static void checkIdCase(String id, int[] cand, long[] candEnds, int[] ref, long[] refEnds, double[][] want) {
        Scorer s = Scorer.of(Options.rougeScore(), ID_METRICS);
        Score[] got = s.score(cand, candEnds, ref, refEnds);
        for (int i = 0; i < ID_METRICS.length; i++) {
            prf(got[i], want[i][0], want[i][1], want[i][2], TOL, id + " " + ID_METRICS[i]);
        }
    }

    static void testSeedIdCases() {
        // seed_examples.jsonl "seed-union-lcs" (refimpl.py): union LCS of r=[A B C D] with c1=[A B E], c2=[A C F].
        checkIdCase("seed-union-lcs", ints(1, 2, 5, 1, 3, 6), longs(3, 6), ints(1, 2, 3, 4), longs(4), new double[][] {
            {0.5, 0.75, 0.6}, {0.2, 0.3333333333333333, 0.25}, {0, 0, 0}, {0, 0, 0}, {0.5, 0.75, 0.6},
            {0.5, 0.75, 0.6}, {0.4504619195807666, 0.67569287937115, 0.5405543034969199},
            {0.2, 0.3333333333333333, 0.25}, {0.2222222222222222, 0.4, 0.2857142857142857},
            {0.2, 0.5, 0.28571428571428575}, {0.2, 0.5, 0.28571428571428575},
            {0.2857142857142857, 0.6, 0.3870967741935483}});
        // "seed-wlcs": X=ABCXYZDEF, Y=XYZABCDEF; every value has P = R = F.
        double[] w = {1.0, 0.75, 0.42857142857142855, 0.0, 0.6666666666666666, 0.6666666666666666,
            0.5939324787602263, 0.75, 0.6, 0.5, 0.75, 0.6153846153846154};
        double[][] wlcs = new double[w.length][];
        for (int i = 0; i < w.length; i++) {
            wlcs[i] = new double[] {w[i], w[i], w[i]};
        }
        checkIdCase("seed-wlcs", ints(88, 89, 90, 65, 66, 67, 68, 69, 70), longs(9),
            ints(65, 66, 67, 88, 89, 90, 68, 69, 70), longs(9), wlcs);
        // "seed-skip-hat": identical 4-token texts score 1 everywhere.
        double[][] ones = new double[ID_METRICS.length][];
        Arrays.fill(ones, new double[] {1, 1, 1});
        checkIdCase("seed-skip-hat", ints(1, 2, 3, 4), longs(4), ints(1, 2, 3, 4), longs(4), ones);
    }

    static void testSeedTextCases() {
        // seed_examples.jsonl "seed-quick-fox|rouge-score|stem=False" and "seed-lazy-dog|...",
        // tokenised here (lowercase, runs of [a-z0-9]).
        Object[][] cases = {
            {"seed-quick-fox", "The quick brown dog jumps on the log.", "The quick brown fox jumps over the lazy dog",
                new double[][] {{0.75, 0.6666666666666666, 0.7058823529411765},
                    {0.2857142857142857, 0.25, 0.26666666666666666},
                    {0.16666666666666666, 0.14285714285714285, 0.15384615384615383}, {0, 0, 0},
                    {0.625, 0.5555555555555556, 0.5882352941176471}, {0.625, 0.5555555555555556, 0.5882352941176471}}},
            {"seed-lazy-dog", "The quick brown fox jumped over the lazy dog.",
                "The lazy dog was jumped over by the quick brown fox.",
                new double[][] {{1.0, 0.8181818181818182, 0.9}, {0.75, 0.6, 0.6666666666666665},
                    {0.42857142857142855, 0.3333333333333333, 0.375}, {0.16666666666666666, 0.125, 0.14285714285714288},
                    {0.4444444444444444, 0.36363636363636365, 0.39999999999999997},
                    {0.4444444444444444, 0.36363636363636365, 0.39999999999999997}}},
        };
        Scorer s = Scorer.of(Options.rougeScore(), TEXT_METRICS);
        for (Object[] c : cases) {
            Vocab v = new Vocab(1);
            Score[] got = s.score(v.tokens((String) c[1]), v.tokens((String) c[2]));
            double[][] want = (double[][]) c[3];
            for (int i = 0; i < TEXT_METRICS.length; i++) {
                prf(got[i], want[i][0], want[i][1], want[i][2], TOL, c[0] + " " + TEXT_METRICS[i]);
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // Hand-computed cases, both flavours
    // ------------------------------------------------------------------------------------------

    static void testHandRougeN() {
        // Candidate [1 2 3 4], reference [1 2 5].
        // ROUGE-1: hit 2 ({1, 2}), reference total 3, candidate total 4.
        //   rouge-score: P = 2/4, R = 2/3, F = 2PR/(P+R) = (2/3)/(7/6) = 4/7.
        //   Perl (alpha 0.5, rounding): R = 0.66667, P = 0.50000,
        //     F = PR/(0.5P + 0.5R) = 0.333335/0.583335 = 0.5714297... -> 0.57143.
        // ROUGE-2: candidate bigrams 12 23 34, reference 12 25: hit 1, totals 2 and 3.
        //   rouge-score: P = 1/3, R = 1/2, F = (1/3)/(5/6) = 0.4.
        //   Perl: R = 0.50000, P = 0.33333, F = 0.166665/0.416665 = 0.3999976 -> 0.40000.
        int[] c = ints(1, 2, 3, 4);
        int[] r = ints(1, 2, 5);
        Score[] a = new Scorer(Options.rougeScore(), Metric.rougeN(1), Metric.rougeN(2)).score(c, r);
        prf(a[0], 0.5, 2.0 / 3, 4.0 / 7, 1e-15, "rouge-score rouge1");
        counts(a[0], 2, 3, 4, 0, "rouge-score rouge1");
        prf(a[1], 1.0 / 3, 0.5, 0.4, 1e-15, "rouge-score rouge2");
        counts(a[1], 1, 2, 3, 0, "rouge-score rouge2");
        Score[] p = new Scorer(Options.perl(), Metric.rougeN(1), Metric.rougeN(2)).score(c, r);
        prfExact(p[0], "0.5", "0.66667", "0.57143", "perl ROUGE-1");
        counts(p[0], 2, 3, 4, 0, "perl ROUGE-1");
        prfExact(p[1], "0.33333", "0.5", "0.4", "perl ROUGE-2");
        counts(p[1], 1, 2, 3, 0, "perl ROUGE-2");
    }

    static void testHandAlphaAndRounding() {
        // ROUGE-1 of candidate [1 2 3 4] vs reference [1 2 5]: P = 1/2, R = 2/3 (see testHandRougeN).
        // Perl, rounding off, alpha 0.5: F = (1/3)/(1/4 + 1/3) = 4/7.
        // alpha 0.8, rounding off: F = PR/(0.2P + 0.8R) = (1/3)/(0.1 + 8/15) = (1/3)/(19/30) = 10/19.
        // alpha 0.8, rounding on: R = 0.66667: F = 0.333335/(0.1 + 0.533336) = 0.52631620... -> 0.52632.
        // alpha 1: F = PR/R = P = 0.5; alpha 0: F = PR/P = R = 0.66667.
        int[] c = ints(1, 2, 3, 4);
        int[] r = ints(1, 2, 5);
        Metric m = Metric.rougeN(1);
        Score s = new Scorer(Options.perl().withRounding(false), m).score(c, r)[0];
        prf(s, 0.5, 2.0 / 3, 4.0 / 7, 1e-15, "perl unrounded alpha 0.5");
        s = new Scorer(Options.perl().withRounding(false).withAlpha(0.8), m).score(c, r)[0];
        prf(s, 0.5, 2.0 / 3, 10.0 / 19, 1e-15, "perl unrounded alpha 0.8");
        s = new Scorer(Options.perl().withAlpha(0.8), m).score(c, r)[0];
        prfExact(s, "0.5", "0.66667", "0.52632", "perl alpha 0.8");
        s = new Scorer(Options.perl().withAlpha(1.0), m).score(c, r)[0];
        prfExact(s, "0.5", "0.66667", "0.5", "perl alpha 1");
        s = new Scorer(Options.perl().withAlpha(0.0), m).score(c, r)[0];
        prfExact(s, "0.5", "0.66667", "0.66667", "perl alpha 0");
    }

    static void testHandLcs() {
        // Candidate "a b \n c d" = [1 2 | 3 4] (ends {2}), reference [3 4 1 2] (one sentence).
        // rougeL (whole texts): LCS([1 2 3 4], [3 4 1 2]) = 2: P = R = F = 2/4.
        // rougeLsum / Perl ROUGE-L: the reference sentence's union LCS with [1 2] (ref positions
        //   2, 3) and [3 4] (positions 0, 1) covers all 4 tokens: hit 4, P = R = F = 1.
        // Same in the Perl flavour (0.5 and 1 are exact under rounding).
        int[] c = ints(1, 2, 3, 4);
        long[] ce = longs(2);
        int[] r = ints(3, 4, 1, 2);
        for (Options o : List.of(Options.rougeScore(), Options.perl())) {
            Score[] s = new Scorer(o, Metric.rougeL(), Metric.rougeLsum()).score(c, ce, r, null);
            prf(s[0], 0.5, 0.5, 0.5, 0, o.flavour() + " rougeL");
            counts(s[0], 2, 4, 4, 0, o.flavour() + " rougeL");
            prf(s[1], 1, 1, 1, 0, o.flavour() + " rougeLsum");
            counts(s[1], 4, 4, 4, 0, o.flavour() + " rougeLsum");
        }
        // Without the candidate's sentence end, rougeLsum is the plain LCS: 2/4.
        Score s = new Scorer(Options.rougeScore(), Metric.rougeLsum()).score(c, r)[0];
        prf(s, 0.5, 0.5, 0.5, 0, "rougeLsum without sentence ends");
    }

    static void testHandRougeW() {
        // Weight 1.2, f(k) = k^1.2.
        // Candidate [1 2 9 3 4], reference [1 2 3 4].
        //   rouge-score (Lin 2004): the best weighted path is the runs [1 2] and [3 4] (the 9
        //   breaks the candidate's run): WLCS = 2 f(2) = 2 * 2^1.2.
        //   R = (WLCS/f(4))^(1/1.2) = (2^-0.2)^(1/1.2) = 2^(-1/6) = 0.8908987181403393,
        //   P = (WLCS/f(5))^(1/1.2) = 0.4 * 2^(1/1.2) = 0.7127189745122715,
        //   F = 2PR/(P+R) = 0.79190997168030...
        //   Perl (ROUGE-1.5.5): the LCS path marks every reference position, one run of 4 in the
        //   reference: hit = f(4) = 4^1.2 = 5.278031643091577; reference total f(f(4)) =
        //   (4^1.2)^1.2 = 7.361501204999; candidate total f(5) = 6.898648307306074.
        //   R = (f(4)/f(f(4)))^(1/1.2) = 4^-0.2 = 0.757858... -> 0.75786, P = (4/5) -> 0.80000,
        //   F = 0.8 * 0.75786 / (0.4 + 0.37893) = 0.7783600... -> 0.77836.
        int[] c = ints(1, 2, 9, 3, 4);
        int[] r = ints(1, 2, 3, 4);
        Metric w = Metric.rougeW(1.2);
        Score s = new Scorer(Options.rougeScore(), w).score(c, r)[0];
        prf(s, 0.7127189745122715, 0.8908987181403393, 0.7919099716803016, 1e-12, "rouge-score W");
        counts(s, 2 * Math.pow(2, 1.2), Math.pow(4, 1.2), Math.pow(5, 1.2), 1e-12, "rouge-score W");
        s = new Scorer(Options.perl(), w).score(c, r)[0];
        prfExact(s, "0.8", "0.75786", "0.77836", "perl W");
        counts(s, 5.278031643091577, 7.361501204999, 6.898648307306074, 1e-12, "perl W");

        // Candidate [1 2 | 3 4] (ends {2}), reference [3 4 1 2].
        //   rouge-score: best run 2 ([1 2] or [3 4]): WLCS = f(2); R = P = (f(2)/f(4))^(1/1.2) = 1/2.
        //   Perl: sentence [1 2] marks reference positions 2, 3, sentence [3 4] marks 0, 1: one
        //   run of 4: hit f(4), reference total f(f(4)), candidate total f(4).
        //   P = 1, R = 4^-0.2 -> 0.75786, F = 0.75786/(0.5 + 0.37893) = 0.8622529... -> 0.86225.
        c = ints(1, 2, 3, 4);
        long[] ce = longs(2);
        r = ints(3, 4, 1, 2);
        s = new Scorer(Options.rougeScore(), w).score(c, ce, r, null)[0];
        prf(s, 0.5, 0.5, 0.5, 1e-12, "rouge-score W two sentences");
        s = new Scorer(Options.perl(), w).score(c, ce, r, null)[0];
        prfExact(s, "1", "0.75786", "0.86225", "perl W two sentences");
        counts(s, 5.278031643091577, 7.361501204999, 5.278031643091577, 1e-12, "perl W two sentences");
    }

    static void testHandSkipBigrams() {
        // Candidate [1 2 3], reference [1 3 2].
        // Skip-bigrams (any distance): candidate 12 13 23, reference 13 12 32: hit 2 (12, 13).
        //   S*: P = R = 2/3 = F (rouge-score); Perl: 0.66667 each.
        // S0 (adjacent pairs only): candidate 12 23, reference 13 32: hit 0.
        // SU* rouge-score: plus every unigram: hit 2 + 3 = 5, totals 3 + 3 = 6: P = R = F = 5/6.
        // SU* Perl: plus the unigrams of every token but the last: [1 2] vs [1 3]: 1 hit;
        //   hit 3, totals 3 + 2 = 5: P = R = F = 0.6.
        int[] c = ints(1, 2, 3);
        int[] r = ints(1, 3, 2);
        Metric[] ms = {Metric.rougeSStar(), Metric.rougeS(0), Metric.rougeSUStar()};
        Score[] s = new Scorer(Options.rougeScore(), ms).score(c, r);
        prf(s[0], 2.0 / 3, 2.0 / 3, 2.0 / 3, 1e-15, "rouge-score S*");
        counts(s[0], 2, 3, 3, 0, "rouge-score S*");
        prf(s[1], 0, 0, 0, 0, "rouge-score S0");
        counts(s[1], 0, 2, 2, 0, "rouge-score S0");
        prf(s[2], 5.0 / 6, 5.0 / 6, 5.0 / 6, 1e-15, "rouge-score SU*");
        counts(s[2], 5, 6, 6, 0, "rouge-score SU*");
        s = new Scorer(Options.perl(), ms).score(c, r);
        prfExact(s[0], "0.66667", "0.66667", "0.66667", "perl S*");
        prfExact(s[1], "0", "0", "0", "perl S0");
        prfExact(s[2], "0.6", "0.6", "0.6", "perl SU*");
        counts(s[2], 3, 5, 5, 0, "perl SU*");
    }

    static void testHandJackknife() {
        // Candidate [1 2 3 4]; references r0 = [1 2], r1 = [3], r2 = [7 8]; ROUGE-1, rouge-score.
        // Per reference: r0 hit 2, P 1/2, R 1, F 2/3; r1 hit 1, P 1/4, R 1, F 0.4; r2: 0.
        // BEST_F: r0: (1/2, 1, 2/3), counts (2, 2, 4).
        // Jackknife: best of {r1, r2} = r1, of {r0, r2} = r0, of {r0, r1} = r0:
        //   P = (1/4 + 1/2 + 1/2)/3 = 5/12, R = 1, F = (0.4 + 2/3 + 2/3)/3 = 26/45;
        //   the counts stay those over all references (r0's).
        int[] c = ints(1, 2, 3, 4);
        int[][] refs = {ints(1, 2), ints(3), ints(7, 8)};
        Score s = new Scorer(Options.rougeScore(), Metric.rougeN(1)).score(c, refs)[0];
        prf(s, 0.5, 1, 2.0 / 3, 1e-15, "best F");
        counts(s, 2, 2, 4, 0, "best F");
        s = new Scorer(Options.rougeScore().withJackknife(true), Metric.rougeN(1)).score(c, refs)[0];
        prf(s, 5.0 / 12, 1, 26.0 / 45, 1e-15, "jackknife");
        counts(s, 2, 2, 4, 0, "jackknife");
    }

    static void testEmptyInputs() {
        // An empty candidate or reference scores 0 everywhere (README; synthetic_ids.jsonl
        // "synth-0002" has an empty candidate and all-zero expected values), never an error.
        for (Options o : List.of(Options.rougeScore(), Options.perl())) {
            Scorer s = Scorer.of(o, ALL_METRICS);
            for (Score[] got : List.of(s.score(new int[0], ints(1, 0)), s.score(ints(1, 0), new int[0]),
                s.score(new int[0], new int[0]), s.score(new int[0], null, new int[][] {ints(1, 0)},
                    new long[][] {longs(2)}))) {
                for (int i = 0; i < got.length; i++) {
                    prf(got[i], 0, 0, 0, 0, o.flavour() + " empty " + ALL_METRICS[i]);
                    T.check(got[i].hit() == 0, "hit of an empty input");
                }
            }
            T.check(s.score(new int[0], ints(1, 0))[0].referenceTotal() == 2, "rouge1 reference total 2");
        }
        T.check(new Scorer(Options.rougeScore()).score(ints(1), ints(1)).length == 0, "no metrics, no scores");
    }

    // ------------------------------------------------------------------------------------------
    // Real data with several references: ROUGE-1.5.5 -f A / -f B and rouge-score score_multi
    // ------------------------------------------------------------------------------------------

    static final String LIPLUS_CAND = "roadways bus and impact";
    static final String[] LIPLUS_REFS = {"4 killed in accident between Roadway bus and Maruti.",
        "4 dead in collision between \"Roadways\" Bus and Maruti car.",
        "Four killed in accident between 'Roadways' bus and 'Maruti' car", "Roadways bus and a Maruti collide: 4 dead"};

    static Score[] liplus(Options o, Metric[] ms, int idBase) {
        Vocab v = new Vocab(idBase);
        int[] c = v.tokens(LIPLUS_CAND);
        int[][] refs = new int[LIPLUS_REFS.length][];
        for (int i = 0; i < refs.length; i++) {
            refs[i] = v.tokens(LIPLUS_REFS[i]);
        }
        return new Scorer(o, ms).score(c, refs);
    }

    static final Metric[] PERL_BASE = {Metric.rougeN(1), Metric.rougeN(2), Metric.rougeN(3), Metric.rougeN(4),
        Metric.rougeLsum(), Metric.rougeW(1.2), Metric.rougeS(4), Metric.rougeSU(4), Metric.rougeSStar(),
        Metric.rougeSUStar()};

    static void testRealPerlMultiReference() {
        // real_rouge155.jsonl "liplus-24-sys7|ROUGE-1.5.5|base|stem=False|f=A" and "...|skipstar|...|f=A":
        // the printed P, R, F and the -t 2 counts (model_count, peer_count, hit); ROUGE-1.5.5's
        // ROUGE-L is the summary-level rougeLsum.
        String[][] a = {{"0.68750", "0.29730", "0.41510"}, {"0.58333", "0.21212", "0.31111"},
            {"0.37500", "0.10345", "0.16216"}, {"0", "0", "0"}, {"0.68750", "0.29730", "0.41510"},
            {"0.68930", "0.19062", "0.29865"}, {"0.41667", "0.08000", "0.13423"}, {"0.58333", "0.13291", "0.21649"},
            {"0.41667", "0.06494", "0.11237"}, {"0.58333", "0.11230", "0.18834"}};
        double[][] ac = {{11, 37, 16}, {7, 33, 12}, {3, 29, 8}, {0, 25, 4}, {11, 37, 16},
            {13.5089751665337, 98.7230102354087, 21.1121265723663}, {10, 125, 24}, {21, 158, 36}, {10, 154, 24},
            {21, 187, 36}};
        // "...|f=B": the reference with the best recall (the fourth).
        String[][] b = {{"0.75000", "0.37500", "0.50000"}, {"0.66667", "0.28571", "0.40000"},
            {"0.50000", "0.16667", "0.25000"}, {"0", "0", "0"}, {"0.75000", "0.37500", "0.50000"},
            {"0.75000", "0.24741", "0.37208"}, {"0.50000", "0.12000", "0.19355"}, {"0.66667", "0.18750", "0.29268"},
            {"0.50000", "0.10714", "0.17647"}, {"0.66667", "0.17143", "0.27273"}};
        double[][] bc = {{3, 8, 4}, {2, 7, 3}, {1, 6, 2}, {0, 6, 1}, {3, 8, 4},
            {3.73719281884655, 19.9732887824258, 5.27803164309158}, {3, 25, 6}, {6, 32, 9}, {3, 28, 6}, {6, 35, 9}};
        for (int base : new int[] {1, 0x80000000}) {
            Score[] sa = liplus(Options.perl(), PERL_BASE, base);
            Score[] sb = liplus(Options.perl().withPolicy(Options.Policy.PERL_B), PERL_BASE, base);
            for (int i = 0; i < PERL_BASE.length; i++) {
                String what = "liplus-24-sys7 " + PERL_BASE[i] + " ids from " + base;
                prfExact(sa[i], a[i][0], a[i][1], a[i][2], what + " f=A");
                counts(sa[i], ac[i][0], ac[i][1], ac[i][2], 1e-12, what + " f=A");
                prfExact(sb[i], b[i][0], b[i][1], b[i][2], what + " f=B");
                counts(sb[i], bc[i][0], bc[i][1], bc[i][2], 1e-12, what + " f=B");
            }
        }
    }

    static void testRealRougeScoreMultiReference() {
        // real_rouge_score.jsonl "liplus-24-sys7|rouge-score|stem=False": score_multi (best F per
        // metric; here the fourth reference for every metric).
        double[][] want = {{0.75, 0.375, 0.5}, {0.6666666666666666, 0.2857142857142857, 0.4}, {0.5, 0.16666666666666666, 0.25},
            {0, 0, 0}, {0.75, 0.375, 0.5}, {0.75, 0.375, 0.5}};
        Metric[] ms = new Metric[TEXT_METRICS.length];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = Metric.parse(TEXT_METRICS[i]);
        }
        Score[] s = liplus(Options.rougeScore(), ms, 1);
        for (int i = 0; i < ms.length; i++) {
            prf(s[i], want[i][0], want[i][1], want[i][2], TOL, "liplus-24-sys7 " + TEXT_METRICS[i]);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Conformance files read at run time
    // ------------------------------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> arr(Object o) {
        return (List<Object>) o;
    }

    static int[] idsOf(Object o) {
        List<Object> a = arr(o);
        int[] t = new int[a.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = (int) (long) (double) (Double) a.get(i);
        }
        return t;
    }

    static long[] endsOf(Object o) {
        if (o == null) {
            return null;
        }
        List<Object> a = arr(o);
        long[] e = new long[a.size()];
        for (int i = 0; i < e.length; i++) {
            e[i] = (long) (double) (Double) a.get(i);
        }
        return e;
    }

    static boolean close(double a, double b, double tol) {
        return Math.abs(a - b) <= tol * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }

    /** Runs one conformance case; returns null when it passes, "skip: why" or the failures. */
    static String runCase(Map<String, Object> v) {
        Map<String, Object> expected = obj(v.get("expected"));
        List<String> names = new ArrayList<>(expected.keySet());
        String tool = String.valueOf(v.get("tool"));
        Map<String, Object> opts = v.get("options") == null ? Map.of() : obj(v.get("options"));
        List<String> errors = new ArrayList<>();
        if (v.containsKey("pair_ids")) {
            return "skip: corpus aggregation";
        }
        if (v.containsKey("candidate_ids")) {
            Metric[] ms = names.stream().map(Metric::parse).toArray(Metric[]::new);
            Score[] got = new Scorer(Options.rougeScore(), ms).score(idsOf(v.get("candidate_ids")),
                endsOf(v.get("candidate_sentence_ends")), idsOf(v.get("reference_ids")),
                endsOf(v.get("reference_sentence_ends")));
            compareFloats(expected, names, got, "", errors);
            return errors.isEmpty() ? null : String.join("; ", errors);
        }
        Map<String, Object> src = v.containsKey("tool_input") ? obj(v.get("tool_input")) : v;
        Vocab voc = new Vocab(1);
        String candText = (String) src.get("candidate");
        int[] cand = voc.tokens(candText);
        long[] candEnds = voc.ends(candText);
        List<Object> refTexts = arr(src.get("references"));
        int[][] refs = new int[refTexts.size()][];
        long[][] refEnds = new long[refs.length][];
        for (int i = 0; i < refs.length; i++) {
            refs[i] = voc.tokens((String) refTexts.get(i));
            refEnds[i] = voc.ends((String) refTexts.get(i));
        }
        if (tool.startsWith("rouge-score")) {
            if (Boolean.TRUE.equals(opts.get("use_stemmer"))) {
                return "skip: stemming";
            }
            Metric[] ms = names.stream().map(Metric::parse).toArray(Metric[]::new);
            Scorer s = new Scorer(Options.rougeScore(), ms);
            compareFloats(expected, names, s.score(cand, candEnds, refs, refEnds), "score_multi ", errors);
            if (v.get("expected_per_reference") != null) {
                List<Object> per = arr(v.get("expected_per_reference"));
                for (int i = 0; i < per.size(); i++) {
                    compareFloats(obj(per.get(i)), names, s.score(cand, candEnds, new int[][] {refs[i]},
                        new long[][] {refEnds[i]}), "reference " + i + " ", errors);
                }
            }
        } else if (tool.startsWith("ROUGE-1.5.5")) {
            String command = String.valueOf(opts.get("command"));
            if (Boolean.TRUE.equals(opts.get("stemming")) || command.contains(" -m ")) {
                return "skip: stemming";
            }
            if (command.contains(" -s ") || command.contains(" -l ") || command.contains(" -b ")) {
                return "skip: stop words or length limits";
            }
            String f = String.valueOf(opts.get("multi_reference_formula"));
            Options o = Options.perl().withPolicy("B".equals(f) ? Options.Policy.PERL_B : Options.Policy.PERL_A);
            int p = command.indexOf(" -p ");
            if (p >= 0) {
                o = o.withAlpha(Double.parseDouble(command.substring(p + 4).split(" ")[0]));
            }
            // ROUGE-1.5.5's ROUGE-L is the summary-level LCS (Metric.parse reads it as rougeL).
            Metric[] ms = names.stream().map(n -> n.equals("ROUGE-L") ? Metric.rougeLsum() : Metric.parse(n))
                .toArray(Metric[]::new);
            Score[] got = new Scorer(o, ms).score(cand, candEnds, refs, refEnds);
            Map<String, Object> cs = v.get("expected_counts") == null ? Map.of() : obj(v.get("expected_counts"));
            for (int i = 0; i < ms.length; i++) {
                Map<String, Object> e = obj(expected.get(names.get(i)));
                double[] g = {got[i].precision(), got[i].recall(), got[i].fmeasure()};
                String[] fields = {"precision", "recall", "fmeasure"};
                for (int k = 0; k < 3; k++) {
                    if (g[k] != Double.parseDouble((String) e.get(fields[k]))) {
                        errors.add(names.get(i) + "." + fields[k] + ": got " + g[k] + ", ROUGE printed " + e.get(fields[k]));
                    }
                }
                if (cs.containsKey(names.get(i))) {
                    Map<String, Object> c = obj(cs.get(names.get(i)));
                    double[][] pairs = {{got[i].referenceTotal(), (Double) c.get("model_count")},
                        {got[i].candidateTotal(), (Double) c.get("peer_count")}, {got[i].hit(), (Double) c.get("hit")}};
                    for (double[] q : pairs) {
                        if (!close(q[0], q[1], TOL)) {
                            errors.add(names.get(i) + " counts: got " + q[0] + ", ROUGE counted " + q[1]);
                        }
                    }
                }
            }
        } else {
            return "no runner for tool " + tool;
        }
        return errors.isEmpty() ? null : String.join("; ", errors);
    }

    static void compareFloats(Map<String, Object> expected, List<String> names, Score[] got, String prefix,
                              List<String> errors) {
        for (int i = 0; i < names.size(); i++) {
            Map<String, Object> e = obj(expected.get(names.get(i)));
            double[] g = {got[i].precision(), got[i].recall(), got[i].fmeasure()};
            String[] fields = {"precision", "recall", "fmeasure"};
            for (int k = 0; k < 3; k++) {
                double want = (Double) e.get(fields[k]);
                if (!close(g[k], want, TOL)) {
                    errors.add(prefix + names.get(i) + "." + fields[k] + ": got " + g[k] + ", want " + want);
                }
            }
        }
    }

    static void testConformanceFiles() throws IOException {
        List<Path> dirs = new ArrayList<>();
        String prop = System.getProperty("rouge.conformance");
        T.check(prop != null, "run with -Drouge.conformance=<repo>/tests/conformance");
        dirs.add(Paths.get(prop));
        Path shared = Paths.get(prop).toAbsolutePath().getParent().getParent().getParent().resolve("shared/conformance");
        if (Files.isDirectory(shared)) {
            dirs.add(shared);
        } else {
            System.out.println("     (no " + shared + ": only the vendored cases)");
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        int pass = 0;
        int skip = 0;
        List<String> failures = new ArrayList<>();
        for (Path dir : dirs) {
            List<Path> files;
            try (java.util.stream.Stream<Path> st = Files.list(dir)) {
                files = st.filter(p -> p.toString().endsWith(".jsonl")).sorted().collect(java.util.stream.Collectors.toList());
            }
            for (Path f : files) {
                int before = pass;
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    Map<String, Object> v = obj(Json.parse(line));
                    String id = (String) v.get("id");
                    if (!seen.add(id)) {
                        continue;
                    }
                    String r = runCase(v);
                    if (r == null) {
                        pass++;
                    } else if (r.startsWith("skip: ")) {
                        skip++;
                    } else {
                        failures.add(f.getFileName() + " " + id + ": " + r);
                    }
                }
                System.out.printf("     %s: %d cases pass%n", f, pass - before);
            }
        }
        System.out.printf("     conformance: %d pass, %d skipped (stemming, corpus), %d fail%n", pass, skip, failures.size());
        T.check(failures.isEmpty(), "%d conformance failures, first: %s", failures.size(),
            failures.subList(0, Math.min(5, failures.size())));
        T.check(pass >= 71, "only %d conformance cases ran", pass);
    }

    // ------------------------------------------------------------------------------------------
    // Token ids >= 2^31
    // ------------------------------------------------------------------------------------------

    static void testNegativeIds() {
        // Ids are compared for equality only: any injective relabelling of the ids gives the same
        // scores, bit for bit. Relabel small ids onto [2^31, 2^31 + k) (negative ints), onto the
        // top of the range (-1, -2, ... = 2^32 - 1, 2^32 - 2, ...) and across 2^31 (2^31 - 32 + k).
        List<Pair> pairs = randomPairs(7, 300);
        int[][] maps = {{0x80000000, 1}, {-1, -1}, {0x7FFFFFE0, 1}};
        for (Options o : someOptions()) {
            Scorer s = Scorer.of(o, ALL_METRICS);
            for (Pair p : pairs) {
                int[] c = normalise(p.cand);
                int[][] refs = new int[p.refs.length][];
                for (int r = 0; r < refs.length; r++) {
                    refs[r] = normalise(p.refs[r]);
                }
                Score[] want = s.score(c, p.candEnds, refs, p.refEnds);
                for (int[] m : maps) {
                    int[][] mr = new int[refs.length][];
                    for (int r = 0; r < refs.length; r++) {
                        mr[r] = relabel(refs[r], m[0], m[1]);
                    }
                    sameScores(s.score(relabel(c, m[0], m[1]), p.candEnds, mr, p.refEnds), want,
                        "ids relabelled from " + Integer.toUnsignedString(m[0]) + " " + o);
                }
            }
        }
        // And the real-data values above hold with ids from 2^31 (testRealPerlMultiReference runs
        // both); here one more direct check: 0x80000000 and 0 are different ids, -1 equals -1.
        Scorer s = new Scorer(Options.rougeScore(), Metric.rougeN(1));
        prf(s.score(ints(0x80000000, -1), ints(0, -1))[0], 0.5, 0.5, 0.5, 0, "2^31 vs 0");
        prf(s.score(ints(0x80000000, 0xFFFFFFFF), ints(0xFFFFFFFF, 0x80000000))[0], 1, 1, 1, 0, "2^31 and 2^32-1");
    }

    /** Maps the ids of a random pair (which use several bases) onto 0..K by their low bits. */
    static int[] normalise(int[] t) {
        int[] o = new int[t.length];
        for (int i = 0; i < t.length; i++) {
            o[i] = Math.floorMod(t[i] - 0x7FFFFFF0, 64);
        }
        return o;
    }

    static int[] relabel(int[] t, int base, int step) {
        int[] o = new int[t.length];
        for (int i = 0; i < t.length; i++) {
            o[i] = base + step * t[i];
        }
        return o;
    }

    // ------------------------------------------------------------------------------------------
    // Errors
    // ------------------------------------------------------------------------------------------

    static void expectRouge(int status, T.Body body, String what) {
        RougeException e = T.expect(RougeException.class, body, what);
        T.check(e.status() == status, "%s: status %d (%s), want %d", what, e.status(), e.getMessage(), status);
        T.check(e.getMessage().startsWith(RougeException.statusString(status)), "%s: message %s", what, e.getMessage());
    }

    static void testErrorsMetricsAndOptions() {
        for (String bad : new String[] {"", "rouge", "rouge0", "bogus", "rougeX", "rougeW-0.5", "rougeW-x", "rougeS-1",
            "rougeLsumx", "rouge1 "}) {
            expectRouge(RougeException.INVALID_ARGUMENT, () -> Metric.parse(bad), "parse(\"" + bad + "\")");
        }
        T.expect(NullPointerException.class, () -> Metric.parse(null), "parse(null)");
        T.expect(IllegalArgumentException.class, () -> Metric.rougeN(-1), "rougeN(-1)");
        // Domain errors of factory values: the library rejects them when the scorer is built.
        for (Metric m : new Metric[] {Metric.rougeN(0), Metric.rougeW(0.5), Metric.rougeW(Double.NaN),
            Metric.rougeW(Double.POSITIVE_INFINITY)}) {
            expectRouge(RougeException.INVALID_ARGUMENT, () -> new Scorer(Options.rougeScore(), Metric.rougeN(1), m),
                "scorer with " + m);
        }
        for (double alpha : new double[] {-0.1, 1.5, Double.NaN}) {
            expectRouge(RougeException.INVALID_ARGUMENT, () -> new Scorer(Options.perl().withAlpha(alpha),
                Metric.rougeN(1)), "alpha " + alpha);
            expectRouge(RougeException.INVALID_ARGUMENT, () -> new Scorer(Options.rougeScore().withAlpha(alpha),
                Metric.rougeN(1)), "rouge-score alpha " + alpha);
        }
        expectRouge(RougeException.INVALID_ARGUMENT, () -> Scorer.of(Options.rougeScore(), "rouge1", "nope"), "of(nope)");
        T.expect(NullPointerException.class, () -> new Scorer(null, Metric.rougeN(1)), "null options");
        T.expect(NullPointerException.class, () -> new Scorer(Options.perl(), Metric.rougeN(1), null), "null metric");
        T.expect(NullPointerException.class, () -> new Scorer(Options.perl(), (List<Metric>) null), "null list");
        T.expect(NullPointerException.class, () -> Options.perl().withPolicy(null), "null policy");
    }

    static void testErrorsScore() {
        Scorer s = Scorer.of(Options.perl(), "rouge1", "rougeLsum", "rougeW-1.2");
        int[] c = ints(1, 2, 3);
        int[] r = ints(1, 2);
        T.expect(NullPointerException.class, () -> s.score(null, r), "null candidate");
        T.expect(NullPointerException.class, () -> s.score(c, (int[]) null), "null reference");
        T.expect(NullPointerException.class, () -> s.score(c, (int[][]) null), "null references");
        T.expect(NullPointerException.class, () -> s.score(c, new int[][] {r, null}), "null reference element");
        T.expect(IllegalArgumentException.class, () -> s.score(c, null, new int[][] {r}, new long[2][]),
            "sentence-end arrays for 1 reference");
        expectRouge(RougeException.INVALID_ARGUMENT, () -> s.score(c, new int[0][]), "no references");
        for (long[] bad : new long[][] {longs(2, 1), longs(4), longs(-1), longs(1, 3, 2), longs(Long.MAX_VALUE),
            longs(Long.MIN_VALUE)}) {
            expectRouge(RougeException.INVALID_ARGUMENT, () -> s.score(c, bad, r, null),
                "candidate ends " + Arrays.toString(bad));
            expectRouge(RougeException.INVALID_ARGUMENT, () -> s.score(ints(1, 2, 3, 4, 5), null,
                new int[][] {r, c}, new long[][] {null, bad}), "reference ends " + Arrays.toString(bad));
        }
        // ROUGE-W with weight 1000: the scorer is valid, but 3^1000 (about 1.3e477) overflows a
        // double, so a 3-token text is refused (rouge.h: "weight ... so large that k^weight
        // overflows for the input lengths"); 1^1000 and 2^1000 (about 1.1e301) do not overflow:
        // candidate [1] vs reference [1 2] gives WLCS f(1) = 1, P = 1, R = (1/2^1000)^(1/1000) = 1/2.
        Scorer heavy = new Scorer(Options.rougeScore(), Metric.rougeW(1000));
        expectRouge(RougeException.INVALID_ARGUMENT, () -> heavy.score(c, r), "rougeW-1000 on 3 tokens");
        expectRouge(RougeException.INVALID_ARGUMENT, () -> heavy.scoreBatch(new int[][] {c}, new int[][][] {{r}}),
            "batch rougeW-1000 on 3 tokens");
        prf(heavy.score(ints(1), ints(1, 2))[0], 1, 0.5, 2.0 / 3, 1e-12, "rougeW-1000 on 1 and 2 tokens");
        // Valid edge cases: ends at 0, repeated, at the length.
        s.score(c, longs(0, 0, 3, 3), r, longs(2));
        // The scorer works after errors, with the same results.
        sameScores(s.score(c, r), Scorer.of(Options.perl(), "rouge1", "rougeLsum", "rougeW-1.2").score(c, r),
            "after errors");
    }

    static void testErrorsBatch() {
        Scorer s = Scorer.of(Options.rougeScore(), "rouge2", "rougeLsum");
        int[][] cands = {ints(1, 2, 3), ints(4, 5)};
        int[][][] refs = {{ints(1, 2)}, {ints(4), ints(5, 4)}};
        T.expect(NullPointerException.class, () -> s.scoreBatch(null, refs), "null candidates");
        T.expect(NullPointerException.class, () -> s.scoreBatch(cands, null), "null references");
        T.expect(NullPointerException.class, () -> s.scoreBatch(new int[][] {null, ints(1)}, refs), "null candidate");
        T.expect(NullPointerException.class, () -> s.scoreBatch(cands, new int[][][] {null, refs[1]}), "null list");
        T.expect(NullPointerException.class, () -> s.scoreBatch(cands, new int[][][] {{null}, refs[1]}), "null ref");
        T.expect(IllegalArgumentException.class, () -> s.scoreBatch(cands, new int[][][] {refs[0]}), "lengths");
        T.expect(IllegalArgumentException.class, () -> s.scoreBatch(cands, new long[1][], refs, null),
            "candidate ends length");
        T.expect(IllegalArgumentException.class, () -> s.scoreBatch(cands, null, refs, new long[3][][]),
            "reference ends length");
        T.expect(IllegalArgumentException.class, () -> s.scoreBatch(cands, null, refs, new long[][][] {null,
            new long[1][]}), "pair reference ends length");
        expectRouge(RougeException.INVALID_ARGUMENT, () -> s.scoreBatch(cands, new int[][][] {refs[0], {}}),
            "a pair without references");
        for (long[] bad : new long[][] {longs(2, 1), longs(4), longs(-1), longs(Long.MIN_VALUE)}) {
            expectRouge(RougeException.INVALID_ARGUMENT, () -> s.scoreBatch(cands, new long[][] {bad, null}, refs,
                null), "batch candidate ends " + Arrays.toString(bad));
            expectRouge(RougeException.INVALID_ARGUMENT, () -> s.scoreBatch(cands, null, refs,
                new long[][][] {null, {null, bad}}), "batch reference ends " + Arrays.toString(bad));
        }
        T.check(s.scoreBatch(new int[0][], new int[0][][]).length == 0, "empty batch");
        Score[][] ok = s.scoreBatch(cands, refs);
        sameScores(ok[1], s.score(cands[1], refs[1]), "batch after errors");
    }

    static void testStatusMessages() {
        // Every status has its own message; unknown codes get one too (rouge_status_str).
        java.util.Set<String> msgs = new java.util.HashSet<>();
        for (int st = 0; st <= 6; st++) {
            String m = RougeException.statusString(st);
            T.check(m != null && !m.isEmpty() && msgs.add(m), "status %d: message '%s'", st, m);
        }
        T.check(RougeException.statusString(99).equals("unknown status"), "unknown status: %s",
            RougeException.statusString(99));
        RougeException e = new RougeException(RougeException.INPUT_TOO_LONG, "detail");
        T.check(e.status() == 5 && e.getMessage().equals(RougeException.statusString(5) + ": detail"), "%s", e);
    }

    // ------------------------------------------------------------------------------------------
    // Scratch, batch, threads
    // ------------------------------------------------------------------------------------------

    static void testScratchReuseAndGrowth() {
        Scorer s = Scorer.of(Options.perl(), ALL_METRICS);
        T.check(s.scratchWords() == 0, "a new scorer has no scratch yet");
        int[] small = ints(1, 2, 3, 1);
        Score[] a = s.score(small, ints(3, 1, 2));
        int afterSmall = s.scratchWords();
        T.check(afterSmall > 0, "scratch after a call");
        int[] big = new int[3000];
        int[] bigRef = new int[2000];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 7 % 101;
        }
        for (int i = 0; i < bigRef.length; i++) {
            bigRef[i] = i * 5 % 103;
        }
        Score[] b = s.score(big, longs(1000, 2000), bigRef, longs(700));
        int afterBig = s.scratchWords();
        T.check(afterBig > afterSmall, "scratch grew: %d -> %d", afterSmall, afterBig);
        sameScores(s.score(small, ints(3, 1, 2)), a, "small pair again");
        T.check(s.scratchWords() == afterBig, "scratch is reused, not shrunk");
        sameScores(Scorer.of(Options.perl(), ALL_METRICS).score(big, longs(1000, 2000), bigRef, longs(700)), b,
            "big pair on a fresh scorer");
    }

    static void testBatchEqualsPairs() {
        // 2500 pairs: more than one native call's chunk (1024 pairs), so chunking is covered.
        List<Pair> pairs = randomPairs(11, 2500);
        int n = pairs.size();
        int[][] c = new int[n][];
        long[][] ce = new long[n][];
        int[][][] r = new int[n][][];
        long[][][] re = new long[n][][];
        for (int k = 0; k < n; k++) {
            Pair p = pairs.get(k);
            c[k] = p.cand;
            ce[k] = p.candEnds;
            r[k] = p.refs;
            re[k] = p.refEnds;
        }
        for (Options o : someOptions()) {
            Scorer s = Scorer.of(o, ALL_METRICS);
            Score[][] batch = s.scoreBatch(c, ce, r, re);
            Score[][] plain = s.scoreBatch(c, r);
            T.check(batch.length == n && plain.length == n, "batch length");
            Scorer single = Scorer.of(o, ALL_METRICS);
            for (int k = 0; k < n; k++) {
                sameScores(batch[k], single.score(c[k], ce[k], r[k], re[k]), "pair " + k + " " + o);
                sameScores(plain[k], single.score(c[k], r[k]), "pair " + k + " without ends " + o);
            }
        }
        // Many references (more than the shim's stack buffers) and many metrics (more than the
        // library's 32-metric chunk): batch == pair too.
        int[][] many = new int[20][];
        long[][] manyEnds = new long[20][];
        for (int i = 0; i < many.length; i++) {
            many[i] = relabel(ints(1, 2, 3, i % 5, 4, i % 3), 0, 1);
            manyEnds[i] = longs(3);
        }
        String[] lots = new String[40];
        for (int i = 0; i < lots.length; i++) {
            lots[i] = ALL_METRICS[i % ALL_METRICS.length];
        }
        Scorer s = Scorer.of(Options.perl().withPolicy(Options.Policy.PERL_B), lots);
        Score[] one = s.score(ints(1, 2, 4, 3, 0), longs(2), many, manyEnds);
        Score[][] b = s.scoreBatch(new int[][] {ints(1, 2, 4, 3, 0), ints(1)}, new long[][] {longs(2), null},
            new int[][][] {many, {ints(1)}}, new long[][][] {manyEnds, null});
        sameScores(b[0], one, "20 references, 40 metrics");
        for (int i = 0; i < lots.length; i++) {
            T.check(one[i].equals(one[i % ALL_METRICS.length]), "metric %d repeats metric %d", i, i % ALL_METRICS.length);
        }
    }

    static void testThreads() throws InterruptedException {
        // 8 threads, each with its own Scorer, score the same pairs at the same time (pair and
        // batch calls); every result equals the sequential run's, bit for bit.
        List<Pair> pairs = randomPairs(23, 400);
        Options o = Options.perl();
        Scorer seq = Scorer.of(o, ALL_METRICS);
        Score[][] want = new Score[pairs.size()][];
        for (int k = 0; k < pairs.size(); k++) {
            Pair p = pairs.get(k);
            want[k] = seq.score(p.cand, p.candEnds, p.refs, p.refEnds);
        }
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int id = t;
            Thread th = new Thread(() -> {
                try {
                    Scorer mine = Scorer.of(o, ALL_METRICS);
                    start.await();
                    for (int round = 0; round < 5; round++) {
                        for (int k = 0; k < pairs.size(); k++) {
                            int j = (k + id * 50) % pairs.size();
                            Pair p = pairs.get(j);
                            sameScores(mine.score(p.cand, p.candEnds, p.refs, p.refEnds), want[j],
                                "thread " + id + " pair " + j);
                        }
                        int[][] c = new int[pairs.size()][];
                        long[][] ce = new long[pairs.size()][];
                        int[][][] r = new int[pairs.size()][][];
                        long[][][] re = new long[pairs.size()][][];
                        for (int k = 0; k < pairs.size(); k++) {
                            c[k] = pairs.get(k).cand;
                            ce[k] = pairs.get(k).candEnds;
                            r[k] = pairs.get(k).refs;
                            re[k] = pairs.get(k).refEnds;
                        }
                        Score[][] b = mine.scoreBatch(c, ce, r, re);
                        for (int k = 0; k < pairs.size(); k++) {
                            sameScores(b[k], want[k], "thread " + id + " batch pair " + k);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            ts.add(th);
            th.start();
        }
        start.countDown();
        for (Thread th : ts) {
            th.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed: " + failure.get(), failure.get());
        }
    }

    // ------------------------------------------------------------------------------------------
    // Streaming
    // ------------------------------------------------------------------------------------------

    static final Metric[] STREAM_METRICS = {Metric.rougeN(1), Metric.rougeN(2), Metric.rougeL(), Metric.rougeLsum()};

    static void testStreamHandCase() {
        // Reference [1 2 5] (one sentence); candidate pushed 1 2 | 3 4 | (| = endSentence).
        //   after 1:         rouge1 hit 1 (ref 3, cand 1); rouge2 0 (ref 2, cand 0); L 1 (3, 1);
        //                    Lsum: no sentence has ended, 0 (3, 0).
        //   after 1 2 |:     rouge1 2 (3, 2); rouge2 1, the bigram 12 (2, 1); L 2 (3, 2);
        //                    Lsum: union LCS of [1 2 5] with [1 2] = {1 2}: 2 (3, 2).
        //   after 1 2 3:     rouge1 2 (3, 3); rouge2 1 (2, 2); L 2 (3, 3); Lsum unchanged (3, 2).
        //   after 1 2 3 4 |: rouge1 2 (3, 4); rouge2 1 (2, 3); L 2 (3, 4); Lsum: [3 4] adds
        //                    nothing to {1 2}: 2 (3, 4).
        double[][][] want = {
            {{1, 3, 1}, {0, 2, 0}, {1, 3, 1}, {0, 3, 0}},
            {{2, 3, 2}, {1, 2, 1}, {2, 3, 2}, {2, 3, 2}},
            {{2, 3, 3}, {1, 2, 2}, {2, 3, 3}, {2, 3, 2}},
            {{2, 3, 4}, {1, 2, 3}, {2, 3, 4}, {2, 3, 4}},
        };
        // The same ids, and the same ids plus 2^31 (negative ints): equal counts.
        for (int base : new int[] {0, 0x80000000}) {
            Stream st = new Stream(Options.rougeScore(), new Stream.Config(2, true, true, 8),
                ints(base + 1, base + 2, base + 5));
            T.check(st.referenceCount() == 1 && st.stateWords() > 0, "referenceCount %d stateWords %d",
                st.referenceCount(), st.stateWords());
            int[] cand = ints(base + 1, base + 2, base + 3, base + 4);
            for (int round = 0; round < 2; round++) { // after reset(), the same numbers again
                if (round == 1) {
                    st.reset();
                }
                Score[] got = null;
                for (int i = 0; i < cand.length; i++) {
                    st.push(cand[i]);
                    if (i == 1 || i == 3) {
                        st.endSentence();
                    }
                    got = st.score(STREAM_METRICS);
                    for (int m = 0; m < STREAM_METRICS.length; m++) {
                        counts(got[m], want[i][m][0], want[i][m][1], want[i][m][2], 0,
                            "base " + base + " round " + round + " after token " + i + " " + STREAM_METRICS[m]);
                    }
                }
                // Final rouge1: P 2/4, R 2/3, F 2*2/(4+3) = 4/7; rouge2: P 1/3, R 1/2, F 2/5.
                prf(got[0], 0.5, 2.0 / 3, 4.0 / 7, 1e-15, "final rouge1");
                prf(got[1], 1.0 / 3, 0.5, 0.4, 1e-15, "final rouge2");
            }
        }
    }

    static List<Options> streamOptions() {
        List<Options> os = new ArrayList<>(someOptions());
        os.add(Options.perl().withPolicy(Options.Policy.BEST_F));
        os.add(Options.perl().withJackknife(true).withPolicy(Options.Policy.PERL_B));
        return os;
    }

    /**
     * Streams {@code cand} (endSentence at each of its ends and after the last token) and checks
     * every metric against the Scorer on the whole candidate, bit for bit, under each option set.
     */
    static void checkStreamEqualsOneShot(String what, int[] cand, long[] candEnds, int[][] refs, long[][] refEnds) {
        Metric[] metrics = {Metric.rougeN(1), Metric.rougeN(2), Metric.rougeN(3), Metric.rougeN(4), Metric.rougeL(),
            Metric.rougeLsum()};
        Stream st = new Stream(Options.rougeScore(), new Stream.Config(4, true, true, Math.max(1, cand.length)), refs,
            refEnds);
        int e = 0;
        for (int i = 0; i <= cand.length; i++) {
            if (i > 0) {
                st.push(cand[i - 1]);
            }
            while (candEnds != null && e < candEnds.length && candEnds[e] == i) { // ends at 0 too
                st.endSentence();
                e++;
            }
        }
        st.endSentence();
        for (Options o : streamOptions()) {
            sameScores(st.score(o, metrics), new Scorer(o, metrics).score(cand, candEnds, refs, refEnds),
                what + " " + o);
        }
        sameScores(st.score(metrics), new Scorer(Options.rougeScore(), metrics).score(cand, candEnds, refs, refEnds),
            what + " with the stream's options");
    }

    static void testStreamEqualsOneShot() {
        // The hand case's candidate against [1 2 5] and a second reference with two sentences.
        checkStreamEqualsOneShot("hand, 2 references", ints(1, 2, 3, 4), longs(2, 4),
            new int[][] {ints(1, 2, 5), ints(3, 4, 1, 9, 2, 5)}, new long[][] {null, longs(2)});
        // Random pairs: 1 to 3 references, ids at 0, near 2^31 and above (negative ints), ends
        // null, empty, at 0, repeated, at the length.
        List<Pair> pairs = randomPairs(515, 150);
        for (int i = 0; i < pairs.size(); i++) {
            Pair p = pairs.get(i);
            checkStreamEqualsOneShot("random pair " + i, p.cand, p.candEnds, p.refs, p.refEnds);
        }
        // More references than the shim's stack tables (8).
        int[][] refs = new int[12][];
        for (int r = 0; r < refs.length; r++) {
            refs[r] = ints(r, 1, 2, r % 3, 5);
        }
        checkStreamEqualsOneShot("12 references", ints(1, 2, 0, 7, 1, 5, 2), longs(3), refs, null);
    }

    static void testSegmentsIntoEqualsScore() {
        // Random pairs (1 to 3 references, ids near and above 2^31) in one reused buffer that is
        // longer than each pair, every metric: the same doubles as score(int[], int[][]).
        List<Metric> ms = Arrays.asList(Metric.rougeN(1), Metric.rougeN(2), Metric.rougeL(), Metric.rougeLsum(),
            Metric.rougeW(1.2), Metric.rougeS(4), Metric.rougeSU(4));
        for (Options o : new Options[] {Options.rougeScore(), Options.perl(), Options.perl().withJackknife(true)}) {
            Scorer a = new Scorer(o, ms);
            Scorer b = new Scorer(o, ms);
            int[] tokens = new int[4096];
            long[] ends = new long[16];
            double[] dst = new double[ms.size() * 6 + 3];
            List<Pair> pairs = randomPairs(99, 200);
            for (int i = 0; i < pairs.size(); i++) {
                Pair p = pairs.get(i);
                int at = 0;
                System.arraycopy(p.cand, 0, tokens, at, p.cand.length);
                at += p.cand.length;
                ends[0] = at;
                for (int r = 0; r < p.refs.length; r++) {
                    System.arraycopy(p.refs[r], 0, tokens, at, p.refs[r].length);
                    at += p.refs[r].length;
                    ends[r + 1] = at;
                }
                a.scoreSegmentsInto(tokens, ends, 1 + p.refs.length, dst);
                Score[] want = b.score(p.cand, p.refs);
                for (int m = 0; m < want.length; m++) {
                    double[] w = {want[m].precision(), want[m].recall(), want[m].fmeasure(), want[m].hit(),
                        want[m].referenceTotal(), want[m].candidateTotal()};
                    for (int k = 0; k < 6; k++) {
                        T.check(Double.doubleToRawLongBits(dst[6 * m + k]) == Double.doubleToRawLongBits(w[k]),
                            "%s pair %d metric %d field %d: %s, want bit for bit %s", o, i, m, k, dst[6 * m + k], w[k]);
                    }
                }
            }
            expectRouge(RougeException.INVALID_ARGUMENT, () -> a.scoreSegmentsInto(tokens, longs(3), 1, dst),
                "no reference");
            T.expect(IllegalArgumentException.class, () -> a.scoreSegmentsInto(tokens, longs(3, 2), 2, dst),
                "decreasing ends");
            T.expect(IllegalArgumentException.class, () -> a.scoreSegmentsInto(ints(1, 2), longs(1, 3), 2, dst),
                "end past the tokens");
            T.expect(IllegalArgumentException.class, () -> a.scoreSegmentsInto(tokens, longs(1, 2), 3, dst),
                "more segments than ends");
            T.expect(IllegalArgumentException.class, () -> a.scoreSegmentsInto(tokens, longs(1, 2), 2, new double[6]),
                "dst too small");
            T.expect(NullPointerException.class, () -> a.scoreSegmentsInto(null, longs(1, 2), 2, dst), "null tokens");
        }
    }

    static void testStreamErrors() {
        Stream.Config cfg = new Stream.Config(2, false, true, 2);
        // A sentence longer than its maximum (2 here) is refused; the stream is unchanged.
        Stream st = new Stream(Options.rougeScore(), cfg, ints(1, 2, 5), ints(2, 1));
        st.push(1);
        st.push(2);
        Metric[] tracked = {Metric.rougeN(1), Metric.rougeN(2), Metric.rougeLsum()};
        Score[] before = st.score(tracked);
        expectRouge(RougeException.INPUT_TOO_LONG, () -> st.push(3), "third token of a 2-token sentence");
        sameScores(st.score(tracked), before, "after a refused push");
        st.endSentence(); // a new sentence may hold 2 tokens again
        st.push(3);
        // Metrics the stream does not track, bad options.
        for (Metric m : new Metric[] {Metric.rougeN(3), Metric.rougeL(), Metric.rougeW(1.2), Metric.rougeS(4),
            Metric.rougeSU(4), Metric.rougeN(0)}) {
            expectRouge(RougeException.INVALID_ARGUMENT, () -> st.score(Metric.rougeN(1), m), "untracked " + m);
        }
        expectRouge(RougeException.INVALID_ARGUMENT, () -> st.score(Options.perl().withAlpha(2), Metric.rougeN(1)),
            "alpha 2");
        T.check(st.score().length == 0, "no metrics, no scores");
        T.expect(NullPointerException.class, () -> st.score((Metric[]) null), "null metrics");
        T.expect(NullPointerException.class, () -> st.score(Metric.rougeN(1), null), "null metric");
        T.expect(NullPointerException.class, () -> st.score((Options) null, Metric.rougeN(1)), "null options");
        // Construction.
        int[] ref = ints(1, 2, 5);
        expectRouge(RougeException.INVALID_ARGUMENT, () -> new Stream(Options.rougeScore(), cfg), "no references");
        expectRouge(RougeException.INVALID_ARGUMENT, () -> new Stream(Options.rougeScore(),
            new Stream.Config(Stream.MAX_N + 1, false, false, 0), ref), "max n above MAX_N");
        for (long[] bad : new long[][] {longs(2, 1), longs(4), longs(-1), longs(Long.MIN_VALUE)}) {
            expectRouge(RougeException.INVALID_ARGUMENT, () -> new Stream(Options.rougeScore(), cfg,
                new int[][] {ref, ref}, new long[][] {null, bad}), "reference ends " + Arrays.toString(bad));
        }
        T.expect(IllegalArgumentException.class, () -> new Stream.Config(-1, false, false, 0), "negative max n");
        T.expect(IllegalArgumentException.class, () -> new Stream.Config(1, false, true, -1), "negative sentence");
        T.expect(IllegalArgumentException.class, () -> new Stream(Options.rougeScore(), cfg, new int[][] {ref},
            new long[2][]), "sentence-end arrays for 1 reference");
        T.expect(NullPointerException.class, () -> new Stream(null, cfg, ref), "null options");
        T.expect(NullPointerException.class, () -> new Stream(Options.rougeScore(), null, ref), "null config");
        T.expect(NullPointerException.class, () -> new Stream(Options.rougeScore(), cfg, ref, null), "null reference");
        T.expect(NullPointerException.class, () -> new Stream(Options.rougeScore(), cfg, (int[][]) null, null),
            "null references");
        // MAX_N itself is fine, and so is tracking nothing (then every metric is untracked).
        Stream most = new Stream(Options.rougeScore(), new Stream.Config(Stream.MAX_N, false, false, 0), ref);
        most.push(1);
        counts(most.score(Metric.rougeN(Stream.MAX_N))[0], 0, 0, 0, 0, "rouge32");
        Stream nothing = new Stream(Options.rougeScore(), new Stream.Config(0, false, false, 0), ref);
        nothing.push(1);
        expectRouge(RougeException.INVALID_ARGUMENT, () -> nothing.score(Metric.rougeN(1)), "stream tracking nothing");
    }

    static void testStreamCopy() {
        Stream a = new Stream(Options.rougeScore(), new Stream.Config(2, true, true, 8), ints(1, 2, 5));
        a.push(1);
        Stream b = a.copy(); // branch: b continues with 2, a with 5
        b.push(2);
        a.push(5);
        counts(a.score(STREAM_METRICS)[1], 0, 2, 1, 0, "a: bigram 15");
        counts(b.score(STREAM_METRICS)[1], 1, 2, 1, 0, "b: bigram 12");
        T.check(b.config().equals(a.config()) && b.options() == a.options() && b.stateWords() == a.stateWords(),
            "a copy has the same configuration");
    }

    // ------------------------------------------------------------------------------------------
    // Text scoring
    // ------------------------------------------------------------------------------------------

    /** rougers 0.2.1's values: RougeScorer::with_tokenizer(.., Tokenizer::unicode() / character()).score(ref, cand). */
    static void testRougersTokenizers() {
        Metric[] ms = {Metric.parse("rouge1"), Metric.parse("rouge2")};
        Score[] u = new TextScorer(Options.rougeScore(), TextOptions.of(TextOptions.Tokenizer.UNICODE_V1), ms)
            .score("Привет, мир! Don't pay $3.50 for e-mail.", "привет мир, don't pay 3.50 dollars");
        assert u[0].fmeasure() == 0.7142857142857143 : u[0].fmeasure();
        assert u[1].fmeasure() == 0.6666666666666666 : u[1].fmeasure();
        Score[] c = new TextScorer(Options.rougeScore(), TextOptions.of(TextOptions.Tokenizer.CHARACTER_V1), ms)
            .score("我爱北京天安门。", "我爱上海。");
        assert c[0].fmeasure() == 0.36363636363636365 : c[0].fmeasure();
        assert c[1].fmeasure() == 0.2222222222222222 : c[1].fmeasure();
        try {
            new TextScorer(Options.rougeScore(), TextOptions.of(TextOptions.Tokenizer.UNICODE_V1).withStem(true), ms);
            throw new AssertionError("stemming with unicode-v1 accepted");
        } catch (RougeException e) {
            assert e.getMessage() != null;
        }
    }

    static TextScorer textScorer(boolean stem, String... metrics) {
        Metric[] ms = Arrays.stream(metrics).map(Metric::parse).toArray(Metric[]::new);
        return new TextScorer(Options.rougeScore(), TextOptions.of(TextOptions.Tokenizer.ROUGE_SCORE).withStem(stem), ms);
    }

    /** rouge-score text cases of the conformance files (stemming included) through the library's tokeniser. */
    static void testTextScorerConformance() throws IOException {
        Path dir = Paths.get(System.getProperty("rouge.conformance"));
        int pass = 0;
        List<String> errors = new ArrayList<>();
        List<Path> files = new ArrayList<>(List.of(dir.resolve("seed_examples.jsonl"), dir.resolve("pltrdy_rouge_score.jsonl")));
        Path shared = dir.toAbsolutePath().getParent().getParent().getParent().resolve("shared/conformance/real_rouge_score.jsonl");
        if (Files.exists(shared)) {
            files.add(shared);
        }
        for (Path file : files) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                Map<String, Object> v = obj(Json.parse(line));
                if (!String.valueOf(v.get("tool")).startsWith("rouge-score") || v.containsKey("candidate_ids")
                    || v.containsKey("pair_ids")) {
                    continue;
                }
                Map<String, Object> opts = v.get("options") == null ? Map.of() : obj(v.get("options"));
                Map<String, Object> src = v.containsKey("tool_input") ? obj(v.get("tool_input")) : v;
                Map<String, Object> expected = obj(v.get("expected"));
                List<String> names = new ArrayList<>(expected.keySet());
                TextScorer ts = textScorer(Boolean.TRUE.equals(opts.get("use_stemmer")), names.toArray(new String[0]));
                String[] refs = arr(src.get("references")).stream().map(String.class::cast).toArray(String[]::new);
                int before = errors.size();
                compareFloats(expected, names, ts.score((String) src.get("candidate"), refs), v.get("id") + " ", errors);
                if (errors.size() == before) {
                    pass++;
                }
            }
        }
        T.check(errors.isEmpty(), "%d failures, first: %s", errors.size(), errors.subList(0, Math.min(3, errors.size())));
        T.check(pass >= 13, "only %d text cases ran", pass);
        System.out.printf("     %d rouge-score text cases pass (stemmed and not)%n", pass);
    }

    /** On ASCII text the library's rouge-score tokeniser and the test's Vocab agree: same scores bit for bit. */
    static void testTextScorerEqualsIds() {
        Random rnd = new Random(15);
        String[] words = {"the", "cat", "Sat", "on", "a", "mat", "dog", "ran", "42", "x1"};
        String[] names = {"rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeSU4"};
        TextScorer ts = textScorer(false, names);
        Scorer ids = Scorer.of(Options.rougeScore(), names);
        for (int k = 0; k < 300; k++) {
            // Lengths grow and shrink, so the scorer is prepared again and then reused larger.
            int len = k % 50 == 49 ? 2000 : rnd.nextInt(40);
            String cand = text(rnd, words, len);
            String[] refs = new String[1 + rnd.nextInt(3)];
            for (int r = 0; r < refs.length; r++) {
                refs[r] = text(rnd, words, rnd.nextInt(40));
            }
            Vocab v = new Vocab(1);
            int[][] refIds = new int[refs.length][];
            long[][] refEnds = new long[refs.length][];
            for (int r = 0; r < refs.length; r++) {
                refIds[r] = v.tokens(refs[r]);
                refEnds[r] = v.ends(refs[r]);
            }
            int[] candIds = v.tokens(cand);
            sameScores(ts.score(cand, refs), ids.score(candIds, v.ends(cand), refIds, refEnds), "case " + k);
        }
    }

    static String text(Random rnd, String[] words, int len) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < len; i++) {
            b.append(words[rnd.nextInt(words.length)]).append(rnd.nextInt(8) == 0 ? ".\n" : rnd.nextInt(5) == 0 ? ", " : " ");
        }
        return b.toString();
    }

    static void testTextScorerBytesAndErrors() {
        TextScorer ts = textScorer(false, "rouge1");
        // Non-ASCII: "Ünïcode café" encodes as String.getBytes does, so String and bytes agree.
        String c = "Ünïcode café \uD83D\uDE00 naïve", r = "café naïve \u00DCn\u00EFcode";
        sameScores(ts.score(c, r), ts.scoreUtf8(c.getBytes(StandardCharsets.UTF_8), r.getBytes(StandardCharsets.UTF_8)),
            "string vs bytes");
        // An unpaired surrogate is '?' (a separator for rouge-score): "a\uD800b" scores as "a?b" = {a, b}.
        sameScores(ts.score("a\uD800b", "a b"), ts.score("a?b", "a b"), "unpaired surrogate");
        prf(ts.score("a\uD800b", "a b")[0], 1, 1, 1, 0, "a?b vs a b");
        RougeException e = T.expect(RougeException.class,
            () -> ts.scoreUtf8(new byte[] {'a', (byte) 0xC3, '(', 'b'}, "a b".getBytes(StandardCharsets.US_ASCII)),
            "invalid UTF-8");
        T.check(e.status() == RougeException.INVALID_UTF8, "status %d", e.status());
        e = T.expect(RougeException.class, () -> ts.score("a\u0000b", "a b"), "NUL");
        T.check(e.status() == RougeException.EMBEDDED_NUL, "status %d", e.status());
        e = T.expect(RougeException.class, () -> ts.score("a b"), "no references");
        T.check(e.status() == RougeException.INVALID_ARGUMENT, "status %d", e.status());
        T.expect(NullPointerException.class, () -> ts.score(null, "a"), "null candidate");
        T.expect(NullPointerException.class, () -> ts.score("a", (String) null), "null reference");
        // The scorer still works after errors.
        prf(ts.score("a b c d", "a b")[0], 0.5, 1, 2.0 / 3, 0, "after errors");
        e = T.expect(RougeException.class, () -> new TextScorer(Options.rougeScore(),
            TextOptions.of(TextOptions.Tokenizer.ROUGE_SCORE).withStopwords(true), Metric.parse("rouge1")), "stop words");
        T.check(e.status() == RougeException.INVALID_ARGUMENT, "status %d", e.status());
        // scoreInto: 6 doubles per metric, a reference count below the array's length.
        double[] out = new double[6];
        ts.scoreInto("a b c d", new String[] {"a b", "unused"}, 1, out);
        T.check(out[0] == 0.5 && out[1] == 1 && out[3] == 2 && out[4] == 2 && out[5] == 4, "scoreInto %s",
            Arrays.toString(out));
    }

    // ------------------------------------------------------------------------------------------
    // Corpus
    // ------------------------------------------------------------------------------------------

    static void testCorpusHand() {
        // Pair 0: ROUGE-1 hit 1 of reference 2, candidate 4: P 1/4, R 1/2, F 2PR/(P+R) = 1/3.
        // Pair 1: hit 3 of 4, candidate 4: P 3/4, R 3/4, F 3/4.
        Score[][] results = {{new Score(0.25, 0.5, 1.0 / 3, 1, 2, 4)}, {new Score(0.75, 0.75, 0.75, 3, 4, 4)}};
        Score macro = Corpus.macro(results)[0];
        // Means: P (1/4 + 3/4) / 2 = 1/2, R (1/2 + 3/4) / 2 = 5/8, F (1/3 + 3/4) / 2 = 13/24.
        prf(macro, 0.5, 0.625, 13.0 / 24, 1e-15, "macro");
        Score micro = Corpus.micro(results, List.of(Metric.rougeN(1)), Options.rougeScore())[0];
        // Pooled: hit 4, reference 6, candidate 8: P 1/2, R 2/3, F 2 * 1/3 / (7/6) = 4/7.
        prf(micro, 0.5, 2.0 / 3, 4.0 / 7, 1e-15, "micro");
        counts(micro, 4, 6, 8, 0, "micro counts");
        // One pair: every resample is that pair, so low = mid = high = its scores, either method.
        for (Bootstrap.Method m : Bootstrap.Method.values()) {
            Aggregate a = Corpus.bootstrap(new Score[][] {results[1]}, Bootstrap.of(m).withSamples(50))[0];
            for (Score s : new Score[] {a.low(), a.mid(), a.high()}) {
                prf(s, 0.75, 0.75, 0.75, 1e-15, m + " one pair");
            }
        }
        // Two pairs: each resample mean lies between the two pairs' scores, and low <= mid <= high.
        Aggregate a = Corpus.bootstrap(results, Bootstrap.of(Bootstrap.Method.ROUGE_SCORE).withSeed(7))[0];
        T.check(0.25 <= a.low().precision() && a.low().precision() <= a.mid().precision()
            && a.mid().precision() <= a.high().precision() && a.high().precision() <= 0.75, "%s", a);
        Bootstrap d = Bootstrap.of(Bootstrap.Method.ROUGE_SCORE);
        T.check(d.samples() == 1000 && d.confidence() == 0.95 && d.seed() == 0, "defaults %s", d);
        RougeException e = T.expect(RougeException.class, () -> Corpus.macro(new Score[0][]), "no pairs");
        T.check(e.status() == RougeException.INVALID_ARGUMENT, "status %d", e.status());
        e = T.expect(RougeException.class, () -> Corpus.bootstrap(results, d.withConfidence(1.5)), "confidence");
        T.check(e.status() == RougeException.INVALID_ARGUMENT, "status %d", e.status());
        e = T.expect(RougeException.class, () -> Corpus.macro(new Score[][] {{new Score(Double.NaN, 0, 0, 0, 0, 0)}}),
            "NaN");
        T.check(e.status() == RougeException.INVALID_ARGUMENT, "status %d", e.status());
    }

    /** The tests in order, by name: run by {@link #main} and, under Surefire, by junit/RougeSuiteTest. */
    static Map<String, T.Body> tests() {
        Map<String, T.Body> t = new LinkedHashMap<String, T.Body>();
        t.put("version", RougeTest::testVersion);
        t.put("rouge-score-rs's unicode-v1 and character-v1: rougers' values", RougeTest::testRougersTokenizers);
        t.put("metric parse and factories", RougeTest::testMetricParseAndFactories);
        t.put("options defaults", RougeTest::testOptionsDefaults);
        t.put("seed id cases (rouge-score)", RougeTest::testSeedIdCases);
        t.put("seed text cases (rouge-score)", RougeTest::testSeedTextCases);
        t.put("hand: ROUGE-N both flavours", RougeTest::testHandRougeN);
        t.put("hand: Perl alpha and rounding", RougeTest::testHandAlphaAndRounding);
        t.put("hand: L and Lsum both flavours", RougeTest::testHandLcs);
        t.put("hand: ROUGE-W both flavours", RougeTest::testHandRougeW);
        t.put("hand: S and SU both flavours", RougeTest::testHandSkipBigrams);
        t.put("hand: best F and jackknife", RougeTest::testHandJackknife);
        t.put("empty inputs", RougeTest::testEmptyInputs);
        t.put("real: ROUGE-1.5.5 -f A / -f B, 4 references", RougeTest::testRealPerlMultiReference);
        t.put("real: rouge-score score_multi, 4 references", RougeTest::testRealRougeScoreMultiReference);
        t.put("conformance files", RougeTest::testConformanceFiles);
        t.put("ids >= 2^31 (negative ints)", RougeTest::testNegativeIds);
        t.put("errors: metrics and options", RougeTest::testErrorsMetricsAndOptions);
        t.put("errors: score", RougeTest::testErrorsScore);
        t.put("errors: batch", RougeTest::testErrorsBatch);
        t.put("status messages", RougeTest::testStatusMessages);
        t.put("scratch reuse and growth", RougeTest::testScratchReuseAndGrowth);
        t.put("batch equals pairs bit for bit", RougeTest::testBatchEqualsPairs);
        t.put("scoreSegmentsInto equals score bit for bit; errors", RougeTest::testSegmentsIntoEqualsScore);
        t.put("8 threads equal a sequential run", RougeTest::testThreads);
        t.put("stream: hand case after every push", RougeTest::testStreamHandCase);
        t.put("stream: equals one-shot scoring, every policy", RougeTest::testStreamEqualsOneShot);
        t.put("stream: errors", RougeTest::testStreamErrors);
        t.put("stream: copies are independent", RougeTest::testStreamCopy);
        t.put("text scorer: rouge-score conformance text cases", RougeTest::testTextScorerConformance);
        t.put("text scorer: equals token-id scoring bit for bit, growing", RougeTest::testTextScorerEqualsIds);
        t.put("text scorer: bytes, surrogates and errors", RougeTest::testTextScorerBytesAndErrors);
        t.put("corpus: macro, micro, bootstrap by hand", RougeTest::testCorpusHand);
        return t;
    }

    public static void main(String[] args) {
        boolean ea = false;
        assert ea = true;
        if (!ea) {
            System.out.println("run with java -ea");
            System.exit(2);
        }
        for (Map.Entry<String, T.Body> test : tests().entrySet()) {
            T.run(test.getKey(), test.getValue());
        }
        System.exit(T.finish("java"));
    }
}
