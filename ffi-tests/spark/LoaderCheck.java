import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Where the jar's classes load librouge_jni.so from, checked in /proc/self/maps (run by
 * `make test` with the source launcher: java -cp librouge-spark.jar LoaderCheck.java MODE):
 *
 *   jar        no org.librouge.jni.path: the jar's copy, extracted to a librouge_jni-*.so file
 *   property   -Dorg.librouge.jni.path=FILE: that file and no extracted copy
 *   missing    -Dorg.librouge.jni.path=NO-SUCH-FILE: UnsatisfiedLinkError naming it, nothing else tried
 */
public final class LoaderCheck {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        String path = System.getProperty("org.librouge.jni.path");
        String version;
        try {
            version = org.librouge.Rouge.version();
        } catch (UnsatisfiedLinkError e) {
            if (mode.equals("missing") && e.getMessage().contains(path)) {
                System.out.println("loader missing: UnsatisfiedLinkError naming " + path);
                return;
            }
            throw e;
        }
        String maps = new String(Files.readAllBytes(Paths.get("/proc/self/maps")), StandardCharsets.UTF_8);
        boolean extracted = maps.contains("/librouge_jni-");
        switch (mode) {
            case "jar":
                check(path == null && extracted, "the jar's copy is not the one loaded");
                break;
            case "property":
                check(maps.contains(Paths.get(path).toAbsolutePath().toString()) && !extracted,
                    path + " is not the one loaded");
                break;
            default:
                check(false, "mode " + mode + ": librouge " + version + " loaded");
        }
        System.out.println("loader " + mode + ": librouge " + version + " loaded as expected");
    }

    private static void check(boolean ok, String why) {
        if (!ok) {
            System.out.println("loader: FAIL " + why);
            System.exit(1);
        }
    }
}
