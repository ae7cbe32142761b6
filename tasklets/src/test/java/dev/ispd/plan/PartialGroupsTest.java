package dev.ispd.plan;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.tasklet.TaskletLimitException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An aggregation whose groups outnumber its table's (a drive's {@code maxGroups}) hands back the
 * groups it holds as partial rows and goes on: its result holds a group in several rows, which
 * merged ({@link PartialAggregates}) are the answer of a table that held them all, for hashed
 * field keys and computed keys, aggregates of fields and of decimal expressions; the flushes are
 * known from the rows returned ({@link PlanLimits#flushes}); it fails only when the rows outgrow
 * the result, and a plan of narrow keys (one table, by direct index) is still refused when created.
 */
class PartialGroupsTest {
    private static final List<ExprRecords.Item> ITEMS = ExprRecords.generate(3_000, 20);
    private static final List<Aggregate> AGGREGATES = List.of(Aggregate.countStar(), Aggregate.count("price"),
            Aggregate.sum(mul(field("price"), field("disc"))), Aggregate.min(field("price")), Aggregate.max("big"),
            Aggregate.sum("band"));
    private static final PlanLimits SMALL = new PlanLimits(50, 1 << 20, 16);

    @Test
    void hashedFieldKeysBeyondTheTableComeBackAsPartialsThatMergeToTheWholeAnswer() throws IOException {
        // band (8 bits) and qty (32 bits and NULL): bounded by their ranges, too wide to index directly
        Plan plan = Plan.aggregate(ExprRecords.ITEMS, null, List.of("band", "qty"), AGGREGATES);
        SMALL.check(plan); // not refused when created: the table hands back its groups when full
        assertMergeToTheWholeAnswer(plan);
    }

    @Test
    void computedKeysBeyondTheTableComeBackAsPartialsThatMergeToTheWholeAnswer() throws IOException {
        Plan plan = Plan.aggregateOf(ExprRecords.ITEMS, null, List.of(add(field("qty"), lit(1)), field("mode")),
                AGGREGATES);
        assertMergeToTheWholeAnswer(plan);
    }

    private static void assertMergeToTheWholeAnswer(Plan plan) throws IOException {
        byte[] data = ExprRecords.bytes(ITEMS);
        List<long[]> whole = ExprRecords.run(plan, data);
        List<long[]> partial = ExprRecords.run(plan, data, SMALL);
        assertTrue(whole.size() > 3 * SMALL.maxGroups(), "the data makes " + whole.size() + " groups");
        long flushes = SMALL.flushes(plan, partial.size());
        assertTrue(flushes >= whole.size() / SMALL.maxGroups(), flushes + " flushes for " + whole.size() + " groups");
        assertTrue(partial.size() > whole.size(), "groups repeated in partial rows: " + partial.size());
        assertEquals(0, PlanLimits.HOST.flushes(plan, whole.size()));
        assertEquals(text(whole), text(new PartialAggregates(plan).mergeRows(partial)));
    }

    @Test
    void partialRowsThatOutgrowTheResultFailTheExecutionNamingTheLimit() {
        Plan plan = Plan.aggregate(ExprRecords.ITEMS, null, List.of("band", "qty"), List.of(Aggregate.countStar()));
        PlanLimits tight = new PlanLimits(50, PlanResult.bytes(120, 3), 16);
        TaskletLimitException e = assertThrows(TaskletLimitException.class,
                () -> ExprRecords.run(plan, ExprRecords.bytes(ITEMS), tight));
        assertEquals("resultBytes", e.limit());
        assertTrue(e.getMessage().contains("maxResultBytes"), e.getMessage());
    }

    @Test
    void narrowKeysBeyondTheTableAreRefusedWhenThePlanIsCreated() {
        Plan plan = Plan.aggregate(ExprRecords.ITEMS, null, List.of("band"), List.of(Aggregate.countStar()));
        PlanLimitException e = assertThrows(PlanLimitException.class,
                () -> new PlanTasklet(plan, new PlanLimits(4, 1 << 20, 16)));
        assertEquals("groups", e.limit());
        assertTrue(e.getMessage().contains("GROUP BY band can make up to 256 groups"), e.getMessage());
    }

    /** The rows as text, in order. */
    private static List<String> text(List<long[]> rows) {
        return rows.stream().map(Arrays::toString).toList();
    }
}
