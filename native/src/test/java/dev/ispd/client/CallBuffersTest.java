package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Limits;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The encodings handed to C: extents as ispd_extent arrays, strings NUL-terminated, params as text. */
class CallBuffersTest {
    @Test
    void extentsAre24ByteLittleEndianEntries() {
        ByteBuffer b = new CallBuffers().putExtents(List.of(new Extent(42, 0, 1_048_576), new Extent(43, 8192, 16_384)));
        assertTrue(b.isDirect());
        assertEquals(0, b.alignmentOffset(0, 8), "ispd_extent needs 8-byte alignment");
        byte[] first = new byte[24];
        b.get(0, first);
        assertArrayEquals(new byte[] {42, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0}, first);
        ByteBuffer le = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(43, le.getLong(24));
        assertEquals(8192, le.getLong(32));
        assertEquals(16_384, le.getLong(40));
    }

    @Test
    void extentBufferGrowsAndIsReused() {
        CallBuffers buffers = new CallBuffers();
        List<Extent> many = new ArrayList<>(Collections.nCopies(1000, new Extent(7, 8, 9)));
        ByteBuffer grown = buffers.putExtents(many);
        assertTrue(grown.capacity() >= 24_000);
        assertEquals(9, grown.getLong(999 * 24 + 16));
        assertTrue(grown == buffers.putExtents(List.of(new Extent(1, 2, 3))), "no new buffer for a smaller list");
    }

    @Test
    void tooManyExtentsAreRefusedNamingTheLimit() {
        List<Extent> tooMany = Collections.nCopies(Limits.MAX_EXTENTS + 1, new Extent(1, 0, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CallBuffers().putExtents(tooMany));
        assertEquals("execute: 65537 extents, at most 65536 (ISPD_MAX_EXTENTS) per execution", e.getMessage());
    }

    @Test
    void stringsAreNulTerminatedUtf8AndKeepEarlierOnesWhenGrowing() {
        CallBuffers buffers = new CallBuffers().clearText();
        int name = buffers.addText("q1", "tasklet name");
        String big = "é".repeat(5000);
        int params = buffers.addText(big, "params");
        ByteBuffer text = buffers.text();
        assertEquals('q', text.get(name));
        assertEquals(0, text.get(name + 2));
        byte[] bytes = new byte[10_000];
        text.get(params, bytes);
        assertEquals(big, new String(bytes, StandardCharsets.UTF_8));
        assertEquals(0, text.get(params + 10_000));
    }

    @Test
    void paramsBecomeKeyValueLines() {
        CallBuffers buffers = new CallBuffers().clearText();
        Map<String, String> p = new LinkedHashMap<>();
        p.put("entrySize", "256");
        p.put("region", "3");
        int at = buffers.addParams(p, "tasklet parameters");
        byte[] bytes = new byte[24];
        buffers.text().get(at, bytes);
        assertEquals("entrySize=256\nregion=3\n\0", new String(bytes, StandardCharsets.UTF_8));
    }

    @Test
    void textThatCannotBeSentIsRefusedNamingWhat() {
        CallBuffers buffers = new CallBuffers().clearText();
        assertEquals("tasklet name contains a NUL character: 'q\\01'",
                assertThrows(IllegalArgumentException.class, () -> buffers.addText("q\0" + "1", "tasklet name")).getMessage());
        assertEquals("runtime parameters: value of 'match' contains a newline",
                assertThrows(IllegalArgumentException.class,
                        () -> buffers.addParams(Map.of("match", "a\nb"), "runtime parameters")).getMessage());
        assertEquals("runtime parameters: key 'a=b' must be non-empty without '=' or newline",
                assertThrows(IllegalArgumentException.class,
                        () -> buffers.addParams(Map.of("a=b", "1"), "runtime parameters")).getMessage());
    }
}
