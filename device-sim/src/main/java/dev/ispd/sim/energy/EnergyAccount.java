package dev.ispd.sim.energy;

import dev.ispd.profile.Power;

/**
 * The drive energy charged to one piece of work (an execution): active power x the time each
 * unit worked for it. Idle energy stays with the drive, not with any execution.
 */
public final class EnergyAccount {
    /** For work nobody is charged for (host reads and writes count in the drive totals only). */
    public static final EnergyAccount UNCHARGED = new EnergyAccount(false);

    private final boolean charging;
    private long nanojoules;

    public EnergyAccount() {
        this(true);
    }

    private EnergyAccount(boolean charging) {
        this.charging = charging;
    }

    /** Charges {@code activeNs} of a unit drawing {@code power}. */
    public void charge(Power power, long activeNs) {
        if (charging) {
            nanojoules += power.activeNj(activeNs);
        }
    }

    public long nanojoules() {
        return nanojoules;
    }
}
