package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * The interpreter's loop for plans with expressions: records are taken {@link RecordBatch#MAX_ROWS}
 * at a time; the WHERE selects the batch's matching rows ({@link Condition#select}, expressions
 * evaluated a node at a time, {@link VectorEval}), and the matches go to the sink: a dense group
 * table's aggregates a column at a time ({@link VectorGroups}), any other sink a row at a time.
 * Results, errors and the work counted are the record-at-a-time loop's: the first phase (WHERE
 * and the aggregates' arguments) changes nothing, so where it raises an error the batch is run
 * again record by record, which raises the error of the first record that has one, as the
 * per-record loop would.
 */
final class BatchScan {
    private final BoundPredicate where;
    private final boolean always;
    private final RowSink sink;
    /** The batch aggregation, or null: matches go to {@link #sink} one at a time. */
    private final VectorGroups groups;
    private final RecordBatch batch = new RecordBatch();
    private final int[] sel = new int[RecordBatch.MAX_ROWS];
    /** The WHERE's work on the batch, counted once the batch has no error. */
    private final Work pending = new Work();

    private BatchScan(BoundPredicate where, RowSink sink, VectorGroups groups) {
        this.where = where;
        this.always = where.always();
        this.sink = sink;
        this.groups = groups;
    }

    /**
     * The batch loop for {@code plan}, or null where the per-record loop serves: a plan without
     * expressions, or one whose sink a LIMIT can fill (the records after it are not examined).
     */
    static BatchScan of(Plan plan, BoundPredicate where, RowSink sink) {
        boolean expressions = hasExpression(plan.where()) || plan.aggregates().stream().anyMatch(a -> a.argument() != null);
        if (!expressions || !(sink instanceof GroupTable || plan.limit() == Plan.NO_LIMIT)) {
            return null;
        }
        VectorCompiler compiler = new VectorCompiler();
        where.vectorize(compiler);
        return new BatchScan(where, sink, sink instanceof GroupTable table ? VectorGroups.of(plan, table, compiler) : null);
    }

    private static boolean hasExpression(Predicate p) {
        if (p instanceof Predicate.Holds) {
            return true;
        }
        if (p instanceof Predicate.Not n) {
            return hasExpression(n.operand());
        }
        if (p instanceof Predicate.And a) {
            return a.operands().stream().anyMatch(BatchScan::hasExpression);
        }
        return p instanceof Predicate.Or o && o.operands().stream().anyMatch(BatchScan::hasExpression);
    }

    /** Examines the records at {@code [from, last]} of {@code data}, {@code recordSize} apart; returns how many (all). */
    long scan(ByteBuffer data, int from, int last, int recordSize, Work work) {
        long examined = 0;
        for (int p = from; p <= last; p += RecordBatch.MAX_ROWS * recordSize) {
            int rows = Math.min(RecordBatch.MAX_ROWS, (last - p) / recordSize + 1);
            batch.reset(data, p, rows, recordSize);
            examined += rows;
            int n;
            try {
                n = select(rows);
                if (groups != null) {
                    groups.evaluate(batch, sel, n);
                }
            } catch (PlanArithmeticException e) {
                pending.clear();
                recordByRecord(data, p, rows, recordSize, work);
                continue;
            }
            pending.moveTo(work);
            if (groups != null) {
                groups.take(batch, sel, n, work);
            } else {
                for (int i = 0; i < n; i++) {
                    sink.accept(data, batch.record(sel[i]), work);
                }
            }
        }
        return examined;
    }

    /** The batch's matching rows into {@link #sel}; how many. */
    private int select(int rows) {
        for (int i = 0; i < rows; i++) {
            sel[i] = i;
        }
        return always ? rows : where.select(batch, sel, rows, sel, pending);
    }

    /** The batch as the per-record loop runs it: raises the first record's error (or, if none has one, runs it). */
    private void recordByRecord(ByteBuffer data, int from, int rows, int recordSize, Work work) {
        for (int i = 0, p = from; i < rows; i++, p += recordSize) {
            if (where.test(data, p, work)) {
                sink.accept(data, p, work);
            }
        }
    }
}
