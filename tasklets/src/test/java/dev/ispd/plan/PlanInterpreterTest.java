package dev.ispd.plan;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.between;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.eq;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.isNull;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletLimitException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The interpreter over a user layout with every kind of field: a signed little-endian i16, an
 * unsigned big-endian u64, a nullable u8 (255 is NULL) and a 4-bit range of it.
 */
class PlanInterpreterTest {
    private static final Layout LAYOUT = new Layout("sensor", 12, List.of(
            new Field("temp", 0, 2, true, false, 0, 0, false, 0),
            new Field("serial", 2, 8, false, true, 0, 0, false, 0),
            new Field("level", 10, 1, false, true, 0, 0, true, 255),
            new Field("low", 10, 1, false, true, 0, 4, false, 0),
            Field.unsigned("pad", 11, 1)));

    /** Records (temp, serial, level): temp i, serial 2^63 + i, level i, or NULL every 5th. */
    private static byte[] data(int n) {
        ByteBuffer b = ByteBuffer.allocate(12 * n);
        for (int i = 0; i < n; i++) {
            b.order(ByteOrder.LITTLE_ENDIAN).putShort(12 * i, (short) (i - 50));
            b.order(ByteOrder.BIG_ENDIAN).putLong(12 * i + 2, Long.MIN_VALUE + i);
            b.put(12 * i + 10, (byte) (i % 5 == 0 ? 255 : i));
        }
        return b.array();
    }

