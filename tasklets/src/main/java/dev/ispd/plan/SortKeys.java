package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The compiled keys of a top-N ({@link Plan.SortKey}): each record's keys as words (one for a
 * field's value, an expression's long, a float's {@link FloatKeys key}, a boolean's truth; for a
 * string, its bytes eight to a word from the first, zero-filled, then its length) and a NULL flag,
 * evaluated into reused arrays and compared as Spark's ordering does: the first key that differs
 * decides, NULLs first or last as the key says, then its direction. Strings compare as Spark's
 * binary string comparison does, byte by byte as unsigned numbers, a prefix first. No allocation
 * per record.
 */
final class SortKeys {
    /** Per key: its field (a field key) or its expression (its string, for a string key), direction and NULL order. */
    private final Field[] fields;
    private final ExprEval[] exprs;
    private final StringEval[] strings;
    private final boolean[] descending;
    private final boolean[] nullsFirst;
    /** Per key: its first word in {@link #words}; one more entry, the words of all keys. */
    private final int[] at;
    /** The last record's keys, and whether each is NULL (at the key's first word). */
    private final long[] words;
    private final boolean[] nulls;
    /** The work of evaluating every key once. */
    private ExprCost cost = ExprCost.NONE;

    private SortKeys(int[] at) {
        int k = at.length - 1;
        fields = new Field[k];
        exprs = new ExprEval[k];
        strings = new StringEval[k];
        descending = new boolean[k];
        nullsFirst = new boolean[k];
        this.at = at;
        words = new long[at[k]];
        nulls = new boolean[at[k]];
    }

    static SortKeys of(List<Plan.SortKey> keys, Layout layout) {
        int[] at = new int[keys.size() + 1];
        ExprEval[] compiled = new ExprEval[keys.size()];
        for (int j = 0; j < keys.size(); j++) {
            Expr key = keys.get(j).key();
            int width = 1;
            if (!Plan.fieldKey(key, layout)) {
                compiled[j] = ExprCompiler.compile(key, layout);
                if (compiled[j] instanceof StringEval) {
                    width = (ColumnValues.maxBytes(key, layout) + Long.BYTES - 1) / Long.BYTES + 1;
                }
            }
            at[j + 1] = at[j] + width;
        }
        SortKeys s = new SortKeys(at);
        for (int j = 0; j < keys.size(); j++) {
            Plan.SortKey key = keys.get(j);
            if (compiled[j] == null) {
                s.fields[j] = layout.field(((Expr.Ref) key.key()).name(), "orderBy");
            } else if (compiled[j] instanceof StringEval string) {
                s.strings[j] = string;
            } else {
                s.exprs[j] = compiled[j];
            }
            s.cost = s.cost.plus(ExprCost.of(key.key(), layout));
            s.descending[j] = key.descending();
            s.nullsFirst[j] = key.nullsFirst();
        }
        return s;
    }

    /** The work of evaluating every key once. */
    ExprCost cost() {
        return cost;
    }

    /** The words a row's keys take. */
    int words() {
        return words.length;
    }

    /** Evaluates every key of the record at {@code record}. */
    void evaluate(ByteBuffer buf, int record) {
        for (int j = 0; j < fields.length; j++) {
            int w = at[j];
            Field f = fields[j];
            if (f != null) {
                words[w] = f.readsAsInteger() ? f.readInteger(buf, record) : f.read(buf, record);
                nulls[w] = false;
                continue;
            }
            if (strings[j] != null) {
                nulls[w] = !string(strings[j], buf, record, w, at[j + 1]);
                continue;
            }
            ExprEval e = exprs[j];
            switch (e.type.kind()) {
                case FLOAT -> {
                    double d = e.doubleValue(buf, record);
                    words[w] = FloatKeys.of(d);
                    nulls[w] = e.isNull;
                }
                case BOOL -> {
                    int t = e.truth(buf, record);
                    words[w] = t;
                    nulls[w] = t == ExprEval.UNKNOWN;
                }
                default -> {
                    words[w] = e.longValue(buf, record);
                    nulls[w] = e.isNull;
                }
            }
        }
    }

    /**
     * Writes string {@code e}'s bytes into words {@code from} to {@code end - 1}, eight to a
     * word from the most significant byte (so that words compared unsigned order as the bytes),
     * and its length into the last; false where it is NULL.
     */
    private boolean string(StringEval e, ByteBuffer buf, int record, int from, int end) {
        int length = e.length(buf, record);
        for (int w = from; w < end - 1; w++) {
            long word = 0;
            int first = (w - from) * Long.BYTES;
            for (int b = 0; b < Long.BYTES; b++) {
                word = word << 8 | (first + b < length ? e.byteAt(buf, record, first + b) : 0);
            }
            words[w] = word;
        }
        words[end - 1] = length;
        return length >= 0;
    }

    /** Copies the last record's keys to {@code at} of {@code keys} and {@code isNull}. */
    void store(long[] keys, boolean[] isNull, int at) {
        System.arraycopy(words, 0, keys, at, words.length);
        System.arraycopy(nulls, 0, isNull, at, nulls.length);
    }

    /** Below 0 where the last record ranks before the kept keys at {@code at}, 0 where tied, above 0 after. */
    int compareEvaluated(long[] keys, boolean[] isNull, int at) {
        for (int j = 0; j < fields.length; j++) {
            int c = compareKey(j, words, nulls, this.at[j], keys, isNull, at + this.at[j]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** How the kept keys at {@code a} rank against those at {@code b}, as {@link #compareEvaluated}. */
    int compare(long[] keys, boolean[] isNull, int a, int b) {
        for (int j = 0; j < fields.length; j++) {
            int c = compareKey(j, keys, isNull, a + at[j], keys, isNull, b + at[j]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Key {@code j} of the keys at {@code a} in {@code as} against those at {@code b} in {@code bs}. */
    private int compareKey(int j, long[] as, boolean[] aNulls, int a, long[] bs, boolean[] bNulls, int b) {
        boolean aNull = aNulls[a];
        boolean bNull = bNulls[b];
        if (aNull || bNull) {
            int c = aNull == bNull ? 0 : aNull ? -1 : 1;
            return nullsFirst[j] ? c : -c;
        }
        int c;
        if (fields[j] != null) {
            c = fields[j].compare(as[a], bs[b]);
        } else if (strings[j] != null) {
            c = 0;
            int width = at[j + 1] - at[j];
            for (int w = 0; w < width - 1 && c == 0; w++) {
                c = Long.compareUnsigned(as[a + w], bs[b + w]);
            }
            c = c != 0 ? c : Long.compare(as[a + width - 1], bs[b + width - 1]);
        } else {
            c = Long.compare(as[a], bs[b]);
        }
        return descending[j] ? -c : c;
    }
}
