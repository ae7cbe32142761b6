package dev.ispd.sim.controller;

import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanLimitException;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.store.TaskletDefinition;
import dev.ispd.tasklet.Tasklet;

/**
 * Tasklets of form PLAN: the body is a plan's encoding ({@link PlanCodec}), run by the same
 * interpreter as on the host within the drive's {@link PlanLimits#DRIVE}: a plan beyond them is
 * LIMIT_EXCEEDED naming the limit. The name is only a label; a plan takes no creation parameters, and
 * at most a Parquet source as runtime parameter ({@link PlanSources}).
 */
final class PlanForm {
    private PlanForm() {
    }

    /** Refuses a plan that does not decode, takes parameters, or is beyond the drive's limits. */
    static void check(String name, Params params, byte[] body) throws StatusException {
        decode(name, params, body);
    }

    /** The interpreter for one execution of a stored plan. */
    static Tasklet tasklet(TaskletDefinition def, Params runtime) throws StatusException {
        Plan plan = decode(def.name(), def.params(), def.body());
        try {
            return PlanSources.tasklet(plan, PlanLimits.DRIVE, runtime);
        } catch (BadParameterException e) {
            throw new StatusException(Status.BAD_PARAMETER, "plan '" + def.name() + "': " + e.getMessage());
        }
    }

    private static Plan decode(String name, Params params, byte[] body) throws StatusException {
        if (!params.asMap().isEmpty()) {
            throw new StatusException(Status.BAD_PARAMETER, "plan '" + name + "' takes no parameters, got "
                    + params.asMap().keySet());
        }
        try {
            Plan plan = PlanCodec.decode(body);
            PlanLimits.DRIVE.check(plan);
            return plan;
        } catch (PlanLimitException e) {
            throw new StatusException(Status.LIMIT_EXCEEDED, "plan '" + name + "' is beyond this drive's "
                    + e.limit() + " limit: " + e.getMessage());
        } catch (PlanException e) {
            throw new StatusException(Status.BAD_PARAMETER, "plan '" + name + "': " + e.getMessage());
        }
    }
}
