package dev.ispd.spark.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.read.ScanNodes;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TPC-H Q11's three tables in small: 25 nations, 2,000 suppliers of a nation each, and 80,000 part
 * suppliers whose supplier key is NULL in some and names no supplier in others, all ispd tables.
 * The nation's filter gives the suppliers' scan its one key, and the suppliers so filtered give
 * the part suppliers' scan their keys, each run from the driver ({@link SmallSideKeyFilters}):
 * both scans push a lookup of the keys, the drives return only the part suppliers that join, no
 * runtime filter's subquery is left in the plan, and the answers are Spark's over Parquet under
 * every policy, with and without adaptive execution. Where the small side's filter is one its scan
 * cannot take, where its keys are most of its rows, or with the rule off, the scan gets no lookup,
 * with the same answers. Lookup joins are off: they would answer the aggregates over one join
 * without it.
 */
@Tag("heavy")
class SmallSideKeyFiltersTest {
    private static final int SUPPLIERS = 2_000;
    private static final String NATION_ROWS = "SELECT id AS nkey, concat('NATION', CAST(id AS STRING)) AS name "
            + "FROM range(25)";
    private static final String SUPPLIER_ROWS = "SELECT id AS skey, id * 7 % 25 AS nkey FROM range(" + SUPPLIERS + ")";
    private static final String PARTSUPP_ROWS = "SELECT id DIV 4 AS pkey, CASE WHEN id % 101 = 7 THEN NULL "
            + "ELSE id * 13 % 2011 END AS skey, CAST(id % 97 AS INT) AS qty FROM range(80000)";
    private static final String Q11_SHAPE = "SELECT ps.pkey, sum(ps.qty) FROM %s ps JOIN %s s ON ps.skey = s.skey "
            + "JOIN %s n ON s.nkey = n.nkey WHERE n.name = 'NATION7' GROUP BY ps.pkey";
    /**
     * A semi join as written: Spark makes one of an {@code IN} subquery only after its scans are
     * built, where the runtime filters of {@code JoinKeyFilters} take its keys.
     */
    private static final String SEMI = "SELECT count(*), sum(ps.qty) FROM %s ps LEFT SEMI JOIN (SELECT skey FROM %s "
            + "WHERE nkey = 3) s ON ps.skey = s.skey";
    private static final String MOST_KEPT = "SELECT count(*), sum(ps.qty) FROM %s ps JOIN %s s ON ps.skey = s.skey "
            + "WHERE s.nkey < 20";
    private static final String NOT_PUSHED = "SELECT count(*), sum(ps.qty) FROM %s ps JOIN %s s ON ps.skey = s.skey "
            + "WHERE CAST(s.skey AS STRING) RLIKE '^1[0-9]$'";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 99_991);

    @TempDir
    static Path parquet;

    private static PolicyViews nation;
    private static PolicyViews supplier;
    private static PolicyViews partsupp;

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        // the aggregates over a join of two tables would otherwise run as lookups of the suppliers (LookupJoinsTest)
        spark.conf().set(LookupJoins.ENABLED, "false");
        nation = PolicyViews.written(DRIVES, "nation", spark.sql(NATION_ROWS), "nkey i64 le @0, name char(8) @8", 16,
                parquet);
        supplier = PolicyViews.written(DRIVES, "supplier", spark.sql(SUPPLIER_ROWS), "skey i64 le @0, nkey i64 le @8",
                16, parquet);
        partsupp = PolicyViews.written(DRIVES, "partsupp", spark.sql(PARTSUPP_ROWS),
                "pkey i64 le @0, skey i64 le @8 nullable @20.0, qty i32 le @16", 24, parquet);
    }

    @AfterEach
    void defaults() {
        DRIVES.spark().conf().unset("spark.sql.adaptive.enabled");
        DRIVES.spark().conf().unset(SmallSideKeyFilters.ENABLED);
    }

    static Stream<Arguments> cases() {
        return Stream.of("true", "false").flatMap(aqe -> PolicyViews.POLICIES.stream().map(p -> Arguments.of(p, aqe)));
    }

    static List<String> policies() {
        return PolicyViews.POLICIES;
    }

    @ParameterizedTest(name = "{0}, adaptive {1}")
    @MethodSource("cases")
    void theNationsKeyFiltersTheSuppliersWhoseKeysFilterThePartSuppliers(String policy, String adaptive) {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", adaptive);
        List<String> expected = PolicyViews.sorted(q11Shape(PolicyViews.PARQUET));
        assertFalse(expected.isEmpty());
        Dataset<Row> ran = q11Shape(policy);
        assertEquals(expected, PolicyViews.sorted(ran));

        String plan = ran.queryExecution().executedPlan().toString();
        assertFalse(plan.contains("dynamicpruning"), plan);
        assertTrue(scanOf(ran, "supplier").scan().description().contains("lookup(nkey) = TRUE"), plan);
        BatchScanExec parts = scanOf(ran, "partsupp");
        assertTrue(parts.scan().description().contains("lookup(skey) = TRUE"), plan);
        long joining = DRIVES.spark().sql(String.format("SELECT count(*) FROM %s ps JOIN %s s ON ps.skey = s.skey "
                + "WHERE s.nkey = 7", partsupp.view(PolicyViews.PARQUET), supplier.view(PolicyViews.PARQUET)))
                .first().getLong(0);
        assertEquals(joining, parts.metrics().get("numOutputRows").get().value(),
                "the part suppliers' scan returns those of the nation's suppliers alone");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aSemiJoinsRightSideFiltersItsLeft(String policy) {
        String query = String.format(SEMI, partsupp.view(policy), supplier.view(policy));
        Dataset<Row> ran = DRIVES.spark().sql(query);
        assertEquals(PolicyViews.sorted(DRIVES.spark().sql(String.format(SEMI, partsupp.view(PolicyViews.PARQUET),
                supplier.view(PolicyViews.PARQUET)))), PolicyViews.sorted(ran));
        assertTrue(scanOf(ran, "partsupp").scan().description().contains("lookup(skey) = TRUE"),
                ran.queryExecution().executedPlan().toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void noLookupWhereTheKeysAreMostOfTheSideOrItsFilterStaysInSpark(String policy) {
        assertNotLookedUp(MOST_KEPT, policy);
        assertNotLookedUp(NOT_PUSHED, policy);
        DRIVES.spark().conf().set(SmallSideKeyFilters.ENABLED, "false");
        assertNotLookedUp(Q11_SHAPE.replace(" JOIN %s n ON s.nkey = n.nkey WHERE n.name = 'NATION7'",
                " WHERE s.nkey = 7"), policy);
    }

    private static void assertNotLookedUp(String query, String policy) {
        Dataset<Row> ran = DRIVES.spark().sql(String.format(query, partsupp.view(policy), supplier.view(policy)));
        assertEquals(PolicyViews.sorted(DRIVES.spark().sql(String.format(query, partsupp.view(PolicyViews.PARQUET),
                supplier.view(PolicyViews.PARQUET)))), PolicyViews.sorted(ran));
        String scan = scanOf(ran, "partsupp").scan().description();
        assertFalse(scan.contains("lookup("), scan);
    }

    private static Dataset<Row> q11Shape(String policy) {
        return DRIVES.spark().sql(String.format(Q11_SHAPE, partsupp.view(policy), supplier.view(policy),
                nation.view(policy)));
    }

    private static BatchScanExec scanOf(Dataset<Row> ran, String table) {
        return ScanNodes.all(ran).stream().filter(s -> s.table().name().contains("/" + table + "/"))
                .findFirst().orElseThrow(() -> new AssertionError("no scan of " + table + " in "
                        + ran.queryExecution().executedPlan()));
    }
}
