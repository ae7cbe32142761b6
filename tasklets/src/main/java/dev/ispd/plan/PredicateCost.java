package dev.ispd.plan;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The work of evaluating a whole predicate tree once, every leaf evaluated, for estimates. */
final class PredicateCost {
    private PredicateCost() {
    }

    /** The cost with every leaf evaluated: IN costs its binary search, a Bloom filter a compare per probe, an expression its {@link ExprCost}. */
    static ExprCost of(Predicate p, Layout layout) {
        if (p instanceof Predicate.True) {
            return ExprCost.NONE;
        }
        if (p instanceof Predicate.Between) {
            return new ExprCost(1, 2, 0, 0);
        }
        if (p instanceof Predicate.In in) {
            return new ExprCost(1, 64 - Long.numberOfLeadingZeros(in.values().stream().distinct().count()), 0, 0);
        }
        if (p instanceof Predicate.Bloom b) {
            return new ExprCost(1, b.hashes(), 0, 0);
        }
        if (p instanceof Predicate.Not n) {
            return of(n.operand(), layout);
        }
        if (p instanceof Predicate.And a) {
            return a.operands().stream().map(o -> of(o, layout)).reduce(ExprCost.NONE, ExprCost::plus);
        }
        if (p instanceof Predicate.Or o) {
            return o.operands().stream().map(q -> of(q, layout)).reduce(ExprCost.NONE, ExprCost::plus);
        }
        if (p instanceof Predicate.Holds h) {
            return ExprCost.of(h.condition(), layout);
        }
        if (p instanceof Predicate.CompareString) {
            return ExprCost.STRING_LEAF;
        }
        return new ExprCost(1, 1, 0, 0); // a comparison or IS NULL
    }

    /** A largest part of a WHERE that tests one {@code char(N)} field alone, and its cost with every leaf evaluated. */
    record EntryPart(String field, ExprCost cost) {
    }

    /**
     * {@code p}'s largest parts that test one {@code char(N)} field alone, added to {@code out}: the
     * parts a batch holding the field as dictionary ids judges once per entry (as
     * {@code Condition.bind} binds them).
     */
    static void partsByEntry(Predicate p, Layout layout, List<EntryPart> out) {
        String field = stringField(p, layout);
        if (field != null) {
            out.add(new EntryPart(field, of(p, layout)));
        } else if (p instanceof Predicate.And a) {
            a.operands().forEach(o -> partsByEntry(o, layout, out));
        } else if (p instanceof Predicate.Or o) {
            o.operands().forEach(q -> partsByEntry(q, layout, out));
        } else if (p instanceof Predicate.Not n) {
            partsByEntry(n.operand(), layout, out);
        }
    }

    /**
     * The one {@code char(N)} field {@code p} reads, if it reads no other: a string comparison,
     * IS NULL of a string field, an expression of it alone, and AND, OR and NOT of those; else null.
     */
    private static String stringField(Predicate p, Layout layout) {
        if (p instanceof Predicate.CompareString c) {
            return c.field();
        }
        if (p instanceof Predicate.IsNull n) {
            return string(layout, n.field()) ? n.field() : null;
        }
        if (p instanceof Predicate.Holds h) {
            Set<String> names = new HashSet<>();
            refs(h.condition(), names);
            return names.size() == 1 && string(layout, names.iterator().next()) ? names.iterator().next() : null;
        }
        if (p instanceof Predicate.Not n) {
            return stringField(n.operand(), layout);
        }
        if (!(p instanceof Predicate.And) && !(p instanceof Predicate.Or)) {
            return null;
        }
        String field = null;
        for (Predicate o : p instanceof Predicate.And a ? a.operands() : ((Predicate.Or) p).operands()) {
            String f = stringField(o, layout);
            if (f == null || field != null && !field.equals(f)) {
                return null;
            }
            field = f;
        }
        return field;
    }

    private static boolean string(Layout layout, String name) {
        return layout.field(name, "where").type().kind() == FieldType.Kind.CHAR;
    }

    private static void refs(Expr e, Set<String> names) {
        if (e instanceof Expr.Ref r) {
            names.add(r.name());
        }
        e.children().forEach(c -> refs(c, names));
    }
}
