package dev.ispd.examples.cli;

import dev.ispd.cli.ErrorText;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Job;

/**
 * The error a command ends with when a Hadoop job fails: the job's name and why it failed, the
 * reason the user can act on. On a cluster that is Hadoop's failure info; the local runner
 * records none ("NA"), so the reason is the exception its failed task ended with
 * ({@link LocalRunnerFailures}, kept once {@link #watchLocalRunner} was called), which is also
 * the error's cause, for {@code --verbose}.
 */
public final class FailedJob {
    private FailedJob() {
    }

    /** Keeps the local runner's task failures for {@link #error}; call before running jobs (once is enough). */
    public static void watchLocalRunner() {
        LocalRunnerFailures.watch();
    }

    public static IOException error(Job job, String what) throws IOException {
        Optional<Throwable> task = LocalRunnerFailures.take(job.getJobID());
        if (task.isPresent()) {
            return new IOException(what + " failed: " + ErrorText.of(task.get()), task.get());
        }
        String reason;
        try {
            reason = job.getStatus().getFailureInfo();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking why " + what + " failed", e);
        }
        boolean none = reason == null || reason.isBlank() || reason.equals("NA");
        return new IOException(what + " failed: " + (none ? "its task's error is logged above" : reason));
    }
}
