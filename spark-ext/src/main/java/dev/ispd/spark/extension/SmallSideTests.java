package dev.ispd.spark.extension;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.AttributeSet;
import org.apache.spark.sql.catalyst.expressions.BinaryComparison;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.InSet;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.Like;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.Not;
import org.apache.spark.sql.catalyst.expressions.Or;
import org.apache.spark.sql.catalyst.expressions.StringPredicate;
import org.apache.spark.sql.types.DataTypes;

/**
 * The tests of a join's small side in the expressions above the join ({@link LookupJoins}): each
 * largest boolean subexpression over the small side's columns alone, with the conjuncts (or
 * disjuncts) of an AND (OR) over them taken as one, so that TPC-H Q19's
 * {@code p_brand = 'Brand#12' AND p_container IN (...) AND l_quantity >= 1 AND ... AND p_size <= 5}
 * has one test of {@code part}, not three. A test holds only comparisons, IN, string tests, LIKE,
 * AND, OR, NOT and IS [NOT] NULL of columns and literals: it can raise no error, so running it
 * over every row of the small side that passes its filters, rather than over the joined rows
 * alone, answers the same. Each distinct test (by Spark's canonical form) is numbered once.
 */
final class SmallSideTests {
    private final AttributeSet small;
    private final Map<Expression, Integer> numbers = new LinkedHashMap<>();
    private final List<Expression> tests = new ArrayList<>();

    /** The tests over {@code small}, the small side's output columns. */
    SmallSideTests(AttributeSet small) {
        this.small = small;
    }

    /** The tests found by {@link #replace}, in the order of their numbers. */
    List<Expression> tests() {
        return tests;
    }

    /**
     * {@code e} with each test of the small side replaced by {@code withTest} of the test's
     * number, numbering new tests as found.
     */
    Expression replace(Expression e, Function<Integer, Expression> withTest) {
        if (isTest(e)) {
            return withTest.apply(number(e));
        }
        boolean and = e instanceof And;
        if (and || e instanceof Or) {
            List<Expression> terms = new ArrayList<>();
            flatten(e, and, terms);
            List<Expression> ofSmall = terms.stream().filter(this::isTest).toList();
            List<Expression> out = new ArrayList<>();
            if (!ofSmall.isEmpty()) {
                out.add(withTest.apply(number(combine(ofSmall, and))));
            }
            terms.stream().filter(t -> !isTest(t)).forEach(t -> out.add(replace(t, withTest)));
            return combine(out, and);
        }
        return e.mapChildren(c -> replace(c, withTest));
    }

    /** Whether {@code e} still reads a column of the small side. */
    boolean readsSmallSide(Expression e) {
        return e.references().intersect(small).nonEmpty();
    }

    private boolean isTest(Expression e) {
        return e.dataType().equals(DataTypes.BooleanType) && e.deterministic() && e.references().nonEmpty()
                && e.references().subsetOf(small) && e.find(n -> !errorless(n)).isEmpty();
    }

    private static boolean errorless(Expression n) {
        return n instanceof AttributeReference || n instanceof Literal || n instanceof BinaryComparison
                || n instanceof In || n instanceof InSet || n instanceof StringPredicate || n instanceof Like
                || n instanceof And || n instanceof Or || n instanceof Not || n instanceof IsNull
                || n instanceof IsNotNull;
    }

    private int number(Expression test) {
        return numbers.computeIfAbsent(test.canonicalized(), k -> {
            tests.add(test);
            return tests.size() - 1;
        });
    }

    private static void flatten(Expression e, boolean and, List<Expression> into) {
        if (and ? e instanceof And : e instanceof Or) {
            flatten(e.children().apply(0), and, into);
            flatten(e.children().apply(1), and, into);
        } else {
            into.add(e);
        }
    }

    private static Expression combine(List<Expression> terms, boolean and) {
        Expression out = terms.get(0);
        for (int i = 1; i < terms.size(); i++) {
            out = and ? new And(out, terms.get(i)) : new Or(out, terms.get(i));
        }
        return out;
    }
}
