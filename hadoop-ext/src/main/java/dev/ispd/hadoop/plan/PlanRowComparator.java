package dev.ispd.hadoop.plan;

import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.ExprType;
import dev.ispd.plan.Field;
import dev.ispd.plan.FloatKeys;
import dev.ispd.plan.Plan;
import java.util.Arrays;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * The sort order of a top-N plan's rows: by its sort keys, each a selected column read from the
 * row's words as the plan returns it ({@link ColumnValues}), compared as the plan's top-N orders
 * (Spark's order: a field in its own order, signed, unsigned or a float's key; a float's NaN
 * above every number and -0.0 equal to 0.0; a string by its UTF-8 bytes as unsigned numbers, a
 * prefix first), NULLs first or last as the key says, in its direction; then by the whole row,
 * so the reducer sees the best rows first and equal rows together.
 */
public class PlanRowComparator extends WritableComparator implements Configurable {
    private Configuration conf;
    private Plan.SortKey[] keys;
    /** Per key: its column's field (a field column), or its type (a computed one); its first word in a row. */
    private Field[] fields;
    private ExprType[] types;
    private int[] columns;

    public PlanRowComparator() {
        super(PlanRow.class, true);
    }

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        Plan plan = PlanDeviceMapper.jobPlan(conf);
        keys = plan.orderBy().toArray(Plan.SortKey[]::new);
        fields = new Field[keys.length];
        types = new ExprType[keys.length];
        columns = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            Expr key = keys[i].key();
            if (ColumnValues.fieldColumn(key, plan.layout())) {
                fields[i] = plan.layout().field(((Expr.Ref) key).name(), "orderBy");
            } else {
                types[i] = ColumnValues.type(key, plan.layout(), "orderBy");
            }
            columns[i] = plan.selectWord(plan.select().indexOf(key));
        }
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
        long[] x = ((PlanRow) a).values();
        long[] y = ((PlanRow) b).values();
        for (int i = 0; i < keys.length; i++) {
            int c = compareKey(i, x, y);
            if (c != 0) {
                return c;
            }
        }
        return Arrays.compare(x, y);
    }

    private int compareKey(int i, long[] x, long[] y) {
        int at = columns[i];
        boolean xNull = isNull(i, x);
        boolean yNull = isNull(i, y);
        if (xNull || yNull) {
            int c = xNull == yNull ? 0 : xNull ? -1 : 1;
            return keys[i].nullsFirst() ? c : -c;
        }
        int c;
        if (fields[i] != null) {
            c = fields[i].compare(x[at], y[at]);
        } else if (types[i].kind() == ExprType.Kind.STRING) {
            c = compareStrings(x, y, at);
        } else if (types[i].kind() == ExprType.Kind.FLOAT) {
            c = Long.compare(FloatKeys.of(Double.longBitsToDouble(x[at])), FloatKeys.of(Double.longBitsToDouble(y[at])));
        } else {
            c = Long.compare(x[at], y[at]);
        }
        return keys[i].descending() ? -c : c;
    }

    /** Whether key {@code i} is NULL in {@code row}: a field's null value, a string's length -1, a value's flag 0. */
    private boolean isNull(int i, long[] row) {
        int at = columns[i];
        if (fields[i] != null) {
            return fields[i].isNull(row[at]);
        }
        return types[i].kind() == ExprType.Kind.STRING ? row[at] < 0 : row[at + types[i].words()] == 0;
    }

    /** Two strings at {@code at} (their length, then their bytes eight to a word from the low byte) byte by byte, unsigned. */
    private static int compareStrings(long[] x, long[] y, int at) {
        int n = (int) x[at];
        int m = (int) y[at];
        for (int b = 0; b < Math.min(n, m); b++) {
            int c = Integer.compare(stringByte(x, at, b), stringByte(y, at, b));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(n, m);
    }

    private static int stringByte(long[] row, int at, int b) {
        return (int) (row[at + 1 + b / Long.BYTES] >>> (8 * (b % Long.BYTES))) & 0xFF;
    }
}
