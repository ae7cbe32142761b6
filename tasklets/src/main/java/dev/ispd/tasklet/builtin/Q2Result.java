package dev.ispd.tasklet.builtin;

import dev.ispd.worldcup.WorldCup98;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The decoded result of {@code q2}: the whole (region, type, count) table of a split, and the
 * {@code topN} the query asked for. Encoded layout (little-endian): {@code u16 topN},
 * {@code u16 n}, then {@code n} x ({@code u8 region}, {@code u8 type}, {@code u64 count}), one
 * entry per (region, type) seen, sorted by region ascending, count descending, type ascending.
 * Types above 12 ("other") keep their raw byte value.
 *
 * <p>The top N is applied only after the splits are merged ({@link #merge}, then
 * {@link #topPerRegion()}): a per-split top N cannot be merged correctly.
 */
public final class Q2Result {
    /** One table entry; {@code count} is positive. */
    public record Entry(int region, int type, long count) {
        public Entry {
            if (region < 0 || region >= WorldCup98.REGIONS || type < 0 || type > 0xFF || count <= 0) {
                throw new IllegalArgumentException("q2 entry needs region in [0, 7], type in [0, 255] and a positive count, got region "
                        + region + ", type " + type + ", count " + count);
            }
        }
    }

    /** The table's order: region ascending, count descending, type ascending. */
    public static final Comparator<Entry> ORDER = Comparator.comparingInt(Entry::region)
            .thenComparing(Comparator.comparingLong(Entry::count).reversed())
            .thenComparingInt(Entry::type);

    private static final int TYPES = 256;
    private static final int HEADER_BYTES = 4;
    private static final int ENTRY_BYTES = 10;

    private final int topN;
    private final List<Entry> entries;

    /** A table from entries in any order; entries for the same (region, type) are summed. */
    public Q2Result(int topN, Collection<Entry> entries) {
        if (topN < 1 || topN > Q2Factory.MAX_TOP_N) {
            throw new IllegalArgumentException("q2 topN must be in [1, " + Q2Factory.MAX_TOP_N + "], got " + topN);
        }
        this.topN = topN;
        this.entries = summed(entries);
    }

    public static Q2Result decode(byte[] result) {
        ResultReader r = new ResultReader("q2", result);
        int topN = r.u16();
        int n = r.u16();
        if (result.length != HEADER_BYTES + (long) n * ENTRY_BYTES) {
            throw r.error(2, "header announces " + n + " entries (" + (HEADER_BYTES + n * ENTRY_BYTES)
                    + " bytes), the result has " + result.length + " bytes");
        }
        if (topN < 1 || topN > Q2Factory.MAX_TOP_N) {
            throw r.error(0, "topN " + topN + " is outside [1, " + Q2Factory.MAX_TOP_N + "]");
        }
        List<Entry> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int at = r.offset();
            int region = r.u8();
            int type = r.u8();
            long count = r.u64();
            if (region >= WorldCup98.REGIONS || count <= 0) {
                throw r.error(at, "entry (region " + region + ", type " + type + ", count " + count
                        + ") needs region in [0, 7] and a positive count");
            }
            Entry e = new Entry(region, type, count);
            if (!entries.isEmpty() && ORDER.compare(entries.get(entries.size() - 1), e) >= 0) {
                throw r.error(at, "entry " + e + " is out of order");
            }
            entries.add(e);
        }
        Q2Result decoded = new Q2Result(topN, entries);
        if (decoded.entries.size() != n) {
            throw r.error(HEADER_BYTES, "a (region, type) pair appears more than once");
        }
        return decoded;
    }

    /** The sum of several splits' tables; they must agree on topN. */
    public static Q2Result merge(Collection<Q2Result> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("q2 merge needs at least one result");
        }
        int topN = parts.iterator().next().topN;
        List<Entry> all = new ArrayList<>();
        for (Q2Result part : parts) {
            if (part.topN != topN) {
                throw new IllegalArgumentException("q2 results disagree on topN: " + topN + " and " + part.topN);
            }
            all.addAll(part.entries);
        }
        return new Q2Result(topN, all);
    }

    /**
     * The top {@code topN} types of each region over the given entries, which may come from
     * several splits and repeat a (region, type): they are summed first. Ordered as {@link #ORDER};
     * among types with equal counts the smaller type ranks first.
     */
    public static List<Entry> topPerRegion(Collection<Entry> entries, int topN) {
        List<Entry> top = new ArrayList<>();
        int region = -1;
        int kept = 0;
        for (Entry e : summed(entries)) {
            kept = e.region() == region ? kept + 1 : 1;
            region = e.region();
            if (kept <= topN) {
                top.add(e);
            }
        }
        return top;
    }

    /** This table's top N per region. */
    public List<Entry> topPerRegion() {
        return topPerRegion(entries, topN);
    }

    public int topN() {
        return topN;
    }

    /** Every entry, in {@link #ORDER}. */
    public List<Entry> entries() {
        return entries;
    }

    public long count(int region, int type) {
        for (Entry e : entries) {
            if (e.region() == region && e.type() == type) {
                return e.count();
            }
        }
        return 0;
    }

    private static List<Entry> summed(Collection<Entry> entries) {
        long[] table = new long[WorldCup98.REGIONS * TYPES];
        for (Entry e : entries) {
            table[e.region() * TYPES + e.type()] += e.count();
        }
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < table.length; i++) {
            if (table[i] != 0) {
                out.add(new Entry(i / TYPES, i % TYPES, table[i]));
            }
        }
        out.sort(ORDER);
        return List.copyOf(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Q2Result q && topN == q.topN && entries.equals(q.entries);
    }

    @Override
    public int hashCode() {
        return 31 * topN + entries.hashCode();
    }

    @Override
    public String toString() {
        return "Q2Result{topN=" + topN + ", entries=" + entries + "}";
    }
}
