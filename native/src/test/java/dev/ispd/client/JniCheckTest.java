package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Surefire runs the JNI tests under {@code -Xcheck:jni}, but the JVM only prints its warnings;
 * this test makes any warning a failure by running the whole glue in a JVM of its own and reading
 * that JVM's output.
 */
class JniCheckTest {
    @Test
    void theGlueRunsCleanUnderXcheckJni() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xcheck:jni", "-cp", System.getProperty("java.class.path"),
                JniCheckProbe.class.getName())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe did not finish");
        assertEquals(0, p.exitValue(), out);
        assertFalse(out.contains("WARNING"), out);
        assertFalse(out.contains("FATAL"), out);
        assertTrue(out.strip().endsWith("ok"), out);
    }
}
