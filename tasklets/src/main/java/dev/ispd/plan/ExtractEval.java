package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * {@code EXTRACT(part FROM date)}, or from a timestamp as the clock of the plan's time zone shows
 * it ({@link ZoneClock}; never the drive's own zone): the proleptic Gregorian calendar's fields,
 * as Spark has them, computed without allocating (H. Hinnant's civil-from-days and
 * days-from-civil algorithms, http://howardhinnant.github.io/date_algorithms.html).
 */
final class ExtractEval extends ExprEval {
    private static final long SECONDS_PER_DAY = 86_400;

    private final Expr.DatePart part;
    final ExprEval operand;
    /** The zone a timestamp is read in; null for a date. */
    private final ZoneClock clock;

    ExtractEval(Expr.DatePart part, ExprEval operand, ZoneClock clock, String sql) {
        super(ExprType.INT, sql);
        this.part = part;
        this.operand = operand;
        this.clock = clock;
    }

    @Override
    long longValue(ByteBuffer buf, int record) {
        long v = operand.longValue(buf, record);
        isNull = operand.isNull;
        return isNull ? 0 : of(v);
    }

    /** The part of a date's days or a timestamp's microseconds {@code v}, not NULL. */
    long of(long v) {
        if (clock == null) {
            return field(part, v);
        }
        long local = clock.localSecond(v);
        long second = Math.floorMod(local, SECONDS_PER_DAY);
        return switch (part) {
            case HOUR -> second / 3600;
            case MINUTE -> second / 60 % 60;
            case SECOND -> second % 60;
            default -> field(part, Math.floorDiv(local, SECONDS_PER_DAY));
        };
    }

    /** Date field {@code part} of {@code days} since 1970-01-01. */
    static long field(Expr.DatePart part, long days) {
        return switch (part) {
            case YEAR, MONTH, DAY -> civil(part, days);
            case QUARTER -> (civil(Expr.DatePart.MONTH, days) + 2) / 3;
            case DAY_OF_WEEK -> dayOfWeek(days);
            case DAY_OF_YEAR -> days - firstDay(civil(Expr.DatePart.YEAR, days)) + 1;
            case WEEK -> {
                long thursday = thursday(days);
                yield (thursday - firstDay(civil(Expr.DatePart.YEAR, thursday))) / 7 + 1;
            }
            case YEAR_OF_WEEK -> civil(Expr.DatePart.YEAR, thursday(days));
            case HOUR, MINUTE, SECOND -> throw new IllegalStateException(part + " is no field of a date");
        };
    }

    /** ISO day of the week: 1 Monday to 7 Sunday (1970-01-01 was a Thursday). */
    private static long dayOfWeek(long days) {
        return Math.floorMod(days + 3, 7) + 1;
    }

    /** The Thursday of the ISO week of {@code days}: its year is the week's year. */
    private static long thursday(long days) {
        return days - dayOfWeek(days) + 4;
    }

    /** The year, month (1-12) or day of the month (1-31) of {@code days} since 1970-01-01. */
    private static long civil(Expr.DatePart part, long days) {
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        return switch (part) {
            case YEAR -> yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
            case MONTH -> month;
            default -> day;
        };
    }

    /** Days since 1970-01-01 of January 1st of {@code year}. */
    private static long firstDay(long year) {
        long y = year - 1; // January counts in the previous March-based year
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        long dayOfYear = 306; // (153 * (1 + 9) + 2) / 5 + 1 - 1: March 1st to January 1st
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097 + dayOfEra - 719_468;
    }
}
