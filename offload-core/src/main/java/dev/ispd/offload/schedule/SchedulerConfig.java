package dev.ispd.offload.schedule;

import dev.ispd.profile.HostProfile;

/**
 * The scheduler's settings, resolved and checked ({@link dev.ispd.offload.settings.OffloadSettings}).
 *
 * @param weight with policy weighted, the weight of time against energy
 * @param hostSlots map slots (cores) the host side has for the job, or {@link #AUTO_HOST_SLOTS} for
 *                  those of the profile or of this machine ({@link HostSlots})
 * @param correction whether predictions are corrected by observed costs
 * @param basis what corrects predicted times: modeled costs, or the wall clock of finished splits
 */
public record SchedulerConfig(Policy policy, double weight, HostProfile hostProfile, int hostSlots,
                              boolean correction, CostBasis basis) {
    /** Host slots chosen by the basis ({@link HostSlots}): ispd.offload.host.slots = auto. */
    public static final int AUTO_HOST_SLOTS = 0;

    /** The modeled basis: the deterministic instrument. */
    public SchedulerConfig(Policy policy, double weight, HostProfile hostProfile, int hostSlots, boolean correction) {
        this(policy, weight, hostProfile, hostSlots, correction, CostBasis.MODELED);
    }
}
