package dev.ispd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

class CommandLinesTest {
    /** A command that fails as it is told to. */
    @Command(name = "demo")
    static final class Demo implements Callable<Integer> {
        @Option(names = "--count")
        int count = 1;

        @Option(names = "--fail")
        String fail = "";

        @Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            OptionChecks.of(spec.commandLine()).atLeast("--count", count, 1);
            switch (fail) {
                case "io" -> throw new NoSuchFileException("/data/in.log");
                case "argument" -> throw new IllegalArgumentException("unknown device profile 'x'");
                case "bug" -> throw new IllegalStateException("state went wrong");
                default -> {
                    return 0;
                }
            }
        }
    }

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = CommandLines.of(new Demo());
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    @Test
    void aBadValueIsOneUsageLineNamingOptionValueAndWhatIsAllowed() {
        assertEquals(2, run("--count", "0"));
        assertEquals("demo: --count must be at least 1, got 0 (--help lists the options)", err.toString().strip());
    }

    @Test
    void aValueOfTheWrongTypeIsOneUsageLine() {
        assertEquals(2, run("--count", "many"));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().contains("--count"), err.toString());
    }

    @Test
    void aFileErrorNamesTheFileAndWhatIsWrong() {
        assertEquals(2, run("--fail", "io"));
        assertEquals("demo: /data/in.log: no such file or directory", err.toString().strip());
    }

    @Test
    void aRefusedValueFromALibraryIsTheUsersToFix() {
        assertEquals(2, run("--fail", "argument"));
        assertEquals("demo: unknown device profile 'x'", err.toString().strip());
    }

    @Test
    void anythingElseIsAnInternalErrorInOneLine() {
        assertEquals(3, run("--fail", "bug"));
        assertEquals("demo: state went wrong (an internal error; --verbose prints the stack trace)",
                err.toString().strip());
    }

    @Test
    void verbosePrintsTheStackTraceAndEndsOnTheReason() {
        assertEquals(3, run("--fail", "bug", "--verbose"));
        String[] lines = err.toString().strip().split("\n");
        assertTrue(lines[0].startsWith("java.lang.IllegalStateException: state went wrong"), lines[0]);
        assertEquals("demo: state went wrong", lines[lines.length - 1]);
    }
}
