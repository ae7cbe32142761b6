package dev.ispd.plan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Reads one output column of a record into the words a plan returns for it
 * ({@link ColumnValues}): a field column's one word, or a computed column's value and NULL
 * words, evaluated by the compiled expression without allocating. Counts, per read, the field
 * loads and comparisons it makes, as an aggregate's expression counts them.
 */
abstract class ColumnReader {
    /** Words this column takes in a row. */
    final int words;
    /** The work of one read. */
    final ExprCost cost;

    private ColumnReader(int words, ExprCost cost) {
        this.words = words;
        this.cost = cost;
    }

    /** Writes the column's words for the record at absolute {@code record} of {@code buf} into {@code into[at...]}. */
    abstract void read(ByteBuffer buf, int record, long[] into, int at);

    /**
     * {@link #read} of row {@code row} of {@code batch}, whose records {@code buf} holds at least
     * that row of ({@link ColumnBatch#buffer}), or null where {@link #readsBatch}: the same words,
     * read from the batch's columns where it keeps them (a field's values, a string field's
     * lengths, a dictionary-coded one's entries).
     */
    void read(ColumnBatch batch, ByteBuffer buf, int row, long[] into, int at) {
        read(buf, batch.record(row), into, at);
    }

    /** Whether {@link #read(ColumnBatch, ByteBuffer, int, long[], int)} reads every row of {@code batch} from its columns, no record. */
    boolean readsBatch(ColumnBatch batch) {
        return false;
    }

    /**
     * Prepares a computed column to be evaluated a batch at a time ({@link #evaluate}); a field's
     * column reads a batch's columns as they are.
     */
    void vectorize() {
    }

    /**
     * Computes this column's values of rows {@code sel[0, n)} of {@code batch} at once, where it is
     * {@link #vectorize}d and the batch holds every field it reads ({@link ColumnBatch#holds}), for
     * {@link #read(ColumnBatch, ByteBuffer, int, long[], int)} to read; raises the
     * {@link PlanArithmeticException} of a row whose value has one, and the rows are then read one
     * at a time (which raises the first row's, in the per-record loop's order).
     */
    void evaluate(ColumnBatch batch, int[] sel, int n) {
    }

    /** Whether this column is a string's words (a result carries them at the string's length: {@link RowWriter}). */
    boolean string() {
        return false;
    }

    /**
     * The reader of {@code column} over {@code layout}: as a GROUP BY key ({@code key}: a float
     * field's key, -0.0 as 0.0) or as a selected column (a float field as shown, -0.0 kept).
     */
    static ColumnReader of(Expr column, Layout layout, boolean key) {
        if (ColumnValues.fieldColumn(column, layout)) {
            return new FieldWord(layout.field(((Expr.Ref) column).name(), "expression"), key);
        }
        ExprEval eval = ExprCompiler.compile(column, layout);
        ExprCost cost = ExprCost.of(column, layout);
        if (eval instanceof StringEval s) {
            return new StringWords(s, ColumnValues.maxBytes(column, layout), cost);
        }
        return new ValueWords(eval, key, cost);
    }

    /** The total words of {@code readers}. */
    static int words(ColumnReader[] readers) {
        return Arrays.stream(readers).mapToInt(r -> r.words).sum();
    }

    /** The work of reading every one of {@code readers} once. */
    static ExprCost cost(ColumnReader[] readers) {
        return Arrays.stream(readers).map(r -> r.cost).reduce(ExprCost.NONE, ExprCost::plus);
    }

    /** A field column: the field's value in one word. */
    private static final class FieldWord extends ColumnReader {
        private final Field field;
        private final boolean integer;
        private final boolean key;

        FieldWord(Field field, boolean key) {
            super(1, ExprCost.FIELD);
            this.field = field;
            this.integer = field.readsAsInteger();
            this.key = key;
        }

        /** The batch {@link #values} and {@link #place} are of. */
        private final BatchMark looked = new BatchMark();
        private long[] values;
        /** The field's row 0 record in the batch's {@link ColumnBatch#strings} ({@link ColumnBatch#fieldRecord}). */
        private long place;

        @Override
        void read(ByteBuffer buf, int record, long[] into, int at) {
            into[at] = integer ? field.readInteger(buf, record) : key ? field.read(buf, record)
                    : field.readShown(buf, record);
        }

