package dev.ispd.spark.quickstart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The Spark quickstart's main path in this JVM, on two drives with small chunks: its answers are
 * plain Spark's (the same SQL over the generator's bytes read as binary records, decoded here),
 * and its report shows what was pushed, one placement line per partition and a cost table that
 * adds up.
 */
@Tag("heavy")
class SparkQuickstartTest {
    private static final int ENTRIES = 30_000;
    private static final int ENTRY_SIZE = 256;
    private static final long SEED = 7;
    private static final int TOP = 2;
    private static final Pattern PLACEMENT = Pattern.compile(
            "Placement: policy fastest, (\\d+) partitions(?: gathered into 1)?: (\\d+) on device.*, (\\d+) on host");
    private static final Pattern SPLIT = Pattern.compile("  split +\\d+ on drive [01] -> (DEVICE|HOST) +host .+: .+");
    private static final Pattern COSTS = Pattern.compile(
            "  (fastest|host-only) +(\\d+) +(\\d+) +0 +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+)");

    private static List<String> report;

    @BeforeAll
    static void runTheCommand() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(new SparkQuickstart(new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        int status = cmd.execute("--entries", String.valueOf(ENTRIES), "--entry-size", String.valueOf(ENTRY_SIZE),
                "--drives", "2", "--chunk-size", "1000000", "--seed", String.valueOf(SEED), "--top", String.valueOf(TOP),
                "--master", "local[2]");
        report = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, status, err + String.join("\n", report));
    }

    @Test
    void answersArePlainSparks(@TempDir Path dir) throws IOException {
        List<List<String>> plain = plainSparkAnswers(dir);
        assertEquals(plain.get(0), answer(WorldCupSql.q1()));
        assertEquals(plain.get(1), answer(WorldCupSql.q2(TOP)));
        assertEquals(4, plain.get(0).size(), "the generator's four regions");
        assertEquals("the fastest and host-only runs gave identical answers", report.get(report.size() - 1));
    }

    @Test
    void showsWhatWasPushedAsExplainDoes() {
        List<String> q1 = section(WorldCupSql.q1(), "pushed into the scan");
        assertEquals("pushed into the scan, as EXPLAIN shows it (IspdScan worldcup98 entrySize 256)", q1.get(0));
        assertEquals(List.of("  PushedFilters: []", "  PushedAggregates: [COUNT(*)]", "  PushedGroupBy: [region] (complete)",
                "  ReadSchema: struct<region:int,COUNT(*):bigint>"), q1.subList(1, 5));
        assertTrue(PLACEMENT.matcher(q1.get(5).trim()).matches(), q1.get(5));
        List<String> q2 = section(WorldCupSql.q2(TOP), "pushed into the scan");
        assertTrue(q2.contains("  PushedGroupBy: [region, type] (complete)"), q2.toString());
    }

    @Test
    void listsEveryPartitionsPlacementAndCostsThatAddUp() {
        for (WorldCupSql query : List.of(WorldCupSql.q1(), WorldCupSql.q2(TOP))) {
            Matcher placed = PLACEMENT.matcher(section(query, "pushed into the scan").get(5).trim());
            assertTrue(placed.matches());
            List<String> splits = section(query, "where each partition ran (policy fastest)");
            List<String> lines = splits.subList(1, splits.size());
            assertEquals(Integer.parseInt(placed.group(1)), lines.size(), splits.toString());
            lines.forEach(l -> assertTrue(SPLIT.matcher(l).matches(), l));
            assertEquals(Long.parseLong(placed.group(2)), lines.stream().filter(l -> l.contains("-> DEVICE")).count());

            List<String> costs = section(query, "modeled cost, summed over partitions");
            Matcher fastest = COSTS.matcher(costs.get(2));
            Matcher hostOnly = COSTS.matcher(costs.get(3));
            assertTrue(fastest.matches() && fastest.group(1).equals("fastest"), costs.toString());
            assertTrue(hostOnly.matches() && hostOnly.group(1).equals("host-only"), costs.toString());
            double mb = ENTRIES * (double) ENTRY_SIZE / 1e6;
            assertEquals(mb, Double.parseDouble(fastest.group(8)) + Double.parseDouble(fastest.group(9)), 0.11,
                    "every byte read once, in a drive or on the host: " + costs);
            assertEquals(mb, Double.parseDouble(hostOnly.group(9)), 0.051, costs.toString());
            assertEquals("0", hostOnly.group(2), "host-only runs nothing in the drives");
            assertTrue(Double.parseDouble(fastest.group(4)) > 0 && Double.parseDouble(fastest.group(5)) > 0,
                    "device partitions have a modeled device time and energy: " + costs);
            assertTrue(Double.parseDouble(fastest.group(7)) < Double.parseDouble(hostOnly.group(7)),
                    "offloading saves host energy: " + costs);
        }
    }

    @Test
    void badOptionsAreOneLineUsageErrorsBeforeAnyWork() {
        assertUsage("--master must be local, local[N] or local[*], got 'yarn'", "--master", "yarn");
        assertUsage("--top must be 1 to 256, got 0", "--top", "0");
        assertUsage("--entry-size must be one of [20, 32, 64, 128, 256], got 100", "--entry-size", "100");
        assertUsage("--policy nosuch", "--policy", "nosuch");
    }

    private static void assertUsage(String expected, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(new SparkQuickstart(new PrintStream(out, true, StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        assertEquals(2, cmd.execute(args), err.toString());
        assertTrue(err.toString().startsWith("ispd spark-quickstart: " + expected), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertEquals(0, out.size(), "nothing started: " + out);
    }

    /** The lines of the report's section starting with {@code heading} inside {@code query}'s part, up to a blank line. */
    private static List<String> section(WorldCupSql query, String heading) {
        int start = report.indexOf(query.title());
        while (!report.get(start).startsWith(heading)) {
            start++;
        }
        int end = report.subList(start, report.size()).indexOf("") + start;
        return report.subList(start, end);
    }

    /** The printed answer of {@code query}: the lines after its title and statement. */
    private static List<String> answer(WorldCupSql query) {
        List<String> part = section(query, query.title());
        assertEquals("  " + query.sql(), part.get(1));
        return part.subList(2, part.size());
    }

    /** Q1 and Q2 by plain Spark: the same statements over the generator's bytes, decoded here (region, type). */
    private static List<List<String>> plainSparkAnswers(Path dir) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(ENTRIES * ENTRY_SIZE);
        WorldCupGenerator.withDefaults(SEED, ENTRIES).fill(buf, ENTRIES, ENTRY_SIZE);
        Path file = Files.write(dir.resolve("wc.bin"), buf.array());
        SparkSession spark = SparkSession.builder().master("local[2]").appName("plain")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        try {
            JavaRDD<Row> rows = spark.sparkContext().binaryRecords(file.toString(), ENTRY_SIZE,
                    spark.sparkContext().hadoopConfiguration()).toJavaRDD()
                    .map(r -> RowFactory.create((r[19] & 0xFF) >>> 5, r[18] & 0xFF));
            spark.createDataFrame(rows, new StructType().add("region", DataTypes.IntegerType)
                    .add("type", DataTypes.IntegerType)).createOrReplaceTempView(WorldCupSql.VIEW);
            List<List<String>> answers = new ArrayList<>();
            for (WorldCupSql query : List.of(WorldCupSql.q1(), WorldCupSql.q2(TOP))) {
                answers.add(spark.sql(query.sql()).collectAsList().stream().map(query.line()).toList());
            }
            return answers;
        } finally {
            spark.stop();
        }
    }
}
