package dev.ispd.sim.engine;

/**
 * The busy intervals of one resource unit (the host link, a flash channel's bus, a die, a core,
 * the DRAM) in virtual time, nanoseconds. Work is placed first-fit: at the earliest time at or
 * after it may start where the unit is free for the whole duration, so a request that arrives
 * late in real time still uses a gap that earlier bookings left. Touching intervals are merged.
 *
 * <p>History is bounded: beyond {@link #MAX_INTERVALS} the oldest interval is folded into a
 * floor before which the unit counts as fully booked. Not thread-safe; the drive serialises
 * access.
 *
 * <p>The intervals are kept in start order in two primitive arrays used as a ring (the oldest
 * leaves from the front; most bookings land at or near the back), found by binary search: the
 * model books on every command and batch, so no boxing and no tree nodes.
 */
public final class Timeline {
    static final int MAX_INTERVALS = 4096;
    private static final int INITIAL_CAPACITY = 16;

    private long[] starts = new long[INITIAL_CAPACITY];
    private long[] ends = new long[INITIAL_CAPACITY];
    /** Ring index of the oldest interval; the capacity is a power of two. */
    private int head;
    private int size;
    private long floorNs;
    private long busyNs;

    /** The earliest start at or after {@code earliestNs} where the unit is free for {@code durationNs}. */
    public long firstFit(long earliestNs, long durationNs) {
        if (durationNs == 0) {
            return earliestNs;
        }
        long t = Math.max(earliestNs, floorNs);
        int i = lastStartingAtOrBefore(t);
        if (i >= 0 && end(i) > t) {
            t = end(i);
        }
        for (int j = i + 1; j < size; j++) {
            if (start(j) - t >= durationNs) {
                return t;
            }
            t = end(j);
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
        long end = startNs + durationNs;
        int lower = lastStartingAtOrBefore(startNs);
        int higher = lower + 1;
        if (startNs < floorNs || (lower >= 0 && end(lower) > startNs) || (higher < size && start(higher) < end)) {
            throw new IllegalStateException("interval [" + startNs + ", " + end + ") is not free");
        }
        boolean joinsLower = lower >= 0 && end(lower) == startNs;
        boolean joinsHigher = higher < size && start(higher) == end;
        if (joinsLower && joinsHigher) {
            ends[slot(lower)] = end(higher);
            remove(higher);
        } else if (joinsLower) {
            ends[slot(lower)] = end;
        } else if (joinsHigher) {
            starts[slot(higher)] = startNs;
        } else {
            insert(higher, startNs, end);
        }
        busyNs += durationNs;
        while (size > MAX_INTERVALS) {
            floorNs = end(0);
            head = slot(1);
            size--;
        }
    }

    /**
     * Forgets the work that ends at or before {@code ns}, for a caller that books nothing earlier
     * than {@code ns} from now on: {@link #firstFit} from {@code ns} or later never looks at those
     * intervals, so every booking lands where it would have, and the ring stays as small as the
     * work still ahead. Before {@code ns} the unit then counts as fully booked; {@link #busyNs} is
     * unchanged.
     */
    public void forgetBefore(long ns) {
        while (size > 0 && end(0) <= ns) {
            head = slot(1);
            size--;
        }
        floorNs = Math.max(floorNs, ns);
    }

    /** Index of the last interval starting at or before {@code t}, or -1. */
    private int lastStartingAtOrBefore(long t) {
        int hi = size - 1;
        if (hi < 0 || start(hi) <= t) {
            return hi; // the common case: booking at or after the newest interval
        }
        int lo = 0;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (start(mid) <= t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }

    private int slot(int i) {
        return (head + i) & (starts.length - 1);
    }

    private long start(int i) {
        return starts[slot(i)];
    }

    private long end(int i) {
        return ends[slot(i)];
    }

    private void set(int i, long start, long end) {
        int k = slot(i);
        starts[k] = start;
        ends[k] = end;
    }

    /** Inserts an interval at index {@code at}, moving the shorter side of the ring by one. */
    private void insert(int at, long start, long end) {
        if (size == starts.length) {
            grow();
        }
        if (at < size - at) {
            head = slot(-1);
            for (int i = 0; i < at; i++) {
                set(i, start(i + 1), end(i + 1));
            }
        } else {
            for (int i = size; i > at; i--) {
                set(i, start(i - 1), end(i - 1));
            }
        }
        set(at, start, end);
        size++;
    }

    private void remove(int at) {
        for (int i = at; i < size - 1; i++) {
            set(i, start(i + 1), end(i + 1));
        }
        size--;
    }

    /** Doubles the capacity of a full ring, unrolling it: from the head to the arrays' end, then the rest. */
    private void grow() {
        starts = unrolled(starts);
        ends = unrolled(ends);
        head = 0;
    }

    private long[] unrolled(long[] ring) {
        long[] out = new long[ring.length * 2];
        System.arraycopy(ring, head, out, 0, ring.length - head);
        System.arraycopy(ring, 0, out, ring.length - head, head);
        return out;
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
        return bookTogether(earliestNs, units, new long[units.length], durationsNs, units.length);
    }

    /**
     * Books the first {@code count} units for one piece of work in which unit {@code i} is busy
     * from {@code offsetsNs[i]} after the work's start for {@code durationsNs[i]} (the dies and the
     * bus of a flash channel's run of pages): the earliest start at or after {@code earliestNs}
     * where every unit is free for its part. Returns that start.
     */
    public static long bookTogether(long earliestNs, Timeline[] units, long[] offsetsNs, long[] durationsNs,
                                    int count) {
        long t = earliestNs;
        boolean settled = false;
        while (!settled) {
            settled = true;
            for (int i = 0; i < count; i++) {
                long s = units[i].firstFit(t + offsetsNs[i], durationsNs[i]) - offsetsNs[i];
                if (s > t) {
                    t = s;
                    settled = false;
                }
            }
        }
        for (int i = 0; i < count; i++) {
            units[i].reserve(t + offsetsNs[i], durationsNs[i]);
        }
        return t;
    }
}
