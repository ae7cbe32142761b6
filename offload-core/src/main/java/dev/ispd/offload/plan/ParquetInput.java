package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.RowGroupFilter;
import java.io.Serializable;
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
     * from the file's offset index, in order (an empty list where the file has none), and the
     * runs of its rows to read, in order (all of them but those in pages the WHERE excludes).
     */
    public record RowGroup(ParquetRowGroup group, List<Long> chunkOffsets, List<List<Page>> pages,
                           List<RowGroupFilter.Rows> read) implements Serializable {
        public RowGroup {
            chunkOffsets = List.copyOf(chunkOffsets);
            pages = pages.stream().map(List::copyOf).toList();
            read = List.copyOf(read);
            if (chunkOffsets.size() != group.chunks().size() || pages.size() != group.chunks().size()) {
                throw new IllegalArgumentException("row group " + group.index() + ": " + chunkOffsets.size()
                        + " chunk offsets and " + pages.size() + " page lists for " + group.chunks().size() + " chunks");
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

        /** A row group read whole, its pages {@code pages}. */
        public RowGroup(ParquetRowGroup group, List<Long> chunkOffsets, List<List<Page>> pages) {
            this(group, chunkOffsets, pages, all(group));
        }

        /** A row group whose pages are not known: its parts read its chunks whole. */
        public RowGroup(ParquetRowGroup group, List<Long> chunkOffsets) {
            this(group, chunkOffsets, Collections.nCopies(chunkOffsets.size(), List.of()));
        }
    }

    /** A data page of a column chunk: where it starts in the file, its bytes and the row group's row it starts at. */
    public record Page(long offset, int size, long firstRow) implements Serializable { }
}
