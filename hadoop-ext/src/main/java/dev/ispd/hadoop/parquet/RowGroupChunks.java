package dev.ispd.hadoop.parquet;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * How a Parquet file's row groups lie in its chunks (the file system's blocks: osd://'s chunks,
 * HDFS's blocks): how many there are and how many straddle a chunk boundary, which no drive holds
 * whole, so they run on the host (docs/parquet.md, "Row groups that live in one drive").
 */
public record RowGroupChunks(int rowGroups, int straddling) {
    /** Reads {@code file}'s footer and block locations. */
    public static RowGroupChunks of(FileSystem fs, FileStatus file) throws IOException {
        long[] blockStarts = Arrays.stream(fs.getFileBlockLocations(file, 0, file.getLen()))
                .mapToLong(BlockLocation::getOffset).sorted().toArray();
        int groups = 0;
        int straddling = 0;
        for (BlockMetaData b : ParquetFooters.read(fs, file).getBlocks()) {
            long start = b.getColumns().stream().mapToLong(ColumnChunkMetaData::getStartingPos).min().orElse(0);
            long end = b.getColumns().stream().mapToLong(c -> c.getStartingPos() + c.getTotalSize()).max().orElse(0);
            groups++;
            if (end > start && block(blockStarts, start) != block(blockStarts, end - 1)) {
                straddling++;
            }
        }
        return new RowGroupChunks(groups, straddling);
    }

    /** The index of the block holding byte {@code at}: the last starting at or before it. */
    private static int block(long[] starts, long at) {
        int i = Arrays.binarySearch(starts, at);
        return i >= 0 ? i : -i - 2;
    }
}
