package dev.ispd.offload.schedule;

/**
 * Both predicted costs of one split, with the parts the plan model needs: {@code hostLinkNs} of
 * the host time is the transfer, which queues on the drive's link behind other host splits of the
 * same drive; the rest is compute on a host slot. {@code baseline} holds the uncorrected parts an
 * observation measures.
 */
record SplitCosts(Cost host, long hostLinkNs, Cost device, Baseline baseline) {

    Cost of(Placement p) {
        return p == Placement.HOST ? host : device;
    }

    /**
     * These costs with each measured part scaled by its ratio. The modeled basis measures a device
     * split's execution (its modeled cost as POLL reports it), so only that part is scaled; the
     * commands and the result read stay as predicted. The measured basis measures the device
     * split whole, EXECUTE sent to the result read ({@link Baseline#device}), so its ratio scales
     * the whole device time; energies are modeled on either basis and scale the execution's. The
     * drive's read-out of a host split stays as predicted on both.
     */
    SplitCosts corrected(Correction hostCorrection, Correction deviceCorrection, CostBasis basis) {
        double ht = hostCorrection.time();
        Cost deviceMeasured = basis == CostBasis.MEASURED
                ? new Cost(baseline.device().timeNs(), baseline.deviceExecution().energyNj())
                : baseline.deviceExecution();
        return new SplitCosts(scaled(host, baseline.host(), hostCorrection), Correction.scale(hostLinkNs, ht),
                scaled(device, deviceMeasured, deviceCorrection), baseline);
    }

    private static Cost scaled(Cost total, Cost measured, Correction c) {
        return new Cost(total.timeNs() + Correction.scale(measured.timeNs(), c.time() - 1),
                total.energyNj() + Correction.scale(measured.energyNj(), c.energy() - 1));
    }
}
