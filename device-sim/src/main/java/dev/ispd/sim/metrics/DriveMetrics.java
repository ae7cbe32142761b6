package dev.ispd.sim.metrics;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.fault.FaultKind;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongSupplier;

/**
 * One drive's Prometheus metrics (docs/metrics.md): counters and histograms fed by the drive's
 * {@link DriveEvents}, and the totals it keeps anyway ({@link DriveReadings}) read at scrape time;
 * and for the status page, the last scrub and the newest faults and refusals.
 * Every label takes values from a fixed set (opcodes, statuses, fault kinds, limits, outcomes),
 * never an object or execution id. A request costs one lookup in a table of data points and one
 * atomic add.
 */
public final class DriveMetrics implements DriveEvents {
    private static final int OPCODES = 256;
    private static final int INCIDENTS_KEPT = 20;
    private static final int STATUSES = Status.values().length;
    /** Execution and queue times: 1 ms to about 4.4 min, each bucket 4x the last. */
    private static final double[] SECONDS_BUCKETS = {0.001, 0.004, 0.016, 0.064, 0.256, 1.024, 4.096, 16.384,
        65.536, 262.144};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter requests;
    /** The requests counter's data point per (wire opcode, status ordinal), made on first use. */
    private final AtomicReferenceArray<CounterDataPoint> requestPoints =
            new AtomicReferenceArray<>(OPCODES * STATUSES);
    private final Counter authFailures;
    private final Counter connectionsRefused;
    private final Counter connectionsTimedOut;
    private final Counter executionsFinished;
    private final Counter executionFailures;
    private final Histogram executionSeconds;
    private final Histogram queueSeconds;
    private final Counter limitHits;
    private final Counter moduleTraps;
    private final Counter moduleLoads;
    private final Counter scrubs;
    private final Counter scrubbedObjects;
    private final Counter scrubbedBytes;
    private final Counter scrubDamaged;
    private final Counter faults;
    /** The faults and refusals the status page lists, newest last. */
    private final ArrayDeque<DriveIncident> incidents = new ArrayDeque<>();
    private final String driveName;
    private final String profileName;
    private final Instant started = Instant.now();
    private volatile DriveReadings readings;
    private volatile LastScrub lastScrub;

    /** The last SCRUB's end and findings, for the status page. */
    public record LastScrub(Instant at, long objects, long bytes, long damaged) { }

