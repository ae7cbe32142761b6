package dev.ispd.spark.pushdown;

import dev.ispd.plan.ExprType;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Spark's AVG of decimals from an exact SUM and a COUNT, rounded as Spark's {@code Average}
 * rounds it ({@code DecimalDivideWithOverflowCheck}): the sum ({@code decimal(min(38,p+10),s)})
 * divided by the count to 39 digits after the point, HALF_UP ({@code Decimal./}), then to the
 * average's type {@code decimal(min(38,p+4),min(38,s+4))}, HALF_UP, with no decimal division
 * type between (whose scale, cut past 38 digits, may be below the average's).
 */
final class DecimalAverage {
    private static final int MAX = ExprType.MAX_PRECISION;

    private DecimalAverage() {
    }

    /** The type of AVG over values of {@code argument}, a decimal type. */
    static ExprType type(ExprType argument) {
        return ExprType.decimal(Math.min(MAX, argument.precision() + 4), Math.min(MAX, argument.scale() + 4));
    }

    /** The average of {@code count} (more than 0) values summing to {@code sum}, as a value of {@code result}. */
    static BigDecimal of(BigDecimal sum, long count, ExprType result) {
        return sum.divide(BigDecimal.valueOf(count), MAX + 1, RoundingMode.HALF_UP)
                .setScale(result.scale(), RoundingMode.HALF_UP);
    }
}
