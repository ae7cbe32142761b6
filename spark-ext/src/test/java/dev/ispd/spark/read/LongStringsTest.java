package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Strings longer than 255 bytes in the drives: a Parquet file written to osd:// by Spark with
 * strings of 0, 255, 256, 4,000 and 60,000 bytes and NULLs, read with {@code format("ispd")} and
 * the {@code stringWidth} its longest string needs, answers =, LIKE, STARTS WITH, GROUP BY the long
 * string and selections of it as {@code spark.read.parquet} does under every policy, device-only
 * entirely in the drives; without the option, the first longer string is an error naming the
 * file, the row group, the column and the option. Records of a {@code char(1000)} field written
 * with {@code df.write.format("ispd")} read back as written, filtered in the drives.
 */
@Tag("heavy")
class LongStringsTest {
    private static final int CHUNK = 1 << 20;
    private static final int[] LENGTHS = {0, 255, 256, 4_000, 60_000};
    private static final int ROWS = 60;
    private static final StructType SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
            .add("s", DataTypes.StringType, true);
    private static final String LONG_A = "a".repeat(4_000);

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, CHUNK);

    private static String parquet;
    private static String records;
    private static final Map<String, List<String>> EXPECTED = new ConcurrentHashMap<>();

    /**
     * Row {@code id}'s string: NULL every seventh, else one of {@link #LENGTHS} bytes: a letter of
     * three repeated, or (odd ids) the letter and the id repeated and ending in a two-byte é.
     */
    static String string(int id) {
        if (id % 7 == 3) {
            return null;
        }
        int n = LENGTHS[id % LENGTHS.length];
        String letter = String.valueOf((char) ('a' + id % 3));
        return n == 0 ? "" : id % 2 == 0 ? letter.repeat(n) : (letter + id).repeat(n).substring(0, n - 2) + "é";
    }

    /** The rows whose strings have at most {@code maxBytes} bytes. */
    static List<Row> rows(int maxBytes) {
        List<Row> rows = new ArrayList<>();
        for (int id = 0; id < ROWS; id++) {
            String s = string(id);
            if (s == null || s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= maxBytes) {
                rows.add(RowFactory.create(id, s));
            }
        }
        return rows;
    }

    static List<String> policies() {
        return PolicyViews.POLICIES;
    }

    static List<String> queries() {
        return List.of(
                "SELECT id, length(s), substr(s, -3) FROM t WHERE s = '" + LONG_A + "'",
                "SELECT id, length(s) FROM t WHERE s LIKE 'b%é'",
                "SELECT id, length(s) FROM t WHERE startswith(s, 'cc') OR s > 'c'",
                "SELECT length(s), substr(s, 1, 10), count(*) FROM t GROUP BY s",
                "SELECT id, s FROM t WHERE id < 25",
                "SELECT count(*), count(s), max(length(s)) FROM t WHERE s IS NOT NULL OR id > 50");
    }

    static Stream<Arguments> cases() {
        return PolicyViews.POLICIES.stream().flatMap(policy -> queries().stream().map(q -> Arguments.of(policy, q)));
    }

    @BeforeAll
    static void write() {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        parquet = DRIVES.uri("/long/parquet");
        spark.createDataFrame(rows(Integer.MAX_VALUE), SCHEMA).repartition(2).write()
                .option("parquet.block.size", CHUNK / 8 * 7).mode("overwrite").parquet(parquet);
        records = DRIVES.uri("/long/records");
        spark.createDataFrame(rows(1_000), SCHEMA).write().format("ispd")
                .option("layout", "id i32 le @0, s char(1000) @4 nullable @1004.0").mode("overwrite").save(records);
    }

    private static Dataset<Row> ispd(String path, String policy, String stringWidth) {
        var reader = DRIVES.spark().read().format("ispd").option("ispd.offload.policy", policy);
        return (stringWidth == null ? reader : reader.option("stringWidth", stringWidth)).load(path);
    }

    private static Dataset<Row> sql(String query, Dataset<Row> table) {
        table.createOrReplaceTempView("t");
        return DRIVES.spark().sql(query);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void parquetAnswersAsSparksParquetReader(String policy, String query) {
        List<String> expected = EXPECTED.computeIfAbsent(query, q -> PolicyViews.sorted(sql(q,
                DRIVES.spark().read().parquet(parquet))));
        assertFalse(expected.isEmpty(), "the query answers something");
        Dataset<Row> df = sql(query, ispd(parquet, policy, "60000"));
        assertEquals(expected, PolicyViews.sorted(df));
        if (policy.equals("device-only")) {
            assertTrue(ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE) >= 1, "ran in a drive");
            assertEquals(0, ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST), "every row group in a drive");
        }
    }

    @Test
    void withoutTheWidthALongerStringIsAnErrorNamingFileRowGroupColumnAndTheOption() {
        Exception e = assertThrows(Exception.class, () -> sql("SELECT count(*) FROM t WHERE s > 'b'",
                ispd(parquet, "device-only", null)).collect());
        String messages = messages(e);
        assertTrue(messages.matches("(?s).*/long/parquet/part-[^ ]+\\.parquet: row group 0, column s: a value of "
                + "(256|4000|60000) bytes is longer than the 255 bytes a plan reads of a string.*"), messages);
        assertTrue(messages.contains("option stringWidth"), messages);
    }

    @Test
    void aWidthBeyondTheLimitIsAnAnalysisErrorNamingTheLimit() {
        Exception e = assertThrows(Exception.class, () -> ispd(parquet, "host-only", "65536"));
        assertTrue(messages(e).contains("stringWidth 65536: a string column of a plan holds 1-65535 bytes"),
                messages(e));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void charOfAThousandBytesReadsBackAsWrittenAndFiltersInTheDrives(String policy) {
        Dataset<Row> read = ispd(records, policy, null);
        assertEquals(SCHEMA, read.schema());
        Dataset<Row> written = DRIVES.spark().createDataFrame(rows(1_000), SCHEMA);
        assertEquals(PolicyViews.sorted(written), PolicyViews.sorted(read));
        String q = "SELECT id, length(s) FROM t WHERE s LIKE 'a%é' OR s = '" + "b".repeat(256) + "'";
        List<String> expected = PolicyViews.sorted(sql(q, written));
        assertFalse(expected.isEmpty());
        Dataset<Row> df = sql(q, read);
        assertEquals(expected, PolicyViews.sorted(df));
        if (policy.equals("device-only")) {
            assertEquals(0, ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST), "every split in a drive");
        }
    }

    private static String messages(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(t.getMessage()).append('\n');
        }
        return b.toString();
    }
}
