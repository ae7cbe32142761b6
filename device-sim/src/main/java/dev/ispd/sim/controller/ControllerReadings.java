package dev.ispd.sim.controller;

import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.metrics.DriveReadings;
import dev.ispd.sim.metrics.ExecutionInFlight;
import dev.ispd.sim.store.ObjectStore;
import java.util.List;
import java.util.function.LongSupplier;

/** The totals and levels the controller and its store keep, as the drive's metrics read them. */
final class ControllerReadings implements DriveReadings {
    private final ObjectStore store;
    private final ExecutionTable table;
    private final DriveCounters counters;
    private final DriveModel model;
    private final ModuleCommands modules;
    private final LongSupplier openConnections;

    ControllerReadings(ObjectStore store, ExecutionTable table, DriveCounters counters, DriveModel model,
                       ModuleCommands modules, LongSupplier openConnections) {
        this.store = store;
        this.modules = modules;
        this.table = table;
        this.counters = counters;
        this.model = model;
        this.openConnections = openConnections;
    }

    @Override
    public long connectionsOpen() {
        return openConnections.getAsLong();
    }

    @Override
    public long executionsQueued() {
        return table.queuedAndRunning()[0];
    }

    @Override
    public long executionsRunning() {
        return table.queuedAndRunning()[1];
    }

    @Override
    public long bytesWritten() {
        return counters.bytesWritten.get();
    }

    @Override
    public long bytesReturned() {
        return counters.bytesToHost.get();
    }

    @Override
    public long bytesScanned() {
        return counters.bytesReadInternal.get();
    }

    @Override
    public long modeledEnergyNj() {
        return model.snapshot().energyNj();
    }

    @Override
    public long objects() {
        return store.objectCount();
    }

    @Override
    public long usedBytes() {
        return store.usedBytes();
    }

    @Override
    public long capacityBytes() {
        return store.capacityBytes();
    }

    @Override
    public long checksumFailures() {
        return store.mediaErrors();
    }

    @Override
    public List<ExecutionInFlight> executionsInFlight() {
        return table.inFlight();
    }

    @Override
    public List<String> loadedModules() {
        return modules.loadedNames();
    }
}
