package dev.ispd.hadoop.plan;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.sim.testing.WorldCupSamples;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Declarative plans as DeviceJobs ({@link PlanDeviceMapper}) in Hadoop's local runner on two
 * in-JVM drives with 256 KiB chunks (20-byte records straddle them): aggregates, rows, LIMIT and
 * top-N give the same output host-only, device-only and cost-based, equal to a plain-Java
 * computation over the same bytes that decodes the records itself.
 */
@Tag("heavy")
class PlanDeviceJobTest {
    private static final long CHUNK = 256 * 1024;
    private static final int WC = 20;
    private static final List<String> POLICIES = List.of("host-only", "device-only", "fastest");
    private static PlanJobs jobs;

    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(2, CHUNK);

    @TempDir
    static java.nio.file.Path work;

    private static byte[] wcData;
    private static Path wcInput;
    /** 12-byte records: a i16 le @0, b u64 @2, g u8 @10 bits 0..1, c u8 @11. */
    private static final Layout SIGNED = LayoutDdl.parse("signed", "a i16 le @0, b u64 @2, g u8 @10 bits 0..1, c u8 @11",
            12, "test");
    private static byte[] signedData;
    private static Path signedInput;

    @BeforeAll
    static void load() throws Exception {
        jobs = new PlanJobs(OSD, work);
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        wcData = WorldCupSamples.generate(2026, 60_000, WC); // 1.2 MB: 5 chunks over the 2 drives
        wcInput = new Path(OSD.uri().resolve("/plan/wc20"));
        write(fs, wcInput, wcData);
        LayoutAttribute.record(fs, wcInput, Layout.worldCup98(WC));
        Random random = new Random(7);
        signedData = new byte[12 * 40_000];
        random.nextBytes(signedData);
        signedInput = new Path(OSD.uri().resolve("/plan/signed"));
        write(fs, signedInput, signedData);
        LayoutAttribute.record(fs, signedInput, SIGNED);
    }

