package dev.ispd.examples.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ispd.cli.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ispd plan-capacity} end to end: the table, capacity.json and the plots; bad options named. */
class PlanCapacityCommandTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void paperRunWritesEachJobsPlotAndThePointsToJson() throws Exception {
        Path out = dir.resolve("paper");
        assertEquals(0, run("--paper", "--out", out.toString()));
        JsonNode root = new ObjectMapper().readTree(out.resolve(CapacityJson.FILE).toFile());
        assertEquals(3, root.get("jobs").size());
        for (JsonNode job : root.get("jobs")) {
            String id = job.get("id").asText();
            assertTrue(Files.size(out.resolve(id + ".png")) > 0 && Files.size(out.resolve(id + ".svg")) > 0, id);
            assertEquals(16, job.get("rows").size());
            assertEquals(4, job.at("/rows/0/hostS").size(), "one series per core count");
        }
        assertEquals(2, root.at("/jobs/0/breakEven/0/drives").asInt(), "Count on SmartSSD against Host(1)");
        assertEquals(13, root.at("/jobs/0/breakEven/2/drives").asInt(), "against Host(16)");
        assertEquals(9, root.get("points").size());
        assertEquals(7, root.get("pointsHolding").asInt());
        assertEquals(3, root.get("tco").size());
        assertTrue(root.get("inputs").get(0).get("source").asText().startsWith("csdplan 4.3"));
    }

    @Test
    void q1OnOurProfilesTakesItsInputsFromTheModelsAndTwoRunsAgree() throws Exception {
        String[] args = {"--query", "q1", "--entries", "200000", "--cores", "1,2,4", "--max-drives", "8",
                "--price-cpu", "200", "--price-ssd", "100", "--price-csd", "110", "--cheaper-cpu", "100@2"};
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertEquals(0, run(concat(args, "--out", a.toString())));
        assertEquals(0, run(concat(args, "--out", b.toString())));
        assertEquals(Files.readString(a.resolve(CapacityJson.FILE)), Files.readString(b.resolve(CapacityJson.FILE)));
        JsonNode root = new ObjectMapper().readTree(a.resolve(CapacityJson.FILE).toFile());
        assertEquals(6, root.at("/run/busDrives").asInt(), "2 GB/s DMI over 300 MB/s SATA links");
        JsonNode model = root.at("/jobs/0/model");
        assertTrue(model.get("hostDataS").asDouble() > model.get("hostComputeS").asDouble(), model.toString());
        assertEquals(8, root.at("/jobs/0/rows").size());
        assertEquals(3, root.get("tco").size());
        for (JsonNode p : root.get("inputs")) {
            assertTrue(p.hasNonNull("source") != p.hasNonNull("assumption"), p.toString());
        }
    }

    @Test
    void checkSchedulerSetsTheSchedulersMakespanBesideThePlannersTime() throws Exception {
        Path out = dir.resolve("check");
        assertEquals(0, run("--query", "q1", "--entries", "1000000", "--cores", "1,2", "--max-drives", "4",
                "--check-scheduler", "--split-bytes", "16777216", "--out", out.toString()));
        JsonNode root = new ObjectMapper().readTree(out.resolve(CapacityJson.FILE).toFile());
        JsonNode cases = root.get("scheduler");
        assertEquals(3 * 2 + 3, cases.size(), "host for 1, 2, 4 drives x 1, 2 cores; device for each drive count");
        for (JsonNode c : cases) {
            assertEquals(16, c.get("splits").asInt());
            assertTrue(c.get("within").asBoolean() || !c.get("pricedDifferently").isEmpty(), c.toString());
        }
        assertTrue(usageError("--query", "q1", "--check-scheduler", "--split-bytes", "0")
                .contains("--split-bytes must be at least 1"));
    }

    @Test
    void sqlAndMeasuredCostsArePlannedToo() throws Exception {
        assertEquals(0, run("--sql", "SELECT region, COUNT(*) FROM log GROUP BY region", "--entries", "50000",
                "--out", dir.resolve("s").toString()));
        assertEquals(0, run("--measured", "2,1,2.36,1.54", "--bus-drives", "8", "--out", dir.resolve("m").toString()));
        JsonNode m = new ObjectMapper().readTree(dir.resolve("m").resolve(CapacityJson.FILE).toFile());
        assertEquals(2, m.at("/jobs/0/breakEven/0/drives").asInt(), "Count on SmartSSD's proportions");
    }

    @Test
    void badOptionsAreNamed() {
        assertTrue(usageError("--query", "q9").contains("--query must be one of [q1, q2], got 'q9'"));
        assertTrue(usageError("--measured", "1,2,3").contains("--measured must be four non-negative times"));
        assertTrue(usageError("--query", "q1", "--price-cpu", "10").contains("go together"));
        assertTrue(usageError("--query", "q1", "--price-cpu", "1", "--price-ssd", "1", "--price-csd", "1",
                "--cheaper-cpu", "cheap").contains("--cheaper-cpu cheap: expected PRICE@SLOWDOWN"));
        assertTrue(usageError("--paper", "--query", "q1").contains("mutually exclusive"));
        assertTrue(usageError("--query", "q1", "--slowdown-compute", "0.5").contains("--slowdown-compute must be at least 1"));
        assertFalse(Files.exists(dir.resolve("never")));
    }

    private int run(String... args) {
        return CommandLines.of(new PlanCapacity()).execute(args);
    }

    private String usageError(String... args) {
        StringWriter err = new StringWriter();
        int status = CommandLines.of(new PlanCapacity()).setErr(new PrintWriter(err))
                .execute(concat(args, "--out", dir.resolve("never").toString()));
        assertEquals(2, status, err.toString());
        return err.toString();
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
