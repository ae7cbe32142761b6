package dev.ispd.spark.pushdown;

import static dev.ispd.plan.Predicate.all;
import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.holds;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.ExprType;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * Spark V2 predicates over the WorldCup98 columns into plan predicates, literals folded at the
 * edges of each type, and the refusals.
 */
class PredicateConverterTest {
    private static final Optional<dev.ispd.plan.Predicate> TRUE = Optional.of(all());
    private static final Optional<dev.ispd.plan.Predicate> FALSE = Optional.of(not(all()));

    private final PredicateConverter converter = new PredicateConverter(RecordLayout.of(Layout.worldCup98(256)));

    private static Predicate p(String name, Expression... children) {
        return new Predicate(name, children);
    }

    private static Expression col(String name) {
        return Expressions.column(name);
    }

    private static Expression i(int v) {
        return new LiteralValue<>(v, DataTypes.IntegerType);
    }

    private static Expression l(long v) {
        return new LiteralValue<>(v, DataTypes.LongType);
    }

    private static Optional<dev.ispd.plan.Predicate> cmp(String field, CompareOp op, long v) {
        return Optional.of(compare(field, op, v));
    }

    @Test
    void comparisonsOfAColumnAndAnIntegerLiteral() {
        assertEquals(cmp("type", CompareOp.EQ, 0), converter.convert(p("=", col("type"), i(0))));
        assertEquals(cmp("clientID", CompareOp.NE, 7), converter.convert(p("<>", col("clientID"), l(7))));
        assertEquals(cmp("size", CompareOp.GE, 4_294_967_295L),
                converter.convert(p(">=", col("size"), l(4_294_967_295L))));
        assertEquals(cmp("region", CompareOp.EQ, 3), converter.convert(p("<=>", col("region"), i(3))));
    }

    @Test
    void aLiteralOnTheLeftIsSwappedAndColumnsMatchCaseInsensitively() {
        assertEquals(cmp("timestamp", CompareOp.GT, 5), converter.convert(p("<", i(5), col("TIMESTAMP"))));
        assertEquals(cmp("objectID", CompareOp.LE, 9), converter.convert(p(">=", l(9), col("objectid"))));
    }

    @Test
    void inAndOrNotAndConstants() {
        Predicate typeIn = p("IN", col("type"), i(1), i(2));
        assertEquals(Optional.of(in("type", 1, 2)), converter.convert(typeIn));
        Predicate tree = p("OR", p("AND", p(">", col("size"), l(10)), p("<", col("size"), l(20))), p("NOT", typeIn));
        assertEquals(Optional.of(or(and(compare("size", CompareOp.GT, 10), compare("size", CompareOp.LT, 20)),
                not(in("type", 1, 2)))), converter.convert(tree));
        assertEquals(FALSE, converter.convert(p("IS_NULL", col("server"))), "layout fields hold no nulls");
        assertEquals(TRUE, converter.convert(p("IS_NOT_NULL", col("server"))));
        assertEquals(TRUE, converter.convert(p("ALWAYS_TRUE")));
        assertEquals(FALSE, converter.convert(p("ALWAYS_FALSE")));
    }

    /** The edges of a 1-byte unsigned field ([0, 255]): inside kept, outside folded as SQL compares numbers. */
    @Test
    void literalsOutsideAOneByteFieldFold() {
        assertEquals(cmp("type", CompareOp.LE, 255), converter.convert(p("<=", col("type"), i(255))));
        assertEquals(cmp("type", CompareOp.GE, 0), converter.convert(p(">=", col("type"), i(0))));
        assertEquals(TRUE, converter.convert(p("<", col("type"), i(1000))));
        assertEquals(TRUE, converter.convert(p("<=", col("type"), i(256))));
        assertEquals(FALSE, converter.convert(p(">", col("type"), i(256))));
        assertEquals(FALSE, converter.convert(p(">=", col("type"), i(256))));
        assertEquals(FALSE, converter.convert(p("=", col("type"), i(256))));
        assertEquals(TRUE, converter.convert(p("<>", col("type"), i(256))));
        assertEquals(FALSE, converter.convert(p("<", col("type"), i(-1))));
        assertEquals(FALSE, converter.convert(p("<=", col("type"), i(-1))));
        assertEquals(TRUE, converter.convert(p(">", col("type"), i(-1))));
        assertEquals(TRUE, converter.convert(p(">=", col("type"), i(-1))));
        assertEquals(FALSE, converter.convert(p("=", col("type"), i(-1))));
        assertEquals(TRUE, converter.convert(p("<", i(-1), col("type"))), "-1 < type, swapped");
    }

    /** The edges of a 4-byte unsigned field ([0, 2^32 - 1]) and of a 3-bit range ([0, 7]). */
    @Test
    void literalsOutsideAFourByteFieldAndABitRangeFold() {
        assertEquals(cmp("size", CompareOp.LE, 4_294_967_295L),
                converter.convert(p("<=", col("size"), l(4_294_967_295L))));
        assertEquals(TRUE, converter.convert(p("<", col("size"), l(4_294_967_296L))));
        assertEquals(FALSE, converter.convert(p(">", col("size"), l(Long.MAX_VALUE))));
        assertEquals(TRUE, converter.convert(p(">", col("size"), l(Long.MIN_VALUE))));
        assertEquals(cmp("region", CompareOp.EQ, 7), converter.convert(p("=", col("region"), i(7))));
        assertEquals(FALSE, converter.convert(p("=", col("region"), i(8))));
        assertEquals(TRUE, converter.convert(p("<", col("region"), i(8))));
    }

