package dev.ispd.plan.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.KeySet;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Over Parquet an AND's tests of one string column go first, ahead of tests that raise no error
 * only; a plan with nothing to move is left as it is.
 */
class StringTestsFirstTest {
    private static final Layout LINE = LayoutDdl.parse("line", "part i64 le @0, qty i64 le @8, price i64 le @16, "
            + "mode char(10) zero @24, instruct char(25) zero @34 nullable @59.0", 60, "test");
    private static final Predicate KEYS = Predicate.in("part", 4, 8, 15);
    private static final Predicate MODE = Predicate.or(Predicate.compare("mode", CompareOp.EQ, "AIR"),
            Predicate.compare("mode", CompareOp.EQ, "AIR REG"));
    private static final Predicate INSTRUCT = Predicate.compare("instruct", CompareOp.EQ, "DELIVER IN PERSON");
    private static final Predicate INSTRUCT_PRESENT = Predicate.not(Predicate.isNull("instruct"));
    private static final Predicate QTY = Predicate.or(Predicate.between("qty", 1, 11), Predicate.between("qty", 20, 30));

    private static Plan rows(Predicate where) {
        return Plan.rows(LINE, where, List.of("part", "qty", "price"));
    }

    /** TPC-H Q19's shape: a runtime IN of part keys ANDed before the pushed WHERE. */
    @Test
    void stringTestsGoAheadOfAnInOfKeysAndComparisons() {
        Plan plan = rows(Predicate.and(KEYS, Predicate.and(INSTRUCT_PRESENT, QTY, MODE, INSTRUCT)));
        Plan ordered = StringTestsFirst.of(plan);
        assertEquals(Predicate.and(INSTRUCT_PRESENT, MODE, INSTRUCT, KEYS, QTY), ordered.where());
        assertEquals(plan.select(), ordered.select());
        assertEquals(plan.layout(), ordered.layout());
    }

    /**
     * TPC-H Q19's shape once its join is made lookups: the parts' keys and the OR of each branch's
     * lookups ahead of the string tests; a lookup of a column raises nothing, so the string tests
     * go first. A lookup of an expression may raise (a division by zero): nothing passes it.
     */
    @Test
    void stringTestsGoAheadOfKeyLookupsOfAColumn() {
        Predicate parts = lookup(Expr.field("part"), 4, 8, 15);
        Predicate branches = Predicate.or(Predicate.and(lookup(Expr.field("part"), 4), QTY),
                Predicate.and(lookup(Expr.field("part"), 8, 15), Predicate.between("qty", 10, 20)));
        assertEquals(Predicate.and(MODE, INSTRUCT, parts, branches, QTY),
                StringTestsFirst.of(rows(Predicate.and(parts, branches, MODE, INSTRUCT, QTY))).where());
        Predicate ofRatio = lookup(Expr.rem(Expr.field("price"), Expr.field("qty")), 2);
        assertEquals(Predicate.and(MODE, ofRatio, INSTRUCT),
                StringTestsFirst.of(rows(Predicate.and(MODE, ofRatio, INSTRUCT))).where());
    }

    private static Predicate lookup(Expr key, long... keys) {
        return Predicate.holds(Expr.keyLookup(key, KeySet.of(keys), KeySet.EMPTY, "parts"));
    }

    /** A test of two string columns, or of a string and a number, tests more than one column's entries. */
    @Test
    void aTestOfMoreThanOneColumnStaysInPlace() {
        Predicate both = Predicate.or(INSTRUCT, Predicate.compare("mode", CompareOp.EQ, "AIR"));
        Predicate mixed = Predicate.or(INSTRUCT, Predicate.eq("qty", 3));
        assertEquals(Predicate.and(MODE, KEYS, both, mixed),
                StringTestsFirst.of(rows(Predicate.and(KEYS, both, mixed, MODE))).where());
    }

    /** An expression may raise an error for a row: no string test moves ahead of it, one after it still moves up to it. */
    @Test
    void noStringTestMovesAheadOfAnExpression() {
        Predicate ratio = Predicate.holds(Expr.gt(Expr.div(Expr.field("price"), Expr.field("qty")), Expr.lit(2)));
        assertEquals(Predicate.and(MODE, KEYS, ratio, INSTRUCT, QTY),
                StringTestsFirst.of(rows(Predicate.and(KEYS, MODE, ratio, QTY, INSTRUCT))).where());
    }

    @Test
    void aPlanWithNothingToMoveIsItself() {
        Plan first = rows(Predicate.and(MODE, KEYS, QTY));
        assertSame(first, StringTestsFirst.of(first));
        Plan none = rows(Predicate.and(KEYS, QTY));
        assertSame(none, StringTestsFirst.of(none));
        Plan one = rows(INSTRUCT);
        assertSame(one, StringTestsFirst.of(one));
    }
}
