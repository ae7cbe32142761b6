package dev.ispd.hadoop.parquet;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.RowGroupFilter;
import java.math.BigInteger;
import org.apache.parquet.column.statistics.Statistics;
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

    private static Long value(Object v, ParquetColumn column) {
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
