package dev.ispd.spark.read;

import dev.ispd.plan.Field;

/**
 * Where a batch's values of one field that is not a string are read from, row by row: the records
 * a reader holds ({@link ColumnDecoder}'s own), or the words of a plan's rows ({@link ColumnWords}).
 * {@link ColumnDecoder} turns them into a column vector the same way from either.
 */
interface FieldValues {
    /** Whether the field's null bit is set in row {@code row} (a field that has one). */
    boolean nullBitSet(int row);

    /** The field's value in row {@code row} as {@link Field#readInteger} reads it from a record. */
    long integer(int row);

    /** The high 64 bits of a 16-byte decimal in row {@code row} ({@link Field#readHigh}). */
    long high(int row);

    /** The low 64 bits of a 16-byte decimal in row {@code row} ({@link Field#readLow}). */
    long low(int row);
}
