package dev.ispd.sim.controller;

import dev.ispd.protocol.Extent;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts an execution's extents into slices of about {@code slicePages} pages, so that the runner
 * can take turns between executions. A long extent is cut only where {@link
 * dev.ispd.tasklet.ExtentScanner} ends a batch anyway and no record straddles the cut, so a
 * tasklet sees exactly the batches, records and page counts of one uninterrupted scan, and the
 * model prices exactly the same work.
 */
final class ExtentSlicer {
    private final List<Extent> extents;
    private final long pageSize;
    private final long batchBytes;
    private final int recordSize;
    private final long slicePages;
    private int next;
    /** Where the next slice starts within {@code extents.get(next)}. */
    private long offset;

    ExtentSlicer(List<Extent> extents, int pageSize, int pagesPerBatch, int recordSize, long slicePages) {
        this.extents = extents;
        this.pageSize = pageSize;
        this.batchBytes = (long) pageSize * pagesPerBatch;
        this.recordSize = recordSize;
        this.slicePages = slicePages;
        this.offset = extents.isEmpty() ? 0 : extents.get(0).offset();
    }

    boolean done() {
        return next >= extents.size();
    }

    /** The next slice: whole extents and at most one cut one, about {@code slicePages} pages in all. */
    List<Extent> nextSlice() {
        List<Extent> slice = new ArrayList<>();
        long pages = 0;
        while (!done() && pages < slicePages) {
            Extent e = extents.get(next);
            long cut = cutAfter(offset, e.end(), slicePages - pages);
            slice.add(new Extent(e.objectId(), offset, cut - offset));
            pages += pagesTouched(offset, cut);
            if (cut == e.end()) {
                next++;
                offset = done() ? 0 : extents.get(next).offset();
            } else {
                offset = cut;
            }
        }
        return slice;
    }

    /**
     * Where to end the part of an extent from {@code from} to {@code end}: the first batch end at
     * or past {@code budget} pages where a record ends too, or {@code end} if there is none.
     */
    private long cutAfter(long from, long end, long budget) {
        long firstBatchEnd = (from / pageSize) * pageSize + batchBytes;
        long batches = Math.max(1, (budget * pageSize) / batchBytes);
        int tries = recordSize == 0 ? 1 : recordSize;
        for (long b = firstBatchEnd + (batches - 1) * batchBytes; tries-- > 0 && b < end; b += batchBytes) {
            if (recordSize == 0 || (b - from) % recordSize == 0) {
                return b;
            }
        }
        return end;
    }

    private long pagesTouched(long from, long to) {
        return to <= from ? 0 : (to + pageSize - 1) / pageSize - from / pageSize;
    }
}
