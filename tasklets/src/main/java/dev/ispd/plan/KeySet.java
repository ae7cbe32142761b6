package dev.ispd.plan;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * An exact set of 64-bit keys carried inside a plan, which {@link Expr.KeyLookup} tests a
 * record's key against: a small table's keys, or those where one of its tests is TRUE (a join
 * turned into lookups, docs/spark.md). It takes the smallest of three forms: a RANGE (every key
 * from {@code lo} to {@code hi}: no bits at all), a BITMAP ({@code lo} and words of bits, bit
 * {@code i} of the words standing for key {@code lo + i}) or a LIST (the keys sorted). A test is
 * a comparison and a load for a range or a bitmap, and for a list a load of the bits made from
 * it where its keys span few enough words ({@link #probeBits}), else a binary search; nothing
 * allocated per test.
 */
public final class KeySet implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The forms, by their byte in a plan. */
    enum Form { LIST, BITMAP, RANGE }

    /** The set of no key. */
    public static final KeySet EMPTY = new KeySet(Form.LIST, 0, -1, 0, new long[0]);

    private final Form form;
    private final long lo;
    private final long hi;
    private final long size;
    /** A list's keys, ascending, or a bitmap's words; empty for a range. */
    private final long[] values;
    /**
     * A list's keys as bits from {@code lo}, made on the first test where they span at most
     * {@link #MOST_PROBE_WORDS} words: a test is then a load, not a binary search (TPC-H Q19's 485
     * part keys, tested against 6 M line items), while the plan carries the shorter list.
     */
    private transient volatile long[] probeBits;
    private static final int MOST_PROBE_WORDS = 1 << 17;

    private KeySet(Form form, long lo, long hi, long size, long[] values) {
        this.form = form;
        this.lo = lo;
        this.hi = hi;
        this.size = size;
        this.values = values;
    }

    /** The set of {@code keys} (any order; a key given twice is in it once), in its smallest form. */
    public static KeySet of(long[] keys) {
        long[] sorted = distinctSorted(keys);
        int n = sorted.length;
        if (n == 0) {
            return EMPTY;
        }
        long lo = sorted[0];
        long hi = sorted[n - 1];
        long span = hi - lo; // unsigned: the keys past lo
        if (span == n - 1) {
            return new KeySet(Form.RANGE, lo, hi, n, new long[0]);
        }
        long listBytes = 5 + 8L * n;
        long words = Long.compareUnsigned(span, Integer.MAX_VALUE) < 0 ? span / 64 + 1 : Long.MAX_VALUE;
        if (words < Long.MAX_VALUE && 13 + 8 * words < listBytes) {
            return new KeySet(Form.BITMAP, lo, hi, n, bits(sorted, lo, (int) words));
        }
        return new KeySet(Form.LIST, lo, hi, n, sorted);
    }

    /**
     * {@code keys} sorted, each once: a primitive sort and one pass (a stream's {@code distinct()}
     * boxes every key, several times the sort's cost for a lookup join's 200,000 keys).
     */
    private static long[] distinctSorted(long[] keys) {
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (n == 0 || sorted[i] != sorted[n - 1]) {
                sorted[n++] = sorted[i];
            }
        }
        return n == sorted.length ? sorted : Arrays.copyOf(sorted, n);
    }

    /** Whether {@code key} is in the set. */
    public boolean contains(long key) {
        switch (form) {
            case RANGE:
                return key >= lo && key <= hi;
            case BITMAP:
                return bitSet(values, key - lo);
            default:
                long[] bits = probeBits();
                return bits != null ? bitSet(bits, key - lo) : Arrays.binarySearch(values, key) >= 0;
        }
    }

    /**
     * Sets {@code to[r]} to {@code mark} for each row {@code r} of {@code sel[0, n)} whose key
     * {@code keys[r]} is in the set: {@link #contains} over a batch, its form and bits looked at
     * once, not once a row.
     */
    void mark(long[] keys, int[] sel, int n, byte[] to, byte mark) {
        if (size == 0) {
            return;
        }
        long[] bits = form == Form.BITMAP ? values : form == Form.LIST ? probeBits() : null;
        if (form == Form.RANGE) {
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (keys[r] >= lo && keys[r] <= hi) {
                    to[r] = mark;
                }
            }
        } else if (bits != null) {
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (bitSet(bits, keys[r] - lo)) {
                    to[r] = mark;
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (Arrays.binarySearch(values, keys[r]) >= 0) {
                    to[r] = mark;
                }
            }
        }
    }

    /** Whether a key is in both sets: a range's keys are tested against the other's, never walked, unless both are ranges. */
    static boolean overlap(KeySet a, KeySet b) {
        if (a.size == 0 || b.size == 0 || a.hi < b.lo || b.hi < a.lo) {
            return false;
        }
        if (a.form == Form.RANGE) {
            return b.form == Form.RANGE || b.anyIn(a);
        }
        return a.anyIn(b);
    }

    /** Whether a key of this list or bitmap is in {@code other}. */
    private boolean anyIn(KeySet other) {
        if (form == Form.LIST) {
            return Arrays.stream(values).anyMatch(other::contains);
        }
        return java.util.stream.LongStream.range(0, 64L * values.length)
                .anyMatch(d -> bitSet(values, d) && other.contains(lo + d));
    }

    /** Whether bit {@code b} (read as unsigned: past the bits is unset) of {@code bits} is set. */
    private static boolean bitSet(long[] bits, long b) {
        return Long.compareUnsigned(b, 64L * bits.length) < 0 && (bits[(int) (b >>> 6)] & 1L << b) != 0;
    }

    /** {@code words} words with the bit of each of {@code keys} set, bit {@code i} standing for key {@code lo + i}. */
    private static long[] bits(long[] keys, long lo, int words) {
        long[] bits = new long[words];
        for (long k : keys) {
            long b = k - lo;
            bits[(int) (b >>> 6)] |= 1L << b;
        }
        return bits;
    }

    /** A list's {@link #probeBits}, made once (two threads making them at once make the same), or null. */
    private long[] probeBits() {
        long[] bits = probeBits;
        if (bits == null && values.length > 0 && Long.compareUnsigned(hi - lo, 64L * MOST_PROBE_WORDS) < 0) {
            bits = bits(values, lo, (int) ((hi - lo) / 64 + 1));
            probeBits = bits;
        }
        return bits;
    }

    /** The keys in the set. */
    public long size() {
        return size;
    }

    /** Its bytes in a plan (docs/protocol.md, "Plans"). */
    public int encodedBytes() {
        return switch (form) {
            case RANGE -> 17;
            case BITMAP -> 13 + 8 * values.length;
            case LIST -> 5 + 8 * values.length;
        };
    }

    void write(PlanCodec.Writer w) {
        w.u8(form.ordinal());
        switch (form) {
            case RANGE -> w.i64(lo).i64(hi);
            case BITMAP -> {
                w.i64(lo).u32(values.length);
                for (long word : values) {
                    w.i64(word);
                }
            }
            case LIST -> {
                w.u32(values.length);
                for (long k : values) {
                    w.i64(k);
                }
            }
        }
    }

    /** A set as {@link #write} writes it; what is malformed is refused naming its byte. */
    static KeySet read(PlanCodec.Reader r) {
        int at = r.at();
        int form = r.u8();
        if (form == Form.RANGE.ordinal()) {
            long lo = r.i64();
            long hi = r.i64();
            if (lo > hi || Long.compareUnsigned(hi - lo, Integer.MAX_VALUE) >= 0) {
                throw r.error(at, "a key range from " + lo + " to " + hi + " is empty or holds more than "
                        + Integer.MAX_VALUE + " keys");
            }
            return new KeySet(Form.RANGE, lo, hi, hi - lo + 1, new long[0]);
        }
        if (form == Form.BITMAP.ordinal()) {
            long lo = r.i64();
            long[] words = words(r, at, "words of a key bitmap");
            if (words.length == 0 || lo > Long.MAX_VALUE - (64L * words.length - 1)) {
                throw r.error(at, "a key bitmap from " + lo + " of " + words.length + " words is past the keys");
            }
            long size = Arrays.stream(words).map(Long::bitCount).sum();
            return size == 0 ? EMPTY : new KeySet(Form.BITMAP, lo, lo + highestBit(words), size, words);
        }
        if (form == Form.LIST.ordinal()) {
            long[] keys = words(r, at, "keys of a key list");
            for (int i = 1; i < keys.length; i++) {
                if (keys[i] <= keys[i - 1]) {
                    throw r.error(at, "a key list is not ascending: " + keys[i] + " after " + keys[i - 1]);
                }
            }
            return keys.length == 0 ? EMPTY : new KeySet(Form.LIST, keys[0], keys[keys.length - 1], keys.length, keys);
        }
        throw r.error(at, "unknown key set form " + form);
    }

    /** The index of the highest bit set in {@code words}, some of which is. */
    private static long highestBit(long[] words) {
        int w = words.length - 1;
        while (words[w] == 0) {
            w--;
        }
        return 64L * w + 63 - Long.numberOfLeadingZeros(words[w]);
    }

    /** A count of i64s, checked against the bytes left before anything is allocated, and the i64s. */
    private static long[] words(PlanCodec.Reader r, int at, String what) {
        long n = r.u32();
        if (n > r.remaining() / 8) {
            throw r.error(at, n + " " + what + " are more than the " + r.remaining() + " bytes left hold");
        }
        long[] values = new long[(int) n];
        for (int i = 0; i < n; i++) {
            values[i] = r.i64();
        }
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeySet k && k.size == size && (size == 0 || k.lo == lo && k.hi == hi && k.form == form
                && Arrays.equals(k.values, values));
    }

    @Override
    public int hashCode() {
        return Objects.hash(form, lo, hi, size, Arrays.hashCode(values));
    }

    @Override
    public String toString() {
        return size == 0 ? "no keys" : form.name().toLowerCase(java.util.Locale.ROOT) + " of " + size
                + (size == 1 ? " key" : " keys") + " in [" + lo + ", " + hi + "]";
    }
}
