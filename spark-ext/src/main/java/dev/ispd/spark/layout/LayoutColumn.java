package dev.ispd.spark.layout;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import java.io.Serializable;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;

/**
 * One column of a fixed-width record layout as Spark sees it: the record field it decodes and the
 * Spark type that holds every value of it (docs/spark.md, "Types"): integers as {@code int} where
 * every value fits one, else {@code bigint} (unsigned 32-bit fields, 8-byte fields); {@code f32}
 * {@code float}, {@code f64} {@code double}; {@code decimal(P,S)} {@code decimal(P,S)};
 * {@code date}, {@code timestamp}, {@code bool} {@code date}, {@code timestamp}, {@code boolean};
 * {@code char(N)} {@code string} (its bytes less their padding). Nullable where the field is.
 */
public record LayoutColumn(Field field, DataType type) implements Serializable {

    /** The column of {@code field}. */
    public static LayoutColumn of(Field field) {
        return new LayoutColumn(field, switch (field.type().kind()) {
            case INTEGER -> (field.signed() ? field.valueBits() <= 32 : field.valueBits() <= 31)
                    ? DataTypes.IntegerType : DataTypes.LongType;
            case FLOAT -> field.width() == 4 ? DataTypes.FloatType : DataTypes.DoubleType;
            case DECIMAL -> DataTypes.createDecimalType(field.type().precision(), field.type().scale());
            case DATE -> DataTypes.DateType;
            case TIMESTAMP -> DataTypes.TimestampType;
            case BOOL -> DataTypes.BooleanType;
            case CHAR -> DataTypes.StringType;
        });
    }

    /** The column name: the field's name in the format document ({@code clientID}, {@code region}). */
    public String name() {
        return field.name();
    }

    public StructField structField() {
        return new StructField(name(), type, field.nullable(), Metadata.empty());
    }

    /** Whether the field is an integer, whose values the plan sums. */
    public boolean integer() {
        return field.type().kind() == FieldType.Kind.INTEGER;
    }
}
