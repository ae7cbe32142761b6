package dev.ispd.hadoop.mapreduce;

import dev.ispd.client.DeviceLog;
import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.schedule.Cost;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a split's tasklet inside its drive, as the Smart SSD host did (papers/smart-ssd-kang-2013.txt
 * IV-C-2): note whether the drive is busy (DEVICE_LOG), create the tasklet instance and an output
 * object, execute over the split's extents, poll with an adaptive interval from the drive's
 * progress until done or the timeout ({@link TaskletRunner}), read the result, then delete the
 * output object and the tasklet. Any failure is an IOException for the caller to fall back on.
 */
final class DeviceExecution {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceExecution.class);

    private final DriveSet drives;
    private final String tasklet;
    private final Params params;
    private final TaskletRunner.Polling polling;

    DeviceExecution(DriveSet drives, String tasklet, Params params, TaskletRunner.Polling polling) {
        this.drives = drives;
        this.tasklet = tasklet;
        this.params = params;
        this.polling = polling;
    }

    Outcome run(DeviceInputSplit split, List<Extent> extents) throws IOException {
        try (Drive drive = drives.open(split.drive())) {
            // POLL's modeled time runs from submission: behind other work it measures the wait too
            DeviceLog load = drive.deviceLog();
            boolean busy = load.queued() + load.running() > 0;
            long taskletId = drive.createTasklet(tasklet, params);
            try {
                long outputId = drive.createObject();
                try {
                    TaskletResult r = new TaskletRunner(drive, polling).run(taskletId, outputId, Params.EMPTY, extents);
                    long bytes = extents.stream().mapToLong(Extent::length).sum();
                    return new Outcome(r.result(), bytes, new Cost(r.modeledNs(), r.modeledEnergyNj()), busy);
                } finally {
                    deleteQuietly(drive, outputId, "output object");
                }
            } finally {
                deleteQuietly(drive, taskletId, "tasklet");
            }
        }
    }

    /** Cleanup must not hide the execution's own outcome; a leftover object is logged. */
    private static void deleteQuietly(Drive drive, long id, String what) {
        try {
            drive.delete(id);
        } catch (DriveException e) {
            LOG.warn("could not delete {} {} on {}: {}", what, Long.toUnsignedString(id), drive.address(),
                    e.getMessage());
        }
    }
}
