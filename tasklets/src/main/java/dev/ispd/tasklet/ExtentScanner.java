package dev.ispd.tasklet;

import dev.ispd.protocol.Extent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Feeds a tasklet the bytes of its extents in batches of pages, as the Smart SSD's ISP engine
 * did (128 pages per internal read, papers/smart-ssd-kang-2013.txt V-A). The drive and the host
 * both scan through this class, so a tasklet sees the same batches in both places.
 *
 * <p>Batches end on page boundaries; a record that straddles a batch boundary is carried over
 * to the next batch (which starts at that record), so the tasklet only ever sees whole records.
 * Where the source can lend a batch's bytes in place ({@link PageSource#view}), the tasklet scans
 * them there, carried-over part-record included: the batch's bytes are one run of the object, so
 * records of any size are never copied. A source that only copies reads each batch into one
 * direct buffer reused for the whole scan. No allocation per record or per page.
 */
public final class ExtentScanner {
    /** Largest record a tasklet may declare. */
    public static final int MAX_RECORD_SIZE = 1 << 16;

    private final int pageSize;
    private final int pagesPerBatch;
    private final ByteBuffer buf;

    public ExtentScanner(int pageSize, int pagesPerBatch) {
        if (pageSize <= 0 || pagesPerBatch <= 0) {
            throw new IllegalArgumentException("pageSize and pagesPerBatch must be positive");
        }
        if ((long) pageSize * pagesPerBatch + MAX_RECORD_SIZE > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a batch of " + pagesPerBatch + " pages of " + pageSize
                    + " bytes does not fit in one buffer");
        }
        this.pageSize = pageSize;
        this.pagesPerBatch = pagesPerBatch;
        this.buf = ByteBuffer.allocateDirect(pageSize * pagesPerBatch + MAX_RECORD_SIZE);
    }

    public int pageSize() {
        return pageSize;
    }

    /**
     * Checks that every extent holds whole records of the tasklet; returns a message naming the
     * first extent that does not, or null.
     */
    public static String checkRecordAlignment(Tasklet tasklet, List<Extent> extents) {
        int rs = tasklet.recordSize();
        if (rs < 0 || rs > MAX_RECORD_SIZE) {
            return "tasklet record size " + rs + " is outside [0, " + MAX_RECORD_SIZE + "]";
        }
        if (rs == 0) {
            return null;
        }
        for (int i = 0; i < extents.size(); i++) {
            Extent e = extents.get(i);
            if (e.length() % rs != 0) {
                return "extent " + i + " (object " + e.objectId() + ", offset " + e.offset() + ", length "
                        + e.length() + ") is not a whole number of " + rs + "-byte records";
            }
        }
        return null;
    }

    /** Number of pages a scan of these extents reads (progress total). */
    public long pagesIn(List<Extent> extents) {
        long pages = 0;
        for (Extent e : extents) {
            pages += pagesTouched(e.offset(), e.end());
        }
        return pages;
    }

    /**
     * Scans every extent in order, calling {@code tasklet.scan} per batch and the listener after
     * it. Extents must satisfy {@link #checkRecordAlignment}: otherwise IllegalArgumentException,
     * rather than a trailing part-record silently left unscanned.
     */
    public void scan(Tasklet tasklet, List<Extent> extents, PageSource source, Meter meter, BatchListener listener)
            throws IOException {
        String misaligned = checkRecordAlignment(tasklet, extents);
        if (misaligned != null) {
            throw new IllegalArgumentException(misaligned);
        }
        int rs = tasklet.recordSize();
        for (Extent e : extents) {
            long pos = e.offset();
            int carry = 0;
            while (pos < e.end()) {
                long next = Math.min(e.end(), (pos / pageSize + pagesPerBatch) * (long) pageSize);
                int n = (int) (next - pos);
                long recordStart = pos - carry;
                int filled = carry + n;
                int whole = rs == 0 ? filled : filled - filled % rs;
                ByteBuffer batch = source.view(e.objectId(), recordStart, filled);
                if (batch == null) {
                    batch = buf;
                    buf.clear().limit(filled);
                    source.read(e.objectId(), recordStart, buf);
                    if (buf.hasRemaining()) {
                        throw new IOException("short read of object " + e.objectId() + " at offset " + recordStart);
                    }
                } else if (batch.remaining() != filled) {
                    throw new IOException("view of object " + e.objectId() + " at offset " + recordStart + " holds "
                            + batch.remaining() + " bytes, not " + filled);
                }
                Meter before = meter.copy();
                batch.order(ByteOrder.LITTLE_ENDIAN).limit(whole).position(0);
                tasklet.scan(batch, e.objectId(), recordStart, meter);
                long pages = pagesTouched(pos, next);
                meter.addPages(pages);
                meter.addBytesScanned(n);
                carry = filled - whole; // the part-record at the batch's end starts the next batch
                listener.batchDone(pages, n, meter.since(before));
                pos = next;
            }
        }
    }

    private long pagesTouched(long from, long to) {
        if (to <= from) {
            return 0;
        }
        return (to + pageSize - 1) / pageSize - from / pageSize;
    }
}
