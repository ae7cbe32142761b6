package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import java.io.Serializable;
import java.util.Collections;
import java.util.List;

/**
 * A Parquet input file as the planner cuts it, from its footer (read once, on the host): the
 * columns the plan reads, the row groups left to read (each with the file offset of each of those
 * columns' chunks, in column order), and how many row groups the plan's WHERE excluded by their
 * statistics, which are not read at all.
 */
public record ParquetInput(List<ParquetColumn> columns, List<RowGroup> rowGroups, int rowGroupsSkipped)
        implements Serializable {
    public ParquetInput {
        columns = List.copyOf(columns);
        rowGroups = List.copyOf(rowGroups);
    }

    /**
     * A row group to read, where in the file each of its chunks starts, and per chunk its data
     * pages from the file's offset index, in order (an empty list where the file has none).
     */
    public record RowGroup(ParquetRowGroup group, List<Long> chunkOffsets, List<List<Page>> pages)
            implements Serializable {
        public RowGroup {
            chunkOffsets = List.copyOf(chunkOffsets);
            pages = pages.stream().map(List::copyOf).toList();
            if (chunkOffsets.size() != group.chunks().size() || pages.size() != group.chunks().size()) {
                throw new IllegalArgumentException("row group " + group.index() + ": " + chunkOffsets.size()
                        + " chunk offsets and " + pages.size() + " page lists for " + group.chunks().size() + " chunks");
            }
        }

        /** A row group whose pages are not known: its parts read its chunks whole. */
        public RowGroup(ParquetRowGroup group, List<Long> chunkOffsets) {
            this(group, chunkOffsets, Collections.nCopies(chunkOffsets.size(), List.of()));
        }
    }

    /** A data page of a column chunk: where it starts in the file, its bytes and the row group's row it starts at. */
    public record Page(long offset, int size, long firstRow) implements Serializable { }
}
