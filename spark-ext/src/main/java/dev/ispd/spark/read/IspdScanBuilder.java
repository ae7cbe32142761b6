package dev.ispd.spark.read;

import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.PredicateConverter;
import dev.ispd.spark.read.partition.PartitionPlanner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;

/**
 * Collects what Spark pushes into a read of a layout: the columns it needs (only those are
 * decoded) and its predicates (compiled into one plan {@link Predicate} that the reader applies,
 * where they can be).
 */
public final class IspdScanBuilder implements SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
    private final ScanInput input;
    private final PartitionPlanner planner;
    private final PredicateConverter converter;
    private List<LayoutColumn> columns;
    private final List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushed = new ArrayList<>();
    private final List<Predicate> compiled = new ArrayList<>();

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
     * Keeps the predicates that compile as pushed (the reader applies them, so Spark does not) and
     * returns the others, which Spark evaluates after the scan.
     */
    @Override
    public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushPredicates(
            org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
        List<org.apache.spark.sql.connector.expressions.filter.Predicate> left = new ArrayList<>();
        for (org.apache.spark.sql.connector.expressions.filter.Predicate p : predicates) {
            Optional<Predicate> plan = converter.convert(p);
            if (plan.isPresent()) {
                pushed.add(p);
                compiled.add(plan.get());
            } else {
                left.add(p);
            }
        }
        return left.toArray(org.apache.spark.sql.connector.expressions.filter.Predicate[]::new);
    }

    @Override
    public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushedPredicates() {
        return pushed.toArray(org.apache.spark.sql.connector.expressions.filter.Predicate[]::new);
    }

    @Override
    public Scan build() {
        return new IspdScan(input, columns, pushed, where(), planner);
    }

    /** The pushed predicates as one: their AND, or TRUE when none was pushed. */
    private Predicate where() {
        return switch (compiled.size()) {
            case 0 -> Predicate.all();
            case 1 -> compiled.get(0);
            default -> new Predicate.And(compiled);
        };
    }
}
