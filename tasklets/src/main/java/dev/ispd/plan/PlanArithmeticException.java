package dev.ispd.plan;

import java.util.Map;

/**
 * An expression's value that Spark's ANSI mode refuses, found while a plan ran: an integer
 * overflow, a division by zero, a decimal beyond its precision, a cast that does not fit.
 * {@link #errorClass()} is Spark's error class ({@code ARITHMETIC_OVERFLOW},
 * {@code DIVIDE_BY_ZERO}, {@code REMAINDER_BY_ZERO}, {@code NUMERIC_VALUE_OUT_OF_RANGE}, {@code CAST_OVERFLOW});
 * the message names the expression and its fields, and {@link #parameters()} are the values of
 * Spark's message parameters that the plan knows, under Spark's names (a connector adds those of
 * its session, the ANSI setting's name). It ends the execution; the drive answers TASKLET_FAILED
 * with the message.
 */
public final class PlanArithmeticException extends ArithmeticException {
    private static final long serialVersionUID = 1L;

    private final String errorClass;
    private final Map<String, String> parameters;

    PlanArithmeticException(String errorClass, String message, Map<String, String> parameters) {
        super("[" + errorClass + "] " + message);
        this.errorClass = errorClass;
        this.parameters = Map.copyOf(parameters);
    }

    public String errorClass() {
        return errorClass;
    }

    /** Spark's message parameters of the error that the plan knows ({@code value}, {@code precision}, ...), by Spark's names. */
    public Map<String, String> parameters() {
        return parameters;
    }

    /** An integer's {@code type} ("integer", "long") overflow, in a SUM or a unary minus. */
    static PlanArithmeticException overflow(String type, String expression) {
        return new PlanArithmeticException("ARITHMETIC_OVERFLOW", type + " overflow in " + expression,
                Map.of("message", type + " overflow", "alternative", ""));
    }

    /** An integer's {@code type} overflow in {@code op}: Spark suggests its try_ function. */
    static PlanArithmeticException overflow(String type, Expr.ArithmeticOp op, String expression) {
        String function = switch (op) {
            case ADD -> "try_add";
            case SUBTRACT -> "try_subtract";
            case MULTIPLY -> "try_multiply";
            case DIVIDE -> "try_divide";
            case REMAINDER -> "try_mod";
        };
        return new PlanArithmeticException("ARITHMETIC_OVERFLOW", type + " overflow in " + expression,
                Map.of("message", type + " overflow", "alternative",
                        " Use '" + function + "' to tolerate overflow and return NULL instead."));
    }

    static PlanArithmeticException divideByZero(String expression) {
        return new PlanArithmeticException("DIVIDE_BY_ZERO", "division by zero in " + expression, Map.of());
    }

    /** {@code /} or {@code %} of {@code op} by zero: Spark 4.2 names a remainder's REMAINDER_BY_ZERO. */
    static PlanArithmeticException byZero(Expr.ArithmeticOp op, String expression) {
        return op == Expr.ArithmeticOp.REMAINDER
                ? new PlanArithmeticException("REMAINDER_BY_ZERO", "remainder by zero in " + expression, Map.of())
                : divideByZero(expression);
    }

    static PlanArithmeticException outOfRange(String value, ExprType type, String expression) {
        return new PlanArithmeticException("NUMERIC_VALUE_OUT_OF_RANGE", value + " cannot be represented as " + type
                + " in " + expression, Map.of("value", value, "precision", Integer.toString(type.precision()),
                        "scale", Integer.toString(type.scale())));
    }

    static PlanArithmeticException castOverflow(String value, ExprType from, ExprType to, String expression) {
        return new PlanArithmeticException("CAST_OVERFLOW", "the value " + value + " of the type " + from
                + " cannot be cast to " + to + " due to an overflow, in " + expression,
                Map.of("value", value + literalSuffix(from), "sourceType", sqlType(from), "targetType", sqlType(to)));
    }

    /** What Spark writes after a literal of {@code type} in an error (its {@code toSQLValue}). */
    private static String literalSuffix(ExprType type) {
        return switch (type.kind()) {
            case INT -> type.bits() == 32 ? "" : "L";
            case FLOAT -> type.bits() == 32 ? "F" : "D";
            case DECIMAL -> "BD";
            default -> "";
        };
    }

    /** {@code type} as Spark names it in an error (its {@code toSQLType}): {@code "DECIMAL(10,2)"}, quoted. */
    private static String sqlType(ExprType type) {
        return "\"" + type.toString().toUpperCase(java.util.Locale.ROOT) + "\"";
    }
}
