package dev.ispd.spark.read.partition;

import dev.ispd.spark.read.RecordRange;
import dev.ispd.spark.read.ScanInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * A partition per chunk of each file (its block locations on osd://): the records that start in
 * the chunk, preferring the host of the chunk's drive. A record that runs past a chunk's end
 * belongs to the chunk it starts in; the reader reads its tail from the next chunk.
 */
public final class ChunkPartitionPlanner implements PartitionPlanner {
    @Override
    public List<RecordRange> plan(ScanInput input) throws IOException {
        int entrySize = input.layout().entrySize();
        List<RecordRange> out = new ArrayList<>();
        for (FileStatus file : input.files()) {
            FileSystem fs = file.getPath().getFileSystem(input.conf().get());
            for (BlockLocation chunk : fs.getFileBlockLocations(file, 0, file.getLen())) {
                long start = alignUp(chunk.getOffset(), entrySize);
                long end = Math.min(file.getLen(), alignUp(chunk.getOffset() + chunk.getLength(), entrySize));
                if (end > start) {
                    out.add(new RecordRange(file.getPath().toString(), start, end - start, chunk.getHosts()));
                }
            }
        }
        return out;
    }

    private static long alignUp(long offset, int entrySize) {
        return (offset + entrySize - 1) / entrySize * entrySize;
    }
}
