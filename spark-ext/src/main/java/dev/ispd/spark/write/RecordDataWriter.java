package dev.ispd.spark.write;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.BlockedOutput;
import dev.ispd.plan.layout.StoredLayout;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * One task attempt's writer: encodes rows into records 4,096 at a time in one reused buffer and
 * writes them to the attempt's own file (column-blocked through {@link BlockedOutput} when the
 * write says {@code block}, in chunks of whole blocks); its commit records the layout on the file
 * and renames it to the partition's part file (Spark lets one attempt per partition commit), its
 * abort deletes the file.
 */
final class RecordDataWriter implements DataWriter<InternalRow> {
    private static final int RECORDS_PER_WRITE = 4096;

    private final WriteTarget target;
    private final RecordEncoder encoder;
    private final int partition;
    private final Path attempt;
    private final FileSystem fs;
    private final FSDataOutputStream file;
    /** Blocks the records on their way to {@link #file} when the write is column-blocked; else null. */
    private final BlockedOutput blocked;
    /** Where records go: {@link #blocked} or {@link #file}. */
    private final OutputStream out;
    private final ByteBuffer buffer;
    private long records;

    RecordDataWriter(WriteTarget target, RecordEncoder encoder, int partition, long taskId) throws IOException {
        this.target = target;
        this.encoder = encoder;
        this.partition = partition;
        this.attempt = target.attempt(partition, taskId);
        this.fs = target.fileSystem();
        int block = target.recordsPerBlock();
        if (block == 0) {
            this.file = fs.create(attempt, true);
            this.blocked = null;
        } else {
            BlockLayout blocks = new BlockLayout(target.layout().planLayout(), block);
            long chunk = fs.getDefaultBlockSize(attempt);
            this.file = fs.create(attempt, true, fs.getConf().getInt("io.file.buffer.size", 4096),
                    fs.getDefaultReplication(attempt), chunk - chunk % blocks.blockBytes());
            this.blocked = new BlockedOutput(file, blocks);
        }
        this.out = blocked == null ? file : blocked;
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
        if (blocked != null) {
            blocked.finish();
        }
        file.close();
        LayoutAttribute.record(fs, attempt, new StoredLayout(target.layout().planLayout(), target.recordsPerBlock()));
        Path part = target.part(partition);
        if (!fs.rename(attempt, part)) {
            throw new IOException("ispd: cannot rename " + attempt + " to " + part);
        }
        return new CommittedPart(part.toString(), records);
    }

    @Override
    public void abort() throws IOException {
        file.close();
        fs.delete(attempt, false);
    }

    @Override
    public void close() throws IOException {
        file.close();
    }

    private void flush() throws IOException {
        out.write(buffer.array(), 0, buffer.position());
        buffer.clear();
    }
}
