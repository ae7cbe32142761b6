package dev.ispd.spark.read;

import dev.ispd.plan.Predicate;
import java.util.OptionalDouble;

/**
 * A sample of a table's rows, read on the driver when a scan's statistics first need it
 * (docs/spark.md, "Statistics"): records in rows or column-blocked ({@link RecordSample}), or
 * rows of Parquet row groups ({@link ParquetRowSample}).
 */
public interface TableSample {
    /**
     * The share of the sampled rows that pass {@code where}: {@code (k + 1) / (n + 2)} for
     * {@code k} of {@code n} passing, so that no estimate is 0 or 1, and {@code k / n} of a table
     * sampled whole; empty where the sample could not be read (logged).
     */
    OptionalDouble share(Predicate where);

    /** The share {@code passed} of {@code sampled} rows make, of a table of {@code rows} (sampled whole where they are as many). */
    static double share(long passed, long sampled, long rows) {
        return sampled == rows ? (double) passed / sampled : (passed + 1.0) / (sampled + 2.0);
    }
}
