package dev.ispd.spark.pushdown;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.WordRows;
import java.io.Serial;
import java.io.Serializable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.errors.QueryExecutionErrors;
import org.apache.spark.sql.types.StructType;

/**
 * A GROUP BY and its aggregates pushed into the scan: the group fields and aggregates as Spark
 * asked for them, and the rows the scan returns for them ({@link #schema}: the group columns,
 * then one column per aggregate, as Spark expects of a pushed aggregation). Partial unless
 * {@link #complete}: each partition returns its own groups and Spark merges them (counts summed,
 * sums summed, minima and maxima of the partials).
 *
 * <p>The SUMs of the {@link #halved} fields (columns wider than 32 bits whose sum can leave 64
 * bits) run in the plan as the sums of their halves ({@link HalvedSum}), and such an aggregation
 * is partial: each partition's rows carry its exact partial sums, and one that does not fit a
 * {@code bigint} is returned as three rows of its group whose first two overflow when added,
 * MAX + 1 (or MIN + -1), and whose three add up to the partial sum wrapped in 64 bits. Spark's
 * merge then applies the query's own overflow rule, as it would over the records: an
 * [ARITHMETIC_OVERFLOW] error under ANSI, NULL for {@code try_sum}, the wrapped sum otherwise.
 * The extra rows add 0 to the group's counts and other sums and repeat its minima and maxima.
 */
