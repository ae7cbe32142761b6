package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The compiled keys of a top-N ({@link Plan.SortKey}): each record's keys as one word each (a
 * field's value, an expression's long, a float's {@link FloatKeys key}, a boolean's truth) and a
 * NULL flag, evaluated into reused arrays and compared as Spark's ordering does: the first key
 * that differs decides, NULLs first or last as the key says, then its direction. No allocation
 * per record.
 */
final class SortKeys {
    /** Per key: its field (a field key) or its expression, direction and NULL order. */
    private final Field[] fields;
    private final ExprEval[] exprs;
    private final boolean[] descending;
    private final boolean[] nullsFirst;
    /** The last record's keys. */
    private final long[] words;
    private final boolean[] nulls;
    /** The work of evaluating every key once. */
    private ExprCost cost = ExprCost.NONE;

    private SortKeys(int k) {
        fields = new Field[k];
        exprs = new ExprEval[k];
        descending = new boolean[k];
        nullsFirst = new boolean[k];
        words = new long[k];
        nulls = new boolean[k];
    }

    static SortKeys of(List<Plan.SortKey> keys, Layout layout) {
        SortKeys s = new SortKeys(keys.size());
        for (int j = 0; j < keys.size(); j++) {
            Plan.SortKey key = keys.get(j);
            if (Plan.fieldKey(key.key(), layout)) {
                s.fields[j] = layout.field(((Expr.Ref) key.key()).name(), "orderBy");
            } else {
                s.exprs[j] = ExprCompiler.compile(key.key(), layout);
            }
            s.cost = s.cost.plus(ExprCost.of(key.key(), layout));
            s.descending[j] = key.descending();
            s.nullsFirst[j] = key.nullsFirst();
        }
        return s;
    }

    ExprCost cost() {
        return cost;
    }

    int size() {
        return words.length;
    }

    /** Evaluates every key of the record at {@code record}. */
    void evaluate(ByteBuffer buf, int record) {
        for (int j = 0; j < words.length; j++) {
            Field f = fields[j];
            if (f != null) {
                words[j] = f.readsAsInteger() ? f.readInteger(buf, record) : f.read(buf, record);
                nulls[j] = false;
                continue;
            }
            ExprEval e = exprs[j];
            switch (e.type.kind()) {
                case FLOAT -> {
                    double d = e.doubleValue(buf, record);
                    words[j] = FloatKeys.of(d);
                    nulls[j] = e.isNull;
                }
                case BOOL -> {
                    int t = e.truth(buf, record);
                    words[j] = t;
                    nulls[j] = t == ExprEval.UNKNOWN;
                }
                default -> {
                    words[j] = e.longValue(buf, record);
                    nulls[j] = e.isNull;
                }
            }
        }
    }

    /** Copies the last record's keys to {@code at} of {@code keys} and {@code isNull}. */
    void store(long[] keys, boolean[] isNull, int at) {
        System.arraycopy(words, 0, keys, at, words.length);
        System.arraycopy(nulls, 0, isNull, at, nulls.length);
    }

    /** Below 0 where the last record ranks before the kept keys at {@code at}, 0 where tied, above 0 after. */
    int compareEvaluated(long[] keys, boolean[] isNull, int at) {
        for (int j = 0; j < words.length; j++) {
            int c = compareKey(j, words[j], nulls[j], keys[at + j], isNull[at + j]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** How the kept keys at {@code a} rank against those at {@code b}, as {@link #compareEvaluated}. */
    int compare(long[] keys, boolean[] isNull, int a, int b) {
        for (int j = 0; j < words.length; j++) {
            int c = compareKey(j, keys[a + j], isNull[a + j], keys[b + j], isNull[b + j]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private int compareKey(int j, long a, boolean aNull, long b, boolean bNull) {
        if (aNull || bNull) {
            int c = aNull == bNull ? 0 : aNull ? -1 : 1;
            return nullsFirst[j] ? c : -c;
        }
        int c = fields[j] != null ? fields[j].compare(a, b) : Long.compare(a, b);
        return descending[j] ? -c : c;
    }
}
