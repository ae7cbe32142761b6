package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * The interpreter's loop for plans with expressions, and for a columnar source's batches of any
 * aggregate plan: rows are taken {@link ColumnBatch#MAX_ROWS} at a time (stored records,
 * {@link RecordBatch}, or a columnar source's decoded columns, {@link DecodedBatch}); the WHERE
 * selects the batch's matching rows ({@link Condition#select}, expressions evaluated a node at a
 * time, {@link VectorEval}), and the matches go to the sink: a group table's aggregates a column
 * at a time ({@link VectorGroups}), any other sink a row at a time. Results, errors and the work
 * counted are the record-at-a-time loop's: the first phase (WHERE and the aggregates' arguments)
 * changes nothing, so where it raises an error the batch is run again record by record, which
 * raises the error of the first record that has one, as the per-record loop would.
 */
final class BatchScan {
    private final BoundPredicate where;
    private final boolean always;
    private final RowSink sink;
    /** The batch aggregation, or null: matches go to {@link #sink} one at a time. */
    private final VectorGroups groups;
    private final RecordBatch records = new RecordBatch();
    private final int[] sel = new int[ColumnBatch.MAX_ROWS];
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
        return takes(plan) ? compile(plan, where, sink) : null;
    }

    /**
     * The batch loop for a columnar source's batches of {@code plan} where the record loops would
     * take them otherwise ({@link #of} is null): an aggregate plan whose aggregates
     * {@link VectorGroups} takes, so that they read the batch's columns rather than its rows
     * stored as records; else null.
     */
    static BatchScan ofColumns(Plan plan, BoundPredicate where, RowSink sink) {
        return sink instanceof GroupTable && VectorGroups.takes(plan) ? compile(plan, where, sink) : null;
    }

    private static BatchScan compile(Plan plan, BoundPredicate where, RowSink sink) {
        VectorCompiler compiler = new VectorCompiler();
        where.vectorize(compiler);
        return new BatchScan(where, sink, sink instanceof GroupTable table ? VectorGroups.of(plan, table, compiler) : null);
    }

    /** Whether the batch loop takes {@code plan} (one with expressions and no LIMIT that ends its examination). */
    static boolean takes(Plan plan) {
        boolean expressions = hasExpression(plan.where()) || plan.aggregates().stream().anyMatch(a -> a.argument() != null);
        return expressions && (plan.aggregating() || plan.limit() == Plan.NO_LIMIT);
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
        for (int p = from; p <= last; p += ColumnBatch.MAX_ROWS * recordSize) {
            int rows = Math.min(ColumnBatch.MAX_ROWS, (last - p) / recordSize + 1);
            records.reset(data, p, rows, recordSize);
            examined += scan(records, work);
        }
        return examined;
    }

    /** Examines the rows of {@code batch}; returns how many (all). */
    int scan(ColumnBatch batch, Work work) {
        int rows = batch.rows();
        int n;
        try {
            n = select(batch, rows);
            batch.readOnly(sel, n);
            if (groups != null) {
                groups.evaluate(batch, sel, n);
            }
        } catch (PlanArithmeticException e) {
            pending.clear();
            recordByRecord(batch, work);
            return rows;
        }
        pending.moveTo(work);
        if (groups != null) {
            groups.take(batch, sel, n, work);
        } else {
            batch.handEach(sink, sel, n, work);
        }
        return rows;
    }

    /** The batch's matching rows into {@link #sel}; how many. */
    private int select(ColumnBatch batch, int rows) {
        for (int i = 0; i < rows; i++) {
            sel[i] = i;
        }
        return always ? rows : where.select(batch, sel, rows, sel, pending);
    }

    /** The batch as the per-record loop runs it: raises the first record's error (or, if none has one, runs it). */
    private void recordByRecord(ColumnBatch batch, Work work) {
        ByteBuffer data = batch.buffer();
        for (int i = 0; i < batch.rows(); i++) {
            int p = batch.record(i);
            if (where.test(data, p, work)) {
                work.rowsOneAtATime++;
                sink.accept(data, p, work);
            }
        }
    }
}
