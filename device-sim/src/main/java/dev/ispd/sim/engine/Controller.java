package dev.ispd.sim.engine;

import dev.ispd.profile.ControllerSpec;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;

/**
 * The SSD controller's firmware, one unit: it decodes each command (together with the link's
 * exchange) and translates every flash page an operation touches (FTL lookup, ECC and DMA
 * set-up), alongside the flash work itself. Kept apart from the command handlers of
 * {@code dev.ispd.sim.controller}: this is the timing of the firmware, not the protocol.
 */
final class Controller implements Powered {
    private final ControllerSpec spec;
    private final Timeline timeline = new Timeline();

    Controller(ControllerSpec spec) {
        this.spec = spec;
    }

    Timeline timeline() {
        return timeline;
    }

    long commandNs() {
        return spec.commandNs();
    }

    /** Translates {@code pages} pages of an operation starting at {@code earliestNs}; returns when done. */
    long translate(long earliestNs, long pages, EnergyAccount account) {
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
