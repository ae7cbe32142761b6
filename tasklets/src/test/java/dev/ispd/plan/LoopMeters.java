package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.tasklet.Meter;

/** The meters of one plan run by the per-record loop and by a batch or dense loop. */
final class LoopMeters {
    private LoopMeters() {
    }

    /**
     * Asserts that the two loops counted the same work but for the counts that say which loop ran:
     * the per-record loop examined every record one at a time, the other none.
     */
    static void assertSameWork(Meter perRecord, Meter fast, String what) {
        assertEquals(perRecord.records(), perRecord.recordsOneAtATime(), "records one at a time of " + what);
        assertEquals(0, fast.recordsOneAtATime(), "records one at a time of " + what);
        assertEquals(work(perRecord), work(fast), "the loops' meters of " + what);
    }

    /** {@code m} without the counts of records and rows handled one at a time. */
    static Meter work(Meter m) {
        Meter loop = new Meter();
        loop.addRecordsOneAtATime(m.recordsOneAtATime());
        loop.addRowsOneAtATime(m.rowsOneAtATime());
        return m.since(loop);
    }
}
