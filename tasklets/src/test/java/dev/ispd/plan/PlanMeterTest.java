package dev.ispd.plan;

import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.like;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.sub;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The interpreter meters the work it does beyond field loads and comparisons: each expression
 * node it evaluates per record, and of those the ones on 128-bit decimals or strings (which take
 * a slow path), and string comparisons, counted alike by the batch loop, the record-at-a-time loop
 * and the estimate, and the records the record-at-a-time loop examined (its own count), so
 * that a host profile that prices these units ({@code bin/ispd calibrate-host}) can predict the
 * interpreter's time.
 */
class PlanMeterTest {
    private static final Layout L = ExprRecords.ITEMS;
    private static final int RECORDS = 3_000;
    private static final byte[] DATA = ExprRecords.bytes(ExprRecords.generate(RECORDS, 7));

    @Test
    void aWhereOfAnExpressionCountsItsNodesForEveryRecord() throws IOException {
        // (price * (1 - disc)) > 5000.5: three nodes (>, *, -) on 64-bit decimals, two field loads, one comparison
        Plan plan = Plan.aggregate(L, Predicate.holds(gt(mul(field("price"), sub(lit(1), field("disc"))),
                lit(new BigDecimal("5000.5")))), List.of(), List.of(Aggregate.countStar()));
        Meter m = bothLoops(plan);
        assertEquals(3L * RECORDS, m.evaluations());
        assertEquals(0, m.wideOps());
        assertEquals(2L * RECORDS, m.dramAccesses());
        assertEquals((long) RECORDS, m.compares());
    }

    @Test
    void nodesOn128BitDecimalsAreWideOperations() throws IOException {
        // price * price is decimal(25,4) and times price decimal(38,6): both products are 128-bit,
        // and the SUM adds each row in 128 bits: three evaluations, all wide
        Plan plan = Plan.aggregate(L, null, List.of(), List.of(Aggregate.sum(mul(mul(field("price"), field("price")),
                field("price")))));
        Meter m = bothLoops(plan);
        assertEquals(3L * RECORDS, m.evaluations());
        assertEquals(3L * RECORDS, m.wideOps());
        assertEquals(3L * RECORDS, m.dramAccesses());
    }

    @Test
    void anAggregateOfAnExpressionCountsItsAccumulation() throws IOException {
        // SUM(qty) of an int is one narrow evaluation a row; COUNT(price) one more
        Plan plan = Plan.aggregate(L, null, List.of("band"), List.of(Aggregate.sum(field("qty")),
                Aggregate.count(field("price"))));
        Meter m = bothLoops(plan);
        assertEquals(2L * RECORDS, m.evaluations());
        assertEquals(0, m.wideOps());
    }

    @Test
    void aStringTestIsAWideOperation() throws IOException {
        Plan plan = Plan.aggregate(L, Predicate.holds(like(field("mode"), "A%")), List.of(),
                List.of(Aggregate.countStar()));
        Meter m = bothLoops(plan);
        assertEquals((long) RECORDS, m.evaluations());
        assertEquals((long) RECORDS, m.wideOps());
        assertEquals((long) RECORDS, m.stringOps());
    }

    @Test
    void aStringComparisonSpansTheWidestStringItReadsInBothLoopsAndTheEstimate() throws IOException {
        // mode is a char(6): IN of three values is three comparisons of 6 bytes, LIKE one, = with a longer literal its 10
        Plan in = Plan.aggregate(L, Predicate.holds(Expr.in(field("mode"), lit("AIR"), lit("MAIL"), lit("SHIP"))),
                List.of(), List.of(Aggregate.countStar()));
        Plan like = Plan.aggregate(L, Predicate.holds(like(field("mode"), "%A%")), List.of(), List.of(Aggregate.countStar()));
        Plan longer = Plan.aggregate(L, Predicate.holds(Expr.eq(field("mode"), lit("TRUCK-LOAD"))), List.of(),
                List.of(Aggregate.countStar()));
        for (Object[] c : new Object[][] {{in, 3L, 6L}, {like, 1L, 6L}, {longer, 1L, 10L}}) {
            Plan plan = (Plan) c[0];
            Meter m = bothLoops(plan);
            assertEquals((long) c[1] * RECORDS, m.stringOps(), plan.toString());
            assertEquals((long) c[1] * (long) c[2] * RECORDS, m.stringBytes(), plan.toString());
            Meter estimate = PlanTasklet.estimate(plan, DATA.length, L.recordSize() * 512);
            assertEquals(m.stringOps(), estimate.stringOps(), plan.toString());
            assertEquals(m.stringBytes(), estimate.stringBytes(), plan.toString());
        }
    }

