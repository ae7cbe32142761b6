package dev.ispd.offload.plan;

import dev.ispd.offload.storage.ChunkExtent;
import java.io.Serializable;
import java.util.List;

/**
 * A range of whole records of a file that start inside one chunk, the drive of that chunk, and
 * the chunk extents holding the range (the next chunk's too when its last record straddles into
 * it). The planner decides a placement per piece; a split is one piece, or several pieces of one
 * drive grouped into one execution ({@link SplitGrouper}).
 */
public record SplitPiece(long start, long length, int drive, List<ChunkExtent> extents) implements Serializable {
    public SplitPiece {
        extents = List.copyOf(extents);
    }

    /** The first byte after the piece. */
    public long end() {
        return start + length;
    }
}
