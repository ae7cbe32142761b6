package dev.ispd.plan;

import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;

/**
 * One declarative plan as a tasklet factory, so that a host run and a scheduler's estimate treat
 * a plan as they treat a built-in: {@link #create} gives the plan interpreter within
 * {@link PlanLimits#HOST} (over stored records, or over Parquet column chunks when the runtime
 * parameters carry a {@link dev.ispd.plan.parquet.ParquetSource}), {@link #estimate} the plan's metered
 * upper bounds. A plan takes no creation parameters (the drive refuses them too).
 */
public final class PlanTaskletFactory implements TaskletFactory {
    private final String name;
    private final Plan plan;

    public PlanTaskletFactory(String name, Plan plan) {
        this.name = name;
        this.plan = plan;
    }

    @Override
    public String name() {
        return name;
    }

    public Plan plan() {
        return plan;
    }

    @Override
    public void validate(Params params) throws BadParameterException {
        if (!params.asMap().isEmpty()) {
            throw new BadParameterException("plan '" + name + "' takes no parameters, got " + params.asMap().keySet());
        }
    }

    @Override
    public Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        validate(params);
        return PlanSources.tasklet(plan, PlanLimits.HOST, runtimeParams);
    }

    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        return PlanTasklet.estimate(plan, bytes, pageSize);
    }
}
