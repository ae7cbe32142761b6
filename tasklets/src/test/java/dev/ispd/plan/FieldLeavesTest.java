package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The batch form of the WHERE leaves of one field ({@link FieldCondition}: a comparison,
 * BETWEEN, IN, each also negated, and AND and OR of leaves of one field, which share its decoded
 * values), whose rows are tested in one loop per leaf, against the
 * per-record loop: every field kind (signed and unsigned 8-byte integers, 4-byte ones NULL by a
 * bit and by a value, decimals, dates, floats with NaN and -0.0, bools, a byte) with literals at
 * the ends of its range, and IN lists looked up in a bitmap of their span and searched, and two
 * ranges of a field in an AND, judged in one loop. Same result bytes, same meter;
 * {@link BlockedPlanTaskletTest} runs the same plans over blocks.
 */
class FieldLeavesTest {
    private static final Layout L = ExprRecords.ITEMS;
    /**
     * The same records' bytes with {@code big} read as an unsigned 8-byte integer, and {@code qty}
     * NULL by its value 77 (the value a NULL qty's bytes hold) rather than by its bit; {@code big}
     * and {@code ship} read big-endian ({@code bbig}, {@code bship}).
     */
    static final Layout UNSIGNED = new Layout("items_unsigned", L.recordSize(), List.of(
            new Field("ubig", 35, 8, false, false, 0, 0, false, 0),
            new Field("nv", 0, 4, true, false, 0, 0, true, 77), Field.unsigned("band", 48, 1),
            new Field("bbig", 35, 8, true, true, 0, 0, false, 0), new Field("bship", 24, 4, true, true, 0, 0, false, 0)));
    private static final PlanLimits LIMITS = new PlanLimits(1L << 32, Long.MAX_VALUE / 2, 64);
    private static final byte[] DATA = ExprRecords.bytes(ExprRecords.generate(5_000, 43));

    /** A plan of rows per leaf (and per AND and OR of one field's leaves), each over the layout of its field. */
    static Stream<Arguments> plans() {
        List<Arguments> plans = new ArrayList<>();
        leaves(plans, L, "big", Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE);
        leaves(plans, UNSIGNED, "ubig", 0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -1);
        leaves(plans, UNSIGNED, "bbig", Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE);
        leaves(plans, UNSIGNED, "bship", Integer.MIN_VALUE, -1, 0, 1 << 20, Integer.MAX_VALUE);
        leaves(plans, L, "qty", -50, -1, 0, 7, 50);
        leaves(plans, UNSIGNED, "nv", Integer.MIN_VALUE, 0, 77, 12, Integer.MAX_VALUE);
        leaves(plans, L, "price", -100_000, 0, 55_555, 999_999_999_999L);
        leaves(plans, L, "ship", 8_766, 9_000, 11_365);
        leaves(plans, L, "ratio", FloatKeys.of(Double.NEGATIVE_INFINITY), FloatKeys.of(-0.0), FloatKeys.of(0.5),
                FloatKeys.NAN);
        leaves(plans, L, "f", FloatKeys.of(-125.0), FloatKeys.of(0.0), FloatKeys.of(12.25), FloatKeys.NAN);
        leaves(plans, L, "ok", 0, 1);
        leaves(plans, UNSIGNED, "band", 0, 3, 5, 255);
        return plans.stream();
    }

    /**
     * Into {@code plans}: each comparison with each of {@code literals} (the field's ends among
     * them), BETWEEN and NOT BETWEEN of each pair, IN and NOT IN of them all (a span too wide for
     * a bitmap where they are far apart), and an IN of a narrow span of values.
     */
    private static void leaves(List<Arguments> plans, Layout layout, String field, long... literals) {
        List<String> selected = layout.fields().stream().map(Field::name).toList();
        for (long literal : literals) {
            for (CompareOp op : CompareOp.values()) {
                add(plans, layout, selected, Predicate.compare(field, op, literal));
            }
            add(plans, layout, selected, Predicate.not(Predicate.compare(field, CompareOp.LT, literal)));
        }
        for (int i = 0; i + 1 < literals.length; i++) {
            add(plans, layout, selected, Predicate.between(field, literals[i], literals[i + 1]));
            add(plans, layout, selected, Predicate.between(field, literals[i + 1], literals[i]));
            add(plans, layout, selected, Predicate.not(Predicate.between(field, literals[i], literals[i + 1])));
        }
        long first = literals[0];
        long middle = literals[literals.length / 2];
        long last = literals[literals.length - 1];
        // leaves of one field sharing its decoded values: AND narrowing them, OR taking the rows left
        add(plans, layout, selected, Predicate.and(Predicate.compare(field, CompareOp.GE, first),
                Predicate.compare(field, CompareOp.LT, last), Predicate.not(Predicate.compare(field, CompareOp.EQ, middle))));
        add(plans, layout, selected, Predicate.or(Predicate.compare(field, CompareOp.LT, literals[1]),
                Predicate.between(field, middle, last), Predicate.in(field, first, middle)));
        // two ranges of the field one after the other in an AND, judged in one loop: a BETWEEN then a
        // comparison, and a pair before a leaf of another field (as Q6's l_shipdate bounds come first)
        add(plans, layout, selected, Predicate.and(Predicate.between(field, first, middle),
                Predicate.compare(field, CompareOp.GT, literals[1])));
        add(plans, layout, selected, Predicate.and(Predicate.compare(field, CompareOp.LE, middle),
                Predicate.compare(field, CompareOp.GE, first), Predicate.compare("band", CompareOp.LE, 2),
                Predicate.not(Predicate.or(Predicate.compare(field, CompareOp.GT, last),
                        Predicate.compare(field, CompareOp.LT, literals[1])))));
        // a leaf of the field over some rows of a batch (those of a band), then one over others
        add(plans, layout, selected, Predicate.or(Predicate.and(Predicate.compare("band", CompareOp.LE, 2),
                Predicate.compare(field, CompareOp.GE, middle)), Predicate.compare(field, CompareOp.LT, literals[1])));
        add(plans, layout, selected, Predicate.in(field, literals));
        add(plans, layout, selected, Predicate.not(Predicate.in(field, literals)));
        long[] narrow = LongStream.range(0, 40).map(i -> middle + 3 * i)
                .filter(v -> layout.field(field, "test").holds(v)).toArray();
        if (narrow.length > 0) {
            add(plans, layout, selected, Predicate.in(field, narrow));
        }
    }

    private static void add(List<Arguments> plans, Layout layout, List<String> selected, Predicate where) {
        plans.add(Arguments.of(where + " over " + layout.name(), Plan.rows(layout, where, selected)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void sameRowsAndMeterAsRecordByRecord(String name, Plan plan) throws IOException {
        for (int records : new int[] {2_100, 64}) { // scans of batches of 1,024, 1,024 and 52; of 64
            HostRunner.Result batched = run(new PlanTasklet(plan, LIMITS), records * L.recordSize());
            HostRunner.Result perRecord = run(new PlanTasklet(plan, LIMITS, false), records * L.recordSize());
            assertArrayEquals(perRecord.bytes(), batched.bytes(), "result bytes of " + plan);
            assertEquals(perRecord.meter(), batched.meter(), "meter of " + plan);
        }
    }

    private static HostRunner.Result run(PlanTasklet tasklet, int scanBytes) throws IOException {
        return new HostRunner(scanBytes, 1).run(tasklet, List.of(new Extent(1, 0, DATA.length)),
                new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(DATA))));
    }
}
