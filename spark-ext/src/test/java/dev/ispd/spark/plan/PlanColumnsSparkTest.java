package dev.ispd.spark.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PartialAggregates;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.TypedRows;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 20.2, exact against Spark: the plan-level GROUP BY of strings and expressions (NULL its
 * own group), AVG (Spark's result types and rounding) and computed row columns, run by the plan
 * interpreter over {@link TypedRows}' records in two splits whose partials are merged, give the
 * values Spark SQL gives over the same rows. This is the answer the Spark connector must give
 * once it pushes these (its converters are another change).
 */
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
}
