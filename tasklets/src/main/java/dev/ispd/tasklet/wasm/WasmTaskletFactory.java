package dev.ispd.tasklet.wasm;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;

/**
 * A loaded module as a tasklet factory, named {@code name@version}: a drive or the host runner
 * creates its tasklets exactly as a built-in's. The module itself judges its parameters: its
 * {@code init} refuses them by returning a negative number. What a module does per record is
 * known only once it has run: estimates know only the scan (the default), unless the factory
 * carries a {@link Calibration} of the module on a sample of the job's data.
 */
public final class WasmTaskletFactory implements TaskletFactory {
    private final TaskletModule module;
    private final Calibration calibration;

    public WasmTaskletFactory(TaskletModule module) {
        this(module, null);
    }

    private WasmTaskletFactory(TaskletModule module, Calibration calibration) {
        this.module = module;
        this.calibration = calibration;
    }

    /** The same module, estimating from {@code c}. */
    public WasmTaskletFactory calibrated(Calibration c) {
        return new WasmTaskletFactory(module, c);
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

    /** The calibration's prediction, or only the scan without one; {@code params} were those of the calibration. */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        return calibration == null ? TaskletFactory.super.estimate(params, bytes, pageSize)
                : calibration.estimate(bytes, pageSize);
    }

    @Override
    public Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        return new WasmTasklet(module, params.overriddenBy(runtimeParams));
    }
}
