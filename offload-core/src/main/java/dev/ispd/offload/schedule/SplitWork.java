package dev.ispd.offload.schedule;

import dev.ispd.tasklet.Meter;
import java.util.List;

/**
 * One split to place: its index in the job, the drive that would run it, how many bytes it scans,
 * the work the tasklet is predicted to meter on them ({@code TaskletFactory.estimate}), and every
 * drive holding a replica of its bytes ({@code replicaDrives}, the writer's first choice first;
 * {@code drive} is one of them): the scheduler runs the split on the least loaded of those that
 * are up ({@link OffloadScheduler#plan}).
 */
public record SplitWork(int index, int drive, long bytes, Meter predictedWork, List<Integer> replicaDrives) {
    public SplitWork {
        if (index < 0 || drive < 0 || bytes < 0) {
            throw new IllegalArgumentException("split index, drive and bytes must be non-negative, got index " + index
                    + ", drive " + drive + ", bytes " + bytes);
        }
        if (predictedWork == null) {
            throw new IllegalArgumentException("split " + index + " has no predicted work");
        }
        replicaDrives = List.copyOf(replicaDrives);
        if (!replicaDrives.contains(drive)) {
            throw new IllegalArgumentException("split " + index + " is on drive " + drive
                    + ", which holds none of its replicas " + replicaDrives);
        }
    }

    /** A split whose bytes are on one drive only. */
    public SplitWork(int index, int drive, long bytes, Meter predictedWork) {
        this(index, drive, bytes, predictedWork, List.of(drive));
    }

    /** This split run on {@code replicaDrive}, another drive holding its bytes. */
    public SplitWork on(int replicaDrive) {
        return new SplitWork(index, replicaDrive, bytes, predictedWork, replicaDrives);
    }
}
