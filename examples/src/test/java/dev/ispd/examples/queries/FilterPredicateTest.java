package dev.ispd.examples.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FilterPredicateTest {
    /** One 20-byte record with the given size field (bytes 12-15) and server byte (19). */
    private static ByteBuffer record(long size, int server) {
        ByteBuffer b = ByteBuffer.allocate(20);
        b.putInt(12, (int) size);
        b.put(19, (byte) server);
        return b;
    }

    @Test
    void everyOpComparesUnsigned() {
        ByteBuffer big = record(0xFFFF_FFF0L, 0);
        assertTrue(FilterPredicate.parse("size gt 100").matches(big, 0), "4-byte fields are unsigned");
        assertTrue(FilterPredicate.parse("size ge 4294967280").matches(big, 0));
        assertFalse(FilterPredicate.parse("size lt 4294967280").matches(big, 0));
        assertTrue(FilterPredicate.parse("size le 4294967280").matches(big, 0));
        assertTrue(FilterPredicate.parse("size ne 7").matches(big, 0));
        assertFalse(FilterPredicate.parse("size eq 7").matches(big, 0));
        assertFalse(FilterPredicate.parse("size lt 0").matches(record(0, 0), 0), "nothing is below 0");
        assertFalse(FilterPredicate.parse("size gt 4294967295").matches(big, 0), "nothing is above the maximum");
    }

    @Test
    void regionIsTheServerBytesTopThreeBits() {
        ByteBuffer paris = record(0, (3 << 5) | 17);
        assertTrue(FilterPredicate.parse("region eq 3").matches(paris, 0));
        assertTrue(FilterPredicate.parse("server eq " + ((3 << 5) | 17)).matches(paris, 0));
    }

    @Test
    void modeDefaultsToFirstMatchAndIsKeptInTheCanonicalText() {
        assertTrue(FilterPredicate.parse("type eq 0").firstMatch());
        assertEquals("type eq 0 firstMatch", FilterPredicate.parse("  type   eq 0 ").toString());
        FilterPredicate full = FilterPredicate.parse("objectID lt 20 full");
        assertFalse(full.firstMatch());
        assertEquals("objectID lt 20", full.condition());
        assertEquals("full", full.mode());
    }

    @Test
    void aBadPredicateIsAnErrorNamingTheBadPart() {
        assertTrue(message("type eq").contains("'field op value [mode]'"));
        assertTrue(message("colour eq 1").contains("unknown field 'colour'"));
        assertTrue(message("type like 1").contains("unknown op 'like'"));
        assertTrue(message("type eq 256").contains("[0, 255]"));
        assertTrue(message("region eq 8").contains("[0, 7]"));
        assertTrue(message("size eq -1").contains("'-1'"));
        assertTrue(message("type eq 1 fast").contains("unknown mode 'fast'"));
    }

    private static String message(String predicate) {
        return assertThrows(IllegalArgumentException.class, () -> FilterPredicate.parse(predicate)).getMessage();
    }
}
