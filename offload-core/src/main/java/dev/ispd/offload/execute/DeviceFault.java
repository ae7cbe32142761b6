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
    OTHER(SplitMetric.DEVICE_FAULTS_OTHER);

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
        return s == Status.BUSY ? BUSY : OTHER;
    }
}
