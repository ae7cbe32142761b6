package dev.ispd.offload.execute;

import dev.ispd.client.DriveException;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.io.InterruptedIOException;

/** What a failed device run looked like to the client, each counted as its own {@link SplitMetric}. */
enum DeviceFault {
    /** No answer in time: a hung or overloaded drive, or an execution past the device timeout. */
    TIMEOUT(SplitMetric.DEVICE_FAULTS_TIMEOUT),
    /** No connection, or one the drive dropped (a crash, a restart, a dropped connection). */
    CONNECTION(SplitMetric.DEVICE_FAULTS_CONNECTION),
    MEDIA_ERROR(SplitMetric.DEVICE_FAULTS_MEDIA_ERROR),
    NO_SPACE(SplitMetric.DEVICE_FAULTS_NO_SPACE),
    BUSY(SplitMetric.DEVICE_FAULTS_BUSY),
    /** Any other error status of the drive or the execution. */
    OTHER(SplitMetric.DEVICE_FAULTS_OTHER),
    /**
     * The execution refused by what it is, not by the drive's state: a plan beyond the drive's
     * limits (LIMIT_EXCEEDED: groups, result bytes, instructions) or a tasklet failing on its
     * input (TASKLET_FAILED: a Parquet page it cannot decode, an ANSI arithmetic error). The same
     * run fails the same way on any drive, so it is neither retried nor held against the drive.
     */
    REFUSED(SplitMetric.DEVICE_REFUSALS);

    private final SplitMetric metric;

    DeviceFault(SplitMetric metric) {
        this.metric = metric;
    }

    SplitMetric metric() {
        return metric;
    }

    /** The fault a device run's failure shows. */
    static DeviceFault of(IOException e) {
        if (e instanceof InterruptedIOException) {
            return TIMEOUT; // TaskletRunner gave up waiting for the execution
        }
        if (!(e instanceof DriveException d)) {
            return OTHER;
        }
        Status s = d.status();
        if (s == Status.TIMEOUT) {
            return TIMEOUT;
        }
        if (s == Status.IO || s == Status.CONNECT) {
            return CONNECTION;
        }
        if (s == Status.MEDIA_ERROR) {
            return MEDIA_ERROR;
        }
        if (s == Status.NO_SPACE) {
            return NO_SPACE;
        }
        if (s == Status.LIMIT_EXCEEDED || s == Status.TASKLET_FAILED) {
            return REFUSED;
        }
        return s == Status.BUSY ? BUSY : OTHER;
    }

    /** Whether another device run (on a replica's drive or the same one) could succeed where this one failed. */
    boolean retryCanCure() {
        return this != REFUSED;
    }
}
