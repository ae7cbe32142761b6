package dev.ispd.plan.parquet;

import dev.ispd.plan.Expr;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import java.util.ArrayList;
import java.util.List;

/**
 * A plan's WHERE as a Parquet source runs it: of an AND (nested ANDs read as one), the tests of one
 * string column alone go first. Over Parquet such a test is judged once per dictionary entry and
 * costs a row an id's look-up, where a runtime {@code IN} of a join's keys, which the plan may put
 * first (it is the cheaper test over records), costs a row a binary search: TPC-H Q19's 485 part keys
 * searched for each of 6 M line items before the string tests that keep 7% of them; likewise a
 * key lookup of a join's small side (Q19's lookups of the parts of each branch of its OR). A test moves
 * only ahead of tests that raise no error (comparisons, BETWEEN, IN, a Bloom filter, IS NULL, a key
 * lookup of a column, and AND, OR, NOT of those: no other expression), so that no row's error is passed over that the plan's own
 * order would raise; answers are the same in any order.
 */
final class StringTestsFirst {
    private StringTestsFirst() {
    }

    /** {@code plan} with its WHERE so ordered; {@code plan} itself where nothing moves. */
    static Plan of(Plan plan) {
        if (!(plan.where() instanceof Predicate.And)) {
            return plan;
        }
        List<Predicate> tests = new ArrayList<>();
        flatten(plan.where(), tests);
        List<Predicate> ordered = new ArrayList<>();
        int front = 0; // where the next string test goes: after the last one, and after any test that may raise an error
        boolean moved = false;
        for (Predicate p : tests) {
            if (stringField(p, plan.layout()) != null) {
                moved |= front < ordered.size();
                ordered.add(front++, p);
            } else {
                ordered.add(p);
                if (mayRaise(p)) {
                    front = ordered.size();
                }
            }
        }
        return !moved ? plan : new Plan(plan.layout(), new Predicate.And(ordered), plan.select(), plan.groupBy(),
                plan.aggregates(), plan.orderBy(), plan.limit());
    }

    private static void flatten(Predicate p, List<Predicate> out) {
        if (p instanceof Predicate.And a) {
            a.operands().forEach(o -> flatten(o, out));
        } else {
            out.add(p);
        }
    }

    /**
     * The one {@code char(N)} field {@code p} tests, if it tests no other and only by comparisons
     * with literals and IS NULL (and AND, OR, NOT of those); else null.
     */
    private static String stringField(Predicate p, Layout layout) {
        if (p instanceof Predicate.CompareString c) {
            return c.field();
        }
        if (p instanceof Predicate.IsNull n) {
            return layout.field(n.field(), "where").type().kind() == FieldType.Kind.CHAR ? n.field() : null;
        }
        if (p instanceof Predicate.Not n) {
            return stringField(n.operand(), layout);
        }
        List<Predicate> operands = p instanceof Predicate.And a ? a.operands()
                : p instanceof Predicate.Or o ? o.operands() : List.of();
        String field = null;
        for (Predicate o : operands) {
            String f = stringField(o, layout);
            if (f == null || field != null && !field.equals(f)) {
                return null;
            }
            field = f;
        }
        return field;
    }

    /**
     * Whether testing {@code p} may raise an error: it holds an expression (but a key lookup of a
     * column, a join's keys looked up, which reads a value and raises nothing), or is of a kind not
     * known here.
     */
    private static boolean mayRaise(Predicate p) {
        if (p instanceof Predicate.Holds h) {
            return !(h.condition() instanceof Expr.KeyLookup k && k.key() instanceof Expr.Ref);
        }
        if (p instanceof Predicate.And a) {
            return a.operands().stream().anyMatch(StringTestsFirst::mayRaise);
        }
        if (p instanceof Predicate.Or o) {
            return o.operands().stream().anyMatch(StringTestsFirst::mayRaise);
        }
        if (p instanceof Predicate.Not n) {
            return mayRaise(n.operand());
        }
        return !(p instanceof Predicate.Compare || p instanceof Predicate.CompareString || p instanceof Predicate.Between
                || p instanceof Predicate.In || p instanceof Predicate.Bloom || p instanceof Predicate.IsNull
                || p instanceof Predicate.True);
    }
}
