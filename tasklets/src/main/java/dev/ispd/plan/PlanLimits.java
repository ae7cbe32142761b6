package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.TaskletLimitException;

/**
 * What a plan may ask of the side that runs it: the most groups, result bytes and predicate
 * depth. A drive checks a plan against its limits when the plan is created (groups from the
 * GROUP BY fields' ranges, result bytes from LIMIT), and the interpreter ends a row plan whose
 * result outgrows {@link #maxResultBytes}, or an aggregate plan grouping by computed columns
 * whose groups outnumber {@link #maxGroups}, while it runs with a {@link TaskletLimitException}.
 */
public record PlanLimits(long maxGroups, long maxResultBytes, int maxPredicateDepth) {
    /** A drive's defaults: 65,536 groups, a 64 MiB result (the result buffer's limit), depth 16. */
    public static final PlanLimits DRIVE = new PlanLimits(1 << 16, 64L << 20, 16);
    /** The host's: 2^26 groups, a result as large as a byte array (a HostRunner's result sink's), depth 64. */
    public static final PlanLimits HOST = new PlanLimits(1 << 26, ResultSink.HOST_LIMIT, 64);

    public PlanLimits {
        if (maxGroups < 1 || maxResultBytes < PlanResult.HEADER_BYTES || maxPredicateDepth < 1) {
            throw new IllegalArgumentException("plan limits must be positive, got " + maxGroups + " groups, "
                    + maxResultBytes + " result bytes, depth " + maxPredicateDepth);
        }
    }

    /** Refuses {@code plan} if it is beyond these limits, with a {@link PlanLimitException} naming the limit. */
    public void check(Plan plan) {
        int depth = plan.where().depth();
        if (depth > maxPredicateDepth) {
            throw new PlanLimitException("predicateDepth", "the predicate is " + depth + " levels deep, beyond the "
                    + "limit of " + maxPredicateDepth + " levels (predicateDepth)");
        }
        long groups = plan.maxGroups();
        if (plan.aggregating() && plan.groupsBounded() && groups > maxGroups) {
            throw new PlanLimitException("groups", "GROUP BY " + String.join(", ", plan.columnNames()
                    .subList(0, plan.groupBy().size())) + " can make up to "
                    + (groups == Long.MAX_VALUE ? "2^63 or more" : Long.toString(groups)) + " groups, beyond the limit of "
                    + maxGroups + " groups (maxGroups)");
        }
        // groups of computed columns are counted as they are made, up to groups(plan)
        long rows = !plan.aggregating() ? plan.limit() : plan.groupsBounded() ? groups : Plan.NO_LIMIT;
        if (rows != Plan.NO_LIMIT && PlanResult.bytes(rows, plan.rowWords()) > maxResultBytes) {
            throw new PlanLimitException("resultBytes", "the result can reach " + rows + " rows of "
                    + plan.columnNames().size() + " columns, beyond the limit of " + maxResultBytes
                    + " result bytes (maxResultBytes)");
        }
    }

    /**
     * The most groups {@code plan} may make as it runs: {@link #maxGroups}, and for computed
     * group columns no more than a result of {@link #maxResultBytes} holds.
     */
    long groups(Plan plan) {
        return plan.groupsBounded() ? maxGroups
                : Math.min(maxGroups, (maxResultBytes - PlanResult.HEADER_BYTES) / ((long) plan.rowWords() * Long.BYTES));
    }

    /** The error that ends an execution whose result outgrew {@link #maxResultBytes}. */
    TaskletLimitException resultTooLarge(long rows, int words) {
        return new TaskletLimitException("resultBytes", "the result passed " + rows + " rows of " + words
                + " words, beyond the limit of " + maxResultBytes + " result bytes (maxResultBytes)");
    }
}
