package dev.ispd.plan;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.cast;
import static dev.ispd.plan.Expr.caseWhen;
import static dev.ispd.plan.Expr.div;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.neg;
import static dev.ispd.plan.Expr.rem;
import static dev.ispd.plan.Expr.when;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.ExprRecords.Item;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bad values give the error Spark 4 gives in its default ANSI mode (its error class, the
 * expression named), never a wrapped or NULL value: integer and long overflow, unary minus of
 * the smallest int, division and remainder by zero (decimals, integers and doubles alike), a
 * decimal past its precision, casts that do not fit (NaN to an int among them). And expressions
 * a plan cannot run are refused when the plan is built, naming the node.
 */
class ExprErrorsTest {
    private static final Item EDGE = new Item(Integer.MIN_VALUE, new BigDecimal("123.45"), new BigDecimal("0.00"),
            Double.NaN, LocalDate.of(1998, 1, 1), "AIR", true, Long.MAX_VALUE, 1.5f, 0);
    private static final byte[] DATA = ExprRecords.bytes(List.of(EDGE));

    private static PlanArithmeticException fails(Expr condition) {
        Plan plan = Plan.rows(ExprRecords.ITEMS, Predicate.holds(condition), List.of("big"));
        return assertThrows(PlanArithmeticException.class, () -> ExprRecords.run(plan, DATA), Expr.sql(condition));
    }

    private static void assertError(String errorClass, String expression, Expr condition) {
        PlanArithmeticException e = fails(condition);
        assertEquals(errorClass, e.errorClass(), e.getMessage());
        assertTrue(e.getMessage().contains(expression), e.getMessage());
    }

    @Test
    void overflowIsAnErrorAsUnderAnsi() {
        assertError("ARITHMETIC_OVERFLOW", "(qty - 1)", gt(Expr.sub(field("qty"), lit(1)), lit(0)));
        assertError("ARITHMETIC_OVERFLOW", "(qty * 2)", gt(mul(field("qty"), lit(2)), lit(0)));
        assertError("ARITHMETIC_OVERFLOW", "(big + 1)", gt(add(field("big"), lit(1)), lit(0)));
        assertError("ARITHMETIC_OVERFLOW", "(- qty)", gt(neg(field("qty")), lit(0)));
    }

    @Test
    void divisionByZeroIsAnError() {
        assertError("DIVIDE_BY_ZERO", "(price / disc)", gt(div(field("price"), field("disc")), lit(1)));
        assertError("REMAINDER_BY_ZERO", "(price % disc)", gt(rem(field("price"), field("disc")), lit(1)));
        assertError("REMAINDER_BY_ZERO", "(big % 0)", gt(rem(field("big"), lit(0)), lit(1)));
        assertError("DIVIDE_BY_ZERO", "(ratio / 0.0D)", gt(div(field("ratio"), lit(0.0)), lit(1)));
        assertError("DIVIDE_BY_ZERO", "(big / 0)", gt(div(field("big"), lit(0)), lit(1)));
    }

    @Test
    void decimalsPastTheirPrecisionAndCastsThatDoNotFitAreErrors() {
        assertError("NUMERIC_VALUE_OUT_OF_RANGE", "CAST(price AS decimal(4,2))",
                gt(cast(field("price"), ExprType.decimal(4, 2)), lit(0)));
        assertError("CAST_OVERFLOW", "CAST(ratio AS int)", gt(cast(field("ratio"), ExprType.INT), lit(0)));
        assertError("CAST_OVERFLOW", "CAST(big AS int)", gt(cast(field("big"), ExprType.INT), lit(0)));
    }

    @Test
    void aCaseNotTakenRaisesNothing() throws Exception {
        // Spark evaluates only the branch CASE takes: a division by zero in another is no error
        Expr safe = gt(caseWhen(List.of(when(gt(field("disc"), lit(0)), div(field("price"), field("disc")))),
                lit(new BigDecimal("-1"))), lit(0));
        assertEquals(List.of(), ExprRecords.run(Plan.rows(ExprRecords.ITEMS, Predicate.holds(safe), List.of("big")), DATA));
    }

    private static void assertRefused(String says, Expr condition) {
        PlanException e = assertThrows(PlanException.class, () -> Plan.rows(ExprRecords.ITEMS,
                Predicate.holds(condition), List.of("big")), Expr.sql(condition));
        assertEquals("expression", e.part(), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }

    @Test
    void whatAPlanCannotRunIsRefusedNamingTheNode() {
        assertRefused("expression (mode + 1) takes mode (string)", gt(add(field("mode"), lit(1)), lit(0)));
        assertRefused("compares string with int", gt(field("mode"), lit(5)));
        assertRefused("casts double to decimal(20,2)", gt(cast(field("ratio"), ExprType.decimal(20, 2)), lit(0)));
        assertRefused("casts between a date and a timestamp without a time zone",
                Expr.eq(cast(field("ship"), ExprType.TIMESTAMP), lit(0L)));
        Expr shipped = cast(field("ship"), ExprType.TIMESTAMP, "UTC");
        assertRefused("names time zone 'Mars/Olympus', which is none", Expr.eq(Expr.extract(Expr.DatePart.HOUR,
                shipped, "Mars/Olympus"), lit(1)));
        assertRefused("extracts HOUR from a date, which has no clock time",
                Expr.eq(Expr.extract(Expr.DatePart.HOUR, field("ship")), lit(1)));
        assertRefused("extracts from a timestamp without a time zone",
                Expr.eq(Expr.extract(Expr.DatePart.YEAR, shipped), lit(1)));
        assertRefused("is bigint, not a boolean condition", add(field("big"), lit(1)));
        assertRefused("unknown field 'nope'", gt(field("nope"), lit(1)));
        assertRefused("escape", Expr.like(field("mode"), "a\\b"));
        assertRefused("mixes [string, int]", gt(Expr.coalesce(field("mode"), lit(1)), lit("a")));
    }
}
