package dev.ispd.plan;

/**
 * An expression's value that Spark's ANSI mode refuses, found while a plan ran: an integer
 * overflow, a division by zero, a decimal beyond its precision, a cast that does not fit.
 * {@link #errorClass()} is Spark's error class ({@code ARITHMETIC_OVERFLOW},
 * {@code DIVIDE_BY_ZERO}, {@code REMAINDER_BY_ZERO}, {@code NUMERIC_VALUE_OUT_OF_RANGE}, {@code CAST_OVERFLOW});
 * the message names the expression and its fields. It ends the execution; the drive answers
 * TASKLET_FAILED with the message.
 */
public final class PlanArithmeticException extends ArithmeticException {
    private static final long serialVersionUID = 1L;

    private final String errorClass;

    PlanArithmeticException(String errorClass, String message) {
        super("[" + errorClass + "] " + message);
        this.errorClass = errorClass;
    }

    public String errorClass() {
        return errorClass;
    }

    static PlanArithmeticException overflow(String type, String expression) {
        return new PlanArithmeticException("ARITHMETIC_OVERFLOW", type + " overflow in " + expression);
    }

    static PlanArithmeticException divideByZero(String expression) {
        return new PlanArithmeticException("DIVIDE_BY_ZERO", "division by zero in " + expression);
    }

    /** {@code /} or {@code %} of {@code op} by zero: Spark 4.2 names a remainder's REMAINDER_BY_ZERO. */
    static PlanArithmeticException byZero(Expr.ArithmeticOp op, String expression) {
        return op == Expr.ArithmeticOp.REMAINDER
                ? new PlanArithmeticException("REMAINDER_BY_ZERO", "remainder by zero in " + expression)
                : divideByZero(expression);
    }

    static PlanArithmeticException outOfRange(String value, ExprType type, String expression) {
        return new PlanArithmeticException("NUMERIC_VALUE_OUT_OF_RANGE", value + " cannot be represented as " + type
                + " in " + expression);
    }

    static PlanArithmeticException castOverflow(String value, ExprType from, ExprType to, String expression) {
        return new PlanArithmeticException("CAST_OVERFLOW", "the value " + value + " of the type " + from
                + " cannot be cast to " + to + " due to an overflow, in " + expression);
    }
}
