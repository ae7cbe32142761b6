package dev.ispd.plan.parquet;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The fields a plan reads: those its WHERE, selection, grouping, order and aggregates name, so
 * that the drive decodes only those columns. Predicates and expressions are walked through their
 * record components, so a node added to either is covered without a change here: a field is named
 * by an {@link Expr.Ref} or by a predicate's {@code field} component.
 */
final class PlanFields {
    private PlanFields() {
    }

    static Set<String> used(Plan plan) {
        Set<String> out = new LinkedHashSet<>();
        walk(plan.select(), out);
        walk(plan.groupBy(), out);
        plan.orderBy().forEach(k -> walk(k.key(), out));
        walk(plan.where(), out);
        for (Aggregate a : plan.aggregates()) {
            if (a.field() != null) {
                out.add(a.field());
            }
            walk(a.argument(), out);
        }
        return out;
    }

    /** The fields {@code where} names. */
    static Set<String> named(Predicate where) {
        Set<String> out = new LinkedHashSet<>();
        walk(where, out);
        return out;
    }

    private static void walk(Object node, Set<String> out) {
        if (node instanceof Expr.Ref ref) {
            out.add(ref.name());
        } else if (node instanceof Collection<?> list) {
            list.forEach(n -> walk(n, out));
        } else if (node instanceof Record r && (node instanceof Predicate || node instanceof Expr
                || node instanceof Expr.When)) {
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                Object value = component(r, c);
                if (node instanceof Predicate && c.getName().equals("field") && value instanceof String name) {
                    out.add(name);
                } else {
                    walk(value, out);
                }
            }
        }
    }

    private static Object component(Record r, RecordComponent c) {
        try {
            return c.getAccessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("record " + r.getClass().getName() + " hides component " + c.getName(), e);
        }
    }
}
