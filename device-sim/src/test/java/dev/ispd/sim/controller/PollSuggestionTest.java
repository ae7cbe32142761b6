package dev.ispd.sim.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** POLL's suggested interval for an unpaced drive: a share of the remaining estimate, so a long estimate costs little. */
class PollSuggestionTest {
    private static final long MS = 1_000_000;

    @Test
    void aQuarterOfTheRemainingEstimateWithinTheBounds() {
        assertEquals(10_000, ExecutionCommands.unpacedPollUs(40 * MS));
        assertEquals(ExecutionCommands.MAX_POLL_US, ExecutionCommands.unpacedPollUs(2_000 * MS));
        assertEquals(ExecutionCommands.MIN_POLL_US, ExecutionCommands.unpacedPollUs(0));
    }

    /**
     * A client that waits what each answer suggests, on a scan that ends at {@code endsMs} while the
     * drive's estimate of the remaining time runs {@code overestimate} times long: how late it
     * learns of the end, and after how many POLLs.
     */
    private static long[] lateNsAndPolls(long endsMs, double overestimate) {
        long end = endsMs * MS;
        long now = 0;
        long polls = 0;
        while (now < end) {
            long estimate = (long) ((end - now) * overestimate);
            now += ExecutionCommands.unpacedPollUs(estimate) * 1000;
            polls++;
        }
        return new long[] {now - end, polls};
    }

    @Test
    void anEstimateThatRunsLongDelaysTheAnswerByAFractionOfItNotAllOfIt() {
        // 180 ms estimated for 60 ms of work: waiting the whole (capped) estimate would answer 40 ms late
        long[] late = lateNsAndPolls(60, 3.0);
        assertTrue(late[0] <= ExecutionCommands.MIN_POLL_US * 1000, late[0] + " ns late");
        assertTrue(late[1] <= 10, late[1] + " polls");
        // 160 ms estimated for 20 ms: a quarter of it is 20 ms late, the whole (capped) estimate 80 ms
        long[] far = lateNsAndPolls(20, 2.0 * ExecutionCommands.UNPACED_POLL_DIVISOR);
        assertTrue(far[0] <= 20 * MS, far[0] / MS + " ms late");
    }

    @Test
    void anAccurateEstimateCostsAFewDozenPollsAtMost() {
        long[] r = lateNsAndPolls(150, 1.0);
        assertTrue(r[0] <= ExecutionCommands.MIN_POLL_US * 1000, r[0] + " ns late");
        assertTrue(r[1] <= 40, r[1] + " polls");
    }
}
