package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.aggregate.HashAggregateExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Timestamps read in the session's time zone ({@code spark.sql.session.timeZone}): EXTRACT from
 * timestamps, casts between dates and timestamps, float-to-decimal casts and top-N by them, pushed
 * into the scan, over timestamps every 7 minutes through DST changes (Los Angeles, Berlin, and
 * Sao Paulo's, which skipped a midnight), give Spark's answers over the same rows in Parquet in
 * four zones, under host-only, device-only and fastest (Los Angeles) or device-only.
 */
@Tag("heavy")
class SessionZoneTest {
    private static final List<String> ZONES = List.of("America/Los_Angeles", "Europe/Berlin", "America/Sao_Paulo",
            "Asia/Kolkata");
    private static final String LAYOUT = "ts timestamp le @0 nullable @20.0, dt date le @8 nullable @20.1, "
            + "r f64 le @12 nullable @20.2, n i32 le @21";
    /** Around 2021-03-14T10:00Z (LA), 2021-11-07T09:00Z (LA), 2021-03-28T01:00Z (Berlin), 2018-11-04T03:00Z (Sao Paulo). */
    private static final String ROWS = "SELECT CASE WHEN id % 11 = 0 THEN NULL ELSE timestamp_seconds(element_at(array("
            + "1615716000L, 1636275600L, 1616893200L, 1541300400L), CAST(id % 4 AS INT) + 1) + (id DIV 4 - 150) * 420) "
            + "END AS ts, CASE WHEN id % 13 = 0 THEN NULL ELSE date_add(DATE '2018-11-01', CAST(id * 7 % 1300 AS INT)) "
            + "END AS dt, CASE WHEN id % 7 = 0 THEN NULL WHEN id % 3 = 0 THEN CAST(id % 2001 - 1000 AS DOUBLE) / 8 "
            + "ELSE CAST(id * 7919 % 100000 AS DOUBLE) / 1000 END AS r, CAST(id AS INT) AS n FROM range(1200)";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 10_007);

    @TempDir
    static Path parquet;

    private static PolicyViews views;

    static List<String> queries() {
        return List.of(
                "SELECT n, hour(ts), minute(ts) FROM t WHERE hour(ts) IN (0, 1, 2, 3) AND minute(ts) > second(ts)",
                "SELECT n, ts FROM t WHERE CAST(ts AS DATE) IN (DATE '2021-03-14', DATE '2018-11-04')",
                "SELECT n, dt, ts FROM t WHERE dt = CAST(ts AS DATE) OR CAST(dt AS TIMESTAMP) > ts",
                "SELECT n, ts FROM t WHERE year(ts) = 2021 AND dayofweek(ts) = 1 AND dayofyear(ts) > 70 AND day(ts) < 15",
                "SELECT n, r FROM t WHERE CAST(r AS DECIMAL(9,2)) > 1.00 AND CAST(r AS DECIMAL(9,1)) <= 60.0",
                "SELECT n, ts FROM t ORDER BY hour(ts) DESC, minute(ts), n LIMIT 20",
                "SELECT n, dt, ts FROM t ORDER BY CAST(dt AS TIMESTAMP) NULLS LAST, n DESC LIMIT 15",
                "SELECT max(hour(ts)), min(CAST(ts AS DATE)), count(*) FROM t WHERE hour(ts) >= 2");
    }

    /** Every policy in Los Angeles; the other zones in the drives only (the host runs the same interpreter). */
    static Stream<Arguments> cases() {
        return ZONES.stream().flatMap(zone -> (zone.equals(ZONES.get(0)) ? PolicyViews.POLICIES : List.of("device-only"))
                .stream().flatMap(policy -> queries().stream().map(q -> Arguments.of(zone, policy, q))));
    }

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.written(DRIVES, "zoned", spark.sql(ROWS), LAYOUT, 25, parquet);
    }

    @AfterEach
    void utc() {
        DRIVES.spark().conf().set("spark.sql.session.timeZone", "UTC");
    }

    @ParameterizedTest(name = "{0}, {1}: {2}")
    @MethodSource("cases")
    void answersAsSparkOverParquetInTheSessionsZone(String zone, String policy, String query) {
        DRIVES.spark().conf().set("spark.sql.session.timeZone", zone);
        List<String> expected = views.rows(query, PolicyViews.PARQUET);
        assertFalse(expected.isEmpty(), "the query answers something");
        assertEquals(expected, views.rows(query, policy));
    }

    @Test
    void theScanRunsTheZonedExpressionsInTheSessionsZone() {
        DRIVES.spark().conf().set("spark.sql.session.timeZone", "America/Los_Angeles");
        for (String query : queries()) {
            SparkPlan plan = views.sql(query, "device-only").queryExecution().executedPlan();
            String description = ((BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get()).scan().description();
            assertTrue(plan.find(p -> p instanceof FilterExec || p instanceof HashAggregateExec).isEmpty(),
                    query + ": " + plan);
            assertTrue(query.contains("LIMIT") == description.contains("PushedTopN"), description);
            if (query.startsWith("SELECT max")) {
                assertTrue(description.contains("MAX(EXTRACT(HOUR FROM ts AT TIME ZONE 'America/Los_Angeles')), "
                        + "MIN(CAST(ts AS date AT TIME ZONE 'America/Los_Angeles'))"), description);
            }
        }
    }
}
