package dev.ispd.sim.controller;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.metrics.DriveEvents;
import dev.ispd.sim.metrics.DriveReadings;
import dev.ispd.sim.store.ObjectStore;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The drive's firmware: executes every command of the protocol against the object store, the
 * execution queue and the timing model. Each connection gets a {@link ControllerSession} with
 * its own virtual clock (see {@link DriveModel}).
 */
public final class DriveController implements RequestHandler, AutoCloseable {
    private final DriveModel model;
    private final ExecutionRunner runner;
    private final ObjectStore store;
    private final ExecutionTable table;
    private final DriveCounters counters = new DriveCounters();
    final ObjectCommands objects;
    final ExecutionCommands executions;
    final DeviceCommands device;
    final ModuleCommands modules;
    /**
     * {@code limits} are further DEVICE_INFO capabilities: the drive's resource limits;
     * {@code events} hears of what the drive's metrics count (executions, scrubs, modules).
     */
    public DriveController(ControllerSettings settings, DeviceProfile profile, ObjectStore store, DriveModel model,
                           TaskletRegistry registry, Map<String, String> limits, DriveEvents events) {
        this.model = new SerialModel(model);
        this.store = store;
        this.table = new ExecutionTable(settings.maxInflight(), settings.maxExecutionsPerConnection(), events);
        this.runner = new ExecutionRunner(settings.driveName(), store, counters, events, profile.pageSizeBytes(),
                profile.pagesPerBatch());
        this.objects = new ObjectCommands(store, this.model, table, counters, events);
        this.modules = new ModuleCommands(settings.modules(), store.modules(), this.model, counters, events);
        this.executions = new ExecutionCommands(store, this.model, registry, modules, table, runner, counters,
                profile.pageSizeBytes(), settings.paceFactor(), settings.pacedFrom(), settings.maxExtentsPerExecute());
        this.device = new DeviceCommands(settings.driveName(), profile, registry, limits, this.model, table, counters);
    }

    /** A new connection's session; its clock starts at the model's current time. */
    @Override
    public Session openSession() {
        return new ControllerSession(this, model.snapshot().nowNs());
    }

    /** What the drive's metrics read at each scrape; {@code openConnections} counts the server's connections. */
    public DriveReadings readings(LongSupplier openConnections) {
        return new ControllerReadings(store, table, counters, model, modules, openConnections);
    }

    /** Stops the execution worker, cancelling the execution in progress. */
    @Override
    public void close() {
        runner.close();
    }
}
