package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.TypedRows;
import dev.ispd.spark.metrics.ScanMetric;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import scala.Option;

/**
 * A table of every field type with NULLs in every nullable column ({@link TypedRows}), read with
 * {@code format("ispd")} under host-only, device-only and fastest, against Spark over the same
 * rows written as Parquet: the same multiset of rows, decimals exact, floats bit for bit (NaN,
 * -0.0), strings without their padding. Under device-only every scan must have run in the drives.
 */
@Tag("heavy")
class TypedTableTest {
    private static final int CHUNK = 100_003;
    private static final int RECORDS = 6_000;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    @TempDir
    static Path parquet;
    /** Spark's answers over Parquet, by query: the same under every policy. */
    private static final Map<String, List<String>> EXPECTED = new ConcurrentHashMap<>();

    static List<String> queries() {
        return List.of(
                "SELECT * FROM t",
                "SELECT id, s, z, w FROM t WHERE id < 3000",
                "SELECT count(*), count(i), count(l), count(f), count(d), count(p), count(q), count(w), count(dt), "
                        + "count(ts), count(b), count(s), count(z), count(bit), count(dn) FROM t",
                "SELECT k, count(p), count(s), min(id), max(id) FROM t GROUP BY k",
                "SELECT * FROM t WHERE l IS NULL",
                "SELECT id, s, z FROM t WHERE s IS NOT NULL AND z IS NULL",
                "SELECT id, i, dn FROM t WHERE i IS NULL OR dn IS NULL",
                "SELECT id, l, w, ts FROM t WHERE NOT (l IS NULL OR id > 5000)",
                "SELECT * FROM t WHERE p > 100.00",
                "SELECT id, f, d FROM t WHERE isnan(f) OR d = 0.0 OR f < 0",
                "SELECT * FROM t ORDER BY id DESC LIMIT 25",
                "SELECT s, z, count(*) FROM t GROUP BY s, z",
                "SELECT k, sum(p), sum(q), sum(w), min(w), max(dt), min(ts), max(s) FROM t GROUP BY k",
                "SELECT id, b, bit FROM t WHERE b AND NOT bit",
                // typed predicates and aggregates the scan pushes (pushedIntoTheScan checks that)
                "SELECT id, p, q FROM t WHERE p > 100.00 AND q <= 0.0000",
                "SELECT id, dt, ts FROM t WHERE dt >= DATE '1980-01-01' AND ts < TIMESTAMP '2000-01-01 00:00:00'",
                "SELECT id, f, d FROM t WHERE f > 1.5 OR d <= -0.0 OR isnan(d)",
                "SELECT id, s, z FROM t WHERE s IN ('abc', 'héllo', 'Zz') OR z = 'ab  '",
                "SELECT id, s, z FROM t WHERE s > 'a b' AND NOT (z <> 'x')",
                "SELECT id, b, l FROM t WHERE b <=> true OR NOT (l <=> 0)",
                "SELECT id, p FROM t WHERE p IN (0.50, -1.00, 9999999.99) OR p IS NULL",
                "SELECT k, min(i), max(i), max(dn), count(i), count(w), count(*) FROM t GROUP BY k",
                "SELECT dn, i, count(*) FROM t GROUP BY dn, i",
                // group keys and aggregates of the other types (each written into Spark's vectors as it types them);
                // a double's sum depends on the order its rows are added in (Spark's own does), so it is compared rounded
                "SELECT b, f, w, ts, count(*), round(sum(d), 6), avg(p), min(p), max(q), sum(i) FROM t GROUP BY b, f, w, ts",
                "SELECT bit, d, p, q, sum(q * 2), avg(d), min(dt), max(w), max(b), count(l) FROM t GROUP BY bit, d, p, q",
                "SELECT max(i), min(dn) FROM t WHERE i IS NULL",
                "SELECT id, s, z FROM t WHERE s LIKE 'a%' OR startswith(z, 'ab') OR s LIKE 'h_llo' OR s LIKE '%o'",
                "SELECT id, s FROM t WHERE NOT startswith(s, 'é') AND NOT (s LIKE 'ü%')");
    }

    static Stream<Arguments> cases() {
        return PolicyViews.POLICIES.stream().flatMap(policy -> queries().stream().map(q -> Arguments.of(policy, q)));
    }

    private static PolicyViews views;

    @BeforeAll
    static void load() throws IOException {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.typedRows(DRIVES, "typed", RECORDS, parquet);
    }

