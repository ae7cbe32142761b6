package dev.ispd.plan;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.between;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.isNull;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Plans over typed fields ({@link PlanVectors#ORDERS}: a nullable decimal, a date, a timestamp,
 * a double with NaNs of several payloads, -0.0 and infinities, a bool stored as 0, 1 or 2, a
 * nullable zero-padded char(3) with UTF-8), run by the interpreter over the records' bytes and
 * checked against a plain-Java evaluation of the same SQL with Spark's semantics: decimals as
 * BigDecimal, doubles ordered as Spark orders them (-0.0 = 0.0, NaN = NaN and above everything),
 * strings compared as UTF-8 bytes, NULL by three-valued logic.
 */
class TypedPlanTest {
    private static final Layout ORDERS = PlanVectors.ORDERS;
    private static final int N = 300;
    private static final long[] RATIO_BITS = {
        Double.doubleToRawLongBits(Double.NaN), Double.doubleToRawLongBits(-0.0), 0L,
        Double.doubleToRawLongBits(0.5), Double.doubleToRawLongBits(-1.5),
        Double.doubleToRawLongBits(Double.POSITIVE_INFINITY), Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY),
        0x7ff8_0000_0000_0001L, 0xfff8_0000_0000_0000L, Double.doubleToRawLongBits(Double.MIN_VALUE),
        Double.doubleToRawLongBits(1e300)};
    private static final String[] MODES = {"AIR", "AI", "A", "", "MAI", "é", "AIS"};

    /** One record as SQL sees it; null for NULL. */
    private record Row(int id, BigDecimal price, LocalDate ship, long at, double ratio, boolean ok, String mode) {
    }

    private static Row row(int i) {
        // prices of 0.00 too: a value of all zero bits is no NULL when a null bit says what is
        return new Row(i - 150, i % 7 == 0 ? null : BigDecimal.valueOf(i % 13 == 1 ? 0 : (i * 137L) % 5000 - 1000, 2),
                LocalDate.ofEpochDay(19_000 + (i * 31) % 400), 1_700_000_000_000_000L + ((i * 53L) % 97) * 1_000_001L,
                Double.longBitsToDouble(RATIO_BITS[i % RATIO_BITS.length]), i % 3 != 0,
                i % 5 == 0 ? null : MODES[i % MODES.length]);
    }

    private static final List<Row> ROWS = IntStream.range(0, N).mapToObj(TypedPlanTest::row).toList();

    private static byte[] records() {
        ByteBuffer b = ByteBuffer.allocate(ORDERS.recordSize() * N).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < N; i++) {
            Row r = ROWS.get(i);
            int at = ORDERS.recordSize() * i;
            b.putInt(at, r.id());
            // a NULL price keeps bytes of a value, which the null bit hides
            b.putLong(at + 4, r.price() == null ? 123 : r.price().unscaledValue().longValueExact());
            b.putInt(at + 12, (int) r.ship().toEpochDay());
            b.putLong(at + 16, r.at());
            b.putLong(at + 24, RATIO_BITS[i % RATIO_BITS.length]);
            b.put(at + 32, (byte) (i % 3));
            byte[] mode = (r.mode() == null ? "AIR" : r.mode()).getBytes(StandardCharsets.UTF_8);
            b.put(at + 33, mode);
            b.put(at + 36, (byte) ((r.price() == null ? 1 : 0) | (r.mode() == null ? 2 : 0)));
        }
        return b.array();
    }

    private static final byte[] DATA = records();

    private static List<long[]> run(Plan plan) throws IOException {
        HostRunner.Result r = new HostRunner(ORDERS.recordSize() * 64, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                List.of(new Extent(1, 0, DATA.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(DATA))));
        return PlanResult.decode(r.bytes()).rows();
    }

    private static Field field(String name) {
        return ORDERS.field(name, "test");
    }

    /** The ids of the records {@code where} passes, by the interpreter and by plain Java with SQL's semantics. */
    private static void assertSameIds(Predicate where, Function<Row, Boolean> sql) throws IOException {
        List<Long> plan = run(Plan.rows(ORDERS, where, List.of("id"))).stream().map(r -> r[0]).toList();
        List<Long> expected = ROWS.stream().filter(r -> Boolean.TRUE.equals(sql.apply(r))).map(r -> (long) r.id())
                .toList();
        assertEquals(expected, plan, Predicate.sql(where, ORDERS));
    }

    // SQL's three-valued logic: null is unknown
    private static Boolean not3(Boolean a) {
        return a == null ? null : !a;
    }

    private static Boolean and3(Boolean a, Boolean b) {
        return Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE : a == null || b == null ? null : true;
    }

    private static Boolean or3(Boolean a, Boolean b) {
        return Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b) ? Boolean.TRUE : a == null || b == null ? null : false;
    }

    /** Spark's order of doubles (SQLOrderingUtil.compareDoubles). */
    private static int sparkCompare(double a, double b) {
        return a == b ? 0 : Double.compare(a, b);
    }

    private static Integer priceVs(Row r, String literal) {
        return r.price() == null ? null : r.price().compareTo(new BigDecimal(literal));
    }

    private static Integer modeVs(Row r, String literal) {
        return r.mode() == null ? null : java.util.Arrays.compareUnsigned(r.mode().getBytes(StandardCharsets.UTF_8),
                literal.getBytes(StandardCharsets.UTF_8));
    }

    private static Boolean holds(Integer comparison, CompareOp op) {
        return comparison == null ? null : op.holds(comparison);
    }

    @Test
    void decimalsCompareAsNumbersAndNullIsUnknownUnderNot() throws IOException {
        Field price = field("price");
        assertSameIds(compare("price", CompareOp.GE, price.decimalLiteral(new BigDecimal("10.00"))),
                r -> holds(priceVs(r, "10"), CompareOp.GE));
        assertSameIds(not(compare("price", CompareOp.LT, price.decimalLiteral(new BigDecimal("0.5")))),
                r -> not3(holds(priceVs(r, "0.5"), CompareOp.LT)));
        assertSameIds(not(and(compare("price", CompareOp.GT, price.decimalLiteral(BigDecimal.ZERO)),
                        compare("id", CompareOp.LT, 0))),
                r -> not3(and3(holds(priceVs(r, "0"), CompareOp.GT), r.id() < 0)));
        assertSameIds(isNull("price"), r -> r.price() == null);
        assertSameIds(not(isNull("price")), r -> r.price() != null);
        assertSameIds(between("price", price.decimalLiteral(new BigDecimal("-1.00")),
                price.decimalLiteral(new BigDecimal("1.00"))), r -> r.price() == null ? null
                : r.price().abs().compareTo(BigDecimal.ONE) <= 0);
        assertSameIds(not(between("price", -100, 100)), r -> r.price() == null ? null
                : r.price().abs().compareTo(BigDecimal.ONE) > 0);
        assertSameIds(in("price", 1234, -1000, 3999), r -> r.price() == null ? null
                : List.of("12.34", "-10.00", "39.99").contains(r.price().toPlainString()));
        assertSameIds(not(in("price", 1234, -1000)), r -> r.price() == null ? null
                : !List.of("12.34", "-10.00").contains(r.price().toPlainString()));
    }

    @Test
    void doublesOrderAsSparkOrdersThem() throws IOException {
        Field ratio = field("ratio");
        for (double literal : new double[] {0.0, -0.0, Double.NaN, 0.5, Double.POSITIVE_INFINITY, -1.5, 1e300}) {
            for (CompareOp op : CompareOp.values()) {
                assertSameIds(compare("ratio", op, ratio.floatLiteral(literal)),
                        r -> op.holds(sparkCompare(r.ratio(), literal)));
                assertSameIds(not(compare("ratio", op, ratio.floatLiteral(literal))),
                        r -> !op.holds(sparkCompare(r.ratio(), literal)));
            }
        }
        assertSameIds(between("ratio", ratio.floatLiteral(-0.0), ratio.floatLiteral(Double.MAX_VALUE)),
                r -> sparkCompare(r.ratio(), 0.0) >= 0 && sparkCompare(r.ratio(), Double.MAX_VALUE) <= 0);
        assertSameIds(in("ratio", ratio.floatLiteral(Double.NaN), ratio.floatLiteral(-0.0)),
                r -> Double.isNaN(r.ratio()) || r.ratio() == 0.0);
    }

    @Test
    void stringsCompareAsUtf8BytesWithoutTheirPadding() throws IOException {
        for (String literal : new String[] {"AIR", "AI", "", "é", "AIR ", "B", "AIRS"}) {
            for (CompareOp op : CompareOp.values()) {
                assertSameIds(compare("mode", op, literal), r -> holds(modeVs(r, literal), op));
                assertSameIds(not(compare("mode", op, literal)), r -> not3(holds(modeVs(r, literal), op)));
            }
        }
        assertSameIds(or(compare("mode", CompareOp.EQ, "AIR"), isNull("mode")), r -> r.mode() == null
                || r.mode().equals("AIR"));
        assertSameIds(or(compare("price", CompareOp.GT, 3000), compare("mode", CompareOp.EQ, "AI")),
                r -> or3(holds(priceVs(r, "30"), CompareOp.GT), holds(modeVs(r, "AI"), CompareOp.EQ)));
    }

    @Test
    void datesTimestampsAndBools() throws IOException {
        Field ship = field("ship");
        LocalDate from = LocalDate.ofEpochDay(19_100);
        assertSameIds(compare("ship", CompareOp.LT, ship.dateLiteral(from)), r -> r.ship().isBefore(from));
        assertSameIds(not(between("ship", ship.dateLiteral(from), ship.dateLiteral(from.plusDays(50)))),
                r -> r.ship().isBefore(from) || r.ship().isAfter(from.plusDays(50)));
        long noon = 1_700_000_000_000_000L + 40 * 1_000_001L;
        assertSameIds(compare("at", CompareOp.GE, field("at").timestampLiteral(
                java.time.Instant.EPOCH.plus(noon, java.time.temporal.ChronoUnit.MICROS))), r -> r.at() >= noon);
        assertSameIds(compare("ok", CompareOp.EQ, field("ok").boolLiteral(true)), Row::ok);
        assertSameIds(not(compare("ok", CompareOp.EQ, 1)), r -> !r.ok());
    }

    @Test
    void doublesAreSelectedAsTheyAreAndOrderedAndAggregatedAsSparkOrdersThem() throws IOException {
        List<long[]> rows = run(Plan.rows(ORDERS, compare("id", CompareOp.LT, -130), List.of("id", "ratio")));
        for (long[] r : rows) {
            double stored = ROWS.get((int) r[0] + 150).ratio();
            double back = FloatKeys.toDouble(r[1]);
            assertEquals(Double.isNaN(stored) ? "NaN" : Long.toHexString(Double.doubleToRawLongBits(stored)),
                    Double.isNaN(back) ? "NaN" : Long.toHexString(Double.doubleToRawLongBits(back)), "id " + r[0]);
        }
        assertEquals(true, rows.stream().anyMatch(r -> Double.doubleToRawLongBits(FloatKeys.toDouble(r[1]))
                == Double.doubleToRawLongBits(-0.0)), "a selected -0.0 stays -0.0");

        Comparator<Row> spark = (a, b) -> sparkCompare(a.ratio(), b.ratio());
        List<Long> top = run(Plan.rows(ORDERS, null, List.of("id")).top(30, "ratio", true)).stream().map(r -> r[0])
                .toList();
        List<Double> topRatios = top.stream().map(id -> ROWS.get((int) (id + 150)).ratio()).toList();
        List<Double> expectedRatios = ROWS.stream().sorted(spark.reversed()).limit(30).map(Row::ratio).toList();
        assertEquals(expectedRatios.toString(), topRatios.toString(), "NaNs first, then +Infinity, descending");

        long[] extremes = run(Plan.aggregate(ORDERS, compare("id", CompareOp.GT, 0), List.of(),
                List.of(Aggregate.min("ratio"), Aggregate.max("ratio")))).get(0);
        assertEquals(Double.NEGATIVE_INFINITY, FloatKeys.toDouble(extremes[0]));
        assertEquals(Double.NaN, FloatKeys.toDouble(extremes[1]), "NaN is the largest");
    }

    @Test
    void countOfAFieldWithANullBitSkipsItsNullsOnTheDensePathAsOnTheGeneralOne() throws IOException {
        // a 2-bit key (the dense path's shape) beside a decimal whose value 0 is no NULL: its null bit says
        Layout small = dev.ispd.plan.layout.LayoutDdl.parse("small", "k u8 @0 bits 0..1, v decimal(5,2) le @1 nullable @0.7",
                0, "test");
        byte[] data = new byte[5 * 1000];
        long[] expected = new long[4];
        for (int i = 0; i < 1000; i++) {
            boolean isNull = i % 3 == 0;
            data[5 * i] = (byte) (i % 4 | (isNull ? 0x80 : 0));
            data[5 * i + 1] = (byte) (i % 2); // 0.00 or 0.01
            expected[i % 4] += isNull ? 0 : 1;
        }
        for (boolean fastPath : new boolean[] {true, false}) {
            HostRunner.Result r = new HostRunner(5 * 64, 1).run(new PlanTasklet(Plan.aggregate(small, null, List.of("k"),
                            List.of(Aggregate.count("v"), Aggregate.countStar())), PlanLimits.HOST, fastPath),
                    List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data))));
            long[] counts = new long[4];
            PlanResult.decode(r.bytes()).rows().forEach(row -> counts[(int) row[0]] = row[1]);
            assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(counts), "fast path " + fastPath);
        }
    }

    @Test
    void groupByABoolMakesOneGroupOfEveryTrueByteOnTheDensePathAsOnTheGeneralOne() throws IOException {
        // ok is stored as 0, 1 or 2: 1 and 2 are both TRUE, one group
        long trues = ROWS.stream().filter(Row::ok).count();
        for (boolean fastPath : new boolean[] {true, false}) {
            HostRunner.Result r = new HostRunner(ORDERS.recordSize() * 64, 1).run(new PlanTasklet(Plan.aggregate(ORDERS,
                            null, List.of("ok"), List.of(Aggregate.countStar())), PlanLimits.HOST, fastPath),
                    List.of(new Extent(1, 0, DATA.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(DATA))));
            List<String> groups = PlanResult.decode(r.bytes()).rows().stream().map(java.util.Arrays::toString).toList();
            assertEquals(List.of("[0, " + (N - trues) + "]", "[1, " + trues + "]"), groups, "fast path " + fastPath);
        }
    }

    @Test
    void typedFieldsAreSelectedOrderedAndAggregated() throws IOException {
        List<long[]> rows = run(Plan.rows(ORDERS, compare("id", CompareOp.LT, -140), List.of("id", "ship", "at", "ok")));
        List<long[]> expected = ROWS.stream().filter(r -> r.id() < -140)
                .map(r -> new long[] {r.id(), r.ship().toEpochDay(), r.at(), r.ok() ? 1 : 0}).toList();
        assertEquals(expected.stream().map(java.util.Arrays::toString).toList(),
                rows.stream().map(java.util.Arrays::toString).toList(), "values as read: days, microseconds, 0 or 1");

        List<Long> top = run(Plan.rows(ORDERS, null, List.of("id")).top(4, "at", true)).stream().map(r -> r[0]).toList();
        List<Long> topExpected = ROWS.stream().sorted(Comparator.comparingLong(Row::at).reversed()).limit(4)
                .map(r -> (long) r.id()).toList();
        assertEquals(topExpected, top);

        long[] counts = run(Plan.aggregate(ORDERS, null, List.of(), List.of(Aggregate.count("price"),
                Aggregate.count("mode"), Aggregate.count("ratio"), Aggregate.count("big")))).get(0);
        assertEquals(List.of(ROWS.stream().filter(r -> r.price() != null).count(),
                        ROWS.stream().filter(r -> r.mode() != null).count(), (long) N, (long) N),
                List.of(counts[0], counts[1], counts[2], counts[3]), "COUNT of any field counts its non-NULLs");
        long[] agg = run(Plan.aggregate(ORDERS, isNull("mode"), List.of(), List.of(Aggregate.countStar(),
                Aggregate.min("ship"), Aggregate.max("at"), Aggregate.min("ok"), Aggregate.max("ok")))).get(0);
        List<Row> nullModes = ROWS.stream().filter(r -> r.mode() == null).toList();
        assertEquals(List.of((long) nullModes.size(),
                        nullModes.stream().mapToLong(r -> r.ship().toEpochDay()).min().orElseThrow(),
                        nullModes.stream().mapToLong(Row::at).max().orElseThrow(),
                        nullModes.stream().allMatch(Row::ok) ? 1L : 0L, nullModes.stream().anyMatch(Row::ok) ? 1L : 0L),
                List.of(agg[0], agg[1], agg[2], agg[3], agg[4]));
    }
}
