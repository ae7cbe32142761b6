package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Predicate;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
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
 * An orders table and its line items (four each), both ispd tables. Few orders that pass pushed
 * predicates joined with their line items: both scans push all their predicates, so Spark's own
 * dynamic pruning gives the line items' scan no runtime filter; the connector's
 * {@code JoinKeyFilters} (on by default) does, as its benefit rule finds the orders' keys worth a
 * second run of their scan, and the drives return only the line items that join. TPC-H Q12's
 * shape (every order joined with its few line items that pass pushed predicates) gets one from
 * the join's broadcast of those line items, and none where nothing is broadcast: the key side
 * reads more records than the side it would filter. The answers are Spark's over
 * Parquet under every policy, with and without adaptive execution, and the same with the filter
 * turned off. The scans' statistics count their pushed predicates, so Spark broadcasts a
 * selective side where it does over Parquet. Lookup joins are off: they would answer these
 * aggregates over a join without one, and so are the keys of a small side run from the driver,
 * which would filter the scan before Spark plans it.
 */
@Tag("heavy")
class JoinKeyFiltersTest {
    private static final int ORDERS = 20_000;
    private static final String ORDER_ROWS = "SELECT id * 4 AS okey, rtrim(substr('1-URGENT2-HIGH  3-MEDIUM', "
            + "CAST(id % 3 AS INT) * 8 + 1, 8)) AS prio FROM range(" + ORDERS + ")";
    private static final String LINE_ROWS = "SELECT (id DIV 4) * 4 AS okey, rtrim(substr('MAILSHIPAIR RAILTRUC', "
            + "CAST(id * 7 % 5 AS INT) * 4 + 1, 4)) AS mode, CAST(id * 13 % 50 AS INT) AS qty FROM range(" + ORDERS * 4 + ")";
    private static final String QUERY = "SELECT l.mode, count(*), sum(l.qty) FROM orders o JOIN lineitem l "
            + "ON o.okey = l.okey WHERE o.prio = '1-URGENT' AND o.okey < 2000 GROUP BY l.mode";
    /**
     * The urgent orders of the lower half of the keys and their line items: Spark infers the range
     * for the line items too, which keep half of theirs (measured), so a second run of the orders
     * for their keys (a sixth of them) drops more line items than it costs; of {@link #QUERY}'s
     * range, a 40th of the keys, it would not.
     */
    private static final String URGENT_HALF = "SELECT l.mode, count(*), sum(l.qty) FROM orders o JOIN lineitem l "
            + "ON o.okey = l.okey WHERE o.prio = '1-URGENT' AND o.okey < 40000 GROUP BY l.mode";
    /** TPC-H Q12's shape: the selective side is the larger one. */
    private static final String Q12_SHAPE = "SELECT o.prio, count(*), sum(l.qty) FROM orders o JOIN lineitem l "
            + "ON o.okey = l.okey WHERE l.mode IN ('MAIL', 'SHIP') AND l.qty < 2 GROUP BY o.prio";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 99_991);

    @TempDir
    static Path parquet;

    private static PolicyViews orders;
    private static PolicyViews lineitem;

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        // the aggregates over these joins would otherwise run as lookups of the orders (LookupJoinsTest)
        spark.conf().set("spark.ispd.lookupJoins", "false");
        // and the orders' few keys would filter the line items' scan as a lookup run from the driver (SmallSideKeyFiltersTest)
        spark.conf().set("spark.ispd.smallSideKeyFilters", "false");
        orders = PolicyViews.written(DRIVES, "orders", spark.sql(ORDER_ROWS), "okey i64 le @0, prio char(8) @8", 16,
                parquet);
        lineitem = PolicyViews.written(DRIVES, "lineitem", spark.sql(LINE_ROWS),
                "okey i64 le @0, mode char(4) @8, qty i32 le @12", 16, parquet);
    }

    @AfterEach
    void defaults() {
        DRIVES.spark().conf().unset("spark.sql.adaptive.enabled");
        DRIVES.spark().conf().unset("spark.sql.optimizer.dynamicPartitionPruning.enabled");
        DRIVES.spark().conf().unset("spark.ispd.joinKeyFilters");
        DRIVES.spark().conf().unset("spark.sql.autoBroadcastJoinThreshold");
    }

    static Stream<Arguments> cases() {
        return Stream.of("true", "false").flatMap(aqe -> PolicyViews.POLICIES.stream().map(p -> Arguments.of(p, aqe)));
    }

    @ParameterizedTest(name = "{0}, adaptive {1}")
    @MethodSource("cases")
    void theOrdersKeysFilterTheLineItemsScanInTheDrives(String policy, String adaptive) {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", adaptive);
        List<String> expected = run(PolicyViews.PARQUET).collectAsList().stream().map(Row::toString).sorted().toList();
        assertFalse(expected.isEmpty());

        Dataset<Row> filtered = run(policy);
        assertEquals(expected, PolicyViews.sorted(filtered));
        BatchScanExec scan = lineItemsScan(filtered);
        assertTrue(scan.scan().description().matches(
                ".*PushedFilters: \\[okey < 2000, okey IN \\([0-9, ]+\\) \\(runtime\\)\\].*"),
                scan.scan().description());
        long returned = scan.metrics().get("numOutputRows").get().value();
        // Spark infers okey < 2000 for the line items from the join; of those the keys keep a third
        long inferred = DRIVES.spark().sql("SELECT count(*) FROM " + lineitem.view(PolicyViews.PARQUET)
                + " WHERE okey < 2000").first().getLong(0);
        assertTrue(returned > 0 && returned < inferred / 2, "the drives returned " + returned + " line items");

        DRIVES.spark().conf().set("spark.ispd.joinKeyFilters", "false");
        Dataset<Row> withSparksOwn = run(policy);
        assertEquals(expected, PolicyViews.sorted(withSparksOwn));
        assertEquals(inferred, lineItemsScan(withSparksOwn).metrics().get("numOutputRows").get().value(),
                "Spark's own dynamic pruning gives the line items' scan no filter");

        DRIVES.spark().conf().set("spark.ispd.joinKeyFilters", "true");
        DRIVES.spark().conf().set("spark.sql.optimizer.dynamicPartitionPruning.enabled", "false");
        Dataset<Row> whole = run(policy);
        assertEquals(expected, PolicyViews.sorted(whole));
        assertEquals(inferred, lineItemsScan(whole).metrics().get("numOutputRows").get().value());
    }

    /**
     * TPC-H Q5's shape: the selective orders reach the line items' join through another inner
     * join (of the orders with themselves here, customer in Q5); the orders' own keys, which hold
     * every key the join gives, filter the line items' scan, and the answer is Parquet's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void keysThatComeThroughAnInnerJoinFilterTheScan(String policy) {
        String q = "SELECT l.mode, count(*), sum(l.qty) FROM %1$s o2 JOIN %1$s o ON o2.okey = o.okey JOIN %2$s l "
                + "ON o.okey = l.okey WHERE o.prio = '1-URGENT' AND o.okey < 40000 GROUP BY l.mode";
        List<String> expected = PolicyViews.sorted(DRIVES.spark().sql(String.format(q,
                orders.view(PolicyViews.PARQUET), lineitem.view(PolicyViews.PARQUET))));
        Dataset<Row> ran = DRIVES.spark().sql(String.format(q, orders.view(policy), lineitem.view(policy)));
        assertEquals(expected, PolicyViews.sorted(ran));
        String description = lineItemsScan(ran).scan().description();
        assertTrue(description.matches(".*okey IN \\([0-9, ]+\\) \\(runtime\\).*"), description);
    }

    /**
     * TPC-H Q17's and Q2's shape: the selective orders join a per-order aggregate of the line
     * items; a group's rows share its key, so the orders' keys filter the line items' scan under
     * the aggregate (only groups that would not join are dropped), and the answer is Parquet's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void theKeysFilterTheScanUnderAnAggregateGroupedByThem(String policy) {
        String q = "SELECT count(*), sum(g.total) FROM orders o JOIN (SELECT okey, sum(qty) AS total FROM lineitem "
                + "GROUP BY okey) g ON o.okey = g.okey WHERE o.prio = '1-URGENT' AND o.okey < 2000";
        List<String> expected = PolicyViews.sorted(run(q, PolicyViews.PARQUET));
        Dataset<Row> ran = run(q, policy);
        assertEquals(expected, PolicyViews.sorted(ran));
        BatchScanExec scan = scanPushing(ran, "okey IN");
        assertFalse(scan.scan().description().contains("prio"), "the orders' scan: " + scan.scan().description());
        assertReturnsLineItemsOfTheUrgentOrdersOnly(scan);
    }

    /**
     * TPC-H Q11's shape: the orders join the line items and, above, a small selective side by
     * their priority, which gives the orders' scan a runtime filter keeping a third of them; the
     * orders, though no predicate of theirs is pushed, are then selective enough that their keys
     * filter the line items' scan, and their second run for the keys runs with that filter. The
     * answer is Parquet's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aKeySideFilteredByAJoinAboveCountsThatFilter(String policy) {
        String q = "SELECT l.mode, count(*), sum(l.qty) FROM %2$s l JOIN %1$s o ON l.okey = o.okey JOIN %3$s p "
                + "ON o.prio = p.prio WHERE p.okey = 4 GROUP BY l.mode";
        String parquetOrders = orders.view(PolicyViews.PARQUET);
        List<String> expected = PolicyViews.sorted(DRIVES.spark().sql(String.format(q, parquetOrders,
                lineitem.view(PolicyViews.PARQUET), parquetOrders)));
        Dataset<Row> ran = DRIVES.spark().sql(String.format(q, orders.view(policy), lineitem.view(policy), parquetOrders));
        assertEquals(expected, PolicyViews.sorted(ran));
        BatchScanExec scan = lineItemsScan(ran);
        assertTrue(scan.scan().description().matches(".*okey IN (\\(|BLOOM).* \\(runtime\\).*"),
                ran.queryExecution().executedPlan().toString());
        long returned = scan.metrics().get("numOutputRows").get().value();
        assertTrue(returned < ORDERS * 4 / 2, "the drives returned " + returned + " line items, a third keep the priority");
    }

    /**
     * TPC-H Q18's shape: the orders whose line items' quantities sum past a bound, a semi join of
     * the orders with the per-order sums. The orders' keys would be worth a filter on the sums'
     * scan only by counting the filter the sums give the orders back; neither keeps a key of the
     * other, so the sums' scan gets no filter (and Spark runs it once for both semi joins). The
     * answer is Parquet's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aSemiJoinsSidesDoNotCountTheFilterEachGivesTheOther(String policy) {
        String q = "SELECT o.prio, count(*), sum(l.qty) FROM orders o JOIN lineitem l ON o.okey = l.okey WHERE o.okey IN "
                + "(SELECT okey FROM lineitem GROUP BY okey HAVING sum(qty) > 110) GROUP BY o.prio";
        List<String> expected = PolicyViews.sorted(run(q, PolicyViews.PARQUET));
        assertFalse(expected.isEmpty(), q);
        Dataset<Row> ran = run(q, policy);
        assertEquals(expected, PolicyViews.sorted(ran));
        BatchScanExec sums = ScanNodes.all(ran).stream().filter(s -> s.scan().description().contains("PushedAggregates")).findFirst()
                .orElseThrow(() -> new AssertionError("no scan of the sums: " + ran.queryExecution().executedPlan()));
        assertFalse(sums.scan().description().contains("(runtime)"), ran.queryExecution().executedPlan().toString());
    }

    /**
     * Q12's shape: the line items' keys filter the orders' scan though their side reads four times
     * its records, as Spark broadcasts the few line items that pass and the keys come from that
     * broadcast, not from a second run; where nothing is broadcast (threshold -1) the benefit rule
     * gives no filter, as a second run of the line items would cost more than it saves. The
     * answers are Parquet's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aLargerKeySideFiltersTheScanOnlyFromItsBroadcast(String policy) {
        List<String> expected = PolicyViews.sorted(run(Q12_SHAPE, PolicyViews.PARQUET));
        Dataset<Row> ran = run(Q12_SHAPE, policy);
        assertEquals(expected, PolicyViews.sorted(ran));
        BatchScanExec scan = scanReturning(ran, "prio");
        assertTrue(scan.scan().description().contains("(runtime)"), scan.scan().description());
        long keys = DRIVES.spark().sql("SELECT count(DISTINCT okey) FROM " + lineitem.view(PolicyViews.PARQUET)
                + " WHERE mode IN ('MAIL', 'SHIP') AND qty < 2").first().getLong(0);
        assertTrue(keys > 0 && keys < ORDERS / 4, keys + " keys");
        assertEquals(keys, scan.metrics().get("numOutputRows").get().value(), "the drives returned the orders that join");

        DRIVES.spark().conf().set("spark.sql.autoBroadcastJoinThreshold", "-1");
        Dataset<Row> unbroadcast = run(Q12_SHAPE, policy);
        assertEquals(expected, PolicyViews.sorted(unbroadcast));
        BatchScanExec whole = scanReturning(unbroadcast, "prio");
        assertFalse(whole.scan().description().contains("(runtime)"), whole.scan().description());
        assertEquals(ORDERS, whole.metrics().get("numOutputRows").get().value());
    }

    /**
     * TPC-H Q16's shape: the scan the selective side's keys filter is under an anti join (the
     * line items whose quantity is not among a few medium orders' keys), which keeps or drops each of its
     * rows on its own, so the keys filter it below that join; the answer is Parquet's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void theKeysFilterTheScanUnderAnAntiJoin(String policy) {
        String q = "SELECT l.mode, count(*), sum(l.qty) FROM orders o JOIN lineitem l ON o.okey = l.okey "
                + "WHERE o.prio = '1-URGENT' AND o.okey < 2000 AND l.qty NOT IN "
                + "(SELECT CAST(okey AS INT) FROM orders WHERE prio = '3-MEDIUM' AND okey < 40) GROUP BY l.mode";
        List<String> expected = PolicyViews.sorted(run(q, PolicyViews.PARQUET));
        assertFalse(expected.isEmpty());
        Dataset<Row> ran = run(q, policy);
        assertEquals(expected, PolicyViews.sorted(ran));
        BatchScanExec scan = lineItemsScan(ran);
        assertTrue(scan.scan().description().matches(".*okey IN \\([0-9, ]+\\) \\(runtime\\).*"),
                scan.scan().description());
        assertReturnsLineItemsOfTheUrgentOrdersOnly(scan);
    }

    /**
     * TPC-H Q4's shape: the line items only say whether an order has one (EXISTS, a semi join;
     * NOT EXISTS, an anti join), so the few orders' keys filter the line items' scan, which
     * returns only the line items of those orders; the answers are Parquet's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void theOrdersKeysFilterTheLineItemsOfASemiOrAntiJoin(String policy) {
        // as planned: adaptive execution would replace the anti join, empty here, by an empty relation
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", "false");
        for (String exists : List.of("EXISTS", "NOT EXISTS")) {
            String q = "SELECT o.prio, count(*) FROM orders o WHERE o.prio = '1-URGENT' AND o.okey < 2000 AND " + exists
                    + " (SELECT * FROM lineitem l WHERE l.okey = o.okey) GROUP BY o.prio";
            List<String> expected = PolicyViews.sorted(run(q, PolicyViews.PARQUET));
            assertEquals(exists.equals("EXISTS"), !expected.isEmpty(), q); // every order has line items
            Dataset<Row> ran = run(q, policy);
            assertEquals(expected, PolicyViews.sorted(ran), q);
            BatchScanExec scan = scanWithout(ran, "prio");
            assertTrue(scan.scan().description().matches(".*okey IN \\([0-9, ]+\\) \\(runtime\\).*"),
                    scan.scan().description());
            assertReturnsLineItemsOfTheUrgentOrdersOnly(scan);
        }
    }

    /** {@code scan} returned at most the line items of the urgent orders below 2000 (4 an order). */
    private static void assertReturnsLineItemsOfTheUrgentOrdersOnly(BatchScanExec scan) {
        long keys = DRIVES.spark().sql("SELECT count(*) FROM " + orders.view(PolicyViews.PARQUET)
                + " WHERE prio = '1-URGENT' AND okey < 2000").first().getLong(0);
        assertTrue(scan.metrics().get("numOutputRows").get().value() <= keys * 4,
                "the drives returned line items of other orders: " + scan.metrics().get("numOutputRows").get().value());
    }

    /**
     * TPC-H Q3's shape: the key side keeps half its records (the lower half of the keys, which
     * Spark infers for the line items too) and the line items' scan most of theirs, so the line items its keys would drop are fewer than what its second run
     * reads and hands Spark as keys; the benefit rule gives no filter, and the answer is Parquet's.
     * Nothing is broadcast (as Q3's orders at SF 1, too large), so the keys would need that run.
     * Adaptive execution (on by default) plans the join again with no filter either, though the
     * same line items' key was given one by the queries before.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aKeySideKeepingHalfItsRecordsGivesNoFilter(String policy) {
        DRIVES.spark().conf().set("spark.sql.autoBroadcastJoinThreshold", "-1");
        String q = "SELECT o.prio, count(*), sum(l.qty) FROM orders o JOIN lineitem l ON o.okey = l.okey "
                + "WHERE o.okey < 40000 AND l.qty < 40 GROUP BY o.prio";
        Dataset<Row> first = run(URGENT_HALF, policy);
        assertFalse(PolicyViews.sorted(first).isEmpty());
        assertTrue(lineItemsScan(first).scan().description().contains("(runtime)"), "a filter on the key first");
        List<String> expected = PolicyViews.sorted(run(q, PolicyViews.PARQUET));
        Dataset<Row> ran = run(q, policy);
        assertEquals(expected, PolicyViews.sorted(ran));
        BatchScanExec scan = scanReturning(ran, "qty");
        assertFalse(scan.scan().description().contains("(runtime)"), scan.scan().description());
    }

    /**
     * The scans' statistics count their pushed predicates: with a broadcast threshold below the
     * whole line items' size as Spark rows, Spark broadcasts their selective side as it does over
     * Parquet (AQE off: as planned), and the answer is the same.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aSelectivePushedFilterIsBroadcastAsOverParquet(String policy) {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        spark.conf().set("spark.ispd.joinKeyFilters", "false");
        spark.conf().set("spark.sql.autoBroadcastJoinThreshold", "400000");
        try {
            Dataset<Row> overParquet = run(Q12_SHAPE, PolicyViews.PARQUET);
            Dataset<Row> ran = run(Q12_SHAPE, policy);
            String parquetPlan = overParquet.queryExecution().executedPlan().toString();
            String plan = ran.queryExecution().executedPlan().toString();
            assertTrue(parquetPlan.contains("BroadcastHashJoin"), parquetPlan);
            assertTrue(plan.contains("BroadcastHashJoin") && plan.contains("BroadcastExchange"), plan);
            assertTrue(broadcastSide(plan).contains("qty"), "the line items are broadcast: " + plan);
            assertEquals(PolicyViews.sorted(overParquet), PolicyViews.sorted(ran));

            spark.conf().set("spark.sql.autoBroadcastJoinThreshold", "1000");
            assertFalse(run(Q12_SHAPE, policy).queryExecution().executedPlan().toString().contains("BroadcastHashJoin"),
                    "under the threshold nothing is broadcast");
        } finally {
            spark.conf().unset("spark.sql.autoBroadcastJoinThreshold");
        }
    }

    /** What the plan's broadcast exchange reads: the text from {@code BroadcastExchange} to the end of its scan's line. */
    private static String broadcastSide(String plan) {
        String side = plan.substring(plan.indexOf("BroadcastExchange"));
        int scan = side.indexOf("BatchScan");
        return side.substring(0, side.indexOf('\n', scan < 0 ? 0 : scan) < 0 ? side.length() : side.indexOf('\n', scan));
    }

    /** More keys than a plan's IN holds go to the drives as a Bloom filter: a few more line items return (at most 3% of the others), the answer is the same. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void manyKeysFilterTheScanAsABloomFilter(String policy) {
        String many = QUERY.replace("o.okey < 2000", "o.okey < 60000");
        List<String> expected = PolicyViews.sorted(run(many, PolicyViews.PARQUET));
        Dataset<Row> filtered = run(many, policy);
        assertEquals(expected, PolicyViews.sorted(filtered));
        BatchScanExec scan = lineItemsScan(filtered);
        assertTrue(scan.scan().description().matches(
                ".*PushedFilters: \\[okey < 60000, okey IN BLOOM\\([0-9]+ bits, [0-9] probes\\) \\(runtime\\)\\].*"),
                scan.scan().description());
        long keys = DRIVES.spark().sql("SELECT count(DISTINCT okey) FROM " + orders.view(PolicyViews.PARQUET)
                + " WHERE prio = '1-URGENT' AND okey < 60000").first().getLong(0);
        assertTrue(keys > Predicate.MAX_IN_VALUES, keys + " keys");
        long returned = scan.metrics().get("numOutputRows").get().value();
        assertTrue(returned >= keys * 4 && returned <= (keys + (ORDERS - keys) * 3 / 100) * 4,
                "the drives returned " + returned + " line items for " + keys + " keys");
    }

    static List<String> policies() {
        return PolicyViews.POLICIES;
    }

    private static Dataset<Row> run(String policy) {
        return run(QUERY, policy);
    }

    private static Dataset<Row> run(String query, String policy) {
        return DRIVES.spark().sql(query.replace("FROM orders", "FROM " + orders.view(policy))
                .replace("JOIN lineitem", "JOIN " + lineitem.view(policy))
                .replace("FROM lineitem", "FROM " + lineitem.view(policy)));
    }

    /** The scan of the line items (the one that returns {@code mode}) of a query that ran once. */
    private static BatchScanExec lineItemsScan(Dataset<Row> ran) {
        return scanReturning(ran, "mode");
    }

    /** The scan that returns {@code column} of a query that ran once, through adaptive execution's stages. */
    private static BatchScanExec scanReturning(Dataset<Row> ran, String column) {
        return ScanNodes.all(ran).stream().filter(s -> s.output().exists(a -> a.name().equals(column))).findFirst().orElseThrow();
    }

    /** The scan of a query that ran once whose pushed filters hold {@code filter}. */
    private static BatchScanExec scanPushing(Dataset<Row> ran, String filter) {
        return ScanNodes.all(ran).stream().filter(s -> s.scan().description().matches(".*PushedFilters: \\[[^]]*" + filter + ".*"))
                .findFirst().orElseThrow(() -> new AssertionError("no scan pushing " + filter + ": "
                        + ran.queryExecution().executedPlan()));
    }

    /** The scan that returns no {@code column} of a query that ran once (a semi join's line items: none of the orders'). */
    private static BatchScanExec scanWithout(Dataset<Row> ran, String column) {
        return ScanNodes.all(ran).stream().filter(s -> !s.output().exists(a -> a.name().equals(column))).findFirst()
                .orElseThrow(() -> new AssertionError("no scan without " + column + ": " + ran.queryExecution().executedPlan()));
    }
}
