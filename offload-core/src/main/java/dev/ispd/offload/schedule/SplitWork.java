package dev.ispd.offload.schedule;

import dev.ispd.tasklet.Meter;

/**
 * One split to place: its index in the job, the drive holding its bytes, how many bytes it scans,
 * and the work the tasklet is predicted to meter on them ({@code TaskletFactory.estimate}).
 */
public record SplitWork(int index, int drive, long bytes, Meter predictedWork) {
    public SplitWork {
        if (index < 0 || drive < 0 || bytes < 0) {
            throw new IllegalArgumentException("split index, drive and bytes must be non-negative, got index " + index
                    + ", drive " + drive + ", bytes " + bytes);
        }
        if (predictedWork == null) {
            throw new IllegalArgumentException("split " + index + " has no predicted work");
        }
    }
}
