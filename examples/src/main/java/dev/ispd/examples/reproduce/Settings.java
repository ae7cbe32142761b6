package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Query;
import java.util.List;

/**
 * What one reproduction runs: how many WorldCup98 entries per dataset (the paper's 7,000,000, or
 * fewer), the seed, and the profiles. The microbenchmark's and the filter's 1 GB shrink by the same
 * factor as the entry count, so a scaled run keeps the paper's proportions. Modeled times scale
 * linearly with the data, so ratios (every claim) are independent of the scale up to per-command
 * latencies.
 */
public record Settings(long entries, long seed, String deviceProfile, String hostProfile) {
    /** The paper's dataset: 7,000,000 entries (kang2013 V-C). */
    public static final long PAPER_ENTRIES = 7_000_000L;
    /** The default, a tenth of the paper: a few minutes on two cores. */
    public static final long DEFAULT_ENTRIES = 700_000L;
    /** Fewest entries a run accepts: below this a dataset of 32-byte entries fills less than a page batch. */
    public static final long MIN_ENTRIES = 5_000L;
    /** The microbenchmark's and the filter's data in the paper: 1 GB (V-B-2, V-C-4). */
    public static final long PAPER_GIGABYTE = 1L << 30;
    /** The padded entry sizes of Fig. 8 and Fig. 10. */
    public static final List<Integer> ENTRY_SIZES = List.of(32, 64, 128, 256);
    /** The log-analysis queries of Fig. 8. */
    public static final List<Query> QUERIES = List.of(Query.Q1, Query.Q2);
    /** Q2's N: the paper does not give it; the report's answers keep the top 5 file types per region. */
    public static final int Q2_TOP_N = 5;
    /** The pause between the wr and exec phases (V-C-3), and after exec. */
    public static final long PAUSE_NS = 5_000_000_000L;

    public Settings {
        if (entries < MIN_ENTRIES || entries > PAPER_ENTRIES * 10) {
            throw new IllegalArgumentException("entries must be between " + MIN_ENTRIES + " and " + PAPER_ENTRIES * 10
                    + ", got " + entries);
        }
    }

    /** The paper's {@code paperBytes} scaled like the entry count, in whole pages of {@code pageSize}. */
    public long scaledBytes(long paperBytes, int pageSize) {
        long bytes = Math.multiplyExact(paperBytes / pageSize, entries) / PAPER_ENTRIES * pageSize;
        return Math.max(bytes, pageSize);
    }

    /** True when this is the paper's size. */
    public boolean full() {
        return entries == PAPER_ENTRIES;
    }
}
