package dev.ispd.offload.plan;

import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Field;
import dev.ispd.protocol.Extent;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a file of column-blocked records ({@link BlockLayout}) into units of whole blocks that lie
 * in one chunk (at most {@code maxSplitBytes} of blocks at a time, at least one block): a piece
 * per run of adjacent columns of each block that the plan reads ({@link BlockLayout#extents}), so
 * a drive or the host reads only those bytes. A writer of blocked files makes each chunk whole
 * blocks (docs/tpch.md, "Column-blocked tables"), so no block straddles a chunk; a file whose
 * chunks do not start blocks is refused.
 */
final class BlockCutter {
    /**
     * One unit's pieces, in file order, the records its blocks hold, and its blocks whole as one
     * piece (what the planner groups by, as it groups pieces of records in rows).
     */
    record Unit(List<SplitPiece> pieces, long records, SplitPiece blocks) {
        long bytes() {
            return pieces.stream().mapToLong(SplitPiece::length).sum();
        }
    }

    private BlockCutter() {
    }

    /**
     * @param chunks the chunks of the whole file, in file order
     * @param fields the fields the plan reads
     * @param maxSplitBytes the most bytes of blocks (read or not) a unit holds, or 0 for a chunk's
     * @throws IllegalArgumentException the file is not whole records, or a chunk does not start a block (naming both)
     */
    static List<Unit> cut(String file, long fileLength, BlockLayout blocks, List<ChunkExtent> chunks,
                          List<Field> fields, long maxSplitBytes) {
        int recordSize = blocks.layout().recordSize();
        long blockBytes = blocks.blockBytes();
        if (fileLength % recordSize != 0) {
            throw new IllegalArgumentException(file + " is " + fileLength + " bytes, not a whole number of " + recordSize
                    + "-byte records");
        }
        long step = maxSplitBytes <= 0 ? Long.MAX_VALUE : Math.max(1, maxSplitBytes / blockBytes) * blockBytes;
        List<Unit> units = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkExtent c = chunks.get(i);
            if (c.fileOffset() % blockBytes != 0) {
                throw new IllegalArgumentException(file + " stores its records column-blocked, " + blocks.recordsPerBlock()
                        + " to a block (" + blockBytes + " bytes), but its chunk at byte " + c.fileOffset()
                        + " does not start a block: a blocked file's chunks hold whole blocks");
            }
            long end = Math.min(fileLength, c.fileOffset() + c.length());
            for (long s = c.fileOffset(); s < end; s += Math.min(step, end - s)) {
                long e = s + Math.min(step, end - s);
                long records = (e - s) / recordSize;
                List<SplitPiece> pieces = new ArrayList<>();
                for (Extent x : blocks.extents(0, s, records, fields)) {
                    pieces.add(new SplitPiece(x.offset(), x.length(), c.drive(),
                            SplitCutter.clip(chunks, i, x.offset(), x.offset() + x.length())));
                }
                units.add(new Unit(pieces, records, new SplitPiece(s, e - s, c.drive(), SplitCutter.clip(chunks, i, s, e))));
            }
        }
        return units;
    }
}
