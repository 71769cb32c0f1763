package org.librouge;

import java.util.Objects;

/**
 * Tokeniser options of text scoring (the C {@code rouge_text_options}): immutable,
 * thread-safe. Start from {@link #of(Tokenizer)} (the library's defaults: no stemming, no stop
 * words, no limits) and change fields with the {@code with*} methods. The library checks them
 * when a {@link TextScorer} is built (stop words and limits need the Perl tokeniser, and at
 * most one limit; {@link RougeException}, {@code INVALID_ARGUMENT}).
 */
public final class TextOptions {
    /** The tokenisers ({@code ROUGE_TOKENIZER_*}). */
    public enum Tokenizer {
        /** rouge-score 0.1.2's: Python lower(), words of [a-z0-9]. */
        ROUGE_SCORE(0),
        /** Letters and digits of any script; each CJK ideograph, kana, Hangul syllable a word. */
        UNICODE(1),
        /** ROUGE-1.5.5.pl's: ASCII lowercase, '-' split off, words of [A-Za-z0-9]. */
        PERL(2),
        /** rouge-score-rs's unicode-v1: NFKC, case folding, UAX #29 words (no stemming). */
        UNICODE_V1(3),
        /** rouge-score-rs's character-v1: NFKC, case folding, grapheme clusters (no stemming). */
        CHARACTER_V1(4);

        final int code;

        Tokenizer(int code) {
            this.code = code;
        }
    }

    private final Tokenizer tokenizer;
    private final boolean stem;
    private final boolean stopwords;
    private final long wordLimit;
    private final long byteLimit;

    private TextOptions(Tokenizer tokenizer, boolean stem, boolean stopwords, long wordLimit, long byteLimit) {
        this.tokenizer = tokenizer;
        this.stem = stem;
        this.stopwords = stopwords;
        this.wordLimit = wordLimit;
        this.byteLimit = byteLimit;
    }

    /** The library's defaults for a tokeniser ({@code rouge_text_options_init}). */
    public static TextOptions of(Tokenizer tokenizer) {
        Objects.requireNonNull(tokenizer, "tokenizer");
        long[] w = new long[TEXT_OPTION_WORDS];
        int status = Native.textOptionsInit(tokenizer.code, w);
        if (status != 0) {
            throw new RougeException(status, "rouge_text_options_init(" + tokenizer + ")");
        }
        return new TextOptions(tokenizer, w[1] != 0, w[2] != 0, w[4], w[5]);
    }

    /** These options with stemming on or off (NLTK's Porter; ROUGE-1.5.5's -m for Perl). */
    public TextOptions withStem(boolean stem) {
        return new TextOptions(tokenizer, stem, stopwords, wordLimit, byteLimit);
    }

    /** These options with ROUGE-1.5.5's stop-word removal (-s; Perl tokeniser only). */
    public TextOptions withStopwords(boolean stopwords) {
        return new TextOptions(tokenizer, stem, stopwords, wordLimit, byteLimit);
    }

    /** These options with ROUGE-1.5.5's -l word limit (0: none; Perl tokeniser only). */
    public TextOptions withWordLimit(long wordLimit) {
        return new TextOptions(tokenizer, stem, stopwords, checkLimit(wordLimit), byteLimit);
    }

    /** These options with ROUGE-1.5.5's -b byte limit (0: none; Perl tokeniser only). */
    public TextOptions withByteLimit(long byteLimit) {
        return new TextOptions(tokenizer, stem, stopwords, wordLimit, checkLimit(byteLimit));
    }

    private static long checkLimit(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("a limit must not be negative: " + limit);
        }
        return limit;
    }

    public Tokenizer tokenizer() {
        return tokenizer;
    }

    public boolean stem() {
        return stem;
    }

    public boolean stopwords() {
        return stopwords;
    }

    public long wordLimit() {
        return wordLimit;
    }

    public long byteLimit() {
        return byteLimit;
    }

    static final int TEXT_OPTION_WORDS = 6;

    /** The 6-long native layout {@code {tokenizer, stem, stopwords, lcs_path, word_limit, byte_limit}}. */
    long[] words() {
        return new long[] {tokenizer.code, stem ? 1 : 0, stopwords ? 1 : 0, 0, wordLimit, byteLimit};
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TextOptions)) {
            return false;
        }
        TextOptions t = (TextOptions) o;
        return tokenizer == t.tokenizer && stem == t.stem && stopwords == t.stopwords && wordLimit == t.wordLimit
            && byteLimit == t.byteLimit;
    }

    @Override
    public int hashCode() {
        return Objects.hash(tokenizer, stem, stopwords, wordLimit, byteLimit);
    }

    @Override
    public String toString() {
        return "TextOptions{" + tokenizer + ", stem=" + stem + ", stopwords=" + stopwords + ", wordLimit=" + wordLimit
            + ", byteLimit=" + byteLimit + "}";
    }
}
