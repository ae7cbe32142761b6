package dev.ispd.spark.plan;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.cast;
import static dev.ispd.plan.Expr.div;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.neg;
import static dev.ispd.plan.Expr.rem;
import static dev.ispd.plan.Expr.sub;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.ExprType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PartialAggregates;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanArithmeticException;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WideDecimalRows;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 20.2, exact against Spark: decimals of up to 38 digits in plans. 16-byte fields as
 * operands, arithmetic whose types and intermediates pass 18 digits (Spark's derived types, its
 * scale cut with HALF_UP rounding, products to 39 digits), casts, CASE and COALESCE of wide
 * decimals, and SUM, AVG, MIN and MAX of them, run by the plan interpreter over
 * {@link WideDecimalRows}' records in two splits (partials merged), give the values Spark SQL
 * gives over the same rows; values past 38 digits give Spark's ANSI error classes, a SUM's both
 * ways (positive and negative), and are NULL for try_sum.
 */
class WideDecimalPlanSparkTest {
    private static final int RECORDS = 3_000;
    private static final Layout LAYOUT = LayoutDdl.parse("wide", WideDecimalRows.LAYOUT, WideDecimalRows.ENTRY, "test");

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(1, 1 << 20);

    private static byte[] records;
    private static byte[] edges;

    @BeforeAll
    static void load() {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.shuffle.partitions", "2");
        List<Row> rows = WideDecimalRows.rows(RECORDS, 38, false);
        records = WideDecimalRows.records(rows);
        spark.createDataFrame(rows, WideDecimalRows.SCHEMA).createOrReplaceTempView("v");
        List<Row> withEdges = WideDecimalRows.rows(RECORDS, 39, true);
        edges = WideDecimalRows.records(withEdges);
        spark.createDataFrame(withEdges, WideDecimalRows.SCHEMA).createOrReplaceTempView("e");
    }

    @Test
    void computedColumnsOfWideDecimalsAreSparks() throws IOException {
        List<Expr> select = List.of(field("id"), field("a"), field("b"), add(field("a"), field("c")),
                sub(field("a"), field("b")), mul(field("c"), field("c")), mul(field("b"), field("c")),
                div(field("b"), field("d")), rem(field("a"), field("c")), neg(field("a")), mul(field("a"), field("k")),
                cast(field("c"), ExprType.decimal(38, 10)), cast(field("b"), ExprType.decimal(20, 3)),
                cast(field("b"), ExprType.BIGINT), cast(field("a"), ExprType.DOUBLE),
                Expr.caseWhen(List.of(Expr.when(Expr.eq(field("k"), lit(1)), field("c"))), field("b")),
                Expr.coalesce(field("d"), field("b")), Expr.gt(field("a"), field("c")));
        Plan plan = Plan.rowsOf(LAYOUT, Predicate.holds(Expr.lt(field("b"), mul(field("c"), lit(1000)))), select);
        List<String> actual = rowsText(plan, select);
        List<String> expected = PlanRuns.sparkRows(DRIVES.spark(), "SELECT id, a, b, a + c, a - b, c * c, b * c, b / d, a % c, -a, a * k, "
                + "CAST(c AS decimal(38,10)), CAST(b AS decimal(20,3)), CAST(b AS bigint), CAST(a AS double), "
                + "CASE WHEN k = 1 THEN c ELSE b END, coalesce(d, b), a > c FROM v WHERE b < c * 1000");
        assertTrue(expected.size() > RECORDS / 4, "many rows: " + expected.size());
        assertEquals(PlanRuns.sorted(expected), PlanRuns.sorted(actual));
    }

    /**
     * Decimal literals of more than 18 digits (up to 38), carried by the plan encoding in two
     * words: the plan decoded from its bytes computes and compares with them as Spark does.
     */
    @Test
    void wideDecimalLiteralsAreSparks() throws IOException {
        Expr big = lit(new BigDecimal("1234567890123456789012345.6789"));
        Expr edge = lit(new BigDecimal("-99999999999999999999999999999999999999"));
        List<Expr> select = List.of(field("id"), add(field("a"), big), sub(field("b"), big), mul(field("c"),
                lit(new BigDecimal("1000000000000000000"))), Expr.gt(field("a"), edge),
                Expr.caseWhen(List.of(Expr.when(Expr.lt(field("b"), big), big)), field("b")),
                Expr.coalesce(field("d"), lit(new BigDecimal("-0.0000000000000000000001"))));
        Plan plan = PlanCodec.decode(PlanCodec.encode(Plan.rowsOf(LAYOUT, Predicate.holds(Expr.gt(field("a"),
                lit(new BigDecimal("-1000000000000000000000000000")))), select)));
        List<String> actual = rowsText(plan, select);
        List<String> expected = PlanRuns.sparkRows(DRIVES.spark(), "SELECT id, a + 1234567890123456789012345.6789BD, "
                + "b - 1234567890123456789012345.6789BD, c * 1000000000000000000BD, "
                + "a > -99999999999999999999999999999999999999BD, CASE WHEN b < 1234567890123456789012345.6789BD "
                + "THEN 1234567890123456789012345.6789BD ELSE b END, coalesce(d, -0.0000000000000000000001BD) "
                + "FROM v WHERE a > -1000000000000000000000000000BD");
        assertTrue(expected.size() > RECORDS / 4 && expected.size() < RECORDS, "some rows: " + expected.size());
        assertEquals(PlanRuns.sorted(expected), PlanRuns.sorted(actual));
    }

