package dev.ispd.spark.pushdown;

import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How a row plan (all rows, LIMIT or top-N) returns the read columns of its records: a string
 * column ({@code char(N)}, a Parquet string) as itself, a string the plan returns at its length
 * (less its padding, NULL where its null bit says: {@link dev.ispd.plan.PlanResult}), which the
 * host puts straight into Spark's vector; any other column as the records' own bytes that hold it
 * (its bytes and its null bit's), in runs of up to 8 bytes, each an unsigned big-endian integer
 * field of the plan's layout. The host reads each column's bytes out of those words and decodes
 * them as it decodes the records it reads itself (dev.ispd.spark.read's ColumnWords and
 * ColumnDecoder), so a column reads the same from a drive as from the host, whatever its type: a
 * plan returns one i64 per column, which holds no 16-byte decimal or null bit.
 *
 * <p>A field with a null bit is tested in the plan's WHERE by two fields: the field without its
 * null bit, and its null bit as a 1-bit integer ({@link #where}). The plan's layout holds no null
 * bit, so the bytes that hold one can be returned.
 *
 * <p>A top-N's sort keys are expressions over the same fields ({@link #sortKeys}).
 *
 * <p>Records decoded from Parquet ({@link RecordLayout#parquet}) are written by the plan's source
 * into the fields named by their columns, null bits included, so there the plan's layout is the
 * table's with the runs of value bytes beside it, and each read column's null bit is returned as
 * a word of its own ({@code IS NULL} of a one-byte field with that null bit, {@code nulls}).
 *
 * @param layout  the plan's layout: the fields the WHERE and the top-N name, then the runs of bytes
 *                and the string columns' fields
 * @param runs    the runs of bytes, in the order the plan returns them
 * @param nulls   the fields whose IS NULL the plan returns after the runs, one word each (Parquet)
 * @param strings the string columns, returned last, each at its length
 * @param stringColumns per string column, its place among the read columns
 */
public record RowBytes(Layout layout, List<Field> runs, List<Field> nulls, List<Expr> strings,
                       List<Integer> stringColumns) {
    private static final String RUN = "#bytes@";
    private static final String NULL_BIT = "#null@";
    private static final String CHARS = "#chars@";
    /** The words of a computed BOOL column such as IS NULL: its value and its NULL flag ({@link ColumnValues#words}). */
    private static final int IS_NULL_WORDS = 2;

    /** The row plan's form of {@code columns} of {@code layout} under {@code where}, ordered by {@code orderBy} (or none). */
    public static RowBytes of(RecordLayout layout, List<LayoutColumn> columns, Predicate where,
                              List<Plan.SortKey> orderBy) {
        return layout.parquet() ? decoded(layout, columns) : stored(layout, columns, where, orderBy);
    }

    /** Parquet's: the table's fields as they are, the runs of the read columns' values, their null bits as words. */
    private static RowBytes decoded(RecordLayout layout, List<LayoutColumn> columns) {
        Layout table = layout.planLayout();
        BitSet bytes = new BitSet(layout.entrySize());
        List<Field> nulls = new ArrayList<>();
        List<Expr> strings = new ArrayList<>();
        List<Integer> stringColumns = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            LayoutColumn c = columns.get(i);
            if (string(c.field())) {
                strings.add(Expr.field(c.field().name())); // NULL by its null bit, which the plan's field keeps
                stringColumns.add(i);
                continue;
            }
            bytes.set(c.field().offset(), c.field().offset() + c.field().width());
            if (c.field().hasNullBit()) {
                nulls.add(nullFlag(c.field()));
            }
        }
        if (bytes.isEmpty() && strings.isEmpty()) {
            bytes.set(table.fields().get(0).offset()); // a plan returns at least one column, though Spark reads none
        }
        List<Field> runs = runs(bytes);
        List<Field> fields = new ArrayList<>(table.fields());
        fields.addAll(runs);
        fields.addAll(nulls);
        return new RowBytes(new Layout(table.name(), table.recordSize(), fields), runs, nulls, strings, stringColumns);
    }

    /** Whether {@code f} is a string, which a plan returns at its length. */
    private static boolean string(Field f) {
        return f.type().kind() == FieldType.Kind.CHAR;
    }

    /**
     * A byte of {@code f}'s value read as an integer with {@code f}'s null bit: what the plan
     * returns {@code IS NULL} of, as it takes no string or 16-byte decimal in an expression.
     */
    private static Field nullFlag(Field f) {
        int bit = f.nullBit();
        return Field.unsigned(NULL_BIT + bit, f.offset(), 1).withNullBit(bit >>> 3, bit & 7);
    }

    private static RowBytes stored(RecordLayout layout, List<LayoutColumn> columns, Predicate where,
                                   List<Plan.SortKey> orderBy) {
        Layout records = layout.planLayout();
        Map<String, Field> fields = new LinkedHashMap<>();
        List<String> named = new ArrayList<>(fieldNames(where));
        orderBy.forEach(k -> refs(k.key(), named::add));
        for (String name : named.stream().distinct().toList()) {
            Field f = records.field(name, "where");
            fields.put(f.name(), withoutNullBit(f));
            if (f.hasNullBit()) {
                Field bit = nullBitField(f);
                fields.put(bit.name(), bit);
            }
        }
        BitSet bytes = new BitSet(layout.entrySize());
        List<Expr> strings = new ArrayList<>();
        List<Integer> stringColumns = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            Field f = columns.get(i).field();
            if (string(f)) { // its bytes under a name of their own, NULL where its null bit (a field of its own) is set
                Field chars = new Field(CHARS + f.offset(), f.offset(), f.width(), f.signed(), f.bigEndian(),
                        f.bitOffset(), f.bitCount(), false, 0, f.type(), Field.NO_NULL_BIT);
                fields.put(chars.name(), chars);
                if (f.hasNullBit()) {
                    Field bit = nullBitField(f);
                    fields.put(bit.name(), bit);
                }
                strings.add(nullWhereBitSet(chars.name(), f));
                stringColumns.add(i);
                continue;
            }
            bytes.set(f.offset(), f.offset() + f.width());
            if (f.hasNullBit()) {
                bytes.set(f.nullBit() >>> 3);
            }
        }
        if (bytes.isEmpty() && strings.isEmpty()) {
            bytes.set(0); // a plan returns at least one column, though Spark reads none (COUNT(*))
        }
        List<Field> runs = layout.recordsPerBlock() == 0 ? runs(bytes) : columnRuns(bytes, records);
        runs.forEach(r -> fields.put(r.name(), r));
        return new RowBytes(new Layout(records.name(), records.recordSize(), List.copyOf(fields.values())), runs,
                List.of(), strings, stringColumns);
    }

    /**
     * The runs that cover {@code bytes} of column-blocked records: one per column of the table
     * ({@link BlockLayout}: a field's bytes, or a byte no field covers, such as a null bit's),
     * since a plan over blocks finds each of its fields' values by that field's own offset and
     * width; a run across two columns, or a part of one, would read other bytes. A column wider
     * than a word (a 16-byte decimal) is no run: refused naming it.
     */
    private static List<Field> columnRuns(BitSet bytes, Layout table) {
        BlockLayout columns = new BlockLayout(table, 1);
        List<Field> runs = new ArrayList<>();
        for (int at = bytes.nextSetBit(0); at >= 0; at = bytes.nextSetBit(at + 1)) {
            int from = columns.columnOffset(at);
            int width = columns.columnWidth(at);
            if (width > Long.BYTES) {
                throw new IllegalArgumentException("column at byte " + from + " of layout " + table.name() + " is "
                        + width + " bytes: a row scan of column-blocked records returns columns of at most "
                        + Long.BYTES + " bytes (strings aside)");
            }
            runs.add(Field.unsigned(RUN + from, from, width));
            at = from + width - 1;
        }
        return runs;
    }

    /** The runs of up to 8 bytes that cover {@code bytes}. */
    private static List<Field> runs(BitSet bytes) {
        List<Field> runs = new ArrayList<>();
        for (int start = bytes.nextSetBit(0); start >= 0; start = bytes.nextSetBit(start)) {
            int end = bytes.nextClearBit(start);
            for (int at = start; at < end; at += Long.BYTES) {
                runs.add(Field.unsigned(RUN + at, at, Math.min(Long.BYTES, end - at)));
            }
            start = end;
        }
        return runs;
    }

    /** The plan's select list: the runs of bytes, whether each of {@code nulls} is NULL, then the strings. */
    public List<Expr> select() {
        List<Expr> out = new ArrayList<>(runs.size() + nulls.size() + strings.size());
        runs.forEach(r -> out.add(Expr.field(r.name())));
        nulls.forEach(f -> out.add(isNull(f)));
        out.addAll(strings);
        return out;
    }

    private static Expr isNull(Field f) {
        return Expr.isNull(Expr.field(f.name()));
    }

    /** The words of a returned row before its strings: one per run, and a computed column's for each IS NULL. */
    public int fixedWords() {
        return runs.size() + nulls.size() * IS_NULL_WORDS;
    }

    /** The words of a returned row, its strings' as the longest each can be ({@link dev.ispd.plan.ColumnValues}). */
    public int words() {
        return fixedWords() + strings.stream().mapToInt(e -> ColumnValues.words(e, layout)).sum();
    }

    /**
     * {@code where} over this layout, with the same answer: its NOTs moved to the leaves (as SQL's
     * three-valued logic allows), and each leaf on a field with a null bit as the leaf on the field
     * without it, where the bit is clear ({@code IS NULL}: where it is set).
     */
    public static Predicate where(Predicate where, RecordLayout layout) {
        return rewrite(where, false, layout.planLayout(), layout.parquet());
    }

    /**
     * @param decoded Parquet's records, whose fields keep their null bits: a leaf on one is
     *                guarded by its {@code IS NOT NULL} instead, and an expression reads NULL
     *                from the bit itself
     */
    private static Predicate rewrite(Predicate p, boolean negated, Layout layout, boolean decoded) {
        if (p instanceof Predicate.And a) {
            List<Predicate> operands = a.operands().stream().map(o -> rewrite(o, negated, layout, decoded)).toList();
            return negated ? new Predicate.Or(operands) : new Predicate.And(operands);
        }
        if (p instanceof Predicate.Or o) {
            List<Predicate> operands = o.operands().stream().map(x -> rewrite(x, negated, layout, decoded)).toList();
            return negated ? new Predicate.And(operands) : new Predicate.Or(operands);
        }
        if (p instanceof Predicate.Not n) {
            return rewrite(n.operand(), !negated, layout, decoded);
        }
        if (p instanceof Predicate.Holds h) {
            Predicate holds = decoded ? h : Predicate.holds(withNullBits(h.condition(), layout));
            return negated ? Predicate.not(holds) : holds;
        }
        Predicate leaf = negated ? Predicate.not(p) : p;
        if (p instanceof Predicate.True) {
            return leaf;
        }
        Field f = layout.field(fieldName(p), "where");
        if (!f.hasNullBit()) {
            return leaf;
        }
        if (decoded) {
            return p instanceof Predicate.IsNull ? leaf
                    : Predicate.and(Predicate.not(Predicate.isNull(f.name())), leaf);
        }
        String bit = NULL_BIT + f.nullBit();
        if (p instanceof Predicate.IsNull) {
            return Predicate.compare(bit, CompareOp.EQ, negated ? 0 : 1);
        }
        return Predicate.and(Predicate.compare(bit, CompareOp.EQ, 0), leaf);
    }

    /**
     * {@code e} with each field that has a null bit read as {@code CASE WHEN bit = 0 THEN field END}
     * (NULL where the bit is set), the plan's layout holding the field without its bit (a string's
     * too: a plan's CASE gives strings).
     */
    private static Expr withNullBits(Expr e, Layout layout) {
        if (e instanceof Expr.Ref r) {
            return nullWhereBitSet(r.name(), layout.field(r.name(), "where"));
        }
        List<Expr> c = e.children().stream().map(x -> withNullBits(x, layout)).toList();
        if (e instanceof Expr.Arithmetic a) {
            return new Expr.Arithmetic(a.op(), c.get(0), c.get(1), a.mode());
        }
        if (e instanceof Expr.Negate n) {
            return new Expr.Negate(c.get(0), n.mode());
        }
        if (e instanceof Expr.Cast x) {
            return Expr.cast(c.get(0), x.type(), x.zone());
        }
        if (e instanceof Expr.Compare x) {
            return Expr.compare(c.get(0), x.op(), c.get(1));
        }
        if (e instanceof Expr.And) {
            return new Expr.And(c);
        }
        if (e instanceof Expr.Or) {
            return new Expr.Or(c);
        }
        if (e instanceof Expr.Not) {
            return Expr.not(c.get(0));
        }
        if (e instanceof Expr.IsNull) {
            return Expr.isNull(c.get(0));
        }
        if (e instanceof Expr.Case x) {
            List<Expr.When> whens = new ArrayList<>();
            for (int i = 0; i < x.whens().size(); i++) {
                whens.add(Expr.when(c.get(2 * i), c.get(2 * i + 1)));
            }
            return Expr.caseWhen(whens, x.otherwise() == null ? null : c.get(c.size() - 1));
        }
        if (e instanceof Expr.Coalesce) {
            return new Expr.Coalesce(c);
        }
        if (e instanceof Expr.In) {
            return new Expr.In(c.get(0), c.subList(1, c.size()));
        }
        if (e instanceof Expr.Between) {
            return Expr.between(c.get(0), c.get(1), c.get(2));
        }
        if (e instanceof Expr.Match m) {
            return new Expr.Match(m.op(), c.get(0), m.pattern());
        }
        if (e instanceof Expr.Extract x) {
            return Expr.extract(x.part(), c.get(0), x.zone());
        }
        if (e instanceof Expr.KeyLookup k) {
            return Expr.keyLookup(c.get(0), k.isTrue(), k.isNull(), k.label());
        }
        return e; // a literal
    }

    /** {@code keys} over this layout: each field with a null bit read as NULL where the bit is set ({@link #withNullBits}). */
    public static List<Plan.SortKey> sortKeys(List<Plan.SortKey> keys, RecordLayout layout) {
        return keys.stream().map(k -> new Plan.SortKey(withNullBits(k.key(), layout.planLayout()), k.descending(),
                k.nullsFirst())).toList();
    }

    /**
     * The index in a returned row of the word that says whether {@code f} is NULL (its
     * {@code IS NULL}'s value: 1 or 0), or -1 where {@code f}'s null bit is returned among the runs of bytes.
     */
    public int nullWord(Field f) {
        for (int i = 0; i < nulls.size(); i++) {
            if (nulls.get(i).nullBit() == f.nullBit()) {
                return runs.size() + i * IS_NULL_WORDS;
            }
        }
        return -1;
    }

    /** {@code f}'s null bit as a 1-bit field of its own. */
    private static Field nullBitField(Field f) {
        return Field.bits(NULL_BIT + f.nullBit(), f.nullBit() >>> 3, 1, f.nullBit() & 7, 1);
    }

    /** Field {@code name}, NULL where {@code f}'s null bit is set ({@link #withNullBits}'s form), or itself. */
    private static Expr nullWhereBitSet(String name, Field f) {
        return !f.hasNullBit() ? Expr.field(name) : Expr.caseWhen(List.of(Expr.when(
                Expr.eq(Expr.field(NULL_BIT + f.nullBit()), Expr.lit(0)), Expr.field(name))), null);
    }

    private static Field withoutNullBit(Field f) {
        return !f.hasNullBit() ? f : new Field(f.name(), f.offset(), f.width(), f.signed(), f.bigEndian(), f.bitOffset(),
                f.bitCount(), false, 0, f.type(), Field.NO_NULL_BIT);
    }

    /** The fields {@code p} names, each once. */
    private static List<String> fieldNames(Predicate p) {
        List<String> names = new ArrayList<>();
        collect(p, names::add);
        return names.stream().distinct().toList();
    }

    private static void collect(Predicate p, Consumer<String> out) {
        if (p instanceof Predicate.And a) {
            a.operands().forEach(o -> collect(o, out));
        } else if (p instanceof Predicate.Or o) {
            o.operands().forEach(x -> collect(x, out));
        } else if (p instanceof Predicate.Not n) {
            collect(n.operand(), out);
        } else if (p instanceof Predicate.Holds h) {
            refs(h.condition(), out);
        } else if (!(p instanceof Predicate.True)) {
            out.accept(fieldName(p));
        }
    }

    private static void refs(Expr e, Consumer<String> out) {
        if (e instanceof Expr.Ref r) {
            out.accept(r.name());
        }
        e.children().forEach(c -> refs(c, out));
    }

    /** The field a leaf of a predicate tests. */
    private static String fieldName(Predicate leaf) {
        if (leaf instanceof Predicate.Compare c) {
            return c.field();
        }
        if (leaf instanceof Predicate.CompareString c) {
            return c.field();
        }
        if (leaf instanceof Predicate.In in) {
            return in.field();
        }
        if (leaf instanceof Predicate.Between b) {
            return b.field();
        }
        if (leaf instanceof Predicate.Bloom b) {
            return b.field();
        }
        return ((Predicate.IsNull) leaf).field();
    }
}