    @Test
    void groupByAggregatesAreTheSameEverywhereAndEqualAPlainComputation() throws Exception {
        Predicate where = or(in("type", 0, 1, 2), and(compare("size", CompareOp.LT, 300_000),
                not(compare("region", CompareOp.EQ, 3))));
        Plan plan = Plan.aggregate(Layout.worldCup98(WC), where, List.of("region", "type"), List.of(
                Aggregate.countStar(), Aggregate.count("clientID"), Aggregate.sum("size"), Aggregate.min("size"),
                Aggregate.max("objectID")));
        Map<List<Long>, long[]> groups = new TreeMap<>(LIST_ORDER);
        forEachWc(r -> {
            long type = r.get(18) & 0xFF;
            long region = (r.get(19) & 0xFF) >>> 5;
            long size = r.getInt(12) & 0xFFFFFFFFL;
            if (type <= 2 || (size < 300_000 && region != 3)) {
                long[] g = groups.computeIfAbsent(List.of(region, type),
                        k -> new long[] {0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
                long object = r.getInt(8) & 0xFFFFFFFFL;
                g[0]++;
                g[1]++;
                g[2] += size;
                g[3] = Math.min(g[3], size);
                g[4] = Math.max(g[4], object);
            }
        });
        String expected = lines(groups);
        assertTrue(groups.size() > 50, "groups span the splits: " + groups.size());
        for (String policy : POLICIES) {
            DeviceJob job = planJob(policy, plan, wcInput);
            assertEquals(expected, run(job), policy);
            if (policy.equals("device-only")) {
                assertEquals(2, job.counter(IspdCounter.SPLITS_ON_DEVICE));
                assertTrue(job.counter(IspdCounter.BYTES_MOVED_TO_HOST) < wcData.length / 100,
                        "the drives return groups, not records");
            }
        }
    }

    @Test
    void aggregatesWithoutGroupByMakeOneRow() throws Exception {
        Plan plan = Plan.aggregate(Layout.worldCup98(WC), compare("type", CompareOp.EQ, 0), List.of(),
                List.of(Aggregate.countStar(), Aggregate.sum("size")));
        long[] total = new long[2];
        forEachWc(r -> {
            if ((r.get(18) & 0xFF) == 0) {
                total[0]++;
                total[1] += r.getInt(12) & 0xFFFFFFFFL;
            }
        });
        for (String policy : POLICIES) {
            assertEquals("\t" + total[0] + "\t" + total[1] + "\n", run(planJob(policy, plan, wcInput)), policy);
        }
    }

    /**
     * A typed plan with expressions (issue 20.5): WHERE an expression over a nullable decimal, a
     * date's year; SUM of a decimal product (exact, two words and its count), MAX of a double
     * expression in Spark's order (NaN largest), COUNT of a nullable field; the same words
     * host-only, device-only and cost-based, equal to plain Java with BigDecimal over the records.
     */
    @Test
    void typedExpressionsAreTheSameEverywhereAndEqualAPlainComputation() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Layout typed = LayoutDdl.parse("typed", "g u8 @0 bits 0..1, qty i32 le @1, price decimal(12,2) le @5 nullable "
                + "@29.0, disc decimal(4,2) le @13, ratio f64 le @17 nullable @29.1, ship date le @25", 32, "test");
        Random random = new Random(20);
        ByteBuffer data = ByteBuffer.allocate(32 * 40_000).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at < data.capacity(); at += 32) {
            data.put(at, (byte) random.nextInt(256));
            data.putInt(at + 1, random.nextInt(100));
            data.putLong(at + 5, random.nextInt(1_000_000_000) - 10_000_000L);
            data.putInt(at + 13, random.nextInt(11));
            data.putDouble(at + 17, random.nextInt(50) == 0 ? Double.NaN : random.nextGaussian() * 1e6);
            data.putInt(at + 25, 9_000 + random.nextInt(2_000));
            data.put(at + 29, (byte) random.nextInt(4)); // about a quarter of prices and of ratios NULL
        }
        Path input = new Path(OSD.uri().resolve("/plan/typed"));
        write(fs, input, data.array());
        LayoutAttribute.record(fs, input, typed);

        Expr revenue = Expr.mul(Expr.field("price"), Expr.sub(Expr.lit(1), Expr.field("disc")));
        Plan plan = Plan.aggregate(typed, Predicate.holds(Expr.and(Expr.gt(revenue, Expr.lit(1000)),
                        Expr.lt(Expr.extract(Expr.DatePart.YEAR, Expr.field("ship")), Expr.lit(1998)))), List.of("g"),
                List.of(Aggregate.sum(revenue), Aggregate.max(Expr.mul(Expr.field("ratio"), Expr.lit(2))),
                        Aggregate.count(Expr.field("price")), Aggregate.countStar()));
        Map<List<Long>, BigDecimal> sums = new TreeMap<>(LIST_ORDER);
        Map<List<Long>, long[]> groups = new TreeMap<>(LIST_ORDER);
        for (int at = 0; at < data.capacity(); at += 32) {
            boolean priceNull = (data.get(at + 29) & 1) != 0;
            boolean ratioNull = (data.get(at + 29) & 2) != 0;
            BigDecimal price = BigDecimal.valueOf(data.getLong(at + 5), 2);
            BigDecimal r = price.multiply(BigDecimal.ONE.subtract(BigDecimal.valueOf(data.getInt(at + 13), 2)));
            if (priceNull || r.compareTo(BigDecimal.valueOf(1000)) <= 0
                    || LocalDate.ofEpochDay(data.getInt(at + 25)).getYear() >= 1998) {
                continue;
            }
            List<Long> key = List.of((long) (data.get(at) & 3));
            long[] g = groups.computeIfAbsent(key, k -> new long[7]);
            sums.merge(key, r, BigDecimal::add);
            g[2]++;
            if (!ratioNull) {
                double twice = data.getDouble(at + 17) * 2;
                double max = Double.longBitsToDouble(g[3]);
                g[3] = Double.doubleToLongBits(g[4] == 0 || Double.isNaN(twice) || (!Double.isNaN(max) && twice > max)
                        ? twice : max);
                g[4]++;
            }
            g[5]++;
            g[6]++;
        }
        sums.forEach((k, sum) -> {
            BigInteger unscaled = sum.setScale(4).unscaledValue();
            long[] g = groups.get(k);
            g[0] = unscaled.longValue();
            g[1] = unscaled.shiftRight(64).longValue();
        });
        String expected = lines(groups);
        assertEquals(4, groups.size());
        for (String policy : POLICIES) {
            assertEquals(expected, run(planJob(policy, plan, input)), policy);
        }
    }

