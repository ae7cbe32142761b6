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
import java.util.ArrayList;
import java.util.List;

/**
 * Where one execution of a plan reads its records, from its runtime parameters: none, stored
 * records of the plan's layout (the extents are whole records); {@value #BLOCK} and {@value #RECORDS},
 * that many records of the layout column-blocked, that many to a block ({@link BlockedPlanTasklet};
 * the extents hold the columns of each block the plan reads); {@value ParquetSource#PARAM}, the column chunks of Parquet row groups
 * ({@link ParquetPlanTasklet}, its WHERE's string tests first: {@link StringTestsFirst}). The drive and the host both
 * create a plan's executions here.
 */
public final class PlanSources {
    private PlanSources() {
    }

    /**
     * The runtime parameter that says the records are column-blocked ({@link BlockLayout}): the
     * records a block holds, at least 1; with it, {@value #RECORDS}.
     */
    public static final String BLOCK = "block";
    /** The runtime parameter beside {@value #BLOCK}: the records the execution's blocks hold. */
    public static final String RECORDS = "records";

    /** The interpreter of {@code plan} within {@code limits} for an execution with {@code runtime} parameters. */
    public static Tasklet tasklet(Plan plan, PlanLimits limits, Params runtime) throws BadParameterException {
        List<String> allowed = new ArrayList<>(ParquetSource.keys());
        allowed.addAll(List.of(BLOCK, RECORDS));
        runtime.requireOnly(allowed.toArray(String[]::new));
        if (runtime.has(ParquetSource.PARAM) && runtime.has(BLOCK)) {
            throw new BadParameterException("parameters '" + ParquetSource.PARAM + "' and '" + BLOCK
                    + "' name two sources of one execution's records; give one");
        }
        if (runtime.has(BLOCK) != runtime.has(RECORDS)) {
            throw new BadParameterException("parameters '" + BLOCK + "' and '" + RECORDS + "' go together (blocked records"
                    + " and how many the execution's blocks hold); got only '" + (runtime.has(BLOCK) ? BLOCK : RECORDS) + "'");
        }
        ParquetSource source = ParquetSource.fromParams(runtime);
        Plan run = source == null ? plan : StringTestsFirst.of(plan);
        PlanTasklet interpreter = new PlanTasklet(run, limits);
        if (runtime.has(BLOCK)) {
            return blocked(plan, interpreter, runtime.getInt(BLOCK, 1, Integer.MAX_VALUE),
                    runtime.getLong(RECORDS, 0, Long.MAX_VALUE));
        }
        if (source == null) {
            return interpreter;
        }
        try {
            return new ParquetPlanTasklet(interpreter, run.layout(), run.where(), source);
        } catch (PlanException e) {
            throw new BadParameterException("parameter '" + ParquetSource.PARAM + "' names a column the plan's layout "
                    + "lacks: " + e.getMessage());
        }
    }

    private static Tasklet blocked(Plan plan, PlanTasklet interpreter, int recordsPerBlock, long records)
            throws BadParameterException {
        BlockLayout blocks;
        try {
            blocks = new BlockLayout(plan.layout(), recordsPerBlock);
        } catch (PlanException e) {
            throw new BadParameterException("parameter '" + BLOCK + "': " + e.getMessage());
        }
        return new BlockedPlanTasklet(interpreter, blocks, fields(plan), records);
    }

    /** The fields {@code plan} reads, which a scan of its blocks reads the columns of ({@link BlockLayout#extents}). */
    public static List<Field> fields(Plan plan) {
        Layout layout = plan.layout();
        return PlanFields.used(plan).stream().map(name -> layout.field(name, "plan")).toList();
    }
}
