package dev.ispd.spark.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PartialAggregates;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.protocol.Extent;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.TypedRows;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 20.2, exact against Spark: the plan-level GROUP BY of strings and expressions (NULL its
 * own group), AVG (Spark's result types and rounding) and computed row columns, run by the plan
 * interpreter over {@link TypedRows}' records in two splits whose partials are merged, give the
 * values Spark SQL gives over the same rows. This is the answer the Spark connector must give
 * once it pushes these (its converters are another change).
 */
@Tag("heavy")
class PlanColumnsSparkTest {
    private static final int RECORDS = 4_000;
    private static final Layout LAYOUT = LayoutDdl.parse("typed", TypedRows.LAYOUT, TypedRows.ENTRY, "test");

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(1, 1 << 20);

    private static byte[] records;

    @BeforeAll
    static void load() {
        List<Row> rows = TypedRows.rows(RECORDS, 30);
        records = TypedRows.records(rows, 31);
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.shuffle.partitions", "2"); // thousands of rows: 200 shuffle tasks would dominate
        spark.createDataFrame(rows, TypedRows.SCHEMA).createOrReplaceTempView("v");
    }

    @Test
    void groupsOfStringsAndExpressionsWithAvgAreSparks() throws IOException {
        Expr year = Expr.extract(Expr.DatePart.YEAR, Expr.field("dt"));
        Expr sign = Expr.caseWhen(List.of(Expr.when(Expr.field("b"), Expr.lit(1))), Expr.lit(0));
        Plan plan = Plan.aggregateOf(LAYOUT, null, List.of(Expr.field("s"), year, Expr.field("z"), sign), List.of(
                Aggregate.countStar(), Aggregate.avg("p"), Aggregate.avg("q"), Aggregate.avg("i"), Aggregate.avg("id"),
                Aggregate.avg(Expr.mul(Expr.field("p"), Expr.field("k")))));
        List<String> actual = new ArrayList<>();
        for (long[] row : new PartialAggregates(plan).mergeRows(PlanRuns.inTwoSplits(plan, records, TypedRows.ENTRY))) {
            List<Object> cells = new ArrayList<>();
            int at = 0;
            for (Expr key : plan.groupBy()) {
                cells.add(ColumnValues.value(row, at, key, LAYOUT));
                at += ColumnValues.words(key, LAYOUT);
            }
            for (Aggregate a : plan.aggregates()) {
                cells.add(a.function() == Aggregate.Function.COUNT_STAR ? row[at] : a.value(row, at, LAYOUT));
                at += a.words(LAYOUT);
            }
            actual.add(PlanRuns.text(cells));
        }
        List<String> expected = PlanRuns.sparkRows(DRIVES.spark(), "SELECT s, year(dt), z, CASE WHEN b THEN 1 ELSE 0 END, count(*), avg(p), avg(q), "
                + "avg(i), avg(id), avg(p * k) FROM v GROUP BY s, year(dt), z, CASE WHEN b THEN 1 ELSE 0 END");
        assertTrue(expected.size() > 100, "many groups: " + expected.size());
        assertTrue(expected.stream().anyMatch(r -> r.startsWith("NULL|")), "a NULL string group");
        assertEquals(PlanRuns.sorted(expected), PlanRuns.sorted(actual));
    }

    @Test
    void computedRowColumnsAreSparks() throws IOException {
        List<Expr> select = List.of(Expr.field("id"), Expr.mul(Expr.field("p"), Expr.lit(2)), Expr.field("s"),
                Expr.field("z"), Expr.add(Expr.field("q"), Expr.field("p")), Expr.field("dt"), Expr.field("b"),
                Expr.coalesce(Expr.field("i"), Expr.lit(-1)), Expr.extract(Expr.DatePart.MONTH, Expr.field("dn")));
        Plan plan = Plan.rowsOf(LAYOUT, Predicate.compare("id", dev.ispd.plan.CompareOp.LT, 500), select);
        List<String> actual = new ArrayList<>();
        for (long[] row : PlanRuns.inTwoSplits(plan, records, TypedRows.ENTRY)) {
            List<Object> cells = new ArrayList<>();
            for (int c = 0; c < select.size(); c++) {
                Expr e = select.get(c);
                cells.add(c == 0 ? row[0] : ColumnValues.value(row, plan.selectWord(c), e, LAYOUT));
            }
            actual.add(PlanRuns.text(cells));
        }
        List<String> expected = PlanRuns.sparkRows(DRIVES.spark(), "SELECT id, p * 2, s, z, q + p, dt, b, coalesce(i, -1), month(dn) FROM v "
                + "WHERE id < 500");
        assertEquals(500, expected.size());
        assertEquals(PlanRuns.sorted(expected), PlanRuns.sorted(actual));
    }

    /**
     * Timestamps read in a zone the plan carries (Los Angeles' clock over ts of +-63,000 years), casts
     * between dates and timestamps there, float-to-decimal casts (within the decimal's range) and
     * string CASE and COALESCE: Spark's values in the same session time zone.
     */
    @Test
    void zonedTimesFloatCastsAndStringChoicesAreSparks() throws IOException {
        String zone = "America/Los_Angeles";
        Expr ts = Expr.field("ts");
        Expr d = Expr.field("d");
        Expr f = Expr.field("f");
        List<Expr> select = List.of(Expr.field("id"), Expr.extract(Expr.DatePart.HOUR, ts, zone),
                Expr.extract(Expr.DatePart.MINUTE, ts, zone), Expr.extract(Expr.DatePart.YEAR,
                        Expr.cast(ts, dev.ispd.plan.ExprType.DATE, zone)), Expr.cast(ts, dev.ispd.plan.ExprType.DATE, zone),
                Expr.cast(Expr.field("dt"), dev.ispd.plan.ExprType.TIMESTAMP, zone),
                Expr.extract(Expr.DatePart.WEEK, Expr.field("dt")), Expr.extract(Expr.DatePart.DAY_OF_WEEK, Expr.field("dn")),
                Expr.caseWhen(List.of(Expr.when(Expr.and(Expr.gt(d, Expr.lit(-1e9)), Expr.lt(d, Expr.lit(1e9))),
                        Expr.cast(d, dev.ispd.plan.ExprType.decimal(15, 3)))), null),
                Expr.caseWhen(List.of(Expr.when(Expr.and(Expr.gt(f, Expr.lit(-1e6)), Expr.lt(f, Expr.lit(1e6))),
                        Expr.cast(f, dev.ispd.plan.ExprType.decimal(9, 2)))), null),
                Expr.caseWhen(List.of(Expr.when(Expr.field("b"), Expr.field("s"))), Expr.field("z")),
                Expr.coalesce(Expr.field("s"), Expr.field("z"), Expr.lit("none")));
        Plan plan = Plan.rowsOf(LAYOUT, null, select);
        List<String> actual = new ArrayList<>();
        for (long[] row : PlanRuns.inTwoSplits(plan, records, TypedRows.ENTRY)) {
            List<Object> cells = new ArrayList<>();
            for (int c = 0; c < select.size(); c++) {
                Object v = c == 0 ? row[0] : ColumnValues.value(row, plan.selectWord(c), select.get(c), LAYOUT);
                cells.add(v instanceof java.time.LocalDate day ? day.toEpochDay() : v);
            }
            actual.add(PlanRuns.text(cells));
        }
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.session.timeZone", zone);
        try {
            List<String> expected = PlanRuns.sparkRows(spark, "SELECT id, hour(ts), minute(ts), year(ts), unix_date(CAST(ts AS DATE)), "
                    + "unix_micros(CAST(dt AS TIMESTAMP)), weekofyear(dt), weekday(dn) + 1, "
                    + "CASE WHEN d > -1e9D AND d < 1e9D THEN CAST(d AS DECIMAL(15,3)) END, "
                    + "CASE WHEN f > -1e6D AND f < 1e6D THEN CAST(f AS DECIMAL(9,2)) END, "
                    + "CASE WHEN b THEN s ELSE z END, coalesce(s, z, 'none') FROM v");
            assertEquals(RECORDS, expected.size());
            assertEquals(PlanRuns.sorted(expected), PlanRuns.sorted(actual));
        } finally {
            spark.conf().unset("spark.sql.session.timeZone");
        }
    }

    /**
     * A float a decimal cannot hold fails the cast with Spark's error class; NaN and the
     * infinities are NULL, as Spark's cast makes them (its Decimal(double) reads no digits).
     */
    @Test
    void aFloatADecimalCannotHoldIsSparksErrorOrNull() throws IOException {
        Layout one = LayoutDdl.parse("one", "d f64 le @0", 8, "test");
        Expr cast = Expr.cast(Expr.field("d"), dev.ispd.plan.ExprType.decimal(7, 2));
        Plan plan = Plan.rowsOf(one, null, List.of(cast));
        for (double d : new double[] {Double.NaN, Double.NEGATIVE_INFINITY, 1e7}) {
            byte[] record = ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putDouble(0, d).array();
            HostRunner runner = new HostRunner(8, 1);
            List<Extent> extents = List.of(new Extent(1, 0, 8));
            InMemoryPageSource source = new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(record)));
            String sql = "SELECT CAST(CAST('" + d + "' AS DOUBLE) AS DECIMAL(7,2))";
            if (Double.isFinite(d)) {
                dev.ispd.plan.PlanArithmeticException ours = org.junit.jupiter.api.Assertions.assertThrows(
                        dev.ispd.plan.PlanArithmeticException.class,
                        () -> runner.run(new PlanTasklet(plan, PlanLimits.DRIVE), extents, source));
                Exception sparks = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                        () -> DRIVES.spark().sql(sql).collectAsList());
                // Spark's class has a subclass: [NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION]
                assertTrue(String.valueOf(sparks.getMessage()).contains("[" + ours.errorClass()),
                        d + ": ours " + ours.getMessage() + ", Spark's " + sparks.getMessage());
            } else {
                long[] row = PlanResult.decode(runner.run(new PlanTasklet(plan, PlanLimits.DRIVE), extents, source)
                        .bytes()).rows().get(0);
                assertEquals(DRIVES.spark().sql(sql).collectAsList().get(0).get(0), ColumnValues.value(row, 0, cast, one),
                        Double.toString(d));
            }
        }
    }
}
