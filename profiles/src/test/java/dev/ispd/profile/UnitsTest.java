package dev.ispd.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.math.RoundingMode;
import org.junit.jupiter.api.Test;

class UnitsTest {

    @Test
    void transferTimeRoundsUp() {
        assertEquals(1, Units.transferNs(1, 2_000_000_000L));
        assertEquals(27_307, Units.transferNs(8192, 300_000_000L));
        assertEquals(0, Units.transferNs(0, 300_000_000L));
    }

    @Test
    void largeProductsDoNotOverflow() {
        long bytes = 4_000_000_000_000L;
        long expected = BigInteger.valueOf(bytes).multiply(BigInteger.valueOf(1_000_000_000L))
                .divide(BigInteger.valueOf(3_000_000_000L)).longValueExact();
        assertEquals(expected, Units.mulDiv(bytes, 1_000_000_000L, 3_000_000_000L, RoundingMode.FLOOR));
        assertEquals(expected + 1, Units.transferNs(bytes, 3_000_000_000L));
    }

    @Test
    void energyOfNanowattsOverNanoseconds() {
        assertEquals(44_000_000_000L, Units.energyNj(44_000_000_000L, 1_000_000_000L));
        assertEquals(0, Units.energyNj(67, 1_000_000L));
        assertEquals(67, Units.energyNj(67, 1_000_000_000L));
        assertEquals(79L * 86_400 * 1_000_000_000L, Units.energyNj(79_000_000_000L, 86_400L * 1_000_000_000L));
    }

    @Test
    void powerSplitsActiveAndIdle() {
        Power p = new Power(1_000_000, 100_000);
        // 1 mW for 1 s is 1 mJ; 0.1 mW for the other 9 s is 0.9 mJ
        assertEquals(1_000_000 + 900_000, p.energyNj(1_000_000_000L, 10_000_000_000L));
        assertThrows(IllegalArgumentException.class, () -> p.energyNj(11, 10));
        assertEquals("0.000067", Power.milliwattsText(67));
        assertEquals("44000", Power.milliwattsText(44_000_000_000L));
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Units.mulDiv(-1, 2, 3, RoundingMode.FLOOR));
        assertThrows(IllegalArgumentException.class, () -> Units.mulDiv(1, 2, 0, RoundingMode.FLOOR));
        assertThrows(ArithmeticException.class, () -> Units.mulDiv(Long.MAX_VALUE, Long.MAX_VALUE, 1, RoundingMode.FLOOR));
    }
}