        @Override
        void read(ColumnBatch batch, ByteBuffer buf, int row, long[] into, int at) {
            look(batch);
            if (values != null) {
                into[at] = values[row];
            } else if (place != ColumnBatch.NOT_IN_PLACE) {
                read(batch.strings(), (int) place + row * field.width(), into, at);
            } else {
                read(buf, batch.record(row), into, at);
            }
        }

        @Override
        boolean readsBatch(ColumnBatch batch) {
            look(batch);
            return values != null || place != ColumnBatch.NOT_IN_PLACE;
        }

        /** The batch's values of the field ({@link ColumnBatch#integers}), or where it holds them in place, looked up once a batch. */
        private void look(ColumnBatch batch) {
            if (looked.moveTo(batch)) {
                values = integer ? batch.integers(field) : null;
                place = values == null ? batch.fieldRecord(field) : ColumnBatch.NOT_IN_PLACE;
            }
        }
    }

    /**
     * A computed value that is not a string: its words (0 when NULL), then 1, or 0 for NULL. Read
     * from a record by the compiled expression, or from a batch's rows evaluated at once by its
     * batch form ({@link #vectorize}, {@link #evaluate}).
     */
    private static final class ValueWords extends ColumnReader {
        private final ExprEval eval;
        private final ExprType.Kind kind;
        private final boolean key;
        /** The batch form, once {@link #vectorize}d, the fields it reads, and the batch whose rows it has {@link #evaluate}d. */
        private VectorEval vector;
        private Field[] fields;
        private final BatchMark evaluated = new BatchMark();

        ValueWords(ExprEval eval, boolean key, ExprCost cost) {
            super(eval.type.words() + 1, cost);
            this.eval = eval;
            this.kind = eval.type.kind();
            this.key = key;
        }

        @Override
        void read(ByteBuffer buf, int record, long[] into, int at) {
            long v;
            boolean isNull;
            if (kind == ExprType.Kind.BOOL) {
                int t = eval.truth(buf, record);
                isNull = t == ExprEval.UNKNOWN;
                v = t == ExprEval.TRUE ? 1 : 0;
            } else if (kind == ExprType.Kind.FLOAT) {
                double d = eval.doubleValue(buf, record);
                isNull = eval.isNull;
                v = floatWord(d);
            } else {
                v = eval.longValue(buf, record);
                isNull = eval.isNull;
            }
            put(v, isNull, eval.high, into, at);
        }

        @Override
        void read(ColumnBatch batch, ByteBuffer buf, int row, long[] into, int at) {
            if (!evaluated.of(batch)) {
                super.read(batch, buf, row, into, at);
                return;
            }
            long v;
            boolean isNull;
            if (kind == ExprType.Kind.BOOL) {
                int t = vector.truths[row];
                isNull = t == ExprEval.UNKNOWN;
                v = t == ExprEval.TRUE ? 1 : 0;
            } else {
                isNull = vector.nulls[row];
                v = kind == ExprType.Kind.FLOAT ? floatWord(vector.doubles[row]) : vector.longs[row];
            }
            put(v, isNull, words == 3 ? vector.high(row) : 0, into, at);
        }

        @Override
        boolean readsBatch(ColumnBatch batch) {
            return evaluated.of(batch);
        }

        @Override
        void vectorize() {
            VectorCompiler compiler = new VectorCompiler();
            vector = compiler.compile(eval);
            fields = compiler.fields().toArray(Field[]::new);
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            if (vector == null) {
                return;
            }
            for (Field f : fields) {
                if (!batch.holds(f)) {
                    return; // a field of the plan's own over the record's bytes: read from the rows as records
                }
            }
            vector.evaluate(batch, sel, n);
            evaluated.set(batch);
        }

        /** Spark groups -0.0 with 0.0 and every NaN together; doubleToLongBits makes one NaN. */
        private long floatWord(double d) {
            return Double.doubleToLongBits(key && d == 0.0 ? 0.0 : d);
        }

        /** The value's words: {@code v} (0 when NULL), a decimal of more than 18 digits' {@code high} word, then 1, or 0 for NULL. */
        private void put(long v, boolean isNull, long high, long[] into, int at) {
            into[at] = isNull ? 0 : v;
            if (words == 3) {
                into[at + 1] = isNull ? 0 : high;
            }
            into[at + words - 1] = isNull ? 0 : 1;
        }
    }

