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
     * These costs with each measured part scaled by its ratio; the parts no observation measures
     * (the drive's read-out of a host split, a device split's commands and result read) stay as
     * predicted.
     */
    SplitCosts corrected(Correction hostCorrection, Correction deviceCorrection) {
        double ht = hostCorrection.time();
        return new SplitCosts(scaled(host, baseline.host(), hostCorrection), Correction.scale(hostLinkNs, ht),
                scaled(device, baseline.deviceExecution(), deviceCorrection), baseline);
    }

    private static Cost scaled(Cost total, Cost measured, Correction c) {
        return new Cost(total.timeNs() + Correction.scale(measured.timeNs(), c.time() - 1),
                total.energyNj() + Correction.scale(measured.energyNj(), c.energy() - 1));
    }
}
