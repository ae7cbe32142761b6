package dev.ispd.spark.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Predicate;
import org.junit.jupiter.api.Test;

/** The shares of records pushed predicates are guessed to keep (Calcite's defaults, combined as independent). */
class SelectivityTest {
    private static final double EPSILON = 1e-12;

    @Test
    void eachTestHasCalcitesDefault() {
        assertEquals(1.0, Selectivity.of(Predicate.all()), EPSILON);
        assertEquals(0.15, Selectivity.of(Predicate.eq("a", 1)), EPSILON);
        assertEquals(0.85, Selectivity.of(Predicate.compare("a", CompareOp.NE, 1)), EPSILON);
        assertEquals(0.5, Selectivity.of(Predicate.compare("s", CompareOp.LT, "x")), EPSILON);
        assertEquals(0.25, Selectivity.of(Predicate.between("a", 1, 9)), EPSILON);
        assertEquals(0.1, Selectivity.of(Predicate.isNull("a")), EPSILON);
        assertEquals(0.9, Selectivity.of(Predicate.not(Predicate.isNull("a"))), EPSILON);
        assertEquals(0.25, Selectivity.of(new Predicate.Holds(new Expr.Match(Expr.MatchOp.CONTAINS, new Expr.Ref("s"),
                "green"))), EPSILON);
    }

    @Test
    void combinedAsIndependent() {
        // IN of 2: two equalities ORed
        assertEquals(1 - 0.85 * 0.85, Selectivity.of(Predicate.in("a", 1, 2)), EPSILON);
        assertEquals(0.15 * 0.5, Selectivity.of(Predicate.and(Predicate.eq("a", 1),
                Predicate.compare("b", CompareOp.GT, 3))), EPSILON);
        assertEquals(1 - 0.85 * 0.5, Selectivity.of(Predicate.or(Predicate.eq("a", 1),
                Predicate.compare("b", CompareOp.GT, 3))), EPSILON);
        // TPC-H Q12's lineitem: l_shipmode IN (2), commit < receipt, ship < commit, receipt in a year
        Expr commitBeforeReceipt = new Expr.Compare(CompareOp.LT, new Expr.Ref("c"), new Expr.Ref("r"));
        Predicate q12 = Predicate.and(Predicate.in("m", 1, 2), new Predicate.Holds(commitBeforeReceipt),
                new Predicate.Holds(new Expr.Compare(CompareOp.LT, new Expr.Ref("s"), new Expr.Ref("c"))),
                Predicate.compare("r", CompareOp.GE, 8766), Predicate.compare("r", CompareOp.LT, 9131));
        assertEquals((1 - 0.85 * 0.85) * 0.5 * 0.5 * 0.5 * 0.5, Selectivity.of(q12), EPSILON);
    }
}
