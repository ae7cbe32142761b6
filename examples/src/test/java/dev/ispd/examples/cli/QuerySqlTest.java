package dev.ispd.examples.cli;

import static dev.ispd.examples.cli.QueryRuns.header;
import static dev.ispd.examples.cli.QueryRuns.rows;
import static dev.ispd.examples.cli.QueryRuns.succeed;
import static dev.ispd.examples.cli.QueryRuns.tableStart;
import static dev.ispd.examples.cli.QueryRuns.usageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.plan.Layout;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ispd query --sql} end to end on two in-JVM drives over TCP: the printed rows equal a
 * plain-Java computation over the same bytes, device-only and host-only print the same rows, a
 * layout is taken from the file, from {@code --layout} text or a {@code --layout-file}, and a
 * layout that disagrees with the file's, or none at all, is a usage error naming it.
 */
@Tag("heavy")
class QuerySqlTest {
    private static final List<String> POLICIES = List.of("device-only", "host-only");

    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    @TempDir
    static Path dir;

    private static final String WC = "osd:///sql/wc64.bin";
    private static final String SENSORS = "osd:///sql/sensors.bin";
    private static final String SENSOR_LAYOUT = "a i16 le @0, b u64 @2, g u8 @10 bits 0..1, c u8 @11";
    private static byte[] wc;
    private static byte[] sensors;

    /** 40,000 WorldCup98 entries of 64 B recording their layout; 200,000 random 12-byte records recording none. */
    @BeforeAll
    static void load() throws IOException {
        ByteBuffer entries = ByteBuffer.allocate(40_000 * 64);
        WorldCupGenerator.withDefaults(3, 40_000).fill(entries, 40_000, 64);
        wc = entries.array();
        sensors = new byte[12 * 200_000];
        new Random(11).nextBytes(sensors);
        try (FileSystem fs = DRIVES.osd()) {
            write(fs, WC, wc);
            LayoutAttribute.record(fs, new org.apache.hadoop.fs.Path(WC), Layout.worldCup98(64));
            write(fs, SENSORS, sensors);
        }
    }

    @AfterEach
    void closeClients() throws IOException {
        FileSystem.closeAll();
    }

