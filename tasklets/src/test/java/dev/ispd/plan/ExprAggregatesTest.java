package dev.ispd.plan;

import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.sub;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.ExprRecords.Item;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Aggregates of expressions by the interpreter against plain Java over the same generated
 * records with NULLs: SUM of a decimal product exact in Spark's {@code decimal(p+10,s)} (two
 * words), SUM of integers and of floats, MIN and MAX of doubles in Spark's order, of dates,
 * decimals and booleans, COUNT of a nullable string; a group of only NULLs reads as NULL (its
 * count of values 0). Partial results of two halves merge to the whole's answer.
 */
class ExprAggregatesTest {
    private static final List<Item> ITEMS = ExprRecords.generate(4_000, 7);
    private static final Expr REVENUE = mul(field("price"), sub(lit(1), field("disc")));
    private static final Plan PLAN = Plan.aggregate(ExprRecords.ITEMS, Predicate.holds(gt(field("ship"),
            lit(LocalDate.of(1995, 1, 1)))), List.of("band"), List.of(
            Aggregate.sum(REVENUE), Aggregate.sum(field("qty")), Aggregate.sum(field("ratio")),
            Aggregate.min(field("ratio")), Aggregate.max(field("ratio")), Aggregate.min(field("ship")),
            Aggregate.max(field("price")), Aggregate.count(field("mode")), Aggregate.min(field("ok")),
            Aggregate.sum(field("f")), Aggregate.countStar()));

    @Test
    void resultTypesAreSparks() {
        assertEquals(ExprType.decimal(28, 4), PLAN.aggregates().get(0).resultType(ExprRecords.ITEMS),
                "decimal(12,2) * (1 - decimal(4,2)) is decimal(18,4); its SUM decimal(28,4)");
        assertEquals(ExprType.BIGINT, PLAN.aggregates().get(1).resultType(ExprRecords.ITEMS));
        assertEquals(ExprType.DOUBLE, PLAN.aggregates().get(9).resultType(ExprRecords.ITEMS), "SUM of a float");
        assertEquals(1 + 3 + 2 + 2 + 2 + 2 + 2 + 2 + 1 + 2 + 2 + 1, PLAN.rowWords());
    }

    @Test
    void groupsAsPlainJavaComputesThem() throws IOException {
        assertRows(expected(ITEMS), ExprRecords.run(PLAN, ExprRecords.bytes(ITEMS)));
    }

    @Test
    void halvesMergeToTheWhole() throws IOException {
        List<Item> front = ITEMS.subList(0, ITEMS.size() / 2);
        List<Item> back = ITEMS.subList(ITEMS.size() / 2, ITEMS.size());
        List<long[]> parts = new ArrayList<>(ExprRecords.run(PLAN, ExprRecords.bytes(front)));
        parts.addAll(ExprRecords.run(PLAN, ExprRecords.bytes(back)));
        List<long[]> merged = new PartialAggregates(PLAN).mergeRows(parts);
        // a double's sum depends on the order of its additions: the halves' sums, added
        Map<Long, long[]> halves = new LinkedHashMap<>();
        for (long[] row : expected(front)) {
            halves.put(row[0], row);
        }
        List<long[]> expected = expected(ITEMS);
        for (long[] row : expected) {
            long[] f = halves.get(row[0]);
            long[] b = expected(back).stream().filter(r -> r[0] == row[0]).findFirst().orElse(null);
            if (f != null && b != null) {
                row[6] = Double.doubleToLongBits(Double.longBitsToDouble(f[6]) + Double.longBitsToDouble(b[6]));
                row[19] = Double.doubleToLongBits(Double.longBitsToDouble(f[19]) + Double.longBitsToDouble(b[19]));
            }
        }
        assertRows(expected, merged);
    }

    @Test
    void aGroupOfOnlyNullsIsNull() throws IOException {
        Item nulls = new Item(null, null, new BigDecimal("0.05"), null, LocalDate.of(1996, 1, 1), null, null, 1, 0f, 3);
        long[] row = ExprRecords.run(PLAN, ExprRecords.bytes(List.of(nulls))).get(0);
        assertEquals(0, row[3], "SUM(price * ...) took no values: NULL");
        assertEquals(0, row[5], "SUM(qty): NULL");
        assertEquals(0, row[9], "MIN(ratio): NULL");
        assertEquals(0, row[16], "COUNT(mode)");
        assertEquals(1, row[21], "COUNT(*)");
    }

    @Test
    void aSumOfANullableFieldIsTheSumOfItsExpressionSoAGroupOfNullsIsNull() throws IOException {
        Plan plain = Plan.aggregate(ExprRecords.ITEMS, null, List.of(), List.of(Aggregate.sum("qty")));
        assertEquals(Aggregate.sum(field("qty")), plain.aggregates().get(0));
        Item nulls = new Item(null, null, new BigDecimal("0.05"), null, LocalDate.of(1996, 1, 1), null, null, 1, 0f, 3);
        long[] row = ExprRecords.run(plain, ExprRecords.bytes(List.of(nulls))).get(0);
        assertEquals(0, row[1], "SUM(qty) took no values: NULL");
        assertEquals(null, plain.aggregates().get(0).value(row, 0, ExprRecords.ITEMS));
    }

