package dev.ispd.spark.pushdown;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
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
 * Compiles Spark's aggregation into the plan model's GROUP BY: up to {@value Plan#MAX_GROUP_FIELDS}
 * columns to group by, and COUNT(*), COUNT, SUM, MIN and MAX of columns. Refused, each logged with
 * its reason (Spark then aggregates the scanned rows itself): DISTINCT, AVG and other functions,
 * expressions over columns, more group fields, MIN or MAX of an unsigned 8-byte field (ordered
 * differently from Spark's longs), and a GROUP BY whose fields can make more groups than a drive
 * holds ({@link PlanLimits#DRIVE}), so that no partition has to fall back for its groups.
 */
public final class AggregateConverter {
    private static final Logger LOG = LoggerFactory.getLogger(AggregateConverter.class);

    private final RecordLayout layout;

    public AggregateConverter(RecordLayout layout) {
        this.layout = layout;
    }

    /** The pushed form of {@code aggregation} under {@code where}, or empty (logged with the reason). */
    public Optional<PushedAggregation> convert(Aggregation aggregation, dev.ispd.plan.Predicate where) {
        try {
            return Optional.of(aggregation(aggregation, where));
        } catch (NotPushable e) {
            LOG.info("ispd: aggregation not pushed to the scan: {}: {}", aggregation, e.getMessage());
            return Optional.empty();
        }
    }

    private PushedAggregation aggregation(Aggregation aggregation, dev.ispd.plan.Predicate where) throws NotPushable {
        Expression[] keys = aggregation.groupByExpressions();
        if (keys.length > Plan.MAX_GROUP_FIELDS) {
            throw new NotPushable("GROUP BY on " + keys.length + " columns, more than the plan's "
                    + Plan.MAX_GROUP_FIELDS);
        }
        List<StructField> schema = new ArrayList<>();
        List<String> groupBy = new ArrayList<>();
        for (Expression key : keys) {
            LayoutColumn c = ColumnReference.column(layout, key);
            groupBy.add(c.name());
            schema.add(c.structField());
        }
        List<Aggregate> aggregates = new ArrayList<>();
        for (AggregateFunc f : aggregation.aggregateExpressions()) {
            Aggregate a = aggregate(f);
            aggregates.add(a);
            schema.add(new StructField(a.toString(), resultType(a), nullable(a), Metadata.empty()));
        }
        Plan plan = Plan.aggregate(layout.planLayout(), where, groupBy, aggregates);
        if (plan.maxGroups() > PlanLimits.DRIVE.maxGroups()) {
            throw new NotPushable("GROUP BY " + String.join(", ", groupBy) + " can make up to " + plan.maxGroups()
                    + " groups, more than a drive holds (" + PlanLimits.DRIVE.maxGroups() + ")");
        }
        return new PushedAggregation(groupBy, aggregates, new StructType(schema.toArray(StructField[]::new)), false);
    }

    private Aggregate aggregate(AggregateFunc f) throws NotPushable {
        if (f instanceof CountStar) {
            return Aggregate.countStar();
        }
        if (f instanceof Count c) {
            distinct(c.isDistinct(), f);
            return Aggregate.count(column(c.column()).name());
        }
        if (f instanceof Sum s) {
            distinct(s.isDistinct(), f);
            return Aggregate.sum(column(s.column()).name());
        }
        if (f instanceof Min m) {
            return Aggregate.min(ordered(m.column()).name());
        }
        if (f instanceof Max m) {
            return Aggregate.max(ordered(m.column()).name());
        }
        throw new NotPushable(f + " is not one of COUNT(*), COUNT, SUM, MIN, MAX");
    }

    private LayoutColumn column(Expression e) throws NotPushable {
        return ColumnReference.column(layout, e);
    }

    private LayoutColumn ordered(Expression e) throws NotPushable {
        LayoutColumn c = column(e);
        Field f = c.field();
        if (f.unsigned64()) {
            throw new NotPushable(f.name() + " is an unsigned 8-byte field, ordered differently from Spark's longs");
        }
        return c;
    }

    private static void distinct(boolean distinct, AggregateFunc f) throws NotPushable {
        if (distinct) {
            throw new NotPushable(f + " is DISTINCT");
        }
    }

    /** COUNTs and SUMs are bigint, as in Spark; MIN and MAX have their column's type. */
    private org.apache.spark.sql.types.DataType resultType(Aggregate a) {
        return switch (a.function()) {
            case COUNT_STAR, COUNT, SUM -> DataTypes.LongType;
            case MIN, MAX -> layout.column(a.field()).orElseThrow().type();
        };
    }

    /** Without GROUP BY, a partition with no matching record answers NULL for SUM, MIN and MAX (and 0 for counts). */
    private static boolean nullable(Aggregate a) {
        return a.function() != Aggregate.Function.COUNT_STAR && a.function() != Aggregate.Function.COUNT;
    }
}
