package dev.ispd.plan;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A plan over column-blocked records ({@link BlockLayout}): the execution's extents are whole
 * blocks, each starting at a multiple of the block's bytes in its object; the last extent may end
 * in a file's last block of fewer records. Each block is run as batches of its rows
 * ({@link BlockBatch}, one a block where it holds at most {@link ColumnBatch#capacity} records)
 * whose fields the interpreter decodes straight from the block's columns
 * ({@link PlanTasklet#scan(ColumnBatch, Meter)}), so a plan gives the same answer and counts the
 * same work over blocks as over the same records in rows. A block that a scan buffer holds whole
 * is read where it lies; one cut by the buffer's end is copied until its rest comes.
 */
public final class BlockedPlanTasklet implements Tasklet {
    private final PlanTasklet plan;
    private final BlockLayout blocks;
    private final BlockBatch batch;
    private final int recordSize;
    private final int blockBytes;
    /** Rows a batch takes: {@link ColumnBatch#capacity} of the record size. */
    private final int batchRows;
    /** The bytes of a block cut by a scan buffer's end, from position 0 to its position. */
    private final ByteBuffer pending;
    private long pendingObject;
    private long pendingStart;

    /** {@code plan} runs over blocks of {@code blocks}, of which it reads {@code fields}. */
    public BlockedPlanTasklet(PlanTasklet plan, BlockLayout blocks, List<Field> fields) {
        this.plan = plan;
        this.blocks = blocks;
        this.batch = new BlockBatch(blocks, fields);
        this.recordSize = blocks.layout().recordSize();
        this.blockBytes = blocks.blockBytes();
        this.batchRows = ColumnBatch.capacity(recordSize);
        this.pending = ByteBuffer.allocate(blockBytes);
    }

    @Override
    public int recordSize() {
        return 0; // the extents are blocks, which a batch of pages may cut
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int p = data.position();
        int end = data.limit();
        long at = objectOffset;
        if (pending.position() > 0) {
            if (objectId != pendingObject || at != pendingStart + pending.position()) {
                throw new IllegalArgumentException("the block at byte " + pendingStart + " of object " + pendingObject
                        + " holds " + pending.position() + " of its " + blockBytes + " bytes, and the next extent starts at byte "
                        + at + " of object " + objectId + ": extents must hold whole blocks of "
                        + blocks.recordsPerBlock() + " records");
            }
            int take = Math.min(end - p, blockBytes - pending.position());
            pending.put(pending.position(), data, p, take).position(pending.position() + take);
            p += take;
            at += take;
            if (pending.position() == blockBytes) {
                scanBlock(pending, 0, blocks.recordsPerBlock(), meter);
                pending.clear();
            }
        }
        if (p < end && at % blockBytes != 0) {
            throw new IllegalArgumentException("an extent starts at byte " + at + " of object " + objectId
                    + ", not at a block's start (a multiple of " + blockBytes + " bytes: " + blocks.recordsPerBlock()
                    + " records of " + recordSize + ")");
        }
        for (; end - p >= blockBytes; p += blockBytes, at += blockBytes) {
            scanBlock(data, p, blocks.recordsPerBlock(), meter);
        }
        if (p < end) {
            pending.order(data.order()).put(0, data, p, end - p).position(end - p);
            pendingObject = objectId;
            pendingStart = at;
        }
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        int rest = pending.position();
        if (rest > 0) {
            if (rest % recordSize != 0) {
                throw new IllegalArgumentException("the last block, at byte " + pendingStart + " of object "
                        + pendingObject + ", holds " + rest + " bytes: not a whole number of " + recordSize
                        + "-byte records");
            }
            scanBlock(pending, 0, rest / recordSize, meter);
            pending.clear();
        }
        plan.finish(out, meter);
    }

    /** Runs the plan over the block of {@code rows} records at absolute {@code start} of {@code buf}. */
    private void scanBlock(ByteBuffer buf, int start, int rows, Meter meter) {
        for (int first = 0; first < rows; first += batchRows) {
            batch.reset(buf, start, rows, first, Math.min(batchRows, rows - first));
            plan.scan(batch, meter);
        }
    }
}
