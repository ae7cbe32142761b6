package dev.ispd.spark.pushdown;

import dev.ispd.plan.Field;
import java.math.BigInteger;
import java.util.List;

/**
 * The exact SUM of a column wider than 32 bits, which the drives' 64-bit SUM could wrap: pushed as
 * the SUMs of its two halves, two more fields of the plan's layout over the same bytes, the low 32
 * bits (unsigned) and the bits above them (signed where Spark's value is: a signed field, or an
 * unsigned 8-byte one, a signed {@code bigint} in Spark). Over fewer than {@value #MAX_RECORDS}
 * records neither half's sum can leave 64 bits (below 2^31 x 2^32 = 2^63), and the column's exact
 * sum is {@code high * 2^32 + low}.
 */
final class HalvedSum {
    /** Records below which the halves' 64-bit sums are exact: 2^31. */
    static final long MAX_RECORDS = 1L << 31;
    private static final String LOW = "#low32";
    private static final String HIGH = "#high32";

    private HalvedSum() {
    }

    /** Whether a SUM of {@code f} is halved: its values are wider than 32 bits. */
    static boolean wide(Field f) {
        return f.valueBits() > 32;
    }

    /** The two fields whose sums make {@code f}'s: the low 32 bits, then the rest. */
    static List<Field> halves(Field f) {
        int low = f.bitCount() == 0 ? 0 : f.bitOffset();
        int bits = f.valueBits();
        boolean signedHigh = f.signed() || bits == 64;
        return List.of(
                new Field(lowName(f.name()), f.offset(), f.width(), false, f.bigEndian(), low, 32, false, 0),
                new Field(highName(f.name()), f.offset(), f.width(), signedHigh, f.bigEndian(), low + 32, bits - 32,
                        false, 0));
    }

    static String lowName(String field) {
        return field + LOW;
    }

    static String highName(String field) {
        return field + HIGH;
    }

    /** The exact sum whose halves summed to {@code low} and {@code high}. */
    static BigInteger sum(long low, long high) {
        return BigInteger.valueOf(high).shiftLeft(32).add(BigInteger.valueOf(low));
    }
}
