package dev.ispd.examples.capacity;

import java.util.List;

/**
 * csdplan's own inputs (papers/csdplan-capacity-planning.txt), each with where the paper gives
 * it, as CsdPlan inputs for the jobs whose break-even points the paper publishes. Times are in
 * units of the job's time on Host(1), one core of the paper's host reading one SSD.
 *
 * <p>The paper prints its measurements as charts (Fig. 2, 4-6), so the inputs are the figures its
 * text states: a CSD's time relative to Host(1), how the host's time grows with cores (the share
 * of it that is compute) and each CSD's internal read rate against its external one, which splits
 * the CSD's time into data and compute.
 */
public final class PaperInputs {
    /** K: the host bus saturates at 8 drives. */
    public static final PaperNumber BUS_DRIVES = PaperNumber.sourced("busDrives", 8,
            "csdplan 4.3: a host with PCIe 3.0 up to 32 lanes (32 GB/s) and 4 GB/s per SSD: K = 8");
    /** Count: the share of Host(1)'s time that is compute. */
    public static final PaperNumber COUNT_COMPUTE_SHARE = PaperNumber.sourced("count.hostComputeShare", 1.0 / 3,
            "csdplan 4.2.3: Count's host throughput improves by about 20% per core, so Host(2) takes 1 / 1.2 of "
                    + "Host(1)'s time: T_D + T_C / 2 = (T_D + T_C) / 1.2 gives T_C = 1/3 of it");
    /** Array Merge: the share of Host(1)'s time that is compute. */
    public static final PaperNumber ARRAY_MERGE_COMPUTE_SHARE = PaperNumber.assumed("arrayMerge.hostComputeShare",
            0.14, "csdplan classes Array Merge as I/O-intensive on the host (CTR below 0.5, 4.2.2) but prints "
                    + "its CTR only as a chart (Fig. 5); with Newport's 2.8x, eq. 8 gives the published 12 drives "
                    + "for a CTR from 0.124 to 0.148, and 0.14 is taken from that range: this point checks that the "
                    + "paper's figures agree with each other, it does not predict one from the others");
    /** SmartSSD on Count: its time in Host(1)'s. */
    public static final PaperNumber SMARTSSD_COUNT_TIME = PaperNumber.sourced("smartssd.count.time", 1.3,
            "csdplan 4.2.3: Host(1) has up to 1.3x (Count) and 2x (Vector Addition) the throughput of a SmartSSD");
    /** Newport on Count: its time in Host(1)'s. */
    public static final PaperNumber NEWPORT_COUNT_TIME = PaperNumber.sourced("newport.count.time", 5,
            "csdplan 4.2.3: Host(1) has a throughput about 5x higher than Newport CSD (Count, Vector Addition)");
    /** Newport on Array Merge: its time in Host(1)'s. */
    public static final PaperNumber NEWPORT_ARRAY_MERGE_TIME = PaperNumber.sourced("newport.arrayMerge.time", 2.8,
            "csdplan 2.3, Fig. 2(a): on Array Merge the execution times of SmartSSD and Newport CSD were 28x and "
                    + "2.8x the host's (one core)");
    /** SmartSSD: how much slower its kernels read than the host reads it. */
    public static final PaperNumber SMARTSSD_READ_SLOWDOWN = PaperNumber.sourced("smartssd.readSlowdown", 1.18,
            "csdplan 2.3: for reads, SmartSSD's external bandwidth is about 1.18x its internal one (the FPGA sits "
                    + "behind its own PCIe link); the host reads it as a block device (4.2.3)");
    /** Newport: how much slower its cores read than the host reads it. */
    public static final PaperNumber NEWPORT_READ_SLOWDOWN = PaperNumber.sourced("newport.readSlowdown", 2.28,
            "csdplan 2.3: Newport's external bandwidth is 2.28x its internal one for reads");

    /** Every input above, for the report. */
    public static final List<PaperNumber> ALL = List.of(BUS_DRIVES, COUNT_COMPUTE_SHARE, ARRAY_MERGE_COMPUTE_SHARE,
            SMARTSSD_COUNT_TIME, NEWPORT_COUNT_TIME, NEWPORT_ARRAY_MERGE_TIME, SMARTSSD_READ_SLOWDOWN,
            NEWPORT_READ_SLOWDOWN);

    private PaperInputs() {
    }

    /** The jobs whose break-even points csdplan publishes (4.3), on the paper's inputs. */
    public enum Job {
        COUNT_SMARTSSD("count-smartssd", "Count on SmartSSD", COUNT_COMPUTE_SHARE, SMARTSSD_COUNT_TIME,
                SMARTSSD_READ_SLOWDOWN),
        COUNT_NEWPORT("count-newport", "Count on Newport CSD", COUNT_COMPUTE_SHARE, NEWPORT_COUNT_TIME,
                NEWPORT_READ_SLOWDOWN),
        ARRAY_MERGE_NEWPORT("array-merge-newport", "Array Merge on Newport CSD", ARRAY_MERGE_COMPUTE_SHARE,
                NEWPORT_ARRAY_MERGE_TIME, NEWPORT_READ_SLOWDOWN);

        private final String id;
        private final String title;
        private final PaperNumber computeShare;
        private final PaperNumber driveTime;
        private final PaperNumber readSlowdown;

        Job(String id, String title, PaperNumber computeShare, PaperNumber driveTime, PaperNumber readSlowdown) {
            this.id = id;
            this.title = title;
            this.computeShare = computeShare;
            this.driveTime = driveTime;
            this.readSlowdown = readSlowdown;
        }

        public String id() {
            return id;
        }

        public String title() {
            return title;
        }

        /**
         * The job's CsdPlan inputs: Host(1) takes 1, of which the compute share is T_C; the CSD
         * reads what the host reads {@code readSlowdown} times slower (T'_D) and computes for the
         * rest of its time (T'_C).
         */
        public CsdPlan plan() {
            double hostComputeS = computeShare.value();
            double hostDataS = 1 - hostComputeS;
            double driveDataS = hostDataS * readSlowdown.value();
            return CsdPlan.of(hostDataS, hostComputeS, driveDataS, driveTime.value() - driveDataS,
                    (int) BUS_DRIVES.value());
        }

        /** The inputs this job's plan is built from. */
        public List<PaperNumber> inputs() {
            return List.of(BUS_DRIVES, computeShare, driveTime, readSlowdown);
        }
    }
}
