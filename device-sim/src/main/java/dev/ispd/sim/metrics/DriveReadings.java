package dev.ispd.sim.metrics;

import java.util.List;

/**
 * The totals and levels a drive already keeps, read when /metrics is scraped or /status asked
 * for (so they cost the drive's requests nothing): the server's connections, the controller's
 * counters, executions, modules and model, the store's objects and checksums.
 */
public interface DriveReadings {

    /** Connections being served now. */
    long connectionsOpen();

    /** Executions waiting for their first turn. */
    long executionsQueued();

    /** Executions scanning (started and not yet finished). */
    long executionsRunning();

    /** Bytes hosts wrote (WRITE_OBJECT, LOAD_MODULE) since the drive started. */
    long bytesWritten();

    /** Bytes sent to hosts (READ_OBJECT, READ_RESULT) since the drive started. */
    long bytesReturned();

    /** Bytes executions scanned inside the drive since it started. */
    long bytesScanned();

    /** Modeled energy of the drive since it started, in nanojoules. */
    long modeledEnergyNj();

    /** Objects stored (data, tasklet and result objects). */
    long objects();

    /** Bytes held by data objects. */
    long usedBytes();

    /** The drive's capacity in bytes. */
    long capacityBytes();

    /** Pages found failing their checksums (by reads, scans, writes and scrubs) since the drive started. */
    long checksumFailures();

    /** Executions queued or running now, in submission order. */
    List<ExecutionInFlight> executionsInFlight();

    /** The user modules loaded now, as {@code name@version}. */
    List<String> loadedModules();
}
