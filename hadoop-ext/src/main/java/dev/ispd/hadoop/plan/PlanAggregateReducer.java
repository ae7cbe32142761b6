package dev.ispd.hadoop.plan;

import dev.ispd.plan.PartialAggregates;
import java.io.IOException;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Merges the partial aggregates of one group, as the splits' plans computed them, with the plan
 * module's {@link PartialAggregates} (the merge Spark's gathered aggregation uses too): counts and
 * sums add, minima and maxima keep the extreme in the field's order, NULL losing. The combiner and
 * the reducer of an aggregate plan's job ({@link PlanDeviceMapper#setPlan}).
 */
public class PlanAggregateReducer extends Reducer<PlanRow, PlanRow, PlanRow, PlanRow> {
    private PartialAggregates partials;

    @Override
    protected void setup(Context context) {
        partials = new PartialAggregates(PlanDeviceMapper.jobPlan(context.getConfiguration()));
    }

    @Override
    protected void reduce(PlanRow group, Iterable<PlanRow> values, Context context)
            throws IOException, InterruptedException {
        long[] merged = null;
        for (PlanRow partial : values) {
            long[] p = partial.values();
            if (p.length != partials.words()) {
                throw new IOException("group " + group + " has " + p.length + " words of partial aggregates, the plan "
                        + partials.words());
            }
            if (merged == null) {
                merged = p.clone(); // Hadoop reuses the row it reads into
            } else {
                partials.merge(merged, p);
            }
        }
        context.write(group, new PlanRow(merged));
    }
}
