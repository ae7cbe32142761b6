package dev.ispd.spark.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.WordRows;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.spark.layout.RecordLayout;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Extract;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Avg;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** Spark's aggregations into plan aggregates: how each SUM is pushed, the halves and their rows, and the refusals. */
class AggregateConverterTest {
    private static final RecordLayout WIDE = RecordLayout.of(
            LayoutDdl.parse("custom", "big i64 le @0, ubig u64 @8, size u32 @16, k u8 @20", 21, "test"));
    private static final RecordLayout WORLDCUP = RecordLayout.of(Layout.worldCup98(256));

    private static Expression col(String name) {
        return Expressions.column(name);
    }

    private static Aggregation agg(AggregateFunc... functions) {
        return new Aggregation(functions, new Expression[] {col("k")});
    }

    private static Optional<PushedAggregation> convert(RecordLayout layout, long records, Aggregation a) {
        return new AggregateConverter(layout, records, true, SumOverflow.UNKNOWN).convert(a, Predicate.all());
    }

    @Test
    void aSumThatCannotOverflowIsTheDrivesSum() {
        PushedAggregation p = convert(WORLDCUP, 10_000_000, new Aggregation(new AggregateFunc[] {
                new Sum(col("size"), false), new CountStar()}, new Expression[] {col("region")})).orElseThrow();
        assertEquals(List.of(), p.halved());
        assertEquals(List.of(Aggregate.sum("size"), Aggregate.countStar()), p.planAggregates());
    }

    @Test
    void aWideSumThatCanOverflowIsTheSumOfItsHalves() {
        PushedAggregation p = convert(WIDE, 3, agg(new Sum(col("big"), false), new Sum(col("ubig"), false),
                new Sum(col("size"), false))).orElseThrow();
        assertEquals(List.of("big", "ubig"), p.halved());
        assertEquals(List.of(Aggregate.sum("big#low32"), Aggregate.sum("big#high32"), Aggregate.sum("ubig#low32"),
                Aggregate.sum("ubig#high32"), Aggregate.sum("size")), p.planAggregates());
        // the halves of a value read back to Spark's value: negative i64, u64 with its top bit (a negative bigint)
        Layout plan = p.planLayout(WIDE.planLayout());
        ByteBuffer record = ByteBuffer.allocate(24);
        for (long[] v : new long[][] {{-5_000_000_000_123L, 0xF000_0000_0000_0001L}, {Long.MIN_VALUE, Long.MAX_VALUE}}) {
            record.order(ByteOrder.LITTLE_ENDIAN).putLong(0, v[0]).order(ByteOrder.BIG_ENDIAN).putLong(8, v[1]);
            assertEquals(BigInteger.valueOf(v[0]), halves(plan, "big", record));
            assertEquals(BigInteger.valueOf(v[1]), halves(plan, "ubig", record));
        }
    }