    @Test
    void aDecimalSumPastItsPrecisionIsAnErrorAndSoIsABigintSumsOverflow() {
        Expr wide = Expr.cast(field("price"), ExprType.decimal(18, 2));
        Item big = new Item(1, new BigDecimal("9999999999.99"), new BigDecimal("0.01"), 1.0, LocalDate.of(1996, 1, 1),
                "A", true, Long.MAX_VALUE, 0f, 0);
        Plan sums = Plan.aggregate(ExprRecords.ITEMS, null, List.of(), List.of(Aggregate.sum(field("big"))));
        PlanArithmeticException e = assertThrows(PlanArithmeticException.class,
                () -> ExprRecords.run(sums, ExprRecords.bytes(List.of(big, big))));
        assertEquals("ARITHMETIC_OVERFLOW", e.errorClass());
        assertTrue(e.getMessage().contains("SUM(big)"), e.getMessage());
        // decimal(18,2) sums in decimal(28,2): 10^26 - 1 at most, 10^8 values of 10^10 would pass it; exact short of that
        Plan exact = Plan.aggregate(ExprRecords.ITEMS, null, List.of(), List.of(Aggregate.sum(wide)));
        long[] row = assertDoesNotThrow(exact, List.of(big, big, big));
        assertEquals(new BigDecimal("29999999999.97"), decimal(row[0], row[1], 2));
    }

    private static long[] assertDoesNotThrow(Plan plan, List<Item> items) {
        try {
            return ExprRecords.run(plan, ExprRecords.bytes(items)).get(0);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The plan's rows by plain Java: per group of band in order of appearance, the aggregates' words. */
    private static List<long[]> expected(List<Item> items) {
        Map<Integer, List<Item>> groups = new LinkedHashMap<>();
        for (Item i : items) {
            if (i.ship().isAfter(LocalDate.of(1995, 1, 1))) {
                groups.computeIfAbsent(i.band(), k -> new ArrayList<>()).add(i);
            }
        }
        List<long[]> rows = new ArrayList<>();
        groups.forEach((band, g) -> {
            List<Long> w = new ArrayList<>();
            w.add((long) band);
            List<BigDecimal> revenue = g.stream().filter(i -> i.price() != null)
                    .map(i -> i.price().multiply(BigDecimal.ONE.subtract(i.disc()))).toList();
            BigInteger sum = revenue.stream().reduce(BigDecimal.ZERO, BigDecimal::add).setScale(4).unscaledValue();
            w.add(sum.longValue());
            w.add(sum.shiftRight(64).longValue());
            w.add((long) revenue.size());
            List<Integer> qty = g.stream().map(Item::qty).filter(Objects::nonNull).toList();
            w.add(qty.stream().mapToLong(Integer::longValue).sum());
            w.add((long) qty.size());
            List<Double> ratio = g.stream().map(Item::ratio).filter(Objects::nonNull).toList();
            double ratioSum = 0;
            for (double r : ratio) {
                ratioSum += r;
            }
            w.add(ratio.isEmpty() ? 0 : Double.doubleToLongBits(ratioSum));
            w.add((long) ratio.size());
            w.add(ratio.isEmpty() ? 0 : Double.doubleToLongBits(ratio.stream().min(ExprAggregatesTest::spark).get()));
            w.add((long) ratio.size());
            w.add(ratio.isEmpty() ? 0 : Double.doubleToLongBits(ratio.stream().max(ExprAggregatesTest::spark).get()));
            w.add((long) ratio.size());
            w.add(g.stream().mapToLong(i -> i.ship().toEpochDay()).min().getAsLong());
            w.add((long) g.size());
            List<BigDecimal> price = g.stream().map(Item::price).filter(Objects::nonNull).toList();
            w.add(price.isEmpty() ? 0 : price.stream().max(BigDecimal::compareTo).get().unscaledValue().longValueExact());
            w.add((long) price.size());
            w.add(g.stream().filter(i -> i.mode() != null).count());
            List<Boolean> ok = g.stream().map(Item::ok).filter(Objects::nonNull).toList();
            w.add(ok.isEmpty() ? 0 : ok.contains(false) ? 0L : 1L);
            w.add((long) ok.size());
            double fSum = 0;
            for (Item i : g) {
                fSum += i.f();
            }
            w.add(Double.doubleToLongBits(fSum));
            w.add((long) g.size());
            w.add((long) g.size());
            rows.add(w.stream().mapToLong(Long::longValue).toArray());
        });
        return rows;
    }

    private static int spark(double a, double b) {
        return a == b ? 0 : Double.compare(a, b);
    }

    private static BigDecimal decimal(long low, long high, int scale) {
        return new BigDecimal(BigInteger.valueOf(high).shiftLeft(64).or(BigInteger.valueOf(low)
                .and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE))), scale);
    }

    private static void assertRows(List<long[]> expected, List<long[]> actual) {
        assertEquals(expected.size(), actual.size(), "groups");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), "group " + i + ": " + Arrays.toString(actual.get(i)));
        }
    }
}
