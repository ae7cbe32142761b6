package dev.ispd.examples.sql;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.between;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.isNull;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SQL into plans: every construct a plan expresses, and a one-line refusal naming each that it does not. */
class SqlTranslatorTest {
    private static final Layout WC = Layout.worldCup98(64);
    /** A signed little-endian field and an unsigned 64-bit one. */
    private static final Layout SENSOR = LayoutDdl.parse("sensor", "temp i16 le @0, total u64 @2, flags u8 @10", 0, "test");
    /** A nullable field (0xFFFFFFFF is NULL), which IS NULL needs, declared as text. */
    private static final Layout NULLABLE = LayoutDdl.parse("n", "v u32 @0 nullable = 4294967295", 0, "test");

    @Test
    void groupByAggregatesInAnyOrderOfTheSelectList() {
        SqlPlan sql = SqlTranslator.translate("SELECT count(*), Region, sum(size) AS bytes, max(size), count(clientid) "
                + "FROM t WHERE status = 200 GROUP BY region", WC);
        assertEquals(Plan.aggregate(WC, compare("status", CompareOp.EQ, 200), List.of("region"), List.of(
                Aggregate.countStar(), Aggregate.sum("size"), Aggregate.max("size"), Aggregate.count("clientID"))),
                sql.plan());
        assertEquals(List.of("count(*)", "Region", "bytes", "max(size)", "count(clientid)"), sql.headers());
        assertArrayEquals(new int[] {1, 0, 2, 3, 4}, sql.columns(), "plan columns: region, then the aggregates");
        assertEquals("7", sql.cell(new long[] {3, 7, 10, 5, 7}, 0));
    }

    @Test
    void aggregatesWithoutGroupByAnswerOneRowEvenOverNothing() {
        SqlPlan sql = SqlTranslator.translate("SELECT min(temp), count(*), max(total) FROM s", SENSOR);
        assertEquals(Plan.aggregate(SENSOR, Predicate.all(), List.of(),
                List.of(Aggregate.min("temp"), Aggregate.countStar(), Aggregate.max("total"))), sql.plan());
        assertTrue(sql.oneRow());
        assertEquals(List.of("NULL", "0", "NULL"), sql.noMatchRow());
        assertEquals("18446744073709551615", sql.cell(new long[] {-5, 1, -1}, 2), "MAX of an unsigned 64-bit field");
        assertEquals("-5", sql.cell(new long[] {-5, 1, -1}, 0));
    }

    @Test
    void whereTakesEveryComparisonInAndBetweenIsNullAndTheConnectives() {
        assertEquals(and(or(compare("type", CompareOp.NE, 3), compare("size", CompareOp.GT, 5)),
                        not(in("region", 1, 2)), between("objectID", 10, 20)),
                where("(type <> 3 OR 5 < size) AND region NOT IN (1, 2) AND objectid BETWEEN 10 AND 20", WC));
        assertEquals(and(compare("size", CompareOp.LE, 9), compare("size", CompareOp.GE, 1)),
                where("size <= 9 AND 1 <= size", WC));
        assertEquals(not(between("temp", -40, -1)), where("temp NOT BETWEEN -40 AND -1", SENSOR));
        assertEquals(compare("total", CompareOp.GT, -2), where("total > 18446744073709551614", SENSOR),
                "an unsigned 64-bit literal above 2^63 is its 64 bits");
        assertEquals(not(compare("type", CompareOp.LT, 2)), where("NOT type < 2", WC));
        assertEquals(compare("type", CompareOp.NE, 2), where("type != 2", WC));
        assertEquals(not(isNull("v")), where("v IS NOT NULL", NULLABLE));
    }

    /** Typed fields: a nullable decimal (null bit), a plain decimal, a date, a timestamp, a double, a bool, a string. */
    private static final Layout ORDERS = LayoutDdl.parse("orders", "id i32 le @0, price decimal(12,2) le @4 nullable @40.0, "
            + "qty decimal(9,2) le @12, ship date le @16, at timestamp le @20, ratio f64 le @28, ok bool @36, "
            + "mode char(3) zero @37", 41, "test");

