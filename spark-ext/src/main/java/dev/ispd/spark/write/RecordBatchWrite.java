package dev.ispd.spark.write;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** A batch write of records: the staging directory made before the tasks start, published or deleted after. */
final class RecordBatchWrite implements BatchWrite {
    private final WriteTarget target;
    private final RecordEncoder encoder;
    private final boolean overwrite;

    RecordBatchWrite(WriteTarget target, RecordEncoder encoder, boolean overwrite) {
        this.target = target;
        this.encoder = encoder;
        this.overwrite = overwrite;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        try {
            target.fileSystem().mkdirs(target.staging());
        } catch (IOException e) {
            throw new UncheckedIOException("ispd: cannot create " + target.staging() + ": " + e.getMessage(), e);
        }
        return new RecordWriterFactory(target, encoder);
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        try {
            new Publisher(target).publish(overwrite,
                    Arrays.stream(messages).map(m -> new Path(((CommittedPart) m).file())).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        new Publisher(target).abort();
    }
}
