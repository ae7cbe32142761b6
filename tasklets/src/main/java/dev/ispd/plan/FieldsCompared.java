package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * A comparison of two fields of one type that are never NULL and whose values are their integers
 * ({@code l_commitdate < l_receiptdate}, TPC-H Q12's, pushed as an expression): each row's two
 * values compared as longs, from the fields' decoded values ({@link Condition.FieldValues}, shared
 * with the WHERE's other leaves of them), where the expression's batch nodes decoded each into a
 * node's values, compared them into truths and read the truths back. Equal values of one type are
 * equal numbers (an integer, a decimal's unscaled value at the one scale, days, microseconds), so
 * the verdict is the expression's; so is the work counted, the expression's cost per row
 * ({@link ExprCost}).
 */
final class FieldsCompared extends Condition {
    private final Field left;
    private final Field right;
    /** Bit {@code Long.compare(left, right) + 1} set where a row passes. */
    private final int passing;
    private final ExprCost cost;
    private FieldValues leftValues;
    private FieldValues rightValues;

    private FieldsCompared(Field left, Field right, CompareOp op, boolean negated, ExprCost cost) {
        this.left = left;
        this.right = right;
        int bits = 0;
        for (int c = -1; c <= 1; c++) {
            bits |= op.holds(c) != negated ? 1 << (c + 1) : 0;
        }
        this.passing = bits;
        this.cost = cost;
    }

    /**
     * {@code e} (its negation where {@code negated}) as such a comparison where it compares two
     * fields of {@code layout} that qualify; else null, and it is bound as an expression.
     */
    static FieldsCompared of(Expr e, Layout layout, boolean negated, ExprCost cost) {
        if (!(e instanceof Expr.Compare c) || !(c.left() instanceof Expr.Ref a) || !(c.right() instanceof Expr.Ref b)) {
            return null;
        }
        Field left = layout.field(a.name(), "where");
        Field right = layout.field(b.name(), "where");
        return plain(left) && plain(right) && left.type().equals(right.type()) && left.signed() == right.signed()
                ? new FieldsCompared(left, right, c.op(), negated, cost) : null;
    }

    /** A field never NULL whose value is one signed long as read ({@link Field#integral}, not an unsigned 8-byte one). */
    private static boolean plain(Field f) {
        return !f.nullable() && f.integral() && f.readsAsInteger() && !f.unsigned64();
    }

    @Override
    void shareValues(Map<Field, FieldValues> values) {
        leftValues = values.computeIfAbsent(left, f -> new FieldValues());
        rightValues = values.computeIfAbsent(right, f -> new FieldValues());
    }

    @Override
    boolean test(ByteBuffer buf, int record, Work work) {
        work.add(cost, 1);
        int c = Long.compare(left.readInteger(buf, record), right.readInteger(buf, record));
        return (passing >>> (c + 1) & 1) != 0;
    }

    @Override
    int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
        leftValues.decode(left, batch, sel, n);
        rightValues.decode(right, batch, sel, n);
        work.add(cost, n);
        long[] a = leftValues.values;
        long[] b = rightValues.values;
        int k = 0;
        for (int i = 0; i < n; i++) { // no branch on the values: a row is written, and kept by its count
            int r = sel[i];
            out[k] = r;
            k += passing >>> (Long.compare(a[r], b[r]) + 1) & 1;
        }
        return k;
    }
}
