package dev.ispd.plan;

import dev.ispd.tasklet.Leb128;
import java.util.function.ToLongFunction;

/**
 * The most bytes a row plan's result of some rows takes in {@link PlanResult}'s encoding: a
 * string travels at its length ({@link RowWriter}), so where the caller knows how many bytes a
 * string field's values hold in all (a Parquet column chunk's unencoded byte-array bytes), the
 * field costs each row only its length's bytes, and the result those values once; every other
 * column, and a string field whose values' bytes are not known, costs each row its whole words.
 *
 * @param fixedBytes bytes that do not grow with the rows: the header and the known values
 * @param rowBytes   bytes each row adds
 */
public record RowResultBound(long fixedBytes, long rowBytes) {
    /**
     * The bound of {@code plan}'s rows (a row plan), where {@code valueBytes} gives the bytes of a
     * string field's values, by the field's name, or a negative number if they are not known.
     */
    public static RowResultBound of(Plan plan, ToLongFunction<String> valueBytes) {
        if (plan.aggregating()) {
            throw new IllegalArgumentException("an aggregate plan's result is bounded by its groups, not by rows");
        }
        Layout layout = plan.layout();
        long fixed = PlanResult.HEADER_BYTES;
        long perRow = 0;
        for (Expr c : plan.select()) {
            int words = ColumnValues.words(c, layout);
            boolean string = !ColumnValues.fieldColumn(c, layout)
                    && ColumnValues.type(c, layout, "select").kind() == ExprType.Kind.STRING;
            long known = string && c instanceof Expr.Ref r ? valueBytes.applyAsLong(r.name()) : -1;
            if (string) {
                fixed += 4; // its entry in the header
            }
            if (known >= 0) {
                fixed += known;
                perRow += Leb128.sizeU32(ColumnValues.maxBytes(c, layout) + 1L);
            } else {
                perRow += (long) words * Long.BYTES;
            }
        }
        return new RowResultBound(fixed, perRow);
    }

    /** The most bytes a result of {@code rows} rows takes. */
    public long bytes(long rows) {
        return fixedBytes + rows * rowBytes;
    }

    /** The most rows whose result stays within {@code maxBytes}; 0 if even none does. */
    public long rowsWithin(long maxBytes) {
        return maxBytes < fixedBytes ? 0 : rowBytes == 0 ? Long.MAX_VALUE : (maxBytes - fixedBytes) / rowBytes;
    }
}
