package dev.ispd.offload.plan;

import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetPlanTasklet;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletFactory;
import java.util.List;
import java.util.Map;

/**
 * The work a Parquet split will meter, estimated before it runs: its tasklet's estimate
 * ({@link TaskletFactory#estimate}) of its rows over the column chunks' bytes it reads (the pages
 * the drive reads, its rows the records the plan judges), plus the values
 * the drive decodes from the column chunks read, by kind ({@link ParquetPlanTasklet#countDecoding}), as the
 * drive meters them; a plan's string tests over dictionary-coded columns once per entry where the
 * planner bounds the entries ({@link DictionaryEntries}). Row groups the statistics exclude are no
 * split's, so they cost nothing.
 */
public final class SplitEstimate {
    private SplitEstimate() {
    }

    /** The work of the rows {@code read} of a row group, its {@code columns} decoded from the {@code bytes} of their chunks read. */
    public static Meter ofRowGroup(TaskletFactory estimator, Params params, ParquetRowGroup read,
                                   List<ParquetColumn> columns, long bytes, int pageSize) {
        return ofRowGroup(estimator, params, read, columns, bytes, pageSize, Map.of());
    }

    /**
     * As {@link #ofRowGroup(TaskletFactory, Params, ParquetRowGroup, List, long, int)}, the string
     * columns named in {@code dictionaryEntries} held as ids into dictionaries of at most that many
     * entries: a plan's string tests judged once per entry count once per entry
     * ({@link PlanTasklet#estimate(Plan, long, long, int, Map)}), as the drive meters them.
     */
    public static Meter ofRowGroup(TaskletFactory estimator, Params params, ParquetRowGroup read,
                                   List<ParquetColumn> columns, long bytes, int pageSize,
                                   Map<String, Long> dictionaryEntries) {
        Meter m = estimator instanceof PlanTaskletFactory plan
                ? PlanTasklet.estimate(plan.plan(), bytes, read.count(), pageSize, dictionaryEntries)
                : estimator.estimate(params, bytes, pageSize);
        ParquetPlanTasklet.countDecoding(read, columns, m);
        return m;
    }
}
