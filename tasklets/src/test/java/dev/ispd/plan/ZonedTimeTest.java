package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 20.2's remaining expressions, against plain Java (java.time, BigDecimal): EXTRACT from
 * timestamps in a plan's time zone (never the JVM's) around DST changes and far from the tz
 * table, casts between dates and timestamps in a zone, float-to-decimal casts with Spark's
 * rounding, CASE/COALESCE of strings, and top-N by expressions with NULLs first or last.
 */
@Tag("heavy")
class ZonedTimeTest {
    /** {@code ts timestamp le @0 nullable @29.0, day date le @8, r f64 le @12 nullable @29.1, s char(6) @20 nullable @29.2, n i16 le @26}. */
    private static final Layout L = new Layout("times", 30, List.of(
            Field.of("ts", 0, 8, FieldType.TIMESTAMP, false).withNullBit(29, 0),
            Field.of("day", 8, 4, FieldType.DATE, false),
            Field.of("r", 12, 8, FieldType.FLOAT, false).withNullBit(29, 1),
            Field.of("s", 20, 6, FieldType.chars(false), false).withNullBit(29, 2),
            new Field("n", 26, 2, true, false, 0, 0, false, 0)));
    private static final List<String> ZONES = List.of("UTC", "America/Los_Angeles", "Europe/Berlin",
            "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata", "+05:45");
    private static final String[] STRINGS = {"", "a", "AIR", "née", "abcdef"};

    record Row(Long micros, long day, Double r, String s, short n) { }

    private static List<Row> rows() {
        Random rnd = new Random(7);
        List<Row> rows = new ArrayList<>();
        // every 7 minutes through the DST changes of 2021 (US, EU, Lord Howe's half hour, Sao Paulo's midnight)
        for (String at : List.of("2021-03-14T08:00:00Z", "2021-11-07T07:00:00Z", "2021-03-28T00:00:00Z",
                "2021-10-31T00:00:00Z", "2021-04-03T14:00:00Z", "2018-11-04T01:00:00Z", "2019-02-16T01:00:00Z")) {
            long start = Instant.parse(at).getEpochSecond() * 1_000_000L;
            for (int i = 0; i < 40; i++) {
                rows.add(row(rnd, start + i * 7 * 60_000_000L));
            }
        }
        for (int i = 0; i < 600; i++) { // 1700 to 2700: before the first transition, past the table's end
            rows.add(row(rnd, rnd.nextInt(12) == 0 ? null
                    : (long) ((rnd.nextDouble() * 1000 - 270) * 365.25 * 86_400) * 1_000_000L + rnd.nextInt(1_000_000)));
        }
        return rows;
    }

    private static Row row(Random rnd, Long micros) {
        long day = LocalDate.of(2018, 1, 1).toEpochDay() + rnd.nextInt(1500) - (rnd.nextInt(10) == 0 ? 200_000 : 0);
        Double r = rnd.nextInt(10) == 0 ? null : switch (rnd.nextInt(4)) {
            case 0 -> (rnd.nextInt(20_001) - 10_000) / 8.0; // ties at 2 decimals: 0.125, 0.375, ...
            case 1 -> Math.round(rnd.nextGaussian() * 1e6) / 1000.0; // 1.005 and friends
            case 2 -> rnd.nextGaussian() * 100;
            default -> rnd.nextInt(3) - 1.0;
        };
        return new Row(micros, day, r, rnd.nextInt(6) == 0 ? null : STRINGS[rnd.nextInt(STRINGS.length)],
                (short) rnd.nextInt(50));
    }

    private static byte[] bytes(List<Row> rows) {
        ByteBuffer b = ByteBuffer.allocate(rows.size() * L.recordSize()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            int at = i * L.recordSize();
            b.putLong(at, row.micros() == null ? 0 : row.micros());
            b.putInt(at + 8, (int) row.day());
            b.putDouble(at + 12, row.r() == null ? 0 : row.r());
            byte[] s = (row.s() == null ? "" : row.s()).getBytes(StandardCharsets.UTF_8);
            for (int c = 0; c < 6; c++) {
                b.put(at + 20 + c, c < s.length ? s[c] : (byte) ' ');
            }
            b.putShort(at + 26, row.n());
            b.put(at + 29, (byte) ((row.micros() == null ? 1 : 0) | (row.r() == null ? 2 : 0) | (row.s() == null ? 4 : 0)));
        }
        return b.array();
    }

