package dev.ispd.hadoop.parquet;

import dev.ispd.offload.plan.ParquetInput;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data pages of a Parquet file's column chunks (offset, bytes, first row), from the offset
 * index parquet-java writes beside the footer by default: what lets a part of a row group read
 * only the pages holding its rows; and each page's min, max and NULLs, from the column index
 * written with it, which let the planner pass over pages the WHERE excludes. The indexes of all
 * the row groups lie together before the footer, so they are read in one read. A file written
 * without offset indexes, or with one that does not read or does not match its chunks (logged,
 * naming the file, row group and column), has no pages known: its parts read whole chunks, which
 * needs no index. A column index that does not read or does not have a value per page is not used
 * (logged): its pages may all match.
 */
public final class ParquetPages {
    /** Most bytes of offset indexes read for a file: beyond, parts read whole chunks. */
    static final int MAX_INDEX_BYTES = 16 << 20;
    private static final Logger LOG = LoggerFactory.getLogger(ParquetPages.class);
    private static final ParquetPages NONE = new ParquetPages(Map.of(), Map.of());

    private final Map<String, List<ParquetInput.Page>> pages;
    private final Map<String, ColumnIndex> columnIndexes;

    private ParquetPages(Map<String, List<ParquetInput.Page>> pages, Map<String, ColumnIndex> columnIndexes) {
        this.pages = pages;
        this.columnIndexes = columnIndexes;
    }

    /** The pages of {@code file}, whose footer is {@code footer}; none if it has no offset index. */
    public static ParquetPages read(FileSystem fs, FileStatus file, ParquetMetadata footer) throws IOException {
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (BlockMetaData b : footer.getBlocks()) {
            for (ColumnChunkMetaData c : b.getColumns()) {
                IndexReference r = c.getOffsetIndexReference();
                if (r == null) {
                    return NONE;
                }
                from = Math.min(from, r.getOffset());
                to = Math.max(to, r.getOffset() + r.getLength());
                IndexReference ci = c.getColumnIndexReference();
                if (ci != null) {
                    from = Math.min(from, ci.getOffset());
                    to = Math.max(to, ci.getOffset() + ci.getLength());
                }
            }
        }
        if (from >= to || to - from > MAX_INDEX_BYTES || to > file.getLen()) {
            return NONE;
        }
        byte[] index = new byte[(int) (to - from)];
        try (FSDataInputStream in = fs.open(file.getPath())) {
            in.readFully(from, index);
        }
        Map<String, List<ParquetInput.Page>> out = new HashMap<>();
        Map<String, ColumnIndex> columnIndexes = new HashMap<>();
        List<BlockMetaData> blocks = footer.getBlocks();
        for (int b = 0; b < blocks.size(); b++) {
            for (ColumnChunkMetaData c : blocks.get(b).getColumns()) {
                IndexReference r = c.getOffsetIndexReference();
                List<ParquetInput.Page> list = new ArrayList<>();
                String wrong;
                try {
                    OffsetIndex o = Util.readOffsetIndex(new ByteArrayInputStream(index, (int) (r.getOffset() - from),
                            r.getLength()));
                    for (PageLocation p : o.getPage_locations()) {
                        list.add(new ParquetInput.Page(p.getOffset(), p.getCompressed_page_size(), p.getFirst_row_index()));
                    }
                    wrong = mismatch(list, c, blocks.get(b).getRowCount());
                } catch (IOException | RuntimeException e) {
                    wrong = "does not read (" + e.getMessage() + ")";
                }
                if (wrong != null) {
                    LOG.warn("{}: row group {}, column {}: its offset index {}: parts of its row groups read whole "
                            + "column chunks", file.getPath(), b, c.getPath().toDotString(), wrong);
                    return NONE;
                }
                out.put(key(b, c), list);
                ColumnIndex ci = columnIndex(index, from, c, list.size(), file, b);
                if (ci != null) {
                    columnIndexes.put(key(b, c), ci);
                }
            }
        }
        return new ParquetPages(out, columnIndexes);
    }

    /**
     * The column index of {@code chunk} (of {@code pages} data pages) in {@code index}, which
     * starts at file byte {@code from}; null if it has none or it is unusable (logged).
     */
    private static ColumnIndex columnIndex(byte[] index, long from, ColumnChunkMetaData chunk, int pages,
                                           FileStatus file, int block) {
        IndexReference r = chunk.getColumnIndexReference();
        if (r == null) {
            return null;
        }
        String wrong;
        try {
            ColumnIndex ci = Util.readColumnIndex(new ByteArrayInputStream(index, (int) (r.getOffset() - from),
                    r.getLength()));
            if (ci.getNull_pages().size() == pages && ci.getMin_values().size() == pages
                    && ci.getMax_values().size() == pages
                    && (!ci.isSetNull_counts() || ci.getNull_counts().size() == pages)) {
                return ci;
            }
            wrong = "has " + ci.getNull_pages().size() + " pages, the offset index " + pages;
        } catch (IOException | RuntimeException e) {
            wrong = "does not read (" + e.getMessage() + ")";
        }
        LOG.warn("{}: row group {}, column {}: its column index {}: its pages are not skipped by their statistics",
                file.getPath(), block, chunk.getPath().toDotString(), wrong);
        return null;
    }

    /**
     * What is wrong with {@code pages} as the data pages of {@code chunk} (of a row group of
     * {@code rows} rows), or null: they must follow one another from its first data page to its
     * end, from row 0 on, each starting at a later row within the group.
     */
    private static String mismatch(List<ParquetInput.Page> pages, ColumnChunkMetaData chunk, long rows) {
        if (pages.isEmpty() || pages.get(0).firstRow() != 0 || pages.get(0).offset() != chunk.getFirstDataPageOffset()) {
            return "does not start at its first data page and row 0";
        }
        for (int i = 1; i < pages.size(); i++) {
            ParquetInput.Page before = pages.get(i - 1);
            ParquetInput.Page p = pages.get(i);
            if (p.offset() != before.offset() + before.size() || p.firstRow() <= before.firstRow() || p.firstRow() >= rows) {
                return "has page " + i + " at byte " + p.offset() + ", row " + p.firstRow() + " out of place";
            }
        }
        ParquetInput.Page last = pages.get(pages.size() - 1);
        return last.offset() + last.size() == chunk.getStartingPos() + chunk.getTotalSize() ? null
                : "ends at byte " + (last.offset() + last.size()) + ", not at the chunk's end";
    }

    /** The data pages of {@code chunk} of row group {@code block}, in order; empty if not known. */
    public List<ParquetInput.Page> of(int block, ColumnChunkMetaData chunk) {
        return pages.getOrDefault(key(block, chunk), List.of());
    }

    /** The column index of {@code chunk} of row group {@code block}: min, max and NULLs per data page; null if not known. */
    public ColumnIndex columnIndex(int block, ColumnChunkMetaData chunk) {
        return columnIndexes.get(key(block, chunk));
    }

    private static String key(int block, ColumnChunkMetaData chunk) {
        return block + "/" + chunk.getPath().toDotString();
    }
}
