package dev.ispd.plan;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.and;
import static dev.ispd.plan.Expr.between;
import static dev.ispd.plan.Expr.caseWhen;
import static dev.ispd.plan.Expr.cast;
import static dev.ispd.plan.Expr.coalesce;
import static dev.ispd.plan.Expr.compare;
import static dev.ispd.plan.Expr.contains;
import static dev.ispd.plan.Expr.div;
import static dev.ispd.plan.Expr.endsWith;
import static dev.ispd.plan.Expr.eq;
import static dev.ispd.plan.Expr.extract;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.in;
import static dev.ispd.plan.Expr.isNull;
import static dev.ispd.plan.Expr.like;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.lt;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.neg;
import static dev.ispd.plan.Expr.not;
import static dev.ispd.plan.Expr.nullOf;
import static dev.ispd.plan.Expr.or;
import static dev.ispd.plan.Expr.rem;
import static dev.ispd.plan.Expr.startsWith;
import static dev.ispd.plan.Expr.sub;
import static dev.ispd.plan.Expr.when;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.plan.ExprRecords.Item;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every expression node run by the plan interpreter over generated typed records with NULLs
 * ({@link ExprRecords}), against the same SQL computed in plain Java with Spark's semantics
 * (decimals as BigDecimal, doubles in Spark's order, strings as UTF-8 bytes, NULL as unknown):
 * the records where the condition is TRUE, and (through NOT) those where it is FALSE, so that a
 * NULL that should be unknown but came out false or true shows.
 */
class ExprInterpreterTest {
    private static final List<Item> ITEMS = ExprRecords.generate(3_000, 20);
    private static final byte[] DATA = ExprRecords.bytes(ITEMS);

    /** A condition and its plain-Java evaluation (null: unknown). */
    record Case(String name, Expr condition, Function<Item, Boolean> java) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        return List.of(
                new Case("price * (1 - disc) > 100", gt(mul(field("price"), sub(lit(1), field("disc"))),
                        lit(new BigDecimal("100"))), i -> cmp(i.price() == null ? null
                        : i.price().multiply(BigDecimal.ONE.subtract(i.disc())).compareTo(BigDecimal.valueOf(100)), ">")),
                new Case("qty + 5 < price", lt(add(field("qty"), lit(5)), field("price")),
                        i -> i.qty() == null || i.price() == null ? null
                                : BigDecimal.valueOf(i.qty() + 5).compareTo(i.price()) < 0),
                new Case("qty % 7 = -3", eq(rem(field("qty"), lit(7)), lit(-3)),
                        i -> i.qty() == null ? null : i.qty() % 7 == -3),
                new Case("-qty BETWEEN -10 AND 10", between(neg(field("qty")), lit(-10), lit(10)),
                        i -> i.qty() == null ? null : -i.qty() >= -10 && -i.qty() <= 10),
                new Case("ratio * 2 > 1.0 (NaN above all)", gt(mul(field("ratio"), lit(2)), lit(1.0)),
                        i -> i.ratio() == null ? null : spark(i.ratio() * 2, 1.0) > 0),
                new Case("ratio = ratio (NaN = NaN)", eq(field("ratio"), field("ratio")),
                        i -> i.ratio() == null ? null : true),
                new Case("ratio = 0.0 (-0.0 = 0.0)", eq(field("ratio"), lit(0.0)),
                        i -> i.ratio() == null ? null : spark(i.ratio(), 0.0) == 0),
                new Case("CAST(price AS int) = qty", eq(cast(field("price"), ExprType.INT), field("qty")),
                        i -> i.price() == null || i.qty() == null ? null : i.price().intValue() == i.qty()),
                new Case("qty / 4 > ratio (a double's division)", gt(div(field("qty"), lit(4)), field("ratio")),
                        i -> i.qty() == null || i.ratio() == null ? null : spark(i.qty() / 4.0, i.ratio()) > 0),
                new Case("price / disc > 50000", gt(div(field("price"), field("disc")), lit(50_000)),
                        i -> i.price() == null ? null : i.price().divide(i.disc(), 38, RoundingMode.HALF_UP)
                                .setScale(7, RoundingMode.HALF_UP).compareTo(BigDecimal.valueOf(50_000)) > 0),
                new Case("CASE WHEN qty > 10 THEN price WHEN ok THEN disc END > 5",
                        gt(caseWhen(List.of(when(gt(field("qty"), lit(10)), field("price")), when(field("ok"),
                                field("disc"))), null), lit(5)),
                        i -> {
                            BigDecimal v = i.qty() != null && i.qty() > 10 ? i.price()
                                    : Boolean.TRUE.equals(i.ok()) ? i.disc() : null;
                            return v == null ? null : v.compareTo(BigDecimal.valueOf(5)) > 0;
                        }),
                new Case("COALESCE(qty, big % 100, 0) > 20", gt(coalesce(field("qty"), rem(field("big"), lit(100)),
                        lit(0)), lit(20)), i -> (i.qty() != null ? i.qty() : i.big() % 100) > 20),
                new Case("qty IN (1, 2, 3, NULL)", in(field("qty"), lit(1), lit(2), lit(3), nullOf(ExprType.INT)),
                        i -> i.qty() != null && i.qty() >= 1 && i.qty() <= 3 ? Boolean.TRUE : null),
                new Case("mode IN ('AIR', 'MAIL')", in(field("mode"), lit("AIR"), lit("MAIL")),
                        i -> i.mode() == null ? null : i.mode().equals("AIR") || i.mode().equals("MAIL")),
                new Case("mode LIKE 'A%R%'", like(field("mode"), "A%R%"), i -> i.mode() == null ? null
                        : i.mode().matches("A.*R.*")),
                new Case("mode LIKE '_A%'", like(field("mode"), "_A%"), i -> i.mode() == null ? null
                        : i.mode().matches(".A.*")),
                new Case("mode LIKE 'n_' (é is one character)", like(field("mode"), "n_"), i -> i.mode() == null ? null
                        : i.mode().matches("n.")),
                new Case("mode LIKE 'n\\_%' (an escaped _)", like(field("mode"), "n\\_%"), i -> i.mode() == null ? null
                        : i.mode().startsWith("n_")),
                new Case("STARTS WITH 'AI'", startsWith(field("mode"), "AI"), i -> i.mode() == null ? null
                        : i.mode().startsWith("AI")),
                new Case("ENDS WITH 'IL'", endsWith(field("mode"), "IL"), i -> i.mode() == null ? null
                        : i.mode().endsWith("IL")),
                new Case("CONTAINS 'R'", contains(field("mode"), "R"), i -> i.mode() == null ? null
                        : i.mode().contains("R")),
                new Case("mode < 'B' or mode > 'né'", or(lt(field("mode"), lit("B")), gt(field("mode"), lit("né"))),
                        i -> i.mode() == null ? null : bytes(i.mode(), "B") < 0 || bytes(i.mode(), "né") > 0),
                new Case("EXTRACT(YEAR) = 1995 AND EXTRACT(MONTH) IN (1, 2)",
                        and(eq(extract(Expr.DatePart.YEAR, field("ship")), lit(1995)),
                                in(extract(Expr.DatePart.MONTH, field("ship")), lit(1), lit(2))),
                        i -> i.ship().getYear() == 1995 && i.ship().getMonthValue() <= 2),
                new Case("EXTRACT(DAY) > 15 AND ship < DATE '1997-03-15'", and(gt(extract(Expr.DatePart.DAY,
                        field("ship")), lit(15)), lt(field("ship"), lit(LocalDate.of(1997, 3, 15)))),
                        i -> i.ship().getDayOfMonth() > 15 && i.ship().isBefore(LocalDate.of(1997, 3, 15))),
                new Case("ok IS NULL OR NOT ok", or(isNull(field("ok")), not(field("ok"))),
                        i -> i.ok() == null || !i.ok()),
                new Case("ok AND qty > 0 (unknown and false)", and(field("ok"), gt(field("qty"), lit(0))),
                        i -> and3(i.ok(), i.qty() == null ? null : i.qty() > 0)),
                new Case("f + 1 > 2.5 (float arithmetic)", gt(add(field("f"), lit(1)), lit(2.5)),
                        i -> (double) (i.f() + 1f) > 2.5),
                new Case("CAST(qty AS decimal(5,1)) * 3 >= price", compare(mul(cast(field("qty"), ExprType.decimal(5, 1)),
                        lit(3)), CompareOp.GE, field("price")), i -> i.qty() == null || i.price() == null ? null
                        : BigDecimal.valueOf(i.qty() * 3L).compareTo(i.price()) >= 0),
                new Case("big > 0 AND NULL (unknown or false)", and(gt(field("big"), lit(0)), nullOf(ExprType.BOOL)),
                        i -> i.big() > 0 ? null : false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void trueAndFalseAsPlainJavaHasThem(Case c) throws IOException {
        assertEquals(expected(c, Boolean.TRUE), selected(Predicate.holds(c.condition())), "TRUE: " + c.name());
        assertEquals(expected(c, Boolean.FALSE), selected(Predicate.not(Predicate.holds(c.condition()))),
                "FALSE: " + c.name());
    }

    private static List<Long> selected(Predicate where) throws IOException {
        return ExprRecords.run(Plan.rows(ExprRecords.ITEMS, where, List.of("big")), DATA).stream().map(r -> r[0]).toList();
    }

    private static List<Long> expected(Case c, Boolean value) {
        return ITEMS.stream().filter(i -> value.equals(c.java().apply(i))).map(Item::big).toList();
    }

    private static Boolean cmp(Integer comparison, String op) {
        return comparison == null ? null : switch (op) {
            case ">" -> comparison > 0;
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** Spark's order of doubles: -0.0 = 0.0, NaN = NaN and above every number. */
    private static int spark(double a, double b) {
        return a == b ? 0 : Double.compare(a, b);
    }

    private static int bytes(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static Boolean and3(Boolean a, Boolean b) {
        return Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE : a == null || b == null ? null : true;
    }
}
