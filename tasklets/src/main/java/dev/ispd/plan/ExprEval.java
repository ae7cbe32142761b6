package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * A compiled {@link Expr} node: a closure over the record at absolute {@code record} of
 * {@code buf} that computes its value without allocating. A value held as a long (integers,
 * decimals unscaled, dates, timestamps) comes from {@link #longValue}, a float's from
 * {@link #doubleValue}, and each sets {@link #isNull}; a boolean is {@link #truth}'s
 * {@link #TRUE}, {@link #FALSE} or {@link #UNKNOWN} (NULL); a string is read through
 * {@link StringEval}. A decimal of more than 18 digits ({@link #wide}) is a signed 128-bit
 * unscaled value: {@link #longValue} returns its low word and leaves the high word in
 * {@link #high} ({@link #highOf} reads either kind). Nodes keep {@link #isNull} and {@link #high}
 * in themselves, so a compiled tree serves one thread.
 */
abstract class ExprEval {
    static final int FALSE = 0;
    static final int TRUE = 1;
    static final int UNKNOWN = -1;

    final ExprType type;
    /** The expression's SQL text, for errors. */
    final String sql;
    /** Whether values are 128-bit decimals: a decimal type of more than 18 digits. */
    final boolean wide;
    /** Whether the last {@link #longValue} or {@link #doubleValue} was NULL. */
    boolean isNull;
    /** The high word of the last {@link #longValue} of a {@link #wide} node. */
    long high;

    ExprEval(ExprType type, String sql) {
        this.type = type;
        this.sql = sql;
        this.wide = type.words() == 2;
    }

    /** The high word of {@code low}, the last {@link #longValue}: {@link #high} if {@link #wide}, else its sign. */
    final long highOf(long low) {
        return wide ? high : low >> 63;
    }

    long longValue(ByteBuffer buf, int record) {
        throw new IllegalStateException(sql + " (" + type + ") is not held as a long");
    }

    double doubleValue(ByteBuffer buf, int record) {
        throw new IllegalStateException(sql + " (" + type + ") is not a float");
    }

    int truth(ByteBuffer buf, int record) {
        throw new IllegalStateException(sql + " (" + type + ") is not a boolean");
    }

    /** Evaluates this node, whatever its type, and says whether its value is NULL. */
    boolean evaluatesToNull(ByteBuffer buf, int record) {
        switch (type.kind()) {
            case BOOL:
                return truth(buf, record) == UNKNOWN;
            case FLOAT:
                doubleValue(buf, record);
                return isNull;
            case STRING:
                return ((StringEval) this).length(buf, record) < 0;
            default:
                longValue(buf, record);
                return isNull;
        }
    }

    /** A field's value: held as a long, a float or a bool, NULL by its null bit or null value. */
    static final class FieldValue extends ExprEval {
        final Field field;

        FieldValue(Field field, ExprType type) {
            super(type, field.name());
            this.field = field;
        }

        @Override
        long longValue(ByteBuffer buf, int record) {
            if (field.hasNullBit() && field.nullBitSet(buf, record)) {
                isNull = true;
                high = 0;
                return 0;
            }
            if (field.width() == Field.WIDE_DECIMAL_BYTES) {
                isNull = false;
                high = field.readHigh(buf, record);
                return field.readLow(buf, record);
            }
            long v = field.readInteger(buf, record);
            isNull = field.isNull(v);
            high = v >> 63; // a narrow field typed as a wide decimal (decimal(19+,s) in 8 bytes)
            return v;
        }

        @Override
        double doubleValue(ByteBuffer buf, int record) {
            long raw = longValue(buf, record);
            return FloatKeys.number(raw, field.width());
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            long raw = longValue(buf, record);
            return isNull ? UNKNOWN : raw != 0 ? TRUE : FALSE;
        }
    }

    /** A constant, or a NULL of its type. */
    static final class Constant extends ExprEval {
        final long longValue;
        final double doubleValue;
        final int truth;

        Constant(ExprType type, String sql, boolean isNull, long longValue, double doubleValue, int truth) {
            super(type, sql);
            this.isNull = isNull;
            this.longValue = longValue;
            this.doubleValue = doubleValue;
            this.truth = isNull ? UNKNOWN : truth;
            this.high = longValue >> 63;
        }

        /** A wide decimal constant: unscaled {@code high:low}. */
        Constant(ExprType type, String sql, long high, long low) {
            this(type, sql, false, low, 0, 0);
            this.high = high;
        }

        @Override
        long longValue(ByteBuffer buf, int record) {
            return longValue;
        }

        @Override
        double doubleValue(ByteBuffer buf, int record) {
            return doubleValue;
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            return truth;
        }
    }
}
