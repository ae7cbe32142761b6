package dev.ispd.sim.controller;

import dev.ispd.tasklet.wasm.WasmLimits;

/**
 * What a drive's admin allows of user tasklet modules: whether LOAD_MODULE is served at all
 * ({@code --modules off} answers MODULES_DISABLED), and the limits of one execution of a module
 * (fuel, memory, result size, wall time), also the memory a module may declare at load.
 */
public record ModulePolicy(boolean enabled, WasmLimits limits) {
    /** Loading on, with {@link WasmLimits#DEFAULT}. */
    public static final ModulePolicy DEFAULT = new ModulePolicy(true, WasmLimits.DEFAULT);

    public ModulePolicy withEnabled(boolean on) {
        return new ModulePolicy(on, limits);
    }

    public ModulePolicy withLimits(WasmLimits l) {
        return new ModulePolicy(enabled, l);
    }
}
