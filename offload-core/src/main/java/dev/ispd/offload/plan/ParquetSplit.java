package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetSource;
import java.io.Serializable;

/**
 * What a split over Parquet runs: its row group and columns ({@code source}, sent as the
 * execution's runtime parameters), and how many row groups of its file the planner skipped by
 * their statistics, counted when the split runs (on the file's first split); whether its row group
 * straddles a chunk boundary (it then runs on the host). A row group whose rows could outgrow one
 * result is read by several splits, each over a part of its rows ({@link ParquetCutter}).
 */
public record ParquetSplit(ParquetSource source, int rowGroupsSkipped, boolean straddles) implements Serializable {
    /** The row groups this split reads from their first row: a row group cut into parts counts once. */
    public int rowGroupsStarted() {
        return (int) source.rowGroups().stream().filter(g -> g.first() == 0).count();
    }

    /** Whether it starts a row group that straddles a chunk boundary: counted once, by its first part. */
    public boolean startsStraddling() {
        return straddles && rowGroupsStarted() > 0;
    }
}
