package org.librouge;

/**
 * Library information. Loading: the native part is {@code librouge_jni.so} (the JNI shim with
 * librouge linked in statically): the file {@code -Dorg.librouge.jni.path} names, else the jar's
 * copy for linux-x86_64 or linux-aarch64, else {@code System.loadLibrary("rouge_jni")}
 * ({@code -Djava.library.path}); the first use of any class of this package loads it and checks
 * the ABI version.
 */
public final class Rouge {
    /** The C ABI version this binding was written against ({@code ROUGE_ABI_VERSION}). */
    public static final int ABI_VERSION = Native.ABI_VERSION;

    private Rouge() {}

    /** The library version, "MAJOR.MINOR.PATCH" ({@code rouge_version}). */
    public static String version() {
        return Native.version();
    }

    /** The ABI version of the loaded library ({@code rouge_abi_version}; equal to {@link #ABI_VERSION}). */
    public static int abiVersion() {
        return Native.abiVersion();
    }
}
