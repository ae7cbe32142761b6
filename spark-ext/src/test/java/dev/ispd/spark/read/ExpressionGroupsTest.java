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
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GROUP BY expressions pushed from Spark: EXTRACT of a date (NULL dates among them), a CASE of
 * strings, integer arithmetic, and an expression next to a column. Every answer is Spark's over
 * the same rows in Parquet under host-only, device-only and fastest, and device-only answers each
 * whole in the scan, EXPLAIN naming the expression in PushedGroupBy.
 */
class ExpressionGroupsTest {
    private static final String LAYOUT = "d date le @0 nullable @12.0, k i32 le @4, g char(1) @13, v decimal(9,2) le @8";
    private static final String ROWS = "SELECT CASE WHEN id % 11 = 0 THEN NULL ELSE date_add(DATE'1992-01-01', "
            + "CAST(id * 7919 % 2557 AS INT)) END AS d, CAST(id % 1000 - 300 AS INT) AS k, "
            + "substr('AFN', CAST(id % 3 AS INT) + 1, 1) AS g, CAST((id * 37 % 100000) / 100 AS DECIMAL(9,2)) AS v "
            + "FROM range(20000)";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 49_999);

    @TempDir
    static Path parquet;

    private static PolicyViews views;

    /** Queries the scan answers whole under device-only, with what EXPLAIN shows of their groups. */
    static Stream<Arguments> queries() {
        return Stream.of(
                Arguments.of("SELECT year(d), sum(v), count(*) FROM t GROUP BY year(d)",
                        "PushedGroupBy: [EXTRACT(YEAR FROM d)] (complete)"),
                Arguments.of("SELECT extract(MONTH FROM d) AS m, g, avg(v), max(k) FROM t WHERE k > 0 GROUP BY 1, g",
                        "PushedGroupBy: [EXTRACT(MONTH FROM d), g] (complete)"),
                Arguments.of("SELECT CASE WHEN v > 800 THEN 'high' WHEN v > 200 THEN 'mid' ELSE 'low' END AS band, "
                                + "count(*), sum(v * 2) FROM t GROUP BY 1",
                        "THEN 'mid' ELSE 'low' END] (complete)"),
                Arguments.of("SELECT k % 7, k < 0, count(*), min(v) FROM t GROUP BY k % 7, k < 0",
                        "PushedGroupBy: [(k % 7), (k < 0)] (complete)"));
    }

    static Stream<Arguments> everyQuery() {
        return PolicyViews.POLICIES.stream().flatMap(p -> queries().map(q -> Arguments.of(p, q.get()[0])));
    }

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.written(DRIVES, "dated", spark.sql(ROWS), LAYOUT, 16, parquet);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everyQuery")
    void answersAsSparkOverParquet(String policy, String query) {
        List<String> expected = views.rows(query, PolicyViews.PARQUET);
        assertTrue(expected.size() > 2, "the query makes groups: " + expected);
        assertEquals(expected, views.rows(query, policy));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void theScanAnswersTheGroupsWhole(String query, String shown) {
        SparkPlan plan = views.sql(query, "device-only").queryExecution().executedPlan();
        String description = ((BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get()).scan().description();
        assertTrue(description.contains(shown), description);
        assertTrue(plan.find(p -> p instanceof HashAggregateExec).isEmpty(), plan.toString());
    }
}
