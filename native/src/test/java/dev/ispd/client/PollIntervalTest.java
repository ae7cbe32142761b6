package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.protocol.ExecutionState;
import org.junit.jupiter.api.Test;

class PollIntervalTest {
    private static final long MIN = 50_000;
    private static final long MAX = 50_000_000;

    private static ExecutionStatus running(long suggestedUs, long pagesDone) {
        return new ExecutionStatus(ExecutionState.RUNNING, 0, suggestedUs, pagesDone, 1000, 0, 0, 0, 0, 0, "");
    }

    @Test
    void followsTheDrivesSuggestionWithinBounds() {
        PollInterval interval = new PollInterval(MIN, MAX);
        assertEquals(2_000_000, interval.next(running(2000, 10)));
        assertEquals(MIN, interval.next(running(1, 20)), "a suggestion below min is raised to min");
        assertEquals(MAX, interval.next(running(3_600_000_000L, 30)), "a suggestion above max is capped");
    }

    @Test
    void backsOffWithoutProgressAndHoldsWhilePagesComplete() {
        PollInterval interval = new PollInterval(MIN, MAX);
        assertEquals(MIN, interval.next(running(0, 0)), "the first poll has nothing to compare with");
        assertEquals(2 * MIN, interval.next(running(0, 0)));
        assertEquals(4 * MIN, interval.next(running(0, 0)));
        assertEquals(4 * MIN, interval.next(running(0, 5)), "progress keeps the interval");
        for (int i = 0; i < 20; i++) {
            interval.next(running(0, 5));
        }
        assertEquals(MAX, interval.next(running(0, 5)), "doubling stops at max");
    }

    @Test
    void rejectsBadBounds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PollInterval(10, 5));
        assertEquals("poll interval bounds must satisfy 0 < min <= max, got min 10 ns, max 5 ns", e.getMessage());
    }
}
