package dev.ispd.plan;

/**
 * A batch of rows whose fields the vector interpreter ({@link VectorEval}) reads a column at a
 * time: the seam between where values come from (records of a layout, {@link RecordBatch}; a
 * columnar file's pages, decoded into the same arrays) and the expressions computed over them.
 */
public interface ColumnBatch {
    /** Rows in the batch. */
    int rows();

    /**
     * Decodes {@code field} of every row into {@code values[0, rows)}, each as
     * {@link Field#readInteger} gives it (an integer, a decimal's unscaled value, days,
     * microseconds, a float's IEEE 754 bits, a bool's 0 or 1), and sets {@code nulls[row]} where
     * the row's value is NULL (its null bit set, or its null value). A field that is not nullable
     * leaves {@code nulls} alone.
     */
    void decode(Field field, long[] values, boolean[] nulls);

    /**
     * Decodes a 16-byte decimal {@code field} of every row: its unscaled value's low words into
     * {@code lows[0, rows)}, high words into {@code highs}, and {@code nulls[row]} where the row's
     * value is NULL.
     */
    void decodeWide(Field field, long[] lows, long[] highs, boolean[] nulls);
}
