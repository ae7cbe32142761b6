package dev.ispd.spark.layout;

import dev.ispd.worldcup.WorldCupField;
import java.io.Serializable;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.Metadata;

/**
 * One column of a fixed-width record layout as Spark sees it: the record field it decodes and the
 * Spark type that holds every value of it. Unsigned 32-bit fields are {@code bigint} (they do not
 * fit an {@code int}); 1-byte fields and bit ranges are {@code int}. Records have no nulls.
 */
public record LayoutColumn(WorldCupField field, DataType type) implements Serializable {

    /** The column of {@code field}: {@code bigint} for 4-byte fields, {@code int} for the rest. */
    public static LayoutColumn of(WorldCupField field) {
        return new LayoutColumn(field, field.width() == 4 ? DataTypes.LongType : DataTypes.IntegerType);
    }

    /** The column name: the field's name in the format document ({@code clientID}, {@code region}). */
    public String name() {
        return field.wireName();
    }

    public StructField structField() {
        return new StructField(name(), type, false, Metadata.empty());
    }
}
