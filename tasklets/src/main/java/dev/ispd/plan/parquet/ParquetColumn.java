package dev.ispd.plan.parquet;

import java.io.Serializable;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;

/**
 * One top-level Parquet column a plan reads, and how its values become the value of the layout
 * field of the same name: {@code physical} and {@code typeLength} are the column's Parquet
 * physical type (what the drive's decoder needs to read its pages), {@code optional} whether it
 * has definition levels (its NULLs set the field's null bit), and {@link Conversion} how a decoded
 * value is stored in the field.
 */
public record ParquetColumn(String name, PrimitiveType.PrimitiveTypeName physical, int typeLength, boolean optional,
                            Conversion conversion) implements Serializable {

    /**
     * How a decoded value is written into its fixed-width field (little-endian). Its number in a
     * {@link ParquetSource}'s encoding is its position here: add new ones at the end.
     */
    public enum Conversion {
        /** an INT32 (integer, date, decimal of 4 bytes) as 4 bytes */
        INT32,
        /** an INT64 (integer, decimal of 8 bytes, timestamp in microseconds) as 8 bytes */
        INT64,
        /** an INT64 timestamp in milliseconds, stored in microseconds */
        INT64_MILLIS,
        /** a FLOAT as 4 bytes */
        FLOAT,
        /** a DOUBLE as 8 bytes */
        DOUBLE,
        /** a BOOLEAN as one byte, 0 or 1 */
        BOOLEAN,
        /** a UTF-8 BINARY as a zero-padded {@code char(N)} */
        STRING,
        /** a FIXED_LEN_BYTE_ARRAY or BINARY decimal (big-endian two's complement) as an 8- or 16-byte scaled integer */
        BYTES_DECIMAL
    }

    /** The column as parquet-column's readers know it: a top-level primitive, never repeated. */
    public ColumnDescriptor descriptor() {
        PrimitiveType type = (optional ? Types.optional(physical) : Types.required(physical))
                .length(typeLength).named(name);
        return new ColumnDescriptor(new String[] {name}, type, 0, optional ? 1 : 0);
    }
}
