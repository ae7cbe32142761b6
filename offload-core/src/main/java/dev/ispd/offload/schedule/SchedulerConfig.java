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
 * @param hostCores the cores a host split's engine gives one task of the job on the measured
 *                  basis with auto host slots ({@link HostSlots}: Spark's executor cores over its
 *                  task CPUs), or {@link #THIS_MACHINES_CORES} for the cores of the JVM planning
 */
public record SchedulerConfig(Policy policy, double weight, HostProfile hostProfile, int hostSlots,
                              boolean correction, CostBasis basis, int hostCores) {
    /** Host slots chosen by the basis ({@link HostSlots}): ispd.offload.host.slots = auto. */
    public static final int AUTO_HOST_SLOTS = 0;
    /** Host cores of this machine: the JVM's available processors. */
    public static final int THIS_MACHINES_CORES = 0;

    public SchedulerConfig {
        if (hostCores < 0) {
            throw new IllegalArgumentException("host cores must be at least 1, or 0 for this machine's, got "
                    + hostCores);
        }
    }

    /** The modeled basis: the deterministic instrument. */
    public SchedulerConfig(Policy policy, double weight, HostProfile hostProfile, int hostSlots, boolean correction) {
        this(policy, weight, hostProfile, hostSlots, correction, CostBasis.MODELED, THIS_MACHINES_CORES);
    }

    /** This configuration with host splits run by an engine that gives a task {@code cores} cores. */
    public SchedulerConfig onHostCores(int cores) {
        return new SchedulerConfig(policy, weight, hostProfile, hostSlots, correction, basis, cores);
    }
}
