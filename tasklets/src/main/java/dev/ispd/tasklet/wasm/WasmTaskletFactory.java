package dev.ispd.tasklet.wasm;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;

/**
 * A loaded module as a tasklet factory, named {@code name@version}: a drive or the host runner
 * creates its tasklets exactly as a built-in's. The module itself judges its parameters: its
 * {@code init} refuses them by returning a negative number. Estimates know only the scan
 * (the default), since what a module does per record is known only once it has run.
 */
public final class WasmTaskletFactory implements TaskletFactory {
    private final TaskletModule module;

    public WasmTaskletFactory(TaskletModule module) {
        this.module = module;
    }

    public TaskletModule module() {
        return module;
    }

    @Override
    public String name() {
        return module.taskletName();
    }

    /** Runs the module's {@code init} on a fresh instance with these parameters. */
    @Override
    public void validate(Params params) throws BadParameterException {
        new WasmTasklet(module, params);
    }

    @Override
    public Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        return new WasmTasklet(module, params.overriddenBy(runtimeParams));
    }
}
