package dev.ispd.plan;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The compact binary encoding of a {@link Plan}, the body of a CREATE_TASKLET of form PLAN
 * (docs/protocol.md, "Plans"). Little-endian; fields are named once, in the layout, and
 * referred to by their index after that. Decoding checks the plan as the constructor does, and
 * a {@link PlanException} of part {@code encoding} names the byte offset of what is malformed.
 */
public final class PlanCodec {
    /** The encoding's version, its first byte: 8 has a field's width in two bytes (strings up to {@link FieldType#MAX_CHARS}). */
    public static final int VERSION = 8;
    /** The version before, still decoded: a field's width in one byte, otherwise the same. */
    static final int NARROW_VERSION = 7;
    /**
     * Largest encoding: a drive keeps a plan with its tasklet instance, in one metadata record of
     * at most 256 KiB; this leaves the record's other fields 64 KiB, and a plan room for the
     * largest {@link KeyBloom} and the rest of its WHERE.
     */
    public static final int MAX_BYTES = 192 * 1024;
    /** Field index of COUNT(*)'s absent field. */
    static final int NO_FIELD = 0xFF;
    /** Flag of an aggregate's function byte: it aggregates the expression that follows, not a field. */
    static final int OF_EXPRESSION = 0x80;

    private static final int TRUE = 0;
    private static final int COMPARE = 1;
    private static final int IN = 2;
    private static final int BETWEEN = 3;
    private static final int IS_NULL = 4;
    private static final int AND = 5;
    private static final int OR = 6;
    private static final int NOT = 7;
    private static final int COMPARE_STRING = 8;
    private static final int HOLDS = 9;
    private static final int BLOOM = 10;

    private static final int SIGNED = 1;
    private static final int BIG_ENDIAN = 2;
    private static final int NULLABLE = 4;
    private static final int DESCENDING = 1;
    private static final int NULLS_FIRST = 2;
    private static final int NULL_BIT = 8;
    private static final int PADDED_WITH_ZEROS = 1;

    private PlanCodec() {
    }

    public static byte[] encode(Plan plan) {
        Writer w = new Writer();
        Layout layout = plan.layout();
        w.u8(VERSION).str(layout.name()).u32(layout.recordSize()).u8(layout.fields().size());
        for (Field f : layout.fields()) {
            field(w, f);
        }
        predicate(w, plan.where(), layout);
        columns(w, plan.select(), layout);
        columns(w, plan.groupBy(), layout);
        w.u8(plan.aggregates().size());
        for (Aggregate a : plan.aggregates()) {
            if (a.argument() != null) {
                ExprCodec.write(w.u8(a.function().ordinal() | OF_EXPRESSION), a.argument(), layout);
            } else {
                w.u8(a.function().ordinal()).u8(a.field() == null ? NO_FIELD : index(layout, a.field()));
            }
        }
        w.u8(plan.orderBy().size());
        for (Plan.SortKey k : plan.orderBy()) {
            ExprCodec.write(w.u8((k.descending() ? DESCENDING : 0) | (k.nullsFirst() ? NULLS_FIRST : 0)), k.key(), layout);
        }
        byte[] bytes = w.i64(plan.limit()).bytes();
        if (bytes.length > MAX_BYTES) {
            throw new PlanException("encoding", "the plan encodes to " + bytes.length + " bytes, more than the "
                    + MAX_BYTES + " a plan may have");
        }
        return bytes;
    }

