package dev.ispd.spark.read;

import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.read.partition.PartitionPlanner;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A planned read of a layout's records: the columns to decode and the predicate pushed into the
 * scan (applied by the reader), and its size for Spark's planner. {@link #description()} says what was pushed in the
 * names EXPLAIN shows for Spark's own sources ({@code PushedFilters}, {@code ReadSchema}).
 */
public final class IspdScan implements SupportsReportStatistics {
    private final ScanInput input;
    private final List<LayoutColumn> columns;
    private final List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushedPredicates;
    private final Predicate where;
    private final PartitionPlanner planner;

    IspdScan(ScanInput input, List<LayoutColumn> columns,
             List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushedPredicates, Predicate where,
             PartitionPlanner planner) {
        this.input = input;
        this.columns = List.copyOf(columns);
        this.pushedPredicates = List.copyOf(pushedPredicates);
        this.where = where;
        this.planner = planner;
    }

    @Override
    public StructType readSchema() {
        return new StructType(columns.stream().map(LayoutColumn::structField).toArray(StructField[]::new));
    }

    /** The pushed predicates compiled into one plan predicate, which the reader applies to every record. */
    public Predicate where() {
        return where;
    }

    @Override
    public Batch toBatch() {
        return new IspdBatch(input, columns, where, planner);
    }

    @Override
    public ColumnarSupportMode columnarSupportMode() {
        return ColumnarSupportMode.SUPPORTED;
    }

    /**
     * The records in the files and their size as Spark rows of the read columns, so that Spark's
     * planner (join strategies, say) sizes this scan as it would a file source.
     */
    @Override
    public Statistics estimateStatistics() {
        long records = input.files().stream().mapToLong(f -> f.getLen() / input.layout().entrySize()).sum();
        long sizeInBytes = records * readSchema().defaultSize();
        return new Statistics() {
            @Override
            public OptionalLong sizeInBytes() {
                return OptionalLong.of(sizeInBytes);
            }

            @Override
            public OptionalLong numRows() {
                return OptionalLong.of(records);
            }
        };
    }

    /** The layout and what was pushed; EXPLAIN shows the path already, as the table's name. */
    @Override
    public String description() {
        return "IspdScan " + input.layout().name() + " entrySize " + input.layout().entrySize()
                + ", PushedFilters: " + pushedPredicates.stream().map(Object::toString)
                        .collect(Collectors.joining(", ", "[", "]"))
                + ", ReadSchema: " + readSchema().simpleString();
    }

    @Override
    public String toString() {
        return description();
    }
}
