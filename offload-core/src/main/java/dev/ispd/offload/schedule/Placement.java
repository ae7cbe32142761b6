package dev.ispd.offload.schedule;

/** Where a split runs: on the host (its bytes cross the drive's link) or inside its drive. */
public enum Placement {
    HOST,
    DEVICE;

    Placement other() {
        return this == HOST ? DEVICE : HOST;
    }
}