    @Test
    void groupByOverARecordedLayoutEqualsAPlainCountOnDeviceAndHost() {
        String sql = "SELECT type, count(*), sum(size) AS bytes, min(size) FROM wc WHERE region IN (0, 2) AND size > 1000 "
                + "GROUP BY type";
        Map<Long, long[]> groups = new TreeMap<>();
        ByteBuffer b = ByteBuffer.wrap(wc);
        for (int at = 0; at < wc.length; at += 64) {
            long size = b.getInt(at + 12) & 0xFFFFFFFFL;
            int region = (b.get(at + 19) & 0xFF) >>> 5;
            if ((region == 0 || region == 2) && size > 1000) {
                long[] g = groups.computeIfAbsent((long) (b.get(at + 18) & 0xFF), t -> new long[] {0, 0, Long.MAX_VALUE});
                g[0]++;
                g[1] += size;
                g[2] = Math.min(g[2], size);
            }
        }
        List<List<String>> expected = new ArrayList<>();
        groups.forEach((type, g) -> expected.add(List.of(type.toString(), Long.toString(g[0]), Long.toString(g[1]),
                Long.toString(g[2]))));
        assertTrue(expected.size() > 3, expected.toString());

        String device = succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", WC, "--policy", "device-only");
        assertEquals(List.of("type", "count(*)", "bytes", "min(size)"), header(device));
        assertEquals(expected, rows(device));
        assertTrue(device.contains("as plan: SELECT type, COUNT(*), SUM(size), MIN(size) FROM worldcup98@64 WHERE "
                + "(region IN (0, 2)) AND (size > 1000) GROUP BY type"), device);
        assertTrue(device.contains("-> DEVICE"), device);
        assertTrue(device.lines().anyMatch(l -> l.startsWith("  device-only")), "the cost line: " + device);
        assertEquals(expected, rows(succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", WC,
                "--policy", "host-only")));
    }

    @Test
    void aLayoutGivenAsTextOrJsonAnswersTopNAndSignedAggregates() throws IOException {
        List<Short> a = new ArrayList<>();
        ByteBuffer le = ByteBuffer.wrap(sensors).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at < sensors.length; at += 12) {
            if ((sensors[at + 11] & 0xFF) < 10) {
                a.add(le.getShort(at));
            }
        }
        List<List<String>> top = a.stream().sorted(Comparator.reverseOrder()).limit(5)
                .map(v -> List.of(v.toString())).toList();
        String sql = "SELECT a FROM sensors WHERE c < 10 ORDER BY a DESC LIMIT 5";
        assertEquals(top, rows(succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", SENSORS,
                "--layout", SENSOR_LAYOUT)));

        Path json = Files.writeString(dir.resolve("sensor.json"), """
                {"name": "sensor", "recordSize": 12, "fields": [
                  {"name": "a", "type": "i16", "order": "le", "offset": 0},
                  {"name": "b", "type": "u64", "offset": 2},
                  {"name": "g", "type": "u8", "offset": 10, "bits": "0..1"},
                  {"name": "c", "type": "u8", "offset": 11}]}""");
        long[] minA = new long[4];
        long[] maxB = new long[4];
        Arrays.fill(minA, Long.MAX_VALUE);
        ByteBuffer be = ByteBuffer.wrap(sensors);
        for (int at = 0; at < sensors.length; at += 12) {
            int g = sensors[at + 10] & 3;
            minA[g] = Math.min(minA[g], le.getShort(at));
            long v = be.getLong(at + 2);
            maxB[g] = Long.compareUnsigned(v, maxB[g]) > 0 ? v : maxB[g];
        }
        List<List<String>> expected = new ArrayList<>();
        for (int g = 0; g < 4; g++) {
            expected.add(List.of(Integer.toString(g), Long.toString(minA[g]), Long.toUnsignedString(maxB[g])));
        }
        assertEquals(expected, rows(succeed("--sql", "SELECT g, min(a), max(b) FROM s GROUP BY g", "--drives",
                DRIVES.addresses(), "--input", SENSORS, "--layout-file", json.toString())));
    }

    @Test
    void typedColumnsAreComparedWithTheirLiteralsAndPrintedAsTheirTypesOnDeviceAndHost() throws IOException {
        // 30,000 orders: a nullable decimal (null bit), a decimal, a date, a double, a bool, a string; layout recorded
        String text = "id i32 le @0, price decimal(12,2) le @4 nullable @28.0, qty decimal(9,2) le @12, ship date le @16, "
                + "ratio f64 le @20, mode char(3) zero @29, ok bool @32";
        Layout orders = dev.ispd.plan.layout.LayoutDdl.parse("orders", text, 33, "test");
        String[] modes = {"AIR", "SHP", "AI", "", "RAI"};
        double[] ratios = {-0.0, 0.0, 0.5, Double.NaN, -1.0, 2.5};
        int n = 30_000;
        ByteBuffer b = ByteBuffer.allocate(33 * n).order(ByteOrder.LITTLE_ENDIAN);
        Random random = new Random(5);
        List<List<String>> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int at = 33 * i;
            boolean nullPrice = i % 11 == 0;
            long price = random.nextInt(200_000) - 50_000;
            long qty = random.nextInt(10_000);
            long ship = 19_700 + random.nextInt(400);
            double ratio = ratios[random.nextInt(ratios.length)];
            String mode = modes[random.nextInt(modes.length)];
            boolean ok = random.nextBoolean();
            b.putInt(at, i).putLong(at + 4, price).putInt(at + 12, (int) qty).putInt(at + 16, (int) ship)
                    .putDouble(at + 20, ratio).put(at + 28, (byte) (nullPrice ? 1 : 0))
                    .put(at + 29, Arrays.copyOf(mode.getBytes(StandardCharsets.UTF_8), 3)).put(at + 32, (byte) (ok ? 1 : 0));
            // WHERE price >= 100.00 AND NOT ratio < 0.0 AND mode = 'AIR' AND ok AND ship < DATE '2024-06-01'
            boolean where = !nullPrice && price >= 10_000 && !(ratio < 0.0) && mode.equals("AIR") && ok
                    && ship < java.time.LocalDate.of(2024, 6, 1).toEpochDay();
            if (where) {
                expected.add(List.of(Integer.toString(i), java.math.BigDecimal.valueOf(qty, 2).toPlainString(),
                        java.time.LocalDate.ofEpochDay(ship).toString()));
            }
        }
        assertTrue(expected.size() > 50, expected.size() + " matches");
        String path = store("osd:///sql/orders.bin", orders, b.array());
        assertAnswers(expected, Comparator.comparing(r -> Integer.parseInt(r.get(0))), "SELECT id, qty, ship FROM orders "
                + "WHERE price >= 100.00 AND NOT ratio < 0.0 AND mode = 'AIR' AND ok = TRUE AND ship < DATE '2024-06-01'",
                path, "--max-lines", "100000");
    }

    /**
     * Issue 20.5: a top-N by strings (as UTF-8 bytes) and expressions, with NULLs first or last,
     * prints the rows plain Java orders so, on drives and host.
     */
    @Test
    void topNByStringsAndExpressionsWithNullsAnswersAsPlainJavaOnDeviceAndHost() throws IOException {
        String text = "id i32 le @0, price decimal(12,2) le @4 nullable @15.0, mode char(3) zero @12";
        Layout orders = dev.ispd.plan.layout.LayoutDdl.parse("orders", text, 16, "test");
        String[] modes = {"AIR", "SHP", "AI", "", "b", "É"};
        int n = 20_000;
        ByteBuffer b = ByteBuffer.allocate(16 * n).order(ByteOrder.LITTLE_ENDIAN);
        Random random = new Random(13);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Long price = i % 7 == 0 ? null : (long) random.nextInt(2_000) - 500;
            String mode = modes[random.nextInt(modes.length)];
            b.putInt(16 * i, i).putLong(16 * i + 4, price == null ? 99 : price).put(16 * i + 15, (byte) (price == null ? 1 : 0))
                    .put(16 * i + 12, Arrays.copyOf(mode.getBytes(StandardCharsets.UTF_8), 3));
            rows.add(new Object[] {i, price, mode});
        }
        String path = store("osd:///sql/ordered.bin", orders, b.array());
        Comparator<Object[]> byMode = Comparator.comparing(r -> ((String) r[2]).getBytes(StandardCharsets.UTF_8),
                Arrays::compareUnsigned);
        Comparator<Object[]> byPrice = Comparator.comparing(r -> (Long) r[1], Comparator.nullsFirst(Comparator.naturalOrder()));
        Comparator<Object[]> byId = Comparator.comparing(r -> (Integer) r[0]);
        List<List<String>> byModeThenPrice = rows.stream().filter(r -> (Integer) r[0] % 3 == 0)
                .sorted(byMode.reversed().thenComparing(byPrice).thenComparing(byId)).limit(15)
                .map(r -> List.of(r[0].toString(), (String) r[2])).toList();
        assertEquals("É", byModeThenPrice.get(0).get(1), "a non-ASCII string's bytes rank above ASCII ones");
        Comparator<List<String>> printed = (x, y) -> 0; // the order printed
        assertAnswers(byModeThenPrice, printed, "SELECT id, mode FROM orders WHERE id % 3 = 0 "
                + "ORDER BY mode DESC, price * 2 NULLS FIRST, id LIMIT 15", path);
        List<List<String>> nullsFirst = rows.stream().sorted(byPrice.reversed().thenComparing(byId.reversed()))
                .sorted(Comparator.comparing(r -> r[1] != null)).limit(10)
                .map(r -> List.of(r[0].toString(), r[1] == null ? "NULL" : java.math.BigDecimal.valueOf((Long) r[1], 2)
                        .toPlainString())).toList();
        assertEquals("NULL", nullsFirst.get(9).get(1));
        assertAnswers(nullsFirst, printed, "SELECT id, price FROM orders ORDER BY price DESC NULLS FIRST, id DESC LIMIT 10",
                path);
    }

    /** Issue 20.5: a WHERE of expressions and a SUM of a decimal product, exact, the same on drives and host. */
    @Test
    void expressionsAndDecimalSumsAnswerAsPlainJavaOnDeviceAndHost() throws IOException {
        String text = "id i32 le @0, price decimal(12,2) le @4 nullable @28.0, qty decimal(9,2) le @12, ship date le @16, "
                + "ratio f64 le @20, mode char(3) zero @29, ok bool @32";
        Layout orders = dev.ispd.plan.layout.LayoutDdl.parse("orders", text, 33, "test");
        String[] modes = {"AIR", "SHP", "AI", "", "RAI"};
        int n = 30_000;
        ByteBuffer b = ByteBuffer.allocate(33 * n).order(ByteOrder.LITTLE_ENDIAN);
        Random random = new Random(9);
        java.util.Map<String, java.math.BigDecimal> sums = new java.util.TreeMap<>();
        java.util.Map<String, Long> counts = new java.util.TreeMap<>();
        for (int i = 0; i < n; i++) {
            int at = 33 * i;
            boolean nullPrice = i % 11 == 0;
            long price = random.nextInt(200_000_000) - 50_000;
            long qty = random.nextInt(10_000);
            String mode = modes[random.nextInt(modes.length)];
            boolean ok = random.nextBoolean();
            b.putInt(at, i).putLong(at + 4, price).putInt(at + 12, (int) qty).putInt(at + 16, 19_700 + i % 300)
                    .putDouble(at + 20, 1.0).put(at + 28, (byte) (nullPrice ? 1 : 0))
                    .put(at + 29, Arrays.copyOf(mode.getBytes(StandardCharsets.UTF_8), 3)).put(at + 32, (byte) (ok ? 1 : 0));
            // WHERE price * 2 > qty AND mode LIKE 'A%'
            java.math.BigDecimal p = java.math.BigDecimal.valueOf(price, 2);
            java.math.BigDecimal q = java.math.BigDecimal.valueOf(qty, 2);
            if (!nullPrice && p.multiply(java.math.BigDecimal.valueOf(2)).compareTo(q) > 0 && mode.startsWith("A")) {
                sums.merge(Boolean.toString(ok), p.multiply(q), java.math.BigDecimal::add);
                counts.merge(Boolean.toString(ok), 1L, Long::sum);
            }
        }
        List<List<String>> expected = sums.keySet().stream().map(k -> List.of(k, sums.get(k).setScale(4).toPlainString(),
                Long.toString(counts.get(k)))).toList();
        assertEquals(2, expected.size());
        String path = store("osd:///sql/orders-expr.bin", orders, b.array());
        assertAnswers(expected, Comparator.comparing(r -> r.get(0)), "SELECT ok, sum(price * qty), count(price) "
                + "FROM orders WHERE price * 2 > qty AND mode LIKE 'A%' GROUP BY ok", path);
    }

    /**
     * Issue 20.2: TPC-H Q1's shape (GROUP BY two char(1) columns, one nullable, with sums of
     * expressions and AVG), GROUP BY an expression, and a row query selecting an expression: the
     * same on drives and host, equal to plain Java (AVG of decimal(12,2) as Spark's decimal(16,6)).
     */
    @Test
    void stringAndExpressionGroupsAvgAndComputedColumnsAnswerAsPlainJavaOnDeviceAndHost() throws IOException {
        String text = "flag char(1) @0, status char(1) @1 nullable @26.0, qty decimal(12,2) le @2, price decimal(12,2) "
                + "le @10, disc decimal(4,2) le @18, ship date le @22";
        Layout items = dev.ispd.plan.layout.LayoutDdl.parse("lineitem", text, 27, "test");
        int n = 20_000;
        ByteBuffer b = ByteBuffer.allocate(27 * n).order(ByteOrder.LITTLE_ENDIAN);
        Random random = new Random(12);
        java.util.Map<List<String>, java.math.BigDecimal[]> q1 = new java.util.TreeMap<>(Comparator.comparing(List::toString));
        java.util.Map<Integer, Long> years = new java.util.TreeMap<>();
        java.util.Set<List<String>> allRows = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            int at = 27 * i;
            String flag = "ANR".substring(i % 3, i % 3 + 1);
            boolean nullStatus = random.nextInt(20) == 0;
            String status = random.nextBoolean() ? "F" : "O";
            long qty = 100 + random.nextInt(5_000);
            long price = random.nextInt(10_000_000);
            int ship = 8_000 + random.nextInt(2_600);
            int disc = random.nextInt(11);
            b.put(at, flag.getBytes(StandardCharsets.US_ASCII)).put(at + 1, status.getBytes(StandardCharsets.US_ASCII))
                    .putLong(at + 2, qty).putLong(at + 10, price).putInt(at + 18, disc).putInt(at + 22, ship)
                    .put(at + 26, (byte) (nullStatus ? 1 : 0));
            java.math.BigDecimal q = java.math.BigDecimal.valueOf(qty, 2);
            java.math.BigDecimal p = java.math.BigDecimal.valueOf(price, 2);
            if (ship <= 10_000) {
                java.math.BigDecimal[] g = q1.computeIfAbsent(List.of(flag, nullStatus ? "NULL" : status),
                        k -> new java.math.BigDecimal[] {java.math.BigDecimal.ZERO, java.math.BigDecimal.ZERO,
                            java.math.BigDecimal.ZERO});
                g[0] = g[0].add(q);
                g[1] = g[1].add(p.multiply(java.math.BigDecimal.ONE.subtract(java.math.BigDecimal.valueOf(disc, 2))));
                g[2] = g[2].add(java.math.BigDecimal.ONE);
            }
            years.merge(java.time.LocalDate.ofEpochDay(ship).getYear(), 1L, Long::sum);
            allRows.add(List.of(flag, p.multiply(java.math.BigDecimal.valueOf(2)).toPlainString()));
        }
        List<List<String>> expectedQ1 = new java.util.ArrayList<>();
        q1.forEach((k, g) -> expectedQ1.add(List.of(k.get(0), k.get(1), g[0].toPlainString(), g[1].toPlainString(),
                g[0].divide(g[2], 6, java.math.RoundingMode.HALF_UP).toPlainString(), g[2].toPlainString())));
        List<List<String>> expectedYears = years.entrySet().stream().map(e -> List.of(e.getKey().toString(),
                e.getValue().toString())).toList();
        String path = store("osd:///sql/lineitem.bin", items, b.array());
        assertAnswers(expectedQ1, Comparator.comparing(List::toString), "SELECT flag, status, sum(qty), "
                + "sum(price * (1 - disc)), avg(qty), count(*) FROM lineitem WHERE ship <= DATE '1997-05-19' "
                + "GROUP BY flag, status", path);
        assertAnswers(expectedYears, Comparator.comparing(r -> r.get(0)),
                "SELECT year(ship), count(*) FROM lineitem GROUP BY year(ship)", path);
        for (String policy : POLICIES) {
            List<List<String>> limited = rows(succeed("--sql", "SELECT flag, price * 2 AS twice FROM lineitem LIMIT 5",
                    "--drives", DRIVES.addresses(), "--input", path, "--policy", policy));
            assertEquals(5, limited.size(), policy);
            assertTrue(allRows.containsAll(limited), policy + ": " + limited);
        }
    }

    @Test
    void aggregatesOverNoMatchingRecordAreOneRowOnGeneratedData() {
        String out = succeed("--sql", "SELECT count(*), max(size) FROM t WHERE size > 4000000000", "--entries", "2000",
                "--entry-size", "32");
        assertEquals(List.of(List.of("0", "NULL")), rows(out));
    }

    @Test
    void aLayoutThatDisagreesWithTheFilesOrNoneIsAUsageErrorNamingIt() {
        String wrong = usageError("--sql", "SELECT count(*) FROM t", "--drives", DRIVES.addresses(), "--input", WC,
                "--layout", "worldcup98", "--entry-size", "32");
        assertTrue(wrong.contains("--layout gives worldcup98/32") && wrong.contains("records worldcup98/64"), wrong);
        String none = usageError("--sql", "SELECT count(*) FROM t", "--drives", DRIVES.addresses(), "--input", SENSORS);
        assertTrue(none.contains("--input " + SENSORS + " records no layout: give --layout or --layout-file"), none);
        String field = usageError("--sql", "SELECT nosuch FROM t", "--drives", DRIVES.addresses(), "--input", SENSORS,
                "--layout", SENSOR_LAYOUT);
        assertTrue(field.contains("--sql: unknown column 'nosuch'"), field);
    }

    @Test
    void explainPrintsWhereEachSplitWouldRunAndWhyWithoutRunningIt() {
        String out = succeed("--sql", "SELECT type, count(*) FROM wc GROUP BY type", "--drives", DRIVES.addresses(),
                "--input", WC, "--explain");
        List<String> lines = out.lines().toList();
        int header = tableStart(lines);
        assertTrue(lines.get(header).startsWith("policy fastest, cost basis measured, host profile host-i5-2500"), out);
        assertTrue(lines.get(header + 1).trim().startsWith("split drive placement"), out);
        assertTrue(lines.size() > header + 2 && lines.get(header + 2).trim().startsWith("0 "), out);
        assertTrue(!out.contains("wall time") && !out.contains("modeled cost"), "nothing ran: " + out);
        String notSql = usageError("--query", "q1", "--explain");
        assertTrue(notSql.contains("--explain is for --sql"), notSql);
    }

    /** SQL's NULL for SUM, MIN and MAX of a group whose values are all NULL (null bit or null value); COUNT 0. */
    @Test
    void aggregatesOfAGroupOfNullsAreNullOnDeviceAndHost() throws IOException {
        Layout layout = dev.ispd.plan.layout.LayoutDdl.parse("t", "g u8 @0, v i32 le @1 nullable @5.0, "
                + "w i32 le @6 nullable = -1", 10, "test");
        ByteBuffer b = ByteBuffer.allocate(10 * 1_000).order(ByteOrder.LITTLE_ENDIAN);
        long sum = 0;
        for (int i = 0; i < 1_000; i++) {
            int g = i % 2; // group 1 holds only NULLs
            b.put(10 * i, (byte) g).putInt(10 * i + 1, g == 0 ? i : 7).put(10 * i + 5, (byte) g)
                    .putInt(10 * i + 6, g == 0 ? i : -1);
            sum += g == 0 ? i : 0;
        }
        List<List<String>> expected = List.of(
                List.of("0", Long.toString(sum), "0", "998", "500", Long.toString(sum), "0", "998", "500"),
                List.of("1", "NULL", "NULL", "NULL", "0", "NULL", "NULL", "NULL", "0"));
        assertAnswers(expected, Comparator.comparing(r -> r.get(0)), "SELECT g, sum(v), min(v), max(v), count(v), "
                + "sum(w), min(w), max(w), count(w) FROM t GROUP BY g", store("osd:///sql/nulls.bin", layout, b.array()));
    }

    /** Writes {@code data} to {@code path} with {@code layout} recorded on the file; returns the path. */
    private static String store(String path, Layout layout, byte[] data) throws IOException {
        try (FileSystem fs = DRIVES.osd()) {
            write(fs, path, data);
            LayoutAttribute.record(fs, new org.apache.hadoop.fs.Path(path), layout);
        }
        return path;
    }

    /** {@code sql} over {@code path} (with {@code more} options) answers {@code expected}, sorted by {@code order}, on device and host. */
    private static void assertAnswers(List<List<String>> expected, Comparator<List<String>> order, String sql,
                                      String path, String... more) {
        for (String policy : POLICIES) {
            List<String> args = new java.util.ArrayList<>(List.of("--sql", sql, "--drives", DRIVES.addresses(),
                    "--input", path, "--policy", policy));
            args.addAll(List.of(more));
            assertEquals(expected, rows(succeed(args.toArray(String[]::new))).stream().sorted(order).toList(), policy);
        }
    }

    private static void write(FileSystem fs, String path, byte[] data) throws IOException {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), true)) {
            out.write(data);
        }
    }
}
