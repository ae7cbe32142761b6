package dev.ispd.hadoop.parquet;

import dev.ispd.offload.plan.InputFile;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.plan.parquet.RowGroupFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Parquet file as a plan's input, from its footer (read once, here on the host): the table its
 * schema makes ({@link ParquetTable}), which must be the plan's (a file of another schema is an
 * IOException naming the file and the column), the columns the plan reads, and its row groups but
 * those whose statistics exclude the plan's WHERE (skipped, never read, counted); of each row
 * group, the runs of rows whose data pages' statistics (the column index) do not exclude it: the
 * pages of the read columns holding none of those rows are skipped, never read, and counted.
 */
public final class ParquetInputs {
    private static final Logger LOG = LoggerFactory.getLogger(ParquetInputs.class);

    private ParquetInputs() {
    }

    /** The table of the Parquet file {@code file}: the layout a plan over it is built on. */
    public static ParquetTable table(FileSystem fs, FileStatus file) throws IOException {
        return table(fs, file, ParquetTable.STRING_WIDTH);
    }

    /** {@link #table} with string fields of {@code stringWidth} bytes, for strings longer than {@link ParquetTable#STRING_WIDTH}. */
    public static ParquetTable table(FileSystem fs, FileStatus file, int stringWidth) throws IOException {
        return ParquetTable.of(file.getPath().getName(), ParquetFooters.read(fs, file).getFileMetaData().getSchema(),
                stringWidth);
    }

    /** The planner's input for {@code plan} over the Parquet file {@code file} (its string fields as wide as the plan's). */
    public static InputFile input(FileSystem fs, FileStatus file, Plan plan) throws IOException {
        ParquetMetadata footer = ParquetFooters.read(fs, file);
        ParquetTable table = ParquetTable.of(plan.layout().name(), footer.getFileMetaData().getSchema(),
                ParquetTable.stringWidth(plan.layout()));
        checkSameTable(file.getPath().toString(), table.layout(), plan.layout());
        return input(file, footer, ParquetPages.read(fs, file, footer), table, table.columnsOf(plan), plan.where());
    }

    /**
     * The planner's input for reading {@code columns} of the Parquet file {@code file}, whose
     * footer is {@code footer}, data pages {@code pages} and table {@code table} (checked by the
     * caller), skipping the row groups whose statistics exclude {@code where} (a predicate over
     * the table's layout).
     */
    public static InputFile input(FileStatus file, ParquetMetadata footer, ParquetPages pages, ParquetTable table,
                                  List<ParquetColumn> columns, Predicate where) {
        String path = file.getPath().toString();
        Layout layout = table.layout();
        List<ParquetInput.RowGroup> groups = new ArrayList<>();
        int skipped = 0;
        long pagesSkipped = 0;
        List<BlockMetaData> blocks = footer.getBlocks();
        for (int b = 0; b < blocks.size(); b++) {
            BlockMetaData block = blocks.get(b);
            if (block.getRowCount() == 0) {
                continue;
            }
            Map<String, ColumnChunkMetaData> chunks = chunksByName(block);
            if (RowGroupFilter.excludes(where, layout, statistics(table, chunks, layout, block.getRowCount()))) {
                skipped++;
                continue;
            }
            List<ParquetRowGroup.Chunk> read = new ArrayList<>(columns.size());
            List<Long> offsets = new ArrayList<>(columns.size());
            List<List<ParquetInput.Page>> chunkPages = new ArrayList<>(columns.size());
            List<Long> valueBytes = new ArrayList<>(columns.size());
            for (ParquetColumn c : columns) {
                ColumnChunkMetaData chunk = chunks.get(c.name());
                read.add(new ParquetRowGroup.Chunk(chunk.getCodec().getParquetCompressionCodec().getValue(),
                        chunk.getTotalSize(), 0, block.getRowCount(), dictionaryEncoded(chunk)));
                offsets.add(chunk.getStartingPos());
                chunkPages.add(pages.of(b, chunk));
                valueBytes.add(valueBytes(chunk));
            }
            List<RowGroupFilter.Rows> runs = RowGroupFilter.mayPass(where, layout, block.getRowCount(),
                    where == null ? Map.of() : pageStatistics(table, chunks, pages, b, layout, block.getRowCount()));
            long pagesLeft = chunkPages.stream().mapToLong(p -> unread(p, runs, block.getRowCount())).sum();
            pagesSkipped += pagesLeft;
            if (!runs.isEmpty()) {
                groups.add(new ParquetInput.RowGroup(new ParquetRowGroup(b, block.getRowCount(), read), offsets,
                        chunkPages, runs, valueBytes));
            }
        }
        if (skipped > 0 || pagesSkipped > 0) {
            LOG.info("{}: {} of {} row groups and {} data pages of the others skipped, their statistics exclude {}",
                    path, skipped, blocks.size(), pagesSkipped, where);
        }
        return InputFile.parquet(path, file.getLen(), new ParquetInput(columns, groups, skipped, pagesSkipped));
    }

