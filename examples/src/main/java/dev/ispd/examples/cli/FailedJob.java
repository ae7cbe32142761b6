package dev.ispd.examples.cli;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Job;

/**
 * The error a command ends with when a Hadoop job fails: the job's name and Hadoop's failure
 * reason. The local runner records none ("NA"): the failed task's exception is then the warning it
 * logged above, and the line says so instead of ending on "NA".
 */
public final class FailedJob {
    private FailedJob() {
    }

    public static IOException error(Job job, String what) throws IOException {
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
