package dev.ispd.tasklet.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.worldcup.WorldCupEntry;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class Q2TaskletTest {

    private static Params params(int entrySize, int topN) {
        return Params.of("entrySize", Integer.toString(entrySize), "topN", Integer.toString(topN));
    }

    private static long[][] expectedTable(LogFixture f) {
        long[][] table = new long[8][256];
        f.forEachRecord((id, bytes, off) -> table[LogFixture.region(bytes, off)][LogFixture.type(bytes, off)]++);
        return table;
    }

    /** The whole table as "region:type=count" in region asc, count desc, type asc order, sorted by hand. */
    private static List<String> expectedEntries(long[][] table) {
        List<String> out = new ArrayList<>();
        for (int region = 0; region < 8; region++) {
            for (int[] t : byCountDescending(table[region], 256)) {
                out.add(region + ":" + t[0] + "=" + table[region][t[0]]);
            }
        }
        return out;
    }

    /** The top N per region by repeated selection of the largest count (smallest type on ties). */
    private static List<String> expectedTop(long[][] table, int topN) {
        List<String> out = new ArrayList<>();
        for (int region = 0; region < 8; region++) {
            for (int[] t : byCountDescending(table[region], topN)) {
                out.add(region + ":" + t[0] + "=" + table[region][t[0]]);
            }
        }
        return out;
    }

    private static List<int[]> byCountDescending(long[] counts, int limit) {
        boolean[] taken = new boolean[counts.length];
        List<int[]> out = new ArrayList<>();
        while (out.size() < limit) {
            int best = -1;
            for (int type = 0; type < counts.length; type++) {
                if (!taken[type] && counts[type] > 0 && (best < 0 || counts[type] > counts[best])) {
                    best = type;
                }
            }
            if (best < 0) {
                break;
            }
            taken[best] = true;
            out.add(new int[] {best});
        }
        return out;
    }

    private static List<String> strings(List<Q2Result.Entry> entries) {
        return entries.stream().map(e -> e.region() + ":" + e.type() + "=" + e.count()).toList();
    }

    @ParameterizedTest
    @MethodSource("dev.ispd.tasklet.builtin.LogFixture#entryAndPageSizes")
    void tableAndTopNMatchAPlainLoop(int entrySize, int pageSize) {
        LogFixture f = new LogFixture(entrySize, 21);
        Q2Result result = Q2Result.decode(f.run("q2", params(entrySize, 3), pageSize, 2).bytes());

        long[][] table = expectedTable(f);
        assertEquals(expectedEntries(table), strings(result.entries()));
        assertEquals(3, result.topN());
        assertEquals(expectedTop(table, 3), strings(result.topPerRegion()));
        assertTrue(result.entries().stream().anyMatch(e -> e.type() > 12), "raw types above 12 are kept");
    }

    @ParameterizedTest
    @MethodSource("dev.ispd.tasklet.builtin.LogFixture#entryAndPageSizes")
    void resultAndMeterDoNotDependOnTheBatchSize(int entrySize, int pageSize) {
        LogFixture f = new LogFixture(entrySize, 22);
        HostRunner.Result first = f.run("q2", params(entrySize, 5), pageSize, 1);
        for (int batch : LogFixture.BATCH_SIZES) {
            HostRunner.Result r = f.run("q2", params(entrySize, 5), pageSize, batch);
            assertArrayEquals(first.bytes(), r.bytes(), "result with " + batch + " pages per batch");
            assertEquals(first.meter(), r.meter(), "meter with " + batch + " pages per batch");
        }
    }

    @Test
    void mergedSplitTablesGiveTheTopNOfTheWholeData() {
        for (int topN = 1; topN <= 13; topN += 4) {
            LogFixture f = new LogFixture(32, 23 + topN);
            List<Q2Result> parts = new ArrayList<>();
            List<Q2Result.Entry> allEntries = new ArrayList<>();
            for (List<Extent> split : f.splits(4)) {
                Q2Result part = Q2Result.decode(f.run("q2", params(32, topN), split, 100, 2).bytes());
                parts.add(part);
                allEntries.addAll(part.entries());
            }
            Q2Result whole = Q2Result.decode(f.run("q2", params(32, topN), 8192, 128).bytes());

            assertEquals(whole, Q2Result.merge(parts));
            assertEquals(whole.topPerRegion(), Q2Result.merge(parts).topPerRegion());
            assertEquals(whole.topPerRegion(), Q2Result.topPerRegion(allEntries, topN));
            assertEquals(expectedTop(expectedTable(f), topN), strings(whole.topPerRegion()));
        }
    }

    @Test
    void perSplitTopNWouldBeWrongButTheMergedTableIsRight() {
        // Region 0. Split 1: type 1 x3, type 2 x2. Split 2: type 3 x3, type 2 x2. Overall type 2 leads with 4.
        byte[] split1 = entries(new int[] {1, 1, 1, 2, 2});
        byte[] split2 = entries(new int[] {3, 3, 3, 2, 2});
        Q2Result r1 = Q2Result.decode(runOver(split1, 1).bytes());
        Q2Result r2 = Q2Result.decode(runOver(split2, 1).bytes());

        assertEquals(1, r1.topPerRegion().get(0).type());
        assertEquals(3, r2.topPerRegion().get(0).type());
        assertEquals(List.of(new Q2Result.Entry(0, 2, 4)), Q2Result.merge(List.of(r1, r2)).topPerRegion());
    }

    @Test
    void layoutMeterAndSortComparesAreExact() {
        // Region 0: types 0..3 with counts 1..4 (the sort reverses them: 4 compares); region 2: type 200 once.
        int[] types = {0, 1, 1, 2, 2, 2, 3, 3, 3, 3};
        ByteBuffer buf = ByteBuffer.allocate(11 * 20);
        for (int i = 0; i < types.length; i++) {
            entry(types[i], 0).writeTo(buf, i * 20, 20);
        }
        entry(200, 2).writeTo(buf, 10 * 20, 20);
        HostRunner.Result r = runOver(buf.array(), 2);

        assertEquals("0200" + "0500"
                + "0003" + "0400000000000000"
                + "0002" + "0300000000000000"
                + "0001" + "0200000000000000"
                + "0000" + "0100000000000000"
                + "02c8" + "0100000000000000", HexFormat.of().formatHex(r.bytes()));
        Meter m = r.meter();
        assertEquals(11, m.records());
        assertEquals(22, m.dramAccesses());
        assertEquals(11, m.hashUpdates());
        assertEquals(4, m.compares());
        assertEquals(54, m.bytesOut());
    }

    @Test
    void sortCountsItsCompares() {
        long[] counts = {5, 5, 5, 5};
        int[] types = {0, 1, 2, 3};
        assertEquals(4, Q2Tasklet.sortByCountDescending(types, 4, counts, 0, new int[4]));
        assertArrayEquals(new int[] {0, 1, 2, 3}, types, "equal counts keep type order");
        assertEquals(0, Q2Tasklet.sortByCountDescending(new int[] {7}, 1, new long[8], 0, new int[1]));
        int[] two = {0, 1};
        assertEquals(1, Q2Tasklet.sortByCountDescending(two, 2, new long[] {1, 9}, 0, new int[2]));
        assertArrayEquals(new int[] {1, 0}, two);
    }

    @Test
    void decodeRejectsMalformedResults() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Q2Result.decode(HexFormat.of().parseHex("03000200" + "0001" + "0100000000000000")));
        assertTrue(e.getMessage().contains("2 entries"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Q2Result.decode(HexFormat.of().parseHex(
                "03000200" + "0001" + "0100000000000000" + "0002" + "0200000000000000")));
        assertTrue(e.getMessage().contains("out of order") && e.getMessage().contains("offset 14"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Q2Result.merge(List.of(
                new Q2Result(3, List.of()), new Q2Result(4, List.of()))));
        assertTrue(e.getMessage().contains("topN"), e.getMessage());
        assertNotEquals(new Q2Result(3, List.of()), new Q2Result(4, List.of()));
    }

    private static WorldCupEntry entry(int type, int region) {
        return new WorldCupEntry(0, 0, 0, 0, 0, 0, type, region << 5);
    }

    private static byte[] entries(int[] types) {
        ByteBuffer buf = ByteBuffer.allocate(types.length * 20);
        for (int i = 0; i < types.length; i++) {
            entry(types[i], 0).writeTo(buf, i * 20, 20);
        }
        return buf.array();
    }

    private static HostRunner.Result runOver(byte[] data, int topN) {
        try {
            return new HostRunner(8192, 1).run("q2", params(20, topN), Params.EMPTY,
                    List.of(new Extent(1, 0, data.length)), InMemoryPageSource.of(1, data));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
