package dev.ispd.client;

/**
 * How long to wait before the next POLL of a running execution. The drive's own hint
 * ({@code suggested_poll_us}, from its estimate of the remaining time) wins when it gives one;
 * otherwise the wait doubles while no page completes and holds while pages do (the Smart SSD host
 * adapts its polling interval to the progress the device reports; papers/smart-ssd-kang-2013.txt
 * IV-C-2). Always within [min, max], so a wrong hint costs neither a busy loop nor a long stall.
 */
final class PollInterval {
    private final long minNs;
    private final long maxNs;
    private long currentNs;
    private long lastPagesDone = -1;

    PollInterval(long minNs, long maxNs) {
        if (minNs <= 0 || maxNs < minNs) {
            throw new IllegalArgumentException("poll interval bounds must satisfy 0 < min <= max, got min " + minNs
                    + " ns, max " + maxNs + " ns");
        }
        this.minNs = minNs;
        this.maxNs = maxNs;
        this.currentNs = minNs;
    }

    /** The wait after a poll that answered {@code status}, in nanoseconds. */
    long next(ExecutionStatus status) {
        if (status.suggestedPollUs() > 0) {
            currentNs = status.suggestedPollUs() * 1000;
        } else if (status.pagesDone() <= lastPagesDone) {
            currentNs = currentNs > maxNs / 2 ? maxNs : currentNs * 2;
        }
        lastPagesDone = status.pagesDone();
        currentNs = Math.max(minNs, Math.min(maxNs, currentNs));
        return currentNs;
    }
}
