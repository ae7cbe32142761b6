package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.TypedRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.aggregate.HashAggregateExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Expressions in WHERE and in aggregates, over the table of every type with NULLs and the edges of
 * each type ({@link TypedRows}): pushed into the scan as plan expressions where the plan computes
 * them as Spark does (no Filter, or no aggregation by Spark, above the scan), left to Spark where it
 * does not, and in both cases the answer of Spark over the same rows in Parquet, under host-only,
 * device-only and fastest.
 */
@Tag("heavy")
class ExpressionPushdownTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_003);

    @TempDir
    static Path parquet;

    /** Queries whose WHERE the scan runs whole, with what EXPLAIN shows of it. */
    static Stream<Arguments> pushedFilters() {
        return Stream.of(
                Arguments.of("SELECT id, i, k FROM t WHERE i + k > 300", "(i + k) > 300]"),
                Arguments.of("SELECT id, p, q FROM t WHERE p * 2 > q", "PushedFilters: [p IS NOT NULL, q IS NOT NULL, "
                        + "CAST(p * 2 AS decimal(18,4)) > q]"),
                Arguments.of("SELECT id, l, i FROM t WHERE l % 7 = 3 OR -i < -60000", "PushedFilters: [((l % 7) = 3) OR "
                        + "(-i < -60000)]"),
                Arguments.of("SELECT id, dt FROM t WHERE year(dt) >= 2000", "EXTRACT(YEAR FROM dt) >= 2000"),
                Arguments.of("SELECT id, dn, dt FROM t WHERE dn < dt", "dn < dt"),
                Arguments.of("SELECT id, k, i FROM t WHERE CASE WHEN k < 3 THEN i ELSE k END > 2", "CASE WHEN"),
                Arguments.of("SELECT id, i, k FROM t WHERE coalesce(i, k) < 50", "(COALESCE(i, k)) < 50"),
                Arguments.of("SELECT id, k FROM t WHERE CAST(k AS DOUBLE) / 3 > 1.0", "CAST(k AS double) / 3.0"),
                Arguments.of("SELECT id, f, d FROM t WHERE f + 1 > d", "PushedFilters: [f IS NOT NULL, d IS NOT NULL, "),
                Arguments.of("SELECT id, i, k FROM t WHERE i % 20 <=> k", "((i % 20) IS NULL AND k IS NULL))"),
                Arguments.of("SELECT id, b, i FROM t WHERE b OR i > 3 * k", "(b = true) OR (i > (k * 3))"),
                Arguments.of("SELECT id, ts FROM t WHERE hour(ts) BETWEEN 9 AND 17 AND minute(ts) < second(ts)",
                        "EXTRACT(HOUR FROM ts) >= 9"),
                Arguments.of("SELECT id, ts, dt FROM t WHERE year(ts) > 2000 OR CAST(ts AS DATE) = dt OR quarter(dt) = 2",
                        "EXTRACT(YEAR FROM CAST(ts AS date)) > 2000"),
                Arguments.of("SELECT id, dt FROM t WHERE dayofweek(dt) = 1 OR weekday(dt) = 3 OR dayofyear(dt) < 40 "
                        + "OR weekofyear(dt) = 52", "EXTRACT(DAY_OF_WEEK FROM dt)"),
                Arguments.of("SELECT id, d FROM t WHERE CAST(CASE WHEN d BETWEEN -1e6 AND 1e6 THEN d END AS DECIMAL(12,2)) "
                        + "> 100.25", "THEN CAST(d AS decimal(12,2)) > 100.25 END]"),
                Arguments.of("SELECT id, f FROM t WHERE CAST(CASE WHEN f BETWEEN -1000 AND 1000 THEN f END AS DECIMAL(7,3)) "
                        + "< 0.5",
                        "AS decimal(7,3)"),
                Arguments.of("SELECT id, s, z FROM t WHERE coalesce(s, z, '?') > 'a'", "(COALESCE(s, z, '?')) > 'a'"),
                Arguments.of("SELECT id, k, s FROM t WHERE CASE WHEN k < 2 THEN s ELSE 'none' END IN ('abc', 'none', '')",
                        "CASE WHEN k < 2 THEN s ELSE 'none' END IN ('abc', 'none', '')]"),
                Arguments.of("SELECT id, s FROM t WHERE endswith(s, 'o') OR contains(s, 'l')",
                        "PushedFilters: [(s LIKE '%o' ESCAPE"),
                Arguments.of("SELECT id, w FROM t WHERE w > 123456789012345678901.5 OR w < -99999999999999999999.99999",
                        "123456789012345678901.5"),
                // LIKEs Spark does not rewrite, through the session extension's PushedLike
                Arguments.of("SELECT id, s FROM t WHERE s LIKE 'a_c%'", "like(s, 'a_c%')"),
                Arguments.of("SELECT id, s FROM t WHERE s LIKE '%b_' OR i > 50000", "like(s, '%b_')"),
                Arguments.of("SELECT id, s FROM t WHERE s NOT LIKE '%l%o%'", "like(s, '%l%o%')"));
    }

    /** Aggregations of expressions the scan answers whole when its splits are gathered (device-only). */
    static Stream<Arguments> pushedAggregates() {
        return Stream.of(
                Arguments.of("SELECT k, sum(p), sum(p * p), min(i + k), max(p - q), count(d + 1) FROM t GROUP BY k",
                        "PushedAggregates: [SUM(p), SUM((p * p)), MIN((i + k)), MAX((p - q)), COUNT((d + 1.0D))], "
                                + "PushedGroupBy: [k] (complete)"),
                Arguments.of("SELECT sum(CASE WHEN k < 3 THEN p * 2 ELSE 0 END), max(dt), min(year(dt)) FROM t "
                        + "WHERE i > k", "PushedAggregates: [SUM(CASE WHEN (k < 3) THEN CAST((p * 2BD) AS "
                        + "decimal(12,2)) ELSE 0.00BD END), MAX(dt), MIN(EXTRACT(YEAR FROM dt))], PushedGroupBy: [] "
                        + "(complete)"),
                Arguments.of("SELECT k, avg(p), avg(p * 2), count(*) FROM t GROUP BY k", "PushedAggregates: [AVG(p), "
                        + "AVG((p * 2BD)), COUNT(*)], PushedGroupBy: [k] (complete), ReadSchema: struct<k:int,"
                        + "AVG(p):decimal(13,6),AVG((p * 2BD)):decimal(15,6),COUNT(*):bigint>"),
                Arguments.of("SELECT avg(q), avg(CAST(i AS DECIMAL(7,1))) FROM t WHERE k = 1", "PushedAggregates: [AVG(q), "
                        + "AVG(CAST(i AS decimal(7,1)))]"),
                Arguments.of("SELECT k, max(hour(ts)), min(dayofweek(dt)), count(CASE WHEN b THEN s END) FROM t GROUP BY k",
                        "MIN(((EXTRACT(DAY_OF_WEEK FROM dt) % 7) + 1)), COUNT(CASE WHEN (b = TRUE) THEN s END)], "
                                + "PushedGroupBy: [k] (complete)"),
                Arguments.of("SELECT coalesce(s, z), count(*), sum(p) FROM t GROUP BY coalesce(s, z)",
                        "PushedGroupBy: [COALESCE(s, z)] (complete)"));
    }

    /** ORDER BY expressions LIMIT n: each partition returns its top rows by them (Spark still cuts their union). */
    static Stream<Arguments> pushedTopN() {
        return Stream.of(
                Arguments.of("SELECT id, i, k FROM t ORDER BY i * k DESC, id LIMIT 20",
                        "PushedTopN: ORDER BY [i * k DESC NULLS LAST, id ASC NULLS FIRST] LIMIT 20"),
                Arguments.of("SELECT id, ts FROM t ORDER BY hour(ts), id LIMIT 15",
                        "PushedTopN: ORDER BY [EXTRACT(HOUR FROM ts) ASC NULLS FIRST, id ASC NULLS FIRST] LIMIT 15"),
                Arguments.of("SELECT id, p FROM t ORDER BY p DESC NULLS FIRST, id LIMIT 10",
                        "PushedTopN: ORDER BY [p DESC NULLS FIRST, id ASC NULLS FIRST] LIMIT 10"),
                Arguments.of("SELECT id, d FROM t ORDER BY d + 1 DESC, id DESC LIMIT 12",
                        "PushedTopN: ORDER BY [d + 1.0 DESC NULLS LAST, id DESC NULLS LAST] LIMIT 12"),
                Arguments.of("SELECT id, f, dt FROM t ORDER BY f NULLS LAST, year(dt), id LIMIT 10",
                        "PushedTopN: ORDER BY [f ASC NULLS LAST, EXTRACT(YEAR FROM dt) ASC NULLS FIRST, id ASC NULLS FIRST]"),
                Arguments.of("SELECT id, s FROM t ORDER BY s DESC NULLS FIRST, id LIMIT 25",
                        "PushedTopN: ORDER BY [s DESC NULLS FIRST, id ASC NULLS FIRST] LIMIT 25"),
                Arguments.of("SELECT id, s, z FROM t ORDER BY coalesce(z, s) NULLS LAST, id DESC LIMIT 30",
                        "PushedTopN: ORDER BY [COALESCE(z, s) ASC NULLS LAST, id DESC NULLS LAST] LIMIT 30"));
    }

    /** Queries with what the plan cannot compute as Spark does: Spark filters or aggregates the scanned rows. */
    static List<String> leftToSpark() {
        return List.of(
                "SELECT id, i FROM t WHERE abs(i) > 5", // no ABS in plans
                "SELECT k, sum(d), sum(i * k), max(f * 2) FROM t GROUP BY k", // float and integer sums, float extremes
                "SELECT avg(p), avg(i + k) FROM t"); // an AVG of integers: Spark adds doubles
    }

    static Stream<Arguments> everyQuery() {
        List<String> queries = new ArrayList<>();
        pushedFilters().forEach(a -> queries.add((String) a.get()[0]));
        pushedAggregates().forEach(a -> queries.add((String) a.get()[0]));
        pushedTopN().forEach(a -> queries.add((String) a.get()[0]));
        queries.addAll(leftToSpark());
        return PolicyViews.POLICIES.stream().flatMap(p -> queries.stream().map(q -> Arguments.of(p, q)));
    }

    private static PolicyViews views;

    @BeforeAll
    static void load() throws IOException {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.typedRows(DRIVES, "expr", 6_000, parquet);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everyQuery")
    void answersAsSparkOverParquet(String policy, String query) {
        List<String> expected = views.rows(query, PolicyViews.PARQUET);
        assertFalse(expected.isEmpty(), "the query answers something");
        assertEquals(expected, views.rows(query, policy));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pushedFilters")
    void theScanRunsTheWhereWhole(String query, String shown) {
        SparkPlan plan = executed(query);
        assertTrue(description(plan).contains(shown), description(plan));
        assertTrue(plan.find(p -> p instanceof FilterExec).isEmpty(), plan.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pushedAggregates")
    void theScanAnswersTheAggregationWhole(String query, String shown) {
        SparkPlan plan = executed(query);
        assertTrue(description(plan).contains(shown), description(plan));
        assertTrue(plan.find(p -> p instanceof HashAggregateExec || p instanceof FilterExec).isEmpty(), plan.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pushedTopN")
    void theScanReturnsItsTopRowsByTheExpressions(String query, String shown) {
        SparkPlan plan = executed(query);
        assertTrue(description(plan).contains(shown), description(plan));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("leftToSpark")
    void sparkEvaluatesWhatThePlanCannot(String query) {
        SparkPlan plan = executed(query);
        assertTrue(plan.find(p -> p instanceof HashAggregateExec || p instanceof FilterExec).isDefined(),
                plan.toString());
    }

    private static SparkPlan executed(String query) {
        return views.sql(query, "device-only").queryExecution().executedPlan();
    }

    private static String description(SparkPlan plan) {
        return ((BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get()).scan().description();
    }
}
