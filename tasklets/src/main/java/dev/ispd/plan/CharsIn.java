package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A string IN as Spark pushes it, {@code s = 'a' OR s = 'b' OR ...} on one {@code char(N)} field
 * (TPC-H Q12's and Q19's {@code l_shipmode IN (...)}), or its negation {@code s <> 'a' AND s <> 'b'
 * AND ...} ({@code absent}): each row's string is loaded once and compared with the literals padded
 * to the field's width ({@link PaddedChars}), a word at a time, where the OR of equalities compared
 * the row's bytes again for each literal and kept lists of the rows still open. It counts what
 * that OR (that AND) of leaves counts, leaf by leaf: a field load per literal tested, up to and
 * including the first equal one, and a comparison (a string leaf's) per literal a string that is
 * not NULL was compared with; a NULL fails every equality (each is tested) and the first
 * inequality (the AND stops there).
 */
final class CharsIn extends Condition {
    private final Field field;
    private final PaddedChars[] literals;
    private final boolean absent;
    /** Whether the field is 8 bytes or more wide: a row's first word is loaded once and compared with each literal's. */
    private final boolean byWords;
    /** Each literal's words as a big- and a little-endian buffer loads them. */
    private final long[][] big;
    private final long[][] little;
    /** Each literal's first word, likewise (where {@link #byWords}). */
    private final long[] firstBig;
    private final long[] firstLittle;
    /** The batch form's places of the rows' strings and their NULLs. */
    private final StringPlaces places = new StringPlaces();

    private CharsIn(Field field, PaddedChars[] literals, boolean absent) {
        this.field = field;
        this.literals = literals;
        this.absent = absent;
        this.byWords = literals[0].byWords();
        int m = literals.length;
        this.big = new long[m][];
        this.little = new long[m][];
        this.firstBig = new long[m];
        this.firstLittle = new long[m];
        for (int j = 0; j < m; j++) {
            big[j] = literals[j].words(ByteOrder.BIG_ENDIAN);
            little[j] = literals[j].words(ByteOrder.LITTLE_ENDIAN);
            if (byWords) {
                firstBig[j] = big[j][0];
                firstLittle[j] = little[j][0];
            }
        }
    }

    /**
     * The IN of {@code or}'s operands where each is {@code field = 'literal'} on one {@code char(N)}
     * field of {@code layout} whose literal compares by its padded bytes ({@link PaddedChars#of}),
     * as {@code NOT or} where {@code negated}; else null (the operands are bound one by one).
     */
    static CharsIn of(Predicate.Or or, Layout layout, boolean negated) {
        if (or.operands().size() < 2) {
            return null; // refused as an OR, naming its operands
        }
        String name = null;
        for (Predicate p : or.operands()) {
            if (!(p instanceof Predicate.CompareString c) || c.op() != CompareOp.EQ
                    || name != null && !name.equals(c.field())) {
                return null;
            }
            name = c.field();
        }
        Field field = layout.field(name, "where");
        if (field.type().kind() != FieldType.Kind.CHAR) {
            return null;
        }
        PaddedChars[] literals = new PaddedChars[or.operands().size()];
        for (int j = 0; j < literals.length; j++) {
            String literal = ((Predicate.CompareString) or.operands().get(j)).literal();
            literals[j] = PaddedChars.of(field, literal.getBytes(StandardCharsets.UTF_8));
            if (literals[j] == null) {
                return null;
            }
        }
        return new CharsIn(field, literals, negated);
    }

    @Override
    Field stringField() {
        return field;
    }

    /** The first literal the string at absolute {@code at} of {@code buf} equals, or the literals' count. */
    private int equal(ByteBuffer buf, int at, long[][] words, long[] firsts) {
        if (byWords) {
            long first = buf.getLong(at);
            for (int j = 0; j < literals.length; j++) {
                if (first == firsts[j] && literals[j].restEqualAt(buf, at, words[j])) {
                    return j;
                }
            }
            return literals.length;
        }
        for (int j = 0; j < literals.length; j++) {
            if (literals[j].equalAt(buf, at, words[j])) {
                return j;
            }
        }
        return literals.length;
    }

    @Override
    boolean test(ByteBuffer buf, int record, Work work) {
        if (field.hasNullBit() && field.nullBitSet(buf, record)) {
            work.fieldReads += absent ? 1 : literals.length;
            return false;
        }
        boolean bigEndian = buf.order() == ByteOrder.BIG_ENDIAN;
        int j = equal(buf, record + field.offset(), bigEndian ? big : little, bigEndian ? firstBig : firstLittle);
        int tested = Math.min(j + 1, literals.length);
        work.fieldReads += tested;
        work.compares += tested;
        work.stringLeafCompares += tested;
        return (j < literals.length) != absent;
    }

    /** Each row's string loaded where the batch holds it ({@link ColumnBatch#chars}) and compared with the literals in turn. */
    @Override
    int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
        ByteBuffer buf = places.read(batch, field, sel, n);
        int[] starts = places.starts;
        boolean[] nulls = places.nulls;
        boolean bigEndian = buf.order() == ByteOrder.BIG_ENDIAN;
        long[][] words = bigEndian ? big : little;
        long[] firsts = bigEndian ? firstBig : firstLittle;
        int m = literals.length;
        long reads = 0;
        long compared = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            if (nulls[r]) {
                reads += absent ? 1 : m;
                continue;
            }
            int j = equal(buf, starts[r], words, firsts);
            int tested = Math.min(j + 1, m);
            reads += tested;
            compared += tested;
            out[k] = r;
            k += (j < m) != absent ? 1 : 0;
        }
        work.fieldReads += reads;
        work.compares += compared;
        work.stringLeafCompares += compared;
        return k;
    }
}