    @Test
    void typedColumnsCompareWithLiteralsOfTheirTypeAndPrintAsTheirTypeShowsThem() {
        SqlPlan sql = SqlTranslator.translate("SELECT id, qty, ship, at, ok FROM t WHERE price >= 10.5 AND qty < -1.25 "
                + "AND ship BETWEEN DATE '2024-01-01' AND '2024-12-31' AND at > TIMESTAMP '2024-02-29 10:00:00.5' "
                + "AND ok = TRUE AND NOT ratio < 0.5e0 AND mode = 'AIR' AND 'B''C' > mode AND price IS NOT NULL", ORDERS);
        Field ratio = ORDERS.field("ratio", "test");
        assertEquals(Plan.rows(ORDERS, and(compare("price", CompareOp.GE, 1050), compare("qty", CompareOp.LT, -125),
                between("ship", LocalDate.of(2024, 1, 1).toEpochDay(), LocalDate.of(2024, 12, 31).toEpochDay()),
                compare("at", CompareOp.GT, Instant.parse("2024-02-29T10:00:00.5Z").toEpochMilli() * 1000),
                compare("ok", CompareOp.EQ, 1), not(compare("ratio", CompareOp.LT, ratio.floatLiteral(0.5))),
                compare("mode", CompareOp.EQ, "AIR"), compare("mode", CompareOp.LT, "B'C"), not(isNull("price"))),
                List.of("id", "qty", "ship", "at", "ok")), sql.plan());
        long[] row = {7, -1999, LocalDate.of(2024, 2, 29).toEpochDay(), 1_700_000_000_000_000L, 1};
        assertEquals(List.of("7", "-19.99", "2024-02-29", "2023-11-14T22:13:20Z", "true"),
                List.of(sql.cell(row, 0), sql.cell(row, 1), sql.cell(row, 2), sql.cell(row, 3), sql.cell(row, 4)));

        SqlPlan extremes = SqlTranslator.translate("SELECT min(ship), max(qty), count(qty) FROM t", ORDERS);
        assertEquals(List.of("2024-03-01", "0.05", "3"), List.of(extremes.cell(new long[] {19_783, 5, 3}, 0),
                extremes.cell(new long[] {19_783, 5, 3}, 1), extremes.cell(new long[] {19_783, 5, 3}, 2)));
        assertEquals("NULL", SqlTranslator.translate("SELECT v FROM t", NULLABLE).cell(new long[] {0xFFFF_FFFFL}, 0),
                "a null value prints as NULL");
    }

