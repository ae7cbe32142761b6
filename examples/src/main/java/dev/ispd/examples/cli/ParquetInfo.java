package dev.ispd.examples.cli;

import dev.ispd.hadoop.parquet.ParquetFooters;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.parquet.ParquetTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * What {@code bin/ispd info} shows of a Parquet file, from its footer: its columns (how many a plan
 * reads) and each row group with its rows, its bytes, the chunk holding it and that chunk's drives,
 * or the chunks it straddles (such a row group runs on the host).
 */
record ParquetInfo(int columns, ParquetTable table, List<RowGroup> rowGroups) {
    /** A row group: its bytes [start, end) in the file and the indexes of the chunks holding them. */
    record RowGroup(long rows, long start, long end, List<Integer> chunks) {
        boolean straddles() {
            return chunks.size() > 1;
        }
    }

    static ParquetInfo of(FileSystem fs, FileStatus status, List<ChunkExtent> chunks) throws IOException {
        ParquetMetadata footer = ParquetFooters.read(fs, status);
        List<RowGroup> groups = new ArrayList<>();
        for (BlockMetaData b : footer.getBlocks()) {
            long start = b.getColumns().stream().mapToLong(ColumnChunkMetaData::getStartingPos).min().orElse(0);
            long end = b.getColumns().stream().mapToLong(c -> c.getStartingPos() + c.getTotalSize()).max().orElse(0);
            TreeSet<Integer> holding = new TreeSet<>();
            for (int i = 0; i < chunks.size(); i++) {
                ChunkExtent c = chunks.get(i);
                if (c.fileOffset() < end && start < c.fileOffset() + c.length()) {
                    holding.add(i);
                }
            }
            groups.add(new RowGroup(b.getRowCount(), start, end, List.copyOf(holding)));
        }
        return new ParquetInfo(footer.getFileMetaData().getSchema().getFieldCount(),
                ParquetTable.of(status.getPath().getName(), footer.getFileMetaData().getSchema()), groups);
    }

    /** The layout line: what the footer says instead of a recorded layout. */
    String layoutText() {
        long straddling = rowGroups.stream().filter(RowGroup::straddles).count();
        return String.format("Parquet: %d columns (%d a plan reads), %d row groups, %d straddling a chunk boundary",
                columns, table.columns().size(), rowGroups.size(), straddling);
    }

    /** One line per row group, the chunk(s) holding it described by {@code chunkText}. */
    String rowGroupLines(java.util.function.IntFunction<String> chunkText) {
        StringBuilder s = new StringBuilder(String.format("  row groups  %d%n", rowGroups.size()));
        for (int i = 0; i < rowGroups.size(); i++) {
            RowGroup g = rowGroups.get(i);
            s.append(String.format("    %3d  %,d rows  bytes %,d-%,d  ", i, g.rows(), g.start(), g.end() - 1));
            if (g.straddles()) {
                s.append("STRADDLES chunks ").append(g.chunks().get(0)).append('-')
                        .append(g.chunks().get(g.chunks().size() - 1)).append(": runs on the host\n");
            } else {
                s.append("chunk ").append(g.chunks().get(0)).append(", ").append(chunkText.apply(g.chunks().get(0)))
                        .append('\n');
            }
        }
        return s.toString();
    }
}
