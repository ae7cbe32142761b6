package dev.ispd.spark.pushdown;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.ExprType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanLimits;
import dev.ispd.spark.extension.IspdSessionExtensions;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Avg;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles Spark's aggregation over a scan's records into the plan model's GROUP BY: up to
 * {@value Plan#MAX_GROUP_FIELDS} columns to group by (strings and null-bit columns too), and COUNT(*), COUNT, SUM, MIN and MAX of
 * columns, each with Spark's result. A SUM that cannot leave 64 bits over the scan's records is
 * the drives' SUM; one of a column wider than 32 bits that can is pushed as the exact sums of its
 * halves, for Spark to merge with its own overflow rule ({@link PushedAggregation}). Aggregates
 * of expressions ({@link ExprConverter}), and of columns whose value a plan does not return, are
 * the plan's aggregates of expressions: COUNT, MIN and MAX (not of floats), SUM and AVG of decimals
 * (exact, past their type's digits answered by the query's {@link SumOverflow}, or where that is
 * not known only those that cannot pass their digits over the scan's records), each of Spark's type; the scan
 * pushes them only whole ({@link PushedAggregation#ofExpressions}). Refused, each
 * logged with its reason (Spark then aggregates the scanned rows itself): DISTINCT, AVG of other
 * types, other functions, aggregates of literals, no aggregate and no group column, more group
 * fields, SUMs of integer or float expressions, MIN or MAX of an unsigned 8-byte field (ordered differently from Spark's longs), a SUM that can
 * overflow over 2^31 records or more (the drives' sums are exact only below), a SUM of a column
 * Spark averages where a double could not hold the sum exactly, and a GROUP BY of fields a plan
 * returns as words (integers, dates ..., no null bit) that can make more groups than a drive holds
 * ({@link PlanLimits#DRIVE}), which the drive would refuse. Groups of strings or of fields with a
 * null bit (a Parquet string is a {@code char(N)}, 2^(8N) values) are counted as the data makes
 * them: a partition whose data makes more than a drive holds fails there and runs on the host.
 *
 * <p>One converter serves one scan, and remembers the columns Spark asked to average: Spark offers
 * an aggregation with AVG first and, when the scan does not complete it, rewrites each AVG as
 * {@code CAST(SUM AS DOUBLE) / COUNT}, whose long SUM equals Spark's own average (a sum of
 * doubles) only while a double holds every partial sum exactly (below 2^53 in magnitude), and
 * whose SUM would follow the session's overflow rule, not AVG's (which never overflows).
 */
public final class AggregateConverter {
    private static final Logger LOG = LoggerFactory.getLogger(AggregateConverter.class);

    private final RecordLayout layout;
    private final long records;
    private final boolean countStarKnown;
    private final SumOverflow overflow;
    private final Set<String> averaged = new HashSet<>();
    private final ExprConverter expressions;

    /**
     * The converter for a scan of {@code records} records of {@code layout}; {@code countStarKnown}:
     * whether a COUNT(*) Spark pushes is one, the session's optimizer having rewritten every
     * COUNT(DISTINCT literal), which Spark's translation turns into COUNT(*) ({@link IspdSessionExtensions});
     * {@code overflow}: what the query's decimal sums answer past their digits, if known.
     */
    public AggregateConverter(RecordLayout layout, long records, boolean countStarKnown, SumOverflow overflow) {
        this.layout = layout;
        this.records = records;
        this.countStarKnown = countStarKnown;
        this.overflow = overflow;
        this.expressions = new ExprConverter(layout);
    }

    /** The pushed form of {@code aggregation} under {@code where}, or empty (logged with the reason). */
    public Optional<PushedAggregation> convert(Aggregation aggregation, dev.ispd.plan.Predicate where) {
        try {
            noteAverages(aggregation);
            return Optional.of(aggregation(aggregation, where));
        } catch (NotPushable e) {
            LOG.info("ispd: aggregation not pushed to the scan: {}: {}", aggregation, e.getMessage());
            return Optional.empty();
        }
    }

    private void noteAverages(Aggregation aggregation) throws NotPushable {
        for (AggregateFunc f : aggregation.aggregateExpressions()) {
            if (f instanceof Avg avg && avg.column() instanceof NamedReference) {
                averaged.add(column(avg.column()).name());
            }
        }
    }

    private PushedAggregation aggregation(Aggregation aggregation, dev.ispd.plan.Predicate where) throws NotPushable {
        Expression[] keys = aggregation.groupByExpressions();
        if (keys.length == 0 && aggregation.aggregateExpressions().length == 0) {
            throw new NotPushable("no aggregate and no GROUP BY column (an aggregate of literals only)");
        }
        if (keys.length > Plan.MAX_GROUP_FIELDS) {
            throw new NotPushable("GROUP BY on " + keys.length + " columns, more than the plan's "
                    + Plan.MAX_GROUP_FIELDS);
        }
        List<StructField> schema = new ArrayList<>();
        List<Expr> groupBy = new ArrayList<>();
        for (Expression key : keys) {
            if (key instanceof NamedReference) {
                LayoutColumn c = groupable(ColumnReference.column(layout, key));
                groupBy.add(decodedKey(c));
                schema.add(c.structField());
            } else {
                Expr e = groupKey(key);
                groupBy.add(e);
                schema.add(new StructField(Expr.sql(e), SparkTypes.of(ColumnValues.type(e, layout.planLayout(), "groupBy")),
                        true, Metadata.empty()));
            }
        }
        List<Aggregate> aggregates = new ArrayList<>();
        List<String> halved = new ArrayList<>();
        List<Integer> averages = new ArrayList<>();
        for (AggregateFunc f : aggregation.aggregateExpressions()) {
            if (f instanceof Avg avg) {
                Aggregate sum = average(avg);
                averages.add(aggregates.size());
                aggregates.add(sum);
                schema.add(new StructField("AVG(" + Expr.sql(sum.argument()) + ")", SparkTypes.of(
                        Aggregate.avg(sum.argument()).resultType(layout.planLayout())), true, Metadata.empty()));
                continue;
            }
            Aggregate a = aggregate(f);
            aggregates.add(a);
            schema.add(new StructField(a.toString(), resultType(a), nullable(a), Metadata.empty()));
            if (a.function() == Aggregate.Function.SUM && a.field() != null && halved(a) && !halved.contains(a.field())) {
                halved.add(a.field());
            }
        }
        PushedAggregation pushed = new PushedAggregation(groupBy, aggregates, halved, averages,
                new StructType(schema.toArray(StructField[]::new)), false, overflow);
        Plan plan;
        try {
            plan = Plan.aggregateOf(pushed.planLayout(layout.planLayout()), where, groupBy, pushed.planAggregates());
        } catch (PlanException e) {
            throw new NotPushable("the plan cannot hold the halves of the sums of " + halved + ": " + e.getMessage());
        }
        if (!halved.isEmpty() && !plan.groupsBounded()) {
            throw new NotPushable("the SUMs of " + halved + " can overflow 64 bits, and their halves are merged "
                    + "by Spark only under GROUP BY columns a plan returns as one value each");
        }
        // as the drive's PlanLimits.check: fields a plan returns as words bound the groups before it
        // runs; computed, string and null-bit columns are counted as the data makes them
        long groups = plan.maxGroups();
        if (plan.groupsBounded() && groups > PlanLimits.DRIVE.maxGroups()) {
            throw new NotPushable("GROUP BY " + String.join(", ", pushed.groupNames()) + " can make up to " + groups
                    + " groups, more than a drive holds (" + PlanLimits.DRIVE.maxGroups() + ")");
        }
        return pushed;
    }

    /**
     * GROUP BY key {@code key}, an expression: one that reads a column and whose type a plan
     * groups by (a constant key is Spark's to drop).
     */
    private Expr groupKey(Expression key) throws NotPushable {
        Expr e = expressions.convert(key);
        if (!readsAColumn(e)) {
            throw new NotPushable("GROUP BY " + Expr.sql(e) + " reads no column");
        }
        try {
            ColumnValues.type(e, layout.planLayout(), "groupBy");
        } catch (PlanException x) {
            throw new NotPushable("GROUP BY " + Expr.sql(e) + ": " + x.getMessage());
        }
        return e;
    }

    /**
     * Whether SUM {@code a} is pushed as the sums of its column's halves: it can overflow 64 bits
     * over the scan's records. NotPushable where neither way is exact, and for a column Spark
     * averages whose sum a double may not hold exactly.
     */
    private boolean halved(Aggregate a) throws NotPushable {
        Field f = layout.column(a.field()).orElseThrow().field();
        if (averaged.contains(a.field()) && !SumRange.within(f, records, SumRange.EXACT_IN_DOUBLE)) {
            throw new NotPushable("AVG(" + a.field() + ") over " + records + " records: Spark averages in double, "
                    + "and the long " + a + " it is rewritten to may not equal its sum of doubles beyond 2^53");
        }
        if (SumRange.within(f, records, SumRange.LONG_MAX)) {
            return false;
        }
        if (!HalvedSum.wide(f) || records >= HalvedSum.MAX_RECORDS) {
            throw new NotPushable(a + " over " + records + " records can overflow 64 bits, and the drives' sums "
                    + "are exact only below " + HalvedSum.MAX_RECORDS + " records");
        }
        return true;
    }

    private Aggregate aggregate(AggregateFunc f) throws NotPushable {
        if (f instanceof CountStar) {
            if (!countStarKnown) {
                throw new NotPushable("a COUNT(*) may be a COUNT(DISTINCT literal) without the connector's session "
                        + "extension (spark.sql.extensions=" + IspdSessionExtensions.class.getName() + ")");
            }
            return Aggregate.countStar();
        }
        if (f instanceof Count c) {
            distinct(c.isDistinct(), f);
            return c.column() instanceof NamedReference ? Aggregate.count(column(c.column()).name())
                    : typed(Aggregate.count(expressions.convert(c.column())));
        }
        if (f instanceof Sum s) {
            distinct(s.isDistinct(), f);
            if (s.column() instanceof NamedReference) {
                LayoutColumn c = column(s.column());
                if (c.integer() && !c.field().nullable()) {
                    return Aggregate.sum(c.name());
                }
            }
            return decimalSum(typed(Aggregate.sum(expressions.convert(s.column()))));
        }
        if (f instanceof Min m) {
            return extreme(Aggregate.Function.MIN, m.column());
        }
        if (f instanceof Max m) {
            return extreme(Aggregate.Function.MAX, m.column());
        }
        throw new NotPushable(f + " is not one of COUNT(*), COUNT, SUM, MIN, MAX");
    }

    /**
     * AVG {@code avg} of a decimal expression (or column) as the SUM it is computed from with its
     * COUNT ({@link PushedAggregation#averages}), the SUM pushed as a decimal SUM is. Spark's AVG of
     * other types adds doubles, whose sum depends on the order of the additions: left to Spark
     * (which, offered no complete pushdown, rewrites it as SUM and COUNT).
     */
    private Aggregate average(Avg avg) throws NotPushable {
        distinct(avg.isDistinct(), avg);
        Aggregate sum = typed(Aggregate.sum(expressions.convert(avg.column())));
        if (Aggregate.min(sum.argument()).resultType(layout.planLayout()).kind() != ExprType.Kind.DECIMAL) {
            throw new NotPushable(avg + " averages no decimals: Spark adds doubles, in the order it meets them");
        }
        return decimalSum(sum);
    }

    /**
     * {@code a}, an aggregate of an expression, if it reads a column (an aggregate of literals is
     * left to Spark, as its DISTINCT may have been dropped in translation) and the layout binds it.
     */
    private Aggregate typed(Aggregate a) throws NotPushable {
        if (!readsAColumn(a.argument())) {
            throw new NotPushable(a + " is an aggregate of literals");
        }
        try {
            a.resultType(layout.planLayout());
            return a;
        } catch (PlanException e) {
            throw new NotPushable(a + ": " + e.getMessage());
        }
    }

    private static boolean readsAColumn(Expr e) {
        return e instanceof Expr.Ref || e.children().stream().anyMatch(AggregateConverter::readsAColumn);
    }

    /**
     * {@code sum}, if it sums decimals: exact in the drives, and past its type's digits answered by
     * the query's overflow rule ({@link SumOverflow}: ANSI's error, NULL for {@code try_sum} or
     * with ANSI off). Where that rule is not known, only a sum that cannot pass its type's digits
     * over the scan's records (each value below 10^p, the sum's type of p + 10 digits, at most 38).
     * A SUM of integers (whose overflow Spark handles by the query's rule, which a source is not
     * told) or of floats (whose sum depends on the order of the additions) stays with Spark.
     */
    private Aggregate decimalSum(Aggregate sum) throws NotPushable {
        Layout plan = layout.planLayout();
        ExprType argument = Aggregate.min(sum.argument()).resultType(plan);
        if (argument.kind() != ExprType.Kind.DECIMAL) {
            throw new NotPushable(sum + " sums " + argument + "s: the scan pushes sums of integer columns without "
                    + "NULLs and sums of decimals");
        }
        int spare = sum.resultType(plan).precision() - argument.precision();
        if (overflow == SumOverflow.UNKNOWN && spare < 19
                && BigInteger.valueOf(records).compareTo(BigInteger.TEN.pow(spare)) >= 0) {
            throw new NotPushable(sum + " over " + records + " records can pass the " + spare + " digits its type "
                    + sum.resultType(plan) + " has beyond its values', and whether that is an error or NULL "
                    + "(sum or try_sum under ANSI mode) is not known without the session extension ("
                    + IspdSessionExtensions.class.getName() + ")");
        }
        return sum;
    }

    /**
     * MIN or MAX of {@code e}: of its field where the plan returns the field's value ({@link #ordered}),
     * else of it as an expression (a field with a null bit, say), unless of floats (the plan's order
     * has -0.0 equal to 0.0, and would return either where Spark returns the one it met).
     */
    private Aggregate extreme(Aggregate.Function function, Expression e) throws NotPushable {
        if (e instanceof NamedReference) {
            try {
                return new Aggregate(function, ordered(e).name());
            } catch (NotPushable asField) {
                if (column(e).field().unsigned64()) {
                    throw asField;
                }
            }
        }
        Aggregate a = typed(Aggregate.of(function, expressions.convert(e)));
        if (a.resultType(layout.planLayout()).kind() == ExprType.Kind.FLOAT) {
            throw new NotPushable(a + " of floats: the plan's order has -0.0 equal to 0.0, and may return either");
        }
        return a;
    }

    private LayoutColumn column(Expression e) throws NotPushable {
        return ColumnReference.column(layout, e);
    }

    /**
     * {@code c}, if a plan groups by it as Spark does: integers, decimals, dates, timestamps, floats
     * (Spark groups -0.0 with 0.0 and every NaN together, as the plan's keys do) and {@code char(N)}
     * strings (less their padding, as the scan reads them), NULL by a null value or a null bit. A
     * plan does not group by bools.
     */
    /**
     * The plan's GROUP BY key for column {@code c}: the field, or for a required integer or
     * decimal of Parquet files with more values than a drive holds groups, the field as a
     * computed key ({@code CAST(c AS its type)}). A plan bounds a GROUP BY of stored word fields
     * by their values before it runs, and so would refuse this one; Parquet's values are decoded
     * as the plan runs, so like other computed keys its groups are counted as the drive makes
     * them, and a part making more than the drive holds is refused there (LIMIT_EXCEEDED) and runs
     * on the host.
     */
    private Expr decodedKey(LayoutColumn c) {
        Expr field = Expr.field(c.name());
        ExprType type = ExprType.of(c.field());
        boolean wide = c.field().valueBits() > Long.numberOfTrailingZeros(PlanLimits.DRIVE.maxGroups());
        return layout.parquet() && ColumnValues.fieldColumn(field, layout.planLayout()) && type.numeric() && wide
                ? Expr.cast(field, type) : field;
    }

    private static LayoutColumn groupable(LayoutColumn c) throws NotPushable {
        FieldType.Kind kind = c.field().type().kind();
        if (!(c.field().integral() || kind == FieldType.Kind.FLOAT || kind == FieldType.Kind.CHAR)) {
            throw new NotPushable("GROUP BY " + c.name() + " (" + described(c.field()) + "): a plan groups by "
                    + "integers, decimals of up to 8 bytes, dates, timestamps, floats and strings");
        }
        return c;
    }

    /**
     * The column of MIN or MAX {@code e}, if a plan orders it as Spark does: integers (not unsigned
     * 8-byte ones, ordered differently from Spark's longs), decimals of up to 8 bytes, dates,
     * timestamps and bools, NULL only by a null value. Not floats: the plan's order has -0.0 equal
     * to 0.0, and would return either where Spark returns the one it met.
     */
    private LayoutColumn ordered(Expression e) throws NotPushable {
        LayoutColumn c = column(e);
        Field f = c.field();
        if (f.unsigned64()) {
            throw new NotPushable(f.name() + " is an unsigned 8-byte field, ordered differently from Spark's longs");
        }
        if (!(f.integral() || f.type().kind() == FieldType.Kind.BOOL) || f.hasNullBit()) {
            throw new NotPushable("MIN and MAX of " + c.name() + " (" + described(f) + "): a plan takes them of "
                    + "integers, decimals of up to 8 bytes, dates, timestamps and bools, NULL only by a null value");
        }
        return c;
    }

    private static String described(Field f) {
        return f.typeText() + (f.hasNullBit() ? " with a null bit" : f.nullable() ? " nullable" : "");
    }

    private static void distinct(boolean distinct, AggregateFunc f) throws NotPushable {
        if (distinct) {
            throw new NotPushable(f + " is DISTINCT");
        }
    }

    /**
     * COUNTs and SUMs of columns are bigint, as in Spark, MIN and MAX their column's type; an
     * aggregate of an expression has Spark's type for it ({@link Aggregate#resultType}).
     */
    private org.apache.spark.sql.types.DataType resultType(Aggregate a) {
        if (a.argument() != null) {
            return SparkTypes.of(a.resultType(layout.planLayout()));
        }
        return switch (a.function()) {
            case COUNT_STAR, COUNT, SUM -> DataTypes.LongType;
            case MIN, MAX -> layout.column(a.field()).orElseThrow().type();
            case AVG -> throw new IllegalStateException("AVG is not pushed: " + a);
        };
    }

    /** Without GROUP BY, a partition with no matching record answers NULL for SUM, MIN and MAX (and 0 for counts). */
    private static boolean nullable(Aggregate a) {
        return a.function() != Aggregate.Function.COUNT_STAR && a.function() != Aggregate.Function.COUNT;
    }
}
