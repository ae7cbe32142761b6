package dev.ispd.offload.model;

/**
 * What a split costs when the host does it, by the host profile: modeled time and whole-system
 * energy, broken down into the transfer phase (bytes crossing the drive's link into host
 * memory) and the compute phase (the tasklet's metered work on one host core).
 *
 * @param timeNs          transferNs + computeNs
 * @param energyNj        transferEnergyNj + computeEnergyNj: whole-system energy over timeNs
 * @param transferNs      time to bring the bytes across the link into host memory
 * @param transferEnergyNj whole-system energy during the transfer (idle power + what moving data adds)
 * @param computeNs       time of the metered work on one core
 * @param computeEnergyNj whole-system energy during the compute (idle power + what computing adds)
 * @param idleEnergyNj    the part of energyNj the host would draw idle anyway; energyNj - idleEnergyNj is the
 *                        energy the split adds
 * @param cpuNs           host CPU time the split occupies (kernel I/O path + compute)
 */
public record HostCost(long timeNs, long energyNj, long transferNs, long transferEnergyNj, long computeNs,
                       long computeEnergyNj, long idleEnergyNj, long cpuNs) {

    /** The energy the split adds to an idle host. */
    public long addedEnergyNj() {
        return energyNj - idleEnergyNj;
    }
}
