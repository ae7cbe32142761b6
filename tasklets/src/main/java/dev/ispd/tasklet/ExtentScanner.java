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
 * to the next batch, so the tasklet only ever sees whole records. Where the source can lend a
 * batch's bytes in place ({@link PageSource#view}), the tasklet scans them there; a batch that
 * starts with a carried-over part-record, or from a source that only copies, is read into one
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
            long recordStart = pos;
            int carry = 0;
            buf.clear();
            while (pos < e.end()) {
                long next = Math.min(e.end(), (pos / pageSize + pagesPerBatch) * (long) pageSize);
                int n = (int) (next - pos);
                int filled = carry + n;
                int whole = rs == 0 ? filled : filled - filled % rs;
                ByteBuffer batch = carry == 0 ? source.view(e.objectId(), pos, n) : null;
                if (batch == null) {
                    batch = buf;
                    buf.limit(filled).position(carry);
                    source.read(e.objectId(), pos, buf);
                    if (buf.hasRemaining()) {
                        throw new IOException("short read of object " + e.objectId() + " at offset " + pos);
                    }
                } else if (batch.remaining() != n) {
                    throw new IOException("view of object " + e.objectId() + " at offset " + pos + " holds "
                            + batch.remaining() + " bytes, not " + n);
                }
                Meter before = meter.copy();
                batch.order(ByteOrder.LITTLE_ENDIAN).limit(whole).position(0);
                tasklet.scan(batch, e.objectId(), recordStart, meter);
                long pages = pagesTouched(pos, next);
                meter.addPages(pages);
                meter.addBytesScanned(n);
                recordStart += whole;
                batch.limit(filled).position(whole);
                if (batch == buf) {
                    buf.compact();
                } else {
                    buf.clear();
                    buf.put(batch); // a part-record at the view's end waits in the buffer for the next batch
                }
                carry = buf.position();
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
