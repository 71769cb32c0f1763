package org.librouge;

/**
 * A {@code rouge_status} other than {@code ROUGE_OK}: {@link #status()} is the C code,
 * {@link #getMessage()} starts with the library's {@code rouge_status_str} message.
 *
 * <p>Which errors are which, in the whole binding:
 * <ul>
 *   <li>{@link NullPointerException}: a null argument where an array or object is required
 *       (null sentence ends are allowed and mean "no sentence ends").</li>
 *   <li>{@link IllegalArgumentException}: a shape only the Java API has, found before the
 *       native call: parallel arrays of different lengths (references and their sentence ends,
 *       a batch's candidates and references), a negative n for ROUGE-N (n is a C
 *       {@code uint32_t}).</li>
 *   <li>{@code RougeException}: every condition the C API defines a status for, with that
 *       status, so the same input fails the same way from every host: an unknown metric name,
 *       n = 0, weight &lt; 1, alpha outside [0, 1] ({@link #INVALID_ARGUMENT}, when the
 *       {@link Scorer} is built), no references, sentence ends out of order or past the end, a
 *       ROUGE-W weight so large that k^weight overflows for the input lengths
 *       ({@link #INVALID_ARGUMENT}, when scoring). The batch call checks sentence ends itself
 *       while flattening the pairs (an end past its sequence would otherwise land in the next
 *       one) and reports them with the same status. {@link #INPUT_TOO_LONG} when a scratch
 *       need (or a {@link Stream}'s state) exceeds the largest Java array, and from
 *       {@link Stream#push(int)} for a sentence longer than the stream's maximum.
 *       {@link TextScorer}: {@link #INVALID_UTF8} and {@link #EMBEDDED_NUL} for such texts.
 *       {@link Corpus}: {@link #INVALID_ARGUMENT} for no pairs, a NaN or infinite score,
 *       bad bootstrap options. A
 *       {@link Stream} also throws {@link #INVALID_ARGUMENT} for a metric it does not track. The other codes ({@link #NULL_POINTER},
 *       {@link #SCRATCH_TOO_SMALL}, {@link #SCRATCH_MISALIGNED}, {@link #OUTPUT_TOO_SMALL})
 *       cannot come from this binding's calls, which size and pass every buffer themselves.</li>
 * </ul>
 */
public final class RougeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** {@code ROUGE_ERR_NULL_POINTER}. */
    public static final int NULL_POINTER = 1;
    /** {@code ROUGE_ERR_SCRATCH_TOO_SMALL}. */
    public static final int SCRATCH_TOO_SMALL = 2;
    /** {@code ROUGE_ERR_SCRATCH_MISALIGNED}. */
    public static final int SCRATCH_MISALIGNED = 3;
    /** {@code ROUGE_ERR_INVALID_ARGUMENT}. */
    public static final int INVALID_ARGUMENT = 4;
    /** {@code ROUGE_ERR_INPUT_TOO_LONG}. */
    public static final int INPUT_TOO_LONG = 5;
    /** {@code ROUGE_ERR_OUTPUT_TOO_SMALL}. */
    public static final int OUTPUT_TOO_SMALL = 6;
    /** {@code ROUGE_ERR_INVALID_UTF8}: a text is not valid UTF-8 ({@link TextScorer#scoreUtf8}). */
    public static final int INVALID_UTF8 = 7;
    /** {@code ROUGE_ERR_EMBEDDED_NUL}: a text holds a NUL byte. */
    public static final int EMBEDDED_NUL = 8;

    private final int status;

    /** An exception for {@code status}, with the library's message for it. */
    public RougeException(int status) {
        this(status, null);
    }

    /** An exception for {@code status}: the library's message, then {@code ": " + detail}. */
    public RougeException(int status, String detail) {
        super(message(status, detail));
        this.status = status;
    }

    /** The C status code ({@code ROUGE_ERR_*}). */
    public int status() {
        return status;
    }

    /** The library's English message for a status code ({@code rouge_status_str}). */
    public static String statusString(int status) {
        return Native.statusString(status);
    }

    private static String message(int status, String detail) {
        String s = Native.statusString(status);
        return detail == null ? s : s + ": " + detail;
    }
}
