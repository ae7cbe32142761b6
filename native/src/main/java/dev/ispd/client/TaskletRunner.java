package dev.ispd.client;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Runs one tasklet execution end to end on a drive: EXECUTE, POLL with an adaptive interval
 * ({@link PollInterval}) until it finishes, READ_RESULT of the whole result, RELEASE. The
 * execution is released whatever happens, and cancelled first if the caller stops waiting: at the
 * timeout, when its thread is interrupted, or when its stop signal (checked between polls) says
 * the result is no longer wanted.
 */
public final class TaskletRunner {
    /**
     * Polling bounds and the time after which the runner gives up.
     *
     * @param minInterval shortest wait between polls
     * @param maxInterval longest wait between polls
     * @param timeout wall time after which the execution is cancelled
     */
    public record Polling(Duration minInterval, Duration maxInterval, Duration timeout) {
        /** 50 us to 50 ms between polls, 10 minutes at most. */
        public static final Polling DEFAULT = new Polling(Duration.ofNanos(50_000), Duration.ofMillis(50),
                Duration.ofMinutes(10));
    }

    private final Drive drive;
    private final Polling polling;
    private final BooleanSupplier stop;

    public TaskletRunner(Drive drive) {
        this(drive, Polling.DEFAULT);
    }

    public TaskletRunner(Drive drive, Polling polling) {
        this(drive, polling, () -> false);
    }

    /** @param stop whether the caller no longer wants the result (a killed task), asked between polls */
    public TaskletRunner(Drive drive, Polling polling, BooleanSupplier stop) {
        this.drive = drive;
        this.polling = polling;
        this.stop = stop;
    }

    /**
     * Executes the tasklet and waits for its result.
     *
     * @throws DriveException a command failed, or the execution FAILED (with the drive's status and message)
     * @throws ExecutionCancelledException the thread was interrupted or the stop signal was given:
     *         the execution was cancelled
     * @throws InterruptedIOException the timeout passed, or someone else cancelled the execution
     */
    public TaskletResult run(long taskletId, long outputId, Params runtime, List<Extent> extents) throws IOException {
        long execId = drive.execute(taskletId, outputId, runtime, extents);
        TaskletResult result;
        try {
            result = await(taskletId, execId);
        } catch (IOException | RuntimeException e) {
            try {
                drive.release(execId);
            } catch (DriveException | RuntimeException releaseFailure) {
                e.addSuppressed(releaseFailure);
            }
            throw e;
        }
        drive.release(execId);
        return result;
    }

    private TaskletResult await(long taskletId, long execId) throws IOException {
        long deadline = System.nanoTime() + polling.timeout().toNanos();
        PollInterval interval = new PollInterval(polling.minInterval().toNanos(), polling.maxInterval().toNanos());
        for (int polls = 1; ; polls++) {
            ExecutionStatus s = drive.poll(execId);
            switch (s.state()) {
                case DONE:
                    return new TaskletResult(drive.readResult(execId), s.modeledNs(), s.modeledEnergyNj(),
                            s.serviceNs(), s.measuredNs(), s.pagesTotal(), polls);
                case FAILED:
                    throw new DriveException("EXECUTE (execution " + execId + " of tasklet " + taskletId + ")",
                            drive.address(), s.errorStatus(), Status.nameOf(s.errorStatus()), s.errorMessage());
                case CANCELLED:
                    throw new InterruptedIOException(describe(taskletId, execId) + " was cancelled by another client");
                default:
                    break;
            }
            if (stop.getAsBoolean()) {
                throw cancel(execId, new ExecutionCancelledException("the caller stopped waiting for "
                        + describe(taskletId, execId) + "; cancelled"));
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw cancel(execId, new InterruptedIOException(describe(taskletId, execId) + " did not finish within "
                        + polling.timeout() + " (" + s.pagesDone() + " of " + s.pagesTotal() + " pages); cancelled"));
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(interval.next(s), left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw cancel(execId, new ExecutionCancelledException("interrupted while waiting for "
                        + describe(taskletId, execId) + "; cancelled"));
            }
        }
    }

    private <E extends InterruptedIOException> E cancel(long execId, E reason) {
        try {
            drive.cancel(execId);
        } catch (DriveException e) {
            reason.addSuppressed(e);
        }
        return reason;
    }

    private String describe(long taskletId, long execId) {
        return "execution " + execId + " of tasklet " + taskletId + " on " + drive.address();
    }
}
