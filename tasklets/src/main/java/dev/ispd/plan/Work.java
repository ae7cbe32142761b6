package dev.ispd.plan;

import dev.ispd.tasklet.Meter;

/**
 * The work of one plan execution counted as it happens (field loads, comparisons, hash updates),
 * in plain fields so the per-record path does not touch the Meter; moved to it once per batch.
 */
final class Work {
    long fieldReads;
    long compares;
    long hashUpdates;

    /** Adds the counts to {@code other} and starts again from zero. */
    void moveTo(Work other) {
        other.fieldReads += fieldReads;
        other.compares += compares;
        other.hashUpdates += hashUpdates;
        clear();
    }

    /** Drops the counts. */
    void clear() {
        fieldReads = 0;
        compares = 0;
        hashUpdates = 0;
    }

    /** Adds the counts to {@code meter} and starts again from zero. */
    void moveTo(Meter meter) {
        meter.addDramAccesses(fieldReads);
        meter.addCompares(compares);
        meter.addHashUpdates(hashUpdates);
        clear();
    }
}
