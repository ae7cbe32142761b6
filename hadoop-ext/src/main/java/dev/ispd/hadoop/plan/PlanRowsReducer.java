package dev.ispd.hadoop.plan;

import dev.ispd.plan.Plan;
import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Writes a row plan's rows, each as often as the splits returned it, in key order (for a top-N
 * plan, its order: {@link PlanRowComparator}); with a LIMIT only the first {@code limit} rows,
 * so the job (in one reducer, {@link PlanDeviceMapper#setPlan}) returns at most that many, as
 * each split did.
 */
public class PlanRowsReducer extends Reducer<PlanRow, PlanRow, PlanRow, NullWritable> {
    private long remaining;

    @Override
    protected void setup(Context context) {
        long limit = PlanDeviceMapper.jobPlan(context.getConfiguration()).limit();
        remaining = limit == Plan.NO_LIMIT ? Long.MAX_VALUE : limit;
    }

    @Override
    protected void reduce(PlanRow row, Iterable<PlanRow> copies, Context context)
            throws IOException, InterruptedException {
        for (PlanRow ignored : copies) {
            if (remaining == 0) {
                return;
            }
            context.write(row, NullWritable.get());
            remaining--;
        }
    }
}
