package dev.ispd.examples.worldcup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Off a terminal (as under the test runner), progress is plain lines, never carriage-return frames. */
class LoadProgressTest {
    private static String stderrOf(Runnable work) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            work.run();
        } finally {
            System.setErr(saved);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void offATerminalProgressIsPlainLines() {
        String err = stderrOf(() -> {
            try (LoadProgress p = LoadProgress.records(LoadProgress.Mode.ON, "generate", 1000)) {
                p.stepTo(500);
                p.stepTo(1000);
            }
        });
        assertTrue(err.contains("generate"), err);
        assertFalse(err.contains("\r"), "no carriage-return frames in a log file: " + err);
        assertFalse(err.contains("\u001b"), "no terminal colour codes in a log file: " + err);
        assertTrue(err.contains("1000/1000 records"), "the count, with room for it: " + err);
    }

    @Test
    void offShowsNothingAndAutoShowsNothingForSmallWork() {
        String err = stderrOf(() -> {
            try (LoadProgress off = LoadProgress.records(LoadProgress.Mode.OFF, "generate", 10_000_000);
                 LoadProgress small = LoadProgress.bytes(LoadProgress.Mode.AUTO, "load", 1000)) {
                off.stepTo(5_000_000);
                small.stepTo(1000);
            }
        });
        assertEquals("", err);
    }
}
