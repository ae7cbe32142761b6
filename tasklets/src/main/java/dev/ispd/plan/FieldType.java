package dev.ispd.plan;

import java.io.Serializable;

/**
 * What a field's bytes mean (docs/spark.md, "Layouts"): an integer, an IEEE 754 float, a decimal
 * stored as a scaled signed integer, a date (days since 1970-01-01, signed 32-bit), a timestamp
 * (microseconds since 1970-01-01 UTC, signed 64-bit), a bool (0 false, anything else true) or a
 * fixed-width UTF-8 string padded with spaces or zero bytes. The width, byte order and bit range
 * are the {@link Field}'s; {@link #check} says which of them a type takes.
 *
 * @param precision decimal digits of a decimal (1-38), else 0
 * @param scale     digits after the point of a decimal (0 to precision), else 0
 * @param zeroPad   whether a string is padded with zero bytes rather than spaces
 */
public record FieldType(Kind kind, int precision, int scale, boolean zeroPad) implements Serializable {
    /** The kinds of value a field holds. */
    public enum Kind { INTEGER, FLOAT, DECIMAL, DATE, TIMESTAMP, BOOL, CHAR }

    /** Most digits of a decimal, as in Spark. */
    public static final int MAX_PRECISION = 38;
    /**
     * Most bytes of a fixed-width string: a plan encodes a field's width in two bytes (version 8;
     * version 7's one byte held up to 255). A batch of records this wide holds fewer rows
     * ({@link ColumnBatch#capacity}).
     */
    public static final int MAX_CHARS = 65_535;

    public static final FieldType INTEGER = new FieldType(Kind.INTEGER, 0, 0, false);
    public static final FieldType FLOAT = new FieldType(Kind.FLOAT, 0, 0, false);
    public static final FieldType DATE = new FieldType(Kind.DATE, 0, 0, false);
    public static final FieldType TIMESTAMP = new FieldType(Kind.TIMESTAMP, 0, 0, false);
    public static final FieldType BOOL = new FieldType(Kind.BOOL, 0, 0, false);

    public FieldType {
        if (kind == null) {
            throw new PlanException("layout", "a field type needs a kind");
        }
    }

        /** {@code decimal(precision, scale)}. */
    public static FieldType decimal(int precision, int scale) {
        return new FieldType(Kind.DECIMAL, precision, scale, false);
    }

    /** A fixed-width string padded with zero bytes, or spaces. */
    public static FieldType chars(boolean zeroPad) {
        return new FieldType(Kind.CHAR, 0, 0, zeroPad);
    }

    /** The bytes a decimal of {@code precision} digits takes unless the layout says otherwise: 4, 8 or 16. */
    public static int decimalWidth(int precision) {
        return precision <= 9 ? 4 : precision <= 18 ? 8 : 16;
    }

    /** Most digits a decimal of {@code width} bytes holds (a signed integer of that width holds every such value). */
    public static int decimalDigits(int width) {
        return switch (width) {
            case 4 -> 9;
            case 8 -> 18;
            case 16 -> MAX_PRECISION;
            default -> 0;
        };
    }

    /**
     * Checks that a field {@code name} of this type may have these bytes.
     *
     * @param bitCount the field's bit range (0: none)
     * @param sentinel whether it gives a raw null value
     * @throws PlanException naming the field and what does not fit
     */
    void check(String name, int width, boolean signed, int bitCount, boolean sentinel) {
        String wrong = misfit(width, signed, bitCount, sentinel);
        if (wrong != null) {
            throw new PlanException("layout", "field " + name + ": " + wrong);
        }
    }

    /**
     * What does not fit in a field of this type with these bytes, or null if they fit. Its text is
     * made only for a misfit: every plan a drive or the host decodes makes its fields again.
     */
    private String misfit(int width, boolean signed, int bitCount, boolean sentinel) {
        switch (kind) {
            case INTEGER -> {
                if (width < 1 || width > 8) {
                    return "width must be 1-8 bytes, got " + width;
                }
            }
            case FLOAT -> {
                if (width != 4 && width != 8) {
                    return "a float is 4 (f32) or 8 (f64) bytes, got " + width;
                }
            }
            case DECIMAL -> {
                if (precision < 1 || precision > MAX_PRECISION || scale < 0 || scale > precision) {
                    return "decimal(" + precision + "," + scale + ") needs a precision of 1-" + MAX_PRECISION
                            + " and a scale of 0 to the precision";
                }
                if (width != 4 && width != 8 && width != 16) {
                    return "a decimal is stored in 4, 8 or 16 bytes, got " + width;
                }
                if (precision > decimalDigits(width)) {
                    return "decimal(" + precision + "," + scale + ") does not fit " + width + " bytes, which hold at most "
                            + decimalDigits(width) + " digits";
                }
            }
            case DATE -> {
                if (width != 4) {
                    return "a date is 4 bytes (days since 1970-01-01), got " + width;
                }
            }
            case TIMESTAMP -> {
                if (width != 8) {
                    return "a timestamp is 8 bytes (microseconds since 1970-01-01 UTC), got " + width;
                }
            }
            case BOOL -> {
                if (width != 1) {
                    return "a bool is 1 byte, got " + width;
                }
                if (bitCount > 1) {
                    return "a bool is a whole byte or one bit, got " + bitCount + " bits";
                }
            }
            case CHAR -> {
                if (width < 1 || width > MAX_CHARS) {
                    return "char(n) takes 1-" + MAX_CHARS + " bytes, got " + width;
                }
            }
        }
        if (kind != Kind.INTEGER && signed != signedKind()) {
            return "a " + text(width, signed) + " is " + (signedKind() ? "" : "not ") + "signed";
        }
        if (bitCount != 0 && kind != Kind.INTEGER && kind != Kind.BOOL) {
            return "only integers and bools take a bit range, not " + text(width, signed);
        }
        if (sentinel && !integral(width)) {
            return "a " + text(width, signed) + " has no raw null value: give it a null bit (nullable @BYTE.BIT)";
        }
        return null;
    }

    /** Whether a field of this kind (other than an integer, which says) is a signed integer: decimals, dates, timestamps. */
    public boolean signedKind() {
        return kind == Kind.DECIMAL || kind == Kind.DATE || kind == Kind.TIMESTAMP;
    }

    /** Whether a field of this type and width reads as one integer ({@link Field#read}). */
    public boolean integral(int width) {
        return switch (kind) {
            case INTEGER, DATE, TIMESTAMP -> true;
            case DECIMAL -> width <= 8;
            default -> false;
        };
    }

    /**
     * The type as the layout text writes it: {@code u8} ... {@code i64}, {@code f32}, {@code f64},
     * {@code decimal(P,S)} (with {@code /BYTES} when not the precision's own width), {@code date},
     * {@code timestamp}, {@code bool}, {@code char(N)}.
     */
    public String text(int width, boolean signedInteger) {
        return switch (kind) {
            case INTEGER -> (signedInteger ? "i" : "u") + 8 * width;
            case FLOAT -> "f" + 8 * width;
            case DECIMAL -> "decimal(" + precision + "," + scale + ")"
                    + (width == decimalWidth(precision) ? "" : "/" + width);
            case DATE -> "date";
            case TIMESTAMP -> "timestamp";
            case BOOL -> "bool";
            case CHAR -> "char(" + width + ")";
        };
    }
}
