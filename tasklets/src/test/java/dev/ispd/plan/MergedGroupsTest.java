package dev.ispd.plan;

import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.mul;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The groups of partial results merged in place ({@link MergedGroups}) are the groups a map from
 * each group's key words to its row merges (the reference, as the merge before it was), word for
 * word and in the order the groups first appeared: every aggregate (COUNT(*), COUNT, SUM, MIN,
 * MAX, AVG) over ints, bigints, unsigned bytes, 8- and 16-byte decimals, doubles with NaN, -0.0
 * and infinities, floats, bools and dates, of fields and of expressions, NULLs among them, grouped by strings (NULL, empty, multi-byte) and nullable ints and
 * bools; from encoded results read in place and from decoded rows; with tables that flushed (a
 * group in several rows of one result) and with more groups than the table starts with.
 */
class MergedGroupsTest {
    private static final List<Aggregate> EVERY = List.of(Aggregate.countStar(), Aggregate.count(field("price")),
            Aggregate.sum(field("qty")), Aggregate.sum(field("price")), Aggregate.sum(mul(field("price"), field("disc"))),
            Aggregate.avg(field("price")), Aggregate.sum(field("ratio")), Aggregate.min(field("ratio")),
            Aggregate.max(field("ratio")), Aggregate.avg(field("ratio")), Aggregate.min(field("qty")),
            Aggregate.max("big"), Aggregate.min("disc"), Aggregate.sum("band"), Aggregate.max(field("ship")),
            Aggregate.sum(field("f")), Aggregate.min(field("ok")), Aggregate.count(field("mode")));
    private static final List<ExprRecords.Item> ITEMS = ExprRecords.generate(6_000, 24);
    private static final PlanLimits SMALL = new PlanLimits(40, 1 << 20, 16);

    @Test
    void stringAndNullableKeysMergeAsAMapOfTheirKeys() throws IOException {
        assertMergesAsAMap(Plan.aggregate(ExprRecords.ITEMS, null, List.of("mode", "ok"), EVERY), PlanLimits.HOST);
    }

    @Test
    void manyGroupsFromFlushedTablesMergeAsAMapOfTheirKeys() throws IOException {
        Plan plan = Plan.aggregate(ExprRecords.ITEMS, null, List.of("qty", "band", "mode"), EVERY);
        List<long[]> merged = assertMergesAsAMap(plan, SMALL);
        assertTrue(merged.size() > 20 * 64, merged.size() + " groups: the table grew many times");
    }

    @Test
    void withoutGroupByEveryPartMergesIntoOneRow() throws IOException {
        List<long[]> merged = assertMergesAsAMap(Plan.aggregate(ExprRecords.ITEMS, null, List.of(), EVERY),
                PlanLimits.HOST);
        assertEquals(1, merged.size());
    }

    @Test
    void aShortStringKeyReadWhereALongerOneWasMergedIsItself() throws IOException {
        Plan plan = Plan.aggregate(ExprRecords.ITEMS, null, List.of("mode"), List.of(Aggregate.countStar()));
        MergedGroups groups = new PartialAggregates(plan).groups();
        groups.addResult(result(plan, List.of(item("TRUCK"))));
        groups.addResult(result(plan, List.of(item("TRUCK"), item("A"), item(null), item(""), item("né"))));
        List<String> keys = new ArrayList<>();
        for (long[] row : groups.result().rows()) {
            keys.add(string(row) + " x" + row[row.length - 1]);
        }
        assertEquals(List.of("TRUCK x2", "A x1", "NULL x1", " x1", "né x1"), keys);
    }

