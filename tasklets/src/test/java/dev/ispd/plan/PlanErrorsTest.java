package dev.ispd.plan;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.eq;
import static dev.ispd.plan.Predicate.isNull;
import static dev.ispd.plan.Predicate.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad plans are refused with an error naming the field, the literal or the limit. */
class PlanErrorsTest {
    private static final Layout WC = Layout.worldCup98(32);

    private static void assertRefused(String part, String words, Executable plan) {
        PlanException e = assertThrows(PlanException.class, plan);
        assertEquals(part, e.part(), e.getMessage());
        for (String w : words.split(";")) {
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' should name " + w);
        }
    }

    @Test
    void unknownFieldsAreNamedWithTheLayoutsFields() {
        assertRefused("where", "'colour';worldcup98;region", () -> Plan.rows(WC, eq("colour", 1), List.of("type")));
        assertRefused("select", "'sise'", () -> Plan.rows(WC, null, List.of("sise")));
        assertRefused("groupBy", "'regoin'", () -> Plan.aggregate(WC, null, List.of("regoin"), List.of()));
        assertRefused("aggregate", "'bytes'", () -> Plan.aggregate(WC, null, List.of(), List.of(Aggregate.sum("bytes"))));
        assertRefused("orderBy", "'when'", () -> Plan.rows(WC, null, List.of("type")).top(3, "when", true));
    }

    @Test
    void literalsOutsideTheFieldsRangeAreNamed() {
        assertRefused("where", "256;type;[0, 255]", () -> Plan.rows(WC, eq("type", 256), List.of("type")));
        assertRefused("where", "8;region;[0, 7]", () -> Plan.rows(WC, Predicate.between("region", 0, 8), List.of("type")));
        assertRefused("where", "-1;size", () -> Plan.rows(WC, Predicate.in("size", 3, -1), List.of("type")));
        assertRefused("where", "IS NULL;status;does not make nullable",
                () -> Plan.rows(WC, isNull("status"), List.of("type")));
    }

    @Test
    void shapesAPlanCannotHave() {
        assertRefused("groupBy", "at most 4", () -> Plan.aggregate(WC, null,
                List.of("type", "status", "method", "region", "server"), List.of(Aggregate.countStar())));
        assertRefused("select", "no projection", () -> new Plan(WC, null, List.of(Expr.field("type")),
                List.of(Expr.field("region")), List.of(Aggregate.countStar()), null, Plan.NO_LIMIT));
        assertRefused("select", "at least one column", () -> Plan.rows(WC, null, List.of()));
        assertRefused("select", "type is named twice", () -> Plan.rows(WC, null, List.of("type", "type")));
        assertRefused("limit", "row plans", () -> new Plan(WC, null, List.of(), List.of(Expr.field("region")),
                List.of(Aggregate.countStar()), null, 5));
        assertRefused("limit", "needs a LIMIT", () -> new Plan(WC, null, List.of(Expr.field("type")), List.of(),
                List.of(), List.of(Plan.SortKey.of(Expr.field("size"), true)), Plan.NO_LIMIT));
        assertRefused("where", "AND needs 2", () -> Plan.rows(WC, and(eq("type", 1)), List.of("type")));
        assertRefused("layout", "entry size", () -> Layout.worldCup98(24));
        assertRefused("layout", "field wide;past the 4-byte record",
                () -> new Layout("x", 4, List.of(Field.unsigned("wide", 0, 8))));
        assertRefused("layout", "field odd;bits [6, 10)", () -> Field.bits("odd", 0, 1, 6, 4));
    }

    @Test
    void typedFieldsAPlanCannotRunAreRefusedNamingTheFieldAndThePart() {
        Layout orders = PlanVectors.ORDERS;
        assertRefused("groupBy", "groupBy (mode + 1): expression (mode + 1) takes mode (string)",
                () -> Plan.aggregateOf(orders, null, List.of(Expr.add(Expr.field("mode"), Expr.lit(1))), List.of()));
        assertRefused("orderBy", "sort key big is decimal(30,4): a plan orders by numbers of up to 18 digits",
                () -> Plan.rows(orders, null, List.of("id")).top(3, "big", false));
        assertRefused("aggregate", "SUM of field ratio (f64) is left to the engine",
                () -> Plan.aggregate(orders, null, List.of(), List.of(Aggregate.sum("ratio"))));
        assertRefused("aggregate", "field mode (char(3), with a null bit)",
                () -> Plan.aggregate(orders, null, List.of(), List.of(Aggregate.min("mode"))));
        assertRefused("aggregate", "SUM of field ship (date) is left to the engine",
                () -> Plan.aggregate(orders, null, List.of(), List.of(Aggregate.sum("ship"))));
        assertRefused("where", "a comparison on field mode (char(3)) takes a string literal",
                () -> Plan.rows(orders, eq("mode", 1), List.of("id")));
        assertRefused("where", "field id is i32, not a string",
                () -> Plan.rows(orders, Predicate.compare("id", CompareOp.EQ, "1"), List.of("id")));
        assertRefused("where", "BETWEEN on field big (decimal(30,4)) is not run by plans",
                () -> Plan.rows(orders, Predicate.between("big", 0, 1), List.of("id")));
        assertRefused("where", "literal 2 is outside the range",
                () -> Plan.rows(orders, eq("ok", 2), List.of("id")));
        assertRefused("where", "literal 10000000000000 is outside",
                () -> Plan.rows(orders, eq("price", 10_000_000_000_000L), List.of("id")));
        Field price = orders.field("price", "where");
        assertRefused("where", "literal 1.005 is not a decimal(12,2) (field price)",
                () -> price.decimalLiteral(new java.math.BigDecimal("1.005")));
        assertRefused("where", "literal 2024-01-01 is a date, but field price is decimal(12,2)",
                () -> price.dateLiteral(java.time.LocalDate.of(2024, 1, 1)));
    }

    @Test
    void aDriveRefusesAPlanBeyondItsLimitsNamingTheLimit() {
        PlanLimitException groups = assertThrows(PlanLimitException.class, () -> new PlanTasklet(
                Plan.aggregate(WC, null, List.of("type"), List.of(Aggregate.countStar())), new PlanLimits(16, 1 << 20, 16)));
        assertEquals("groups", groups.limit());
        assertTrue(groups.getMessage().contains("GROUP BY type") && groups.getMessage().contains("maxGroups"),
                groups.getMessage());

        Predicate deep = eq("type", 1);
        for (int i = 0; i < 16; i++) {
            deep = not(deep);
        }
        Predicate tooDeep = deep;
        PlanLimitException depth = assertThrows(PlanLimitException.class,
                () -> new PlanTasklet(Plan.rows(WC, tooDeep, List.of("type")), PlanLimits.DRIVE));
        assertEquals("predicateDepth", depth.limit());
        assertTrue(depth.getMessage().contains("17 levels"), depth.getMessage());

        PlanLimits small = new PlanLimits(16, 1000, 4);
        PlanLimitException rows = assertThrows(PlanLimitException.class,
                () -> new PlanTasklet(Plan.rows(WC, null, List.of("type", "size")).limit(100), small));
        assertEquals("resultBytes", rows.limit());
        assertTrue(rows.getMessage().contains("100 rows of 2 columns"), rows.getMessage());
    }
}