    /** How many of {@code pages} (of a row group of {@code rows} rows) hold no row of {@code runs}. */
    private static long unread(List<ParquetInput.Page> pages, List<RowGroupFilter.Rows> runs, long rows) {
        long unread = 0;
        for (int i = 0; i < pages.size(); i++) {
            long from = pages.get(i).firstRow();
            long to = i + 1 < pages.size() ? pages.get(i + 1).firstRow() : rows;
            if (runs.stream().noneMatch(r -> r.first() < to && from < r.first() + r.count())) {
                unread++;
            }
        }
        return unread;
    }

    /**
     * The data pages of the chunks of row group {@code block} (of {@code rows} rows) that have an
     * offset index and a column index, with their statistics, by column name.
     */
    private static Map<String, RowGroupFilter.Pages> pageStatistics(ParquetTable table,
                                                                   Map<String, ColumnChunkMetaData> chunks,
                                                                   ParquetPages pages, int block, Layout layout,
                                                                   long rows) {
        Map<String, RowGroupFilter.Pages> out = new HashMap<>();
        for (ParquetColumn c : table.columns()) {
            ColumnChunkMetaData chunk = chunks.get(c.name());
            List<ParquetInput.Page> list = pages.of(block, chunk);
            ColumnIndex index = pages.columnIndex(block, chunk);
            if (list.isEmpty() || index == null) {
                continue;
            }
            long[] firstRows = new long[list.size()];
            RowGroupFilter.Range[] ranges = new RowGroupFilter.Range[list.size()];
            for (int i = 0; i < firstRows.length; i++) {
                firstRows[i] = list.get(i).firstRow();
                long end = i + 1 < list.size() ? list.get(i + 1).firstRow() : rows;
                ranges[i] = RowGroupStatistics.ofPage(index, i, end - firstRows[i], c, layout.field(c.name(), "where"));
            }
            out.put(c.name(), new RowGroupFilter.Pages(firstRows, ranges));
        }
        return out;
    }

    /** The plan's layout must be the file's: same fields, types and places, or the decoded records would mislead it. */
    private static void checkSameTable(String path, Layout file, Layout planned) throws IOException {
        for (Field f : planned.fields()) {
            Field mine = file.fields().stream().filter(x -> x.name().equals(f.name())).findFirst().orElse(null);
            if (mine == null || !mine.equals(f)) {
                throw new IOException(path + ": column " + f.name() + " is "
                        + (mine == null ? "not in the file (or not of a type a plan reads)" : mine.typeText())
                        + ", but the plan reads " + f.typeText() + ": the file's schema differs from the plan's table");
            }
        }
        if (file.recordSize() != planned.recordSize() || file.fields().size() != planned.fields().size()) {
            throw new IOException(path + ": its schema has other columns than the plan's table ("
                    + file.fields().size() + " readable columns, the plan's table " + planned.fields().size() + ")");
        }
    }

    /**
     * The bytes of {@code chunk}'s values in all, unencoded, if the footer's size statistics give
     * them (a byte-array column's, as parquet-java 1.14 and later write them); else -1.
     */
    static long valueBytes(ColumnChunkMetaData chunk) {
        SizeStatistics size = chunk.getSizeStatistics();
        if (size == null || !size.isValid()) {
            return -1;
        }
        return size.getUnencodedByteArrayDataBytes().orElse(-1L);
    }

    /**
     * Whether every data page of {@code chunk} is dictionary encoded, by the footer's encoding
     * statistics; a footer without them (older writers) by its encodings: only dictionary ones
     * besides the levels' (a PLAIN may be a fallback's pages or a v2 dictionary page: not dictionary).
     */
    static boolean dictionaryEncoded(ColumnChunkMetaData chunk) {
        EncodingStats stats = chunk.getEncodingStats();
        if (stats != null) {
            return stats.hasDictionaryEncodedPages() && !stats.hasNonDictionaryEncodedPages();
        }
        Set<Encoding> encodings = chunk.getEncodings();
        return encodings.stream().anyMatch(Encoding::usesDictionary) && encodings.stream()
                .allMatch(e -> e.usesDictionary() || e == Encoding.RLE || e == Encoding.BIT_PACKED);
    }

    private static Map<String, ColumnChunkMetaData> chunksByName(BlockMetaData block) {
        Map<String, ColumnChunkMetaData> out = new HashMap<>();
        for (ColumnChunkMetaData c : block.getColumns()) {
            if (c.getPath().size() == 1) {
                out.put(c.getPath().toArray()[0], c);
            }
        }
        return out;
    }

    private static Map<String, RowGroupFilter.Range> statistics(ParquetTable table, Map<String, ColumnChunkMetaData> chunks,
                                                                Layout layout, long rows) {
        Map<String, RowGroupFilter.Range> out = new HashMap<>();
        for (ParquetColumn c : table.columns()) {
            RowGroupFilter.Range r = RowGroupStatistics.of(chunks.get(c.name()), c, layout.field(c.name(), "where"), rows);
            if (r != null) {
                out.put(c.name(), r);
            }
        }
        return out;
    }
}
