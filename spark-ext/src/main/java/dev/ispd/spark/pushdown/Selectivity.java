package dev.ispd.spark.pushdown;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Predicate;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * The share of records a pushed WHERE is guessed to keep, for the scan's statistics
 * (docs/spark.md, "Statistics"). A record layout records no per-field statistics, and Spark
 * itself guesses nothing for a predicate it has no column statistics of (a {@code Filter} keeps
 * its child's size), so each test gets Apache Calcite's default guess
 * ({@code RelMdUtil.guessSelectivity}): {@code =} 0.15, any other comparison 0.5,
 * {@code IS NOT NULL} 0.9, anything else 0.25. Combined as independent: AND multiplies; OR is
 * {@code 1 - Π(1 - s)}, as is an IN of n values (n equalities); NOT is {@code 1 - s}
 * ({@code <>} 0.85, {@code IS NULL} 0.1); BETWEEN is its two comparisons (0.25). Order
 * comparisons ({@code <}, {@code <=}, {@code >}, {@code >=}, BETWEEN) are measured instead where
 * {@link RangeShares} can: the order comparisons ANDed together are measured together (a date's
 * {@code >=} and {@code <} of one month keep a month, not a quarter as two halves would).
 */
public final class Selectivity {
    static final double EQUAL = 0.15;
    static final double COMPARISON = 0.5;
    static final double NOT_NULL = 0.9;
    /** The guess for a test of no other kind, and for a predicate of unknown form (Spark's {@code Filter} over another source). */
    public static final double OTHER = 0.25;

    private final RangeShares ranges;

    private Selectivity(RangeShares ranges) {
        this.ranges = ranges;
    }

    /** The share of records {@code where} keeps, in (0, 1], every test guessed. */
    public static double of(Predicate where) {
        return of(where, RangeShares.NONE);
    }

    /** The share of records {@code where} keeps, in (0, 1], its order comparisons measured where {@code ranges} can. */
    public static double of(Predicate where, RangeShares ranges) {
        return new Selectivity(ranges).keeps(where);
    }

    private double keeps(Predicate where) {
        if (where instanceof Predicate.True) {
            return 1.0;
        } else if (isRange(where)) {
            return ranges.of(where).orElse(guess(where));
        } else if (where instanceof Predicate.Compare c) {
            return compare(c.op());
        } else if (where instanceof Predicate.CompareString c) {
            return compare(c.op());
        } else if (where instanceof Predicate.In in) {
            return anyOf(in.values().size());
        } else if (where instanceof Predicate.IsNull) {
            return 1 - NOT_NULL;
        } else if (where instanceof Predicate.And and) {
            List<Predicate> ordered = and.operands().stream().filter(Selectivity::isRange).toList();
            OptionalDouble measured = ordered.isEmpty() ? OptionalDouble.empty()
                    : ranges.of(ordered.size() == 1 ? ordered.get(0) : new Predicate.And(ordered));
            return measured.isEmpty() ? all(and.operands(), this::keeps)
                    : measured.getAsDouble() * all(and.operands().stream().filter(o -> !isRange(o)).toList(), this::keeps);
        } else if (where instanceof Predicate.Or or) {
            return any(or.operands(), this::keeps);
        } else if (where instanceof Predicate.Not not) {
            return not.operand() instanceof Predicate.IsNull ? NOT_NULL : 1 - keeps(not.operand());
        } else if (where instanceof Predicate.Holds h) {
            return keeps(h.condition());
        }
        return OTHER; // a Bloom filter's keys
    }

    private double keeps(Expr condition) {
        if (isRange(condition)) {
            return ranges.of(new Predicate.Holds(condition)).orElse(guess(condition));
        } else if (condition instanceof Expr.Compare c) {
            return compare(c.op());
        } else if (condition instanceof Expr.In in) {
            return anyOf(in.values().size());
        } else if (condition instanceof Expr.IsNull) {
            return 1 - NOT_NULL;
        } else if (condition instanceof Expr.And and) {
            List<Expr> ordered = and.operands().stream().filter(Selectivity::isRange).toList();
            OptionalDouble measured = ordered.isEmpty() ? OptionalDouble.empty()
                    : ranges.of(new Predicate.Holds(ordered.size() == 1 ? ordered.get(0) : new Expr.And(ordered)));
            return measured.isEmpty() ? all(and.operands(), this::keeps)
                    : measured.getAsDouble() * all(and.operands().stream().filter(o -> !isRange(o)).toList(), this::keeps);
        } else if (condition instanceof Expr.Or or) {
            return any(or.operands(), this::keeps);
        } else if (condition instanceof Expr.Not not) {
            return not.operand() instanceof Expr.IsNull ? NOT_NULL : 1 - keeps(not.operand());
        }
        return OTHER;
    }

    /** An order comparison or BETWEEN: what {@link RangeShares} measures. */
    private static boolean isRange(Predicate test) {
        return test instanceof Predicate.Compare c && ordered(c.op())
                || test instanceof Predicate.CompareString s && ordered(s.op())
                || test instanceof Predicate.Between
                || test instanceof Predicate.Holds h && isRange(h.condition());
    }

    private static boolean isRange(Expr test) {
        return test instanceof Expr.Compare c && ordered(c.op()) || test instanceof Expr.Between;
    }

    private static boolean ordered(CompareOp op) {
        return op != CompareOp.EQ && op != CompareOp.NE;
    }

    /** Calcite's guess for an order comparison or BETWEEN (a Holds of one). */
    private static double guess(Predicate test) {
        return test instanceof Predicate.Holds h ? guess(h.condition())
                : test instanceof Predicate.Between ? COMPARISON * COMPARISON : COMPARISON;
    }

    private static double guess(Expr test) {
        return test instanceof Expr.Between ? COMPARISON * COMPARISON : COMPARISON;
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
