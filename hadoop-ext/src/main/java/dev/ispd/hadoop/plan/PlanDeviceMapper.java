package dev.ispd.hadoop.plan;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.DeviceMapper;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.layout.Layouts;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;

/**
 * The map side of a DeviceJob that runs a declarative plan (filter, projection of fields and
 * expressions, GROUP BY fields, strings and expressions with their aggregates, AVG too, LIMIT,
 * top-N by selected columns or expressions, NULLs first or last) instead of a tasklet someone wrote: every split runs the plan in
 * its drive or on the host, as the scheduler places it, with the one plan interpreter. The plan
 * travels in the job configuration ({@link IspdKeys#JOB_PLAN}); {@link #setPlan} sets it and
 * everything the job needs around it:
 * <pre>
 *   Plan plan = Plan.aggregate(Layout.worldCup98(256), Predicate.compare("status", CompareOp.EQ, 200),
 *           List.of("region"), List.of(Aggregate.countStar(), Aggregate.sum("size")));
 *   DeviceJob job = PlanDeviceMapper.setPlan(DeviceJob.getInstance(conf, "bytes per region"), plan)
 *       .addInputPath(new Path("osd:///worldcup/day6")).setOutputPath(new Path("/tmp/out"));
 * </pre>
 */
public class PlanDeviceMapper extends DeviceMapper {
    /** The tasklet name a plan's executions carry, in logs and on the drives. */
    public static final String TASKLET = "plan";

    /**
     * Makes {@code job} run {@code plan}: stores it, sets this mapper, {@link PlanFormat}, the
     * reduce side ({@link PlanAggregateReducer} as combiner and reducer of an aggregate plan;
     * {@link PlanRowsReducer} for rows, in one reducer when there is a LIMIT, ordered by
     * {@link PlanRowComparator} for a top-N) and the output classes: (group key, aggregates) as
     * two {@link PlanRow}s, or each row as a {@link PlanRow} with a {@link NullWritable}.
     *
     * @throws IllegalArgumentException a top-N plan with a sort key that is not a selected column
     *     ({@link PlanRowComparator}: its splits' rows could not be merged by it)
     */
    public static DeviceJob setPlan(DeviceJob job, Plan plan) {
        for (Plan.SortKey k : plan.orderBy()) {
            if (!plan.select().contains(k.key())) {
                throw new IllegalArgumentException("plan " + plan + ": a top-N job merges its splits' rows by "
                        + Expr.sql(k.key()) + ", so the plan must select it");
            }
        }
        job.getConfiguration().set(IspdKeys.JOB_PLAN.name(), Base64.getEncoder().encodeToString(PlanCodec.encode(plan)));
        job.setDeviceMapper(PlanDeviceMapper.class).setDeviceMapperFormat(PlanFormat.class)
                .setOutputKeyClass(PlanRow.class);
        if (plan.aggregating()) {
            return job.setCombinerClass(PlanAggregateReducer.class).setReducerClass(PlanAggregateReducer.class)
                    .setOutputValueClass(PlanRow.class);
        }
        job.setReducerClass(PlanRowsReducer.class).setOutputValueClass(NullWritable.class);
        if (plan.limit() != Plan.NO_LIMIT) {
            job.setNumReduceTasks(1);
        }
        if (!plan.orderBy().isEmpty()) {
            job.job().setSortComparatorClass(PlanRowComparator.class);
        }
        return job;
    }

    /** The plan {@link #setPlan} stored in {@code conf}; an IllegalArgumentException naming the key if there is none or it does not decode. */
    public static Plan jobPlan(Configuration conf) {
        String key = IspdKeys.JOB_PLAN.name();
        String encoded = conf.getTrimmed(key, "");
        if (encoded.isEmpty()) {
            throw new IllegalArgumentException(key + " is not set: a PlanDeviceMapper runs the plan of "
                    + "PlanDeviceMapper.setPlan");
        }
        try {
            return PlanCodec.decode(Base64.getDecoder().decode(encoded));
        } catch (IllegalArgumentException e) { // Base64 or PlanException
            throw new IllegalArgumentException(key + " does not hold a plan: " + e.getMessage(), e);
        }
    }

    @Override
    public String tasklet() {
        return TASKLET;
    }

    @Override
    public Params params(Configuration conf) {
        return Params.EMPTY;
    }

    @Override
    protected Plan plan(Configuration conf) {
        return jobPlan(conf);
    }

    /** Every input that records a layout must record the plan's records (size and fields). */
    @Override
    public void takeInputLayout(Configuration conf, FileSystem fs, List<Path> inputs) throws IOException {
        Layout planned = jobPlan(conf).layout();
        for (Path file : inputs) {
            Optional<Layout> recorded = LayoutAttribute.layout(fs, file);
            if (recorded.isPresent() && !Layouts.sameRecords(recorded.get(), planned)) {
                throw new IllegalArgumentException(IspdKeys.JOB_PLAN.name() + ": " + file + " records layout "
                        + Layouts.describe(recorded.get()) + ", but the plan reads " + Layouts.describe(planned));
            }
        }
    }
}
