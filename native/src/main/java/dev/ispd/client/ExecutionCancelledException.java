package dev.ispd.client;

import java.io.InterruptedIOException;

/**
 * The caller stopped wanting an execution's result (its thread was interrupted, or its stop signal
 * said so: a killed task) and the execution was cancelled on the drive: not a fault of the drive.
 * A run that gave up on a drive that did not answer in time throws a plain
 * {@link InterruptedIOException} instead.
 */
public final class ExecutionCancelledException extends InterruptedIOException {
    public ExecutionCancelledException(String message) {
        super(message);
    }
}
