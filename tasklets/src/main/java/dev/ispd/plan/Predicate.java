package dev.ispd.plan;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A predicate tree over the fields of a layout, named by field name: comparisons with literals,
 * IN, BETWEEN, IS NULL, and AND, OR, NOT. Build one with the static factories
 * ({@code and(eq("type", 0), between("region", 1, 3))}); {@link Plan} binds it to a layout,
 * which checks every field and literal. Serializable, so an engine ships one to its executors.
 */
public sealed interface Predicate extends Serializable {
    /** {@code field op literal}; the comparison follows the field's signedness. */
    record Compare(String field, CompareOp op, long literal) implements Predicate { }

    /** {@code field IN (values)}: 1 to {@link #MAX_IN_VALUES} literals. */
    record In(String field, List<Long> values) implements Predicate {
        public In {
            values = List.copyOf(values);
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

    /** Always holds: the plan has no WHERE. */
    record True() implements Predicate { }

    /** Largest IN list. */
    int MAX_IN_VALUES = 4096;

    static Predicate compare(String field, CompareOp op, long literal) {
        return new Compare(field, op, literal);
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
        if (p instanceof Compare c) {
            return c.field() + " " + c.op().symbol() + " " + c.literal();
        }
        if (p instanceof In in) {
            return in.field() + " IN (" + in.values().stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + ")";
        }
        if (p instanceof Between b) {
            return b.field() + " BETWEEN " + b.lo() + " AND " + b.hi();
        }
        if (p instanceof IsNull n) {
            return n.field() + " IS NULL";
        }
        if (p instanceof And a) {
            return a.operands().stream().map(o -> "(" + sql(o) + ")").collect(Collectors.joining(" AND "));
        }
        if (p instanceof Or o) {
            return o.operands().stream().map(x -> "(" + sql(x) + ")").collect(Collectors.joining(" OR "));
        }
        if (p instanceof Not n) {
            return "NOT (" + sql(n.operand()) + ")";
        }
        return "TRUE";
    }

    /** Levels of the tree: 1 for a leaf, 0 for {@link True}. */
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
        return this instanceof True ? 0 : 1;
    }
}
