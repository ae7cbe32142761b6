package dev.ispd.offload.plan;

import dev.ispd.offload.storage.ChunkExtent;
import java.io.Serializable;
import java.util.List;

/**
 * A range of whole records of a file that start inside one chunk, the drive of that chunk that
 * runs it (one of its replicas), and the chunk extents holding the range (the next chunk's too
 * when its last record straddles into it), each with every replica. The planner decides a drive
 * and a placement per piece; a split is one piece, or several pieces of one drive grouped into one
 * execution ({@link SplitGrouper}).
 */
public record SplitPiece(long start, long length, int drive, List<ChunkExtent> extents) implements Serializable {
    public SplitPiece {
        extents = List.copyOf(extents);
    }

    /** The drives holding the chunk the piece's records start in: any of them can run it. */
    public List<Integer> replicaDrives() {
        return extents.get(0).drives(); // the first extent starts at the piece's start
    }

    /** This piece run by {@code replicaDrive}: its extents name that drive's replicas first. */
    public SplitPiece on(int replicaDrive) {
        return new SplitPiece(start, length, replicaDrive, extents.stream().map(e -> e.preferring(replicaDrive)).toList());
    }

    /** The first byte after the piece. */
    public long end() {
        return start + length;
    }
}
