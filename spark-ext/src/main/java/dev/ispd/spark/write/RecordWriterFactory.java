package dev.ispd.spark.write;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;

/** Sent to the executors: a {@link RecordDataWriter} per task attempt. */
record RecordWriterFactory(WriteTarget target, RecordEncoder encoder) implements DataWriterFactory {
    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
        try {
            return new RecordDataWriter(target, encoder, partitionId, taskId);
        } catch (IOException e) {
            throw new UncheckedIOException("ispd: cannot create the file of task " + taskId + " in "
                    + target.staging() + ": " + e.getMessage(), e);
        }
    }
}
