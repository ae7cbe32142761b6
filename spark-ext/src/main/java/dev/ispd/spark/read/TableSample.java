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

    /** How many runs of {@code runRows} a sample of at most {@code runs} runs takes of a table of {@code total} rows. */
    static int runs(long total, int runs, int runRows) {
        return (int) Math.min(runs, (total + runRows - 1) / runRows);
    }

    /**
     * The first row of run {@code k} of a sample of at most {@code runs} runs of {@code runRows}
     * over {@code total} rows: runs back to back (every row) where there are at most that many rows,
     * else spread evenly.
     */
    static long runStart(int k, long total, int runs, int runRows) {
        return total <= (long) runs * runRows ? (long) k * runRows : k * total / runs;
    }

    /** The share {@code passed} of {@code sampled} rows make, of a table of {@code rows} (sampled whole where they are as many). */
    static double share(long passed, long sampled, long rows) {
        return sampled == rows ? (double) passed / sampled : (passed + 1.0) / (sampled + 2.0);
    }
}
