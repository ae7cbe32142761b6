package dev.ispd.examples.reproduce;

/**
 * What one version's exec phase costs in the model: its time, the host CPU it occupies (user:
 * the application; kernel: the I/O path), and the energy of the host (whole system, idle
 * included) and of the drive (idle included) over that time.
 */
record VersionCost(long timeNs, long hostUserNs, long hostKernelNs, long hostEnergyNj, long driveEnergyNj) {
    long systemEnergyNj() {
        return hostEnergyNj + driveEnergyNj;
    }

    /** Average system power over the phase, in watts. */
    double systemWatts() {
        return timeNs == 0 ? 0 : systemEnergyNj() / (double) timeNs;
    }
}
