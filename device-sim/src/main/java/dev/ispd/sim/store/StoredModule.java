package dev.ispd.sim.store;

/**
 * A user tasklet module the store keeps: its name, version, the SHA-256 of its bytes (hex) and
 * their size; {@link StoredModules#read} gives the bytes.
 */
public record StoredModule(String name, int version, String sha256, long size) {
    /** {@code name@version}, the module's tasklet name. */
    public String key() {
        return name + "@" + version;
    }
}
