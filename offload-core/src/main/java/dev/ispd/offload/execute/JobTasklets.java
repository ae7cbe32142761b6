package dev.ispd.offload.execute;

import dev.ispd.client.Drive;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.DriveDirectory;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tasklet instances of one job: one per drive that runs device splits, created once when the
 * job is planned (CREATE_TASKLET) and deleted when it ends, instead of one per split. A drive
 * that does not take the instance leaves its splits without one; each then creates its own and
 * falls back to the host if that fails too.
 */
public final class JobTasklets implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobTasklets.class);

    private final DriveDirectory drives;
    private final Map<Integer, Long> instancePerDrive;

    private JobTasklets(DriveDirectory drives, Map<Integer, Long> instancePerDrive) {
        this.drives = drives;
        this.instancePerDrive = instancePerDrive;
    }

    /** Creates {@code tasklet} on every drive that holds a DEVICE split of {@code splits}. */
    public static JobTasklets create(DriveDirectory drives, TaskletSpec tasklet, List<PlannedSplit> splits) {
        Map<Integer, Long> ids = new TreeMap<>();
        for (PlannedSplit s : splits) {
            if (s.decision().placement() != Placement.DEVICE || ids.containsKey(s.drive())) {
                continue;
            }
            try (Drive drive = drives.open(s.drive())) {
                ids.put(s.drive(), TaskletInstances.create(drive, tasklet));
            } catch (IOException e) {
                LOG.warn("could not create tasklet '{}' on drive {} ({}) for the job: {}; its splits create their own",
                        tasklet.name(), s.drive(), drives.address(s.drive()), e.getMessage());
            }
        }
        return new JobTasklets(drives, ids);
    }

    /** {@code splits}, each DEVICE split with its drive's instance. */
    public List<PlannedSplit> assign(List<PlannedSplit> splits) {
        return splits.stream().map(s -> s.decision().placement() == Placement.DEVICE
                && instancePerDrive.containsKey(s.drive()) ? s.withTaskletInstance(instancePerDrive.get(s.drive())) : s)
                .toList();
    }

    /** Deletes the instances; one that cannot be deleted is logged, not thrown (the job's outcome stands). */
    @Override
    public void close() {
        instancePerDrive.forEach((d, id) -> {
            try (Drive drive = drives.open(d)) {
                drive.delete(id);
            } catch (IOException e) {
                LOG.warn("could not delete tasklet instance {} on drive {} ({}): {}", Long.toUnsignedString(id), d,
                        drives.address(d), e.getMessage());
            }
        });
        instancePerDrive.clear();
    }
}
