package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.PlanLimits;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.aggregate.HashAggregateExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A GROUP BY of an integer column with more distinct values in each split than a drive's group
 * table holds (TPC-H Q18's {@code GROUP BY l_orderkey}): pushed, each drive hands back its groups
 * as partial rows when its table is full and goes on, the gathered partition (an aggregation of
 * decimal sums, answered whole) or Spark's final aggregate (partial) merges them, the flushes are
 * counted and EXPLAIN says so; every answer is Spark's over the same rows in Parquet, under
 * host-only, device-only and fastest.
 */
@Tag("heavy")
class ManyGroupsTest {
    private static final String LAYOUT = "k i32 le @0, v decimal(9,2) le @4, n i32 le @8";
    /** Two chunks of 100,000 records, each with about 95,000 distinct keys of 190,000, spread over both. */
    private static final String ROWS = "SELECT CAST(id * 7919 % 190000 AS INT) AS k, "
            + "CAST((id * 37 % 100000) / 100 AS DECIMAL(9,2)) AS v, CAST(id % 1000 AS INT) AS n FROM range(0, 200000, 1, 1)";
    private static final String SUMS = "SELECT k, sum(v), count(*) FROM t GROUP BY k";
    private static final String COUNTS = "SELECT k, count(*), max(n), sum(n) FROM t GROUP BY k";
    private static final String HAVING = "SELECT k FROM t GROUP BY k HAVING sum(v) > 900";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, 1_200_000);

    @TempDir
    static Path parquet;

    private static PolicyViews views;

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.written(DRIVES, "many", spark.sql(ROWS), LAYOUT, 12, parquet);
    }

    static Stream<Arguments> everyQuery() {
        return PolicyViews.POLICIES.stream().flatMap(p -> Stream.of(SUMS, COUNTS, HAVING).map(q -> Arguments.of(p, q)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everyQuery")
    void answersAsSparkOverParquet(String policy, String query) {
        List<String> expected = views.rows(query, PolicyViews.PARQUET);
        assertTrue(expected.size() > 1_000, expected.size() + " rows");
        assertEquals(expected, views.rows(query, policy));
    }

    @Test
    void theDrivesHandBackPartialGroupsThatTheGatheredPartitionMerges() {
        Dataset<Row> df = views.sql(SUMS, "device-only");
        assertEquals(190_000, df.collectAsList().size());
        String description = ScanNodes.description(df);
        assertTrue(description.contains("PushedGroupBy: [k] (complete), GroupsInParts: past "
                + PlanLimits.DRIVE.maxGroups() + " a drive"), description);
        assertTrue(df.queryExecution().executedPlan().find(p -> p instanceof HashAggregateExec).isEmpty(),
                "no aggregation left to Spark");
        assertEquals(2, ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE));
        assertEquals(0, ScanNodes.metric(df, SplitMetric.FALLBACKS));
        assertEquals(2, ScanNodes.metric(df, SplitMetric.GROUP_TABLE_FLUSHES), "each drive's table flushed once");
    }

    @Test
    void onTheHostSparkMergesThePartitionsGroups() {
        Dataset<Row> df = views.sql(COUNTS, "host-only");
        assertEquals(190_000, df.collectAsList().size());
        String description = ScanNodes.description(df);
        assertTrue(description.contains("PushedGroupBy: [k] (partial)"), description);
        assertEquals(0, ScanNodes.metric(df, SplitMetric.GROUP_TABLE_FLUSHES), "a host's table holds 2^26 groups");
    }
}
