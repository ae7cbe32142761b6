package dev.ispd.sim.link;

import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Units;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;
import dev.ispd.sim.engine.Timeline;

/**
 * The host interface (SATA, PCIe, Ethernet): one unit that carries one transfer or one command
 * exchange at a time. A command occupies it for the profile's command latency (kang2013 V-B-3:
 * a one-sector read takes under 215 us on the Smart SSD's SATA link); data moves at its bandwidth.
 */
public final class HostLink implements Powered {
    private final LinkSpec spec;
    private final Timeline timeline = new Timeline();

    public HostLink(LinkSpec spec) {
        this.spec = spec;
    }

    /** The unit a command's exchange occupies, for booking together with the controller. */
    public Timeline timeline() {
        return timeline;
    }

    public long commandNs() {
        return spec.commandLatencyNs();
    }

    /** Moves {@code bytes} across the link no earlier than {@code earliestNs}; returns when the last byte is across. */
    public long transfer(long earliestNs, long bytes, EnergyAccount account) {
        long ns = Units.transferNs(bytes, spec.bandwidthBytesPerSec());
        long start = timeline.book(earliestNs, ns);
        account.charge(spec.power(), ns);
        return start + ns;
    }

    @Override
    public Usage usage(long nowNs) {
        return Usage.ofUnit("link", spec.power(), timeline.busyNs(), timeline.busyNs(), nowNs);
    }
}