    @Test
    void inDropsTheValuesTheFieldCannotHold() {
        assertEquals(Optional.of(in("type", 0, 255)),
                converter.convert(p("IN", col("type"), i(-1), i(0), i(255), i(256))));
        assertEquals(FALSE, converter.convert(p("IN", col("region"), i(8), i(-3))));
    }

    /** A signed 2-byte little-endian field ([-32768, 32767]) of a layout of its own. */
    @Test
    void literalsOutsideASignedFieldFold() {
        Field delta = new Field("delta", 0, 2, true, false, 0, 0, false, 0);
        PredicateConverter signed =
                new PredicateConverter(new RecordLayout("deltas", 2, List.of(LayoutColumn.of(delta)), false));
        assertEquals(cmp("delta", CompareOp.GE, -32_768), signed.convert(p(">=", col("delta"), i(-32_768))));
        assertEquals(cmp("delta", CompareOp.LE, 32_767), signed.convert(p("<=", col("delta"), i(32_767))));
        assertEquals(TRUE, signed.convert(p(">", col("delta"), i(-32_769))));
        assertEquals(FALSE, signed.convert(p("<", col("delta"), i(-32_769))));
        assertEquals(TRUE, signed.convert(p("<", col("delta"), i(32_768))));
        assertEquals(FALSE, signed.convert(p(">=", col("delta"), i(32_768))));
    }

    /** An unsigned 8-byte field orders differently from Spark's signed longs: equality only. */
    @Test
    void anUnsignedEightByteFieldTakesEqualityOnly() {
        Field id = Field.unsigned("id", 0, 8);
        PredicateConverter wide = new PredicateConverter(new RecordLayout("ids", 8, List.of(LayoutColumn.of(id)), false));
        assertEquals(cmp("id", CompareOp.EQ, -1), wide.convert(p("=", col("id"), l(-1))));
        assertEquals(Optional.of(in("id", -1, 3)), wide.convert(p("IN", col("id"), l(-1), l(3))));
        assertTrue(wide.convert(p("<", col("id"), l(0))).isEmpty());
    }

    @Test
    void whatIsNoTestOfAFieldIsPushedAsABooleanExpression() {
        Expression sum = new GeneralScalarExpression("+", new Expression[] {col("size"), l(1)});
        Expr bigOne = new Expr.Literal(1L, ExprType.BIGINT);
        Expr bigFive = new Expr.Literal(5L, ExprType.BIGINT);
        assertEquals(Optional.of(holds(Expr.gt(Expr.add(Expr.field("size"), bigOne), bigFive))),
                converter.convert(p(">", sum, l(5))));
        assertEquals(Optional.of(holds(Expr.lt(Expr.field("clientID"), Expr.field("objectID")))),
                converter.convert(p("<", col("clientID"), col("objectID"))));
        assertEquals(Optional.of(and(compare("type", CompareOp.EQ, 0), holds(Expr.gt(Expr.field("size"),
                        Expr.field("timestamp"))))),
                converter.convert(p("AND", p("=", col("type"), i(0)), p(">", col("size"), col("timestamp")))),
                "each operand of AND in its own form");
        Expression cast = new org.apache.spark.sql.connector.expressions.Cast(col("status"), DataTypes.DoubleType);
        Expression caseWhen = new GeneralScalarExpression("CASE_WHEN", new Expression[] {p("=", col("type"), i(1)),
                cast, new LiteralValue<>(0.5, DataTypes.DoubleType)});
        assertEquals(Optional.of(holds(Expr.gt(Expr.caseWhen(List.of(Expr.when(Expr.eq(Expr.field("type"),
                        Expr.lit(1)), Expr.cast(Expr.field("status"), ExprType.DOUBLE))), Expr.lit(0.5)), Expr.lit(2.0)))),
                converter.convert(p(">", caseWhen, new LiteralValue<>(2.0, DataTypes.DoubleType))));
    }

    @Test
    void whatTheScanCannotEvaluateIsNotPushed() {
        Expression abs = new GeneralScalarExpression("ABS", new Expression[] {col("size")});
        assertTrue(converter.convert(p(">", abs, l(5))).isEmpty(), "a function plans do not have");
        assertTrue(converter.convert(p("ENDS_WITH", col("type"), i(1))).isEmpty(), "a string test of a number");
        assertTrue(converter.convert(p("=", col("referrer"), i(1))).isEmpty(), "not a layout column");
        assertTrue(converter.convert(p("=", Expressions.column("a.b"), i(1))).isEmpty(), "not a layout column");
        assertTrue(converter.convert(p("=", col("type"),
                new LiteralValue<>(UTF8String.fromString("1"), DataTypes.StringType))).isEmpty(), "string literal");
        assertTrue(converter.convert(p("STARTS_WITH", col("type"), i(1))).isEmpty(), "no such operation");
        assertTrue(converter.convert(p("AND", p("=", col("type"), i(0)), p("=", col("nope"), i(0)))).isEmpty(),
                "one side not pushable");
    }
}
