package dev.ispd.offload.plan;

import dev.ispd.plan.Plan;
import dev.ispd.plan.RowResultBound;
import dev.ispd.plan.parquet.ParquetColumn;
import java.util.List;

/**
 * How many rows a unit of a Parquet file may hold, and how much of a split's bound each takes,
 * where a split's rows must fit one result (pieces bounded by records, {@code ispd.split.max.bytes}:
 * a scan returning every matching row). {@code records} rows fit whatever their strings hold, each
 * string counted at its field's whole width. A row plan's result carries a string at its length
 * ({@link RowResultBound}), so a row group whose footer gives the bytes of the string columns'
 * values in all holds as many rows as fit the same result with those bytes counted once and each
 * row's strings at their length's bytes: TPC-H's {@code l_shipmode}, a {@code char(255)} of 4 to 7
 * bytes, takes 2 bytes a row and 1.7 MB a row group instead of 264 bytes a row.
 */
final class ParquetUnitRows {
    private final long records;
    private final List<ParquetColumn> columns;
    /** The plan's rows with every string at its whole width; null where the plan is no row plan. */
    private final RowResultBound whole;
    private final Plan plan;

    private ParquetUnitRows(long records, List<ParquetColumn> columns, Plan plan) {
        this.records = records;
        this.columns = columns;
        this.plan = plan;
        this.whole = plan == null ? null : RowResultBound.of(plan, name -> -1);
    }

    /**
     * The bound of units of {@code file} read by {@code plan} (null: not a plan), at most
     * {@code records} rows at their strings' whole width (0: no bound).
     */
    static ParquetUnitRows of(InputFile file, Plan plan, long records) {
        return new ParquetUnitRows(records, file.parquet().columns(),
                plan == null || plan.aggregating() ? null : plan);
    }

    /** Whether units are bounded at all. */
    boolean bounded() {
        return records > 0;
    }

    /** The most rows a unit of {@code g} holds; 0 if there is no bound. */
    long maxRows(ParquetInput.RowGroup g) {
        if (!bounded() || whole == null) {
            return records;
        }
        return Math.max(records, of(g).rowsWithin(budget() + whole.fixedBytes()));
    }

    /** What {@code rows} rows of {@code g} take of a split's {@link #budget()}. */
    long share(ParquetInput.RowGroup g, long rows) {
        if (whole == null) {
            return rows;
        }
        RowResultBound known = of(g);
        return Math.min(rows * whole.rowBytes(), known.fixedBytes() - whole.fixedBytes() + rows * known.rowBytes());
    }

    /** What a split's units may take together: {@code records} rows at their strings' whole width. */
    long budget() {
        return whole == null ? records : records * whole.rowBytes();
    }

    private RowResultBound of(ParquetInput.RowGroup g) {
        return RowResultBound.of(plan, name -> {
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).name().equals(name)) {
                    return g.valueBytes().get(c);
                }
            }
            return -1;
        });
    }
}
