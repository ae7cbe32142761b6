package dev.ispd.plan.parquet;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The arrays that hold a row group's column chunks while their bytes arrive
 * ({@link ParquetPlanTasklet#scan}), reused from one execution to the next. A new array the size
 * of a row group (14 MB for TPC-H's {@code lineitem} written by Spark) is zeroed and its memory
 * touched page by page before the first byte lands, in the drive's EXECUTE before it can start:
 * at SF 1 up to 21 ms of one EXECUTE in seven over {@code lineitem}. An execution takes one ({@link #take}) when its first bytes
 * arrive and gives it back ({@link #giveBack}) when it finishes; one that fails leaves its array
 * to the collector. Executions of every drive in the JVM (and the host's) share the arrays, any
 * number at once; at most {@link #KEPT} wait here, held softly, so memory the heap needs is given
 * back.
 */
final class ChunkBuffers {
    /** The arrays kept between executions: as many as row groups decoded at once on a host with two drives, and a spare. */
    static final int KEPT = 4;
    private static final List<SoftReference<byte[]>> FREE = new ArrayList<>();

    private ChunkBuffers() {
    }

    /**
     * An array of at least {@code bytes}, its contents whatever the last execution left: the
     * smallest kept one that is large enough, else a new one.
     */
    static synchronized byte[] take(int bytes) {
        List<byte[]> kept = held();
        byte[] best = null;
        for (byte[] b : kept) {
            if (b.length >= bytes && (best == null || b.length < best.length)) {
                best = b;
            }
        }
        if (best == null) {
            return new byte[bytes];
        }
        kept.remove(best);
        hold(kept);
        return best;
    }

    /**
     * Keeps {@code b} for a later execution, in place of the smallest kept one if {@link #KEPT}
     * are and it is smaller; one over a page's largest size (a row group that large) is left to
     * the collector.
     */
    static synchronized void giveBack(byte[] b) {
        if (b.length > ColumnChunkPages.MAX_PAGE_BYTES) {
            return;
        }
        List<byte[]> kept = held();
        kept.add(b);
        if (kept.size() > KEPT) {
            kept.remove(kept.stream().min(Comparator.comparingInt(a -> a.length)).orElseThrow());
        }
        hold(kept);
    }

    /** The arrays kept that the heap has not taken back, held strongly while the caller looks at them. */
    private static List<byte[]> held() {
        List<byte[]> kept = new ArrayList<>();
        for (SoftReference<byte[]> r : FREE) {
            byte[] b = r.get();
            if (b != null) {
                kept.add(b);
            }
        }
        return kept;
    }

    private static void hold(List<byte[]> kept) {
        FREE.clear();
        kept.forEach(b -> FREE.add(new SoftReference<>(b)));
    }
}
