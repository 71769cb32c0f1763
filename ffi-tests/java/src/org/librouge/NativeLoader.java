package org.librouge;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.Locale;

/**
 * Finds and loads {@code librouge_jni.so}, in this order (as zstd-jni and sqlite-jdbc do):
 * <ol>
 *   <li>the file named by the system property {@value #PATH_PROPERTY}, if set (an installed
 *       library; nothing else is tried, so a wrong path fails loudly);</li>
 *   <li>the copy inside the jar for this platform, {@code /org/librouge/native/linux-ARCH/librouge_jni.so}
 *       (ARCH is {@code x86_64} or {@code aarch64}), extracted to a temporary file that is deleted
 *       when the JVM exits (a shared library cannot be loaded from inside a jar);</li>
 *   <li>{@code System.loadLibrary("rouge_jni")}: {@code -Djava.library.path} or the system's
 *       library directories.</li>
 * </ol>
 */
final class NativeLoader {
    /** System property naming an installed {@code librouge_jni.so} to load instead of the jar's. */
    static final String PATH_PROPERTY = "org.librouge.jni.path";

    private NativeLoader() {}

    static void load() {
        String path = System.getProperty(PATH_PROPERTY);
        if (path != null && !path.isEmpty()) {
            System.load(new File(path).getAbsolutePath());
            return;
        }
        String resource = resourceName();
        if (resource != null) {
            InputStream in = NativeLoader.class.getResourceAsStream(resource);
            if (in != null) {
                System.load(extract(in, resource).getAbsolutePath());
                return;
            }
        }
        System.loadLibrary("rouge_jni");
    }

    /** The jar's resource for this OS and processor, or null for a platform the jar has none for. */
    static String resourceName() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.startsWith("linux")) {
            return null;
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            arch = "x86_64";
        } else if (arch.equals("aarch64") || arch.equals("arm64")) {
            arch = "aarch64";
        } else {
            return null;
        }
        return "/org/librouge/native/linux-" + arch + "/librouge_jni.so";
    }

    private static File extract(InputStream in, String resource) {
        try {
            File f = File.createTempFile("librouge_jni-", ".so");
            f.deleteOnExit();
            try (InputStream src = in; OutputStream dst = Files.newOutputStream(f.toPath())) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = src.read(buf)) > 0;) {
                    dst.write(buf, 0, n);
                }
            }
            return f;
        } catch (IOException e) {
            UnsatisfiedLinkError err = new UnsatisfiedLinkError("cannot extract " + resource + " to "
                + System.getProperty("java.io.tmpdir") + ": " + e + " (set -D" + PATH_PROPERTY
                + "=/path/to/librouge_jni.so to load an installed copy)");
            err.initCause(e);
            throw err;
        }
    }
}
