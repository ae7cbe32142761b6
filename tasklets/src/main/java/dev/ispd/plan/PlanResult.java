package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The decoded result of a plan: rows of 64-bit values, one per column of
 * {@link Plan#columnNames()}. Encoded (little-endian): {@code u16 columns}, {@code u64 rows},
 * then {@code rows} x {@code columns} x {@code i64}. Unsigned 8-byte fields come back as the same
 * 64 bits. An aggregate plan without GROUP BY returns no row when no record matched, so partial
 * results merge by concatenation.
 */
public record PlanResult(int columns, List<long[]> rows) {
    /** Bytes before the first row. */
    public static final int HEADER_BYTES = 10;

    public PlanResult {
        rows = List.copyOf(rows);
    }

    /** Encoded bytes of {@code rows} rows of {@code columns} columns. */
    public static long bytes(long rows, int columns) {
        return HEADER_BYTES + rows * columns * Long.BYTES;
    }

    public static PlanResult decode(byte[] result) {
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        long n = rowCount(result);
        int columns = Short.toUnsignedInt(b.getShort());
        b.position(HEADER_BYTES);
        List<long[]> rows = new ArrayList<>((int) n);
        for (long i = 0; i < n; i++) {
            long[] row = new long[columns];
            for (int c = 0; c < columns; c++) {
                row[c] = b.getLong();
            }
            rows.add(row);
        }
        return new PlanResult(columns, rows);
    }

    /**
     * The number of rows of the encoded {@code result}, once its header is checked against its
     * length; its rows are the little-endian words from {@link #HEADER_BYTES} on, row after row
     * (read in place, without decoding).
     */
    public static int rowCount(byte[] result) {
        if (result.length < HEADER_BYTES) {
            throw new IllegalArgumentException("a plan result has a " + HEADER_BYTES + "-byte header, got "
                    + result.length + " bytes");
        }
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        int columns = Short.toUnsignedInt(b.getShort());
        long n = b.getLong();
        if (n < 0 || (columns == 0 && n != 0) || bytes(n, columns) != result.length) {
            throw new IllegalArgumentException("a plan result of " + Long.toUnsignedString(n) + " rows of " + columns
                    + " columns has " + bytes(n, columns) + " bytes, got " + result.length);
        }
        return (int) n;
    }
}
