package dev.ispd.hadoop.parquet;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * How a Parquet file's row groups lie in its chunks (the file system's blocks: osd://'s chunks,
 * HDFS's blocks): how many there are and how many straddle a chunk boundary, which no drive holds
 * whole, so they run on the host (docs/parquet.md, "Row groups that live in one drive"), and the
 * rows of the others on each drive (the first replica of their chunk, by its name: for osd://, the
 * drive's address), which says how evenly a scan's work is spread over the drives.
 *
 * @param rowsByDrive rows of the row groups inside one chunk, by the chunk's first replica, in name order
 */
public record RowGroupChunks(int rowGroups, int straddling, Map<String, Long> rowsByDrive) {
    public RowGroupChunks {
        rowsByDrive = Collections.unmodifiableMap(new TreeMap<>(rowsByDrive));
    }

    /** The most rows any drive holds over the fewest any holds (1 when even; the drives holding none are not counted). */
    public double driveImbalance() {
        long most = rowsByDrive.values().stream().mapToLong(Long::longValue).max().orElse(0);
        long fewest = rowsByDrive.values().stream().mapToLong(Long::longValue).min().orElse(0);
        return fewest == 0 ? 1 : (double) most / fewest;
    }

    /** Reads {@code file}'s footer and block locations. */
    public static RowGroupChunks of(FileSystem fs, FileStatus file) throws IOException {
        BlockLocation[] blocks = fs.getFileBlockLocations(file, 0, file.getLen());
        Arrays.sort(blocks, (a, b) -> Long.compare(a.getOffset(), b.getOffset()));
        long[] blockStarts = Arrays.stream(blocks).mapToLong(BlockLocation::getOffset).toArray();
        int groups = 0;
        int straddling = 0;
        Map<String, Long> rowsByDrive = new TreeMap<>();
        for (BlockMetaData b : ParquetFooters.read(fs, file).getBlocks()) {
            long start = b.getColumns().stream().mapToLong(ColumnChunkMetaData::getStartingPos).min().orElse(0);
            long end = b.getColumns().stream().mapToLong(c -> c.getStartingPos() + c.getTotalSize()).max().orElse(0);
            groups++;
            int first = block(blockStarts, start);
            if (end > start && first != block(blockStarts, end - 1)) {
                straddling++;
            } else if (first >= 0 && blocks[first].getNames().length > 0) {
                rowsByDrive.merge(blocks[first].getNames()[0], b.getRowCount(), Long::sum);
            }
        }
        return new RowGroupChunks(groups, straddling, rowsByDrive);
    }

    /** The index of the block holding byte {@code at}: the last starting at or before it. */
    private static int block(long[] starts, long at) {
        int i = Arrays.binarySearch(starts, at);
        return i >= 0 ? i : -i - 2;
    }
}
