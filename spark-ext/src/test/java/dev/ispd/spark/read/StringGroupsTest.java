package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
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
 * GROUP BY {@code char(1)} columns (TPC-H Q1's shape: a zero-padded and a space-padded one, with
 * empty strings among the values; one with a null bit and NULLs) with SUM and AVG of decimal expressions: the scan
 * answers them whole when its splits are gathered (device-only), its keys Spark's strings less
 * their padding, and every answer is Spark's over the same rows in Parquet, under host-only,
 * device-only and fastest.
 */
@Tag("heavy")
class StringGroupsTest {
    private static final String LAYOUT = "f char(1) @0 nullable @2.0, g char(1) zero @1, h char(1) @3, v decimal(9,2) le @4";
    private static final String ROWS = "SELECT CASE WHEN id % 7 = 0 THEN NULL ELSE substr('ANR', CAST(id % 3 AS INT) + 1, 1) "
            + "END AS f, substr('FO', CAST(id % 5 AS INT) + 1, 1) AS g, substr('xy', CAST(id % 4 AS INT) + 1, 1) AS h, CAST((id * 37 % 100000) / 100 AS DECIMAL(9,2)) AS v "
            + "FROM range(20000)";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 49_999);

    @TempDir
    static Path parquet;

    /** Queries the scan answers whole under device-only, with what EXPLAIN shows of them. */
    static Stream<Arguments> queries() {
        return Stream.of(
                Arguments.of("SELECT g, h, sum(v), avg(v * (1 - v / 1000)), count(*) FROM t GROUP BY g, h",
                        "PushedGroupBy: [g, h] (complete)"),
                Arguments.of("SELECT f, sum(v * 2), avg(v), count(f) FROM t WHERE v > 100 GROUP BY f",
                        "PushedGroupBy: [f] (complete)"));
    }

    static Stream<Arguments> everyQuery() {
        return PolicyViews.POLICIES.stream().flatMap(p -> queries().map(q -> Arguments.of(p, q.get()[0])));
    }

    private static PolicyViews views;

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.written(DRIVES, "flags", spark.sql(ROWS), LAYOUT, 8, parquet);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everyQuery")
    void answersAsSparkOverParquet(String policy, String query) {
        List<String> expected = views.rows(query, PolicyViews.PARQUET);
        assertTrue(expected.stream().anyMatch(r -> r.startsWith(query.contains("GROUP BY f") ? "[null," : "[F,,")),
                "the groups include NULL, or an empty string: " + expected);
        assertEquals(expected, views.rows(query, policy));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void theScanAnswersTheAggregationWhole(String query, String shown) {
        SparkPlan plan = views.sql(query, "device-only").queryExecution().executedPlan();
        String description = ((BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get()).scan().description();
        assertTrue(description.contains(shown), description);
        assertTrue(plan.find(p -> p instanceof HashAggregateExec).isEmpty(), plan.toString());
    }
}
