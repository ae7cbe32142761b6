package dev.ispd.tasklet.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FilterTaskletTest {
    private static final List<String> FIELDS = List.of("timestamp", "clientID", "objectID", "size", "method",
            "status", "type", "server", "region");
    private static final List<String> OPS = List.of("eq", "ne", "lt", "le", "gt", "ge");

    private static Params params(int entrySize, String field, String op, long value, String mode) {
        return Params.of("entrySize", Integer.toString(entrySize), "field", field, "op", op,
                "value", Long.toString(value), "mode", mode);
    }

    /** The field by hand from the record's bytes. */
    private static long field(byte[] b, int rec, String name) {
        return switch (name) {
            case "timestamp" -> LogFixture.u32(b, rec);
            case "clientID" -> LogFixture.u32(b, rec + 4);
            case "objectID" -> LogFixture.u32(b, rec + 8);
            case "size" -> LogFixture.u32(b, rec + 12);
            case "method" -> LogFixture.u8(b, rec + 16);
            case "status" -> LogFixture.u8(b, rec + 17);
            case "type" -> LogFixture.u8(b, rec + 18);
            case "server" -> LogFixture.u8(b, rec + 19);
            case "region" -> LogFixture.u8(b, rec + 19) >> 5;
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static boolean matches(long v, String op, long value) {
        return switch (op) {
            case "eq" -> v == value;
            case "ne" -> v != value;
            case "lt" -> v < value;
            case "le" -> v <= value;
            case "gt" -> v > value;
            case "ge" -> v >= value;
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** Pages in scan order, each once, and the records the first-match mode examines. */
    private record Expected(List<FilterResult.PageRef> pages, long examinedFirstMatch) { }

    private static Expected expected(LogFixture f, int pageSize, String fieldName, String op, long value) {
        Set<FilterResult.PageRef> pages = new LinkedHashSet<>();
        long[] examined = {0};
        f.forEachRecord((id, bytes, off) -> {
            FilterResult.PageRef page = new FilterResult.PageRef(id, off / pageSize);
            if (pages.contains(page)) {
                return;  // first-match mode skips the rest of a page that already matched
            }
            examined[0]++;
            if (matches(field(bytes, off, fieldName), op, value)) {
                pages.add(page);
            }
        });
        return new Expected(List.copyOf(pages), examined[0]);
    }

    /** A value taken from a record, so every op has both matches and misses. */
    private static long sampleValue(LogFixture f, String fieldName, Random rnd) {
        Extent e = f.extents.get(rnd.nextInt(f.extents.size()));
        int rec = (int) (e.offset() + rnd.nextInt((int) (e.length() / f.entrySize)) * (long) f.entrySize);
        return field(f.bytes(e.objectId()), rec, fieldName);
    }

    @ParameterizedTest
    @MethodSource("dev.ispd.tasklet.builtin.LogFixture#entryAndPageSizes")
    void returnsThePagesAPlainLoopFindsForEveryFieldAndOp(int entrySize, int pageSize) {
        LogFixture f = new LogFixture(entrySize, 31);
        Random rnd = new Random(entrySize * 31L + pageSize);
        for (String fieldName : FIELDS) {
            for (String op : OPS) {
                long value = sampleValue(f, fieldName, rnd);
                Expected want = expected(f, pageSize, fieldName, op, value);
                String what = fieldName + " " + op + " " + value;

                HostRunner.Result first = f.run("filter", params(entrySize, fieldName, op, value, "firstMatch"), pageSize, 2);
                HostRunner.Result full = f.run("filter", params(entrySize, fieldName, op, value, "full"), pageSize, 2);

                assertEquals(want.pages(), FilterResult.decode(first.bytes()).pages(), what);
                assertArrayEquals(first.bytes(), full.bytes(), what + ": both modes find the same pages");
                assertEquals(want.examinedFirstMatch(), first.meter().records(), what);
                assertEquals(f.recordCount(), full.meter().records(), what);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("dev.ispd.tasklet.builtin.LogFixture#entryAndPageSizes")
    void resultAndMeterDoNotDependOnTheBatchSize(int entrySize, int pageSize) {
        LogFixture f = new LogFixture(entrySize, 32);
        for (String mode : List.of("firstMatch", "full")) {
            Params p = params(entrySize, "region", "le", 1, mode);
            HostRunner.Result one = f.run("filter", p, pageSize, 1);
            for (int batch : LogFixture.BATCH_SIZES) {
                HostRunner.Result r = f.run("filter", p, pageSize, batch);
                assertArrayEquals(one.bytes(), r.bytes(), mode + " with " + batch + " pages per batch");
                assertEquals(one.meter(), r.meter(), mode + " with " + batch + " pages per batch");
            }
        }
    }

    @Test
    void sizeIsComparedUnsigned() {
        LogFixture f = new LogFixture(20, 33);
        long half = 0x8000_0000L;
        List<FilterResult.PageRef> pages = FilterResult.decode(
                f.run("filter", params(20, "size", "ge", half, "full"), 100, 2).bytes()).pages();
        assertEquals(expected(f, 100, "size", "ge", half).pages(), pages);
        // A signed reading would see sizes >= 2^31 as negative and match none of them.
        assertTrue(pages.size() > 100, "most 5-record pages hold a size >= 2^31: " + pages.size());
    }

    @Test
    void meterCountsOneAccessAndOneComparePerExaminedRecord() {
        LogFixture f = new LogFixture(32, 34);
        for (String mode : List.of("firstMatch", "full")) {
            HostRunner.Result r = f.run("filter", params(32, "type", "eq", 0, mode), 8192, 128);
            Meter m = r.meter();
            long examined = mode.equals("full") ? f.recordCount() : expected(f, 8192, "type", "eq", 0).examinedFirstMatch();
            assertEquals(examined, m.records(), mode);
            assertEquals(examined, m.dramAccesses(), mode);
            assertEquals(examined, m.compares(), mode);
            assertEquals(0, m.hashUpdates(), mode);
            assertEquals(r.bytes().length, m.bytesOut(), mode);
        }
        assertTrue(f.run("filter", params(32, "type", "eq", 0, "firstMatch"), 8192, 128).meter().records()
                < f.recordCount() / 4, "with frequent matches, first-match mode reads a fraction of the records");
    }

    @Test
    void recordBelongsToThePageWhereItStarts() {
        // Page size 100, 32-byte records: record 3 spans bytes 96..127 and belongs to page 0.
        ByteBuffer buf = ByteBuffer.allocate(8 * 32);
        for (int i = 0; i < 8; i++) {
            new WorldCupEntry(0, 0, 0, 0, 0, 0, i == 3 || i == 7 ? 5 : 1, 0).writeTo(buf, i * 32, 32);
        }
        byte[] result = run(buf.array(), params(32, "type", "eq", 5, "firstMatch"), 100);
        // Record 7 starts at 224: page 2.
        assertEquals("0200000000000000" + "0100000000000000" + "0000000000000000"
                + "0100000000000000" + "0200000000000000", HexFormat.of().formatHex(result));
    }

    @Test
    void pagesSharedByTwoExtentsAreListedOnce() {
        LogFixture f = new LogFixture(20, 35);
        // Both extents of object A share page 1 when pages are 8192 bytes; match everything.
        FilterResult r = FilterResult.decode(f.run("filter", params(20, "region", "le", 7, "full"), 8192, 2).bytes());
        assertEquals(r.pages().size(), new HashSet<>(r.pages()).size());
        assertEquals(new FilterResult.PageRef(LogFixture.OBJECT_A, 1), r.pages().get(1));
        assertEquals(new FilterResult.PageRef(LogFixture.OBJECT_A, 2), r.pages().get(2));
    }

    @Test
    void aPageThatComesBackAfterAnotherObjectIsNotListedAgain() {
        LogFixture f = new LogFixture(20, 37);
        // Page 0 of A, then page 0 of B, then page 0 of A again.
        List<Extent> extents = List.of(new Extent(LogFixture.OBJECT_A, 0, 200), new Extent(LogFixture.OBJECT_B, 0, 200),
                new Extent(LogFixture.OBJECT_A, 200, 200));
        for (String mode : List.of("firstMatch", "full")) {
            FilterResult r = FilterResult.decode(f.run("filter", params(20, "region", "le", 7, mode), extents, 8192, 1).bytes());
            assertEquals(List.of(new FilterResult.PageRef(LogFixture.OBJECT_A, 0), new FilterResult.PageRef(LogFixture.OBJECT_B, 0)),
                    r.pages(), mode);
        }
    }

    @Test
    void manyPagesStayDistinctAndOrdered() {
        // Enough pages to make the page list grow and rehash several times.
        LogFixture f = new LogFixture(20, 36);
        FilterResult r = FilterResult.decode(f.run("filter", params(20, "region", "le", 7, "firstMatch"), 20, 128).bytes());
        List<FilterResult.PageRef> want = new ArrayList<>();
        f.forEachRecord((id, bytes, off) -> want.add(new FilterResult.PageRef(id, off / 20)));
        assertEquals(want, r.pages());
    }

    @Test
    void decodeRejectsMalformedResults() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FilterResult.decode(HexFormat.of().parseHex("0200000000000000" + "01000000000000000100000000000000")));
        assertTrue(e.getMessage().contains("count 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FilterResult.decode(HexFormat.of().parseHex(
                "0200000000000000" + "01000000000000000100000000000000" + "01000000000000000100000000000000")));
        assertTrue(e.getMessage().contains("offset 24") && e.getMessage().contains("twice"), e.getMessage());
    }

    private static byte[] run(byte[] data, Params params, int pageSize) {
        try {
            return new HostRunner(pageSize, 1).run("filter", params, Params.EMPTY,
                    List.of(new Extent(1, 0, data.length)), InMemoryPageSource.of(1, data)).bytes();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
