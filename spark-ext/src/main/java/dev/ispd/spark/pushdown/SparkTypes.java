package dev.ispd.spark.pushdown;

import dev.ispd.plan.ExprType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/** Spark SQL's type for a plan expression's {@link ExprType}: the one Spark derives for the same expression. */
final class SparkTypes {
    private SparkTypes() {
    }

    static DataType of(ExprType t) {
        return switch (t.kind()) {
            case INT -> t.bits() == 32 ? DataTypes.IntegerType : DataTypes.LongType;
            case FLOAT -> t.bits() == 32 ? DataTypes.FloatType : DataTypes.DoubleType;
            case DECIMAL -> DataTypes.createDecimalType(t.precision(), t.scale());
            case DATE -> DataTypes.DateType;
            case TIMESTAMP -> DataTypes.TimestampType;
            case BOOL -> DataTypes.BooleanType;
            case STRING -> DataTypes.StringType;
        };
    }
}