public record PushedAggregation(List<Expr> groupBy, List<Aggregate> aggregates, List<String> halved,
                                List<Integer> averages, StructType schema, boolean complete, SumOverflow overflow)
        implements Serializable {
    @Serial
    private static final long serialVersionUID = 5L;

    /**
     * @param averages the indexes of the {@code aggregates} that stand for Spark's AVG of a decimal
     *                 expression: the SUM of it, run with its COUNT, the average computed from both
     *                 ({@link Aggregate#decimalAverage}) as Spark rounds it
     * @param overflow what a decimal SUM or AVG whose sum passed its type's digits answers
     *                 ({@link Aggregate#overflowed}): Spark's error, or NULL
     */
    public PushedAggregation {
        groupBy = List.copyOf(groupBy);
        aggregates = List.copyOf(aggregates);
        halved = List.copyOf(halved);
        averages = List.copyOf(averages);
        if (complete && !halved.isEmpty()) {
            throw new IllegalArgumentException("a SUM that can overflow (of " + halved + ") is merged by Spark");
        }
    }

    /** This aggregation answered whole by the one partition the scan has. */
    public PushedAggregation completed() {
        return new PushedAggregation(groupBy, aggregates, halved, averages, schema, true, overflow);
    }

    /** The group columns as the plan writes them: a column's name, or an expression's SQL. */
    public List<String> groupNames() {
        return groupBy.stream().map(Expr::sql).toList();
    }

    /** The aggregates as Spark asked for them: {@code AVG(p)} for an average, else as the plan writes them. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (int a = 0; a < aggregates.size(); a++) {
            out.add(averages.contains(a) ? "AVG(" + Expr.sql(aggregates.get(a).argument()) + ")"
                    : aggregates.get(a).toString());
        }
        return out;
    }

    /** {@code layout} with the halves of the {@link #halved} fields added. */
    public Layout planLayout(Layout layout) {
        if (halved.isEmpty()) {
            return layout;
        }
        List<Field> fields = new ArrayList<>(layout.fields());
        halved.forEach(name -> fields.addAll(HalvedSum.halves(layout.field(name, "aggregate"))));
        return new Layout(layout.name(), layout.recordSize(), fields);
    }

    /**
     * The field of each column of {@link #schema} in {@code layout}: a group's, a MIN's or a MAX's
     * of a field; null for a COUNT or SUM, an aggregate of an expression and a group by one, whose
     * values are no field's.
     */
    public List<Field> fields(Layout layout) {
        List<Field> out = new ArrayList<>();
        groupBy.forEach(k -> out.add(k instanceof Expr.Ref r ? layout.field(r.name(), "groupBy") : null));
        for (Aggregate a : aggregates) {
            boolean extreme = a.function() == Aggregate.Function.MIN || a.function() == Aggregate.Function.MAX;
            out.add(extreme && a.field() != null ? layout.field(a.field(), "aggregate") : null);
        }
        return out;
    }

    /**
     * Whether an aggregate is of an expression: its result words are a value of Spark's type and
     * a count ({@link Aggregate#value}), which only a complete pushdown returns (Spark's merge of
     * partial decimal sums casts each back to its argument's type, which a partial sum may pass).
     */
    public boolean ofExpressions() {
        return aggregates.stream().anyMatch(a -> a.argument() != null);
    }

    /**
     * The value of a decimal SUM (or the sum of an AVG) that passed its type's digits: NULL, or
     * the error Spark raises (the query's rule, {@link #overflow}).
     */
    public Object overflowed(boolean average) {
        if (overflow != SumOverflow.NULL) {
            throw QueryExecutionErrors.overflowInSumOfDecimalError(null, average ? "try_avg" : "try_sum");
        }
        return null;
    }

    /** The plan's aggregates: {@link #aggregates}, a halved field's SUM as the SUMs of its two halves. */
    public List<Aggregate> planAggregates() {
        List<Aggregate> out = new ArrayList<>();
        for (int i = 0; i < aggregates.size(); i++) {
            Aggregate a = aggregates.get(i);
            if (averages.contains(i)) {
                out.add(a);
                out.add(Aggregate.count(a.argument()));
            } else if (halved(a)) {
                out.add(Aggregate.sum(HalvedSum.lowName(a.field())));
                out.add(Aggregate.sum(HalvedSum.highName(a.field())));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    /** The rows of {@link #schema} for the plan's result rows (group values, then {@link #planAggregates()}). */
    public WordRows rows(WordRows planRows) {
        if (halved.isEmpty()) {
            return planRows;
        }
        int keys = groupBy.size();
        int width = keys + aggregates.size();
        long[] out = new long[3 * planRows.size() * width];
        int n = 0;
        long[] plan = planRows.words();
        for (int p = 0; p < planRows.size(); p++) {
            int from = planRows.at(p);
            int[] rows = {n * width, (n + 1) * width, (n + 2) * width};
            for (int row : rows) {
                System.arraycopy(plan, from, out, row, keys);
            }
            boolean overflows = false;
            int at = from + keys;
            for (int a = 0; a < aggregates.size(); a++) {
                int c = keys + a;
                Aggregate.Function f = aggregates.get(a).function();
                if (halved(aggregates.get(a))) {
                    BigInteger sum = HalvedSum.sum(plan[at], plan[at + 1]);
                    at += 2;
                    if (sum.bitLength() < 64) {
                        out[rows[0] + c] = sum.longValue();
                        out[rows[1] + c] = 0; // the three rows are written whole: the next plan row's may start at either
                        out[rows[2] + c] = 0;
                        continue;
                    }
                    overflows = true;
                    long first = sum.signum() > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
                    long second = sum.signum() > 0 ? 1 : -1;
                    out[rows[0] + c] = first;
                    out[rows[1] + c] = second;
                    out[rows[2] + c] = sum.longValue() - first - second; // the three wrap to the sum's low 64 bits
                    continue;
                }
                long v = plan[at++];
                boolean extreme = f == Aggregate.Function.MIN || f == Aggregate.Function.MAX;
                out[rows[0] + c] = v;
                out[rows[1] + c] = extreme ? v : 0;
                out[rows[2] + c] = extreme ? v : 0;
            }
            n += overflows ? 3 : 1;
        }
        return new WordRows(out, width, n);
    }

    private boolean halved(Aggregate a) {
        return a.function() == Aggregate.Function.SUM && a.field() != null && halved.contains(a.field());
    }
}
