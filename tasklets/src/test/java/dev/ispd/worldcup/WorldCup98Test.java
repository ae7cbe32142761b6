package dev.ispd.worldcup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WorldCup98Test {
    // 1998-05-01 00:00:00 GMT = 0x35491080 (893980800), client 0x01020304, object 0x0A0B0C0D,
    // size 0xFFFFFFFE, HEAD, HTTP/1.1 404 (index 19), IMAGE, Paris server 17.
    private static final WorldCupEntry SAMPLE = new WorldCupEntry(893_980_800L, 0x01020304L, 0x0A0B0C0DL,
            0xFFFF_FFFEL, 1, 2 << 6 | 19, 1, 3 << 5 | 17);
    private static final String SAMPLE_HEX = "35491080" + "01020304" + "0a0b0c0d" + "fffffffe" + "01" + "93" + "01" + "71";

    @Test
    void encodesBigEndianFieldsAndZeroPadding() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            ByteBuffer buf = ByteBuffer.allocate(3 + 32).order(order);
            Arrays.fill(buf.array(), (byte) 0x55);
            SAMPLE.writeTo(buf, 3, 32);
            assertEquals("555555" + SAMPLE_HEX + "00".repeat(12), HexFormat.of().formatHex(buf.array()), order.toString());
            assertEquals(0, buf.position());
            assertEquals(order, buf.order());
        }
    }

    @Test
    void accessorsReadEveryFieldWhateverTheBufferOrder() {
        ByteBuffer be = ByteBuffer.wrap(HexFormat.of().parseHex("ff" + SAMPLE_HEX));
        ByteBuffer le = ByteBuffer.allocateDirect(21).order(ByteOrder.LITTLE_ENDIAN).put(be.duplicate()).clear();
        for (ByteBuffer buf : new ByteBuffer[] {be, le}) {
            assertEquals(893_980_800L, WorldCup98.timestamp(buf, 1));
            assertEquals(0x01020304L, WorldCup98.clientId(buf, 1));
            assertEquals(0x0A0B0C0DL, WorldCup98.objectId(buf, 1));
            assertEquals(0xFFFF_FFFEL, WorldCup98.size(buf, 1));
            assertEquals(1, WorldCup98.method(buf, 1));
            assertEquals(0x93, WorldCup98.status(buf, 1));
            assertEquals(1, WorldCup98.type(buf, 1));
            assertEquals(0x71, WorldCup98.server(buf, 1));
            assertEquals(SAMPLE, WorldCupEntry.read(buf, 1));
            assertEquals(0, buf.position());
        }
    }

    @Test
    void randomEntriesRoundTripAtEveryEntrySize() {
        Random rnd = new Random(5);
        for (int entrySize : WorldCup98.ENTRY_SIZES) {
            ByteBuffer buf = ByteBuffer.allocate(50 * entrySize);
            WorldCupEntry[] entries = new WorldCupEntry[50];
            for (int i = 0; i < entries.length; i++) {
                entries[i] = new WorldCupEntry(rnd.nextLong() & 0xFFFF_FFFFL, rnd.nextLong() & 0xFFFF_FFFFL,
                        rnd.nextLong() & 0xFFFF_FFFFL, rnd.nextLong() & 0xFFFF_FFFFL, rnd.nextInt(256),
                        rnd.nextInt(256), rnd.nextInt(256), rnd.nextInt(256));
                entries[i].writeTo(buf, i * entrySize, entrySize);
            }
            for (int i = 0; i < entries.length; i++) {
                assertEquals(entries[i], WorldCupEntry.read(buf, i * entrySize), "entry " + i + " of size " + entrySize);
                for (Field f : Layout.worldCup98(entrySize).fields()) {
                    assertEquals(expectedField(entries[i], f.name()), f.read(buf, i * entrySize), f.name());
                }
            }
        }
    }

    private static long expectedField(WorldCupEntry e, String field) {
        return switch (field) {
            case "timestamp" -> e.timestamp();
            case "clientID" -> e.clientId();
            case "objectID" -> e.objectId();
            case "size" -> e.size();
            case "method" -> e.method();
            case "status" -> e.status();
            case "type" -> e.type();
            case "server" -> e.server();
            case "region" -> e.server() >> 5;
            default -> throw new IllegalArgumentException("no WorldCup98 field " + field);
        };
    }

    @Test
    void serverSplitsIntoRegionAndNumber() {
        assertEquals(3, SAMPLE.region());
        assertEquals(17, SAMPLE.serverNumber());
        assertEquals(7, WorldCup98.region(0xFF));
        assertEquals(31, WorldCup98.serverNumber(0xFF));
        assertEquals(0x71, WorldCup98.server(3, 17));
        assertThrows(IllegalArgumentException.class, () -> WorldCup98.server(8, 0));
        assertEquals("Santa Clara", WorldCup98.regionName(0));
        assertEquals("Plano", WorldCup98.regionName(1));
        assertEquals("Herndon", WorldCup98.regionName(2));
        assertEquals("Paris", WorldCup98.regionName(3));
        assertEquals("region 5", WorldCup98.regionName(5));
        assertEquals("unknown", WorldCup98.regionName(WorldCup98.UNKNOWN_REGION));
        assertEquals(7, WorldCup98.region(WorldCup98.server(WorldCup98.UNKNOWN_REGION, 0)));
        assertEquals(8, Layout.worldCup98(20).field("region", "test").max() + 1);
    }

    @Test
    void statusSplitsIntoHttpVersionAndCodeIndex() {
        assertEquals(2, SAMPLE.httpVersion());
        assertEquals(19, SAMPLE.statusIndex());
        assertEquals(404, WorldCup98.httpStatusCode(SAMPLE.statusIndex()));
        assertEquals("1.1", WorldCup98.httpVersionName(2));
        assertEquals("0.9", WorldCup98.httpVersionName(0));
        assertEquals("other", WorldCup98.httpVersionName(3));
        assertEquals(0x93, WorldCup98.status(2, 19));
    }

    @Test
    void statusIndexTableMatchesTheFormat() {
        // The format's families: 100-101, 200-206, 300-305, 400-415, 500-505, in index order.
        int[][] families = {{100, 101}, {200, 206}, {300, 305}, {400, 415}, {500, 505}};
        int[] codes = new int[37];
        int i = 0;
        for (int[] family : families) {
            for (int c = family[0]; c <= family[1]; c++) {
                codes[i++] = c;
            }
        }
        assertEquals(37, i);
        for (int index = 0; index < 37; index++) {
            assertEquals(codes[index], WorldCup98.httpStatusCode(index), "index " + index);
            assertEquals(index, WorldCup98.statusIndexOf(codes[index]), "code " + codes[index]);
        }
        assertEquals(-1, WorldCup98.httpStatusCode(37));
        assertEquals(-1, WorldCup98.httpStatusCode(63));
        for (int other : new int[] {102, 207, 306, 416, 506, 600, 0, 99}) {
            assertEquals(WorldCup98.OTHER_STATUS_INDEX, WorldCup98.statusIndexOf(other), "code " + other);
        }
    }

    @Test
    void namesFollowTheFormatDocument() {
        String[] types = {"HTML", "IMAGE", "AUDIO", "VIDEO", "JAVA", "FORMATTED", "DYNAMIC", "TEXT", "COMPRESSED",
            "PROGRAMS", "DIRECTORY", "ICL", "other"};
        for (int t = 0; t < types.length; t++) {
            assertEquals(types[t], WorldCup98.typeName(t));
        }
        assertEquals("type 13", WorldCup98.typeName(13));
        assertEquals("GET", WorldCup98.methodName(0));
        assertEquals("CONNECT", WorldCup98.methodName(7));
        assertEquals("other", WorldCup98.methodName(8));
    }

    @Test
    void entryRejectsOutOfRangeFieldsNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WorldCupEntry(0, 0, 0, 1L << 32, 0, 0, 0, 0));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new WorldCupEntry(0, 0, 0, 0, 0, 0, 256, 0));
        assertTrue(e.getMessage().contains("type"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SAMPLE.writeTo(ByteBuffer.allocate(100), 0, 40));
        assertTrue(e.getMessage().contains("40"), e.getMessage());
    }
}
