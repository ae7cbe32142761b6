package dev.ispd.plan;

import java.io.Serializable;

/** One aggregate of a GROUP BY plan: COUNT(*) (no field), or COUNT, SUM, MIN, MAX of a field. Serializable, so an engine ships it to its executors. */
public record Aggregate(Function function, String field) implements Serializable {
    /** The aggregate functions; COUNT counts non-null values, SUM wraps around in 64 bits. */
    public enum Function { COUNT_STAR, COUNT, SUM, MIN, MAX }

    public Aggregate {
        if (function == null || (function == Function.COUNT_STAR) != (field == null)) {
            throw new PlanException("aggregate", "COUNT(*) takes no field and the other aggregates one, got "
                    + function + "(" + field + ")");
        }
    }

    public static Aggregate countStar() {
        return new Aggregate(Function.COUNT_STAR, null);
    }

    public static Aggregate count(String field) {
        return new Aggregate(Function.COUNT, field);
    }

    public static Aggregate sum(String field) {
        return new Aggregate(Function.SUM, field);
    }

    public static Aggregate min(String field) {
        return new Aggregate(Function.MIN, field);
    }

    public static Aggregate max(String field) {
        return new Aggregate(Function.MAX, field);
    }

    /** SQL text: {@code COUNT(*)}, {@code SUM(size)}. */
    @Override
    public String toString() {
        return function == Function.COUNT_STAR ? "COUNT(*)" : function + "(" + field + ")";
    }
}
