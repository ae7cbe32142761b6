package dev.ispd.tasklet.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.ExtentScanner;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class Q1TaskletTest {

    private static Params params(int entrySize) {
        return Params.of("entrySize", Integer.toString(entrySize));
    }

    private static long[] expectedCounts(LogFixture f) {
        long[] counts = new long[8];
        f.forEachRecord((id, bytes, off) -> counts[LogFixture.region(bytes, off)]++);
        return counts;
    }

    @ParameterizedTest
    @MethodSource("dev.ispd.tasklet.builtin.LogFixture#entryAndPageSizes")
    void countsEveryRegionLikeAPlainLoop(int entrySize, int pageSize) {
        LogFixture f = new LogFixture(entrySize, 11);
        Q1Result result = Q1Result.decode(f.run("q1", params(entrySize), pageSize, 2).bytes());

        assertArrayEquals(expectedCounts(f), result.counts());
        assertEquals(f.recordCount(), result.total());
    }

    @ParameterizedTest
    @MethodSource("dev.ispd.tasklet.builtin.LogFixture#entryAndPageSizes")
    void resultAndMeterDoNotDependOnTheBatchSize(int entrySize, int pageSize) {
        LogFixture f = new LogFixture(entrySize, 12);
        HostRunner.Result first = f.run("q1", params(entrySize), pageSize, 1);
        for (int batch : LogFixture.BATCH_SIZES) {
            HostRunner.Result r = f.run("q1", params(entrySize), pageSize, batch);
            assertArrayEquals(first.bytes(), r.bytes(), "result with " + batch + " pages per batch");
            assertEquals(first.meter(), r.meter(), "meter with " + batch + " pages per batch");
        }
    }

    @Test
    void meterCountsOneAccessAndOneUpdatePerRecord() {
        LogFixture f = new LogFixture(32, 13);
        HostRunner.Result r = f.run("q1", params(32), 8192, 128);
        long k = f.recordCount();
        Meter m = r.meter();
        assertEquals(k, m.records());
        assertEquals(k, m.dramAccesses());
        assertEquals(k, m.hashUpdates());
        assertEquals(0, m.compares());
        long regions = Arrays.stream(expectedCounts(f)).filter(c -> c != 0).count();
        assertEquals(9 * regions, m.bytesOut());
        assertEquals(r.bytes().length, m.bytesOut());
        assertEquals(new ExtentScanner(8192, 128).pagesIn(f.extents), m.pages());
        assertEquals(f.extents.stream().mapToLong(Extent::length).sum(), m.bytesScanned());
    }

    @Test
    void resultLayoutIsRegionThenCountLittleEndianForNonZeroRegionsOnly() {
        // 2 records in region 1 and 1 in region 6, 20-byte records.
        byte[] data = new byte[60];
        data[19] = (byte) (1 << 5 | 3);
        data[39] = (byte) (6 << 5);
        data[59] = (byte) (1 << 5 | 31);
        HostRunner.Result r = runOver(data);
        assertEquals("01" + "0200000000000000" + "06" + "0100000000000000", HexFormat.of().formatHex(r.bytes()));
        assertEquals(18, r.meter().bytesOut());
    }

    @Test
    void splitResultsSumToTheWholeResult() {
        LogFixture f = new LogFixture(64, 15);
        List<Q1Result> parts = new ArrayList<>();
        for (List<Extent> split : f.splits(3)) {
            parts.add(Q1Result.decode(f.run("q1", params(64), split, 8192, 2).bytes()));
        }
        assertEquals(Q1Result.decode(f.run("q1", params(64), 8192, 2).bytes()), Q1Result.merge(parts));
    }

    @Test
    void emptyScanGivesEmptyResult() {
        HostRunner.Result r = runOver(new byte[0]);
        assertEquals(0, r.bytes().length);
        assertEquals(0, Q1Result.decode(r.bytes()).total());
    }

    @Test
    void decodeRejectsMalformedResults() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Q1Result.decode(new byte[10]));
        assertTrue(e.getMessage().contains("multiple of 9"), e.getMessage());
        byte[] outOfOrder = HexFormat.of().parseHex("030100000000000000" + "010100000000000000");
        e = assertThrows(IllegalArgumentException.class, () -> Q1Result.decode(outOfOrder));
        assertTrue(e.getMessage().contains("offset 9"), e.getMessage());
    }

    private static HostRunner.Result runOver(byte[] data) {
        try {
            return new HostRunner(8192, 1).run("q1", params(20), Params.EMPTY,
                    List.of(new Extent(1, 0, data.length)), InMemoryPageSource.of(1, data));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
