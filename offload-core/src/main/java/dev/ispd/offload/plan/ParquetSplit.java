package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetSource;
import java.io.Serializable;

/**
 * What a split over Parquet runs: its row groups (or parts of them) and columns ({@code source},
 * sent as the execution's runtime parameters; the units one drive runs are one split,
 * {@link SplitPlanner}); how many row groups of its file the planner skipped by their statistics
 * and how many data pages by their column index, counted when the split runs (on the split
 * holding the file's first unit); how many row groups it starts, and how many of those straddle a
 * chunk boundary (such a row group runs on the host). A row group whose rows could outgrow one
 * result, or whose pages the WHERE excludes in part, is read in parts ({@link ParquetCutter}),
 * counted once, by the split holding its first part.
 */
public record ParquetSplit(ParquetSource source, int rowGroupsSkipped, long pagesSkipped, int rowGroupsStarted,
                           int straddlingStarted) implements Serializable {
}
