package dev.ispd.sim.store;

import dev.ispd.protocol.ReservedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every ordinary id the store ever gave an object, deleted ones included, as merged runs: the
 * drive picks only ids outside them, so it never hands out an id twice (a client holding a
 * deleted object's id never reaches a new object by it). Well-known ids are never picked and not
 * kept. Not thread-safe: the store's create lock guards it.
 */
final class SpentIds {
    /** Runs of spent ids: first to last, disjoint and never adjacent. */
    private final TreeMap<Long, Long> runs = new TreeMap<>(Long::compareUnsigned);

    void spend(long id) {
        spend(id, id);
    }

    void spend(long first, long last) {
        if (ReservedValues.isWellKnownId(first)) {
            return;
        }
        if (ReservedValues.isWellKnownId(last)) {
            last = ReservedValues.WELL_KNOWN_ID_FIRST - 1;
        }
        Map.Entry<Long, Long> before = runs.floorEntry(first);
        if (before != null && Long.compareUnsigned(before.getValue(), first - 1) >= 0) {
            first = before.getKey();
            last = max(last, before.getValue());
        }
        Map.Entry<Long, Long> next = runs.ceilingEntry(first);
        while (next != null && Long.compareUnsigned(next.getKey(), last + 1) <= 0) {
            last = max(last, next.getValue());
            runs.remove(next.getKey());
            next = runs.higherEntry(next.getKey());
        }
        runs.put(first, last);
    }

    /** The lowest id of {@code range} not spent, or 0 if every one is. */
    long lowestFree(IdRange range) {
        Map.Entry<Long, Long> run = runs.floorEntry(range.first());
        if (run == null || Long.compareUnsigned(run.getValue(), range.first()) < 0) {
            return range.first();
        }
        return Long.compareUnsigned(run.getValue(), range.last()) >= 0 ? 0 : run.getValue() + 1;
    }

    /** The runs, as the log records that rebuild them. */
    List<LogRecord> records() {
        List<LogRecord> records = new ArrayList<>(runs.size());
        runs.forEach((first, last) -> records.add(new LogRecord.SpentIds(first, last)));
        return records;
    }

    private static long max(long a, long b) {
        return Long.compareUnsigned(a, b) >= 0 ? a : b;
    }
}
