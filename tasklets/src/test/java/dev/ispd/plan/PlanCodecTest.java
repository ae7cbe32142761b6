package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanCodecTest {
    @Test
    void everyVectorDecodesToItsPlanAndEncodesBackToTheSameBytesInItsVersion() throws IOException {
        int narrow = 0;
        for (PlanVectors.Vector v : PlanVectors.all()) {
            byte[] bytes = Files.readAllBytes(PlanVectors.DIR.resolve(v.file()));
            assertEquals(v.plan(), PlanCodec.decode(bytes), v.file());
            byte[] encoded = PlanCodec.encode(v.plan());
            if (bytes[0] == PlanCodec.NARROW_VERSION) { // a drive still decodes version 7: its widths are one byte
                narrow++;
                assertEquals(PlanCodec.VERSION, encoded[0], v.file());
                assertEquals(bytes.length + v.plan().layout().fields().size(), encoded.length, v.file());
            } else {
                assertArrayEquals(bytes, encoded, v.file());
            }
        }
        assertTrue(narrow > 0 && narrow < PlanVectors.all().size(), "vectors of both versions");
        try (var files = Files.list(PlanVectors.DIR)) {
            assertEquals(PlanVectors.all().stream().map(PlanVectors.Vector::file).sorted().toList(),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "every vector file is documented");
        }
    }

    @Test
    void q1IsTheDocumentedBytes() {
        // docs/protocol.md, "Plans": the example spelled out byte by byte
        byte[] q1 = PlanCodec.encode(PlanVectors.all().get(0).plan());
        String hex = HexFormat.of().formatHex(q1);
        assertTrue(hex.startsWith("08" + "0a00" + HexFormat.of().formatHex("worldcup98".getBytes()) + "00010000" + "09"
                + "0900" + HexFormat.of().formatHex("timestamp".getBytes()) + "00000000" + "0400" + "02" + "00" + "00" + "00"),
                hex);
        assertTrue(hex.endsWith("00" + "00" + "01" + "0008" + "01" + "00ff" + "00" + "ffffffffffffffff"), hex);
    }

    @Test
    void aMalformedEncodingNamesTheByte() {
        byte[] q1 = PlanCodec.encode(PlanVectors.all().get(0).plan());
        assertMalformed("byte 0", "version 9, this side reads versions 7 and 8", with(q1, 0, 9));
        assertMalformed("ends early", "", Arrays.copyOf(q1, q1.length - 3));
        byte[] longer = Arrays.copyOf(q1, q1.length + 2);
        assertMalformed("2 bytes after the end", "", longer);
        // the GROUP BY field index (the byte after the group count) past the layout's 9 fields
        int groupField = q1.length - 8 - 1 - 2 - 1 - 1;
        assertMalformed("field index 9 is past", "byte " + groupField, with(q1, groupField, 9));
        assertMalformed("at most 196608 bytes", "", new byte[PlanCodec.MAX_BYTES + 1]);
    }

    @Test
    void typedFieldsEncodeTheirTypeAndNullBitAndAStringLiteralItsBytes() {
        byte[] typed = PlanCodec.encode(PlanVectors.all().get(5).plan());
        String hex = HexFormat.of().formatHex(typed);
        // price: offset 4, 8 bytes, flags signed (1) + NULL_BIT (8), no bits, type 2 (decimal) 12,2, null bit 288 (byte 36 bit 0)
        assertTrue(hex.contains("0500" + HexFormat.of().formatHex("price".getBytes()) + "04000000" + "0800" + "09" + "0000"
                + "02" + "0c02" + "20010000"), hex);
        // mode = 'AIR': tag 8, field 6, op 0, the literal
        assertTrue(hex.contains("08" + "06" + "00" + "0300" + HexFormat.of().formatHex("AIR".getBytes())), hex);
        int kind = hex.indexOf("0500" + HexFormat.of().formatHex("price".getBytes())) / 2 + 2 + 5 + 4 + 2 + 1 + 2;
        assertMalformed("field price: unknown type 9", "byte " + kind, with(typed, kind, 9));
        // a decimal(12,2) whose precision no longer fits its 8 bytes is the layout's error, naming the field
        PlanException e = assertThrows(PlanException.class, () -> PlanCodec.decode(with(typed, kind + 1, 19)));
        assertEquals("layout", e.part());
        assertTrue(e.getMessage().contains("field price: decimal(19,2) does not fit 8 bytes"), e.getMessage());
    }

    @Test
    void aStringWiderThan255BytesEncodesItsWidthInTwoBytesAndADriveRefusesAWiderOne() {
        Plan wide = PlanVectors.all().stream().filter(v -> v.file().startsWith("pqwide-")).findFirst().orElseThrow().plan();
        assertEquals(60_000, wide.layout().field("body", "test").width());
        byte[] bytes = PlanCodec.encode(wide);
        String hex = HexFormat.of().formatHex(bytes);
        // body: offset 1,004, 60,000 bytes (0xea60), flags NULL_BIT and big-endian (as a byte-order-free field is), no bits, type 6 (char), zero-padded
        assertTrue(hex.contains("0400" + HexFormat.of().formatHex("body".getBytes()) + "ec030000" + "60ea" + "0a" + "0000"
                + "06" + "01"), hex);
        PlanException e = assertThrows(PlanException.class, () -> Field.of("s", 0, FieldType.MAX_CHARS + 1,
                FieldType.chars(true), false));
        assertTrue(e.getMessage().contains("field s: char(n) takes 1-65535 bytes, got 65536"), e.getMessage());
    }

    @Test
    void aDecodedPlanIsCheckedLikeABuiltOne() {
        byte[] q1 = PlanCodec.encode(PlanVectors.all().get(0).plan());
        // LIMIT 5 on an aggregate plan: the last 8 bytes
        byte[] limited = q1.clone();
        Arrays.fill(limited, q1.length - 8, q1.length, (byte) 0);
        limited[q1.length - 8] = 5;
        PlanException e = assertThrows(PlanException.class, () -> PlanCodec.decode(limited));
        assertEquals("limit", e.part(), e.getMessage());
    }

    @Test
    void plansReadAsSql() {
        List<String> texts = PlanVectors.all().stream().map(v -> v.plan().toString()).toList();
        assertEquals("SELECT region, COUNT(*) FROM worldcup98@256 GROUP BY region", texts.get(0));
        assertEquals("SELECT timestamp, clientID FROM worldcup98@32 WHERE (type = 0) AND ((region IN (1, 3)) OR "
                + "(NOT (size BETWEEN 100 AND 2000))) LIMIT 1000", texts.get(2));
        assertEquals("SELECT temp, serial FROM sensor@12 WHERE (level IS NULL) OR (temp < -5) ORDER BY serial DESC "
                + "LIMIT 10", texts.get(3));
        assertEquals("SELECT id, ship, at FROM orders@53 WHERE ((price >= 100.00) AND (NOT (ratio < 0.5)) AND "
                + "(mode = 'AIR') AND (ok = TRUE)) OR (price IS NULL) ORDER BY at DESC LIMIT 5", texts.get(5));
    }

    private static byte[] with(byte[] b, int at, int value) {
        byte[] copy = b.clone();
        copy[at] = (byte) value;
        return copy;
    }

    private static void assertMalformed(String words, String more, byte[] body) {
        PlanException e = assertThrows(PlanException.class, () -> PlanCodec.decode(body));
        assertEquals("encoding", e.part(), e.getMessage());
        assertTrue(e.getMessage().contains(words) && e.getMessage().contains(more), e.getMessage());
    }
}