    public static Plan decode(byte[] body) {
        Reader r = new Reader(body);
        if (body.length > MAX_BYTES) {
            throw r.error(MAX_BYTES, "a plan has at most " + MAX_BYTES + " bytes, got " + body.length);
        }
        try {
            int version = r.u8();
            if (version != VERSION && version != NARROW_VERSION) {
                throw r.error(0, "plan encoding version " + version + ", this side reads versions " + NARROW_VERSION
                        + " and " + VERSION);
            }
            String name = r.str();
            int recordSize = (int) r.u32();
            int n = r.u8();
            List<Field> fields = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                fields.add(field(r, version));
            }
            Layout layout = new Layout(name, recordSize, fields);
            Predicate where = predicate(r, layout, 0);
            List<Expr> select = columns(r, layout);
            List<Expr> groupBy = columns(r, layout);
            int aggregates = r.u8();
            List<Aggregate> aggs = new ArrayList<>(aggregates);
            for (int i = 0; i < aggregates; i++) {
                int at = r.at();
                int fn = r.u8();
                boolean ofExpression = (fn & OF_EXPRESSION) != 0;
                fn &= ~OF_EXPRESSION;
                if (fn >= Aggregate.Function.values().length) {
                    throw r.error(at, "unknown aggregate function " + fn);
                }
                Aggregate.Function function = Aggregate.Function.values()[fn];
                if (function == Aggregate.Function.AVG && !ofExpression) {
                    throw r.error(at, "AVG aggregates an expression (function byte " + (fn | OF_EXPRESSION) + ")");
                }
                if (ofExpression) {
                    aggs.add(Aggregate.of(function, ExprCodec.read(r, layout, 0)));
                } else {
                    int field = r.u8();
                    aggs.add(new Aggregate(function, field == NO_FIELD ? null : name(r, layout, field)));
                }
            }
            int keys = r.u8();
            if (keys > Plan.MAX_SORT_KEYS) {
                throw r.error(r.at() - 1, keys + " sort keys, more than " + Plan.MAX_SORT_KEYS);
            }
            List<Plan.SortKey> orderBy = new ArrayList<>(keys);
            for (int i = 0; i < keys; i++) {
                int at = r.at();
                int flags = r.u8();
                if ((flags & ~(DESCENDING | NULLS_FIRST)) != 0) {
                    throw r.error(at, "unknown sort key flags " + flags + " (1 descending, 2 NULLs first)");
                }
                orderBy.add(new Plan.SortKey(ExprCodec.read(r, layout, 0), (flags & DESCENDING) != 0,
                        (flags & NULLS_FIRST) != 0));
            }
            long limit = r.i64();
            if (r.remaining() != 0) {
                throw r.error(r.at(), r.remaining() + " bytes after the end of the plan");
            }
            return new Plan(layout, where, select, groupBy, aggs, orderBy, limit);
        } catch (BufferUnderflowException e) {
            throw r.error(body.length, "the plan ends early, after " + body.length + " bytes");
        }
    }

    /** A field: name, offset, width (u16), flags, bit range, type (and its precision and scale, or padding), null value or bit. */
    private static void field(Writer w, Field f) {
        w.str(f.name()).u32(f.offset()).u16(f.width())
                .u8((f.signed() ? SIGNED : 0) | (f.bigEndian() ? BIG_ENDIAN : 0)
                        | (f.nullable() && !f.hasNullBit() ? NULLABLE : 0) | (f.hasNullBit() ? NULL_BIT : 0))
                .u8(f.bitOffset()).u8(f.bitCount()).u8(f.type().kind().ordinal());
        switch (f.type().kind()) {
            case DECIMAL -> w.u8(f.type().precision()).u8(f.type().scale());
            case CHAR -> w.u8(f.type().zeroPad() ? PADDED_WITH_ZEROS : 0);
            default -> { }
        }
        if (f.hasNullBit()) {
            w.u32(f.nullBit());
        } else if (f.nullable()) {
            w.i64(f.nullValue());
        }
    }

    private static Field field(Reader r, int version) {
        String name = r.str();
        int offset = (int) r.u32();
        int width = version == NARROW_VERSION ? r.u8() : r.u16();
        int flagsAt = r.at();
        int flags = r.u8();
        int bitOffset = r.u8();
        int bitCount = r.u8();
        if ((flags & ~(SIGNED | BIG_ENDIAN | NULLABLE | NULL_BIT)) != 0 || (flags & (NULLABLE | NULL_BIT)) == (NULLABLE | NULL_BIT)) {
            throw r.error(flagsAt, "field " + name + ": unknown flags " + flags);
        }
        int kindAt = r.at();
        int kind = r.u8();
        if (kind >= FieldType.Kind.values().length) {
            throw r.error(kindAt, "field " + name + ": unknown type " + kind);
        }
        FieldType type = switch (FieldType.Kind.values()[kind]) {
            case INTEGER -> FieldType.INTEGER;
            case FLOAT -> FieldType.FLOAT;
            case DECIMAL -> FieldType.decimal(r.u8(), r.u8());
            case DATE -> FieldType.DATE;
            case TIMESTAMP -> FieldType.TIMESTAMP;
            case BOOL -> FieldType.BOOL;
            case CHAR -> {
                int pad = r.u8();
                if (pad > PADDED_WITH_ZEROS) {
                    throw r.error(r.at() - 1, "field " + name + ": unknown padding " + pad);
                }
                yield FieldType.chars(pad == PADDED_WITH_ZEROS);
            }
        };
        boolean nullValue = (flags & NULLABLE) != 0;
        boolean nullBit = (flags & NULL_BIT) != 0;
        long value = nullValue ? r.i64() : 0;
        long bit = nullBit ? r.u32() : Field.NO_NULL_BIT;
        if (bit > Integer.MAX_VALUE) {
            throw r.error(r.at() - 4, "field " + name + ": null bit " + bit + " is past any record");
        }
        return new Field(name, offset, width, (flags & SIGNED) != 0, (flags & BIG_ENDIAN) != 0, bitOffset, bitCount,
                nullValue || nullBit, value, type, (int) bit);
    }

    private static void predicate(Writer w, Predicate p, Layout layout) {
        if (p instanceof Predicate.True) {
            w.u8(TRUE);
        } else if (p instanceof Predicate.Compare c) {
            w.u8(COMPARE).u8(index(layout, c.field())).u8(c.op().ordinal()).i64(c.literal());
        } else if (p instanceof Predicate.CompareString c) {
            w.u8(COMPARE_STRING).u8(index(layout, c.field())).u8(c.op().ordinal()).str(c.literal());
        } else if (p instanceof Predicate.In in) {
            w.u8(IN).u8(index(layout, in.field())).u16(in.values().size());
            in.values().forEach(w::i64);
        } else if (p instanceof Predicate.Between b) {
            w.u8(BETWEEN).u8(index(layout, b.field())).i64(b.lo()).i64(b.hi());
        } else if (p instanceof Predicate.IsNull n) {
            w.u8(IS_NULL).u8(index(layout, n.field()));
        } else if (p instanceof Predicate.Bloom b) {
            long[] bits = b.bits();
            w.u8(BLOOM).u8(index(layout, b.field())).u8(b.hashes()).u16(bits.length);
            for (long word : bits) {
                w.i64(word);
            }
        } else if (p instanceof Predicate.Holds h) {
            ExprCodec.write(w.u8(HOLDS), h.condition(), layout);
        } else if (p instanceof Predicate.And a) {
            operands(w.u8(AND), a.operands(), layout);
        } else if (p instanceof Predicate.Or o) {
            operands(w.u8(OR), o.operands(), layout);
        } else {
            predicate(w.u8(NOT), ((Predicate.Not) p).operand(), layout);
        }
    }

    private static void operands(Writer w, List<Predicate> ps, Layout layout) {
        w.u8(ps.size());
        ps.forEach(p -> predicate(w, p, layout));
    }

    /** Depth is bounded here so a hostile body cannot overflow the decoder's stack. */
    private static Predicate predicate(Reader r, Layout layout, int depth) {
        int at = r.at();
        if (depth > PlanLimits.HOST.maxPredicateDepth()) {
            throw r.error(at, "the predicate is deeper than " + PlanLimits.HOST.maxPredicateDepth() + " levels");
        }
        int tag = r.u8();
        return switch (tag) {
            case TRUE -> Predicate.all();
            case COMPARE -> new Predicate.Compare(name(r, layout, r.u8()), op(r), r.i64());
            case COMPARE_STRING -> new Predicate.CompareString(name(r, layout, r.u8()), op(r), r.str());
            case IN -> {
                String field = name(r, layout, r.u8());
                int n = r.u16();
                List<Long> values = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    values.add(r.i64());
                }
                yield new Predicate.In(field, values);
            }
            case BETWEEN -> new Predicate.Between(name(r, layout, r.u8()), r.i64(), r.i64());
            case IS_NULL -> new Predicate.IsNull(name(r, layout, r.u8()));
            case BLOOM -> {
                String field = name(r, layout, r.u8());
                int hashes = r.u8();
                long[] bits = new long[r.u16()];
                for (int i = 0; i < bits.length; i++) {
                    bits[i] = r.i64();
                }
                yield new Predicate.Bloom(field, bits, hashes);
            }
            case AND, OR -> {
                int n = r.u8();
                List<Predicate> ps = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    ps.add(predicate(r, layout, depth + 1));
                }
                yield tag == AND ? new Predicate.And(ps) : new Predicate.Or(ps);
            }
            case NOT -> new Predicate.Not(predicate(r, layout, depth + 1));
            case HOLDS -> new Predicate.Holds(ExprCodec.read(r, layout, depth + 1));
            default -> throw r.error(at, "unknown predicate node " + tag);
        };
    }

    private static CompareOp op(Reader r) {
        int op = r.u8();
        if (op >= CompareOp.values().length) {
            throw r.error(r.at() - 1, "unknown comparison " + op);
        }
        return CompareOp.values()[op];
    }

    /** Selected or GROUP BY columns: {@code u8 n}, then {@code n} expressions (a field is its REF). */
    private static void columns(Writer w, List<Expr> columns, Layout layout) {
        w.u8(columns.size());
        columns.forEach(c -> ExprCodec.write(w, c, layout));
    }

    private static List<Expr> columns(Reader r, Layout layout) {
        int n = r.u8();
        List<Expr> columns = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            columns.add(ExprCodec.read(r, layout, 0));
        }
        return columns;
    }

    private static int index(Layout layout, String field) {
        return layout.indexOf(layout.field(field, "encoding"));
    }

    static String name(Reader r, Layout layout, int index) {
        if (index >= layout.fields().size()) {
            throw r.error(r.at() - 1, "field index " + index + " is past the layout's " + layout.fields().size()
                    + " fields");
        }
        return layout.fields().get(index).name();
    }

    static final class Writer {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final ByteBuffer scratch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);

        Writer u8(int v) {
            out.write(v);
            return this;
        }

        Writer u16(int v) {
            return put(scratch.clear().putShort((short) v));
        }

        Writer u32(long v) {
            return put(scratch.clear().putInt((int) v));
        }

        Writer i64(long v) {
            return put(scratch.clear().putLong(v));
        }

        Writer str(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            u16(b.length);
            out.write(b, 0, b.length);
            return this;
        }

        private Writer put(ByteBuffer b) {
            out.write(b.array(), 0, b.position());
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    static final class Reader {
        private final ByteBuffer b;

        Reader(byte[] body) {
            b = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
        }

        int at() {
            return b.position();
        }

        int remaining() {
            return b.remaining();
        }

        int u8() {
            return Byte.toUnsignedInt(b.get());
        }

        int u16() {
            return Short.toUnsignedInt(b.getShort());
        }

        long u32() {
            return Integer.toUnsignedLong(b.getInt());
        }

        long i64() {
            return b.getLong();
        }

        String str() {
            int n = u16();
            if (n > b.remaining()) {
                throw new BufferUnderflowException();
            }
            byte[] s = new byte[n];
            b.get(s);
            return new String(s, StandardCharsets.UTF_8);
        }

        PlanException error(int offset, String message) {
            return new PlanException("encoding", "plan encoding, byte " + offset + ": " + message);
        }
    }
}
