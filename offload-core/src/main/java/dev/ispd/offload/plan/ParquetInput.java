package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.RowGroupFilter;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A Parquet input file as the planner cuts it, from its footer (read once, on the host): the
 * columns the plan reads, the row groups left to read (each with the file offset of each of those
 * columns' chunks, in column order), how many row groups the plan's WHERE excluded by their
 * statistics, which are not read at all, and how many data pages of the read columns it excluded
 * by their column index statistics within the row groups read (not read either).
 */
public record ParquetInput(List<ParquetColumn> columns, List<RowGroup> rowGroups, int rowGroupsSkipped,
                           long pagesSkipped) implements Serializable {
    public ParquetInput {
        columns = List.copyOf(columns);
        rowGroups = List.copyOf(rowGroups);
    }

    /**
     * A row group to read, where in the file each of its chunks starts, per chunk its data pages
     * from the file's offset index, in order (an empty list where the file has none), the runs of
     * its rows to read, in order (all of them but those in pages the WHERE excludes), and per chunk
     * the bytes its values hold in all where the footer says (a string column's unencoded
     * byte-array bytes; -1 where it does not): what its strings add to a result of its rows.
     */
    public record RowGroup(ParquetRowGroup group, List<Long> chunkOffsets, List<List<Page>> pages,
                           List<RowGroupFilter.Rows> read, List<Long> valueBytes) implements Serializable {
        public RowGroup {
            chunkOffsets = List.copyOf(chunkOffsets);
            pages = pages.stream().map(List::copyOf).toList();
            read = List.copyOf(read);
            valueBytes = List.copyOf(valueBytes);
            if (chunkOffsets.size() != group.chunks().size() || pages.size() != group.chunks().size()
                    || valueBytes.size() != group.chunks().size()) {
                throw new IllegalArgumentException("row group " + group.index() + ": " + chunkOffsets.size()
                        + " chunk offsets, " + pages.size() + " page lists and " + valueBytes.size()
                        + " value byte counts for " + group.chunks().size() + " chunks");
            }
            if (read.isEmpty() || !read.equals(all(group)) && pages.stream().anyMatch(List::isEmpty)) {
                throw new IllegalArgumentException("row group " + group.index() + ": rows " + read
                        + " to read: a row group reads some rows, and not all only where its pages are known");
            }
        }

        /** Whether all its rows are read. */
        public boolean readsAll() {
            return read.equals(all(group));
        }

        private static List<RowGroupFilter.Rows> all(ParquetRowGroup group) {
            return List.of(new RowGroupFilter.Rows(0, group.rows()));
        }

        /**
         * The {@code count} rows from row {@code first} as a part reads them: of each chunk, its
         * dictionary page (the bytes before its first data page) and the data pages holding those
         * rows, where the chunks' pages are known; else every chunk whole.
         */
        public Part part(long first, long count) {
            List<Range> ranges = new ArrayList<>();
            if (pages.stream().anyMatch(List::isEmpty)) {
                for (int c = 0; c < chunkOffsets.size(); c++) {
                    ranges.add(new Range(c, chunkOffsets.get(c), group.chunks().get(c).length()));
                }
                return new Part(group.part(first, count), ranges);
            }
            List<ParquetRowGroup.Chunk> sent = new ArrayList<>();
            for (int c = 0; c < chunkOffsets.size(); c++) {
                List<Page> chunkPages = pages.get(c);
                int from = 0;
                while (from + 1 < chunkPages.size() && chunkPages.get(from + 1).firstRow() <= first) {
                    from++;
                }
                int to = from;
                while (to + 1 < chunkPages.size() && chunkPages.get(to + 1).firstRow() < first + count) {
                    to++;
                }
                long chunkStart = chunkOffsets.get(c);
                long pagesStart = chunkPages.get(from).offset();
                long pagesEnd = chunkPages.get(to).offset() + chunkPages.get(to).size();
                long dictionaryEnd = chunkPages.get(0).offset();
                if (dictionaryEnd > chunkStart && from > 0) {
                    ranges.add(new Range(c, chunkStart, dictionaryEnd - chunkStart));
                    ranges.add(new Range(c, pagesStart, pagesEnd - pagesStart));
                } else {
                    long start = from > 0 ? pagesStart : chunkStart;
                    ranges.add(new Range(c, start, pagesEnd - start));
                }
                long bytes = pagesEnd - pagesStart + (dictionaryEnd - chunkStart);
                long endRow = to + 1 < chunkPages.size() ? chunkPages.get(to + 1).firstRow() : group.rows();
                long firstRow = chunkPages.get(from).firstRow();
                ParquetRowGroup.Chunk whole = group.chunks().get(c);
                sent.add(new ParquetRowGroup.Chunk(whole.codec(), bytes, firstRow, endRow - firstRow, whole.dictionary()));
            }
            return new Part(group.part(first, count, sent), ranges);
        }

        /** A row group read whole, its pages {@code pages}, its values' bytes not known. */
        public RowGroup(ParquetRowGroup group, List<Long> chunkOffsets, List<List<Page>> pages) {
            this(group, chunkOffsets, pages, all(group), Collections.nCopies(chunkOffsets.size(), -1L));
        }

        /** A row group whose pages are not known: its parts read its chunks whole. */
        public RowGroup(ParquetRowGroup group, List<Long> chunkOffsets) {
            this(group, chunkOffsets, Collections.nCopies(chunkOffsets.size(), List.of()));
        }
    }

    /** What a part of a row group reads: the row group as its plan runs over it, and the file's bytes sent, in order. */
    public record Part(ParquetRowGroup group, List<Range> ranges) {
    }

    /** Bytes of the file sent of column {@code column}'s chunk: {@code length} from {@code offset}. */
    public record Range(int column, long offset, long length) {
    }

    /** A data page of a column chunk: where it starts in the file, its bytes and the row group's row it starts at. */
    public record Page(long offset, int size, long firstRow) implements Serializable { }
}
