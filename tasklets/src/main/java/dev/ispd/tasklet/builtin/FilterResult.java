package dev.ispd.tasklet.builtin;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The decoded result of {@code filter}: the pages holding at least one matching record, in scan
 * order, each once. Encoded layout (little-endian): {@code u64 n}, then {@code n} x
 * ({@code u64 objectId}, {@code u64 pageIndex}); page {@code i} of an object is its bytes
 * {@code [i * pageSize, (i + 1) * pageSize)}.
 */
public record FilterResult(List<PageRef> pages) {
    /** One page of one object. */
    public record PageRef(long objectId, long pageIndex) { }

    public FilterResult {
        pages = List.copyOf(pages);
    }

    public static FilterResult decode(byte[] result) {
        ResultReader r = new ResultReader("filter", result);
        long n = r.u64();
        if ((result.length - 8) % 16 != 0 || n != (result.length - 8) / 16) {
            throw r.error(0, "count " + Long.toUnsignedString(n) + " does not match the result's "
                    + result.length + " bytes (8 + 16 per page)");
        }
        List<PageRef> pages = new ArrayList<>((int) n);
        Set<PageRef> seen = new HashSet<>();
        for (long i = 0; i < n; i++) {
            int at = r.offset();
            PageRef ref = new PageRef(r.u64(), r.u64());
            if (!seen.add(ref)) {
                throw r.error(at, "page " + ref + " is listed twice");
            }
            pages.add(ref);
        }
        return new FilterResult(pages);
    }
}
