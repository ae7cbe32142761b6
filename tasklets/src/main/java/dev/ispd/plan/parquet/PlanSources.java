package dev.ispd.plan.parquet;

import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Tasklet;

/**
 * Where one execution of a plan reads its records, from its runtime parameters: none, stored
 * records of the plan's layout (the extents are whole records); {@value ParquetSource#PARAM}, the
 * column chunks of Parquet row groups ({@link ParquetPlanTasklet}). The drive and the host both
 * create a plan's executions here.
 */
public final class PlanSources {
    private PlanSources() {
    }

    /** The interpreter of {@code plan} within {@code limits} for an execution with {@code runtime} parameters. */
    public static Tasklet tasklet(Plan plan, PlanLimits limits, Params runtime) throws BadParameterException {
        for (String key : runtime.asMap().keySet()) {
            if (!key.equals(ParquetSource.PARAM)) {
                throw new BadParameterException("a plan takes no runtime parameters but '" + ParquetSource.PARAM
                        + "' (a Parquet source), got " + runtime.asMap().keySet());
            }
        }
        ParquetSource source = ParquetSource.fromParams(runtime);
        PlanTasklet interpreter = new PlanTasklet(plan, limits);
        if (source == null) {
            return interpreter;
        }
        try {
            return new ParquetPlanTasklet(interpreter, plan.layout(), source);
        } catch (PlanException e) {
            throw new BadParameterException("parameter '" + ParquetSource.PARAM + "' names a column the plan's layout "
                    + "lacks: " + e.getMessage());
        }
    }
}
