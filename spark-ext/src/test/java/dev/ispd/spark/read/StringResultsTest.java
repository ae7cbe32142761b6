package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A row plan returns its strings at their length (plan results of version 7): over records of a
 * zero-padded {@code char(20)} with a null bit and a space-padded {@code char(12)}, and over the
 * same rows in Parquet on osd://, strings with trailing spaces, empty ones, NULLs, multi-byte
 * UTF-8 and ones that fill their field read exactly as Spark reads them from Parquet under every
 * policy (and over the same rows column-blocked, their rows and string groups), and device-only the drives return each row's id and strings with a length byte each
 * and no padding (the bytes the drives report, exactly, but for each result's header).
 */
@Tag("heavy")
class StringResultsTest {
    private static final String LAYOUT = "id i64 le @0, s char(20) zero @8 nullable @28.0, c char(12) @29";
    private static final String[] S = {"plain", "trail  ", "", null, "né 漢字", "abcdefghijklmnopqrst", "123456789", " x"};
    private static final String[] C = {"MAIL", "", "12 chars ok!", "AIR REG", "é", "SHIP", "x", "TRUCK"};
    private static final int ROWS = 4_000;
    private static final StructType SCHEMA = new StructType().add("id", DataTypes.LongType, false)
            .add("s", DataTypes.StringType, true).add("c", DataTypes.StringType, false);
    private static final String QUERY = "SELECT id, s, c FROM t WHERE id >= 1000";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, 65_536);

    @TempDir
    static Path parquet;

    private static PolicyViews records;
    private static String parquetOnDrives;
    private static String blockedOnDrives;

    @BeforeAll
    static void write() {
        SparkSession spark = DRIVES.spark();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(RowFactory.create((long) i, S[i % S.length], C[i % C.length]));
        }
        Dataset<Row> df = spark.createDataFrame(rows, SCHEMA);
        records = PolicyViews.written(DRIVES, "strings", df, LAYOUT, 41, parquet);
        parquetOnDrives = DRIVES.uri("/strings-parquet");
        df.repartition(2).write().mode("overwrite").parquet(parquetOnDrives);
        blockedOnDrives = DRIVES.uri("/strings-blocked");
        df.repartition(2).write().format("ispd").option("layout", LAYOUT + ", blocked 500").mode("overwrite")
                .save(blockedOnDrives);
    }

    static List<String> policies() {
        return PolicyViews.POLICIES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void stringsReadAsSparkReadsThemFromParquet(String policy) {
        List<String> expected = records.rows(QUERY, PolicyViews.PARQUET);
        assertTrue(expected.contains("[1001,trail  ,]") && expected.contains("[1003,null,AIR REG]"),
                "trailing spaces, empty strings and NULLs among the rows: " + expected.subList(0, 10));
        assertEquals(expected, records.rows(QUERY, policy), "records");
        Dataset<Row> table = DRIVES.spark().read().format("ispd").option("ispd.offload.policy", policy)
                .load(parquetOnDrives);
        table.createOrReplaceTempView("t");
        assertEquals(expected, PolicyViews.sorted(DRIVES.spark().sql(QUERY)), "Parquet through the drives");
        String groups = "SELECT s, c, COUNT(*), MIN(id) FROM t GROUP BY s, c";
        List<String> expectedGroups = records.rows(groups, PolicyViews.PARQUET);
        DRIVES.spark().read().format("ispd").option("ispd.offload.policy", policy).load(blockedOnDrives)
                .createOrReplaceTempView("t");
        assertEquals(expected, PolicyViews.sorted(DRIVES.spark().sql(QUERY)), "column-blocked records");
        assertEquals(expectedGroups, PolicyViews.sorted(DRIVES.spark().sql(groups)), "column-blocked records' string groups");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void theDrivesReturnStringsAtTheirLength(String source) {
        Dataset<Row> df = source.equals("records") ? records.sql(QUERY, "device-only")
                : DRIVES.spark().read().format("ispd").option("ispd.offload.policy", "device-only")
                        .load(parquetOnDrives).where("id >= 1000").select("id", "s", "c");
        df.collectAsList();
        long rowBytes = 0;
        for (int i = 0; i < ROWS; i++) {
            if (i >= 1000) { // the id, then each string's length byte and bytes
                rowBytes += Long.BYTES + 1 + bytes(S[i % S.length]) + 1 + bytes(C[i % C.length]);
            }
        }
        // a Parquet id Spark wrote as optional comes back with its IS NULL's two words
        long most = rowBytes + (source.equals("parquet") ? (ROWS - 1000) * 2L * Long.BYTES : 0);
        long returned = ScanNodes.metric(df, SplitMetric.RESULT_BYTES_FROM_DRIVES);
        long splits = ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE);
        assertTrue(splits >= 1 && ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST) == 0, "every split in a drive");
        assertTrue(returned >= rowBytes && returned <= most + splits * 64,
                source + ": " + returned + " bytes returned, " + rowBytes + " of rows in " + splits + " splits");
    }

    static List<String> sources() {
        return List.of("records", "parquet");
    }

    private static int bytes(String s) {
        return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length;
    }
}
