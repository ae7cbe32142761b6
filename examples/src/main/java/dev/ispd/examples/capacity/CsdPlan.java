package dev.ispd.examples.capacity;

import java.util.OptionalInt;

/**
 * CsdPlan's analytical model (papers/csdplan-capacity-planning.txt, 3.2): a job's time on a host
 * with {@code p} cores reading {@code n} plain SSDs against its time on an array of {@code n}
 * computational drives, and the break-even drive count. The paper's equations:
 * <ul>
 *   <li>host (eq. 4-6): {@code a x T_D / min(n, K) + b x T_C / p}: the data time shrinks with the
 *       drives until the host bus saturates at {@code K} of them; the compute time with the cores;
 *       {@code a} and {@code b} are the host's slow-down factors under load;</li>
 *   <li>CSD array (eq. 7): {@code (T'_D + T'_C) / n}: every drive reads and computes its share;</li>
 *   <li>break-even (eq. 8): the smallest {@code n} at which the array is no slower than the host;</li>
 *   <li>a drive with {@code alpha} times the internal bandwidth and {@code beta} times the compute
 *       power (eq. 10-12): {@code T'_D / alpha} and {@code T'_C / beta}.</li>
 * </ul>
 * Times are seconds (any unit works: only ratios decide). Pure and deterministic.
 *
 * @param hostDataS     T_D: the host's time to read the data from one drive
 * @param hostComputeS  T_C: the host's compute on one core
 * @param driveDataS    T'_D: one computational drive's time to read all the data internally
 * @param driveComputeS T'_C: its compute beyond that (the part its reads do not hide)
 * @param busDrives     K: drives at which the host bus saturates
 * @param dataSlowdown  a: the host's data-time slow-down under load (1 when not overloaded)
 * @param computeSlowdown b: the host's compute slow-down under load
 */
public record CsdPlan(double hostDataS, double hostComputeS, double driveDataS, double driveComputeS, int busDrives,
                      double dataSlowdown, double computeSlowdown) {
    /**
     * Relative slack when comparing the two times: the paper's points sit where they are equal
     * (Count on Newport at 12 drives), which binary fractions can miss by an ulp.
     */
    static final double TIE = 1e-9;

    public CsdPlan {
        if (!(hostDataS >= 0) || !(hostComputeS >= 0) || !(driveDataS >= 0) || !(driveComputeS >= 0)
                || hostDataS + hostComputeS <= 0 || driveDataS + driveComputeS <= 0) {
            throw new IllegalArgumentException("times must be non-negative with some work on each side, got T_D "
                    + hostDataS + ", T_C " + hostComputeS + ", T'_D " + driveDataS + ", T'_C " + driveComputeS);
        }
        if (busDrives < 1) {
            throw new IllegalArgumentException("the host bus must carry at least 1 drive, got " + busDrives);
        }
        if (!(dataSlowdown >= 1) || !(computeSlowdown >= 1)) {
            throw new IllegalArgumentException("slow-down factors must be at least 1, got a " + dataSlowdown + ", b "
                    + computeSlowdown);
        }
    }

    /** A plan on a host that is not overloaded (a = b = 1). */
    public static CsdPlan of(double hostDataS, double hostComputeS, double driveDataS, double driveComputeS,
                             int busDrives) {
        return new CsdPlan(hostDataS, hostComputeS, driveDataS, driveComputeS, busDrives, 1, 1);
    }

    /** Eq. 4-6: the host with {@code cores} cores reading {@code drives} SSDs. */
    public double hostS(int drives, int cores) {
        check(drives, cores);
        return dataSlowdown * hostDataS / Math.min(drives, busDrives) + computeSlowdown * hostComputeS / cores;
    }

    /** Eq. 7: {@code drives} computational drives, each on its share of the data. */
    public double arrayS(int drives) {
        check(drives, 1);
        return (driveDataS + driveComputeS) / drives;
    }

    /** Eq. 8: the fewest drives (up to {@code maxDrives}) at which the array is no slower than the host; empty if none. */
    public OptionalInt breakEven(int cores, int maxDrives) {
        for (int n = 1; n <= maxDrives; n++) {
            if (arrayS(n) <= hostS(n, cores) * (1 + TIE)) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }

    /** Eq. 10: the same job on drives with {@code alpha} times the internal bandwidth and {@code beta} times the compute. */
    public CsdPlan withDrive(double alpha, double beta) {
        if (!(alpha > 0) || !(beta > 0)) {
            throw new IllegalArgumentException("bandwidth and compute factors must be positive, got " + alpha + ", "
                    + beta);
        }
        return new CsdPlan(hostDataS, hostComputeS, driveDataS / alpha, driveComputeS / beta, busDrives, dataSlowdown,
                computeSlowdown);
    }

    /** Eq. 4 and 13: the same job on a host slowed by {@code a} in its data time and {@code b} in its compute. */
    public CsdPlan withHostSlowdown(double a, double b) {
        return new CsdPlan(hostDataS, hostComputeS, driveDataS, driveComputeS, busDrives, a, b);
    }

    /** The share of the host's single-core time that is compute (the paper's CTR, 4.2.2). */
    public double hostComputeShare() {
        return hostComputeS / (hostDataS + hostComputeS);
    }

    private static void check(int drives, int cores) {
        if (drives < 1 || cores < 1) {
            throw new IllegalArgumentException("drives and cores must be at least 1, got " + drives + " and " + cores);
        }
    }
}
