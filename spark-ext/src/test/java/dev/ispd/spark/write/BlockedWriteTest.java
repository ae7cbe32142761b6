package dev.ispd.spark.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.spark.SparkDrives;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code df.write.format("ispd").option("block", R)}: a table of nullable numbers, dates and
 * strings written column-blocked (chunks of whole blocks, each file's last block partial) reads
 * back as the same table written in rows, row scans and aggregates, whatever ran the read; a
 * block that is not a positive number or does not fit a chunk, and an append that would mix rows
 * and blocks, are refused naming the option. A {@code layout} ending in {@code , blocked R} says
 * the same as {@code block} (both given, they must agree), and reads a file that records no
 * layout as blocked; over files that record theirs it must agree with them.
 */
class BlockedWriteTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, 40_000);

    private static final String LAYOUT = "id i64 le @0, qty decimal(15,2) le @8 nullable @28.0, day date le @16, "
            + "n i32 le @20 nullable @28.1, flag char(3) zero @24 nullable @28.2";
    private static final String ROWS = "/blocked-write/rows";
    private static final String BLOCKED = "/blocked-write/blocked";

    @BeforeAll
    static void write() {
        Dataset<Row> table = spark().range(0, 5_003).selectExpr("id",
                "CASE WHEN id % 7 = 0 THEN NULL ELSE CAST(id * 1.25 AS DECIMAL(15,2)) END AS qty",
                "DATE_ADD(DATE '1994-01-01', CAST(id % 400 AS INT)) AS day",
                "CASE WHEN id % 5 = 0 THEN NULL ELSE CAST(id % 1000 AS INT) END AS n",
                "CASE WHEN id % 11 = 0 THEN NULL ELSE SUBSTR('ABCDEFG', CAST(id % 5 AS INT) + 1, 3) END AS flag")
                .repartition(3);
        table.write().format("ispd").option("layout", LAYOUT).mode("overwrite").save(DRIVES.uri(ROWS));
        table.write().format("ispd").option("layout", LAYOUT).option("block", "100").mode("overwrite")
                .save(DRIVES.uri(BLOCKED));
    }

    @Test
    void eachFileRecordsItsBlocksAndItsChunksAreWholeBlocks() throws IOException {
        FileSystem fs = new Path(DRIVES.uri(BLOCKED)).getFileSystem(DRIVES.hadoopConf());
        List<FileStatus> files = List.of(fs.listStatus(new Path(DRIVES.uri(BLOCKED))));
        assertEquals(3, files.size());
        for (FileStatus f : files) {
            assertEquals(100, LayoutAttribute.recordsPerBlock(fs, f.getPath()), f.getPath().toString());
            assertEquals(0, f.getBlockSize() % (100 * 29), "chunks of whole blocks of 100 29-byte records");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"host-only", "device-only", "fastest"})
    void rowsAndAggregatesReadBackAsFromTheTableInRows(String policy) {
        for (String sql : List.of("SELECT * FROM t", "SELECT id, qty, flag FROM t WHERE n > 500 AND day < DATE '1994-06-01'",
                "SELECT flag, COUNT(*), SUM(qty), MIN(day), MAX(n) FROM t GROUP BY flag",
                "SELECT COUNT(*), SUM(qty * 2) FROM t WHERE qty IS NULL OR n < 10")) {
            assertEquals(answer(ROWS, policy, sql), answer(BLOCKED, policy, sql), sql + " under " + policy);
        }
    }

    @Test
    void aBadBlockAndAnAppendMixingRowsAndBlocksAreRefusedNamingTheOption() {
        Dataset<Row> one = spark().range(0, 10).selectExpr("id", "CAST(1 AS DECIMAL(15,2)) AS qty",
                "DATE '1994-01-01' AS day", "1 AS n", "'A' AS flag");
        assertRefused("option block must be a positive number of records, got 0",
                () -> one.write().format("ispd").option("layout", LAYOUT).option("block", "0").mode("overwrite")
                        .save(DRIVES.uri("/blocked-write/bad")));
        assertRefused("option block must be a positive number of records, got 'many'",
                () -> one.write().format("ispd").option("layout", LAYOUT).option("block", "many").mode("overwrite")
                        .save(DRIVES.uri("/blocked-write/bad")));
        assertRefused("option block 2000: a block of 2000 records of 29 B is 58000 bytes, more than a chunk (40000 "
                + "bytes, ispd.fs.chunk.size); at most 1379 records to a block",
                () -> one.write().format("ispd").option("layout", LAYOUT).option("block", "2000").mode("overwrite")
                        .save(DRIVES.uri("/blocked-write/bad")));
        assertRefused("stores its records in rows, but option block is 100: an append stores its records as the table's",
                () -> one.write().format("ispd").option("block", "100").mode("append").save(DRIVES.uri(ROWS)));
        assertRefused("stores its records column-blocked, 100 records to a block, but option block is 50",
                () -> one.write().format("ispd").option("block", "50").mode("append").save(DRIVES.uri(BLOCKED)));
    }

    @Test
    void aLayoutEndingInBlockedStoresTheRecordsSoAndReadsAFileThatRecordsNothing() throws IOException {
        String byLayout = "/blocked-write/by-layout";
        spark().read().format("ispd").load(DRIVES.uri(ROWS)).write().format("ispd")
                .option("layout", LAYOUT + ", blocked 100").mode("overwrite").save(DRIVES.uri(byLayout));
        FileSystem fs = new Path(DRIVES.uri(byLayout)).getFileSystem(DRIVES.hadoopConf());
        FileStatus written = fs.listStatus(new Path(DRIVES.uri(byLayout)))[0];
        assertEquals(100, LayoutAttribute.recordsPerBlock(fs, written.getPath()));
        String sql = "SELECT flag, COUNT(*), SUM(qty), MIN(day), MAX(n) FROM t GROUP BY flag";
        assertEquals(answer(ROWS, "device-only", sql), answer(byLayout, "device-only", sql));

        // the same bytes in a file that records no layout (copied as hadoop fs -put would): the option says how they lie
        Path bare = new Path(DRIVES.uri("/blocked-write/bare/part.bin"));
        try (var in = fs.open(written.getPath()); var out = fs.create(bare, true, 4096, (short) 1, written.getBlockSize())) {
            in.transferTo(out);
        }
        assertTrue(LayoutAttribute.read(fs, bare).isEmpty());
        for (String policy : List.of("host-only", "device-only")) {
            assertEquals(answer(written.getPath().toString(), LAYOUT + ", blocked 100", policy, "SELECT * FROM t"),
                    answer(bare.toString(), LAYOUT + ", blocked 100", policy, "SELECT * FROM t"), policy);
        }
        assertRefused("stores its records column-blocked, 100 records to a block, but the options' layout says "
                + "column-blocked, 50 records to a block", () -> spark().read().format("ispd")
                .option("layout", LAYOUT + ", blocked 50").load(DRIVES.uri(byLayout)).collect());
        assertRefused("stores its records in rows, but the options' layout says column-blocked, 100 records to a block",
                () -> spark().read().format("ispd").option("layout", LAYOUT + ", blocked 100").load(DRIVES.uri(ROWS))
                        .collect());
    }

    @Test
    void aLayoutAndABlockThatDisagreeOrABlockedLayoutPastAChunkAreRefusedNamingTheOptions() {
        Dataset<Row> one = spark().range(0, 10).selectExpr("id", "CAST(1 AS DECIMAL(15,2)) AS qty",
                "DATE '1994-01-01' AS day", "1 AS n", "'A' AS flag");
        assertRefused("option block is 50, but option layout says column-blocked, 100 records to a block: give one",
                () -> one.write().format("ispd").option("layout", LAYOUT + ", blocked 100").option("block", "50")
                        .mode("overwrite").save(DRIVES.uri("/blocked-write/bad")));
        assertRefused("option layout 2000: a block of 2000 records of 29 B is 58000 bytes, more than a chunk",
                () -> one.write().format("ispd").option("layout", LAYOUT + ", blocked 2000").mode("overwrite")
                        .save(DRIVES.uri("/blocked-write/bad")));
        assertRefused("option layout: blocked 'x' is not a positive whole number of records",
                () -> one.write().format("ispd").option("layout", LAYOUT + ", blocked x").mode("overwrite")
                        .save(DRIVES.uri("/blocked-write/bad")));
    }

    private static void assertRefused(String message, Runnable write) {
        AnalysisException e = assertThrows(AnalysisException.class, write::run);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    private static List<String> answer(String path, String policy, String sql) {
        spark().read().format("ispd").option("ispd.offload.policy", policy).load(DRIVES.uri(path))
                .createOrReplaceTempView("t");
        return sorted(sql);
    }

    /** The answer to {@code sql} over {@code file} read with the option {@code layout}. */
    private static List<String> answer(String file, String layout, String policy, String sql) {
        spark().read().format("ispd").option("layout", layout).option("ispd.offload.policy", policy).load(file)
                .createOrReplaceTempView("t");
        return sorted(sql);
    }

    private static List<String> sorted(String sql) {
        List<String> out = new ArrayList<>(spark().sql(sql).collectAsList().stream().map(Row::toString).toList());
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static SparkSession spark() {
        return DRIVES.spark();
    }
}
