package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.TaskletLimitException;

/**
 * What a plan may ask of the side that runs it: the most groups a table holds, result bytes and
 * predicate depth. A drive checks a plan against its limits when the plan is created (groups of
 * narrow keys from the GROUP BY fields' ranges, result bytes from LIMIT or a table's groups), and
 * the interpreter ends a plan whose result outgrows {@link #maxResultBytes} while it runs with a
 * {@link TaskletLimitException}. An aggregate plan whose groups outnumber {@link #maxGroups} as it
 * runs hands back the groups it holds as partial rows and goes on ({@link GroupTable}).
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
        // narrow keys find their group by direct index, all of them in one table; others flush theirs
        if (plan.aggregating() && GroupTable.dense(plan) && groups > maxGroups) {
            throw new PlanLimitException("groups", "GROUP BY " + String.join(", ", plan.columnNames()
                    .subList(0, plan.groupBy().size())) + " can make up to "
                    + (groups == Long.MAX_VALUE ? "2^63 or more" : Long.toString(groups)) + " groups, beyond the limit of "
                    + maxGroups + " groups (maxGroups)");
        }
        // narrow keys' groups are all in the result; other tables hold what it holds and flush
        long rows = !plan.aggregating() ? plan.limit() : GroupTable.dense(plan) ? groups : Plan.NO_LIMIT;
        if (rows != Plan.NO_LIMIT && PlanResult.bytes(rows, plan.rowWords()) > maxResultBytes) {
            throw new PlanLimitException("resultBytes", "the result can reach " + rows + " rows of "
                    + plan.columnNames().size() + " columns, beyond the limit of " + maxResultBytes
                    + " result bytes (maxResultBytes)");
        }
    }

    /**
     * The most groups {@code plan}'s table holds at once: {@link #maxGroups}, and unless its keys
     * are narrow (all their groups in one table) no more than {@link #rows} of it.
     */
    long groups(Plan plan) {
        return GroupTable.dense(plan) ? maxGroups : Math.min(maxGroups, rows(plan));
    }

    /** The most rows of {@code plan}'s a result of {@link #maxResultBytes} holds. */
    long rows(Plan plan) {
        return (maxResultBytes - PlanResult.HEADER_BYTES) / ((long) plan.rowWords() * Long.BYTES);
    }

    /**
     * Whether {@code plan}'s groups fit its table whatever the data (no GROUP BY, or group fields,
     * strings too, whose values make no more groups than the table holds): its result then holds
     * each group in one row. Otherwise a group may come back in several partial rows ({@link GroupTable}).
     */
    public boolean holdsAllGroups(Plan plan) {
        if (!plan.aggregating()) {
            return true;
        }
        boolean fields = plan.groupBy().stream().allMatch(k -> k instanceof Expr.Ref);
        return fields && plan.groupFieldsValues() <= groups(plan);
    }

    /**
     * How many times the group table of {@code plan}, an aggregate plan run within these limits,
     * was flushed ({@link GroupTable}) in an execution that returned {@code rows} rows: each flush
     * sets aside exactly a full table's groups, and the table holds a group again after it.
     */
    public long flushes(Plan plan, long rows) {
        return rows == 0 || !plan.aggregating() || GroupTable.dense(plan) ? 0 : (rows - 1) / groups(plan);
    }

    /** The error that ends an execution whose result outgrew {@link #maxResultBytes}. */
    TaskletLimitException resultTooLarge(long rows, int words) {
        return new TaskletLimitException("resultBytes", "the result passed " + rows + " rows of " + words
                + " words, beyond the limit of " + maxResultBytes + " result bytes (maxResultBytes)");
    }
}
