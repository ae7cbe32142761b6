package dev.ispd.plan;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A plan over column-blocked records ({@link BlockLayout}) of which the extents hold only the
 * columns the plan reads ({@link BlockLayout#columns}, as {@link BlockLayout#extents} lists them):
 * per block, in order, each of those columns whole, in record order; blocks of
 * {@link BlockLayout#recordsPerBlock} records but the last of the execution's {@code records},
 * which may hold fewer. So a drive reads only the pages of those columns. Each block's columns
 * are collected into one buffer (bytes of the plan's columns only) and run as batches of its rows
 * ({@link BlockBatch}, one a block where it holds at most {@link ColumnBatch#capacity} records)
 * whose fields the interpreter decodes straight from the columns
 * ({@link PlanTasklet#scan(ColumnBatch, Meter)}): a plan gives the same answer and counts the
 * same work over blocks as over the same records in rows. Extents that are not where the blocks'
 * columns lie, or that hold more or fewer records, fail the execution naming the byte.
 */
public final class BlockedPlanTasklet implements Tasklet {
    private final PlanTasklet plan;
    private final BlockLayout blocks;
    private final BlockBatch batch;
    private final int recordSize;
    /** The columns each block holds: record offsets and widths. */
    private final int[] offsets;
    private final int[] widths;
    /** Rows a batch takes: {@link ColumnBatch#capacity} of the record size. */
    private final int batchRows;
    /** The columns of the block being collected. */
    private final ByteBuffer block;
    /** The execution's records not yet collected in a block. */
    private long left;
    /** The block being collected: its records, the column being filled and its bytes so far. */
    private int rows;
    private int column;
    private long got;
    private long blockObject;
    private long blockStart;

    /**
     * {@code plan} runs over {@code records} records in blocks of {@code blocks}, of which it reads
     * {@code fields}.
     */
    public BlockedPlanTasklet(PlanTasklet plan, BlockLayout blocks, List<Field> fields, long records) {
        this.plan = plan;
        this.blocks = blocks;
        this.offsets = blocks.columns(fields);
        this.batch = new BlockBatch(blocks, offsets);
        this.recordSize = blocks.layout().recordSize();
        this.widths = new int[offsets.length];
        for (int c = 0; c < offsets.length; c++) {
            widths[c] = blocks.columnWidth(offsets[c]);
        }
        this.batchRows = ColumnBatch.capacity(recordSize);
        this.block = ByteBuffer.allocate(batch.blockBytes(blocks.recordsPerBlock()));
        this.left = records;
    }

    @Override
    public int recordSize() {
        return 0; // the extents are columns of blocks, which a batch of pages may cut
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int p = data.position();
        int end = data.limit();
        long at = objectOffset;
        block.order(data.order());
        while (p < end) {
            if (column == 0 && got == 0) {
                startBlock(objectId, at);
            } else if (objectId != blockObject || at != blockStart + (long) offsets[column] * rows + got) {
                throw new IllegalArgumentException("the block at byte " + blockStart + " of object " + blockObject
                        + " has " + got + " of the " + (long) rows * widths[column] + " bytes of its column at record offset "
                        + offsets[column] + " (byte " + (blockStart + (long) offsets[column] * rows + got)
                        + " next), and the extents go on at byte " + at + " of object " + objectId);
            }
            int take = (int) Math.min(end - p, (long) rows * widths[column] - got);
            block.put(block.position(), data, p, take).position(block.position() + take);
            p += take;
            at += take;
            got += take;
            if (got == (long) rows * widths[column]) {
                got = 0;
                if (++column == offsets.length) {
                    scanBlock(meter);
                }
            }
        }
    }

    /** Begins a block whose first column's bytes start at byte {@code at} of object {@code objectId}. */
    private void startBlock(long objectId, long at) {
        if (left == 0) {
            throw new IllegalArgumentException("the extents hold more than the execution's records: byte " + at
                    + " of object " + objectId + " follows their last block");
        }
        rows = (int) Math.min(blocks.recordsPerBlock(), left);
        long start = at - (long) offsets[0] * rows;
        if (start < 0 || start % blocks.blockBytes() != 0) {
            throw new IllegalArgumentException("byte " + at + " of object " + objectId + " is not the start of the column"
                    + " at record offset " + offsets[0] + " of a block of " + rows + " records: blocks start at multiples of "
                    + blocks.blockBytes() + " bytes (" + blocks.recordsPerBlock() + " records of " + recordSize + ")");
        }
        blockObject = objectId;
        blockStart = start;
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        if (left != 0) {
            throw new IllegalArgumentException("the extents hold " + (column == 0 && got == 0 ? "no block" : "part of a block")
                    + " of the execution's last " + left + " records"
                    + (column == 0 && got == 0 ? "" : ": the block at byte " + blockStart + " of object " + blockObject
                    + " lacks its column at record offset " + offsets[column]));
        }
        plan.finish(out, meter);
    }

    /** How many batches were gathered into records ({@link BlockBatch#batchesGathered}). */
    long batchesGathered() {
        return batch.batchesGathered();
    }

    /** Runs the plan over the block collected, a batch of its rows at a time. */
    private void scanBlock(Meter meter) {
        for (int first = 0; first < rows; first += batchRows) {
            batch.reset(block, 0, rows, first, Math.min(batchRows, rows - first));
            plan.scan(batch, meter);
        }
        left -= rows;
        column = 0;
        block.clear();
    }
}
