package dev.ispd.tasklet.builtin;

import dev.ispd.plan.Comparison;
import dev.ispd.plan.PageFilter;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;

/**
 * Finds the pages holding a matching record. A record belongs to the page where it starts
 * ({@code objectOffset / pageSize}). In first-match mode, once a record matches, the records that
 * follow it on the same page are skipped without being read; in full mode every record is read
 * and compared. Pages are listed once each, in scan order.
 *
 * <p>Meter: one DRAM access and one compare per record examined; records counts examined records
 * only, so first-match mode meters less work on pages with early matches.
 */
final class FilterTasklet implements Tasklet {
    /** Result header: u64 number of pages. */
    static final int RESULT_HEADER_BYTES = 8;
    /** Result bytes per page listed: u64 object id, u64 page. */
    static final int RESULT_PAGE_BYTES = 16;

    private final int entrySize;
    private final int pageSize;
    private final Comparison condition;
    private final boolean firstMatch;
    private final PageList pages = new PageList();
    // The page of the last match; -1 when there has been none.
    private long matchObject;
    private long matchPage = -1;

    FilterTasklet(int entrySize, PageFilter filter, int pageSize) {
        this.entrySize = entrySize;
        this.pageSize = pageSize;
        this.condition = filter.condition();
        this.firstMatch = filter.firstMatch();
    }

    @Override
    public int recordSize() {
        return entrySize;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int base = data.position();
        int limit = data.limit();
        long examined = 0;
        int p = base;
        while (p <= limit - entrySize) {
            long offset = objectOffset + (p - base);
            long page = offset / pageSize;
            boolean pageListed = page == matchPage && objectId == matchObject;
            if (pageListed && firstMatch) {
                // Jump to the first record that starts on a later page.
                long skip = ((page + 1) * pageSize - offset + entrySize - 1) / entrySize * entrySize;
                if (skip > limit - p) {
                    break;
                }
                p += (int) skip;
                continue;
            }
            examined++;
            if (!pageListed && condition.matches(data, p)) {
                pages.add(objectId, page);
                matchObject = objectId;
                matchPage = page;
            }
            p += entrySize;
        }
        Comparison.meterEvaluations(meter, examined);
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        int before = out.size();
        out.putLong(pages.size());
        for (int i = 0; i < pages.size(); i++) {
            out.putLong(pages.objectId(i)).putLong(pages.page(i));
        }
        meter.addBytesOut(out.size() - before);
    }
}
