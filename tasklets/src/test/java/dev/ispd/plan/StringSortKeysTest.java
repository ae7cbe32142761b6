package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Top-N by string keys: a {@code char(6)} column with a null bit (empty strings, prefixes of one
 * another, a non-ASCII {@code né}) and a CASE of strings, ascending and descending, NULLs first
 * and last, ordered as Spark's binary string comparison orders them (unsigned UTF-8 bytes, a
 * prefix first), ties broken by a second key and then by scan order.
 */
class StringSortKeysTest {
    private static final List<ExprRecords.Item> ITEMS = ExprRecords.generate(3_000, 17);
    private static final byte[] DATA = ExprRecords.bytes(ITEMS);

    /** Spark's order of two strings: their UTF-8 bytes compared as unsigned numbers, a prefix first. */
    private static final Comparator<String> BINARY = (a, b) -> Arrays.compareUnsigned(
            a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

    @Test
    void aStringColumnOrdersByItsBytesWithNullsWhereTheKeySays() throws IOException {
        for (boolean descending : new boolean[] {false, true}) {
            for (boolean nullsFirst : new boolean[] {false, true}) {
                Plan plan = Plan.rowsOf(ExprRecords.ITEMS, null, List.of(Expr.field("big"))).top(1200, List.of(
                        new Plan.SortKey(Expr.field("mode"), descending, nullsFirst),
                        new Plan.SortKey(Expr.field("disc"), true, false)));
                Comparator<Integer> order = key(ExprRecords.Item::mode, BINARY, descending, nullsFirst)
                        .thenComparing(key(ExprRecords.Item::disc, Comparator.naturalOrder(), true, false));
                assertEquals(expected(order, 1200), bigs(plan), "descending " + descending + ", NULLs first " + nullsFirst);
            }
        }
    }

    @Test
    void aComputedStringOrdersAsItsValue() throws IOException {
        Expr label = Expr.caseWhen(List.of(Expr.when(Expr.lt(Expr.field("band"), Expr.lit(2)), Expr.lit("zz")),
                Expr.when(Expr.lt(Expr.field("band"), Expr.lit(4)), Expr.coalesce(Expr.field("mode"), Expr.lit("é")))),
                null);
        Plan plan = Plan.rowsOf(ExprRecords.ITEMS, null, List.of(Expr.field("big")))
                .top(700, List.of(new Plan.SortKey(label, true, true)));
        Function<ExprRecords.Item, String> value = it -> it.band() < 2 ? "zz" : it.band() < 4
                ? (it.mode() == null ? "é" : it.mode()) : null;
        assertEquals(expected(key(value, BINARY, true, true), 700), bigs(plan));
    }

    private static <T> Comparator<Integer> key(Function<ExprRecords.Item, T> of, Comparator<T> values,
                                               boolean descending, boolean nullsFirst) {
        Comparator<T> directed = descending ? values.reversed() : values;
        return Comparator.comparing(i -> of.apply(ITEMS.get(i)),
                nullsFirst ? Comparator.nullsFirst(directed) : Comparator.nullsLast(directed));
    }

    /** The {@code big} of the first {@code n} records by {@code order}, ties in scan order. */
    private static List<Long> expected(Comparator<Integer> order, int n) {
        return IntStream.range(0, ITEMS.size()).boxed().sorted(order.thenComparing(Comparator.naturalOrder()))
                .limit(n).map(i -> ITEMS.get(i).big()).toList();
    }

    private static List<Long> bigs(Plan plan) throws IOException {
        return ExprRecords.run(plan, DATA).stream().map(r -> r[0]).toList();
    }
}