    /** Sums of decimal expressions are pushed with Spark's type where no overflow rule can decide them; others not. */
    @Test
    void aggregatesOfExpressionsTakeSparksTypesAndSumsOnlyDecimalsThatCannotOverflow() {
        RecordLayout prices = RecordLayout.of(LayoutDdl.parse("prices", "price decimal(15,2) le @0, "
                + "disc decimal(15,2) le @8, n i32 le @16, x f64 le @20, k u8 @28", 29, "test"));
        Expression product = new GeneralScalarExpression("*", new Expression[] {col("price"), col("disc")});
        PushedAggregation p = convert(prices, 9_999_999, agg(new Sum(product, false), new Sum(col("price"), false),
                new Min(product), new Count(product, false))).orElseThrow();
        Expr times = Expr.mul(Expr.field("price"), Expr.field("disc"));
        assertEquals(List.of(Aggregate.sum(times), Aggregate.sum(Expr.field("price")), Aggregate.min(times),
                Aggregate.count(times)), p.planAggregates());
        assertEquals("struct<k:int,SUM((price * disc)):decimal(38,4),SUM(price):decimal(25,2),"
                + "MIN((price * disc)):decimal(31,4),COUNT((price * disc)):bigint>", p.schema().simpleString());
        assertTrue(p.ofExpressions(), "pushed only whole");
        // decimal(31,4) summed as decimal(38,4): 7 digits to spare, so 10^7 records may pass them
        assertTrue(convert(prices, 10_000_000, agg(new Sum(product, false))).isEmpty(), "sum or try_sum: not known");
        for (SumOverflow known : List.of(SumOverflow.ERROR, SumOverflow.NULL)) {
            PushedAggregation q = new AggregateConverter(prices, 10_000_000, true, known)
                    .convert(agg(new Sum(product, false)), Predicate.all()).orElseThrow();
            assertEquals(known, q.overflow(), "pushed, its overflow answered by the query's rule");
        }
        assertTrue(convert(prices, 10_000_000, agg(new Sum(col("price"), false))).isPresent(), "10 digits to spare");
        Expression plusOne = new GeneralScalarExpression("+", new Expression[] {col("n"), col("k")});
        assertTrue(convert(prices, 10, agg(new Sum(plusOne, false))).isEmpty(), "integers: Spark's overflow rule");
        assertTrue(convert(prices, 10, agg(new Sum(col("x"), false))).isEmpty(), "doubles: the order of additions");
        assertTrue(convert(prices, 10, agg(new Max(col("x")))).isEmpty(), "MAX of doubles: -0.0 or 0.0");
        Expression abs = new GeneralScalarExpression("ABS", new Expression[] {col("price")});
        assertTrue(convert(prices, 10, agg(new Sum(abs, false))).isEmpty(), "a function plans do not have");
    }

    private static BigInteger halves(Layout plan, String field, ByteBuffer record) {
        Field low = plan.field(field + "#low32", "test");
        Field high = plan.field(field + "#high32", "test");
        return HalvedSum.sum(low.read(record, 0), high.read(record, 0));
    }

    @Test
    void aPartialSumBeyondABigintIsThreeRowsThatOverflowFirstAndWrapToIt() {
        PushedAggregation p = convert(WIDE, 3, agg(new Sum(col("big"), false), new CountStar(),
                new Min(col("size")))).orElseThrow();
        // group 7: high 2^31 and low 5 make 2^63 + 5; group 8: 100 fits
        List<long[]> rows = p.rows(new WordRows(new long[] {7, 5, 1L << 31, 3, 40, 8, 100, 0, 1, 9}, 5, 2)).rows();
        assertEquals(4, rows.size());
        long[] first = rows.get(0);
        long[] second = rows.get(1);
        long[] third = rows.get(2);
        assertEquals(List.of(7L, Long.MAX_VALUE, 3L, 40L), List.of(first[0], first[1], first[2], first[3]));
        assertEquals(List.of(7L, 1L, 0L, 40L), List.of(second[0], second[1], second[2], second[3]));
        assertEquals(Long.MIN_VALUE + 5, first[1] + second[1] + third[1], "the three wrap to 2^63 + 5");
        assertEquals(List.of(7L, 0L, 40L), List.of(third[0], third[2], third[3]));
        assertThrows(ArithmeticException.class, () -> Math.addExact(first[1], second[1]), "the first two overflow");
        assertEquals(List.of(8L, 100L, 1L, 9L), List.of(rows.get(3)[0], rows.get(3)[1], rows.get(3)[2], rows.get(3)[3]));
        List<long[]> negative = p.rows(new WordRows(new long[] {7, 0, -(1L << 31) - 1, 3, 40}, 5, 1)).rows();
        assertEquals(List.of(Long.MIN_VALUE, -1L), List.of(negative.get(0)[1], negative.get(1)[1]));
    }

    @Test
    void sumsTheDrivesCannotKeepExactAreLeftToSpark() {
        assertEquals(Optional.empty(), convert(WIDE, 1L << 31, agg(new Sum(col("big"), false))));
        assertEquals(Optional.empty(), convert(WIDE, 1L << 32, agg(new Sum(col("size"), false))));
        assertTrue(convert(WIDE, (1L << 31) - 1, agg(new Sum(col("size"), false))).orElseThrow().halved().isEmpty());
    }

