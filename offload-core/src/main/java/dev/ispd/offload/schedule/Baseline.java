package dev.ispd.offload.schedule;

import java.io.Serializable;

/**
 * A split's uncorrected predictions in the terms an observation is measured in, so a finished
 * split turns into an observed/predicted ratio without compounding earlier corrections.
 *
 * @param host the host run: HostModel time and the energy it adds to the host (without the
 *     drive's read-out, which the host run does not measure)
 * @param deviceExecution the drive's execution alone, as POLL reports it: the scan and the
 *     result's program, and the dies', DRAM's and cores' energy (without the commands and the
 *     result's read back over the link, which the drive does not charge to the execution): what
 *     the modeled basis compares a device split's modeled cost with
 * @param device the device split whole, commands and result read included: what the measured
 *     basis compares a device split's wall clock with (EXECUTE sent to the result read)
 */
public record Baseline(Cost host, Cost deviceExecution, Cost device) implements Serializable {

    /** This baseline and {@code other}'s for work done one after the other. */
    public Baseline plus(Baseline other) {
        return new Baseline(host.plus(other.host), deviceExecution.plus(other.deviceExecution),
                device.plus(other.device));
    }

    /** The uncorrected prediction a modeled observation of a split placed at {@code p} is compared with. */
    public Cost of(Placement p) {
        return p == Placement.HOST ? host : deviceExecution;
    }

    /** The uncorrected time a wall clock of a split placed at {@code p} is compared with (the measured basis). */
    public long measuredOf(Placement p) {
        return p == Placement.HOST ? host.timeNs() : device.timeNs();
    }
}
