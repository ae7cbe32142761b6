package dev.ispd.hadoop.plan;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Merges the partial aggregates of one group, as the splits' plans computed them: COUNT(*),
 * COUNT and SUM add (SUM wrapping in 64 bits, as the drive's does); MIN and MAX keep the
 * smallest and largest in the field's order (unsigned 64-bit fields too), a partial that is the
 * field's NULL (a MIN or MAX over only NULLs) losing to any value. The combiner and the reducer
 * of an aggregate plan's job ({@link PlanDeviceMapper#setPlan}).
 */
public class PlanAggregateReducer extends Reducer<PlanRow, PlanRow, PlanRow, PlanRow> {
    private Aggregate.Function[] functions;
    private Field[] fields;

    @Override
    protected void setup(Context context) {
        Plan plan = PlanDeviceMapper.jobPlan(context.getConfiguration());
        List<Aggregate> aggregates = plan.aggregates();
        functions = new Aggregate.Function[aggregates.size()];
        fields = new Field[aggregates.size()];
        for (int a = 0; a < functions.length; a++) {
            functions[a] = aggregates.get(a).function();
            String field = aggregates.get(a).field();
            fields[a] = field == null ? null : plan.layout().field(field, "aggregate");
        }
    }

    @Override
    protected void reduce(PlanRow group, Iterable<PlanRow> partials, Context context)
            throws IOException, InterruptedException {
        long[] merged = null;
        for (PlanRow partial : partials) {
            long[] p = partial.values();
            if (p.length != functions.length) {
                throw new IOException("group " + group + " has " + p.length + " partial aggregates, the plan "
                        + functions.length);
            }
            if (merged == null) {
                merged = p.clone(); // Hadoop reuses the row it reads into
            } else {
                merge(merged, p);
            }
        }
        context.write(group, new PlanRow(merged));
    }

    private void merge(long[] into, long[] partial) {
        for (int a = 0; a < functions.length; a++) {
            into[a] = switch (functions[a]) {
                case COUNT_STAR, COUNT, SUM -> into[a] + partial[a];
                case MIN -> extreme(into[a], partial[a], fields[a], -1);
                case MAX -> extreme(into[a], partial[a], fields[a], 1);
            };
        }
    }

    /** The value of {@code a} and {@code b} further in {@code direction} (-1 smaller, 1 larger), NULLs aside. */
    private static long extreme(long a, long b, Field f, int direction) {
        if (f.isNull(a)) {
            return b;
        }
        if (f.isNull(b)) {
            return a;
        }
        return Integer.signum(f.compare(b, a)) == direction ? b : a;
    }
}
