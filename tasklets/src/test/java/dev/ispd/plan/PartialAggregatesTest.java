package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The plan's answer over a whole input equals the merge of its answers over the input's parts,
 * each run by the plan interpreter: over a signed little-endian i32, an unsigned u64 (whose SUM
 * wraps and whose order is unsigned) and a nullable u8 (255 is NULL) whose MIN and MAX are NULL
 * in a part where a group has only NULLs.
 */
class PartialAggregatesTest {
    private static final Layout LAYOUT = new Layout("parts", 14, List.of(
            Field.unsigned("g", 0, 1),
            new Field("v", 1, 4, true, false, 0, 0, false, 0),
            Field.unsigned("big", 5, 8),
            new Field("opt", 13, 1, false, true, 0, 0, true, 255)));
    private static final List<Aggregate> EVERY = List.of(Aggregate.countStar(), Aggregate.count("opt"),
            Aggregate.sum("v"), Aggregate.sum("big"), Aggregate.min("v"), Aggregate.max("big"), Aggregate.min("opt"),
            Aggregate.max("opt"));

    /** Record i: group i % 3, v = i * 7 - 300, big = 2^63 + i * 2^61, opt NULL for the first 40 records, else i % 200. */
    private static byte[] records(int from, int to) {
        ByteBuffer b = ByteBuffer.allocate(14 * (to - from));
        for (int i = from; i < to; i++) {
            int at = 14 * (i - from);
            b.put(at, (byte) (i % 3));
            b.order(ByteOrder.LITTLE_ENDIAN).putInt(at + 1, i * 7 - 300);
            b.order(ByteOrder.BIG_ENDIAN).putLong(at + 5, Long.MIN_VALUE + ((long) i << 61));
            b.put(at + 13, (byte) (i < 40 ? 255 : i % 200));
        }
        return b.array();
    }

    private static List<long[]> run(Plan plan, int from, int to) throws IOException {
        byte[] data = records(from, to);
        HostRunner.Result r = new HostRunner(96, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data))));
        return PlanResult.decode(r.bytes()).rows();
    }

    private static List<long[]> sorted(List<long[]> rows) {
        List<long[]> s = new ArrayList<>(rows);
        s.sort(Comparator.comparingLong(r -> r[0]));
        return s;
    }

    @Test
    void partsMergeToTheWholeInputsAnswer() throws IOException {
        Plan plan = Plan.aggregate(LAYOUT, Predicate.all(), List.of("g"), EVERY);
        List<long[]> parts = new ArrayList<>(run(plan, 0, 30));
        parts.addAll(run(plan, 30, 130));
        parts.addAll(run(plan, 130, 300));
        List<long[]> merged = sorted(new PartialAggregates(plan).mergeRows(parts));
        List<long[]> whole = sorted(run(plan, 0, 300));
        assertEquals(3, merged.size());
        for (int g = 0; g < 3; g++) {
            assertArrayEquals(whole.get(g), merged.get(g), "group " + g + ": " + Arrays.toString(merged.get(g)));
        }
        long nullOpt = 255;
        assertEquals(nullOpt, run(plan, 0, 30).get(0)[7], "the first part's MIN(opt) is NULL, which loses the merge");
    }

    @Test
    void withoutGroupByThePartsMergeIntoOneRowAndNoPartsIntoNone() throws IOException {
        Plan plan = Plan.aggregate(LAYOUT, Predicate.all(), List.of(), EVERY);
        List<long[]> parts = new ArrayList<>(run(plan, 0, 100));
        parts.addAll(run(plan, 100, 257));
        List<long[]> merged = new PartialAggregates(plan).mergeRows(parts);
        assertEquals(1, merged.size());
        assertArrayEquals(run(plan, 0, 257).get(0), merged.get(0));
        assertTrue(new PartialAggregates(plan).mergeRows(List.of()).isEmpty());
    }

    @Test
    void theRowsMergedAreLeftAsTheyWere() {
        Plan plan = Plan.aggregate(LAYOUT, Predicate.all(), List.of("g"), List.of(Aggregate.countStar()));
        long[] first = {1, 5};
        new PartialAggregates(plan).mergeRows(List.of(first, new long[] {1, 7}));
        assertArrayEquals(new long[] {1, 5}, first);
    }

    @Test
    void rowsOfAnotherShapeAndRowPlansAreRefused() {
        Plan plan = Plan.aggregate(LAYOUT, Predicate.all(), List.of("g"), List.of(Aggregate.countStar()));
        IllegalArgumentException shape = assertThrows(IllegalArgumentException.class,
                () -> new PartialAggregates(plan).mergeRows(List.of(new long[] {1, 2, 3})));
        assertTrue(shape.getMessage().contains("a result row of 3 words, the plan returns 1 words of group columns and 1 "
                + "words of aggregates"), shape.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new PartialAggregates(Plan.rows(LAYOUT, Predicate.all(), List.of("g"))));
    }
}