    @Test
    void schemaIsTheLayoutsTypes() {
        assertEquals(TypedRows.SCHEMA, DRIVES.spark().table(views.view("host-only")).schema());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void answersAsSparkOverParquet(String policy, String query) {
        List<String> expected = EXPECTED.computeIfAbsent(query, q -> views.rows(q, PolicyViews.PARQUET));
        Dataset<Row> ispd = views.sql(query, policy);
        assertFalse(expected.isEmpty(), "the query answers something");
        assertEquals(expected, PolicyViews.sorted(ispd));
        if (policy.equals("device-only")) {
            assertRanInTheDrives(ispd);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aDecimalWithMoreDigitsThanItsPrecisionIsAnErrorNamingFieldValueAndFile(String policy) throws IOException {
        byte[] record = {0, 0, 0x30, 0x39, 1}; // 12345 unscaled: 1234.5, four digits in a decimal(3,1)
        String uri = DRIVES.write("/typed/bad-decimal.bin", record);
        Dataset<Row> bad = DRIVES.spark().read().format("ispd").option("layout", "x decimal(3,1) @0, k u8 @4")
                .option("ispd.offload.policy", policy).load(uri);
        Exception e = assertThrows(Exception.class, bad::collectAsList);
        assertTrue(e.getMessage().contains("field x (decimal(3,1)) holds 1234.5, more digits than its precision of 3"),
                e.getMessage());
        assertTrue(e.getMessage().contains("bad-decimal.bin"), e.getMessage());
    }

    /** Typed predicates and aggregates run in the scan: no Filter, or no aggregation by Spark, above it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("pushed")
    void pushedIntoTheScan(String query, String pushed) {
        SparkPlan plan = views.sql(query, "device-only").queryExecution().executedPlan();
        String description = ((BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get()).scan().description();
        assertTrue(description.contains(pushed), description);
        assertTrue(plan.find(p -> p instanceof FilterExec).isEmpty(), plan.toString());
    }

    static Stream<Arguments> pushed() {
        return Stream.of(
                Arguments.of("SELECT id FROM t WHERE p > 100.00", "PushedFilters: [p IS NOT NULL, p > 100.00]"),
                Arguments.of("SELECT id FROM t WHERE dt >= DATE '1980-01-01' AND ts < TIMESTAMP '2000-01-01 00:00:00'",
                        "PushedFilters: [dt IS NOT NULL, ts IS NOT NULL, dt >= 3652, ts < 946684800000000]"),
                Arguments.of("SELECT id FROM t WHERE f > 1.5 OR d = 0.0", "PushedFilters: [(f > 1.5) OR (d = 0.0)]"),
                Arguments.of("SELECT id FROM t WHERE s IN ('abc', 'Zz')", "PushedFilters: [s IN ('abc', 'Zz')]"),
                Arguments.of("SELECT id FROM t WHERE b", "PushedFilters: [b IS NOT NULL, b = true]"),
                Arguments.of("SELECT id FROM t WHERE w IS NULL AND i IS NOT NULL",
                        "PushedFilters: [w IS NULL, i IS NOT NULL]"),
                Arguments.of("SELECT id FROM t WHERE s LIKE 'ab%'", "PushedFilters: [s IS NOT NULL, s LIKE 'ab%'"),
                Arguments.of("SELECT k, min(i), max(dn), count(w) FROM t GROUP BY k",
                        "PushedAggregates: [MIN(i), MAX(dn), COUNT(w)], PushedGroupBy: [k]"));
    }

    /** A join's build-side keys reach the probe side's scan at run time, in its plan: the drives keep only what joins. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aJoinsKeysFilterTheScanAtRunTime(String policy) {
        // keys Spark cannot infer before the run: ids picked by other columns
        String join = "SELECT t.id, t.p, t.s FROM t AS t JOIN (SELECT id AS key FROM " + views.view(PolicyViews.PARQUET)
                + " WHERE z = 'wxyz' AND k = 1 AND dn IS NULL) keys ON t.id = keys.key";
        List<String> expected = views.rows(join, PolicyViews.PARQUET);
        Dataset<Row> ispd = views.sql(join, policy);
        assertEquals(expected, PolicyViews.sorted(ispd));
        assertTrue(expected.size() >= 3, expected.toString());
        String description = ((BatchScanExec) ispd.queryExecution().executedPlan()
                .find(p -> p instanceof BatchScanExec).get()).scan().description();
        assertTrue(description.matches(".*PushedFilters: \\[id IN \\([0-9, ]+\\) \\(runtime\\)\\].*"), description);
    }

    static List<String> policies() {
        return PolicyViews.POLICIES;
    }

    private static void assertRanInTheDrives(Dataset<Row> ispd) {
        Option<SparkPlan> node = ispd.queryExecution().executedPlan().find(p -> p instanceof BatchScanExec);
        BatchScanExec scan = (BatchScanExec) node.get();
        assertTrue(metric(scan, SplitMetric.SPLITS_ON_DEVICE) >= 1, "ran in a drive");
        assertEquals(0, metric(scan, SplitMetric.SPLITS_ON_HOST), "no partition on the host");
        assertEquals(0, metric(scan, SplitMetric.FALLBACKS), "no fallback");
    }

    private static long metric(BatchScanExec scan, SplitMetric m) {
        return scan.metrics().get(ScanMetric.nameOf(m)).get().value();
    }
}
