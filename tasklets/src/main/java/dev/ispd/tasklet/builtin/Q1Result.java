package dev.ispd.tasklet.builtin;

import dev.ispd.worldcup.WorldCup98;
import java.util.Arrays;
import java.util.Collection;

/**
 * The decoded result of {@code q1}: accesses per region. Encoded layout (little-endian): for
 * each region 0..7 whose count is not zero, in ascending order, {@code u8 region},
 * {@code u64 count}; nothing else (9 bytes per region, empty when no record was scanned).
 */
public final class Q1Result {
    private static final int ENTRY_BYTES = 9;

    private final long[] counts;

    /** {@code counts[region]} for regions 0..7. */
    public Q1Result(long[] counts) {
        if (counts.length != WorldCup98.REGIONS) {
            throw new IllegalArgumentException("q1 counts need one entry per region (" + WorldCup98.REGIONS
                    + "), got " + counts.length);
        }
        this.counts = counts.clone();
    }

    public static Q1Result decode(byte[] result) {
        ResultReader r = new ResultReader("q1", result);
        if (result.length % ENTRY_BYTES != 0) {
            throw r.error(result.length, "length " + result.length + " is not a multiple of " + ENTRY_BYTES);
        }
        long[] counts = new long[WorldCup98.REGIONS];
        int previous = -1;
        while (r.remaining() > 0) {
            int at = r.offset();
            int region = r.u8();
            long count = r.u64();
            if (region <= previous || region >= WorldCup98.REGIONS) {
                throw r.error(at, "region " + region + " is out of order or outside [0, 7]");
            }
            if (count <= 0) {
                throw r.error(at, "region " + region + " has count " + count + ", must be positive");
            }
            counts[region] = count;
            previous = region;
        }
        return new Q1Result(counts);
    }

    /** The sum of several splits' results: what the reduce step computes. */
    public static Q1Result merge(Collection<Q1Result> parts) {
        long[] sum = new long[WorldCup98.REGIONS];
        for (Q1Result part : parts) {
            for (int region = 0; region < sum.length; region++) {
                sum[region] += part.counts[region];
            }
        }
        return new Q1Result(sum);
    }

    public long count(int region) {
        return counts[region];
    }

    public long total() {
        return Arrays.stream(counts).sum();
    }

    /** A copy of the counts, indexed by region. */
    public long[] counts() {
        return counts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Q1Result q && Arrays.equals(counts, q.counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return "Q1Result" + Arrays.toString(counts);
    }
}
