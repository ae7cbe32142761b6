package dev.ispd.offload.execute;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.AtOnce;
import dev.ispd.offload.storage.DriveDirectory;
import dev.ispd.offload.storage.UnansweredDrives;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tasklet instances of one job: one per drive that runs device splits, created once when the
 * job is planned (CREATE_TASKLET) and deleted when it ends, instead of one per split. A drive
 * that does not take the instance leaves its splits without one; each then creates its own and
 * falls back to the host if that fails too. A job that was cancelled or failed may end while
 * some of its splits' executions are still stopping in the drives (a drive answers BUSY to the
 * delete of an instance an execution uses): the delete waits for them, at most {@link #BUSY_WAIT}.
 */
public final class JobTasklets implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobTasklets.class);
    /** How long a delete waits for the executions still using an instance to end. */
    private static final Duration BUSY_WAIT = Duration.ofSeconds(30);
    /** The longest pause between two deletes of a busy instance. */
    private static final long MAX_PAUSE_MS = 500;

    private final DriveDirectory drives;
    private final Map<Integer, Long> instancePerDrive;

    private JobTasklets(DriveDirectory drives, Map<Integer, Long> instancePerDrive) {
        this.drives = drives;
        this.instancePerDrive = instancePerDrive;
    }

    /** Creates {@code tasklet} on every drive that holds a DEVICE split of {@code splits}, on all those drives at once. */
    public static JobTasklets create(DriveDirectory drives, TaskletSpec tasklet, List<PlannedSplit> splits) {
        List<Integer> onDevice = splits.stream().filter(s -> s.decision().placement() == Placement.DEVICE)
                .map(PlannedSplit::drive).distinct().sorted().toList();
        Map<Integer, Long> ids = new TreeMap<>();
        if (onDevice.isEmpty()) {
            return new JobTasklets(drives, ids);
        }
        List<Long> created = AtOnce.each(onDevice, d -> create(drives, d, tasklet));
        for (int i = 0; i < onDevice.size(); i++) {
            if (created.get(i) != null) {
                ids.put(onDevice.get(i), created.get(i));
            }
        }
        return new JobTasklets(drives, ids);
    }

    /** The instance of {@code tasklet} created on drive {@code d}; null (logged) if the drive did not take it. */
    private static Long create(DriveDirectory drives, int d, TaskletSpec tasklet) {
        try (Drive drive = drives.open(d)) {
            return TaskletInstances.create(drive, tasklet);
        } catch (IOException e) {
            LOG.warn("could not create tasklet '{}' on drive {} ({}) for the job: {}; its splits create their own",
                    tasklet.name(), d, drives.address(d), e.getMessage());
            return null;
        }
    }

    /** {@code splits}, each DEVICE split with its drive's instance. */
    public List<PlannedSplit> assign(List<PlannedSplit> splits) {
        return splits.stream().map(s -> s.decision().placement() == Placement.DEVICE
                && instancePerDrive.containsKey(s.drive()) ? s.withTaskletInstance(instancePerDrive.get(s.drive())) : s)
                .toList();
    }

    /**
     * Deletes the instances, each once no execution uses it; one that cannot be deleted is logged,
     * not thrown (the job's outcome stands), and fsck lists it as an orphan.
     */
    @Override
    public void close() {
        instancePerDrive.forEach(this::delete);
        instancePerDrive.clear();
    }

    private void delete(int d, long id) {
        if (UnansweredDrives.recently(drives.address(d))) {
            LOG.warn("tasklet instance {} on drive {} ({}) is left to fsck, which lists it as an orphan: the drive "
                    + "left a call unanswered within the last {} s", Long.toUnsignedString(id), d, drives.address(d),
                    UnansweredDrives.SKIP_FOR.toSeconds());
            return;
        }
        long deadline = System.nanoTime() + BUSY_WAIT.toNanos();
        try (Drive drive = drives.open(d)) {
            for (long pauseMs = 5; ; pauseMs = Math.min(2 * pauseMs, MAX_PAUSE_MS)) {
                try {
                    drive.delete(id);
                    return;
                } catch (DriveException e) {
                    if (e.status() != Status.BUSY || System.nanoTime() > deadline) {
                        throw e;
                    }
                }
                Thread.sleep(pauseMs); // the executions using it are stopping (a cancelled job's) or finishing
            }
        } catch (IOException e) {
            LOG.warn("could not delete tasklet instance {} on drive {} ({}): {}; fsck lists it as an orphan",
                    Long.toUnsignedString(id), d, drives.address(d), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("interrupted while deleting tasklet instance {} on drive {} ({}); fsck lists it as an orphan",
                    Long.toUnsignedString(id), d, drives.address(d));
        }
    }
}
