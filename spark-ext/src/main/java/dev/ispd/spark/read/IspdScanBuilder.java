package dev.ispd.spark.read;

import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.PredicateConverter;
import dev.ispd.spark.pushdown.ScanCondition;
import dev.ispd.spark.read.partition.PartitionPlanner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;

/**
 * Collects what Spark pushes into a read of a layout: the columns it needs (only those are
 * decoded) and its predicates (converted into {@link ScanCondition}s where they can be).
 */
public final class IspdScanBuilder implements SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
    private final ScanInput input;
    private final PartitionPlanner planner;
    private final PredicateConverter converter;
    private List<LayoutColumn> columns;
    private final List<Predicate> pushed = new ArrayList<>();
    private final List<ScanCondition> conditions = new ArrayList<>();

    IspdScanBuilder(ScanInput input, PartitionPlanner planner) {
        this.input = input;
        this.planner = planner;
        this.converter = new PredicateConverter(input.layout());
        this.columns = input.layout().columns();
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        columns = input.layout().columnsOf(requiredSchema);
    }

    /**
     * Records the predicates that convert as pushed and returns every predicate to Spark: the
     * host reader does not evaluate conditions yet (the scan plan's interpreter will), so Spark
     * still filters the rows it reads.
     */
    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        for (Predicate p : predicates) {
            Optional<ScanCondition> condition = converter.convert(p);
            if (condition.isPresent()) {
                pushed.add(p);
                conditions.add(condition.get());
            }
        }
        return predicates;
    }

    @Override
    public Predicate[] pushedPredicates() {
        return pushed.toArray(Predicate[]::new);
    }

    @Override
    public Scan build() {
        return new IspdScan(input, columns, pushed, conditions, planner);
    }
}
