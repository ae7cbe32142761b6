package dev.ispd.plan;

import dev.ispd.tasklet.TaskletLimitException;
import java.util.List;

/**
 * The batch path's aggregation, for GROUP BY keys of at most {@value GroupTable#DENSE_BITS} bits
 * together (or none) with COUNT(*) and aggregates of expressions, such as TPC-H Q1's sums of
 * products per return flag and line status: the aggregates' arguments are evaluated over the
 * batch's matching rows a node at a time ({@link #evaluate}); then each row's group is found
 * by direct index from its packed key, as {@link DenseGroupScan} finds it, and each aggregate
 * takes its column of values in one loop ({@link #take}). The groups, their order, the values
 * and the work counted are {@link GroupTable#accept}'s, row for row.
 */
final class VectorGroups {
    private final GroupTable table;
    /** Packs a row's key; null without GROUP BY (one group, packed key 0). */
    private final KeyPacker packer;
    private final int width;
    /** Per aggregate, its state and arithmetic, or null for COUNT(*). */
    private final ExprAggregate[] expressions;
    /** Per aggregate, its argument's batch form, or null for COUNT(*). */
    private final VectorEval[] values;
    /** The work of one matching row: its dense key's field loads and its aggregates' arguments. */
    private final ExprCost perMatch;
    private final boolean keyed;
    /** Per matching row of the batch, its group's first state index. */
    private final int[] base = new int[ColumnBatch.MAX_ROWS];
    /** Per matching row of the batch, its packed key. */
    private final int[] packed = new int[ColumnBatch.MAX_ROWS];

    private VectorGroups(GroupTable table, Plan plan, ExprAggregate[] expressions, VectorEval[] values) {
        this.table = table;
        this.keyed = !plan.groupBy().isEmpty();
        this.packer = keyed ? table.packer() : null;
        this.width = expressions.length;
        this.expressions = expressions;
        this.values = values;
        ExprCost cost = new ExprCost(plan.groupBy().size(), 0, 0, 0);
        for (Aggregate a : plan.aggregates()) {
            if (a.argument() != null) {
                cost = cost.plus(ExprCost.ofUpdate(a, plan.layout()));
            }
        }
        this.perMatch = cost;
    }

    /** The batch aggregation of {@code plan} into {@code table}, or null if the plan is not of its shape. */
    static VectorGroups of(Plan plan, GroupTable table, VectorCompiler compiler) {
        if (!takes(plan)) {
            return null;
        }
        List<Aggregate> aggregates = plan.aggregates();
        ExprAggregate[] expressions = new ExprAggregate[aggregates.size()];
        VectorEval[] values = new VectorEval[aggregates.size()];
        for (int a = 0; a < expressions.length; a++) {
            Aggregate agg = aggregates.get(a);
            if (agg.argument() != null) {
                expressions[a] = new ExprAggregate(agg, plan.layout());
                values[a] = compiler.compile(expressions[a].argument);
            }
        }
        return new VectorGroups(table, plan, expressions, values);
    }

    /**
     * Whether {@code plan}'s aggregate is of this shape: {@link GroupTable#dense} keys (or none),
     * every aggregate COUNT(*) or of an expression (one of a plain field the table takes per record).
     */
    static boolean takes(Plan plan) {
        return plan.aggregating() && GroupTable.dense(plan) && plan.aggregates().stream()
                .allMatch(a -> a.argument() != null || a.function() == Aggregate.Function.COUNT_STAR);
    }

    /** Evaluates the aggregates' arguments for rows {@code sel[0, n)}; touches no group. */
    void evaluate(ColumnBatch batch, int[] sel, int n) {
        for (VectorEval v : values) {
            if (v != null) {
                v.evaluate(batch, sel, n);
            }
        }
    }

    /**
     * Adds rows {@code sel[0, n)}, {@link #evaluate}d, to their groups. An error is the one the
     * rows taken one at a time would raise first: a group past the limit, or the first row (and
     * of its aggregates the first) whose SUM overflowed.
     */
    void take(ColumnBatch batch, int[] sel, int n, Work work) {
        int rows = n;
        TaskletLimitException tooManyGroups = null;
        if (keyed) {
            batch.keys(packer, sel, n, packed);
        }
        for (int i = 0; i < n; i++) {
            try {
                base[i] = table.denseSlot(keyed ? packed[i] : 0) * width;
            } catch (TaskletLimitException e) {
                rows = i;
                tooManyGroups = e;
                break;
            }
        }
        long[] state = table.state(); // after denseSlot, which may have grown the table
        long[] high = table.high();
        long[] nonNull = table.nonNull();
        int failedAt = rows;
        PlanArithmeticException overflow = null;
        for (int a = 0; a < width; a++) {
            if (expressions[a] == null) {
                for (int i = 0; i < rows; i++) {
                    state[base[i] + a]++;
                }
                continue;
            }
            int at = expressions[a].acceptAll(values[a], sel, rows, base, a, state, high, nonNull);
            if (at >= 0 && at < failedAt) {
                failedAt = at;
                overflow = expressions[a].overflow();
            }
        }
        work.add(perMatch, rows);
        work.hashUpdates += keyed ? rows : 0;
        work.packedKeys += (long) rows * table.keysPackedPerRow();
        if (overflow != null) {
            throw overflow;
        }
        if (tooManyGroups != null) {
            throw tooManyGroups;
        }
    }
}
