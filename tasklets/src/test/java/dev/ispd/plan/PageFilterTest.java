package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.tasklet.Meter;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class PageFilterTest {
    /** One 20-byte record with the given size field (bytes 12-15) and server byte (19). */
    private static ByteBuffer record(long size, int server) {
        ByteBuffer b = ByteBuffer.allocate(20);
        b.putInt(12, (int) size);
        b.put(19, (byte) server);
        return b;
    }

    private static boolean matches(String condition, ByteBuffer record) {
        return Comparison.parse(condition).matches(record, 0);
    }

    @Test
    void everyOpComparesUnsigned() {
        ByteBuffer big = record(0xFFFF_FFF0L, 0);
        assertTrue(matches("size gt 100", big), "4-byte fields are unsigned");
        assertTrue(matches("size ge 4294967280", big));
        assertFalse(matches("size lt 4294967280", big));
        assertTrue(matches("size le 4294967280", big));
        assertTrue(matches("size ne 7", big));
        assertFalse(matches("size eq 7", big));
        assertFalse(matches("size lt 0", record(0, 0)), "nothing is below 0");
        assertFalse(matches("size gt 4294967295", big), "nothing is above the maximum");
    }

    @Test
    void regionIsTheServerBytesTopThreeBits() {
        ByteBuffer paris = record(0, (3 << 5) | 17);
        assertTrue(matches("region eq 3", paris));
        assertTrue(matches("server eq " + ((3 << 5) | 17), paris));
    }

    @Test
    void modeDefaultsToFirstMatchAndIsKeptInTheCanonicalText() {
        assertTrue(PageFilter.parse("type eq 0").firstMatch());
        assertEquals("type eq 0 firstMatch", PageFilter.parse("  type   eq 0 ").toString());
        PageFilter full = PageFilter.parse("objectID lt 20 full");
        assertFalse(full.firstMatch());
        assertEquals(Comparison.of("objectID", "lt", "20"), full.condition());
        assertEquals("objectID lt 20", full.condition().toString());
        assertEquals(FilterMode.FULL, full.mode());
    }

    @Test
    void aBadPredicateIsAnErrorNamingTheBadPart() {
        assertBad("type eq", "predicate", "'field op value [mode]'");
        assertBad("colour eq 1", "field", "unknown field 'colour'");
        assertBad("type like 1", "op", "unknown op 'like'");
        assertBad("type eq 256", "value", "[0, 255]");
        assertBad("region eq 8", "value", "[0, 7]");
        assertBad("size eq -1", "value", "'-1'");
        assertBad("type eq 1 fast", "mode", "unknown mode 'fast'");
        PlanException e = assertThrows(PlanException.class, () -> Comparison.parse("type eq 1 full"));
        assertTrue(e.getMessage().contains("'field op value'"), e.getMessage());
    }

    @Test
    void anEvaluationIsMeteredAsOneRecordOneFieldLoadAndOneCompare() {
        Meter m = new Meter();
        Comparison.meterEvaluations(m, 5);
        assertEquals(5, m.records());
        assertEquals(5, m.dramAccesses());
        assertEquals(5, m.compares());
        assertEquals(0, m.hashUpdates());
    }

    private static void assertBad(String predicate, String part, String words) {
        PlanException e = assertThrows(PlanException.class, () -> PageFilter.parse(predicate));
        assertEquals(part, e.part(), e.getMessage());
        assertTrue(e.getMessage().contains(words), "'" + e.getMessage() + "' should contain " + words);
    }
}