    /**
     * GROUP BY a nullable {@code char(2)} and an expression with AVG (issue 20.2), and a top-N of
     * computed columns: the same answer host-only, device-only and cost-based, equal to plain
     * Java over the records (NULL its own group, strings without their padding).
     */
    @Test
    void stringAndExpressionGroupsAvgAndComputedRowsAreTheSameEverywhere() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Layout typed = LayoutDdl.parse("flags", "flag char(2) @0 nullable @14.0, price decimal(12,2) le @2, "
                + "ship date le @10", 16, "test");
        String[] flags = {"A", "NO", "R ", "é"};
        Random random = new Random(21);
        ByteBuffer data = ByteBuffer.allocate(16 * 30_000).order(ByteOrder.LITTLE_ENDIAN);
        Map<List<Object>, long[]> counts = new java.util.HashMap<>(); // (flag, year) -> count, unscaled price sum
        List<Object[]> rows = new ArrayList<>();
        for (int at = 0; at < data.capacity(); at += 16) {
            boolean isNull = random.nextInt(10) == 0;
            String flag = flags[random.nextInt(flags.length)];
            data.put(at, (flag + "  ").getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, 2);
            long price = random.nextInt(10_000_000);
            data.putLong(at + 2, price);
            int ship = 9_000 + random.nextInt(2_000);
            data.putInt(at + 10, ship);
            data.put(at + 14, (byte) (isNull ? 1 : 0));
            String shown = isNull ? null : flag.strip();
            long[] g = counts.computeIfAbsent(Arrays.asList(shown, (long) LocalDate.ofEpochDay(ship).getYear()),
                    k -> new long[2]);
            g[0]++;
            g[1] += price;
            rows.add(new Object[] {price, shown, BigDecimal.valueOf(price, 2).multiply(new BigDecimal("0.5"))});
        }
        Path input = new Path(OSD.uri().resolve("/plan/flags"));
        write(fs, input, data.array());
        LayoutAttribute.record(fs, input, typed);

