package dev.ispd.spark.write;

import dev.ispd.hadoop.fs.LayoutAttribute;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * One task attempt's writer: encodes rows into records 4,096 at a time in one reused buffer and
 * writes them to the attempt's own file; its commit records the layout on the file and renames
 * it to the partition's part file (Spark lets one attempt per partition commit), its abort
 * deletes the file.
 */
final class RecordDataWriter implements DataWriter<InternalRow> {
    private static final int RECORDS_PER_WRITE = 4096;

    private final WriteTarget target;
    private final RecordEncoder encoder;
    private final int partition;
    private final Path attempt;
    private final FileSystem fs;
    private final FSDataOutputStream out;
    private final ByteBuffer buffer;
    private long records;

    RecordDataWriter(WriteTarget target, RecordEncoder encoder, int partition, long taskId) throws IOException {
        this.target = target;
        this.encoder = encoder;
        this.partition = partition;
        this.attempt = target.attempt(partition, taskId);
        this.fs = target.fileSystem();
        this.out = fs.create(attempt, true);
        this.buffer = ByteBuffer.allocate(RECORDS_PER_WRITE * encoder.recordSize());
    }

    @Override
    public void write(InternalRow row) throws IOException {
        if (!buffer.hasRemaining()) {
            flush();
        }
        encoder.encode(row, buffer, buffer.position());
        buffer.position(buffer.position() + encoder.recordSize());
        records++;
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
        flush();
        out.close();
        LayoutAttribute.record(fs, attempt, target.layout().planLayout());
        Path part = target.part(partition);
        if (!fs.rename(attempt, part)) {
            throw new IOException("ispd: cannot rename " + attempt + " to " + part);
        }
        return new CommittedPart(part.toString(), records);
    }

    @Override
    public void abort() throws IOException {
        out.close();
        fs.delete(attempt, false);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private void flush() throws IOException {
        out.write(buffer.array(), 0, buffer.position());
        buffer.clear();
    }
}
