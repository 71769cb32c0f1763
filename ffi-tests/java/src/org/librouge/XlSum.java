package org.librouge;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * What a host needs to score XL-Sum's Chinese, Japanese and Thai, whose dictionary segmenters
 * (jieba, fugashi, pythainlp) the library leaves to the host: which languages those are, and the
 * text the fork hands its segmenter. Segment {@link #cleanText} of each text with the segmenter
 * {@link #segmenter} names and pass the tokens to {@link TextScorer#scoreSegmented}.
 */
public final class XlSum {
    private XlSum() {}

    /**
     * The segmenter XL-Sum's scorer runs for {@code lang} when the host must give its tokens
     * ({@code chinese}, {@code chinese_simplified}, {@code chinese_traditional}, {@code japanese},
     * {@code thai}, as in rouge.h), else null: every other language is scored from text.
     */
    public static String segmenter(String lang) {
        if (lang == null) {
            return null;
        }
        switch (lang) {
            case "chinese":
            case "chinese_simplified":
            case "chinese_traditional":
                return "jieba.cut(text)";
            case "japanese":
                return "fugashi's Tagger() with unidic-lite";
            case "thai":
                return "pythainlp's word_tokenize(text, engine=\"newmm\")";
            default:
                return null;
        }
    }

    /**
     * The text XL-Sum's scorer hands its segmenter ({@code rouge_xlsum_clean_text}: Python's
     * {@code str.lower()}, control and format characters deleted, punctuation deleted and
     * splitting words, words joined by single spaces).
     *
     * @throws NullPointerException if {@code text} is null
     * @throws RougeException {@code INPUT_TOO_LONG} for a text whose cleaned form may not fit an array
     */
    public static String cleanText(String text) {
        byte[] in = Objects.requireNonNull(text, "text").getBytes(StandardCharsets.UTF_8);
        long need = Native.xlsumCleanTextBytes(in.length);
        if (need < 0) {
            throw new RougeException((int) -need, "rouge_xlsum_clean_text_bytes(" + in.length + ")");
        }
        byte[] out = new byte[(int) need];
        long written = Native.xlsumCleanText(in, out);
        if (written < 0) {
            throw new RougeException((int) -written);
        }
        return new String(out, 0, (int) written, StandardCharsets.UTF_8);
    }
}
