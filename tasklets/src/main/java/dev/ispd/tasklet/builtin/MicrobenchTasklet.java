package dev.ispd.tasklet.builtin;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The microbenchmark's work. Pages are the {@code pageSize}-aligned ranges of an object. In each
 * page the tasklet reads the little-endian ints at page offsets {@code i * stride},
 * {@code i < accessesPerPage}, with {@code stride = 4 * floor(pageSize / (4 * accessesPerPage))}
 * (ints stay 4-byte aligned within the page and all fit in it), and counts those equal to the key.
 *
 * <p>A page the extent covers only in part (an extent that starts or ends inside a page) gets only
 * the reads whose 4 bytes lie inside the extent, so it may get fewer than {@code accessesPerPage}.
 * {@code pages} counts each page of each extent once, as the scanner's page meter does; this
 * relies on the scanner's guarantee that a batch of a record-less tasklet ends on a page boundary,
 * so no page of an extent is split between two calls of {@link #scan}.
 *
 * <p>Result: {@code u64 pages}, {@code u64 matches} (little-endian). Meter: one DRAM access and one
 * compare per int read.
 */
final class MicrobenchTasklet implements Tasklet {
    private final int pageSize;
    private final int accessesPerPage;
    private final int stride;
    private final int key;
    private long pages;
    private long matches;

    MicrobenchTasklet(int pageSize, int accessesPerPage, int key) {
        this.pageSize = pageSize;
        this.accessesPerPage = accessesPerPage;
        this.stride = pageSize / (Integer.BYTES * accessesPerPage) * Integer.BYTES;
        this.key = key;
    }

    @Override
    public int recordSize() {
        return 0;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int base = data.position();
        long start = objectOffset;
        long end = objectOffset + data.remaining();
        // The key in the buffer's byte order, so each read is compared without swapping it.
        int wanted = data.order() == ByteOrder.LITTLE_ENDIAN ? key : Integer.reverseBytes(key);
        long reads = 0;
        long found = 0;
        long pageCount = 0;
        for (long pageStart = start - start % pageSize; pageStart < end; pageStart += pageSize) {
            pageCount++;
            long from = Math.max(start, pageStart) - pageStart;
            long to = Math.min(end, pageStart + pageSize) - pageStart;
            long first = (from + stride - 1) / stride;
            long last = Math.min(accessesPerPage - 1L, Math.floorDiv(to - Integer.BYTES, (long) stride));
            int at = (int) (pageStart + first * stride - start) + base;
            for (long i = first; i <= last; i++, at += stride) {
                if (data.getInt(at) == wanted) {
                    found++;
                }
            }
            reads += Math.max(0, last - first + 1);
        }
        pages += pageCount;
        matches += found;
        meter.addDramAccesses(reads);
        meter.addCompares(reads);
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        out.putLong(pages).putLong(matches);
        meter.addBytesOut(MicrobenchResult.SIZE);
    }
}
