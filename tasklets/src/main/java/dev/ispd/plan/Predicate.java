package dev.ispd.plan;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A predicate tree over the fields of a layout, named by field name: comparisons with literals,
 * IN, BETWEEN, IS NULL, boolean expressions ({@link Holds}: arithmetic, CASE, LIKE, ... as
 * {@link Expr} has them), and AND, OR, NOT, with SQL's three-valued logic (a comparison with NULL
 * is unknown, and so is its NOT: a record passes where the whole tree is true). A literal is a
 * long as the field's {@link Field#read} gives values (its {@code decimalLiteral},
 * {@code dateLiteral}, ... make one), or a string for a {@code char(N)} field. Build one with the static factories
 * ({@code and(eq("type", 0), between("region", 1, 3))}); {@link Plan} binds it to a layout,
 * which checks every field and literal. Serializable, so an engine ships one to its executors.
 */
public sealed interface Predicate extends Serializable {
    /** {@code field op literal}; the comparison follows the field's signedness. */
    record Compare(String field, CompareOp op, long literal) implements Predicate { }

    /**
     * {@code field op 'literal'} on a {@code char(N)} field: its string (the bytes less their
     * padding) against the literal's UTF-8 bytes, compared as unsigned bytes, as Spark compares
     * strings.
     */
    record CompareString(String field, CompareOp op, String literal) implements Predicate {
        public CompareString {
            if (literal == null) {
                throw new PlanException("where", "a string comparison on field " + field + " needs a literal");
            }
        }
    }

    /** {@code field IN (values)}: 1 to {@link #MAX_IN_VALUES} literals. */
    record In(String field, List<Long> values) implements Predicate {
        public In {
            values = List.copyOf(values);
        }
    }

    /**
     * {@code field} may be among a set of keys: every probe of its value finds its bit set in
     * {@link KeyBloom}'s filter of the set ({@code bits}, {@code hashes} probes); TRUE for each key
     * and a few others, so only where a later exact test decides (a join's runtime filter).
     */
    record Bloom(String field, long[] bits, int hashes) implements Predicate {
        public Bloom {
            if (bits.length == 0 || bits.length > KeyBloom.MAX_WORDS || hashes < 1 || hashes > KeyBloom.MAX_HASHES) {
                throw new PlanException("where", "a Bloom filter on field " + field + " needs 1 to " + KeyBloom.MAX_WORDS
                        + " words and 1 to " + KeyBloom.MAX_HASHES + " probes, got " + bits.length + " and " + hashes);
            }
            bits = bits.clone();
        }

        @Override
        public long[] bits() {
            return bits.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bloom b && b.field.equals(field) && b.hashes == hashes && Arrays.equals(b.bits, bits);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * field.hashCode() + hashes) + Arrays.hashCode(bits);
        }