    private static HostRunner.Result run(Plan plan, int records) throws IOException {
        byte[] data = data(records);
        return new HostRunner(96, 1).run(new PlanTasklet(plan, PlanLimits.HOST), List.of(new Extent(1, 0, data.length)),
                new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data))));
    }

    private static List<long[]> rows(Plan plan) throws IOException {
        return PlanResult.decode(run(plan, 100).bytes()).rows();
    }

    private static List<Long> temps(Predicate where) throws IOException {
        return rows(Plan.rows(LAYOUT, where, List.of("temp"))).stream().map(r -> r[0]).toList();
    }

    @Test
    void fieldsReadSignedUnsignedEitherOrderAndBits() throws IOException {
        List<long[]> r = rows(Plan.rows(LAYOUT, eq("temp", -47), List.of("temp", "serial", "level", "low")));
        assertEquals(1, r.size());
        assertEquals(List.of(-47L, Long.MIN_VALUE + 3, 3L, 3L), List.of(r.get(0)[0], r.get(0)[1], r.get(0)[2], r.get(0)[3]));
        // serial above 2^63 orders as unsigned: all of them are greater than 1
        assertEquals(100, temps(compare("serial", CompareOp.GT, 1)).size());
    }

    @Test
    void everyPredicateKind() throws IOException {
        assertEquals(List.of(-50L, -49L, -48L), temps(compare("temp", CompareOp.LT, -47)));
        assertEquals(List.of(45L, 46L, 47L, 48L, 49L), temps(compare("temp", CompareOp.GE, 45)));
        assertEquals(List.of(-2L, -1L, 0L), temps(between("temp", -2, 0)));
        assertEquals(List.of(-49L, 40L), temps(in("temp", 40, -49, 1000)));
        assertEquals(List.of(-47L, -40L), temps(in("serial", Long.MIN_VALUE + 10, 5, -1, Long.MIN_VALUE + 3)),
                "IN orders unsigned 8-byte values as unsigned");
        assertEquals(99, temps(compare("temp", CompareOp.NE, 0)).size());
        assertEquals(List.of(-50L, -45L), temps(and(isNull("level"), compare("temp", CompareOp.LE, -45))));
        assertEquals(List.of(-50L, -45L, 49L), temps(or(and(isNull("level"), compare("temp", CompareOp.LE, -45)),
                eq("temp", 49))));
        assertEquals(80, temps(not(isNull("level"))).size());
        // NULL compares false both ways
        assertEquals(0, temps(and(isNull("level"), or(eq("level", 0), compare("level", CompareOp.NE, 0)))).size());
        // NOT of a comparison with NULL is unknown too (three-valued logic): 100 records less 20 NULLs less levels 1-4
        assertEquals(76, temps(not(compare("level", CompareOp.LT, 5))).size());
        assertEquals(76, temps(not(or(compare("level", CompareOp.LT, 5), eq("temp", 1000)))).size());
        assertEquals(20, temps(not(not(isNull("level")))).size());
    }

    @Test
    void groupByWithEveryAggregate() throws IOException {
        // group by temp parity (the low bit of level is not it: use low's 4 bits)
        List<long[]> r = rows(Plan.aggregate(LAYOUT, compare("temp", CompareOp.LT, -40), List.of("low"),
                List.of(Aggregate.countStar(), Aggregate.count("level"), Aggregate.sum("temp"), Aggregate.min("level"),
                        Aggregate.max("temp"))));
        // records 0..9: level 255 (low 15), 1, 2, 3, 4, 255, 6, 7, 8, 9
        assertEquals(9, r.size());
        long[] nulls = r.get(0);
        assertEquals(List.of(15L, 2L, 0L, -95L, 255L, -45L),
                List.of(nulls[0], nulls[1], nulls[2], nulls[3], nulls[4], nulls[5]), "MIN of only NULLs is NULL");
        long[] one = r.get(1);
        assertEquals(List.of(1L, 1L, 1L, -49L, 1L, -49L), List.of(one[0], one[1], one[2], one[3], one[4], one[5]));
    }

    @Test
    void anAggregateWithoutGroupByReturnsNoRowWhenNothingMatched() throws IOException {
        Plan count = Plan.aggregate(LAYOUT, eq("temp", 1000), List.of(), List.of(Aggregate.countStar()));
        assertEquals(0, rows(count).size());
        Plan all = Plan.aggregate(LAYOUT, null, List.of(), List.of(Aggregate.countStar(), Aggregate.sum("temp")));
        assertEquals(List.of(100L, -50L), List.of(rows(all).get(0)[0], rows(all).get(0)[1]));
    }

    @Test
    void limitStopsExaminingAndTopNKeepsTheBestWithTiesInScanOrder() throws IOException {
        Plan first = Plan.rows(LAYOUT, null, List.of("temp")).limit(3);
        HostRunner.Result r = run(first, 100);
        assertEquals(3, PlanResult.decode(r.bytes()).rows().size());
        assertTrue(r.meter().records() < 100, "records after the LIMIT are not examined: " + r.meter().records());
        assertEquals(0, rows(Plan.rows(LAYOUT, null, List.of("temp")).limit(0)).size());

        List<long[]> top = rows(Plan.rows(LAYOUT, not(isNull("level")), List.of("temp", "low")).top(4, "low", true));
        // low = level & 15 is 15 for levels 31, 47, 63 and 79 only (15 and 95 are NULL)
        assertEquals(List.of(-19L, -3L, 13L, 29L), top.stream().map(x -> x[0]).toList());
        List<long[]> ties = rows(Plan.rows(LAYOUT, not(isNull("level")), List.of("temp")).top(3, "low", true));
        assertEquals(List.of(-19L, -3L, 13L), ties.stream().map(x -> x[0]).toList(), "ties keep scan order");
        List<long[]> bottom = rows(Plan.rows(LAYOUT, null, List.of("temp")).top(2, "temp", false));
        assertEquals(List.of(-50L, -49L), bottom.stream().map(x -> x[0]).toList());
    }

    @Test
    void theMeterCountsWhatWasEvaluated() throws IOException {
        // AND stops at its first false operand: temp < -45 holds for 5 of 100 records
        Meter m = run(Plan.rows(LAYOUT, and(compare("temp", CompareOp.LT, -45), eq("low", 1)), List.of("temp")), 100)
                .meter();
        assertEquals(100, m.records());
        assertEquals(100 + 5 + 1, m.dramAccesses(), "100 temp loads, 5 low loads, 1 selected temp");
        assertEquals(105, m.compares());
        assertEquals(PlanResult.bytes(1, 1), m.bytesOut());
    }

    @Test
    void theResultLimitStopsARowPlanThatOutgrowsIt() {
        PlanLimits small = new PlanLimits(16, PlanResult.bytes(10, 1), 4);
        PlanTasklet t = new PlanTasklet(Plan.rows(LAYOUT, null, List.of("temp")), small);
        byte[] data = data(100);
        TaskletLimitException e = assertThrows(TaskletLimitException.class, () -> new HostRunner(96, 1).run(t,
                List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data)))));
        assertEquals("resultBytes", e.limit());
        assertTrue(e.getMessage().contains("maxResultBytes"), e.getMessage());
    }
}
