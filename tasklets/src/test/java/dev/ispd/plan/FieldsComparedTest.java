package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A WHERE's comparison of two fields of one type that are never NULL ({@link FieldsCompared}:
 * TPC-H Q12's {@code l_commitdate < l_receiptdate}), every operator, negated too, of 4-byte
 * integers, dates and 8-byte integers and of a field with itself: the rows SQL's comparison of the
 * values selects, the same result bytes and work in the meter (all but the counts that say which loop
 * ran) a batch at a time as record by record, and the
 * expression's cost counted for every record it tests (as the expression's batch nodes count it).
 */
class FieldsComparedTest {
    /** Fields over the bytes of {@link ExprRecords#ITEMS}, none nullable: the ship dates' and others' bytes. */
    private static final Layout PAIRS = new Layout("pairs", ExprRecords.ITEMS.recordSize(), List.of(
            new Field("a", 24, 4, true, false, 0, 0, false, 0), new Field("b", 43, 4, true, false, 0, 0, false, 0),
            Field.of("d1", 24, 4, FieldType.DATE, false), Field.of("d2", 0, 4, FieldType.DATE, false),
            new Field("x", 35, 8, true, false, 0, 0, false, 0), new Field("y", 16, 8, true, false, 0, 0, false, 0)));
    private static final PlanLimits LIMITS = new PlanLimits(1L << 32, Long.MAX_VALUE / 2, 64);
    private static final byte[] DATA = ExprRecords.bytes(ExprRecords.generate(3_000, 17));

    static Stream<Arguments> comparisons() {
        List<Arguments> out = new ArrayList<>();
        for (String[] pair : new String[][] {{"a", "b"}, {"d1", "d2"}, {"d2", "d1"}, {"x", "y"}, {"a", "a"}}) {
            for (CompareOp op : CompareOp.values()) {
                for (boolean negated : new boolean[] {false, true}) {
                    out.add(Arguments.of(pair[0], op, pair[1], negated));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{3} {0} {1} {2}")
    @MethodSource("comparisons")
    void selectsWhatTheComparisonOfTheValuesSaysCountingTheExpressionsCost(String left, CompareOp op, String right,
            boolean negated) throws IOException {
        Predicate compared = Predicate.holds(Expr.compare(Expr.field(left), op, Expr.field(right)));
        Plan plan = Plan.rows(PAIRS, negated ? Predicate.not(compared) : compared, List.of("x"));
        int records = DATA.length / PAIRS.recordSize();
        ByteBuffer data = ByteBuffer.wrap(DATA).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> expected = new ArrayList<>();
        Field l = PAIRS.field(left, "test");
        Field r = PAIRS.field(right, "test");
        for (int i = 0; i < records; i++) {
            int at = i * PAIRS.recordSize();
            long a = l.width() == 8 ? data.getLong(at + l.offset()) : data.getInt(at + l.offset());
            long b = r.width() == 8 ? data.getLong(at + r.offset()) : data.getInt(at + r.offset());
            if (op.holds(Long.compare(a, b)) != negated) {
                expected.add(data.getLong(at + 35));
            }
        }
        HostRunner.Result batched = run(new PlanTasklet(plan, LIMITS));
        HostRunner.Result perRecord = run(new PlanTasklet(plan, LIMITS, false));
        String what = plan.where().toString();
        assertEquals(expected, PlanResult.decode(batched.bytes()).rows().stream().map(w -> w[0]).toList(), what);
        assertArrayEquals(perRecord.bytes(), batched.bytes(), "result bytes of " + what);
        assertEquals(LoopMeters.work(perRecord.meter()), LoopMeters.work(batched.meter()), "meter of " + what);
        ExprCost cost = ExprCost.of(Expr.compare(Expr.field(left), op, Expr.field(right)), PAIRS);
        assertEquals(records * cost.evaluations(), batched.meter().evaluations(), "evaluations of " + what);
        assertEquals(records * cost.compares(), batched.meter().compares(), "comparisons of " + what);
    }

    private static HostRunner.Result run(PlanTasklet tasklet) throws IOException {
        return new HostRunner(1_100 * PAIRS.recordSize(), 1).run(tasklet, List.of(new Extent(1, 0, DATA.length)),
                new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(DATA))));
    }
}
