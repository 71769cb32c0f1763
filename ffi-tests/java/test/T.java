import java.util.ArrayList;
import java.util.List;

/** A minimal test harness: named tests, checks that throw AssertionError, a final tally. */
final class T {
    interface Body {
        void run() throws Exception;
    }

    private static int passed;
    private static int failed;
    private static final List<String> failures = new ArrayList<String>();

    private T() {}

    /** Runs one test; any Throwable fails it (the message is printed), the rest go on. */
    static void run(String name, Body body) {
        long t0 = System.nanoTime();
        try {
            body.run();
            passed++;
            System.out.printf("ok   %s (%d ms)%n", name, (System.nanoTime() - t0) / 1000000);
        } catch (Throwable e) {
            failed++;
            failures.add(name);
            System.out.printf("FAIL %s: %s%n", name, e);
            if (!(e instanceof AssertionError)) {
                e.printStackTrace(System.out);
            }
        }
    }

    /** Prints "N passed, M failed" and returns the exit status. */
    static int finish(String suite) {
        if (!failures.isEmpty()) {
            System.out.println("failed: " + failures);
        }
        System.out.printf("%s: %d passed, %d failed%n", suite, passed, failed);
        return failed == 0 ? 0 : 1;
    }

    static void check(boolean cond, String fmt, Object... args) {
        if (!cond) {
            throw new AssertionError(String.format(fmt, args));
        }
    }

    /** |got - want| <= tol. */
    static void near(double got, double want, double tol, String what) {
        if (!(Math.abs(got - want) <= tol)) {
            throw new AssertionError(String.format("%s: got %.17g, want %.17g (tolerance %g)", what, got, want, tol));
        }
    }

    /** Bit-identical doubles. */
    static void same(double got, double want, String what) {
        if (Double.doubleToRawLongBits(got) != Double.doubleToRawLongBits(want)) {
            throw new AssertionError(String.format("%s: got %.17g, want exactly %.17g", what, got, want));
        }
    }

    /** Runs {@code body}, which must throw a {@code type}; returns it. */
    static <E extends Throwable> E expect(Class<E> type, Body body, String what) {
        try {
            body.run();
        } catch (Throwable e) {
            if (type.isInstance(e)) {
                return type.cast(e);
            }
            throw new AssertionError(what + ": threw " + e + ", want " + type.getSimpleName(), e);
        }
        throw new AssertionError(what + ": returned normally, want " + type.getSimpleName());
    }
}
