package dev.ispd.spark.pushdown;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Predicate;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The share of records a pushed WHERE is guessed to keep, for the statistics of a scan of a
 * table whose sample of records or rows could not be read (docs/spark.md, "Statistics"). A layout records no per-field statistics, and Spark itself guesses nothing
 * for a predicate it has no column statistics of (a {@code Filter} keeps its child's size), so
 * each test gets Apache Calcite's default guess
 * ({@code RelMdUtil.guessSelectivity}): {@code =} 0.15, any other comparison 0.5,
 * {@code IS NOT NULL} 0.9, anything else 0.25. Combined as independent: AND multiplies; OR is
 * {@code 1 - Π(1 - s)}, as is an IN of n values (n equalities); NOT is {@code 1 - s}
 * ({@code <>} 0.85, {@code IS NULL} 0.1); BETWEEN is its two comparisons (0.25).
 */
public final class Selectivity {
    static final double EQUAL = 0.15;
    static final double COMPARISON = 0.5;
    static final double NOT_NULL = 0.9;
    /** The guess for a test of no other kind, and for a predicate of unknown form (Spark's {@code Filter} over another source). */
    public static final double OTHER = 0.25;

    private Selectivity() {
    }

    /** The share of records {@code where} keeps, in (0, 1]. */
    public static double of(Predicate where) {
        if (where instanceof Predicate.True) {
            return 1.0;
        } else if (where instanceof Predicate.Compare c) {
            return compare(c.op());
        } else if (where instanceof Predicate.CompareString c) {
            return compare(c.op());
        } else if (where instanceof Predicate.In in) {
            return anyOf(in.values().size());
        } else if (where instanceof Predicate.Between) {
            return COMPARISON * COMPARISON;
        } else if (where instanceof Predicate.IsNull) {
            return 1 - NOT_NULL;
        } else if (where instanceof Predicate.And and) {
            return all(and.operands(), Selectivity::of);
        } else if (where instanceof Predicate.Or or) {
            return any(or.operands(), Selectivity::of);
        } else if (where instanceof Predicate.Not not) {
            return not.operand() instanceof Predicate.IsNull ? NOT_NULL : 1 - of(not.operand());
        } else if (where instanceof Predicate.Holds h) {
            return of(h.condition());
        }
        return OTHER; // a Bloom filter's keys
    }

    private static double of(Expr condition) {
        if (condition instanceof Expr.Compare c) {
            return compare(c.op());
        } else if (condition instanceof Expr.In in) {
            return anyOf(in.values().size());
        } else if (condition instanceof Expr.Between) {
            return COMPARISON * COMPARISON;
        } else if (condition instanceof Expr.IsNull) {
            return 1 - NOT_NULL;
        } else if (condition instanceof Expr.And and) {
            return all(and.operands(), Selectivity::of);
        } else if (condition instanceof Expr.Or or) {
            return any(or.operands(), Selectivity::of);
        } else if (condition instanceof Expr.Not not) {
            return not.operand() instanceof Expr.IsNull ? NOT_NULL : 1 - of(not.operand());
        }
        return OTHER;
    }

    private static double compare(CompareOp op) {
        return switch (op) {
            case EQ -> EQUAL;
            case NE -> 1 - EQUAL;
            default -> COMPARISON;
        };
    }

    private static double anyOf(int equalities) {
        return 1 - Math.pow(1 - EQUAL, equalities);
    }

    private static <T> double all(List<T> operands, ToDoubleFunction<T> each) {
        return operands.stream().mapToDouble(each).reduce(1.0, (a, b) -> a * b);
    }

    private static <T> double any(List<T> operands, ToDoubleFunction<T> each) {
        return 1 - operands.stream().mapToDouble(o -> 1 - each.applyAsDouble(o)).reduce(1.0, (a, b) -> a * b);
    }
}
