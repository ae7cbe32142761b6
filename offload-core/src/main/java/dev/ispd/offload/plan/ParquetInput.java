package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import java.io.Serializable;
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

    /** A row group to read, and where in the file each of its chunks starts. */
    public record RowGroup(ParquetRowGroup group, List<Long> chunkOffsets) implements Serializable {
        public RowGroup {
            chunkOffsets = List.copyOf(chunkOffsets);
            if (chunkOffsets.size() != group.chunks().size()) {
                throw new IllegalArgumentException("row group " + group.index() + ": " + chunkOffsets.size()
                        + " chunk offsets for " + group.chunks().size() + " chunks");
            }
        }
    }
}
