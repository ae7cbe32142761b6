package dev.ispd.spark.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.read.ScanNodes;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A table of parts (a unique key, a type, a size that is NULL in every seventh, a brand) and one
 * of line items (a part key that is NULL in some and names no part in others, a price, a
 * discount, a ship date), both ispd tables. Aggregates over their join in TPC-H Q14's and Q19's
 * shapes become lookups in the line items' scan ({@link LookupJoins}): no join is left in the
 * plan, the line items' scan pushes them and the aggregate, and the answers are Spark's over Parquet under every
 * policy. Where the parts' key
 * repeats, a part's column is grouped by, the rule is off, or a test of the parts could raise an
 * error, the join stays, with the same answers.
 */
@Tag("heavy")
class LookupJoinsTest {
    private static final int PARTS = 2_000;
    private static final String PART_ROWS = "SELECT id AS pkey, CASE WHEN id % 5 = 0 THEN 'PROMO BRUSHED' ELSE "
            + "'STANDARD' END AS ptype, CASE WHEN id % 7 = 3 THEN NULL ELSE CAST(id % 50 AS INT) END AS size, "
            + "concat('Brand#', CAST(id % 4 + 1 AS STRING), '2') AS brand FROM range(" + PARTS + ")";
    private static final String PART_LAYOUT = "pkey i64 le @0, ptype char(13) @8, size u16 le @21 nullable = 65535, "
            + "brand char(8) @23";
    private static final String LINE_ROWS = "SELECT CASE WHEN id % 97 = 5 THEN NULL ELSE id % 2003 END AS pkey, "
            + "CAST(id % 1000 + 0.25 AS DECIMAL(12,2)) AS price, CAST(id % 10 / 100 AS DECIMAL(12,2)) AS disc, "
            + "date_add(DATE'1995-01-01', CAST(id % 365 AS INT)) AS ship FROM range(40000)";
    private static final String LINE_LAYOUT = "pkey i64 le @0 nullable @28.0, price decimal(12,2) le @8, "
            + "disc decimal(12,2) le @16, ship date le @24";
    private static final String Q14 = "SELECT 100.00 * sum(CASE WHEN p.ptype LIKE 'PROMO%%' THEN l.price * (1 - l.disc) "
            + "ELSE 0 END) / sum(l.price * (1 - l.disc)) AS promo FROM %s l JOIN %s p ON l.pkey = p.pkey "
            + "WHERE l.ship >= DATE'1995-09-01' AND l.ship < DATE'1995-10-01'";
    private static final String Q19 = "SELECT sum(l.price * (1 - l.disc)) AS revenue FROM %s l JOIN %s p "
            + "ON p.pkey = l.pkey WHERE (p.brand = 'Brand#12' AND p.size BETWEEN 1 AND 20 AND l.price < 300) "
            + "OR (p.brand = 'Brand#32' AND p.size BETWEEN 10 AND 40 AND l.price >= 300)";
    /** NULL sizes: NOT of unknown is unknown, so neither CASE counts them; the parts' WHERE is the keys'. */
    private static final String NULLS = "SELECT l.ship, count(*), sum(CASE WHEN NOT (p.size > 20) THEN l.price ELSE 0 END), "
            + "sum(CASE WHEN p.size > 20 THEN l.price END) FROM %s l JOIN %s p ON l.pkey = p.pkey "
            + "WHERE p.ptype LIKE 'PROMO%%' AND l.ship < DATE'1995-01-20' GROUP BY l.ship";
    private static final String BY_BRAND = "SELECT p.brand, sum(l.price) FROM %s l JOIN %s p ON l.pkey = p.pkey "
            + "GROUP BY p.brand";
    private static final String ARITHMETIC = "SELECT sum(CASE WHEN p.size + 1 > 20 THEN l.price ELSE 0 END) "
            + "FROM %s l JOIN %s p ON l.pkey = p.pkey";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 99_991);

    @TempDir
    static Path parquet;

    private static PolicyViews parts;
    private static PolicyViews repeatedParts;
    private static PolicyViews lineitem;

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        parts = PolicyViews.written(DRIVES, "part", spark.sql(PART_ROWS), PART_LAYOUT, 32, parquet);
        repeatedParts = PolicyViews.written(DRIVES, "part2", spark.sql(PART_ROWS + " UNION ALL SELECT 17, "
                + "'PROMO PLATED', 3, 'Brand#12'"), PART_LAYOUT, 32, parquet);
        lineitem = PolicyViews.written(DRIVES, "lineitem", spark.sql(LINE_ROWS), LINE_LAYOUT, 32, parquet);
    }

    @AfterEach
    void defaults() {
        DRIVES.spark().conf().unset(LookupJoins.ENABLED);
        DRIVES.spark().conf().unset(SmallSideKeyFilters.ENABLED);
    }

    static List<String> policies() {
        return PolicyViews.POLICIES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void q14sShapeIsOneScanOfTheLineItems(String policy) {
        assertLookedUp(Q14, policy);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void q19sShapeIsOneScanOfTheLineItems(String policy) {
        assertLookedUp(Q19, policy);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void nullTestsAndThePartsFilterAnswerAsTheJoin(String policy) {
        assertLookedUp(NULLS, policy);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void theJoinStaysWhereItCannotBeLookedUp(String policy) {
        assertJoined(BY_BRAND, parts, policy);
        assertJoined(ARITHMETIC, parts, policy);
        assertJoined(Q14, repeatedParts, policy);
        DRIVES.spark().conf().set(LookupJoins.ENABLED, "false");
        assertJoined(Q19, parts, policy);
    }

    /**
     * The parts' side runs once in the drives from the driver, not as a Spark query, and the line
     * items' scan reports its work as its own: under device-only the lookup query's one scan reads
     * in the drives what the joined query's two scans read. Where the parts' filter is one the scan
     * cannot take (RLIKE), the side runs as a Spark query, whose scan counts its own reads.
     */
    @Test
    void theSmallSideRunsInTheDrivesAndTheLargeScanCountsItsWork() {
        String rlike = Q14.replace("WHERE ", "WHERE p.brand RLIKE '^Brand#[13]' AND ");
        long lookedUp = bytesInDrives(assertLookedUp(Q19, "device-only"));
        long lookedUpBySpark = bytesInDrives(assertLookedUp(rlike, "device-only"));
        DRIVES.spark().conf().set(LookupJoins.ENABLED, "false");
        DRIVES.spark().conf().set(SmallSideKeyFilters.ENABLED, "false"); // whose run of the parts the scan would count too
        assertEquals(bytesInDrives(assertJoined(Q19, parts, "device-only")), lookedUp, "the parts' bytes counted");
        assertTrue(lookedUpBySpark < bytesInDrives(assertJoined(rlike, parts, "device-only")),
                "the parts' Spark query counts its own");
    }

    private static long bytesInDrives(Dataset<Row> ran) {
        return ScanNodes.all(ran).stream().mapToLong(s -> (Long) s.metrics().get(
                ScanMetric.nameOf(SplitMetric.BYTES_READ_IN_DRIVES)).get().value()).sum();
    }

    private static Dataset<Row> assertLookedUp(String query, String policy) {
        List<String> expected = PolicyViews.sorted(run(query, parts, PolicyViews.PARQUET));
        assertFalse(expected.isEmpty());
        Dataset<Row> ran = run(query, parts, policy);
        assertEquals(expected, PolicyViews.sorted(ran));
        assertFalse(joins(ran), ran.queryExecution().optimizedPlan().toString());
        List<BatchScanExec> scans = ScanNodes.all(ran);
        assertEquals(1, scans.size(), ran.queryExecution().executedPlan().toString());
        String scan = scans.get(0).scan().description();
        assertTrue(scan.contains("lookup(") && scan.contains("PushedAggregates"), scan);
        return ran;
    }

    private static Dataset<Row> assertJoined(String query, PolicyViews small, String policy) {
        List<String> expected = PolicyViews.sorted(run(query, small, PolicyViews.PARQUET));
        Dataset<Row> ran = run(query, small, policy);
        assertEquals(expected, PolicyViews.sorted(ran));
        assertTrue(joins(ran), ran.queryExecution().optimizedPlan().toString());
        return ran;
    }

    private static Dataset<Row> run(String query, PolicyViews small, String policy) {
        return DRIVES.spark().sql(String.format(query, lineitem.view(policy), small.view(policy)));
    }

    private static boolean joins(Dataset<Row> ran) {
        return ran.queryExecution().optimizedPlan().find(p -> p instanceof Join).isDefined();
    }
}