        Expr year = Expr.extract(Expr.DatePart.YEAR, Expr.field("ship"));
        Plan groups = Plan.aggregateOf(typed, null, List.of(Expr.field("flag"), year),
                List.of(Aggregate.countStar(), Aggregate.avg("price")));
        Map<List<Object>, List<Object>> expected = new java.util.HashMap<>();
        counts.forEach((k, g) -> expected.put(k, List.of(g[0], BigDecimal.valueOf(g[1], 2)
                .divide(BigDecimal.valueOf(g[0]), 6, java.math.RoundingMode.HALF_UP))));
        assertTrue(expected.keySet().stream().anyMatch(k -> k.get(0) == null), "a NULL flag group");
        Expr half = Expr.mul(Expr.field("price"), Expr.lit(new BigDecimal("0.5")));
        Plan top = Plan.rowsOf(typed, null, List.of(Expr.field("flag"), half, Expr.field("price"))).top(10, "price", true);
        Plan byFlag = top.top(40, List.of(new Plan.SortKey(Expr.field("flag"), false, false),
                new Plan.SortKey(half, true, false)));
        Plan byFlagNullsFirst = top.top(40, List.of(new Plan.SortKey(Expr.field("flag"), true, true),
                new Plan.SortKey(half, false, false)));
        Comparator<Object[]> flagBytes = Comparator.comparing(r -> (String) r[1], Comparator.nullsLast(
                (p, q) -> Arrays.compareUnsigned(p.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        q.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
        Comparator<Object[]> byHalf = Comparator.comparing(r -> (BigDecimal) r[2]);
        Map<Plan, List<List<Object>>> bestBy = Map.of(
                byFlag, best(rows, flagBytes.thenComparing(byHalf.reversed()), 40),
                byFlagNullsFirst, best(rows, flagBytes.reversed().thenComparing(byHalf), 40));
        assertTrue(bestBy.get(byFlagNullsFirst).get(0).get(0) == null, "NULL flags first");
        rows.sort((a, b) -> Long.compare((Long) b[0], (Long) a[0]));
        List<List<Object>> best = rows.subList(0, 10).stream().map(r -> Arrays.asList(r[1], r[2], r[0])).toList();
        for (String policy : POLICIES) {
            Map<List<Object>, List<Object>> answer = new java.util.HashMap<>();
            for (String line : run(planJob(policy, groups, input)).lines().toList()) {
                long[] row = Arrays.stream(line.split("\t")).mapToLong(Long::parseLong).toArray();
                answer.put(Arrays.asList(dev.ispd.plan.ColumnValues.value(row, 0, Expr.field("flag"), typed),
                        dev.ispd.plan.ColumnValues.value(row, 2, year, typed)), List.of(row[4],
                        groups.aggregates().get(1).value(row, 5, typed)));
            }
            assertEquals(expected, answer, policy);
            List<List<Object>> topRows = new ArrayList<>();
            for (String line : run(planJob(policy, top, input)).lines().toList()) {
                long[] row = Arrays.stream(line.split("\t")).mapToLong(Long::parseLong).toArray();
                topRows.add(Arrays.asList(dev.ispd.plan.ColumnValues.value(row, 0, Expr.field("flag"), typed),
                        dev.ispd.plan.ColumnValues.value(row, top.selectWord(1), half, typed), row[top.selectWord(2)]));
            }
            assertEquals(best, topRows, policy);
            for (Map.Entry<Plan, List<List<Object>>> e : bestBy.entrySet()) {
                assertEquals(e.getValue(), computedRows(run(planJob(policy, e.getKey(), input)), e.getKey()),
                        policy + ": " + e.getKey());
            }
        }
    }

    /** The (flag, price * 0.5, price) of the first {@code n} of {@code rows} (price, flag, half) by {@code order}. */
    private static List<List<Object>> best(List<Object[]> rows, Comparator<Object[]> order, int n) {
        return rows.stream().sorted(order).limit(n).map(r -> Arrays.asList(r[1], r[2], r[0])).toList();
    }

    /** The (flag, half, price) of each output line of a job of {@code plan}, which selects them. */
    private static List<List<Object>> computedRows(String output, Plan plan) {
        List<List<Object>> out = new ArrayList<>();
        for (String line : output.lines().toList()) {
            long[] row = Arrays.stream(line.split("\t")).mapToLong(Long::parseLong).toArray();
            out.add(Arrays.asList(dev.ispd.plan.ColumnValues.value(row, 0, plan.select().get(0), plan.layout()),
                    dev.ispd.plan.ColumnValues.value(row, plan.selectWord(1), plan.select().get(1), plan.layout()),
                    row[plan.selectWord(2)]));
        }
        return out;
    }

    /** MIN and MAX merge in the field's order: a signed little-endian i16 and an unsigned 64-bit field. */
    @Test
    void minAndMaxMergeSignedAndUnsigned64BitFields() throws Exception {
        Plan plan = Plan.aggregate(SIGNED, compare("c", CompareOp.GE, 100), List.of("g"), List.of(
                Aggregate.min("a"), Aggregate.max("a"), Aggregate.min("b"), Aggregate.max("b"), Aggregate.sum("a")));
        Map<List<Long>, long[]> groups = new TreeMap<>(LIST_ORDER);
        ByteBuffer buf = ByteBuffer.wrap(signedData);
        for (int at = 0; at < signedData.length; at += 12) {
            if ((buf.get(at + 11) & 0xFF) < 100) {
                continue;
            }
            long a = buf.order(ByteOrder.LITTLE_ENDIAN).getShort(at);
            long b = buf.order(ByteOrder.BIG_ENDIAN).getLong(at + 2);
            long[] g = groups.computeIfAbsent(List.of((long) (buf.get(at + 10) & 3)),
                    k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE, -1L, 0L, 0L});
            g[0] = Math.min(g[0], a);
            g[1] = Math.max(g[1], a);
            g[2] = Long.compareUnsigned(b, g[2]) < 0 ? b : g[2];
            g[3] = Long.compareUnsigned(b, g[3]) > 0 ? b : g[3];
            g[4] += a;
        }
        assertEquals(4, groups.size());
        String expected = lines(groups);
        for (String policy : POLICIES) {
            assertEquals(expected, run(planJob(policy, plan, signedInput)), policy);
        }
    }

    @Test
    void filteredRowsAreTheMatchingRecordsProjected() throws Exception {
        Plan plan = Plan.rows(Layout.worldCup98(WC), and(compare("type", CompareOp.EQ, 5),
                Predicate.between("region", 2, 4)), List.of("clientID", "size"));
        List<long[]> rows = new ArrayList<>();
        forEachWc(r -> {
            long region = (r.get(19) & 0xFF) >>> 5;
            if ((r.get(18) & 0xFF) == 5 && region >= 2 && region <= 4) {
                rows.add(new long[] {r.getInt(4) & 0xFFFFFFFFL, r.getInt(12) & 0xFFFFFFFFL});
            }
        });
        rows.sort(Arrays::compare);
        String expected = lines(rows);
        assertTrue(rows.size() > 100, "rows: " + rows.size());
        for (String policy : POLICIES) {
            assertEquals(expected, run(planJob(policy, plan, wcInput)), policy);
        }
    }

    /**
     * Top-N by size, largest first: the same sizes in the same order everywhere, equal to the
     * plain computation's, each row a matching record (which of several records tied at the
     * cut is kept is not fixed, as in SQL). A LIMIT returns that many matching rows.
     */
    @Test
    void topNAndLimitReturnTheBestAndAtMostNRows() throws Exception {
        Plan base = Plan.rows(Layout.worldCup98(WC), compare("status", CompareOp.NE, 0), List.of("objectID", "size"));
        List<long[]> matching = new ArrayList<>();
        forEachWc(r -> matching.add(new long[] {r.getInt(8) & 0xFFFFFFFFL, r.getInt(12) & 0xFFFFFFFFL}));
        List<String> all = matching.stream().map(PlanDeviceJobTest::line).toList();
        List<Long> topSizes = matching.stream().map(r -> r[1]).sorted(Comparator.reverseOrder()).limit(25).toList();
        for (String policy : POLICIES) {
            List<String> top = run(planJob(policy, base.top(25, "size", true), wcInput)).lines().toList();
            assertEquals(topSizes, top.stream().map(l -> Long.parseLong(l.split("\t")[1])).toList(), policy);
            assertTrue(all.containsAll(top), policy);

            List<String> limited = run(planJob(policy, base.limit(7), wcInput)).lines().toList();
            assertEquals(7, limited.size(), policy);
            assertTrue(all.containsAll(limited), policy);
            assertEquals("", run(planJob(policy, base.limit(0), wcInput)), policy);
        }
    }

    @Test
    void aPlanThatDoesNotFitItsInputIsRefusedNamingBoth() throws Exception {
        Plan other = Plan.rows(Layout.worldCup98(256), Predicate.all(), List.of("size"));
        DeviceJob job = planJob("host-only", other, wcInput);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> job.waitForCompletion(false));
        assertTrue(e.getMessage().startsWith("ispd.job.plan: " + wcInput + " records layout worldcup98/20 ("),
                e.getMessage());
        assertTrue(e.getMessage().contains("but the plan reads worldcup98/256"), e.getMessage());

        Plan unselected = Plan.rows(Layout.worldCup98(WC), Predicate.all(), List.of("size")).top(3, "objectID", false);
        IllegalArgumentException top = assertThrows(IllegalArgumentException.class,
                () -> planJob("host-only", unselected, wcInput));
        assertTrue(top.getMessage().endsWith("a top-N job merges its splits' rows by objectID, so the plan must "
                + "select it"), top.getMessage());

        Configuration empty = new Configuration(false);
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> PlanDeviceMapper.jobPlan(empty));
        assertTrue(none.getMessage().startsWith("ispd.job.plan is not set"), none.getMessage());
        empty.set("ispd.job.plan", "AQ==");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> PlanDeviceMapper.jobPlan(empty));
        assertTrue(bad.getMessage().startsWith("ispd.job.plan does not hold a plan: "), bad.getMessage());
        assertFalse(bad.getMessage().isBlank());
    }

    private static final Comparator<List<Long>> LIST_ORDER = (x, y) -> {
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            int c = Long.compare(x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.size(), y.size());
    };

    /** Runs {@code each} on every WorldCup98 record, as a big-endian buffer positioned at it (offsets relative). */
    private static void forEachWc(java.util.function.Consumer<ByteBuffer> each) {
        for (int at = 0; at < wcData.length; at += WC) {
            each.accept(ByteBuffer.wrap(wcData, at, WC).slice());
        }
    }

    private static String lines(Map<List<Long>, long[]> groups) {
        StringBuilder s = new StringBuilder();
        groups.forEach((k, v) -> s.append(line(k.stream().mapToLong(Long::longValue).toArray())).append('\t')
                .append(line(v)).append('\n'));
        return s.toString();
    }

    private static String lines(List<long[]> rows) {
        StringBuilder s = new StringBuilder();
        rows.forEach(r -> s.append(line(r)).append('\n'));
        return s.toString();
    }

    private static String line(long[] values) {
        return String.join("\t", Arrays.stream(values).mapToObj(Long::toString).toList());
    }

    private static DeviceJob planJob(String policy, Plan plan, Path input) throws IOException {
        return jobs.job(policy, plan, input);
    }

    private static String run(DeviceJob job) throws Exception {
        return jobs.run(job);
    }

    private static void write(FileSystem fs, Path file, byte[] data) throws IOException {
        try (OutputStream out = fs.create(file, true)) {
            out.write(data);
        }
    }
}
