package dev.ispd.spark.read;

import dev.ispd.plan.Field;
import dev.ispd.spark.layout.LayoutColumn;
import java.nio.ByteBuffer;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataTypes;

/**
 * Decodes one column of a batch of fixed-width records into a column vector: one tight loop per
 * column, the type decided once per batch, nothing allocated per record.
 */
final class ColumnDecoder {
    private final Field field;
    private final boolean wide;

    ColumnDecoder(LayoutColumn column) {
        this.field = column.field();
        this.wide = column.type().equals(DataTypes.LongType);
    }

    /** Fills rows [0, rows) of {@code out} from the records at 0, entrySize, ... of {@code records}. */
    void decode(ByteBuffer records, int rows, int entrySize, WritableColumnVector out) {
        if (wide) {
            for (int i = 0, at = 0; i < rows; i++, at += entrySize) {
                out.putLong(i, field.read(records, at));
            }
        } else {
            for (int i = 0, at = 0; i < rows; i++, at += entrySize) {
                out.putInt(i, (int) field.read(records, at));
            }
        }
    }
}
