package dev.ispd.hadoop.fs;

/**
 * Where a new file's chunks go: chunk {@code i} of a file created at path {@code p} lives on drive
 * {@code (hash(p) + i) mod n}. Consecutive chunks of a file go round robin over the drives, and
 * different files start on different drives, so both one large file and many small ones spread.
 */
final class ChunkPlacement {
    private ChunkPlacement() {
    }

    static int drive(String path, int chunkIndex, int drives) {
        return Math.floorMod(path.hashCode() + chunkIndex, drives);
    }
}
