package dev.ispd.hadoop.parquet;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.RowGroupFilter;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.Binary;

/**
 * A column chunk's statistics as {@link RowGroupFilter} reads them: min and max in the field's
 * representation (what the drive's decoder stores: integers, unscaled decimals, days,
 * microseconds), for the types whose order is an integer's; other types give NULL counts only.
 */
final class RowGroupStatistics {
    private RowGroupStatistics() {
    }

    static RowGroupFilter.Range of(ColumnChunkMetaData chunk, ParquetColumn column, Field field, long rows) {
        Statistics<?> s = chunk.getStatistics();
        if (s == null || s.isEmpty() || !s.isNumNullsSet()) {
            return null;
        }
        if (!s.hasNonNullValue() || !field.readsAsInteger() || field.type().kind() == FieldType.Kind.CHAR) {
            return new RowGroupFilter.Range(0, 0, false, s.getNumNulls(), rows);
        }
        Long min = value(s.genericGetMin(), column);
        Long max = value(s.genericGetMax(), column);
        return min == null || max == null ? new RowGroupFilter.Range(0, 0, false, s.getNumNulls(), rows)
                : new RowGroupFilter.Range(min, max, true, s.getNumNulls(), rows);
    }

    /**
     * Data page {@code page} of {@code rows} rows as its chunk's column index {@code index} gives
     * it: min and max as {@link #of} gives a chunk's, NULLs from the index's counts (-1, not
     * known, where it has none and the page is not all NULL).
     */
    static RowGroupFilter.Range ofPage(ColumnIndex index, int page, long rows, ParquetColumn column, Field field) {
        boolean allNull = index.getNull_pages().get(page);
        long nulls = index.isSetNull_counts() ? index.getNull_counts().get(page) : allNull ? rows : -1;
        if (allNull || !field.readsAsInteger() || field.type().kind() == FieldType.Kind.CHAR) {
            return new RowGroupFilter.Range(0, 0, false, nulls, rows);
        }
        Long min = value(plain(index.getMin_values().get(page), column), column);
        Long max = value(plain(index.getMax_values().get(page), column), column);
        return min == null || max == null ? new RowGroupFilter.Range(0, 0, false, nulls, rows)
                : new RowGroupFilter.Range(min, max, true, nulls, rows);
    }

    /**
     * A column index's min or max (its PLAIN encoding, no length) as {@link Statistics#genericGetMin}
     * gives one; null if too short for its type.
     */
    private static Object plain(ByteBuffer bytes, ParquetColumn column) {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        return switch (column.conversion()) {
            case INT32 -> b.remaining() < Integer.BYTES ? null : b.getInt(b.position());
            case INT64, INT64_MILLIS -> b.remaining() < Long.BYTES ? null : b.getLong(b.position());
            default -> Binary.fromConstantByteBuffer(b);
        };
    }

    private static Long value(Object v, ParquetColumn column) {
        if (v == null) {
            return null;
        }
        return switch (column.conversion()) {
            case INT32 -> ((Integer) v).longValue();
            case INT64 -> (Long) v;
            case INT64_MILLIS -> Math.multiplyExact((Long) v, 1000L);
            case BYTES_DECIMAL -> {
                BigInteger unscaled = new BigInteger(((Binary) v).getBytes());
                yield unscaled.bitLength() < 64 ? unscaled.longValue() : null;
            }
            default -> null;
        };
    }
}