    /** A string: its length in bytes (-1: NULL), then its bytes, 8 to a word from the low byte, zero-filled. */
    private static final class StringWords extends ColumnReader {
        private static final VarHandle LITTLE_ENDIAN_LONGS =
                MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        private final StringEval eval;
        /** The field {@link #eval} reads, where it is a plain field (its length or entry may be in the batch); else null. */
        private final Field field;
        /** The batch the field's dictionary and ids, or lengths, or place below are of. */
        private final BatchMark looked = new BatchMark();
        private StringDictionary dictionary;
        private int[] ids;
        private int[] lengths;
        /** The field's row 0 record in the batch's {@link ColumnBatch#strings} where it has no null bit ({@link ColumnBatch#fieldRecord}). */
        private long place;

        StringWords(StringEval eval, int maxBytes, ExprCost cost) {
            super(1 + (maxBytes + 7) / Long.BYTES, cost);
            this.eval = eval;
            this.field = eval instanceof StringEval.FieldChars chars ? chars.field : null;
        }

        @Override
        boolean string() {
            return true;
        }

        @Override
        void read(ByteBuffer buf, int record, long[] into, int at) {
            int length = eval.length(buf, record);
            words(buf, eval.bytes, eval.start, length, into, at);
        }

        /**
         * The field's entry where the batch holds the row as a dictionary id (a NULL's id the
         * dictionary's size), or its bytes in place at the length the batch keeps: no padding
         * looked for, no per-byte call.
         */
        @Override
        void read(ColumnBatch batch, ByteBuffer buf, int row, long[] into, int at) {
            if (field == null) {
                super.read(batch, buf, row, into, at);
                return;
            }
            look(batch);
            if (dictionary != null) {
                int id = ids[row];
                byte[] entry = id < dictionary.size() ? dictionary.entry(id) : null;
                words(buf, entry, 0, entry == null ? -1 : entry.length, into, at);
                return;
            }
            if (place != ColumnBatch.NOT_IN_PLACE) {
                read(batch.strings(), (int) place + row * field.width(), into, at);
                return;
            }
            int record = batch.record(row);
            if (lengths == null) {
                read(buf, record, into, at);
                return;
            }
            boolean isNull = field.hasNullBit() && field.nullBitSet(buf, record);
            words(buf, null, record + field.offset(), isNull ? -1 : lengths[row], into, at);
        }

        @Override
        boolean readsBatch(ColumnBatch batch) {
            if (field == null) {
                return false;
            }
            look(batch);
            return dictionary != null || place != ColumnBatch.NOT_IN_PLACE;
        }

        /** The batch's dictionary and ids of the field, or the lengths it keeps, or where it holds the field in place, looked up once a batch. */
        private void look(ColumnBatch batch) {
            if (looked.moveTo(batch)) {
                this.dictionary = batch.dictionary(field);
                this.ids = dictionary == null ? null : batch.dictionaryIds(field);
                this.lengths = dictionary == null ? batch.stringLengths(field) : null;
                this.place = dictionary != null || lengths != null || field.hasNullBit() ? ColumnBatch.NOT_IN_PLACE
                        : batch.fieldRecord(field);
            }
        }

        /**
         * The words of the string of {@code length} bytes (-1: NULL) at {@code start} of {@code bytes},
         * or of {@code buf} where null: whole words read as such, the last one's bytes past the
         * string zero, the words past it zero.
         */
        private void words(ByteBuffer buf, byte[] bytes, int start, int length, long[] into, int at) {
            into[at] = length;
            int w = at + 1;
            int whole = Math.max(length, 0) / Long.BYTES;
            boolean swap = bytes == null && whole > 0 && buf.order() != ByteOrder.LITTLE_ENDIAN;
            for (int i = 0, p = start; i < whole; i++, p += Long.BYTES) {
                long word = bytes != null ? (long) LITTLE_ENDIAN_LONGS.get(bytes, p) : buf.getLong(p);
                into[w++] = swap ? Long.reverseBytes(word) : word;
            }
            int rest = Math.max(length, 0) - whole * Long.BYTES;
            if (rest > 0) {
                long word = 0;
                int from = start + whole * Long.BYTES;
                for (int b = rest - 1; b >= 0; b--) {
                    word = word << 8 | StringEval.at(buf, bytes, from + b);
                }
                into[w++] = word;
            }
            Arrays.fill(into, w, at + words, 0L);
        }
    }
}
