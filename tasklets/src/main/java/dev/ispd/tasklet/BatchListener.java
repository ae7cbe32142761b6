package dev.ispd.tasklet;

/**
 * Told after each batch of a scan: the drive's timing model prices the batch and reports
 * progress; throwing {@link ScanCancelledException} stops the scan (CANCEL).
 */
@FunctionalInterface
public interface BatchListener {
    BatchListener NONE = (pages, bytes, delta) -> { };

    /** {@code delta} is the work metered for this batch alone. */
    void batchDone(long pages, long bytes, Meter delta);

    /** Thrown by a listener to stop the scan. */
    final class ScanCancelledException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public ScanCancelledException(String message) {
            super(message);
        }
    }
}
