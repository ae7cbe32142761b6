package dev.ispd.tasklet.builtin;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.worldcup.WorldCup98;
import java.nio.ByteBuffer;

/**
 * Counts records per (region, type) in a flat table; per record: two field reads (type, server)
 * and one counter update. At the end it sorts each region's types by count, descending (ties by
 * type, ascending), metering the sort's compares, and writes the whole table (layout in
 * {@link Q2Result}).
 */
final class Q2Tasklet implements Tasklet {
    private static final int TYPES = 256;
    /** Result header: u16 topN, u16 entries. */
    static final int RESULT_HEADER_BYTES = 4;
    /** Result bytes per (region, type): u8 region, u8 type, u64 count. */
    static final int RESULT_ENTRY_BYTES = 10;

    private final int entrySize;
    private final int topN;
    private final long[] counts = new long[WorldCup98.REGIONS * TYPES];

    Q2Tasklet(int entrySize, int topN) {
        this.entrySize = entrySize;
        this.topN = topN;
    }

    @Override
    public int recordSize() {
        return entrySize;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int limit = data.limit();
        long n = 0;
        for (int p = data.position(); p <= limit - entrySize; p += entrySize) {
            int region = WorldCup98.region(WorldCup98.server(data, p));
            counts[region * TYPES + WorldCup98.type(data, p)]++;
            n++;
        }
        meter.addRecords(n);
        meter.addDramAccesses(2 * n);
        meter.addHashUpdates(n);
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        int[] types = new int[TYPES];
        int[] scratch = new int[TYPES];
        int entries = 0;
        for (long c : counts) {
            entries += c != 0 ? 1 : 0;
        }
        int before = out.size();
        out.putShort(topN).putShort(entries);
        long compares = 0;
        for (int region = 0; region < WorldCup98.REGIONS; region++) {
            int base = region * TYPES;
            int n = 0;
            for (int type = 0; type < TYPES; type++) {
                if (counts[base + type] != 0) {
                    types[n++] = type;
                }
            }
            compares += sortByCountDescending(types, n, counts, base, scratch);
            for (int i = 0; i < n; i++) {
                out.putByte(region).putByte(types[i]).putLong(counts[base + types[i]]);
            }
        }
        meter.addCompares(compares);
        meter.addBytesOut(out.size() - before);
    }

    /**
     * Stable bottom-up merge sort of {@code types[0, n)} by {@code counts[base + type]},
     * descending; the types come in ascending order, so stability breaks ties by type. Returns the
     * number of count comparisons made.
     */
    static long sortByCountDescending(int[] types, int n, long[] counts, int base, int[] scratch) {
        long compares = 0;
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    compares++;
                    scratch[k++] = counts[base + types[j]] > counts[base + types[i]] ? types[j++] : types[i++];
                }
                while (i < mid) {
                    scratch[k++] = types[i++];
                }
                while (j < hi) {
                    scratch[k++] = types[j++];
                }
                System.arraycopy(scratch, lo, types, lo, hi - lo);
            }
        }
        return compares;
    }
}
