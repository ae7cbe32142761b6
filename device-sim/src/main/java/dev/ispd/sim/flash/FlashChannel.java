package dev.ispd.sim.flash;

import dev.ispd.profile.Power;
import dev.ispd.sim.energy.Usage;
import dev.ispd.sim.engine.Timeline;
import java.util.List;

/** One channel: a bus that carries one page at a time, shared by its dies. */
final class FlashChannel {
    final Timeline bus = new Timeline();
    final FlashDie[] dies;
    private final String name;

    FlashChannel(String name, int dies) {
        this.name = name;
        this.dies = new FlashDie[dies];
        for (int i = 0; i < dies; i++) {
            this.dies[i] = new FlashDie();
        }
    }

    /** Busy is the bus's; energy is the dies'. */
    Usage usage(Power diePower, long nowNs) {
        long energy = 0;
        for (FlashDie d : dies) {
            energy += diePower.energyNj(d.activeNs, nowNs);
        }
        return new Usage(name, bus.busyNs(), energy, List.of());
    }
}
