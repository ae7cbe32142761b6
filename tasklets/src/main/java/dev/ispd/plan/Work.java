package dev.ispd.plan;

import dev.ispd.tasklet.Meter;

/**
 * The work of one plan execution counted as it happens (field loads, comparisons, hash updates,
 * expression nodes evaluated, of those the 128-bit and string ones, and of those the string ones and the bytes they span, rows handed to the sink one at a time, GROUP BY keys packed), in plain fields so the
 * per-record path does not touch the Meter; moved to it once per batch.
 */
final class Work {
    long fieldReads;
    long compares;
    long hashUpdates;
    long evaluations;
    long wideOps;
    long stringOps;
    long stringBytes;
    long stringLeafCompares;
    long rowsOneAtATime;
    long packedKeys;

    /** Adds the counts to {@code other} and starts again from zero. */
    void moveTo(Work other) {
        other.fieldReads += fieldReads;
        other.compares += compares;
        other.hashUpdates += hashUpdates;
        other.evaluations += evaluations;
        other.wideOps += wideOps;
        other.stringOps += stringOps;
        other.stringBytes += stringBytes;
        other.stringLeafCompares += stringLeafCompares;
        other.rowsOneAtATime += rowsOneAtATime;
        other.packedKeys += packedKeys;
        clear();
    }

    /** Drops the counts. */
    void clear() {
        fieldReads = 0;
        compares = 0;
        hashUpdates = 0;
        evaluations = 0;
        wideOps = 0;
        stringOps = 0;
        stringBytes = 0;
        stringLeafCompares = 0;
        rowsOneAtATime = 0;
        packedKeys = 0;
    }

    /** Adds {@code times} evaluations of an expression that costs {@code cost}. */
    void add(ExprCost cost, long times) {
        fieldReads += times * cost.reads();
        compares += times * cost.compares();
        evaluations += times * cost.evaluations();
        wideOps += times * cost.wideOps();
        stringOps += times * cost.stringOps();
        stringBytes += times * cost.stringBytes();
        stringLeafCompares += times * cost.stringLeafCompares();
    }

    /** Adds the counts to {@code meter} and starts again from zero. */
    void moveTo(Meter meter) {
        meter.addDramAccesses(fieldReads);
        meter.addCompares(compares);
        meter.addHashUpdates(hashUpdates);
        meter.addEvaluations(evaluations);
        meter.addWideOps(wideOps);
        meter.addStringOps(stringOps);
        meter.addStringBytes(stringBytes);
        meter.addStringLeafCompares(stringLeafCompares);
        meter.addRowsOneAtATime(rowsOneAtATime);
        meter.addPackedKeys(packedKeys);
        clear();
    }
}
