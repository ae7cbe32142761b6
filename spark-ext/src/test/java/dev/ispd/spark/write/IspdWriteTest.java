package dev.ispd.spark.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.queries.QueryJobs;
import dev.ispd.examples.queries.QuerySpec;
import dev.ispd.examples.queries.Variant;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkException;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code df.write.format("ispd")}: records that read back identically (through the connector and
 * through plain Spark over the bytes), the layout recorded on every part file, overwrite and
 * append, and failed writes (a bad value, a failing task) that leave nothing visible.
 */
@Tag("heavy")
class IspdWriteTest {
    private static final int ENTRY = 256;
    private static final String SENSOR = "id u32 le @0, flags u8 @4 bits 0..2, mode u8 @4 bits 3..7, temp i16 @5";
    private static final StructType SENSOR_SCHEMA = new StructType().add("id", DataTypes.LongType, false)
            .add("flags", DataTypes.IntegerType, false).add("mode", DataTypes.IntegerType, false)
            .add("temp", DataTypes.IntegerType, false);

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_000);

    private static String source;

    @BeforeAll
    static void load() throws IOException {
        source = DRIVES.write("/write/source.bin", WorldCupFiles.generate(11, 3_000, ENTRY));
    }

    private static SparkSession spark() {
        return DRIVES.spark();
    }

    private static Dataset<Row> worldCup(String uri) {
        return spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY).load(uri);
    }

    @Test
    void worldCupRecordsReadBackIdenticallyAndRecordTheirLayout() throws IOException {
        String out = DRIVES.uri("/write/wc");
        worldCup(source).repartition(3).write().format("ispd").option("layout", "worldcup98")
                .option("entrySize", ENTRY).mode("overwrite").save(out);

        List<FileStatus> parts = visibleFiles(out);
        assertEquals(3, parts.size(), parts.toString());
        for (FileStatus part : parts) {
            assertEquals(Optional.of("worldcup98/" + ENTRY), LayoutAttribute.read(fs(), part.getPath()));
        }
        Dataset<Row> expected = PlainRecords.read(spark(), source, ENTRY);
        Dataset<Row> back = spark().read().format("ispd").load(out); // the recorded layout, no options
        assertSameRows(expected, back);
        assertSameRows(expected, PlainRecords.read(spark(), out, ENTRY));
        assertNothingStaged("/write");
    }

    /** What Spark wrote is what the workbench's query jobs (bin/ispd query) read: Q1 over it as over the source. */
    @Test
    void theQueryJobsReadWhatSparkWrote(@TempDir java.nio.file.Path work) throws Exception {
        String out = DRIVES.uri("/write/for-query");
        worldCup(source).repartition(2).write().format("ispd").option("layout", "worldcup98")
                .option("entrySize", ENTRY).mode("overwrite").save(out);
        Configuration conf = new Configuration(DRIVES.hadoopConf());
        conf.set("mapreduce.framework.name", "local");
        QuerySpec q1 = QuerySpec.q1(ENTRY);
        String expected = QueryJobs.run(conf, q1, Variant.HOST_NORMAL, new Path(source), work.resolve("source")).answer();
        for (Variant v : List.of(Variant.HOST_NORMAL, Variant.DEVICE)) {
            assertEquals(expected, QueryJobs.run(conf, q1, v, new Path(out), work.resolve(v.cliName())).answer(), v.cliName());
        }
    }

    @Test
    void aUserLayoutIsWrittenRecordedAndReadBackByItsRecord() throws IOException {
        String out = DRIVES.uri("/write/sensor");
        Dataset<Row> rows = sensorRows(RowFactory.create(1L, 5, 31, -300), RowFactory.create(4294967295L, 0, 1, 32767));
        rows.write().format("ispd").option("layout", SENSOR).option("entrySize", 8).mode("overwrite").save(out);

        Path part = visibleFiles(out).get(0).getPath();
        assertEquals(Optional.of("custom/8"), LayoutAttribute.read(fs(), part));
        assertEquals(Optional.of("id u32 le @0, flags u8 @4 bits 0..2, mode u8 @4 bits 3..7, temp i16 @5"),
                LayoutAttribute.readFields(fs(), part));
        // little-endian id 1, then mode 31 and flags 5 in one byte (0b11111_101), temp -300 big-endian, a zero pad byte
        assertArrayEquals(new byte[] {1, 0, 0, 0, (byte) 0xFD, (byte) 0xFE, (byte) 0xD4, 0},
                Arrays.copyOf(bytes(part), 8));
        Dataset<Row> back = spark().read().format("ispd").load(out);
        assertEquals(SENSOR_SCHEMA, back.schema());
        assertSameRows(rows, back);
    }

    /** A layout from a JSON file (option layoutFile) is written and recorded; options that disagree with a file's record are refused, naming both. */
    @Test
    void aLayoutFileIsUsedAndAnOptionDisagreeingWithTheRecordIsAnError(@TempDir java.nio.file.Path dir) throws IOException {
        java.nio.file.Path json = dir.resolve("sensor.json");
        Files.writeString(json, """
                {"name": "sensor", "recordSize": 8, "fields": [
                  {"name": "id", "type": "u32", "order": "le", "offset": 0},
                  {"name": "flags", "type": "u8", "offset": 4, "bits": "0..2"},
                  {"name": "mode", "type": "u8", "offset": 4, "bits": "3..7"},
                  {"name": "temp", "type": "i16", "offset": 5}]}""");
        String out = DRIVES.uri("/write/json");
        Dataset<Row> rows = sensorRows(RowFactory.create(7L, 1, 2, 3));
        rows.write().format("ispd").option("layoutFile", json.toUri().toString()).mode("overwrite").save(out);
        assertEquals(Optional.of("sensor/8"), LayoutAttribute.read(fs(), visibleFiles(out).get(0).getPath()));
        assertSameRows(rows, spark().read().format("ispd").load(out));
        assertSameRows(rows, spark().read().format("ispd").option("layout", SENSOR).option("entrySize", 8).load(out));

        assertError("records layout sensor/8 (" + SENSOR + "), but the options give custom/7 (" + SENSOR + ")",
                () -> spark().read().format("ispd").option("layout", SENSOR).load(out));
        assertError("records layout sensor/8 (" + SENSOR + "), but the options give worldcup98 without entrySize",
                () -> spark().read().format("ispd").option("layout", "worldcup98").load(out));
        assertError("records layout sensor/8 (" + SENSOR + "), but the options give custom/8",
                () -> rows.write().format("ispd").option("layout", "id u32 @0, flags u8 @4 bits 0..2, mode u8 @4 bits 3..7, "
                        + "temp i16 @5").option("entrySize", 8).mode("append").save(out));
        java.nio.file.Path bad = Files.writeString(dir.resolve("bad.json"), Files.readString(json).replace("0..2", "2..0"));
        assertError("option layoutFile " + bad.toUri() + ": field flags: bits '2..0' is not LOW..HIGH",
                () -> spark().read().format("ispd").option("layoutFile", bad.toUri().toString()).load(out));
    }

    @Test
    void overwriteReplacesAndAppendAdds() throws IOException {
        String out = DRIVES.uri("/write/modes");
        Dataset<Row> first = worldCup(source).where("type = 0");
        Dataset<Row> second = worldCup(source).where("type = 1");
        first.write().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY).mode("overwrite").save(out);
        second.write().format("ispd").mode("append").save(out); // the layout the directory's files record
        assertSameRows(first.union(second), worldCup(out));
        second.write().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY).mode("overwrite").save(out);
        assertSameRows(second, worldCup(out));
        assertNothingStaged("/write");
    }

    @Test
    void aValueTheFieldCannotHoldFailsTheWriteNamingColumnAndValueAndLeavesNothing() throws IOException {
        String out = DRIVES.uri("/write/bad-value");
        SparkException e = assertThrows(SparkException.class, () -> sensorRows(RowFactory.create(1L, 9, 0, 0)).write()
                .format("ispd").option("layout", SENSOR).mode("overwrite").save(out));
        assertTrue(rootMessage(e).contains("column flags value 9 does not fit field flags of layout custom (values [0, 7])"),
                rootMessage(e));
        assertFalse(fs().exists(new Path(out)));
        assertNothingStaged("/write");
    }

    @Test
    void overlappingFieldsThatDisagreeAreRefused() {
        Dataset<Row> wc = worldCup(source).selectExpr("timestamp", "clientID", "objectID", "size", "method",
                "status", "type", "0 AS server", "3 AS region");
        SparkException e = assertThrows(SparkException.class, () -> wc.write().format("ispd")
                .option("layout", "worldcup98").option("entrySize", 20).mode("overwrite").save(DRIVES.uri("/write/overlap")));
        assertTrue(rootMessage(e).contains("column server value 0 disagrees with column region value 3"), rootMessage(e));
    }

    /** A task that fails (after others wrote their part) aborts the job: neither the target nor staging is visible. */
    @Test
    void aFailedTaskLeavesNothingVisible() throws IOException {
        String out = DRIVES.uri("/write/failed");
        spark().udf().register("failOn", (UDF1<Integer, Integer>) v -> {
            if (v == 757) {
                throw new IllegalStateException("task fails on purpose");
            }
            return v % 8;
        }, DataTypes.IntegerType);
        Dataset<Row> rows = spark().range(0, 1000, 1, 4)
                .selectExpr("id", "failOn(CAST(id AS INT)) AS flags", "0 AS mode", "0 AS temp");
        assertThrows(SparkException.class, () -> rows.write().format("ispd").option("layout", SENSOR)
                .mode("overwrite").save(out));
        assertFalse(fs().exists(new Path(out)));
        assertNothingStaged("/write");
    }

    @Test
    void columnsTheLayoutCannotTakeAreAnalysisErrorsNamingThem() {
        String out = DRIVES.uri("/write/bad-columns");
        assertError("layout custom has no field for column extra", () -> sensorRows(RowFactory.create(1L, 0, 0, 0))
                .selectExpr("*", "1 AS extra").write().format("ispd").option("layout", SENSOR).mode("overwrite").save(out));
        assertError("column temp is STRING; field temp of layout custom is i16, which takes integers", () -> sensorRows(
                RowFactory.create(1L, 0, 0, 0)).selectExpr("id", "flags", "mode", "'hot' AS temp").write()
                .format("ispd").option("layout", SENSOR).mode("overwrite").save(out));
        assertError("the data has no column for field temp of layout custom", () -> sensorRows(
                RowFactory.create(1L, 0, 0, 0)).drop("temp").write().format("ispd").option("layout", SENSOR)
                .mode("overwrite").save(out));
        assertError("path /tmp/out is not on osd://", () -> sensorRows(RowFactory.create(1L, 0, 0, 0)).write()
                .format("ispd").option("layout", SENSOR).mode("overwrite").save("/tmp/out"));
    }

    private static Dataset<Row> sensorRows(Row... rows) {
        return spark().createDataFrame(List.of(rows), SENSOR_SCHEMA);
    }

    /** The same rows in any order (collected: the data is small, and a shuffle would cost more than it). */
    private static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual) {
        assertEquals(sorted(expected), sorted(actual));
    }

    private static List<String> sorted(Dataset<Row> rows) {
        return rows.collectAsList().stream().map(Row::toString).sorted().toList();
    }

    private static void assertError(String expected, Runnable write) {
        AnalysisException e = assertThrows(AnalysisException.class, write::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    /** No staging directory (a name starting with a dot) is left beside the targets. */
    private static void assertNothingStaged(String dir) throws IOException {
        for (FileStatus s : fs().listStatus(new Path(DRIVES.uri(dir)))) {
            assertFalse(s.getPath().getName().startsWith("."), s.getPath() + " is left over");
        }
    }

    private static List<FileStatus> visibleFiles(String dir) throws IOException {
        return Arrays.stream(fs().listStatus(new Path(dir))).filter(s -> !s.getPath().getName().startsWith("_")).toList();
    }

    private static byte[] bytes(Path file) throws IOException {
        try (InputStream in = fs().open(file)) {
            return in.readAllBytes();
        }
    }

    private static FileSystem fs() throws IOException {
        return new Path(DRIVES.uri("/")).getFileSystem(DRIVES.hadoopConf());
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        StringBuilder s = new StringBuilder();
        while (t != null) {
            s.append(t.getMessage()).append('\n');
            t = t.getCause();
        }
        return s.toString();
    }
}
