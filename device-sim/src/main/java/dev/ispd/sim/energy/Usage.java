package dev.ispd.sim.energy;

import dev.ispd.profile.Power;
import java.util.List;

/**
 * A component's busy time and energy up to a moment, with its parts under hierarchical names
 * ({@code flash} has {@code flash.channel.3}). Energy follows the thesis's method
 * (papers/isp-architectures-minglani-thesis-2018.txt 3.3.4): every unit draws active power while
 * it works and idle power the rest of the time. A parent's energy is the sum of its parts'; its
 * busy time is their mean, so busy / now is its utilization.
 */
public record Usage(String name, long busyNs, long energyNj, List<Usage> parts) {

    public Usage {
        parts = List.copyOf(parts);
    }

    /** One unit: busy {@code busyNs}, of which it drew active power for {@code activeNs}, up to {@code nowNs}. */
    public static Usage ofUnit(String name, Power power, long busyNs, long activeNs, long nowNs) {
        return new Usage(name, busyNs, power.energyNj(activeNs, nowNs), List.of());
    }

    /** Several like units under one name, each listed as a part. */
    public static Usage ofParts(String name, List<Usage> parts) {
        long busy = 0;
        long energy = 0;
        for (Usage p : parts) {
            busy += p.busyNs();
            energy += p.energyNj();
        }
        return new Usage(name, parts.isEmpty() ? 0 : busy / parts.size(), energy, parts);
    }
}
