package dev.ispd.spark.pushdown;

import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;

/** Resolves what Spark pushes as a column (a predicate's, an aggregate's, a sort's) to a layout column. */
final class ColumnReference {
    private ColumnReference() {
    }

    /** The layout column {@code e} names; NotPushable if it is an expression, a nested field or no column of the layout. */
    static LayoutColumn column(RecordLayout layout, Expression e) throws NotPushable {
        if (!(e instanceof NamedReference ref)) {
            throw new NotPushable(e + " is not a column of layout " + layout.name());
        }
        String[] names = ref.fieldNames();
        if (names.length != 1) {
            throw new NotPushable(ref + " is a nested field");
        }
        return layout.column(names[0])
                .orElseThrow(() -> new NotPushable(names[0] + " is not a column of layout " + layout.name()));
    }
}