    /** The rows of {@code plan}, which selects the id then {@code select}'s others, run in two splits, as text. */
    private static List<String> rowsText(Plan plan, List<Expr> select) throws IOException {
        List<String> text = new ArrayList<>();
        for (long[] row : PlanRuns.inTwoSplits(plan, records, WideDecimalRows.ENTRY)) {
            List<Object> cells = new ArrayList<>();
            for (int c = 0; c < select.size(); c++) {
                cells.add(c == 0 ? row[0] : ColumnValues.value(row, plan.selectWord(c), select.get(c), LAYOUT));
            }
            text.add(PlanRuns.text(cells));
        }
        return text;
    }

    @Test
    void aggregatesOfWideDecimalsAreSparks() throws IOException {
        Plan plan = Plan.aggregateOf(LAYOUT, null, List.of(field("k")), List.of(Aggregate.countStar(),
                Aggregate.sum(field("a")), Aggregate.sum(mul(field("b"), field("c"))), Aggregate.avg(field("b")),
                Aggregate.min(field("a")), Aggregate.max(field("b")), Aggregate.sum(mul(field("c"), field("d"))),
                Aggregate.avg(mul(field("c"), field("d")))));
        List<String> actual = new ArrayList<>();
        for (long[] row : new PartialAggregates(plan).mergeRows(PlanRuns.inTwoSplits(plan, records, WideDecimalRows.ENTRY))) {
            List<Object> cells = new ArrayList<>(List.of(row[0]));
            int at = 1;
            for (Aggregate a : plan.aggregates()) {
                cells.add(a.function() == Aggregate.Function.COUNT_STAR ? row[at] : a.value(row, at, LAYOUT));
                at += a.words(LAYOUT);
            }
            actual.add(PlanRuns.text(cells));
        }
        List<String> expected = PlanRuns.sparkRows(DRIVES.spark(), "SELECT k, count(*), sum(a), sum(b * c), avg(b), min(a), max(b), sum(c * d), "
                + "avg(c * d) FROM v GROUP BY k");
        assertEquals(5, expected.size());
        assertEquals(PlanRuns.sorted(expected), PlanRuns.sorted(actual));
    }

    @Test
    void aSumPast38DigitsIsSparksOverflowBothWaysAndNullForTrySum() throws IOException {
        for (String sign : List.of(">", "<")) {
            CompareOp op = sign.equals(">") ? CompareOp.GT : CompareOp.LT;
            Plan plan = Plan.aggregate(LAYOUT, Predicate.holds(Expr.compare(field("a"), op, lit(0))), List.of(),
                    List.of(Aggregate.sum(field("a")), Aggregate.avg(field("a"))));
            long[] row = new PartialAggregates(plan).mergeRows(PlanRuns.inTwoSplits(plan, edges, WideDecimalRows.ENTRY)).get(0);
            Aggregate sum = plan.aggregates().get(0);
            Aggregate avg = plan.aggregates().get(1);
            assertTrue(sum.overflowed(row, 0, LAYOUT), "the sum of a " + sign + " 0 passed 38 digits");
            assertTrue(avg.overflowed(row, sum.words(LAYOUT), LAYOUT), "and the average's");
            PlanArithmeticException e = assertThrows(PlanArithmeticException.class, () -> sum.value(row, 0, LAYOUT));
            assertEquals(sparkError("SELECT sum(a) FROM e WHERE a " + sign + " 0"), e.errorClass());
            assertEquals(sparkError("SELECT avg(a) FROM e WHERE a " + sign + " 0"), e.errorClass());
            assertEquals(List.of("NULL|NULL"), PlanRuns.sparkRows(DRIVES.spark(), "SELECT try_sum(a), try_avg(a) FROM e WHERE a " + sign + " 0"),
                    "what the overflowed sums answer under try_sum");
        }
        // the edges cancel: the exact sum of all of a fits, and so does Spark's (exact within a partition)
        Plan all = Plan.aggregate(LAYOUT, null, List.of(), List.of(Aggregate.sum(field("a"))));
        long[] row = new PartialAggregates(all).mergeRows(PlanRuns.inTwoSplits(all, edges, WideDecimalRows.ENTRY)).get(0);
        assertEquals(PlanRuns.sparkRows(DRIVES.spark(), "SELECT sum(a) FROM e"), List.of(PlanRuns.text(List.of(all.aggregates().get(0).value(row, 0, LAYOUT)))));
    }

    @Test
    void arithmeticPast38DigitsIsSparksError() throws IOException {
        for (Expr e : List.of(mul(field("a"), lit(2)), add(field("a"), lit(1)), mul(field("a"), field("c")))) {
            Plan plan = Plan.rowsOf(LAYOUT, null, List.of(field("id"), e));
            PlanArithmeticException thrown = assertThrows(PlanArithmeticException.class, () -> PlanRuns.inTwoSplits(plan, edges, WideDecimalRows.ENTRY));
            assertTrue(thrown.getMessage().contains(Expr.sql(e)), "names the node: " + thrown.getMessage());
            String spark = sparkError("SELECT id, " + Expr.sql(e).replaceAll("^\\((.*)\\)$", "$1") + " FROM e");
            assertTrue(spark.startsWith(thrown.errorClass()), thrown.errorClass() + " vs Spark's " + spark);
        }
        Plan negated = Plan.rowsOf(LAYOUT, null, List.of(field("id"), neg(field("a"))));
        assertEquals(RECORDS, PlanRuns.inTwoSplits(negated, edges, WideDecimalRows.ENTRY).size(),
                "-(10^38 - 1) is a decimal(38,0)");
    }

    /** The error condition Spark's query fails with (ANSI mode, Spark 4's default). */
    private static String sparkError(String sql) {
        try {
            DRIVES.spark().sql(sql).collectAsList();
        } catch (RuntimeException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof SparkThrowable s && s.getCondition() != null) {
                    return s.getCondition();
                }
            }
            throw new AssertionError("not a Spark error condition", e);
        }
        throw new AssertionError("Spark answered " + sql);
    }
}