    /** Metrics of the drive {@code driveName} of profile {@code profileName}. */
    public DriveMetrics(String driveName, String profileName) {
        this.driveName = driveName;
        this.profileName = profileName;
        Info.builder().name("ispd_drive_info").help("The drive's name and device profile.")
                .labelNames("drive", "profile").register(registry).addLabelValues(driveName, profileName);
        requests = Counter.builder().name("ispd_drive_requests").labelNames("opcode", "status")
                .help("Requests answered, by command and the status of the answer.").register(registry);
        authFailures = Counter.builder().name("ispd_drive_auth_failures").labelNames("reason")
                .help("Requests refused by authentication (auth_required: untagged on a drive that needs a tag; "
                        + "auth_failed: bad tag, unknown identity, replay, and the connection ends) or authorization "
                        + "(forbidden).").register(registry);
        connectionsRefused = Counter.builder().name("ispd_drive_connections_refused")
                .help("Connections answered BUSY at admission (over --max-connections) and closed.").register(registry);
        connectionsTimedOut = Counter.builder().name("ispd_drive_connections_idle_closed")
                .help("Connections closed for keeping the drive waiting past the idle or header timeout.")
                .register(registry);
        executionsFinished = Counter.builder().name("ispd_drive_executions_finished").labelNames("outcome")
                .help("Executions that reached a final state: done, failed or cancelled.").register(registry);
        executionFailures = Counter.builder().name("ispd_drive_execution_failures").labelNames("status")
                .help("Failed executions by error status.").register(registry);
        executionSeconds = Histogram.builder().name("ispd_drive_execution_seconds").unit(Unit.SECONDS)
                .labelNames("clock").classicOnly().classicUpperBounds(SECONDS_BUCKETS)
                .help("Time of finished executions from submission to end: clock=wall on this machine, "
                        + "clock=modeled in the drive's model (done executions only).").register(registry);
        queueSeconds = Histogram.builder().name("ispd_drive_execution_queue_seconds").unit(Unit.SECONDS)
                .labelNames("clock").classicOnly().classicUpperBounds(SECONDS_BUCKETS)
                .help("Time executions waited: clock=wall until their first turn, clock=modeled behind other "
                        + "work in the drive's model (done executions only).").register(registry);
        limitHits = Counter.builder().name("ispd_drive_tasklet_limit_hits").labelNames("limit")
                .help("Executions ended for going beyond a drive limit (instructions, memory, result, time).")
                .register(registry);
        moduleTraps = Counter.builder().name("ispd_drive_module_traps")
                .help("Executions of user modules ended by a WebAssembly trap.").register(registry);
        moduleLoads = Counter.builder().name("ispd_drive_module_loads")
                .help("User modules loaded (LOAD_MODULE).").register(registry);
        scrubs = Counter.builder().name("ispd_drive_scrubs").help("SCRUB commands carried out.").register(registry);
        scrubbedObjects = Counter.builder().name("ispd_drive_scrubbed_objects")
                .help("Objects scrubs checked.").register(registry);
        scrubbedBytes = Counter.builder().name("ispd_drive_scrubbed_bytes").unit(Unit.BYTES)
                .help("Bytes scrubs checked against their checksums.").register(registry);
        scrubDamaged = Counter.builder().name("ispd_drive_scrub_damaged_objects")
                .help("Damaged objects scrubs found (an object found by several scrubs counts each time).")
                .register(registry);
        faults = Counter.builder().name("ispd_drive_faults_injected").labelNames("kind")
                .help("Faults the fault plan injected, by kind (docs/drive.md, \"Fault injection\").")
                .register(registry);
        // the series a dashboard's rate() needs are there from the first scrape, at 0
        for (ExecutionState s : List.of(ExecutionState.DONE, ExecutionState.FAILED, ExecutionState.CANCELLED)) {
            executionsFinished.initLabelValues(label(s));
        }
        for (String clock : List.of("wall", "modeled")) {
            executionSeconds.initLabelValues(clock);
            queueSeconds.initLabelValues(clock);
        }
    }

    /** The registry /metrics serves. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** Registers the totals and levels {@code drive} keeps, read at each scrape. */
    public void watch(DriveReadings drive) {
        readings = drive;
        GaugeWithCallback.builder().name("ispd_drive_connections_open").help("Connections being served.")
                .callback(cb -> cb.call(drive.connectionsOpen())).register(registry);
        GaugeWithCallback.builder().name("ispd_drive_executions").labelNames("state")
                .help("Executions queued (waiting for their first turn) and running.")
                .callback(cb -> {
                    cb.call(drive.executionsQueued(), "queued");
                    cb.call(drive.executionsRunning(), "running");
                }).register(registry);
        bytesCounter("ispd_drive_written_bytes", "Bytes hosts wrote (WRITE_OBJECT, LOAD_MODULE).", drive::bytesWritten);
        bytesCounter("ispd_drive_returned_bytes", "Bytes sent to hosts (READ_OBJECT, READ_RESULT).", drive::bytesReturned);
        bytesCounter("ispd_drive_scanned_bytes", "Bytes executions scanned inside the drive.", drive::bytesScanned);
        CounterWithCallback.builder().name("ispd_drive_modeled_energy_joules").unit(Unit.JOULES)
                .help("The drive's modeled energy since it started (every component, active and idle).")
                .callback(cb -> cb.call(drive.modeledEnergyNj() / 1e9)).register(registry);
        CounterWithCallback.builder().name("ispd_drive_checksum_failures")
                .help("Pages found failing their CRC32C by reads, scans, writes and scrubs.")
                .callback(cb -> cb.call(drive.checksumFailures())).register(registry);
        GaugeWithCallback.builder().name("ispd_drive_objects").help("Objects stored.")
                .callback(cb -> cb.call(drive.objects())).register(registry);
        GaugeWithCallback.builder().name("ispd_drive_used_bytes").unit(Unit.BYTES).help("Bytes held by data objects.")
                .callback(cb -> cb.call(drive.usedBytes())).register(registry);
        GaugeWithCallback.builder().name("ispd_drive_capacity_bytes").unit(Unit.BYTES).help("The drive's capacity.")
                .callback(cb -> cb.call(drive.capacityBytes())).register(registry);
    }

