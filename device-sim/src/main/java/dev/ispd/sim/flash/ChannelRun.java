package dev.ispd.sim.flash;

import dev.ispd.sim.engine.Timeline;

/**
 * Books one channel's share of a striped flash operation (a run of pages on consecutive dies of
 * the channel) with one booking per die and one for the bus, instead of bookings per page.
 *
 * <p>The run's schedule on its own is computed in closed form. With {@code u} dies in use, page
 * {@code i} goes to die slot {@code i % u} and crosses the bus at
 * {@code lead + (i / u) x P + (i % u) x transfer}, where the period {@code P = max(u x transfer,
 * cell + transfer)} is the longer of the bus's and one die's time per round of {@code u} pages:
 * the bus carries one page at a time and each die senses (or programs) its next page only once
 * its previous page has crossed the bus (or been programmed). On free units the transfers fall
 * where booking page by page puts them. The run is then placed as a whole at the earliest start
 * where every die is free for its hold (from its first page's cell operation to its last page's
 * end) and the bus for the run's pages, back to back, ending with the last page's transfer.
 *
 * <p>Not thread-safe: its scratch arrays are reused; the drive's lock serialises callers.
 */
final class ChannelRun {
    private final long transferNs;
    private final Timeline[] units;
    private final long[] offsets;
    private final long[] durations;

    ChannelRun(int diesPerChannel, long transferNs) {
        this.transferNs = transferNs;
        this.units = new Timeline[diesPerChannel + 1];
        this.offsets = new long[diesPerChannel + 1];
        this.durations = new long[diesPerChannel + 1];
    }

    /**
     * Reads {@code pages} pages (at least one) on {@code ch}, dies taken in turn from
     * {@code firstDie}: each page is sensed for {@code senseNs} just before its bus transfer.
     * Returns when the last page is off the bus.
     */
    long read(FlashChannel ch, int firstDie, long pages, long senseNs, long earliestNs) {
        return book(ch, firstDie, pages, senseNs, 0, earliestNs);
    }

    /**
     * Programs {@code pages} pages (at least one) on {@code ch}, dies taken in turn from
     * {@code firstDie}: each page crosses the bus, then its die programs it for {@code cellsNs}.
     * Returns when the last page is programmed.
     */
    long program(FlashChannel ch, int firstDie, long pages, long cellsNs, long earliestNs) {
        return book(ch, firstDie, pages, 0, cellsNs, earliestNs);
    }

    /** A run whose pages hold their die {@code beforeNs} before their transfer and {@code afterNs} after it. */
    private long book(FlashChannel ch, int firstDie, long pages, long beforeNs, long afterNs, long earliestNs) {
        int dies = ch.dies.length;
        int used = (int) Math.min(pages, dies);
        long period = Math.max(used * transferNs, beforeNs + afterNs + transferNs);
        long busEnd = onBus(pages - 1, used, period, beforeNs) + transferNs;
        long perPage = beforeNs + transferNs + afterNs;
        for (int r = 0; r < used; r++) {
            long last = r + used * ((pages - 1 - r) / used);
            units[r] = ch.dies[(firstDie + r) % dies].timeline;
            offsets[r] = onBus(r, used, period, beforeNs) - beforeNs;
            durations[r] = onBus(last, used, period, beforeNs) + transferNs + afterNs - offsets[r];
        }
        units[used] = ch.bus;
        offsets[used] = busEnd - pages * transferNs;
        durations[used] = pages * transferNs;
        long start = Timeline.bookTogether(earliestNs, units, offsets, durations, used + 1);
        for (int r = 0; r < used; r++) {
            ch.dies[(firstDie + r) % dies].activeNs += ((pages - 1 - r) / used + 1) * perPage;
        }
        return start + busEnd + afterNs;
    }

    /** When page {@code i} of the run starts crossing the bus, from the run's start. */
    private long onBus(long i, int used, long period, long leadNs) {
        return leadNs + i / used * period + i % used * transferNs;
    }
}
