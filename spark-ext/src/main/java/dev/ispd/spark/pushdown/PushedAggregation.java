package dev.ispd.spark.pushdown;

import dev.ispd.plan.Aggregate;
import java.io.Serial;
import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/**
 * A GROUP BY and its aggregates pushed into the scan: the plan's group fields and aggregates, and
 * the rows the scan returns for them ({@link #schema}: the group columns, then one column per
 * aggregate, as Spark expects of a pushed aggregation). Partial unless {@link #complete}: each
 * partition returns its own groups and Spark merges them (counts summed, sums summed, minima and
 * maxima of the partials).
 */
public record PushedAggregation(List<String> groupBy, List<Aggregate> aggregates, StructType schema, boolean complete)
        implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public PushedAggregation {
        groupBy = List.copyOf(groupBy);
        aggregates = List.copyOf(aggregates);
    }

    /** This aggregation answered whole by the one partition the scan has. */
    public PushedAggregation completed() {
        return new PushedAggregation(groupBy, aggregates, schema, true);
    }
}
