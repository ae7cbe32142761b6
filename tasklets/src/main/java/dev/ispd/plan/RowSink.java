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
     * Before rows {@code sel[0, n)} of {@code batch}, matches, are handed to it one at a time: what
     * it reads of them that can be made for all at once, made so.
     */
    default void prepare(ColumnBatch batch, int[] sel, int n) {
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
