package dev.ispd.examples.cli;

import dev.ispd.hadoop.parquet.ParquetFooters;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.parquet.ParquetTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * What {@code bin/ispd info} shows of a Parquet file, from its footer: its columns (how many a plan
 * reads) and each row group with its rows, its bytes, the chunk holding it and that chunk's drives,
 * or the chunks it straddles with the columns in each (a plan reading columns in more than one runs
 * the row group on the host), or that its bytes lie past the file's end (a file cut short).
 */
record ParquetInfo(int columns, ParquetTable table, long length, List<RowGroup> rowGroups) {
    /**
     * A row group: its bytes [start, end) in the file, and per chunk holding any of them (by index,
     * ascending) the columns whose chunks lie in it.
     */
    record RowGroup(long rows, long start, long end, TreeMap<Integer, List<String>> columnsByChunk) {
        boolean straddles() {
            return columnsByChunk.size() > 1;
        }
    }

    static ParquetInfo of(FileSystem fs, FileStatus status, List<ChunkExtent> chunks) throws IOException {
        ParquetMetadata footer = ParquetFooters.read(fs, status);
        List<RowGroup> groups = new ArrayList<>();
        for (BlockMetaData b : footer.getBlocks()) {
            long start = b.getColumns().stream().mapToLong(ColumnChunkMetaData::getStartingPos).min().orElse(0);
            long end = b.getColumns().stream().mapToLong(c -> c.getStartingPos() + c.getTotalSize()).max().orElse(0);
            TreeMap<Integer, List<String>> byChunk = new TreeMap<>();
            for (ColumnChunkMetaData column : b.getColumns()) {
                long from = column.getStartingPos();
                long to = from + column.getTotalSize();
                for (int i : holding(chunks, from, to)) {
                    byChunk.computeIfAbsent(i, k -> new ArrayList<>()).add(column.getPath().toDotString());
                }
            }
            groups.add(new RowGroup(b.getRowCount(), start, end, byChunk));
        }
        return new ParquetInfo(footer.getFileMetaData().getSchema().getFieldCount(),
                ParquetTable.of(status.getPath().getName(), footer.getFileMetaData().getSchema()), status.getLen(),
                groups);
    }

    /** The indexes of the chunks holding any of the bytes [from, to). */
    private static TreeSet<Integer> holding(List<ChunkExtent> chunks, long from, long to) {
        TreeSet<Integer> holding = new TreeSet<>();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkExtent c = chunks.get(i);
            if (c.fileOffset() < to && from < c.fileOffset() + c.length()) {
                holding.add(i);
            }
        }
        return holding;
    }

    /** The layout line: what the footer says instead of a recorded layout. */
    String layoutText() {
        long straddling = rowGroups.stream().filter(RowGroup::straddles).count();
        long pastTheEnd = rowGroups.stream().filter(g -> g.end() > length).count();
        return String.format("Parquet: %d columns (%d a plan reads), %s, %d straddling a chunk boundary%s", columns,
                table.columns().size(), count(rowGroups.size(), "row group"), straddling, pastTheEnd == 0 ? ""
                        : String.format(", %s past the file's end (it is cut short)", count(pastTheEnd, "row group")));
    }

    /** One line per row group, the chunk holding it described by {@code chunkText}. */
    String rowGroupLines(IntFunction<String> chunkText) {
        StringBuilder s = new StringBuilder(String.format("  row groups  %d%n", rowGroups.size()));
        for (int i = 0; i < rowGroups.size(); i++) {
            RowGroup g = rowGroups.get(i);
            s.append(String.format("    %3d  %,d rows  bytes %,d-%,d  ", i, g.rows(), g.start(), g.end() - 1));
            if (g.end() > length) {
                s.append(String.format("PAST THE END of the file's %,d bytes: a plan reading it fails%n", length));
            } else if (g.columnsByChunk().isEmpty()) {
                s.append("no column chunk\n");
            } else if (g.straddles()) {
                StringJoiner columns = new StringJoiner("; ", " (", ")");
                g.columnsByChunk().forEach((chunk, names) -> columns.add("chunk " + chunk + ": " + String.join(", ", names)));
                s.append("STRADDLES chunks ").append(g.columnsByChunk().firstKey()).append('-')
                        .append(g.columnsByChunk().lastKey())
                        .append(": runs on the host for a plan reading columns in more than one").append(columns)
                        .append('\n');
            } else {
                int chunk = g.columnsByChunk().firstKey();
                s.append("chunk ").append(chunk).append(", ").append(chunkText.apply(chunk)).append('\n');
            }
        }
        return s.toString();
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
