package dev.ispd.offload.execute;

import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.protocol.TaskletForm;

/**
 * How many times an aggregate plan's group table handed back its groups as partial rows in the
 * run that returned a result ({@link PlanLimits#flushes}): known from the result's rows, since a
 * table flushes only when full, in a drive within {@link PlanLimits#DRIVE}, on the host within
 * {@link PlanLimits#HOST}. None for other tasklets.
 */
final class GroupFlushes {
    private static final GroupFlushes NONE = new GroupFlushes(null);

    /** The aggregate plan, or null. */
    private final Plan plan;

    private GroupFlushes(Plan plan) {
        this.plan = plan;
    }

    static GroupFlushes of(TaskletSpec tasklet) {
        if (tasklet.form() != TaskletForm.PLAN) {
            return NONE;
        }
        Plan plan = PlanCodec.decode(tasklet.body());
        return plan.aggregating() ? new GroupFlushes(plan) : NONE;
    }

    /** The flushes of a drive's run that returned {@code result}. */
    long inDrive(byte[] result) {
        return of(PlanLimits.DRIVE, result);
    }

    /** The flushes of a host run that returned {@code result}. */
    long onHost(byte[] result) {
        return of(PlanLimits.HOST, result);
    }

    private long of(PlanLimits limits, byte[] result) {
        return plan == null ? 0 : limits.flushes(plan, PlanResult.rowCount(result));
    }
}