    @Test
    void aStringLeafOfAPlainWhereIsAStringComparisonOfItsOwnAndTheEstimateCountsIt() throws IOException {
        // mode = 'AIR' as Spark pushes it: a plain leaf (a load and a comparison), no expression node
        Plan plan = Plan.aggregate(L, Predicate.compare("mode", CompareOp.EQ, "AIR"), List.of(),
                List.of(Aggregate.countStar()));
        Meter m = run(new PlanTasklet(plan, PlanLimits.HOST));
        assertEquals(0, m.evaluations() + m.wideOps() + m.stringOps() + m.stringBytes());
        assertEquals(m.compares(), m.stringLeafCompares(), "each comparison made (a NULL mode makes none) is of strings");
        assertEquals(RECORDS, PlanTasklet.estimate(plan, DATA.length, L.recordSize() * 512).stringLeafCompares(),
                "the estimate's upper bound: every record compared");
    }

    @Test
    void onlyThePerRecordLoopCountsRecordsOneAtATimeAndTheEstimateKnowsWhichLoopRuns() throws IOException {
        Plan dense = Plan.aggregate(L, null, List.of("band"), List.of(Aggregate.countStar(), Aggregate.sum("big")));
        Plan batch = Plan.aggregate(L, Predicate.holds(gt(field("qty"), lit(10))), List.of("band"),
                List.of(Aggregate.max("big")));
        Plan extreme = Plan.aggregate(L, Predicate.compare("big", CompareOp.GT, 10), List.of("band"),
                List.of(Aggregate.max("big")));
        Plan limited = Plan.rows(L, Predicate.holds(gt(field("qty"), lit(10))), List.of("big")).limit(10);
        Plan vector = Plan.aggregate(L, Predicate.holds(gt(field("qty"), lit(10))), List.of("band"),
                List.of(Aggregate.sum(field("disc"))));
        Plan kept = Plan.rows(L, Predicate.holds(gt(field("qty"), lit(10))), List.of("big"));
        for (Plan plan : List.of(dense, batch, vector, extreme, limited, kept)) {
            Meter m = run(new PlanTasklet(plan, PlanLimits.HOST));
            Meter estimate = PlanTasklet.estimate(plan, DATA.length, L.recordSize() * 512);
            boolean oneAtATime = plan == extreme || plan == limited;
            assertEquals(oneAtATime ? m.records() : 0, m.recordsOneAtATime(), plan.toString());
            assertEquals(oneAtATime ? RECORDS : 0, estimate.recordsOneAtATime(), plan.toString());
            // matches go to the sink one at a time but from the dense scan and the batch form of the groups
            boolean rowsOneAtATime = plan != dense && plan != vector && plan != batch;
            assertEquals(rowsOneAtATime, m.rowsOneAtATime() > 0, plan.toString());
            assertEquals(rowsOneAtATime ? RECORDS : 0, estimate.rowsOneAtATime(), plan.toString());
            // every loop packs the narrow key (band) of each match, as a hash update finds its group
            boolean grouped = !plan.groupBy().isEmpty();
            assertEquals(grouped ? m.hashUpdates() : 0, m.packedKeys(), plan.toString());
            assertTrue(!grouped || m.packedKeys() > 0, plan.toString());
            assertEquals(grouped ? RECORDS : 0, estimate.packedKeys(), plan.toString());
        }
    }

    @Test
    void theEstimateCountsTheNodesOfEveryRecord() throws IOException {
        Plan plan = Plan.aggregate(L, null, List.of("band"), List.of(Aggregate.sum(mul(mul(field("price"),
                field("price")), sub(lit(1), field("disc"))))));
        Meter run = bothLoops(plan);
        Meter estimate = PlanTasklet.estimate(plan, DATA.length, L.recordSize() * 512);
        assertEquals(run.evaluations(), estimate.evaluations());
        assertEquals(run.wideOps(), estimate.wideOps());
    }

    /** The meter of {@code plan} over the records, the same from the batch loop and record by record. */
    private static Meter bothLoops(Plan plan) throws IOException {
        Meter batched = run(new PlanTasklet(plan, PlanLimits.HOST));
        Meter perRecord = run(new PlanTasklet(plan, PlanLimits.HOST, false));
        LoopMeters.assertSameWork(perRecord, batched, plan.toString());
        return batched;
    }

    private static Meter run(PlanTasklet tasklet) throws IOException {
        return new HostRunner(L.recordSize() * 512, 1).run(tasklet, List.of(new Extent(1, 0, DATA.length)),
                new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(DATA)))).meter();
    }
}
