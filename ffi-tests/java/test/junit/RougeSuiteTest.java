import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding's tests under Surefire (pom.xml), with JUnit 5: every case of {@link RougeTest}
 * as a dynamic test of its own, and the agreement output of {@link AgreeJava} compared with the
 * C host's {@code c.out} byte for byte. Compiled by Maven only (the Makefile's plain run takes
 * {@code test/*.java}, which needs no JUnit); the native library comes from the jar's resources
 * (build/native), loaded by NativeLoader as a user's would be.
 */
class RougeSuiteTest {
    @TestFactory
    Stream<DynamicTest> binding() {
        return RougeTest.tests().entrySet().stream()
            .map(t -> DynamicTest.dynamicTest(t.getKey(), () -> t.getValue().run()));
    }

    @Test
    void agreementWithC(@TempDir Path dir) throws Exception {
        String agree = System.getProperty("rouge.agree.dir");
        Assertions.assertNotNull(agree, "run with -Drouge.agree.dir=ffi-tests/agree/build (pom.xml sets it)");
        Path out = dir.resolve("java-maven.out");
        Assertions.assertEquals(0, AgreeJava.run(Paths.get(agree, "cases.tsv").toString(), out.toString()),
            "batch results equal pair results");
        byte[] want = Files.readAllBytes(Paths.get(agree, "c.out"));
        byte[] got = Files.readAllBytes(out);
        Assertions.assertTrue(want.length > 0 && Arrays.equals(got, want), "java agreement output equals c.out byte for byte");
    }
}
