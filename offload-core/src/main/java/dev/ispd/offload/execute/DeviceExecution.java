package dev.ispd.offload.execute;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.client.ExecutionCancelledException;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a split's tasklet inside its drive, as the Smart SSD host did (papers/smart-ssd-kang-2013.txt
 * IV-C-2), on a pooled connection ({@link DrivePool}): execute the job's tasklet instance over the
 * split's extents, poll with an adaptive interval from the drive's progress until done or the
 * timeout ({@link TaskletRunner}), read the result. Its modeled cost is the drive's service time
 * of the execution and the energy charged to it (docs/model.md, "Service time"). A split whose
 * job created no instance on the drive creates one and deletes it afterwards, and so does one
 * whose job instance the drive no longer holds (NO_SUCH_OBJECT). No
 * output object: the result is read back from the execution (READ_RESULT). The execution and
 * every call wait at most the split's deadline ({@link SplitDeadline}), so a hung drive fails the
 * run instead of hanging it. Any failure is an IOException for the caller to retry or fall back on, but for an
 * {@link ExecutionCancelledException}: the caller's task was cancelled (its thread interrupted or
 * its stop signal given), and so was the execution on the drive.
 */
final class DeviceExecution {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceExecution.class);
    private static final Duration MAX_CALL_TIMEOUT = Duration.ofMillis(0xFFFF_FFFFL);

    private final DrivePool pool;
    private final String scope;
    private final TaskletSpec tasklet;
    private final TaskletRunner.Polling polling;
    private final BooleanSupplier stop;

    /**
     * @param scope the job the splits belong to (connections are pooled per job)
     * @param stop  whether the engine has cancelled the split's task, asked while an execution runs
     */
    DeviceExecution(DrivePool pool, String scope, TaskletSpec tasklet, TaskletRunner.Polling polling,
                    BooleanSupplier stop) {
        this.pool = pool;
        this.scope = scope;
        this.tasklet = tasklet;
        this.polling = polling;
        this.stop = stop;
    }

    /**
     * Runs {@code extents} of {@code split} on its drive, its execution and every call waiting at
     * most {@code deadline}; the execution is cancelled (an {@link ExecutionCancelledException})
     * once {@code overtaken} says the split's result came from elsewhere, asked between polls.
     */
    Outcome run(PlannedSplit split, List<Extent> extents, Duration deadline, BooleanSupplier overtaken)
            throws IOException {
        TaskletRunner.Polling within = new TaskletRunner.Polling(polling.minInterval(), polling.maxInterval(), deadline);
        BooleanSupplier stopped = () -> stop.getAsBoolean() || overtaken.getAsBoolean();
        try (DrivePool.Lease lease = pool.borrow(split.driveAddress(), scope)) {
            try {
                lease.drive().setTimeout(callTimeout(deadline));
                return run(lease.drive(), split.taskletInstance(), split.runtimeParams(), extents, within, stopped);
            } catch (IOException | RuntimeException e) {
                lease.fail();
                throw e;
            }
        }
    }

    /** The deadline, within what the C library's call timeout holds (2^32-1 ms). */
    private static Duration callTimeout(Duration deadline) {
        return deadline.compareTo(MAX_CALL_TIMEOUT) > 0 ? MAX_CALL_TIMEOUT : deadline;
    }

    private Outcome run(Drive drive, long jobInstance, Params runtime, List<Extent> extents,
                        TaskletRunner.Polling within, BooleanSupplier stopped) throws IOException {
        if (jobInstance != 0) {
            try {
                return run(drive, jobInstance, false, runtime, extents, within, stopped);
            } catch (DriveException e) {
                if (e.status() != Status.NO_SUCH_OBJECT) {
                    throw e;
                }
                // the run that created it ended (a Spark plan executed again): the split creates its own
                LOG.info("tasklet instance {} is gone from {} ({}): the split creates its own",
                        Long.toUnsignedString(jobInstance), drive.address(), e.getMessage());
            }
        }
        return run(drive, TaskletInstances.create(drive, tasklet), true, runtime, extents, within, stopped);
    }

    private Outcome run(Drive drive, long instance, boolean own, Params runtime, List<Extent> extents,
                        TaskletRunner.Polling within, BooleanSupplier stopped) throws IOException {
        try {
            long started = System.nanoTime();
            TaskletResult r = new TaskletRunner(drive, within, stopped).run(instance, 0, runtime, extents);
            // the split whole, as the scheduler predicts it: EXECUTE, the polls, the result read
            long wholeNs = System.nanoTime() - started;
            LOG.debug("execution on {}: {} ns whole (EXECUTE to result read), {} ns measured by the drive",
                    drive.address(), wholeNs, r.measuredNs());
            long bytes = extents.stream().mapToLong(Extent::length).sum();
            // the split's own cost is its service time: POLL's modeled time runs from submission, so
            // it also counts waiting behind whatever other clients sent the drive meanwhile
            return new Outcome(r.result(), bytes, new Cost(r.serviceNs(), r.modeledEnergyNj()),
                    r.modeledNs() - r.serviceNs(), wholeNs);
        } finally {
            if (own) {
                deleteQuietly(drive, instance);
            }
        }
    }

    /** Cleanup must not hide the execution's own outcome; a leftover instance is logged. */
    private static void deleteQuietly(Drive drive, long id) {
        try {
            drive.delete(id);
        } catch (DriveException e) {
            LOG.warn("could not delete tasklet instance {} on {}: {}", Long.toUnsignedString(id), drive.address(),
                    e.getMessage());
        }
    }
}