    @Test
    void anAverageKeepsItsRewrittenSumOnlyWhereADoubleHoldsItExactly() {
        AggregateConverter small = new AggregateConverter(WIDE, 1 << 20, true, SumOverflow.UNKNOWN);
        assertEquals(Optional.empty(), small.convert(agg(new Avg(col("size"), false)), Predicate.all()));
        assertTrue(small.convert(agg(new Sum(col("size"), false), new Count(col("size"), false)), Predicate.all())
                .isPresent(), "2^32 x 2^20 records stay below 2^53");
        AggregateConverter big = new AggregateConverter(WIDE, 1 << 22, true, SumOverflow.UNKNOWN);
        big.convert(agg(new Avg(col("size"), false)), Predicate.all());
        assertEquals(Optional.empty(), big.convert(agg(new Sum(col("size"), false), new Count(col("size"), false)),
                Predicate.all()));
        AggregateConverter wide = new AggregateConverter(WIDE, 3, true, SumOverflow.UNKNOWN);
        wide.convert(agg(new Avg(col("big"), false)), Predicate.all());
        assertEquals(Optional.empty(), wide.convert(agg(new Sum(col("big"), false), new Count(col("big"), false)),
                Predicate.all()));
    }

    @Test
    void distinctLiteralsEmptyAggregationsAndAnUnknownCountStarAreRefused() {
        assertEquals(Optional.empty(), convert(WIDE, 3, agg(new Sum(col("size"), true))));
        assertEquals(Optional.empty(), convert(WIDE, 3, agg(new Count(col("k"), true))));
        assertEquals(Optional.empty(), convert(WIDE, 3, agg(new Min(new LiteralValue<>(1, DataTypes.IntegerType)))));
        assertEquals(Optional.empty(), convert(WIDE, 3, new Aggregation(new AggregateFunc[0], new Expression[0])));
        assertEquals(Optional.empty(), new AggregateConverter(WIDE, 3, false, SumOverflow.UNKNOWN).convert(agg(new CountStar()),
                Predicate.all()), "without the session extension a COUNT(*) may be a COUNT(DISTINCT 1)");
        assertTrue(convert(WIDE, 3, agg(new CountStar())).isPresent());
    }

    /**
     * GROUP BY expressions are pushed whatever the scan's size: the drive counts their groups as it
     * makes them, and a split that makes more than it holds runs on the host.
     */
    @Test
    void groupsOfExpressionsArePushedAndCountedAsTheDataMakesThem() {
        RecordLayout dated = RecordLayout.of(LayoutDdl.parse("dated", "d date le @0 nullable @8.0, v decimal(9,2) le @4",
                9, "test"));
        Expression month = new Extract("MONTH", col("d"));
        Expression year = new Extract("YEAR", col("d"));
        Expression band = new GeneralScalarExpression("CASE_WHEN", new Expression[] {
                new GeneralScalarExpression(">", new Expression[] {col("v"), new LiteralValue<>(
                        org.apache.spark.sql.types.Decimal.apply(new java.math.BigDecimal("100.00")), DataTypes.createDecimalType(9, 2))}),
                new LiteralValue<>(UTF8String.fromString("high"), DataTypes.StringType),
                new LiteralValue<>(UTF8String.fromString("low"), DataTypes.StringType)});
        AggregateFunc[] count = {new CountStar()};
        PushedAggregation p = convert(dated, 100_000_000, new Aggregation(count, new Expression[] {month, band}))
                .orElseThrow();
        assertEquals(List.of("EXTRACT(MONTH FROM d)", "CASE WHEN (v > 100.00BD) THEN 'high' ELSE 'low' END"),
                p.groupNames());
        assertEquals(List.of("EXTRACT(MONTH FROM d)", "CASE WHEN (v > 100.00BD) THEN 'high' ELSE 'low' END",
                "COUNT(*)"), List.of(p.schema().fieldNames()));
        assertTrue(convert(dated, 100_000_000, new Aggregation(count, new Expression[] {year})).isPresent(),
                "a computed key's groups are counted as the drive makes them; a split that makes too many runs on the host");
        assertEquals(Optional.empty(), convert(dated, 20_000, new Aggregation(count, new Expression[] {
                new LiteralValue<>(1, DataTypes.IntegerType)})), "a constant key reads no column");
    }
}