        @Override
        public String toString() {
            return "Bloom[field=" + field + ", " + bits.length * 64L + " bits, " + hashes + " probes]";
        }
    }

    /** {@code field BETWEEN lo AND hi}, both ends included. */
    record Between(String field, long lo, long hi) implements Predicate { }

    /** {@code field IS NULL}; only for a nullable field. */
    record IsNull(String field) implements Predicate { }

    /** Every operand holds (2 or more). */
    record And(List<Predicate> operands) implements Predicate {
        public And {
            operands = List.copyOf(operands);
        }
    }

    /** Some operand holds (2 or more). */
    record Or(List<Predicate> operands) implements Predicate {
        public Or {
            operands = List.copyOf(operands);
        }
    }

    /** The operand does not hold. */
    record Not(Predicate operand) implements Predicate { }

    /**
     * {@code condition} is TRUE: a boolean {@link Expr} (so its NOT holds where it is FALSE, and
     * neither where it is NULL).
     */
    record Holds(Expr condition) implements Predicate {
        public Holds {
            if (condition == null) {
                throw new PlanException("where", "a plan's expression test needs an expression");
            }
        }
    }

    /** Always holds: the plan has no WHERE. */
    record True() implements Predicate { }

    /** Largest IN list. */
    int MAX_IN_VALUES = 4096;

    static Predicate compare(String field, CompareOp op, long literal) {
        return new Compare(field, op, literal);
    }

    static Predicate compare(String field, CompareOp op, String literal) {
        return new CompareString(field, op, literal);
    }

    static Predicate eq(String field, long literal) {
        return new Compare(field, CompareOp.EQ, literal);
    }

    static Predicate in(String field, long... values) {
        return new In(field, Arrays.stream(values).boxed().toList());
    }

    static Predicate between(String field, long lo, long hi) {
        return new Between(field, lo, hi);
    }

    static Predicate isNull(String field) {
        return new IsNull(field);
    }

    /** WHERE {@code condition}, a boolean expression. */
    static Predicate holds(Expr condition) {
        return new Holds(condition);
    }

    static Predicate and(Predicate... operands) {
        return new And(List.of(operands));
    }

    static Predicate or(Predicate... operands) {
        return new Or(List.of(operands));
    }

    static Predicate not(Predicate operand) {
        return new Not(operand);
    }

    static Predicate all() {
        return new True();
    }

    /** SQL text of the tree, as plans and the Spark connector show it: {@code type = 0 AND size > 100}. */
    static String sql(Predicate p) {
        return sql(p, null);
    }

    /** SQL text of the tree with literals as the fields of {@code layout} (null: none) write them: {@code price >= 100.00}. */
    static String sql(Predicate p, Layout layout) {
        if (p instanceof Compare c) {
            return c.field() + " " + c.op().symbol() + " " + literal(layout, c.field(), c.literal());
        }
        if (p instanceof CompareString c) {
            return c.field() + " " + c.op().symbol() + " '" + c.literal().replace("'", "''") + "'";
        }
        if (p instanceof In in) {
            return in.field() + " IN (" + in.values().stream().map(v -> literal(layout, in.field(), v))
                    .collect(Collectors.joining(", ")) + ")";
        }
        if (p instanceof Between b) {
            return b.field() + " BETWEEN " + literal(layout, b.field(), b.lo()) + " AND "
                    + literal(layout, b.field(), b.hi());
        }
        if (p instanceof IsNull n) {
            return n.field() + " IS NULL";
        }
        if (p instanceof Bloom b) {
            return b.field() + " IN BLOOM(" + b.bits.length * 64L + " bits, " + b.hashes() + " probes)";
        }
        if (p instanceof Holds h) {
            return Expr.sql(h.condition());
        }
        if (p instanceof And a) {
            return a.operands().stream().map(o -> "(" + sql(o, layout) + ")").collect(Collectors.joining(" AND "));
        }
        if (p instanceof Or o) {
            return o.operands().stream().map(x -> "(" + sql(x, layout) + ")").collect(Collectors.joining(" OR "));
        }
        if (p instanceof Not n) {
            return "NOT (" + sql(n.operand(), layout) + ")";
        }
        return "TRUE";
    }

    /** A literal as its field's type writes it; an integer's (or a field the layout lacks) as the number. */
    private static String literal(Layout layout, String field, long v) {
        Field f = layout == null ? null
                : layout.fields().stream().filter(x -> x.name().equals(field)).findFirst().orElse(null);
        return f == null || f.type().kind() == FieldType.Kind.INTEGER || !f.holds(v) ? String.valueOf(v)
                : f.literalText(v);
    }

    /** Levels of the tree: 1 for a leaf, an expression's levels for {@link Holds}, 0 for {@link True}. */
    default int depth() {
        if (this instanceof And a) {
            return 1 + a.operands().stream().mapToInt(Predicate::depth).max().orElse(0);
        }
        if (this instanceof Or o) {
            return 1 + o.operands().stream().mapToInt(Predicate::depth).max().orElse(0);
        }
        if (this instanceof Not n) {
            return 1 + n.operand().depth();
        }
        if (this instanceof Holds h) {
            return h.condition().depth();
        }
        return this instanceof True ? 0 : 1;
    }
}
