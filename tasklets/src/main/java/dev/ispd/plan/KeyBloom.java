package dev.ispd.plan;

/**
 * The Bloom filter of {@link Predicate.Bloom}: a set of keys too large for an {@code IN} (a join's
 * build-side keys, given to a scan as a runtime filter), as bits a value's probes must all find
 * set. It answers TRUE for every key of the set and for a few others (about 1% at 10 bits a key),
 * so it serves where a later exact test decides, as a join does. The probes are
 * {@code h1 + i * h2} (i = 0..hashes-1) modulo the bits, {@code h1} and {@code h2} the low and
 * high halves of the value's 64-bit mix (SplitMix64's finalizer): the drive and the host build
 * and test it with this code, so a value passes or fails alike everywhere.
 */
public final class KeyBloom {
    /**
     * Most words of bits: 128 KiB (1,048,576 bits, 10 bits a key for 104,857 keys), two thirds of
     * a plan's bytes ({@link PlanCodec#MAX_BYTES}). A larger set shares the bits: at 4 bits a key
     * about 15% of other values pass, at 2 bits 40%; at a quarter of this (TPC-H SF 3's 875,000
     * orders of Q3 in 262,144 bits) 96% did, and the scan returned nearly every line item.
     */
    public static final int MAX_WORDS = 16_384;
    /** Most probes a value makes. */
    public static final int MAX_HASHES = 8;
    private static final int BITS_PER_KEY = 10;

    private KeyBloom() {
    }

    /** The filter of {@code keys} on {@code field}: 10 bits a key, at most {@link #MAX_WORDS} words, probes to match. */
    public static Predicate.Bloom of(String field, long[] keys) {
        int words = words(keys.length);
        int hashes = hashes(words, keys.length);
        long[] bits = new long[words];
        long m = words * 64L;
        for (long k : keys) {
            long h = mix(k);
            int h1 = (int) h;
            int h2 = (int) (h >>> 32);
            for (int i = 0; i < hashes; i++) {
                long bit = Integer.toUnsignedLong(h1 + i * h2) % m;
                bits[(int) (bit >>> 6)] |= 1L << bit;
            }
        }
        return new Predicate.Bloom(field, bits, hashes);
    }

    /**
     * The share of values not among {@code keys} distinct keys that the filter {@link #of} builds
     * of them passes, as a Bloom filter's expected false positives, {@code (1 - e^(-hn/m))^h}:
     * about 1% up to the keys {@link #MAX_WORDS} words hold at 10 bits a key (104,857), more past
     * them (a year of TPC-H SF 1's orders, 227,000 keys in 1,048,576 bits at three probes: 11%).
     */
    public static double falsePositives(long keys) {
        int words = words(keys);
        int hashes = hashes(words, keys);
        return Math.pow(1 - Math.exp(-hashes * (double) keys / (words * 64.0)), hashes);
    }

    /** Words of bits for {@code keys} keys: 10 bits a key, at least one word, at most {@link #MAX_WORDS}. */
    private static int words(long keys) {
        return (int) Math.min(MAX_WORDS, Math.max(1, (keys * BITS_PER_KEY + 63) / 64));
    }

    /** The probes that make the fewest false positives with {@code words} words of {@code keys} keys, 1 to {@link #MAX_HASHES}. */
    private static int hashes(int words, long keys) {
        return (int) Math.max(1, Math.min(MAX_HASHES, Math.round(words * 64.0 / Math.max(1, keys) * Math.log(2))));
    }

    /** Whether every probe of {@code v} finds its bit set in {@code bits}. */
    static boolean mightContain(long[] bits, int hashes, long v) {
        long m = bits.length * 64L;
        // the largest filters' bits are a power of two (MAX_WORDS): a mask, not a division, per probe
        boolean masked = (m & (m - 1)) == 0;
        long h = mix(v);
        int h1 = (int) h;
        int h2 = (int) (h >>> 32);
        for (int i = 0; i < hashes; i++) {
            long probe = Integer.toUnsignedLong(h1 + i * h2);
            long bit = masked ? probe & (m - 1) : probe % m;
            if ((bits[(int) (bit >>> 6)] & 1L << bit) == 0) {
                return false;
            }
        }
        return true;
    }

    /** SplitMix64's finalizer: every bit of {@code v} moves every bit of the mix. */
    private static long mix(long v) {
        long z = v;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
