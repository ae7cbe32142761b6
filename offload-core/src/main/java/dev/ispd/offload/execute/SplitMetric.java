package dev.ispd.offload.execute;

/**
 * What running splits counts (an engine shows them as its counters or metrics: MapReduce as the
 * IspdCounter of the same name). Modeled times and energies come from the drive's timing model
 * (device splits: the execution's service time, its own work with the drive to itself, and the
 * energy charged to it, as POLL reports them) and from the
 * host profile (host runs: {@link dev.ispd.offload.model.HostModel} over the work the run
 * metered; energy is what the run adds to the system, the scheduler's accounting); predicted
 * ones are the scheduler's, so the two can be compared.
 */
public enum SplitMetric {
    /** Input bytes a tasklet scanned inside a drive. */
    BYTES_READ_IN_DRIVES,
    /** Input bytes read through the file system to run a tasklet on the host. */
    BYTES_MOVED_TO_HOST,
    /** Result bytes read back from drives (READ_RESULT). */
    RESULT_BYTES_FROM_DRIVES,
    MODELED_DEVICE_NS,
    MODELED_DEVICE_ENERGY_NJ,
    MODELED_HOST_NS,
    MODELED_HOST_ENERGY_NJ,
    /** The scheduler's predicted time and energy of the splits that ran on a device. */
    PREDICTED_DEVICE_NS,
    PREDICTED_DEVICE_ENERGY_NJ,
    /** The scheduler's predicted time and energy of the splits that ran on the host (fallbacks included). */
    PREDICTED_HOST_NS,
    PREDICTED_HOST_ENERGY_NJ,
    /** Splits the scheduler placed on a device. */
    SPLITS_PLANNED_ON_DEVICE,
    /** Splits that ran on a device to the end. */
    SPLITS_ON_DEVICE,
    /** Splits that ran on the host: placed there, or fallen back. */
    SPLITS_ON_HOST,
    /** Device splits that failed or timed out on the drive and ran on the host instead. */
    FALLBACKS,
    /** Records that straddle a chunk boundary, so no drive holds them whole: always run on the host. */
    STRADDLING_RECORDS,
    /** Device runs that failed, by what the client saw ({@link DeviceFault}): no answer in time. */
    DEVICE_FAULTS_TIMEOUT,
    /** ... the connection could not be made or was lost (a dropped connection, a drive that crashed or stopped). */
    DEVICE_FAULTS_CONNECTION,
    /** ... MEDIA_ERROR: stored bytes the drive could not read. */
    DEVICE_FAULTS_MEDIA_ERROR,
    /** ... NO_SPACE: the drive is full (creating the tasklet instance needs space). */
    DEVICE_FAULTS_NO_SPACE,
    /** ... BUSY: the drive has no room for another execution. */
    DEVICE_FAULTS_BUSY,
    /** ... any other error status from the drive or the tasklet. */
    DEVICE_FAULTS_OTHER,
    /**
     * Device runs the drive refused for what they are (LIMIT_EXCEEDED: a plan's groups or result
     * beyond the drive's limits; TASKLET_FAILED: the tasklet failed on its input): run on the host
     * at once, not retried, not a fault of the drive (it is not avoided for them).
     */
    DEVICE_REFUSALS,
    /**
     * Device runs whose task the engine cancelled (a killed Spark task): their executions cancelled
     * in the drive, not counted as faults, neither retried nor run on the host.
     */
    DEVICE_RUNS_CANCELLED,
    /** Device runs after a failed one (on another replica or the same drive). */
    DEVICE_RETRIES,
    /** Device splits that ran on a drive holding another replica of their bytes instead of their planned drive. */
    REPLICA_RUNS,
    /** Host reads that read another replica after one failed (a media error, a drive down). */
    REPLICA_READS,
    /**
     * Drives the job stopped using after they failed {@code ispd.device.avoid.after.failures} times,
     * counted by the task whose failure reached that (tasks failing on the drive at once may each count it).
     */
    DRIVES_AVOIDED,
    /** Device runs not tried on a drive the job avoids (the split ran on another replica or on the host). */
    AVOIDED_DRIVE_SKIPS,
    /**
     * Device splits that straggled (ran {@code ispd.device.straggler.factor} times their predicted
     * device time) and so had the host run them beside their drive.
     */
    SPECULATIVE_HOST_RUNS,
    /** ... of which the host run finished first and gave the result (the drive's execution cancelled). */
    SPECULATIVE_HOST_WINS,
    /** Parquet row groups read (on a drive or the host). */
    ROW_GROUPS_READ,
    /** Parquet row groups the WHERE excluded by their statistics: planned out, never read. */
    ROW_GROUPS_SKIPPED,
    /** Data pages of the read columns of Parquet row groups read that their column index excluded: never read. */
    PAGES_SKIPPED,
    /** Parquet row groups whose column chunks lie in more than one chunk of the file: run on the host. */
    STRADDLING_ROW_GROUPS,
    /**
     * Times an aggregate plan's group table, full, handed back its groups as partial rows and
     * went on (a drive's at 65,536 groups): the engine merges them ({@link GroupFlushes}).
     */
    GROUP_TABLE_FLUSHES
}
