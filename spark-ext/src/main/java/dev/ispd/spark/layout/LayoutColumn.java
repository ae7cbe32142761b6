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
 * Spark type that holds every value of it. Unsigned 32-bit fields are {@code bigint} (they do not
 * fit an {@code int}); 1-byte fields and bit ranges are {@code int}. Records have no nulls.
 */
public record LayoutColumn(Field field, DataType type) implements Serializable {

    /**
     * The column of {@code field}: {@code int} where every value fits one, {@code bigint} otherwise.
     *
     * @throws IllegalArgumentException naming the field, if it is not an integer or may be NULL:
     *     the connector reads integer fields without nulls
     */
    public static LayoutColumn of(Field field) {
        if (field.type().kind() != FieldType.Kind.INTEGER || field.nullable()) {
            throw new IllegalArgumentException("field " + field.name() + " is " + field.typeText()
                    + (field.nullable() ? " nullable" : "") + ": the connector reads integer fields without nulls");
        }
        boolean fitsInt = field.signed() ? field.valueBits() <= 32 : field.valueBits() <= 31;
        return new LayoutColumn(field, fitsInt ? DataTypes.IntegerType : DataTypes.LongType);
    }

    /** The column name: the field's name in the format document ({@code clientID}, {@code region}). */
    public String name() {
        return field.name();
    }

    public StructField structField() {
        return new StructField(name(), type, false, Metadata.empty());
    }
}
