package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The query command end to end on a simulated drive, and its refusals of bad options. */
class QueryCommandTest {
    @AfterEach
    void closeClients() throws Exception {
        FileSystem.closeAll();
    }

    @Test
    void allVariantsOfQ2PrintOneAnswerAndTheirCosts() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            status = new CommandLine(new QueryCommand()).execute("--query", "q2", "--top", "2", "--entries", "3000",
                    "--entry-size", "64", "--chunk-size", "65536");
        } finally {
            System.setOut(stdout);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, out);
        assertTrue(out.contains("q2 top 2 @64 B: the top 2 file types per region"), out);
        assertTrue(out.contains("Santa Clara\tIMAGE\t"), out);
        for (String variant : new String[] {"host-normal", "host-optimized", "device"}) {
            assertTrue(out.lines().anyMatch(l -> l.startsWith(variant + " ")), variant + " row missing: " + out);
        }
        assertTrue(out.contains("the 3 variants gave identical answers"), out);
    }

    @Test
    void refusesOptionsTheQueryDoesNotTake() {
        assertTrue(usageError("--query", "q1", "--top", "3").contains("--top is for q2 only"));
        assertTrue(usageError("--query", "q3").contains("q1, q2 or filter"));
        assertTrue(usageError("--query", "filter", "--predicate", "type eq").contains("field op value"));
        assertTrue(usageError("--query", "q1", "--variant", "fast").contains("--variant must be"));
        assertTrue(usageError("--query", "q1", "--input", "osd:///x").contains("--drives"));
        assertTrue(usageError("--query", "q1", "--entry-size", "100").contains("100"));
    }

    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        PrintWriter writer = new PrintWriter(err);
        int status = new CommandLine(new QueryCommand()).setErr(writer).execute(args);
        writer.flush();
        assertEquals(2, status, err.toString());
        return err.toString();
    }
}
