package dev.ispd.sim.dram;

import dev.ispd.profile.DramSpec;
import dev.ispd.profile.Units;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;
import dev.ispd.sim.engine.Timeline;

/**
 * The drive's DRAM, one unit. Two kinds of work occupy it: bulk transfers (a batch of pages
 * landing from flash, data staged for the link) at its bandwidth, and a tasklet's field loads,
 * each holding it for the access latency: the Smart SSD's cores have no cache and one load
 * outstanding (kang2013 V-B-2), so loads from the cores and DMA take turns.
 */
public final class Dram implements Powered {
    private final DramSpec spec;
    private final Timeline timeline = new Timeline();

    public Dram(DramSpec spec) {
        this.spec = spec;
    }

    /** The unit field loads occupy, booked together with the cores that wait on them. */
    public Timeline timeline() {
        return timeline;
    }

    /** Time {@code accesses} field loads hold the DRAM (and stall the core that issues them). */
    public long accessNs(long accesses) {
        return Math.multiplyExact(accesses, spec.accessLatencyNs());
    }

    /** A bulk transfer of {@code bytes} into or out of DRAM from {@code earliestNs}; returns its end. */
    public long transfer(long earliestNs, long bytes, EnergyAccount account) {
        long ns = Units.transferNs(bytes, spec.bandwidthBytesPerSec());
        long start = timeline.book(earliestNs, ns);
        account.charge(spec.power(), ns);
        return start + ns;
    }

    /** Charges field loads booked through {@link #timeline()}. */
    public void chargeAccesses(long ns, EnergyAccount account) {
        account.charge(spec.power(), ns);
    }

    @Override
    public Usage usage(long nowNs) {
        return Usage.ofUnit("dram", spec.power(), timeline.busyNs(), timeline.busyNs(), nowNs);
    }
}
