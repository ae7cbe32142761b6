package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetSource;
import java.io.Serializable;

/**
 * What a split over Parquet runs: its row group and columns ({@code source}, sent as the
 * execution's runtime parameters); how many row groups of its file the planner skipped by their
 * statistics and how many data pages by their column index, counted when the split runs (on the
 * file's first split); whether its row group straddles a chunk boundary (it then runs on the
 * host); whether it is its row group's first split. A row group whose rows could outgrow one
 * result, or whose pages the WHERE excludes in part, is read by several splits, each over a part
 * of its rows ({@link ParquetCutter}).
 */
public record ParquetSplit(ParquetSource source, int rowGroupsSkipped, long pagesSkipped, boolean straddles,
                           boolean startsRowGroup) implements Serializable {
    /** The row groups this split starts: a row group cut into parts counts once, by its first. */
    public int rowGroupsStarted() {
        return startsRowGroup ? 1 : 0;
    }

    /** Whether it starts a row group that straddles a chunk boundary: counted once, by its first part. */
    public boolean startsStraddling() {
        return straddles && startsRowGroup;
    }
}