    public String driveName() {
        return driveName;
    }

    public String profileName() {
        return profileName;
    }

    /** When these metrics began: the drive's start. */
    public Instant started() {
        return started;
    }

    /** What {@link #watch} was given: the drive's own totals and levels. */
    public DriveReadings readings() {
        return readings;
    }

    /** The last scrub, or null if there was none since the drive started. */
    public LastScrub lastScrub() {
        return lastScrub;
    }

    /** The newest {@value #INCIDENTS_KEPT} faults and refusals, oldest first. */
    public synchronized List<DriveIncident> recentIncidents() {
        return List.copyOf(incidents);
    }

    private synchronized void incident(String what) {
        incidents.addLast(new DriveIncident(Instant.now(), what));
        if (incidents.size() > INCIDENTS_KEPT) {
            incidents.removeFirst();
        }
    }

    private void bytesCounter(String name, String help, LongSupplier value) {
        CounterWithCallback.builder().name(name).unit(Unit.BYTES).help(help)
                .callback(cb -> cb.call(value.getAsLong())).register(registry);
    }

    @Override
    public void answered(int opcode, Status status) {
        int slot = (opcode & 0xff) * STATUSES + status.ordinal();
        CounterDataPoint point = requestPoints.get(slot);
        if (point == null) {
            Opcode op = Opcode.ofCode(opcode & 0xff);
            point = requests.labelValues(op == null ? "undefined" : label(op), label(status));
            requestPoints.set(slot, point);
        }
        point.inc();
        if (status == Status.AUTH_REQUIRED || status == Status.AUTH_FAILED || status == Status.FORBIDDEN) {
            authFailures.labelValues(label(status)).inc();
            incident("request refused: " + label(status));
        }
    }

    @Override
    public void connectionRefused() {
        connectionsRefused.inc();
        incident("connection refused: over --max-connections");
    }

    @Override
    public void connectionTimedOut() {
        connectionsTimedOut.inc();
    }

    @Override
    public void executionEnded(ExecutionEnd end) {
        executionsFinished.labelValues(label(end.state())).inc();
        if (end.failure() != null) {
            executionFailures.labelValues(label(end.failure())).inc();
            incident("execution failed: " + label(end.failure()));
        }
        executionSeconds.labelValues("wall").observe((end.queuedWallNs() + end.runWallNs()) / 1e9);
        queueSeconds.labelValues("wall").observe(end.queuedWallNs() / 1e9);
        if (end.state() == ExecutionState.DONE) {
            executionSeconds.labelValues("modeled").observe(end.modeledNs() / 1e9);
            queueSeconds.labelValues("modeled").observe(end.modeledWaitNs() / 1e9);
        }
    }

    @Override
    public void taskletLimitHit(String limit) {
        limitHits.labelValues(limit).inc();
    }

    @Override
    public void moduleTrapped() {
        moduleTraps.inc();
    }

    @Override
    public void moduleLoaded() {
        moduleLoads.inc();
    }

    @Override
    public void scrubbed(long objects, long bytes, long damaged) {
        scrubs.inc();
        scrubbedObjects.inc(objects);
        scrubbedBytes.inc(bytes);
        scrubDamaged.inc(damaged);
        lastScrub = new LastScrub(Instant.now(), objects, bytes, damaged);
    }

    @Override
    public void faultInjected(FaultKind kind) {
        faults.labelValues(kind.planName()).inc();
        incident("fault injected: " + kind.planName());
    }

    private static String label(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
