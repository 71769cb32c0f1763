package org.librouge.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.librouge.Metric;
import org.librouge.Options;
import org.librouge.TextOptions;

/**
 * The options string of the SQL functions, parsed: comma-separated {@code key=value} pairs,
 * keys and values case-insensitive, an empty or null string for the defaults.
 *
 * <pre>
 * flavour=rouge-score|perl      definitions (default rouge-score)
 * tokenizer=rouge-score|unicode|perl|unicode-v1|character-v1   (default: the flavour's;
 *                                     unicode-v1, character-v1: rouge-score-rs's)
 * stem=true|false               Porter stemming (rouge-score use_stemmer / ROUGE-1.5.5 -m)
 * multi=best-f|A|B              several references (default: the flavour's)
 * jackknife=true|false, alpha=0.5, round=true|false (perl)
 * stopwords=true|false, word_limit=N, byte_limit=N   (tokenizer=perl)
 * errors=null|fail              a malformed row gives NULL (default) or fails the query
 * </pre>
 *
 * An unknown key or value throws {@link IllegalArgumentException}: a mistake in the query, not in
 * a row, so it always fails the query.
 */
final class Config {
    final Options options;
    final TextOptions textOptions;
    final boolean failOnBadRow;

    private Config(Options options, TextOptions textOptions, boolean failOnBadRow) {
        this.options = options;
        this.textOptions = textOptions;
        this.failOnBadRow = failOnBadRow;
    }

    static Config parse(String spec) {
        String flavour = "rouge-score";
        String tokenizer = null;
        String multi = null;
        Boolean stem = null, jackknife = null, round = null, stopwords = null;
        Double alpha = null;
        long wordLimit = 0, byteLimit = 0;
        boolean fail = false;
        if (spec != null) {
            for (String part : spec.split(",")) {
                String p = part.trim();
                if (p.isEmpty()) {
                    continue;
                }
                int eq = p.indexOf('=');
                if (eq < 0) {
                    throw bad(spec, "\"" + p + "\" is not key=value");
                }
                String k = p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                String v = p.substring(eq + 1).trim();
                String lv = v.toLowerCase(Locale.ROOT);
                switch (k) {
                    case "flavour":
                    case "flavor":
                        flavour = oneOf(spec, k, lv, "rouge-score", "perl");
                        break;
                    case "tokenizer":
                    case "tokeniser":
                        tokenizer = oneOf(spec, k, lv, "rouge-score", "unicode", "perl", "unicode-v1", "character-v1");
                        break;
                    case "multi":
                        multi = oneOf(spec, k, lv, "best-f", "a", "b");
                        break;
                    case "stem":
                        stem = bool(spec, k, lv);
                        break;
                    case "jackknife":
                        jackknife = bool(spec, k, lv);
                        break;
                    case "round":
                        round = bool(spec, k, lv);
                        break;
                    case "stopwords":
                        stopwords = bool(spec, k, lv);
                        break;
                    case "alpha":
                        alpha = number(spec, k, v);
                        break;
                    case "word_limit":
                        wordLimit = (long) (double) number(spec, k, v);
                        break;
                    case "byte_limit":
                        byteLimit = (long) (double) number(spec, k, v);
                        break;
                    case "errors":
                        fail = oneOf(spec, k, lv, "null", "fail").equals("fail");
                        break;
                    default:
                        throw bad(spec, "unknown key \"" + k + "\" (flavour, tokenizer, stem, multi, jackknife, alpha,"
                            + " round, stopwords, word_limit, byte_limit, errors)");
                }
            }
        }
        boolean perl = flavour.equals("perl");
        Options o = perl ? Options.perl() : Options.rougeScore();
        if (multi != null) {
            o = o.withPolicy(multi.equals("best-f") ? Options.Policy.BEST_F
                : multi.equals("a") ? Options.Policy.PERL_A : Options.Policy.PERL_B);
        }
        if (jackknife != null) {
            o = o.withJackknife(jackknife);
        }
        if (round != null) {
            o = o.withRounding(round);
        }
        if (alpha != null) {
            o = o.withAlpha(alpha);
        }
        String tok = tokenizer != null ? tokenizer : perl ? "perl" : "rouge-score";
        TextOptions t = TextOptions.of(tok.equals("perl") ? TextOptions.Tokenizer.PERL
            : tok.equals("unicode") ? TextOptions.Tokenizer.UNICODE
            : tok.equals("unicode-v1") ? TextOptions.Tokenizer.UNICODE_V1
            : tok.equals("character-v1") ? TextOptions.Tokenizer.CHARACTER_V1
            : TextOptions.Tokenizer.ROUGE_SCORE);
        if (stem != null) {
            t = t.withStem(stem);
        }
        if (stopwords != null) {
            t = t.withStopwords(stopwords);
        }
        try {
            t = t.withWordLimit(wordLimit).withByteLimit(byteLimit);
        } catch (IllegalArgumentException e) {
            throw bad(spec, e.getMessage());
        }
        return new Config(o, t, fail);
    }

    /** Metric names, comma-separated, each parsed by the library ({@code rouge1}, {@code rougeLsum}, ...). */
    static List<Metric> metrics(String names, List<String> keysOut) {
        if (names == null) {
            throw new IllegalArgumentException("rouge: the metric is NULL");
        }
        List<Metric> ms = new ArrayList<Metric>();
        for (String part : names.split(",")) {
            String n = part.trim();
            if (n.isEmpty()) {
                continue;
            }
            try {
                ms.add(Metric.parse(n));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("rouge: unknown metric name \"" + n + "\" (rouge1..rougeN, rougeL,"
                    + " rougeLsum, rougeW-1.2, rougeS4, rougeS*, rougeSU4, rougeSU*, ROUGE-1.5.5 spellings)", e);
            }
            keysOut.add(n);
        }
        if (ms.isEmpty()) {
            throw new IllegalArgumentException("rouge: no metric in \"" + names + "\"");
        }
        return ms;
    }

    private static IllegalArgumentException bad(String spec, String why) {
        return new IllegalArgumentException("rouge: bad options \"" + spec + "\": " + why);
    }

    private static String oneOf(String spec, String key, String value, String... allowed) {
        for (String a : allowed) {
            if (a.equals(value)) {
                return a;
            }
        }
        throw bad(spec, key + " must be one of " + String.join(", ", allowed) + ", not \"" + value + "\"");
    }

    private static boolean bool(String spec, String key, String value) {
        if (value.equals("true") || value.equals("1")) {
            return true;
        }
        if (value.equals("false") || value.equals("0")) {
            return false;
        }
        throw bad(spec, key + " must be true or false, not \"" + value + "\"");
    }

    private static Double number(String spec, String key, String value) {
        try {
            return Double.valueOf(value);
        } catch (NumberFormatException e) {
            throw bad(spec, key + " must be a number, not \"" + value + "\"");
        }
    }
}
