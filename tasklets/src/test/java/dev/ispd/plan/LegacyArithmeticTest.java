package dev.ispd.plan;

import static dev.ispd.plan.Expr.and;
import static dev.ispd.plan.Expr.cast;
import static dev.ispd.plan.Expr.eq;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.isNull;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.plan.ExprRecords.Item;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 20.2: arithmetic in Spark's non-ANSI mode ({@code spark.sql.ansi.enabled=false},
 * {@link Expr.EvalMode#LEGACY}) answers as Spark's does where ANSI raises an error: integers
 * wrap to their bits ({@code + - *}, unary minus), a decimal that does not fit its type is NULL,
 * a zero divisor gives NULL (integers, decimals, doubles). The same nodes in ANSI mode still fail.
 */
class LegacyArithmeticTest {
    /** qty the smallest int, big the largest long, disc 0.00, price 123.45. */
    private static final Item EDGE = new Item(Integer.MIN_VALUE, new BigDecimal("123.45"), new BigDecimal("0.00"),
            2.5, LocalDate.of(1998, 1, 1), "AIR", true, Long.MAX_VALUE, 1.5f, 0);
    private static final byte[] DATA = ExprRecords.bytes(List.of(EDGE));
    private static final Expr WIDE_PRICE = cast(field("price"), ExprType.decimal(38, 2));
    private static final Expr HUGE = lit(new BigDecimal("999999999999999999999999999999999999.99"));

    static Expr legacy(Expr.ArithmeticOp op, Expr left, Expr right) {
        return new Expr.Arithmetic(op, left, right, Expr.EvalMode.LEGACY);
    }

    private static boolean holds(Expr condition) throws IOException {
        Plan plan = Plan.rows(ExprRecords.ITEMS, Predicate.holds(condition), List.of("big"));
        return ExprRecords.run(plan, DATA).size() == 1;
    }

    @Test
    void integersWrapToTheirBits() throws IOException {
        assertEquals(true, holds(eq(legacy(Expr.ArithmeticOp.SUBTRACT, field("qty"), lit(1)), lit(Integer.MAX_VALUE))));
        assertEquals(true, holds(eq(legacy(Expr.ArithmeticOp.MULTIPLY, field("qty"), lit(2)), lit(0))));
        assertEquals(true, holds(eq(legacy(Expr.ArithmeticOp.ADD, field("big"), lit(1)), lit(Long.MIN_VALUE))));
        assertEquals(true, holds(eq(legacy(Expr.ArithmeticOp.MULTIPLY, field("big"), lit(2)), lit(-2))));
        assertEquals(true, holds(eq(new Expr.Negate(field("qty"), Expr.EvalMode.LEGACY), lit(Integer.MIN_VALUE))));
    }

    @Test
    void zeroDivisorsAreNull() throws IOException {
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.DIVIDE, field("price"), field("disc")))));
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.REMAINDER, field("price"), field("disc")))));
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.REMAINDER, field("big"), lit(0)))));
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.DIVIDE, field("big"), lit(0)))));
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.DIVIDE, field("ratio"), lit(0.0)))));
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.REMAINDER, field("ratio"), lit(0.0)))));
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.DIVIDE, WIDE_PRICE, cast(field("disc"),
                ExprType.decimal(38, 2))))));
        assertEquals(true, holds(eq(legacy(Expr.ArithmeticOp.REMAINDER, field("big"), lit(10)), lit(7))));
    }

    @Test
    void decimalsThatDoNotFitAreNull() throws IOException {
        Expr sum = legacy(Expr.ArithmeticOp.ADD, WIDE_PRICE, HUGE);
        assertEquals(true, holds(isNull(sum)));
        assertEquals(true, holds(isNull(legacy(Expr.ArithmeticOp.MULTIPLY, WIDE_PRICE, HUGE))));
        assertEquals(true, holds(and(not(isNull(legacy(Expr.ArithmeticOp.SUBTRACT, WIDE_PRICE, HUGE))),
                eq(legacy(Expr.ArithmeticOp.SUBTRACT, HUGE, HUGE), lit(0)))));
        PlanArithmeticException ansi = assertThrows(PlanArithmeticException.class,
                () -> holds(isNull(new Expr.Arithmetic(Expr.ArithmeticOp.ADD, WIDE_PRICE, HUGE))));
        assertEquals("NUMERIC_VALUE_OUT_OF_RANGE", ansi.errorClass());
    }

    @Test
    void theModeTravelsInThePlanEncoding() {
        Plan plan = Plan.rowsOf(ExprRecords.ITEMS, Predicate.holds(isNull(legacy(Expr.ArithmeticOp.DIVIDE,
                field("price"), field("disc")))), List.of(new Expr.Negate(field("qty"), Expr.EvalMode.LEGACY),
                Expr.neg(field("qty"))));
        assertEquals(plan, PlanCodec.decode(PlanCodec.encode(plan)));
    }
}
