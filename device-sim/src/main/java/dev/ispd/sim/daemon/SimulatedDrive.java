package dev.ispd.sim.daemon;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.sim.auth.DriveAuthenticator;
import dev.ispd.sim.controller.DriveController;
import dev.ispd.sim.fault.FaultInjector;
import dev.ispd.sim.fault.FaultingHandler;
import dev.ispd.sim.hostif.DriveAddress;
import dev.ispd.sim.hostif.DriveServer;
import dev.ispd.sim.hostif.RequestGuard;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.metrics.DriveEvents;
import dev.ispd.sim.metrics.DriveMetrics;
import dev.ispd.sim.metrics.MetricsServer;
import dev.ispd.sim.store.ObjectStore;
import dev.ispd.tasklet.TaskletRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One simulated drive, assembled: its object store in {@code dir}, its timing model from the
 * profile, its controller, and a server on {@code listen}. Holds no global state, so any number
 * of drives can run in one JVM.
 */
public final class SimulatedDrive implements AutoCloseable {
    /** Longest Unix socket path the kernel accepts (sun_path holds 108 bytes with the terminator). */
    private static final int MAX_SOCKET_PATH = 107;

    private final String name;
    private final DeviceProfile profile;
    private final Path dir;
    private final ObjectStore store;
    private final DriveController controller;
    private final DriveServer server;
    /** Serves the drive's /metrics; null if it keeps none. */
    private final MetricsServer metricsServer;

    private SimulatedDrive(String name, DeviceProfile profile, Path dir, ObjectStore store, DriveController controller,
                  DriveServer server, MetricsServer metricsServer) {
        this.name = name;
        this.profile = profile;
        this.dir = dir;
        this.store = store;
        this.controller = controller;
        this.server = server;
        this.metricsServer = metricsServer;
    }

    /**
     * Opens (or creates) the drive's store in {@code dir} and starts serving on {@code listen}, and
     * its metrics if {@code options} ask for them.
     */
    public static SimulatedDrive start(String name, DeviceProfile profile, Path dir, DriveAddress listen, DriveOptions options)
            throws IOException {
        Path socket = listen.unixPath();
        if (socket != null && socket.toString().getBytes(StandardCharsets.UTF_8).length > MAX_SOCKET_PATH) {
            throw new IllegalArgumentException("socket path " + socket + " is longer than the " + MAX_SOCKET_PATH
                    + " bytes a Unix socket address holds; choose a shorter --socket or directory");
        }
        ObjectStore store = ObjectStore.open(dir, profile.capacityBytes(), options.durability(), options.recovery(),
                options.maxOpenFiles());
        DriveMetrics metrics = options.metrics() == null ? null : new DriveMetrics(name, profile.name());
        DriveEvents events = metrics == null ? DriveEvents.NONE : metrics;
        DriveController controller = null;
        DriveServer server = null;
        try {
            controller = new DriveController(options.controllerSettings(name), profile, store,
                    new ModeledDrive(profile), TaskletRegistry.builtins(), DriveLimits.advertised(options), events);
            RequestGuard.Factory guards = options.auth() == null ? RequestGuard.OPEN
                    : new DriveAuthenticator(name, options.auth());
            RequestHandler handler = new FaultingHandler(controller,
                    new FaultInjector(name, profile.pageSizeBytes(), options.faults(), events));
            server = DriveServer.start(listen, handler, guards, options.server(), name, events);
            MetricsServer metricsServer = null;
            if (metrics != null) {
                metrics.watch(controller.readings(server::openConnections));
                metricsServer = MetricsServer.start(options.metrics(), metrics, name);
            }
            return new SimulatedDrive(name, profile, dir, store, controller, server, metricsServer);
        } catch (IOException | RuntimeException e) {
            if (server != null) {
                server.close();
            }
            if (controller != null) {
                controller.close();
            }
            store.close();
            throw e;
        }
    }

    public String name() {
        return name;
    }

    public DeviceProfile profile() {
        return profile;
    }

    /** The backing directory. */
    public Path directory() {
        return dir;
    }

    /** Where the drive listens, in {@code ispd_connect} format. */
    public DriveAddress address() {
        return server.address();
    }

    /** The port the drive serves /metrics on; -1 if it keeps no metrics. */
    public int metricsPort() {
        return metricsServer == null ? -1 : metricsServer.port();
    }

    /** Stops serving, lets the execution in progress finish, and closes the store. */
    @Override
    public void close() throws IOException {
        try {
            if (metricsServer != null) {
                metricsServer.close();
            }
            server.close();
        } finally {
            try {
                controller.close();
            } finally {
                store.close();
            }
        }
    }
}