    @Test
    void timestampFieldsAreTheZonesClock() throws IOException {
        List<Row> rows = rows();
        byte[] data = bytes(rows);
        for (String zone : ZONES) {
            List<Expr> select = new ArrayList<>();
            for (Expr.DatePart part : Expr.DatePart.values()) {
                select.add(Expr.extract(part, Expr.field("ts"), zone));
            }
            select.add(Expr.cast(Expr.field("ts"), ExprType.DATE, zone));
            select.add(Expr.cast(Expr.field("day"), ExprType.TIMESTAMP, zone));
            Plan plan = Plan.rowsOf(L, null, select);
            List<long[]> result = ExprRecords.run(plan, data);
            ZoneId z = ZoneId.of(zone);
            for (int i = 0; i < rows.size(); i++) {
                Row row = rows.get(i);
                List<Object> expected = new ArrayList<>();
                if (row.micros() == null) {
                    Expr.DatePart[] parts = Expr.DatePart.values();
                    for (int p = 0; p <= parts.length; p++) {
                        expected.add(null);
                    }
                } else {
                    ZonedDateTime t = Instant.EPOCH.plus(row.micros(), ChronoUnit.MICROS).atZone(z);
                    expected.addAll(List.of((long) t.getYear(), (long) t.getMonthValue(), (long) t.getDayOfMonth(),
                            (long) t.get(IsoFields.QUARTER_OF_YEAR), (long) t.getDayOfWeek().getValue(),
                            (long) t.getDayOfYear(), (long) t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR),
                            (long) t.get(IsoFields.WEEK_BASED_YEAR), (long) t.getHour(), (long) t.getMinute(),
                            (long) t.getSecond(), t.toLocalDate()));
                }
                expected.add(LocalDate.ofEpochDay(row.day()).atStartOfDay(z).toEpochSecond() * 1_000_000L);
                List<Object> actual = new ArrayList<>();
                for (int c = 0; c < select.size(); c++) {
                    actual.add(ColumnValues.value(result.get(i), plan.selectWord(c), select.get(c), L));
                }
                assertEquals(expected, actual, zone + ", row " + i + ": " + row);
            }
        }
    }

    @Test
    void dateFieldsAreTheCalendars() throws IOException {
        List<Row> rows = rows();
        List<Expr> select = new ArrayList<>();
        for (Expr.DatePart part : Expr.DatePart.values()) {
            if (!part.ofTime()) {
                select.add(Expr.extract(part, Expr.field("day")));
            }
        }
        Plan plan = Plan.rowsOf(L, null, select);
        List<long[]> result = ExprRecords.run(plan, bytes(rows));
        for (int i = 0; i < rows.size(); i++) {
            LocalDate d = LocalDate.ofEpochDay(rows.get(i).day());
            List<Long> expected = List.of((long) d.getYear(), (long) d.getMonthValue(), (long) d.getDayOfMonth(),
                    (long) d.get(IsoFields.QUARTER_OF_YEAR), (long) d.getDayOfWeek().getValue(), (long) d.getDayOfYear(),
                    (long) d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR), (long) d.get(IsoFields.WEEK_BASED_YEAR));
            List<Object> actual = new ArrayList<>();
            for (int c = 0; c < select.size(); c++) {
                actual.add(ColumnValues.value(result.get(i), plan.selectWord(c), select.get(c), L));
            }
            assertEquals(expected, actual, d.toString());
        }
    }

    @Test
    void aFloatCastToADecimalRoundsItsPrintedDigitsHalfUp() throws IOException {
        List<Row> rows = rows();
        List<Expr> select = List.of(Expr.cast(Expr.field("r"), ExprType.decimal(12, 2)),
                Expr.cast(Expr.field("r"), ExprType.decimal(9, 0)), Expr.cast(Expr.field("r"), ExprType.decimal(18, 6)));
        Plan plan = Plan.rowsOf(L, null, select);
        List<long[]> result = ExprRecords.run(plan, bytes(rows));
        int ties = 0;
        for (int i = 0; i < rows.size(); i++) {
            Double r = rows.get(i).r();
            List<Object> expected = new ArrayList<>();
            List<Object> actual = new ArrayList<>();
            for (int c = 0; c < select.size(); c++) {
                int scale = ((Expr.Cast) select.get(c)).type().scale();
                expected.add(r == null ? null : new BigDecimal(Double.toString(r)).setScale(scale, RoundingMode.HALF_UP));
                actual.add(ColumnValues.value(result.get(i), plan.selectWord(c), select.get(c), L));
            }
            ties += r != null && new BigDecimal(Double.toString(r)).scale() == 3 ? 1 : 0;
            assertEquals(expected, actual, "row " + i + ": " + r);
        }
        assertTrue(ties > 50, "values whose printed digits tie at scale 2: " + ties);
    }

    @Test
    void aFloatBeyondTheDecimalIsNumericValueOutOfRangeAndNotANumberIsNull() throws IOException {
        Layout one = new Layout("one", 8, List.of(Field.of("r", 0, 8, FieldType.FLOAT, false)));
        Expr cast = Expr.cast(Expr.field("r"), ExprType.decimal(7, 2));
        for (double d : new double[] {1e7, -99_999.995, Double.NaN, Double.POSITIVE_INFINITY}) {
            byte[] data = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(0, d).array();
            Plan plan = Plan.rowsOf(one, null, List.of(cast));
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                assertEquals(null, ColumnValues.value(ExprRecords.run(plan, data).get(0), 0, cast, one));
                continue;
            }
            PlanArithmeticException e = assertThrows(PlanArithmeticException.class, () -> ExprRecords.run(plan, data));
            assertEquals("NUMERIC_VALUE_OUT_OF_RANGE", e.errorClass(), e.getMessage());
            assertTrue(e.getMessage().contains(Double.toString(d)) && e.getMessage().contains("decimal(7,2)"),
                    e.getMessage());
        }
    }

    @Test
    void caseAndCoalesceGiveStringsAsTheirValuesRead() throws IOException {
        List<Row> rows = rows();
        Expr pick = Expr.caseWhen(List.of(Expr.when(Expr.lt(Expr.field("n"), Expr.lit(10)), Expr.field("s")),
                Expr.when(Expr.lt(Expr.field("n"), Expr.lit(20)), Expr.lit("mid"))), null);
        Expr first = Expr.coalesce(Expr.field("s"), Expr.lit("none"));
        Plan plan = Plan.rowsOf(L, Predicate.holds(Expr.compare(first, CompareOp.GE, Expr.lit("a"))),
                List.of(Expr.field("n"), pick, first));
        List<long[]> result = ExprRecords.run(plan, bytes(rows));
        List<List<Object>> expected = new ArrayList<>();
        for (Row row : rows) {
            String f = row.s() == null ? "none" : row.s();
            if (f.compareTo("a") >= 0) {
                List<Object> e = new ArrayList<>();
                e.add((long) row.n());
                e.add(row.n() < 10 ? row.s() : row.n() < 20 ? "mid" : null);
                e.add(f);
                expected.add(e);
            }
        }
        List<List<Object>> actual = new ArrayList<>();
        for (long[] r : result) {
            actual.add(new ArrayList<>(java.util.Arrays.asList(r[0], ColumnValues.value(r, plan.selectWord(1), pick, L),
                    ColumnValues.value(r, plan.selectWord(2), first, L))));
        }
        assertEquals(expected, actual);
    }

    @Test
    void topNByExpressionsOrdersAsSparkWithNullsFirstOrLast() throws IOException {
        List<Row> rows = rows();
        Expr half = Expr.div(Expr.field("r"), Expr.lit(2));
        Expr hour = Expr.extract(Expr.DatePart.HOUR, Expr.field("ts"), "Europe/Berlin");
        for (boolean nullsFirst : new boolean[] {true, false}) {
            Plan plan = Plan.rowsOf(L, null, List.of(Expr.field("n"))).top(25, List.of(
                    new Plan.SortKey(hour, true, nullsFirst), new Plan.SortKey(half, false, nullsFirst)));
            List<Long> actual = ExprRecords.run(plan, bytes(rows)).stream().map(r -> r[0]).toList();
            Comparator<Integer> byHour = Comparator.comparing((Integer i) -> rows.get(i).micros() == null ? null
                    : Instant.EPOCH.plus(rows.get(i).micros(), ChronoUnit.MICROS).atZone(ZoneId.of("Europe/Berlin"))
                    .getHour(), nullsFirst ? Comparator.nullsFirst(Comparator.<Integer>reverseOrder())
                    : Comparator.nullsLast(Comparator.<Integer>reverseOrder()));
            Comparator<Integer> byHalf = Comparator.comparing((Integer i) -> rows.get(i).r() == null ? null
                    : rows.get(i).r() / 2 + 0.0, nullsFirst ? Comparator.nullsFirst(Double::compare)
                    : Comparator.nullsLast(Double::compare));
            List<Long> expected = java.util.stream.IntStream.range(0, rows.size()).boxed()
                    .sorted(byHour.thenComparing(byHalf).thenComparing(Comparator.naturalOrder())).limit(25)
                    .map(i -> (long) rows.get(i).n()).toList();
            assertEquals(expected, actual, "NULLs first: " + nullsFirst);
        }
    }
}
