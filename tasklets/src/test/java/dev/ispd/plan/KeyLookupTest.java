package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.ExprRecords.Item;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * A key lookup ({@link Expr.KeyLookup}) in its three set forms: TRUE, NULL or FALSE by the sets,
 * NULL for a NULL key, in a WHERE and inside an aggregate over generated records with NULLs,
 * the same answers as plain Java and as the equivalent IN lists; each form where it is the
 * smallest; encoded and decoded back; a malformed encoding refused naming its byte.
 */
class KeyLookupTest {
    private static final List<Item> ITEMS = ExprRecords.generate(3_000, 24);
    private static final byte[] DATA = ExprRecords.bytes(ITEMS);
    /** Every other qty from -50 to -10: a bitmap. */
    private static final long[] EVEN_NEGATIVE = LongStream.rangeClosed(-25, -5).map(i -> 2 * i).toArray();

    @Test
    void eachFormWhereItIsSmallest() {
        assertEquals("range of 200000 keys in [1, 200000]", KeySet.of(LongStream.rangeClosed(1, 200_000).toArray())
                .toString());
        KeySet bitmap = KeySet.of(EVEN_NEGATIVE);
        assertEquals("bitmap of 21 keys in [-50, -10]", bitmap.toString());
        assertEquals(13 + 8, bitmap.encodedBytes());
        KeySet list = KeySet.of(new long[] {4900, 7, 310, 7});
        assertEquals("list of 3 keys in [7, 4900]", list.toString());
        assertEquals(5 + 3 * 8, list.encodedBytes());
        for (long k = 0; k < 5000; k++) { // tested by bits made from the list
            assertEquals(k == 7 || k == 310 || k == 4900, list.contains(k), Long.toString(k));
        }
        KeySet extremes = KeySet.of(new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 0});
        assertEquals("list of 3 keys in [" + Long.MIN_VALUE + ", " + Long.MAX_VALUE + "]", extremes.toString());
        for (long k : new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}) {
            assertTrue(extremes.contains(k), Long.toString(k));
        }
        assertFalse(extremes.contains(1));
        for (long k = -60; k <= 0; k++) {
            assertEquals(k >= -50 && k <= -10 && k % 2 == 0, bitmap.contains(k), Long.toString(k));
        }
        assertFalse(bitmap.contains(Long.MIN_VALUE));
        assertFalse(bitmap.contains(Long.MAX_VALUE));
        assertFalse(KeySet.EMPTY.contains(0));
    }

    /** A batch's rows marked where their key is in the set, as {@code contains} answers, for every form; unselected rows untouched. */
    @Test
    void eachFormMarksABatchAsItsContainsAnswers() {
        long[] keys = LongStream.rangeClosed(-60, 60).toArray();
        keys[0] = Long.MIN_VALUE;
        keys[1] = Long.MAX_VALUE;
        int[] sel = java.util.stream.IntStream.range(0, keys.length).filter(r -> r % 3 != 1).toArray();
        for (KeySet set : List.of(KeySet.of(LongStream.rangeClosed(-5, 5).toArray()), KeySet.of(EVEN_NEGATIVE),
                KeySet.of(new long[] {-7, 3, 58}), KeySet.of(new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}),
                KeySet.EMPTY)) {
            byte[] marks = new byte[keys.length];
            Arrays.fill(marks, (byte) 5);
            set.mark(keys, sel, sel.length, marks, (byte) 9);
            for (int r = 0; r < keys.length; r++) {
                byte expected = r % 3 == 1 || !set.contains(keys[r]) ? (byte) 5 : (byte) 9;
                assertEquals(expected, marks[r], set + ", key " + keys[r]);
            }
        }
    }

    @Test
    void aWhereAnswersAsPlainJavaAndAsInLists() throws IOException {
        KeySet isTrue = KeySet.of(concat(EVEN_NEGATIVE, new long[] {7, 31, 49}));
        KeySet isNull = KeySet.of(new long[] {3, 4});
        Expr lookup = Expr.keyLookup(Expr.field("qty"), isTrue, isNull, "qty's test of t by k");
        List<Long> trues = selected(Predicate.holds(lookup));
        List<Long> falses = selected(Predicate.not(Predicate.holds(lookup)));
        assertEquals(ITEMS.stream().filter(i -> Boolean.TRUE.equals(java(i, isTrue, isNull))).map(Item::big).toList(),
                trues);
        assertEquals(ITEMS.stream().filter(i -> Boolean.FALSE.equals(java(i, isTrue, isNull))).map(Item::big).toList(),
                falses);
        assertTrue(trues.size() > 100 && falses.size() > 100, trues.size() + " TRUE, " + falses.size() + " FALSE");
        Expr inTrue = Expr.in(Expr.field("qty"), Arrays.stream(concat(EVEN_NEGATIVE, new long[] {7, 31, 49}))
                .mapToObj(Expr::lit).toArray(Expr[]::new));
        assertEquals(selected(Predicate.holds(inTrue)), trues);
    }

    @Test
    void anAggregateOfALookupSumsAsTheInListDoes() throws IOException {
        KeySet isTrue = KeySet.of(LongStream.rangeClosed(-20, 20).toArray());
        Expr lookup = Expr.keyLookup(Expr.field("qty"), isTrue, KeySet.EMPTY, "qty in -20..20");
        Expr in = Expr.between(Expr.field("qty"), Expr.lit(-20), Expr.lit(20));
        assertArrayEquals(sums(in), sums(lookup));
        assertEquals(ITEMS.stream().filter(i -> i.qty() != null && Math.abs(i.qty()) <= 20).mapToLong(Item::qty).sum(),
                sums(lookup)[0]);
    }

    @Test
    void everyFormEncodesAndDecodesBack() {
        Expr lookup = Expr.and(Expr.keyLookup(Expr.field("qty"), KeySet.of(EVEN_NEGATIVE), KeySet.of(new long[] {3, 4}),
                "a bitmap and a range"), Expr.keyLookup(Expr.field("big"), KeySet.of(new long[] {Long.MIN_VALUE, 5}),
                KeySet.EMPTY, "a list"));
        Plan plan = Plan.rows(ExprRecords.ITEMS, Predicate.holds(lookup), List.of("big"));
        assertEquals(plan, PlanCodec.decode(PlanCodec.encode(plan)));
        assertTrue(Expr.sql(lookup).contains("lookup(qty, a bitmap and a range, bitmap of 21 keys in [-50, -10])"),
                Expr.sql(lookup));
    }

    @Test
    void aMalformedSetIsRefusedNamingItsByte() {
        Plan plan = Plan.rows(ExprRecords.ITEMS, Predicate.holds(Expr.keyLookup(Expr.field("qty"),
                KeySet.of(new long[] {7, 31}), KeySet.EMPTY, "L")), List.of("big"));
        byte[] bytes = PlanCodec.encode(plan);
        int form = indexOf(bytes, new byte[] {18, 1, 0, 'L'}) + 4; // tag, the label's length and byte
        assertRefused(with(bytes, form, 3), "unknown key set form 3");
        byte[] unsorted = bytes.clone();
        unsorted[form + 5] = 40; // the list's first key, 7, now 40: after it comes 31
        assertRefused(unsorted, "not ascending: 31 after 40");
        assertRefused(with(bytes, form + 4, 0x7f), "keys of a key list are more than");
        byte[] range = bytes.clone();
        range[form] = 2; // a range from 2 (the count's bytes, then 7's) to 31
        assertRefused(range, "holds more than");
        assertThrows(PlanException.class, () -> Expr.keyLookup(Expr.field("qty"), KeySet.of(new long[] {1, 2}),
                KeySet.of(new long[] {2}), "both"));
        assertThrows(PlanException.class, () -> ExprRecords.run(Plan.rows(ExprRecords.ITEMS, Predicate.holds(
                Expr.keyLookup(Expr.field("ratio"), KeySet.of(new long[] {1}), KeySet.EMPTY, "f")), List.of("big")),
                DATA));
    }

    private static void assertRefused(byte[] bytes, String message) {
        PlanException e = assertThrows(PlanException.class, () -> PlanCodec.decode(bytes));
        assertTrue(e.getMessage().contains(message) && e.getMessage().contains("byte "), e.getMessage());
    }

    private static Boolean java(Item i, KeySet isTrue, KeySet isNull) {
        if (i.qty() == null || isNull.contains(i.qty())) {
            return null;
        }
        return isTrue.contains(i.qty());
    }

    private static List<Long> selected(Predicate where) throws IOException {
        return ExprRecords.run(Plan.rows(ExprRecords.ITEMS, where, List.of("big")), DATA).stream().map(r -> r[0]).toList();
    }

    private static long[] sums(Expr condition) throws IOException {
        Plan plan = Plan.aggregateOf(ExprRecords.ITEMS, null, List.of(), List.of(Aggregate.sum(Expr.caseWhen(
                List.of(Expr.when(condition, Expr.field("qty"))), Expr.lit(0L))), Aggregate.countStar()));
        return ExprRecords.run(plan, DATA).get(0);
    }

    private static long[] concat(long[] a, long[] b) {
        return LongStream.concat(Arrays.stream(a), Arrays.stream(b)).toArray();
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    private static byte[] with(byte[] bytes, int at, int value) {
        byte[] copy = bytes.clone();
        copy[at] = (byte) value;
        return copy;
    }
}