    @Test
    void expressionsBecomeTypedPlansAndTheirAggregatesPrintByType() {
        Expr revenue = Expr.mul(Expr.field("price"), Expr.sub(Expr.lit(1), Expr.field("qty")));
        SqlPlan q = SqlTranslator.translate("SELECT ok, sum(price * (1 - qty)), sum(qty), max(ratio * 2), count(*) FROM t "
                + "WHERE price * (1 - qty) > 100.5 AND (mode LIKE 'A_%' OR year(ship) IN (2023, 2024)) "
                + "AND CASE WHEN id > 0 THEN ratio ELSE 0 END < 1.5e3 GROUP BY ok", ORDERS);
        Expr where = Expr.and(Expr.and(Expr.gt(revenue, Expr.lit(new BigDecimal("100.5"))),
                Expr.or(Expr.like(Expr.field("mode"), "A_%"), Expr.in(Expr.extract(Expr.DatePart.YEAR, Expr.field("ship")),
                        Expr.lit(2023), Expr.lit(2024)))), Expr.lt(Expr.caseWhen(List.of(Expr.when(Expr.gt(Expr.field("id"),
                        Expr.lit(0)), Expr.field("ratio"))), Expr.lit(0)), Expr.lit(1.5e3)));
        assertEquals(Plan.aggregate(ORDERS, Predicate.holds(where), List.of("ok"), List.of(Aggregate.sum(revenue),
                Aggregate.sum(Expr.field("qty")), Aggregate.max(Expr.mul(Expr.field("ratio"), Expr.lit(2))),
                Aggregate.countStar())), q.plan());
        // ok; SUM(decimal(12,2) * decimal(10,2)) is decimal(33,4): two words and a count; SUM(qty) decimal(19,2): 2 + 1
        long[] row = {1, 123_456_789, 0, 3, 1_050, 0, 3, Double.doubleToLongBits(-2.5), 2, 3};
        assertEquals(List.of("true", "12345.6789", "10.50", "-2.5", "3"), List.of(q.cell(row, 0), q.cell(row, 1),
                q.cell(row, 2), q.cell(row, 3), q.cell(row, 4)));
        long[] none = {0, 0, 0, 0, 0, 0, 0, 0, 0, 7};
        assertEquals("NULL", q.cell(none, 1), "a SUM of no values");
        assertEquals(Plan.rows(ORDERS, Predicate.holds(Expr.in(Expr.field("mode"), Expr.lit("A"), Expr.lit("B"))),
                List.of("id")), SqlTranslator.translate("SELECT id FROM t WHERE mode IN ('A', 'B')", ORDERS).plan(),
                "a string IN");
        assertEquals(Plan.rows(WC, Predicate.holds(Expr.eq(Expr.field("type"), Expr.field("size"))), List.of("type")),
                SqlTranslator.translate("SELECT type FROM t WHERE type = size", WC).plan(), "two columns compared");
        assertEquals(Plan.rows(WC, compare("type", CompareOp.EQ, 1), List.of("type")),
                SqlTranslator.translate("SELECT type FROM t WHERE type = 1", WC).plan(), "integer leaves as before");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT id FROM t WHERE ship = DATE '2024-02-30'  | the value '2024-02-30' for ship is not a date",
        "SELECT id FROM t WHERE ship = 5                  | the value '5' for the date column ship (DATE '...') is not supported",
        "SELECT id FROM t WHERE ok = 1                    | the value '1' for the bool column ok (TRUE or FALSE)",
        "SELECT id FROM t WHERE mode = 1                  | the value '1' for the string column mode",
        "SELECT id FROM t WHERE qty = 'x'                 | the value ''x'' for the decimal(9,2) column qty (a number)",
    })
    void typedLiteralsThatDoNotFitAreRefusedNamingTheColumn(String sql, String expected) {
        String refusal = refusal(sql, ORDERS);
        assertTrue(refusal.contains(expected), refusal);
    }

    @Test
    void rowsAreProjectedLimitedOrTopN() {
        assertEquals(Plan.rows(WC, Predicate.all(), WC.fields().stream().map(Field::name).toList()),
                SqlTranslator.translate("SELECT * FROM t", WC).plan());
        assertEquals(Plan.rows(WC, compare("type", CompareOp.EQ, 1), List.of("clientID", "size")).limit(10),
                SqlTranslator.translate("SELECT clientID, size FROM t WHERE type = 1 LIMIT 10", WC).plan());
        SqlPlan top = SqlTranslator.translate("SELECT clientID FROM t ORDER BY size DESC LIMIT 3", WC);
        assertEquals(Plan.rows(WC, Predicate.all(), List.of("clientID", "size")).top(3, "size", true), top.plan(),
                "the order field travels with the rows");
        assertEquals(List.of("clientID"), top.headers(), "and is not printed");
        assertEquals(Plan.rows(WC, Predicate.all(), List.of("size")).top(3, "size", false),
                SqlTranslator.translate("SELECT size FROM t ORDER BY size LIMIT 3", WC).plan());
    }

    /** Issue 20.5: ORDER BY expressions and strings, NULLs first or last (by default as Spark: first when ascending). */
    @Test
    void aTopNOrdersByExpressionsWithTheirNullOrder() {
        SqlPlan top = SqlTranslator.translate("SELECT id FROM t ORDER BY mode DESC, price * 2 NULLS LAST, "
                + "year(ship) DESC NULLS FIRST, id LIMIT 5", ORDERS);
        Expr twice = Expr.mul(Expr.field("price"), Expr.lit(2));
        Expr year = Expr.extract(Expr.DatePart.YEAR, Expr.field("ship"));
        assertEquals(Plan.rowsOf(ORDERS, Predicate.all(), List.of(Expr.field("id"), Expr.field("mode"), twice, year))
                .top(5, List.of(new Plan.SortKey(Expr.field("mode"), true, false), new Plan.SortKey(twice, false, false),
                        new Plan.SortKey(year, true, true), new Plan.SortKey(Expr.field("id"), false, true))), top.plan(),
                "the order keys travel with the rows");
        assertEquals(List.of("id"), top.headers(), "and are not printed");
    }

    /** Issue 20.2: expressions and strings selected and grouped by, AVG, printed as their types. */
    @Test
    void expressionsStringsAndAvgAreSelectedAndGroupedBy() {
        SqlPlan avg = SqlTranslator.translate("SELECT type, avg(size) FROM t GROUP BY type", WC);
        assertEquals(Plan.aggregate(WC, Predicate.all(), List.of("type"), List.of(Aggregate.avg("size"))), avg.plan());
        assertEquals("2.5", avg.cell(new long[] {1, Double.doubleToLongBits(5.0), 2}, 1), "AVG of an integer: a double");
        SqlPlan next = SqlTranslator.translate("SELECT size + 1 AS next, price FROM t", ORDERS_WITH_SIZE);
        assertEquals(Plan.rowsOf(ORDERS_WITH_SIZE, Predicate.all(), List.of(Expr.add(Expr.field("size"), Expr.lit(1)),
                Expr.field("price"))), next.plan());
        assertEquals(List.of("next", "price"), next.headers());
        long[] row = {6, 1, 0, 0};
        assertEquals(List.of("6", "NULL"), List.of(next.cell(row, 0), next.cell(row, 1)), "a NULL price, by its null bit");
        SqlPlan modes = SqlTranslator.translate("SELECT year(ship), mode, avg(price) FROM t GROUP BY mode, year(ship)",
                ORDERS);
        Expr year = Expr.extract(Expr.DatePart.YEAR, Expr.field("ship"));
        assertEquals(Plan.aggregateOf(ORDERS, Predicate.all(), List.of(Expr.field("mode"), year),
                List.of(Aggregate.avg("price"))), modes.plan());
        // mode: length 2, 'A' 'B'; year 2024 present; AVG(price): the sum 5.00 (decimal(22,2): two words), 3 values
        long[] group = {2, 'A' | 'B' << 8, 2024, 1, 500, 0, 3};
        assertEquals(List.of("2024", "AB", "1.666667"), List.of(modes.cell(group, 0), modes.cell(group, 1),
                modes.cell(group, 2)));
        assertEquals("NULL", modes.cell(new long[] {-1, 0, 0, 0, 0, 0, 0}, 1), "a NULL string, its own group");
    }

    /**
     * An aggregate query's ORDER BY and LIMIT order and limit its groups on the host: keys by
     * alias, position, expression or aggregate; ties kept in the job's order; NULLs first when
     * ascending, last when descending, or as NULLS FIRST/LAST says; unsigned 64-bit values
     * unsigned; strings by their UTF-8 bytes.
     */
    @Test
    void anAggregateQuerysOrderByAndLimitOrderItsGroups() {
        SqlPlan byCount = SqlTranslator.translate("SELECT region, count(*) AS n, max(size) FROM t GROUP BY region "
                + "ORDER BY n DESC, 1 LIMIT 3", WC);
        assertEquals(Plan.aggregate(WC, Predicate.all(), List.of("region"), List.of(Aggregate.countStar(),
                Aggregate.max("size"))), byCount.plan(), "the plan is the query's without its order");
        List<long[]> groups = List.of(new long[] {5, 10, 100}, new long[] {3, 10, 50}, new long[] {7, 20, 10},
                new long[] {1, 1, 1});
        assertEquals(List.of("7", "3", "5"), firstCells(byCount, groups));
        SqlPlan asWritten = SqlTranslator.translate("SELECT region, count(*), max(size) FROM t GROUP BY region "
                + "ORDER BY max(size), region DESC", WC);
        assertEquals(List.of("1", "7", "3", "5"), firstCells(asWritten, groups));
        assertEquals(List.of("5", "3"), firstCells(SqlTranslator.translate("SELECT region, count(*) FROM t "
                + "GROUP BY region LIMIT 2", WC), groups), "LIMIT alone: the first groups of the job's output");

        List<long[]> nullable = List.of(new long[] {3, 2}, new long[] {4294967295L, 1}, new long[] {0, 5});
        assertEquals(List.of("NULL", "0", "3"), firstCells(SqlTranslator.translate("SELECT v, count(*) FROM n "
                + "GROUP BY v ORDER BY v", NULLABLE), nullable), "NULL first, ascending");
        assertEquals(List.of("3", "0", "NULL"), firstCells(SqlTranslator.translate("SELECT v, count(*) FROM n "
                + "GROUP BY v ORDER BY v DESC", NULLABLE), nullable), "NULL last, descending");
        assertEquals(List.of("0", "3", "NULL"), firstCells(SqlTranslator.translate("SELECT v, count(*) FROM n "
                + "GROUP BY v ORDER BY 1 NULLS LAST", NULLABLE), nullable));

        assertEquals(List.of("18446744073709551615", "5"), firstCells(SqlTranslator.translate("SELECT total, count(*) "
                + "FROM s GROUP BY total ORDER BY total DESC", SENSOR), List.of(new long[] {5, 1}, new long[] {-1, 1})));

        SqlPlan modes = SqlTranslator.translate("SELECT mode, count(*) FROM t GROUP BY mode ORDER BY mode", ORDERS);
        // mode: its length (-1 for NULL) and a word of its bytes; then the count
        List<long[]> strings = List.of(new long[] {1, 0xC3, 1}, new long[] {2, 'A' | 'B' << 8, 1},
                new long[] {-1, 0, 1}, new long[] {1, 'Z', 1});
        // 0xC3 alone is not UTF-8, so it prints as U+FFFD, whose UTF-8 bytes (EF BF BD) order after 'Z'
        assertEquals(List.of("NULL", "AB", "Z", "\uFFFD"), firstCells(modes, strings));
    }

    /** The first column of {@code rows}, plan result rows of {@code sql}, in the order the statement asks. */
    private static List<String> firstCells(SqlPlan sql, List<long[]> rows) {
        return sql.ordered(rows).stream().map(r -> sql.cell(r, 0)).toList();
    }

    private static final Layout ORDERS_WITH_SIZE = LayoutDdl.parse("o", "size i32 le @0, price decimal(12,2) le @4 "
            + "nullable @12.0", 13, "test");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT DISTINCT type FROM t                                   | DISTINCT is not supported",
        "SELECT type FROM t JOIN u ON t.type = u.type                  | JOIN is not supported",
        "SELECT type FROM (SELECT type FROM t) x                       | a subquery in FROM is not supported",
        "SELECT type, count(*) FROM t GROUP BY type HAVING count(*) > 1 | HAVING is not supported",
        "SELECT type FROM t UNION SELECT type FROM u                   | UNION, INTERSECT or EXCEPT is not supported",
        "WITH x AS (SELECT type FROM t) SELECT type FROM x             | WITH is not supported",
        "SELECT type FROM t LIMIT 5 OFFSET 2                           | OFFSET is not supported",
        "SELECT type FROM t WHERE type LIKE '1%'                       | the condition 'type LIKE '1%'' is not supported",
        "SELECT type FROM t WHERE abs(type) = 1                        | the comparison 'abs(type) = 1'",
        "SELECT type FROM t WHERE type = 'x'                           | the value ''x'' for type",
        "SELECT type FROM t WHERE type IN (SELECT 1)                   | IN with a subquery is not supported",
        "SELECT stddev(size) FROM t                                    | the function stddev",
        "SELECT count(DISTINCT type) FROM t                            | COUNT(DISTINCT ...) is not supported",
        "SELECT type FROM t ORDER BY size                              | ORDER BY without LIMIT",
        "SELECT type FROM t ORDER BY size, type, status, region, server LIMIT 2 | ORDER BY on more than 4 keys",
        "SELECT type, count(*) FROM t GROUP BY type ORDER BY size      | ORDER BY size names no column of the select list",
        "SELECT type, count(*) FROM t GROUP BY type ORDER BY sum(size) | ORDER BY sum(size) names no column of the select list",
        "SELECT type, count(*) FROM t GROUP BY type ORDER BY 3         | ORDER BY position 3: the select list has 2 columns",
        "SELECT size, count(*) FROM t GROUP BY type                    | size is neither in GROUP BY nor in an aggregate",
        "SELECT * FROM t GROUP BY type                                 | SELECT * with aggregates is not supported",
        "SELECT count(*) FROM t GROUP BY type, size, status, region, server | GROUP BY takes at most 4 columns",
        "SELECT nosuch FROM t                                          | unknown column 'nosuch' in the select list; layout worldcup98 has",
        "SELECT type FROM t WHERE status = 300                         | 300",
        "SELECT 1                                                      | SELECT without FROM is not supported",
        "DELETE FROM t                                                 | a query is one SELECT, got DELETE",
        "SELECT FROM WHERE                                             | does not parse",
    })
    void refusesWhatAPlanCannotExpressNamingIt(String sql, String expected) {
        String refusal = refusal(sql, WC);
        assertTrue(refusal.contains(expected), refusal);
    }

    /** The one-line message {@code sql} over {@code layout} is refused with. */
    private static String refusal(String sql, Layout layout) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SqlTranslator.translate(sql, layout));
        assertEquals(1, e.getMessage().lines().count(), "one line: " + e.getMessage());
        return e.getMessage();
    }

    private static Predicate where(String condition, Layout layout) {
        return SqlTranslator.translate("SELECT count(*) FROM t WHERE " + condition, layout).plan().where();
    }
}
