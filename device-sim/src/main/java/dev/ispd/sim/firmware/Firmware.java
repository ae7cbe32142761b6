package dev.ispd.sim.firmware;

import dev.ispd.profile.ControllerSpec;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;
import dev.ispd.sim.engine.Timeline;

/**
 * The SSD controller's firmware as a timed part, one unit (the profile's {@code controller}
 * section; DEVICE_LOG's {@code controller} component): it decodes each command (together with
 * the link's exchange) and translates every flash page an operation touches (FTL lookup, ECC
 * and DMA set-up), alongside the flash work itself. The protocol's command handlers are
 * {@code dev.ispd.sim.controller}: this is only the firmware's time and energy.
 */
public final class Firmware implements Powered {
    private final ControllerSpec spec;
    private final Timeline timeline = new Timeline();

    public Firmware(ControllerSpec spec) {
        this.spec = spec;
    }

    public Timeline timeline() {
        return timeline;
    }

    public long commandNs() {
        return spec.commandNs();
    }

    /** Translates {@code pages} pages of an operation starting at {@code earliestNs}; returns when done. */
    public long translate(long earliestNs, long pages, EnergyAccount account) {
        long ns = Math.multiplyExact(pages, spec.pageNs());
        long start = timeline.book(earliestNs, ns);
        account.charge(spec.power(), ns);
        return start + ns;
    }

    @Override
    public Usage usage(long nowNs) {
        return Usage.ofUnit("controller", spec.power(), timeline.busyNs(), timeline.busyNs(), nowNs);
    }
}
