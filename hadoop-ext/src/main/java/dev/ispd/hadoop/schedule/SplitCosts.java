package dev.ispd.hadoop.schedule;

/**
 * Both predicted costs of one split, with the parts the plan model needs: {@code hostLinkNs} of
 * the host time is the transfer, which queues on the drive's link behind other host splits of the
 * same drive; the rest is compute on a host slot.
 */
record SplitCosts(Cost host, long hostLinkNs, Cost device) {

    Cost of(Placement p) {
        return p == Placement.HOST ? host : device;
    }

    SplitCosts corrected(Correction hostCorrection, Correction deviceCorrection) {
        double ht = hostCorrection.time();
        return new SplitCosts(
                new Cost(Correction.scale(host.timeNs(), ht), Correction.scale(host.energyNj(), hostCorrection.energy())),
                Correction.scale(hostLinkNs, ht),
                new Cost(Correction.scale(device.timeNs(), deviceCorrection.time()),
                        Correction.scale(device.energyNj(), deviceCorrection.energy())));
    }
}
