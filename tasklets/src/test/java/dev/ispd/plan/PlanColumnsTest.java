package dev.ispd.plan;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.caseWhen;
import static dev.ispd.plan.Expr.extract;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.sub;
import static dev.ispd.plan.Expr.when;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.ExprRecords.Item;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Computed output columns and AVG, by the interpreter against plain Java over generated records
 * with NULLs: GROUP BY a {@code char(6)} field with a null bit and an EXTRACT (NULL its own
 * group, strings without their padding), a row plan selecting expressions, strings and a field
 * with a null bit, AVG of decimals and integers (Spark's types), and the groups of computed keys
 * counted as they are made.
 */
class PlanColumnsTest {
    private static final List<Item> ITEMS = ExprRecords.generate(3_000, 11);
    private static final Layout L = ExprRecords.ITEMS;
    private static final Expr YEAR = extract(Expr.DatePart.YEAR, field("ship"));
    private static final Plan BY_MODE_AND_YEAR = Plan.aggregateOf(L, Predicate.holds(gt(field("disc"),
            lit(new BigDecimal("0.02")))), List.of(field("mode"), YEAR), List.of(Aggregate.countStar(),
            Aggregate.avg("price"), Aggregate.avg(field("qty")), Aggregate.sum(field("qty"))));

    @Test
    void groupByAStringWithNullsAndAnExpressionGroupsAsSqlDoes() throws IOException {
        assertFalse(BY_MODE_AND_YEAR.groupsBounded(), "computed keys are counted as they are made");
        assertEquals(1 + 1 + 2, BY_MODE_AND_YEAR.keyWords(), "mode: length and 6 bytes in one word; year: value, present");
        Map<List<Object>, List<Item>> groups = new LinkedHashMap<>();
        for (Item i : ITEMS) {
            if (i.disc().compareTo(new BigDecimal("0.02")) > 0) {
                groups.computeIfAbsent(Arrays.asList(i.mode(), i.ship().getYear()), k -> new ArrayList<>()).add(i);
            }
        }
        List<long[]> rows = ExprRecords.run(BY_MODE_AND_YEAR, ExprRecords.bytes(ITEMS));
        assertEquals(groups.size(), rows.size());
        assertTrue(groups.keySet().stream().anyMatch(k -> k.get(0) == null), "the data has a NULL mode");
        int g = 0;
        for (Map.Entry<List<Object>, List<Item>> e : groups.entrySet()) {
            long[] row = rows.get(g++);
            assertEquals(e.getKey().get(0), ColumnValues.value(row, 0, field("mode"), L), "mode, padding stripped");
            assertEquals(e.getKey().get(1), ((Long) ColumnValues.value(row, 2, YEAR, L)).intValue());
            List<Item> items = e.getValue();
            assertEquals((long) items.size(), row[4], "COUNT(*)");
            List<BigDecimal> prices = items.stream().map(Item::price).filter(p -> p != null).toList();
            Object avgPrice = BY_MODE_AND_YEAR.aggregates().get(1).value(row, 5, L);
            assertEquals(prices.isEmpty() ? null : prices.stream().reduce(BigDecimal.ZERO, BigDecimal::add)
                    .divide(BigDecimal.valueOf(prices.size()), 6, RoundingMode.HALF_UP), avgPrice, "AVG(price)");
            List<Integer> qty = items.stream().map(Item::qty).filter(q -> q != null).toList();
            Object avgQty = BY_MODE_AND_YEAR.aggregates().get(2).value(row, 8, L);
            assertEquals(qty.isEmpty() ? null : qty.stream().mapToDouble(q -> q).sum() / qty.size(), avgQty);
        }
    }

    @Test
    void avgTakesSparksTypesAndRounding() throws IOException {
        Aggregate avgPrice = Aggregate.avg("price");
        assertEquals(ExprType.decimal(16, 6), avgPrice.over(L).resultType(L), "AVG of decimal(12,2)");
        assertEquals(ExprType.decimal(22, 2), avgPrice.over(L).partialType(L), "its partial sum: SUM's type");
        assertEquals(ExprType.DOUBLE, Aggregate.avg("qty").over(L).resultType(L), "AVG of an int");
        PlanException strings = assertThrows(PlanException.class,
                () -> Plan.aggregate(L, null, List.of(), List.of(Aggregate.avg("mode"))));
        assertTrue(strings.getMessage().contains("AVG(mode) takes a string"), strings.getMessage());
        Plan avg = Plan.aggregate(L, null, List.of(), List.of(avgPrice, Aggregate.avg("qty")));
        long[] row = ExprRecords.run(avg, ExprRecords.bytes(List.of(item(1, "1.00"), item(2, "2.00"), item(null,
                "2.00")))).get(0);
        assertEquals(new BigDecimal("1.666667"), avg.aggregates().get(0).value(row, 0, L), "5.00 / 3, half up");
        assertEquals(1.5, avg.aggregates().get(1).value(row, 3, L), "(1 + 2) / 2: NULL skipped");
        long[] nulls = ExprRecords.run(avg, ExprRecords.bytes(List.of(item(null, null)))).get(0);
        assertNull(avg.aggregates().get(0).value(nulls, 0, L), "AVG of only NULLs is NULL");
        assertNull(avg.aggregates().get(1).value(nulls, 3, L));
        // partials of two splits merge to the whole's average
        List<long[]> parts = new ArrayList<>(ExprRecords.run(avg, ExprRecords.bytes(List.of(item(1, "1.00")))));
        parts.addAll(ExprRecords.run(avg, ExprRecords.bytes(List.of(item(2, "2.00"), item(7, "2.00")))));
        long[] merged = new PartialAggregates(avg).mergeRows(parts).get(0);
        assertEquals(new BigDecimal("1.666667"), avg.aggregates().get(0).value(merged, 0, L));
        assertEquals(10 / 3.0, avg.aggregates().get(1).value(merged, 3, L));
    }

    @Test
    void aRowPlanSelectsExpressionsStringsAndNullableFields() throws IOException {
        Expr revenue = mul(field("price"), sub(lit(1), field("disc")));
        Expr sign = caseWhen(List.of(when(gt(field("qty"), lit(0)), lit(1))), lit(-1));
        List<Expr> select = List.of(field("band"), revenue, field("mode"), add(field("qty"), lit(1)), sign, field("ok"),
                field("ratio"));
        Plan plan = Plan.rowsOf(L, null, select);
        assertEquals(1 + 2 + 2 + 2 + 2 + 2 + 2, plan.rowWords());
        assertEquals(List.of("band", "(price * (1 - disc))", "mode", "(qty + 1)",
                "CASE WHEN (qty > 0) THEN 1 ELSE -1 END", "ok", "ratio"), plan.columnNames());
        List<long[]> rows = ExprRecords.run(plan, ExprRecords.bytes(ITEMS));
        assertEquals(ITEMS.size(), rows.size());
        for (int r = 0; r < ITEMS.size(); r++) {
            Item i = ITEMS.get(r);
            long[] row = rows.get(r);
            assertEquals(i.band(), row[0], "a field column: its word");
            assertEquals(i.price() == null ? null : i.price().multiply(BigDecimal.ONE.subtract(i.disc())),
                    ColumnValues.value(row, plan.selectWord(1), revenue, L));
            assertEquals(i.mode(), ColumnValues.value(row, plan.selectWord(2), field("mode"), L));
            assertEquals(i.qty() == null ? null : (long) i.qty() + 1, ColumnValues.value(row, plan.selectWord(3),
                    select.get(3), L));
            assertEquals(i.qty() == null ? -1L : i.qty() > 0 ? 1L : -1L, ColumnValues.value(row, plan.selectWord(4), sign, L),
                    "a NULL condition is not true");
            assertEquals(i.ok(), ColumnValues.value(row, plan.selectWord(5), field("ok"), L));
            Object ratio = ColumnValues.value(row, plan.selectWord(6), field("ratio"), L);
            assertEquals(i.ratio() == null ? null : Double.doubleToLongBits(i.ratio()),
                    ratio == null ? null : Double.doubleToLongBits((Double) ratio), "-0.0 stays -0.0 when selected");
        }
        Plan top = Plan.rowsOf(L, null, select).top(5, "big", true);
        List<long[]> best = ExprRecords.run(top, ExprRecords.bytes(ITEMS));
        List<Item> sorted = ITEMS.stream().sorted((a, b) -> Long.compare(b.big(), a.big())).limit(5).toList();
        for (int r = 0; r < 5; r++) {
            assertEquals(sorted.get(r).mode(), ColumnValues.value(best.get(r), top.selectWord(2), field("mode"), L));
        }
    }

    @Test
    void floatKeysGroupMinusZeroWithZeroAndEveryNan() throws IOException {
        Plan plan = Plan.aggregateOf(L, null, List.of(field("ratio")), List.of(Aggregate.countStar()));
        List<long[]> rows = ExprRecords.run(plan, ExprRecords.bytes(ITEMS));
        Map<Object, Long> expected = new LinkedHashMap<>();
        for (Item i : ITEMS) {
            Double key = i.ratio() == null ? null : i.ratio() == 0.0 ? 0.0 : i.ratio();
            expected.merge(key == null ? "NULL" : key, 1L, Long::sum);
        }
        Map<Object, Long> actual = new LinkedHashMap<>();
        for (long[] row : rows) {
            Object key = ColumnValues.value(row, 0, field("ratio"), L);
            actual.put(key == null ? "NULL" : key, row[2]);
        }
        assertEquals(expected, actual);
    }


    private static Item item(Integer qty, String price) {
        return new Item(qty, price == null ? null : new BigDecimal(price), new BigDecimal("0.05"), 1.0,
                LocalDate.of(1996, 1, 1), "A", true, 1, 0f, 0);
    }
}