    @Test
    void resultsOfAnotherShapeAreRefusedNamingBoth() throws IOException {
        Plan counts = Plan.aggregate(ExprRecords.ITEMS, null, List.of("band"), List.of(Aggregate.countStar()));
        Plan sums = Plan.aggregate(ExprRecords.ITEMS, null, List.of("band"), List.of(Aggregate.sum(field("price"))));
        MergedGroups groups = new PartialAggregates(counts).groups();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> groups.addResult(result(sums, ITEMS.subList(0, 10))));
        assertTrue(e.getMessage().contains("a plan result of rows of " + sums.rowWords() + " words, the plan returns 1 words "
                + "of group columns and 1 words of aggregates"), e.getMessage());
        groups.addResult(result(counts, List.of())); // no rows: nothing to refuse
        assertEquals(0, groups.result().size());
    }

    @Test
    void decodedEndToEndTheResultsAreTheirRowsInOrder() throws IOException {
        Plan plan = Plan.aggregate(ExprRecords.ITEMS, null, List.of("mode", "ok"), EVERY);
        List<byte[]> results = parts(plan, PlanLimits.HOST);
        List<long[]> rows = new ArrayList<>();
        results.forEach(r -> rows.addAll(PlanResult.decode(r).rows()));
        assertEquals(text(rows), text(PlanResult.decodeAll(results, plan.rowWords()).rows()));
    }

    /**
     * Merges {@code plan}'s results over five parts of {@link #ITEMS} (each within {@code limits})
     * from their bytes and from their decoded rows, and asserts both equal the reference map's merge
     * and hold the groups of the plan's answer over the whole, in its order; returns the merge.
     */
    private static List<long[]> assertMergesAsAMap(Plan plan, PlanLimits limits) throws IOException {
        List<byte[]> results = parts(plan, limits);
        List<long[]> rows = new ArrayList<>();
        results.forEach(r -> rows.addAll(PlanResult.decode(r).rows()));
        PartialAggregates partials = new PartialAggregates(plan);
        MergedGroups fromBytes = partials.groups();
        results.forEach(fromBytes::addResult);
        List<long[]> merged = fromBytes.result().rows();
        List<String> expected = text(keyedByText(partials, plan.keyWords(), rows));
        assertEquals(expected, text(merged));
        assertEquals(expected, text(partials.mergeRows(rows)));
        List<long[]> whole = ExprRecords.run(plan, ExprRecords.bytes(ITEMS));
        assertEquals(keys(whole, plan.keyWords()), keys(merged, plan.keyWords()), "the groups in their first order");
        return merged;
    }

    /** The reference: a map from each group's key words as text to its row, the partials merged into it in order. */
    private static List<long[]> keyedByText(PartialAggregates partials, int keys, List<long[]> rows) {
        Map<String, long[]> merged = new LinkedHashMap<>();
        rows.forEach(row -> merged.merge(Arrays.toString(Arrays.copyOf(row, keys)), row.clone(), (into, partial) -> {
            partials.merge(into, keys, partial, keys);
            return into;
        }));
        return new ArrayList<>(merged.values());
    }

    /** The plan's results over five unequal parts of {@link #ITEMS}. */
    private static List<byte[]> parts(Plan plan, PlanLimits limits) throws IOException {
        int[] ends = {0, 700, 1_900, 2_000, 4_500, ITEMS.size()};
        List<byte[]> results = new ArrayList<>();
        for (int p = 0; p + 1 < ends.length; p++) {
            results.add(ExprRecords.result(plan, ExprRecords.bytes(ITEMS.subList(ends[p], ends[p + 1])), limits));
        }
        return results;
    }

    private static byte[] result(Plan plan, List<ExprRecords.Item> items) throws IOException {
        return ExprRecords.result(plan, ExprRecords.bytes(items), PlanLimits.HOST);
    }

    private static ExprRecords.Item item(String mode) {
        return new ExprRecords.Item(1, BigDecimal.ONE, new BigDecimal("0.01"), 1.0, LocalDate.of(1996, 1, 1), mode, true,
                1, 0f, 0);
    }

    /** The string of a row's first column ({@link ColumnValues}: its length word, then its bytes), or NULL. */
    private static String string(long[] row) {
        int length = (int) row[0];
        if (length < 0) {
            return "NULL";
        }
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (row[1 + i / Long.BYTES] >>> (8 * (i % Long.BYTES)));
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static List<String> keys(List<long[]> rows, int keys) {
        return rows.stream().map(r -> Arrays.toString(Arrays.copyOf(r, keys))).toList();
    }

    private static List<String> text(List<long[]> rows) {
        return rows.stream().map(Arrays::toString).toList();
    }
}
