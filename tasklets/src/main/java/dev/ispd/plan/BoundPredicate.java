package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * A {@link Predicate} bound to a layout (every field resolved, every literal checked): the WHERE
 * of the plan interpreter, public so that an engine's host reader (the Spark connector's) tests
 * records with the very code the drive runs. Tests allocate nothing.
 */
public final class BoundPredicate {
    private final Condition condition;
    /** Where {@link #test(ByteBuffer, int)} counts its work; engines that call it price reads themselves. */
    private final Work unmetered = new Work();

    private BoundPredicate(Condition condition) {
        this.condition = condition;
    }

    /** {@code predicate} over {@code layout}; a {@link PlanException} names the field or literal that does not fit. */
    public static BoundPredicate bind(Predicate predicate, Layout layout) {
        return new BoundPredicate(Condition.bind(predicate, layout));
    }

    /** Whether the record at absolute {@code record} of {@code buf} passes. Not thread-safe: one per reader. */
    public boolean test(ByteBuffer buf, int record) {
        return condition.test(buf, record, unmetered);
    }

    /** Whether every record passes (no WHERE): a test that loads and compares nothing. */
    boolean always() {
        return condition instanceof Condition.Always;
    }

    /**
     * The batch form of {@link #test(ByteBuffer, int, Work)} as a plan's WHERE ({@link Condition#selectWhere}:
     * the batch told the rows an AND leaves after each of its tests).
     */
    int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
        return condition.selectWhere(batch, sel, n, out, work);
    }

    /** Makes {@link #select} evaluate expressions a batch at a time, with {@code compiler}'s nodes. */
    void vectorize(VectorCompiler compiler) {
        condition.vectorize(compiler);
    }

    /** The interpreter's test: the field loads and comparisons made go to {@code work}. */
    boolean test(ByteBuffer buf, int record, Work work) {
        return condition.test(buf, record, work);
    }
}
