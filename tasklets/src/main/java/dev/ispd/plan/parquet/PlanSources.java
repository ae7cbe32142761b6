package dev.ispd.plan.parquet;

import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.BlockedPlanTasklet;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Tasklet;
import java.util.List;

/**
 * Where one execution of a plan reads its records, from its runtime parameters: none, stored
 * records of the plan's layout (the extents are whole records); {@value #BLOCK}, records of the
 * layout column-blocked, that many to a block ({@link BlockedPlanTasklet}; the extents are whole
 * blocks); {@value ParquetSource#PARAM}, the column chunks of Parquet row groups
 * ({@link ParquetPlanTasklet}). The drive and the host both
 * create a plan's executions here.
 */
public final class PlanSources {
    private PlanSources() {
    }

    /**
     * The runtime parameter that says the records are column-blocked ({@link BlockLayout}): the
     * records a block holds, at least 1.
     */
    public static final String BLOCK = "block";

    /** The interpreter of {@code plan} within {@code limits} for an execution with {@code runtime} parameters. */
    public static Tasklet tasklet(Plan plan, PlanLimits limits, Params runtime) throws BadParameterException {
        runtime.requireOnly(ParquetSource.PARAM, BLOCK);
        if (runtime.has(ParquetSource.PARAM) && runtime.has(BLOCK)) {
            throw new BadParameterException("parameters '" + ParquetSource.PARAM + "' and '" + BLOCK
                    + "' name two sources of one execution's records; give one");
        }
        ParquetSource source = ParquetSource.fromParams(runtime);
        PlanTasklet interpreter = new PlanTasklet(plan, limits);
        if (runtime.has(BLOCK)) {
            return blocked(plan, interpreter, runtime.getInt(BLOCK, 1, Integer.MAX_VALUE));
        }
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

    private static Tasklet blocked(Plan plan, PlanTasklet interpreter, int recordsPerBlock)
            throws BadParameterException {
        Layout layout = plan.layout();
        BlockLayout blocks;
        try {
            blocks = new BlockLayout(layout, recordsPerBlock);
        } catch (PlanException e) {
            throw new BadParameterException("parameter '" + BLOCK + "': " + e.getMessage());
        }
        List<Field> fields = PlanFields.used(plan).stream().map(name -> layout.field(name, "plan")).toList();
        return new BlockedPlanTasklet(interpreter, blocks, fields);
    }
}
