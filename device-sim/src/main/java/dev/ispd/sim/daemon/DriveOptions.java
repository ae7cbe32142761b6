package dev.ispd.sim.daemon;

import dev.ispd.sim.controller.ControllerSettings;
import dev.ispd.sim.store.Durability;

/**
 * How a drive runs, beyond its name, profile, directory and address.
 *
 * @param durability     when a write is acknowledged (see {@link Durability})
 * @param paceFactor     0 = off; otherwise executions are reported DONE after modeled time x factor of wall time
 * @param maxInflight    executions queued or running before EXECUTE answers BUSY
 * @param maxConnections connections served at once; one more is answered BUSY and closed
 */
public record DriveOptions(Durability durability, double paceFactor, int maxInflight, int maxConnections) {
    public static final int DEFAULT_MAX_CONNECTIONS = 64;

    public static DriveOptions defaults() {
        return new DriveOptions(Durability.PROCESS, 0, ControllerSettings.DEFAULT_MAX_INFLIGHT, DEFAULT_MAX_CONNECTIONS);
    }

    public DriveOptions withDurability(Durability d) {
        return new DriveOptions(d, paceFactor, maxInflight, maxConnections);
    }

    public DriveOptions withPace(double factor) {
        return new DriveOptions(durability, factor, maxInflight, maxConnections);
    }

    public DriveOptions withMaxInflight(int n) {
        return new DriveOptions(durability, paceFactor, n, maxConnections);
    }

    public DriveOptions withMaxConnections(int n) {
        return new DriveOptions(durability, paceFactor, maxInflight, n);
    }
}
