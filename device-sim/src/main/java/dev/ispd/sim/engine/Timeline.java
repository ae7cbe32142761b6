package dev.ispd.sim.engine;

import java.util.Map;
import java.util.TreeMap;

/**
 * The busy intervals of one resource unit (the host link, a flash channel's bus, a die, a core,
 * the DRAM) in virtual time, nanoseconds. Work is placed first-fit: at the earliest time at or
 * after it may start where the unit is free for the whole duration, so a request that arrives
 * late in real time still uses a gap that earlier bookings left. Touching intervals are merged.
 *
 * <p>History is bounded: beyond {@link #MAX_INTERVALS} the oldest interval is folded into a
 * floor before which the unit counts as fully booked. Not thread-safe; the drive serialises
 * access.
 */
public final class Timeline {
    static final int MAX_INTERVALS = 4096;

    private final TreeMap<Long, Long> busy = new TreeMap<>();
    private long floorNs;
    private long busyNs;

    /** The earliest start at or after {@code earliestNs} where the unit is free for {@code durationNs}. */
    public long firstFit(long earliestNs, long durationNs) {
        if (durationNs == 0) {
            return earliestNs;
        }
        long t = Math.max(earliestNs, floorNs);
        Map.Entry<Long, Long> before = busy.floorEntry(t);
        if (before != null && before.getValue() > t) {
            t = before.getValue();
        }
        for (Map.Entry<Long, Long> next : busy.tailMap(t, true).entrySet()) {
            if (next.getKey() - t >= durationNs) {
                return t;
            }
            t = next.getValue();
        }
        return t;
    }

    /** Marks {@code [startNs, startNs + durationNs)} busy; it must be free. */
    public void reserve(long startNs, long durationNs) {
        if (durationNs < 0) {
            throw new IllegalArgumentException("negative duration " + durationNs);
        }
        if (durationNs == 0) {
            return;
        }
        long start = startNs;
        long end = startNs + durationNs;
        Map.Entry<Long, Long> lower = busy.floorEntry(startNs);
        Map.Entry<Long, Long> higher = busy.ceilingEntry(startNs);
        if (startNs < floorNs || (lower != null && lower.getValue() > startNs) || (higher != null && higher.getKey() < end)) {
            throw new IllegalStateException("interval [" + startNs + ", " + end + ") is not free");
        }
        if (lower != null && lower.getValue() == startNs) {
            start = lower.getKey();
            busy.remove(lower.getKey());
        }
        if (higher != null && higher.getKey() == end) {
            end = higher.getValue();
            busy.remove(higher.getKey());
        }
        busy.put(start, end);
        busyNs += durationNs;
        while (busy.size() > MAX_INTERVALS) {
            floorNs = busy.pollFirstEntry().getValue();
        }
    }

    /** Books the first fit for {@code durationNs} from {@code earliestNs}; returns its start. */
    public long book(long earliestNs, long durationNs) {
        long start = firstFit(earliestNs, durationNs);
        reserve(start, durationNs);
        return start;
    }

    /** Total time booked on this unit. */
    public long busyNs() {
        return busyNs;
    }

    /**
     * Books several units for one piece of work that needs them all at once (cores and the DRAM
     * they stall on; the link and the controller for a command): the earliest common start at or
     * after {@code earliestNs} where each unit is free for its own duration. Returns that start.
     */
    public static long bookTogether(long earliestNs, Timeline[] units, long[] durationsNs) {
        long t = earliestNs;
        boolean settled = false;
        while (!settled) {
            settled = true;
            for (int i = 0; i < units.length; i++) {
                long s = units[i].firstFit(t, durationsNs[i]);
                if (s > t) {
                    t = s;
                    settled = false;
                }
            }
        }
        for (int i = 0; i < units.length; i++) {
            units[i].reserve(t, durationsNs[i]);
        }
        return t;
    }
}
