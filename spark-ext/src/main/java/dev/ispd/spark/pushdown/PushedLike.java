package dev.ispd.spark.pushdown;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * Spark's {@code LIKE} of a string with a literal pattern (escape {@code \}) as a V2 function a
 * data source is handed: Spark hands sources LIKE only as the STARTS WITH, ENDS WITH or CONTAINS
 * it rewrites some patterns into, so the session extension puts this in place of other LIKEs
 * above an ispd scan, and {@link ExprConverter} recognises it by {@link #NAME} as the plan's LIKE.
 * Its arguments are the string and the pattern; where Spark evaluates it (not pushed), it is
 * Spark's own LIKE over the string (a {@code BoundReference} 0), so the answer is Spark's.
 */
public final class PushedLike implements ScalarFunction<Object> {
    private static final long serialVersionUID = 1L;
    /** The canonical name {@link ExprConverter} knows it by. */
    public static final String NAME = "ispd.like";

    private final Expression like;

    /** {@code like}, Spark's LIKE of bound reference 0 with its literal pattern. */
    public PushedLike(Expression like) {
        this.like = like;
    }

    @Override
    public DataType[] inputTypes() {
        return new DataType[] {DataTypes.StringType, DataTypes.StringType};
    }

    @Override
    public DataType resultType() {
        return DataTypes.BooleanType;
    }

    @Override
    public String name() {
        return "like";
    }

    @Override
    public String canonicalName() {
        return NAME;
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Object produceResult(InternalRow input) {
        return like.eval(input);
    }
}
