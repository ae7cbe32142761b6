package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;

/** Where a plan's matching records go: kept rows, a top-N, or a group table. */
interface RowSink {
    /** Takes the matching record at absolute {@code record} of {@code buf}. */
    void accept(ByteBuffer buf, int record, Work work);

    /**
     * Takes row {@code row} of {@code batch}, a match, whose record {@code buf} holds
     * ({@link ColumnBatch#buffer}; null where {@link #readsBatch}): as {@link #accept(ByteBuffer, int, Work)} its record, or read
     * from the batch's columns where the sink can.
     */
    default void accept(ColumnBatch batch, ByteBuffer buf, int row, Work work) {
        accept(buf, batch.record(row), work);
    }

    /**
     * Takes rows {@code sel[0, n)} of {@code batch}, the matches of a WHERE, one at a time
     * ({@link #accept(ColumnBatch, ByteBuffer, int, Work)}), counted as {@code rowsOneAtATime}: the
     * one way every loop that hands a batch's matches to a sink row by row hands them.
     */
    default void acceptEach(ColumnBatch batch, int[] sel, int n, Work work) {
        work.rowsOneAtATime += n;
        // no match, nothing to read: a sink's columns made from the batch's (RecordBytes) are not made for it
        ByteBuffer buf = n == 0 || readsBatch(batch) ? null : batch.buffer(sel, n);
        for (int i = 0; i < n; i++) {
            accept(batch, buf, sel[i], work);
        }
    }

    /** Whether {@link #accept(ColumnBatch, ByteBuffer, int, Work)} reads {@code batch}'s rows from its columns alone (its {@code buf} then null). */
    default boolean readsBatch(ColumnBatch batch) {
        return false;
    }

    /** Whether no further record can change the result (a LIMIT reached). */
    boolean full();

    /** Writes the rows in the {@link PlanResult} encoding. */
    void write(ResultSink out, Work work);
}
