package dev.ispd.plan.parquet;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet schema as the records a plan runs over: every top-level, non-repeated primitive column
 * of a type plans know becomes a little-endian field of the same name (the null bits of optional
 * columns in the record's first bytes), and the drive's decoder writes each decoded value there
 * ({@link ParquetColumn.Conversion}). Columns of other types (INT96, nanosecond timestamps, plain
 * binary, nested or repeated ones) are listed in {@link #unsupported} with the reason: a plan that
 * names one is refused, naming it, and the engine reads such columns itself.
 *
 * @param unsupported column name to why a plan cannot read it
 */
public record ParquetTable(Layout layout, List<ParquetColumn> columns, Map<String, String> unsupported) {
    /**
     * Bytes of a string column's field, {@code char(N)}, unless a read asks for more: a longer value
     * is an error naming it. Every record of a decoded batch has this place for each string column,
     * so wider places mean batches of fewer rows ({@link dev.ispd.plan.ColumnBatch#capacity}).
     */
    public static final int STRING_WIDTH = 255;

    /** The table of {@code schema}, its layout named {@code name}, its string fields {@link #STRING_WIDTH} bytes. */
    public static ParquetTable of(String name, MessageType schema) {
        return of(name, schema, STRING_WIDTH);
    }

    /**
     * The table of {@code schema}, its layout named {@code name}, its string fields
     * {@code stringWidth} bytes (1 to {@link FieldType#MAX_CHARS}): the longest value they hold.
     */
    public static ParquetTable of(String name, MessageType schema, int stringWidth) {
        if (stringWidth < 1 || stringWidth > FieldType.MAX_CHARS) {
            throw new PlanException("layout", "stringWidth " + stringWidth + ": a string column of a plan holds 1-"
                    + FieldType.MAX_CHARS + " bytes");
        }
        List<PrimitiveType> readable = new ArrayList<>();
        List<ParquetColumn.Conversion> conversions = new ArrayList<>();
        Map<String, String> unsupported = new LinkedHashMap<>();
        for (Type t : schema.getFields()) {
            if (!t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)) {
                unsupported.put(t.getName(), "nested or repeated");
                continue;
            }
            PrimitiveType p = t.asPrimitiveType();
            String why = unsupportedReason(p);
            if (why != null) {
                unsupported.put(p.getName(), why);
            } else {
                readable.add(p);
                conversions.add(conversion(p));
            }
        }
        if (readable.isEmpty()) {
            throw new PlanException("layout", name + ": no column a plan can read (" + unsupported + ")");
        }
        int optional = (int) readable.stream().filter(p -> p.isRepetition(Type.Repetition.OPTIONAL)).count();
        int offset = (optional + 7) / 8;
        int nullBit = 0;
        List<Field> fields = new ArrayList<>();
        List<ParquetColumn> columns = new ArrayList<>();
        for (int i = 0; i < readable.size(); i++) {
            PrimitiveType p = readable.get(i);
            FieldType type = fieldType(p);
            int width = width(p, type, stringWidth);
            // little-endian numbers; bools and strings have no byte order (a layout's text says none)
            boolean byteOrderFree = type.kind() == FieldType.Kind.BOOL || type.kind() == FieldType.Kind.CHAR;
            Field f = new Field(p.getName(), offset, width, type.kind() == FieldType.Kind.INTEGER || type.signedKind(),
                    byteOrderFree, 0, 0, false, 0, type, Field.NO_NULL_BIT); // Parquet's integers are signed
            boolean opt = p.isRepetition(Type.Repetition.OPTIONAL);
            if (opt) {
                f = f.withNullBit(nullBit / 8, nullBit % 8);
                nullBit++;
            }
            fields.add(f);
            columns.add(new ParquetColumn(p.getName(), p.getPrimitiveTypeName(), p.getTypeLength(), opt,
                    conversions.get(i)));
            offset += width;
        }
        return new ParquetTable(new Layout(name, offset, fields), columns, unsupported);
    }

    /** The width of {@code layout}'s string fields (a table's layout: all alike), or {@link #STRING_WIDTH} if it has none. */
    public static int stringWidth(Layout layout) {
        return layout.fields().stream().filter(f -> f.type().kind() == FieldType.Kind.CHAR).mapToInt(Field::width)
                .findFirst().orElse(STRING_WIDTH);
    }

    /** The columns {@code plan} reads (a plan over this table's layout), in layout order. */
    public List<ParquetColumn> columnsOf(Plan plan) {
        Set<String> used = PlanFields.used(plan);
        return columns.stream().filter(c -> used.contains(c.name())).toList();
    }

    /** The column named {@code name}. */
    public ParquetColumn column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(() ->
                new PlanException("layout", "column " + name + " is not one a plan reads"
                        + (unsupported.containsKey(name) ? " (" + unsupported.get(name) + ")" : "")));
    }

    private static String unsupportedReason(PrimitiveType p) {
        LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
        return switch (p.getPrimitiveTypeName()) {
            case INT96 -> "INT96 timestamps";
            case INT32 -> a instanceof IntLogicalTypeAnnotation i && !i.isSigned() && i.getBitWidth() == 32
                    ? "unsigned 32-bit integers" : null;
            case FLOAT, DOUBLE, BOOLEAN -> null;
            case INT64 -> a instanceof TimestampLogicalTypeAnnotation ts && ts.getUnit() == LogicalTypeAnnotation.TimeUnit.NANOS
                    ? "nanosecond timestamps" : a instanceof IntLogicalTypeAnnotation i && !i.isSigned()
                    ? "unsigned 64-bit integers" : null;
            case BINARY -> a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                    || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation ? null
                    : a instanceof DecimalLogicalTypeAnnotation ? null : "binary without a string type";
            case FIXED_LEN_BYTE_ARRAY -> a instanceof DecimalLogicalTypeAnnotation ? null
                    : "fixed-length bytes without a decimal type";
        };
    }

    private static ParquetColumn.Conversion conversion(PrimitiveType p) {
        LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
        return switch (p.getPrimitiveTypeName()) {
            case INT32 -> ParquetColumn.Conversion.INT32;
            case INT64 -> a instanceof TimestampLogicalTypeAnnotation ts && ts.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS
                    ? ParquetColumn.Conversion.INT64_MILLIS : ParquetColumn.Conversion.INT64;
            case FLOAT -> ParquetColumn.Conversion.FLOAT;
            case DOUBLE -> ParquetColumn.Conversion.DOUBLE;
            case BOOLEAN -> ParquetColumn.Conversion.BOOLEAN;
            case BINARY -> a instanceof DecimalLogicalTypeAnnotation ? ParquetColumn.Conversion.BYTES_DECIMAL
                    : ParquetColumn.Conversion.STRING;
            case FIXED_LEN_BYTE_ARRAY -> ParquetColumn.Conversion.BYTES_DECIMAL;
            case INT96 -> throw new IllegalStateException("INT96 is unsupported");
        };
    }

    private static FieldType fieldType(PrimitiveType p) {
        LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
        if (a instanceof DecimalLogicalTypeAnnotation d) {
            return FieldType.decimal(d.getPrecision(), d.getScale());
        }
        if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
            return FieldType.DATE;
        }
        if (a instanceof TimestampLogicalTypeAnnotation) {
            return FieldType.TIMESTAMP;
        }
        return switch (p.getPrimitiveTypeName()) {
            case FLOAT, DOUBLE -> FieldType.FLOAT;
            case BOOLEAN -> FieldType.BOOL;
            case BINARY -> FieldType.chars(true);
            default -> FieldType.INTEGER;
        };
    }

    private static int width(PrimitiveType p, FieldType type, int stringWidth) {
        return switch (type.kind()) {
            case DECIMAL -> switch (p.getPrimitiveTypeName()) {
                case INT32 -> 4;
                case INT64 -> 8;
                default -> Math.max(8, FieldType.decimalWidth(type.precision()));
            };
            case CHAR -> stringWidth;
            case BOOL -> 1;
            case DATE, FLOAT -> p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.DOUBLE ? 8 : 4;
            case TIMESTAMP -> 8;
            case INTEGER -> p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT64 ? 8 : 4;
        };
    }
}
