package dev.ispd.offload.plan;

import dev.ispd.tasklet.wasm.ModuleRejectedException;
import dev.ispd.tasklet.wasm.TaskletModule;
import dev.ispd.tasklet.wasm.WasmLimits;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A user tasklet module a job ships (docs/tasklets.md, "User tasklets"): its name, version and
 * WebAssembly bytes. The drives get it by content hash ({@link #sha256}); the host runs the same
 * bytes in the same runtime, compiled once per JVM ({@link #factory}). Serializable: the bytes
 * travel, each JVM compiles its own.
 */
public record ModuleBinary(String name, int version, byte[] wasm) implements Serializable {
    /** Compiled modules of this JVM, by name, version and content: compiling is the costly part. */
    private static final Map<String, WasmTaskletFactory> COMPILED = new ConcurrentHashMap<>();

    public ModuleBinary {
        wasm = wasm.clone();
    }

    @Override
    public byte[] wasm() {
        return wasm.clone();
    }

    /** The tasklet name that instantiates it: {@code name@version}. */
    public String taskletName() {
        return name + "@" + version;
    }

    /** SHA-256 of the bytes, in hex, as a drive's LIST_MODULES shows it. */
    public String sha256() {
        return TaskletModule.digestOf(wasm);
    }

    /**
     * The module as a host-side tasklet factory, within the default limits.
     *
     * @throws IllegalArgumentException naming what is wrong, if the module breaks the tasklet ABI
     */
    public WasmTaskletFactory factory() {
        String key = taskletName() + "/" + sha256();
        return COMPILED.computeIfAbsent(key, k -> {
            try {
                return new WasmTaskletFactory(TaskletModule.load(name, version, wasm, WasmLimits.DEFAULT));
            } catch (ModuleRejectedException e) {
                throw new IllegalArgumentException("module " + taskletName() + ": " + e.getMessage(), e);
            }
        });
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModuleBinary m && m.name.equals(name) && m.version == version
                && java.util.Arrays.equals(m.wasm, wasm);
    }

    @Override
    public int hashCode() {
        return (name.hashCode() * 31 + version) * 31 + java.util.Arrays.hashCode(wasm);
    }

    @Override
    public String toString() {
        return "module " + taskletName() + " (" + wasm.length + " bytes, sha256 " + sha256() + ")";
    }
}
