package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetPlanTasklet;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletFactory;
import java.util.List;

/**
 * The work a Parquet split will meter, estimated before it runs: its tasklet's estimate
 * ({@link TaskletFactory#estimate}) of its rows as records of the plan's layout, plus the values
 * the drive decodes from the column chunks read, by kind ({@link ParquetPlanTasklet#countDecoding}), as the
 * drive meters them. Row groups the statistics exclude are no split's, so they cost nothing.
 */
public final class SplitEstimate {
    private SplitEstimate() {
    }

    /** The work of the rows {@code read} of a row group, its {@code columns} decoded into records of {@code recordSize} bytes. */
    public static Meter ofRowGroup(TaskletFactory estimator, Params params, ParquetRowGroup read,
                                   List<ParquetColumn> columns, int recordSize, int pageSize) {
        Meter m = estimator.estimate(params, read.count() * recordSize, pageSize);
        ParquetPlanTasklet.countDecoding(read, columns, m);
        return m;
    }
}
