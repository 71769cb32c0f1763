package org.librouge;

/** UTF-8 encoding into a caller's buffer, byte for byte as {@code String.getBytes(UTF_8)}. */
final class Utf8 {
    private Utf8() {}

    /**
     * Encodes {@code s} into {@code dst} (at least 3 bytes per char) and returns the length. An
     * unpaired surrogate becomes {@code '?'}, as the JDK's encoder replaces it.
     */
    static int encode(CharSequence s, byte[] dst) {
        int n = s.length();
        int j = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[j++] = (byte) c;
            } else if (c < 0x800) {
                dst[j++] = (byte) (0xC0 | (c >> 6));
                dst[j++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                char d = i + 1 < n ? s.charAt(i + 1) : 0;
                if (Character.isHighSurrogate(c) && Character.isLowSurrogate(d)) {
                    int cp = Character.toCodePoint(c, d);
                    i++;
                    dst[j++] = (byte) (0xF0 | (cp >> 18));
                    dst[j++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    dst[j++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    dst[j++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    dst[j++] = (byte) '?';
                }
            } else {
                dst[j++] = (byte) (0xE0 | (c >> 12));
                dst[j++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                dst[j++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return j;
    }
}
