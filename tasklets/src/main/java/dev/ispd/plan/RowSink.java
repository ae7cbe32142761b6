package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;

/** Where a plan's matching records go: kept rows, a top-N, or a group table. */
interface RowSink {
    /** Takes the matching record at absolute {@code record} of {@code buf}. */
    void accept(ByteBuffer buf, int record, Work work);

    /** Whether no further record can change the result (a LIMIT reached). */
    boolean full();

    /** Writes the rows in the {@link PlanResult} encoding. */
    void write(ResultSink out, Work work);
}
