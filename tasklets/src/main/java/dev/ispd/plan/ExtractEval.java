package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * {@code EXTRACT(YEAR | MONTH | DAY FROM date)}: the proleptic Gregorian calendar's fields of a
 * day number, as Spark's DateType has them, computed without allocating (H. Hinnant's
 * civil-from-days algorithm, http://howardhinnant.github.io/date_algorithms.html).
 */
final class ExtractEval extends ExprEval {
    private final Expr.DatePart part;
    private final ExprEval date;

    ExtractEval(Expr.DatePart part, ExprEval date, String sql) {
        super(ExprType.INT, sql);
        this.part = part;
        this.date = date;
    }

    @Override
    long longValue(ByteBuffer buf, int record) {
        long days = date.longValue(buf, record);
        isNull = date.isNull;
        return isNull ? 0 : field(part, days);
    }

    /** The year, month (1-12) or day of the month (1-31) of {@code days} since 1970-01-01. */
    static long field(Expr.DatePart part, long days) {
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
            case DAY -> day;
        };
    }
}
