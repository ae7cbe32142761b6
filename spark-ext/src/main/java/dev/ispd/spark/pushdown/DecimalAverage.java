package dev.ispd.spark.pushdown;

import dev.ispd.plan.ExprType;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Spark's AVG of decimals from an exact SUM and a COUNT, rounded as Spark's {@code Average}
 * rounds it: the sum ({@code decimal(min(38,p+10),s)}) divided by the count as a
 * {@code decimal(20,0)} to 39 digits after the point, HALF_UP ({@code Decimal./}), then to the
 * quotient's type (Spark's decimal division type, its scale cut past 38 digits), then to the
 * average's type {@code decimal(min(38,p+4),min(38,s+4))}, each HALF_UP.
 */
final class DecimalAverage {
    private static final int MAX = ExprType.MAX_PRECISION;
    private static final int LONG_DIGITS = 20;
    private static final int MIN_ADJUSTED_SCALE = 6;

    private DecimalAverage() {
    }

    /** The type of AVG over values of {@code argument}, a decimal type. */
    static ExprType type(ExprType argument) {
        return ExprType.decimal(Math.min(MAX, argument.precision() + 4), Math.min(MAX, argument.scale() + 4));
    }

    /** The average of {@code count} (more than 0) values summing to {@code sum}, of type {@code sumType}. */
    static BigDecimal of(BigDecimal sum, long count, ExprType sumType, ExprType result) {
        int s1 = sumType.scale();
        int scale = Math.max(MIN_ADJUSTED_SCALE, s1 + LONG_DIGITS + 1);
        int precision = sumType.precision() - s1 + scale;
        if (precision > MAX) {
            scale = Math.max(MAX - (sumType.precision() - s1), Math.min(scale, MIN_ADJUSTED_SCALE));
        }
        BigDecimal quotient = sum.divide(BigDecimal.valueOf(count), MAX + 1, RoundingMode.HALF_UP)
                .setScale(scale, RoundingMode.HALF_UP);
        return quotient.setScale(result.scale(), RoundingMode.HALF_UP);
    }
}
