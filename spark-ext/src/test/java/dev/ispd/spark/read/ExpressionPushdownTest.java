package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.TypedRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.aggregate.HashAggregateExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
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
class ExpressionPushdownTest {
    private static final List<String> POLICIES = List.of("host-only", "device-only", "fastest");

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
                Arguments.of("SELECT id, b, i FROM t WHERE b OR i > 3 * k", "(b = true) OR (i > (k * 3))"));
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
                        + "AVG(CAST(i AS decimal(7,1)))]"));
    }

    /** Queries with what the plan cannot compute as Spark does: Spark filters or aggregates the scanned rows. */
    static List<String> leftToSpark() {
        return List.of(
                "SELECT id, s FROM t WHERE s LIKE 'a_c%'", // LIKE with _ is no V2 predicate in Spark 4.2
                "SELECT id, i FROM t WHERE abs(i) > 5", // no ABS in plans
                "SELECT id, s FROM t WHERE endswith(s, 'o') OR contains(s, 'l')", // a string with a null bit
                "SELECT k, sum(d), sum(i * k), max(f * 2) FROM t GROUP BY k", // float and integer sums, float extremes
                "SELECT avg(p), avg(i + k) FROM t"); // an AVG of integers: Spark adds doubles
    }

    static Stream<Arguments> everyQuery() {
        List<String> queries = new ArrayList<>();
        pushedFilters().forEach(a -> queries.add((String) a.get()[0]));
        pushedAggregates().forEach(a -> queries.add((String) a.get()[0]));
        queries.addAll(leftToSpark());
        return POLICIES.stream().flatMap(p -> queries.stream().map(q -> Arguments.of(p, q)));
    }

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        List<Row> rows = TypedRows.rows(6_000, 20);
        String uri = DRIVES.write("/expressions/records.bin", TypedRows.records(rows, 21));
        for (String policy : POLICIES) {
            spark.read().format("ispd").option("layout", TypedRows.LAYOUT).option("entrySize", TypedRows.ENTRY)
                    .option("ispd.offload.policy", policy).load(uri).createOrReplaceTempView(view(policy));
        }
        String dir = parquet.resolve("typed").toUri().toString();
        spark.createDataFrame(rows, TypedRows.SCHEMA).write().parquet(dir);
        spark.read().parquet(dir).createOrReplaceTempView("parquet");
    }

    private static String view(String policy) {
        return "expr_" + policy.replace('-', '_');
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everyQuery")
    void answersAsSparkOverParquet(String policy, String query) {
        SparkSession spark = DRIVES.spark();
        List<String> expected = sorted(spark.sql(query.replace("FROM t", "FROM parquet")));
        assertFalse(expected.isEmpty(), "the query answers something");
        assertEquals(expected, sorted(spark.sql(query.replace("FROM t", "FROM " + view(policy)))));
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
    @MethodSource("leftToSpark")
    void sparkEvaluatesWhatThePlanCannot(String query) {
        SparkPlan plan = executed(query);
        assertTrue(plan.find(p -> p instanceof HashAggregateExec || p instanceof FilterExec).isDefined(),
                plan.toString());
    }

    private static SparkPlan executed(String query) {
        return DRIVES.spark().sql(query.replace("FROM t", "FROM " + view("device-only"))).queryExecution().executedPlan();
    }

    private static String description(SparkPlan plan) {
        return ((BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get()).scan().description();
    }

    private static List<String> sorted(Dataset<Row> df) {
        return df.collectAsList().stream().map(Row::toString).sorted().toList();
    }
}
