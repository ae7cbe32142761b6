package dev.ispd.spark.read;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.ExprType;
import dev.ispd.plan.Field;
import dev.ispd.plan.FloatKeys;
import dev.ispd.plan.Layout;
import dev.ispd.plan.WordRows;
import dev.ispd.spark.pushdown.PushedAggregation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * How each column of a pushed aggregation's rows ({@link PushedAggregation#schema}: the group
 * columns, then the aggregates) goes from a row's words into its Spark column vector, worked out
 * once per result: where the column's words start, the plan's type of its value and Spark's. A
 * row's values are then written straight into the vectors, the words as Spark stores them (a
 * decimal's unscaled value), and a string group key is read where its bytes lie in the words
 * ({@link StringSlices}), without resolving a type, boxing a value, making a String or copying
 * bytes per row (on a JVM whose longs do not hold their bytes low byte first, where they do not
 * lie in order, its bytes are copied into its vector instead); only a decimal of more than 18 digits takes a BigInteger, and an average of
 * decimals a BigDecimal (Spark's rounding, {@link Aggregate#decimalAverage}).
 */
final class AggregateColumns {
    /** One column: writes its value in the row whose words start at {@code from} of {@code rows} to {@code out} at row {@code r}. */
    private interface Column {
        void put(long[] rows, int from, WritableColumnVector out, int r);
    }

    /** A string group column: notes where its value lies in {@code rows} ({@link StringSlices}). */
    private interface InPlace {
        void put(long[] rows, int from, StringSlices out, int r);
    }

    private final Column[] columns;
    /** Per column, where it is a string read in place, how; else null. */
    private final InPlace[] strings;
    private final List<DataType> types;

    /**
     * The columns of {@code aggregation}'s rows (after {@link PushedAggregation#rows}) as a plan
     * over {@code planLayout} returns them, typed as {@code schema}.
     */
    AggregateColumns(PushedAggregation aggregation, Layout planLayout, StructType schema) {
        this(aggregation, planLayout, schema, StringSlices.WORDS_HOLD_BYTES_IN_ORDER);
    }

    /**
     * The columns, string group keys read in place from the words only if {@code stringsInPlace}
     * (else copied into vectors: a JVM whose longs do not hold their bytes low byte first, or a test).
     */
    AggregateColumns(PushedAggregation aggregation, Layout planLayout, StructType schema, boolean stringsInPlace) {
        List<Field> fields = aggregation.fields(planLayout);
        int keys = aggregation.groupBy().size();
        columns = new Column[schema.fields().length];
        strings = new InPlace[columns.length];
        types = Arrays.stream(schema.fields()).map(StructField::dataType).toList();
        int at = 0;
        for (int c = 0; c < columns.length; c++) {
            DataType type = schema.fields()[c].dataType();
            Aggregate a = c < keys ? null : aggregation.aggregates().get(c - keys);
            Expr key = a == null ? aggregation.groupBy().get(c) : null;
            int start = at;
            if (key != null && !ColumnValues.fieldColumn(key, planLayout)) {
                ExprType t = ColumnValues.type(key, planLayout, "groupBy");
                if (t.kind() == ExprType.Kind.STRING && stringsInPlace) {
                    strings[c] = string(start);
                } else if (t.kind() == ExprType.Kind.STRING) {
                    columns[c] = copiedString(start, ColumnValues.words(key, planLayout) - 1);
                } else {
                    columns[c] = computed(start, t, type);
                }
                at += ColumnValues.words(key, planLayout);
            } else if (a == null || a.argument() == null) {
                Field field = fields.get(c);
                columns[c] = (row, from, out, r) -> putWord(out, r, row[from + start], field, type);
                at++;
            } else {
                boolean average = aggregation.averages().contains(c - keys);
                columns[c] = ofExpression(aggregation, a, average, start, planLayout, type);
                at += a.words(planLayout) + (average ? 1 : 0);
            }
        }
    }

    /** Whether column {@code c} is a string read in place from the result's words ({@link StringSlices}). */
    boolean inPlace(int c) {
        return strings[c] != null;
    }

    /**
     * A batch of the values of the {@code n} rows of {@code rows}, its string group columns read
     * where they lie in the rows' words, the others written into vectors.
     */
    ColumnarBatch batch(WordRows rows) {
        int n = rows.size();
        ColumnarBatch batch = StringSlices.batch(types, this::inPlace, Math.max(1, n));
        long[] words = rows.words();
        for (int c = 0; c < columns.length; c++) {
            if (inPlace(c)) {
                StringSlices out = (StringSlices) batch.column(c);
                out.reset(words);
                for (int r = 0; r < n; r++) {
                    strings[c].put(words, rows.at(r), out, r);
                }
            } else {
                WritableColumnVector out = (WritableColumnVector) batch.column(c);
                for (int r = 0; r < n; r++) {
                    columns[c].put(words, rows.at(r), out, r);
                }
            }
        }
        batch.setNumRows(n);
        return batch;
    }

    /**
     * A string group column ({@link ColumnValues}): its length word (negative: NULL), then its
     * bytes, first byte lowest, read where they lie.
     */
    private static InPlace string(int at) {
        return (row, from, out, r) -> {
            int length = (int) row[from + at];
            if (length < 0) {
                out.putNull(r);
            } else {
                out.put(r, (from + at + 1) * Long.BYTES, length);
            }
        };
    }

    /**
     * A string group column copied into its vector: its length word (negative: NULL), then its
     * bytes, first byte lowest, in at most {@code words} words, unpacked into one buffer reused
     * for every row.
     */
    private static Column copiedString(int at, int words) {
        byte[] bytes = new byte[words * Long.BYTES];
        return (row, from, out, r) -> {
            int length = (int) row[from + at];
            if (length < 0) {
                out.putNull(r);
                return;
            }
            if (length > bytes.length) {
                throw new IllegalArgumentException("a string group key of " + length + " bytes in a result column of "
                        + bytes.length);
            }
            for (int i = 0; i < length; i++) {
                bytes[i] = (byte) (row[from + at + 1 + i / Long.BYTES] >>> (8 * (i % Long.BYTES)));
            }
            out.putByteArray(r, bytes, 0, length);
        };
    }

    /** Any other computed group column ({@link ColumnValues}): its value's words and a word that is 0 for NULL. */
    private static Column computed(int at, ExprType t, DataType type) {
        return (row, from, out, r) -> {
            if (row[from + at + t.words()] == 0) {
                out.putNull(r);
            } else {
                putValue(out, r, row, from + at, t, type);
            }
        };
    }

    /**
     * An aggregate of an expression ({@link Aggregate#value}'s words): its value's words, then its
     * count of values (0: NULL); for an {@code average}, the SUM's words and count, then the
     * COUNT's word the average divides by.
     */
    private static Column ofExpression(PushedAggregation aggregation, Aggregate a, boolean average, int at,
                                       Layout layout, DataType type) {
        if (a.function() == Aggregate.Function.COUNT) {
            return (row, from, out, r) -> out.putLong(r, row[from + at]);
        }
        ExprType partial = a.partialType(layout);
        int countAt = at + partial.words();
        ExprType result = average ? Aggregate.avg(a.argument()).resultType(layout) : a.resultType(layout);
        int averageCountAt = average ? at + a.words(layout) : countAt; // an average's divisor: the COUNT's, or the AVG's own count
        boolean divided = average || a.function() == Aggregate.Function.AVG;
        return (row, from, out, r) -> {
            if (row[from + countAt] == 0) {
                out.putNull(r);
            } else if (a.overflowed(row, from + at, partial)) {
                putObject(out, r, aggregation.overflowed(average), type);
            } else if (divided) {
                long count = row[from + averageCountAt];
                Object sum = ColumnValues.value(row, from + at, partial);
                putObject(out, r, count == 0 ? null : result.kind() == ExprType.Kind.FLOAT ? (Double) sum / count
                        : Aggregate.decimalAverage((BigDecimal) sum, count, result), type);
            } else {
                putValue(out, r, row, from + at, partial, type);
            }
        };
    }

    /**
     * A field's word ({@code field} null: a count or sum) as a value of {@code type}: NULL where
     * it is the field's null value, a float's number from its key, a decimal's unscaled value as
     * Spark stores its precision.
     */
    private static void putWord(WritableColumnVector out, int r, long v, Field field, DataType type) {
        if (field != null && field.isNull(v)) {
            out.putNull(r);
        } else if (type.equals(DataTypes.DoubleType)) {
            out.putDouble(r, FloatKeys.toDouble(v));
        } else if (type.equals(DataTypes.FloatType)) {
            out.putFloat(r, (float) FloatKeys.toDouble(v));
        } else {
            putLong(out, r, v, type);
        }
    }

    /** A value of plan type {@code t} held in its words from {@code at}, not NULL, as a value of {@code type}. */
    private static void putValue(WritableColumnVector out, int r, long[] row, int at, ExprType t, DataType type) {
        long v = row[at];
        switch (t.kind()) {
            case FLOAT -> {
                double d = Double.longBitsToDouble(v);
                if (type.equals(DataTypes.FloatType)) {
                    out.putFloat(r, (float) d);
                } else {
                    out.putDouble(r, d);
                }
            }
            case DECIMAL -> {
                if (t.words() == 2 && row[at + 1] != v >> 63) {
                    putWideUnscaled(out, r, wide(v, row[at + 1]), (DecimalType) type);
                } else if (((DecimalType) type).precision() > Decimal.MAX_LONG_DIGITS()) {
                    putWideUnscaled(out, r, BigInteger.valueOf(v), (DecimalType) type);
                } else {
                    putLong(out, r, v, type);
                }
            }
            default -> putLong(out, r, v, type); // an int, bigint, date, timestamp or bool
        }
    }

    /**
     * A 64-bit value as {@code type} holds it: an int, a date and a decimal of up to 9 digits as
     * an int, a bool as a boolean, a bigint, a timestamp and a decimal of 10-18 digits as a long.
     */
    private static void putLong(WritableColumnVector out, int r, long v, DataType type) {
        if (type.equals(DataTypes.BooleanType)) {
            out.putBoolean(r, v != 0);
        } else if (type.equals(DataTypes.IntegerType) || type.equals(DataTypes.DateType)
                || (type instanceof DecimalType d && d.precision() <= Decimal.MAX_INT_DIGITS())) {
            out.putInt(r, (int) v);
        } else {
            out.putLong(r, v);
        }
    }

    /** An unscaled decimal value as Spark keeps a decimal of {@code type}'s precision (its two's complement bytes past 18 digits). */
    private static void putWideUnscaled(WritableColumnVector out, int r, BigInteger unscaled, DecimalType type) {
        if (type.precision() <= Decimal.MAX_LONG_DIGITS()) {
            putLong(out, r, unscaled.longValue(), type);
        } else {
            byte[] bytes = unscaled.toByteArray();
            out.putByteArray(r, bytes, 0, bytes.length);
        }
    }

    /** The 128-bit two's complement number of words {@code low} and {@code high}. */
    private static BigInteger wide(long low, long high) {
        byte[] bytes = new byte[2 * Long.BYTES];
        for (int i = 0; i < Long.BYTES; i++) {
            bytes[i] = (byte) (high >>> (8 * (Long.BYTES - 1 - i)));
            bytes[Long.BYTES + i] = (byte) (low >>> (8 * (Long.BYTES - 1 - i)));
        }
        return new BigInteger(bytes);
    }

    /** A value {@link Aggregate#value} gives (a Double, a BigDecimal; null for NULL) as a value of {@code type}. */
    private static void putObject(WritableColumnVector out, int r, Object v, DataType type) {
        if (v == null) {
            out.putNull(r);
        } else if (v instanceof BigDecimal d) {
            out.putDecimal(r, Decimal.apply(d), ((DecimalType) type).precision());
        } else if (type.equals(DataTypes.FloatType)) {
            out.putFloat(r, ((Double) v).floatValue());
        } else {
            out.putDouble(r, (Double) v);
        }
    }
}
