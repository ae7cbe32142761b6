package dev.ispd.spark.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.layout.Layouts;
import dev.ispd.spark.pushdown.ScanCondition.And;
import dev.ispd.spark.pushdown.ScanCondition.Compare;
import dev.ispd.spark.pushdown.ScanCondition.Constant;
import dev.ispd.spark.pushdown.ScanCondition.In;
import dev.ispd.spark.pushdown.ScanCondition.Not;
import dev.ispd.spark.pushdown.ScanCondition.Op;
import dev.ispd.spark.pushdown.ScanCondition.Or;
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

/** Spark V2 predicates over the WorldCup98 columns into scan conditions, and the refusals. */
class PredicateConverterTest {
    private final PredicateConverter converter = new PredicateConverter(Layouts.resolve("worldcup98", 256));

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

    @Test
    void comparisonsOfAColumnAndAnIntegerLiteral() {
        assertEquals(Optional.of(new Compare("type", Op.EQ, 0)), converter.convert(p("=", col("type"), i(0))));
        assertEquals(Optional.of(new Compare("clientID", Op.NE, 7)), converter.convert(p("<>", col("clientID"), l(7))));
        assertEquals(Optional.of(new Compare("size", Op.GE, 4_294_967_295L)),
                converter.convert(p(">=", col("size"), l(4_294_967_295L))));
        assertEquals(Optional.of(new Compare("region", Op.EQ, 3)), converter.convert(p("<=>", col("region"), i(3))));
    }

    @Test
    void aLiteralOnTheLeftIsSwappedAndColumnsMatchCaseInsensitively() {
        assertEquals(Optional.of(new Compare("timestamp", Op.GT, 5)), converter.convert(p("<", i(5), col("TIMESTAMP"))));
        assertEquals(Optional.of(new Compare("objectID", Op.LE, 9)), converter.convert(p(">=", l(9), col("objectid"))));
    }

    @Test
    void inAndOrNotAndConstants() {
        Predicate typeIn = p("IN", col("type"), i(1), i(2));
        assertEquals(Optional.of(new In("type", List.of(1L, 2L))), converter.convert(typeIn));
        Predicate tree = p("OR", p("AND", p(">", col("size"), l(10)), p("<", col("size"), l(20))),
                p("NOT", typeIn));
        assertEquals(Optional.of(new Or(new And(new Compare("size", Op.GT, 10), new Compare("size", Op.LT, 20)),
                new Not(new In("type", List.of(1L, 2L))))), converter.convert(tree));
        assertEquals(Optional.of(new Constant(false)), converter.convert(p("IS_NULL", col("server"))));
        assertEquals(Optional.of(new Constant(true)), converter.convert(p("IS_NOT_NULL", col("server"))));
        assertEquals(Optional.of(new Constant(true)), converter.convert(p("ALWAYS_TRUE")));
    }

    @Test
    void whatTheScanCannotEvaluateIsNotPushed() {
        Expression sum = new GeneralScalarExpression("+", new Expression[] {col("size"), l(1)});
        assertTrue(converter.convert(p(">", sum, l(5))).isEmpty(), "an expression, not a column");
        assertTrue(converter.convert(p("=", col("referrer"), i(1))).isEmpty(), "not a layout column");
        assertTrue(converter.convert(p("=", Expressions.column("a.b"), i(1))).isEmpty(), "not a layout column");
        assertTrue(converter.convert(p("=", col("type"),
                new LiteralValue<>(UTF8String.fromString("1"), DataTypes.StringType))).isEmpty(), "string literal");
        assertTrue(converter.convert(p("=", col("type"), new LiteralValue<>(null, DataTypes.IntegerType))).isEmpty(),
                "NULL literal");
        assertTrue(converter.convert(p("STARTS_WITH", col("type"), i(1))).isEmpty(), "no such operation");
        assertTrue(converter.convert(p("AND", p("=", col("type"), i(0)), p("=", col("nope"), i(0)))).isEmpty(),
                "one side not pushable");
    }
}
