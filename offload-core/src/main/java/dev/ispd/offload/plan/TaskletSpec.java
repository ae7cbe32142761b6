package dev.ispd.offload.plan;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;

/**
 * The tasklet a job's splits run (in their drive or on the host, with the same code) and its
 * creation parameters: a built-in, or a user module the job ships ({@code module}, null for a
 * built-in; then {@code name} is the module's {@code name@version}). {@code owner} names who
 * chose it (a MapReduce DeviceMapper class, say) in error messages.
 */
public record TaskletSpec(String name, Params params, String owner, ModuleBinary module) {

    /** A built-in tasklet. */
    public TaskletSpec(String name, Params params, String owner) {
        this(name, params, owner, null);
    }

    /** A tasklet of the module the job ships. */
    public static TaskletSpec ofModule(ModuleBinary module, Params params, String owner) {
        return new TaskletSpec(module.taskletName(), params, owner, module);
    }

    /** The tasklets the host can run for this job: the built-ins, and the job's module if it ships one. */
    public TaskletRegistry registry() {
        TaskletRegistry builtins = TaskletRegistry.builtins();
        return module == null ? builtins : builtins.with(module.factory());
    }

    /** The tasklet's factory, validated against {@link #params}: a bad parameter fails the job before it runs. */
    public TaskletFactory factory() {
        TaskletRegistry registry = registry();
        TaskletFactory factory = registry.find(name).orElseThrow(() -> new IllegalArgumentException(
                owner + " names tasklet '" + name + "', which is not a built-in (known: "
                        + String.join(", ", registry.names()) + ")"));
        try {
            factory.validate(params);
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(owner + ": tasklet '" + name + "': " + e.getMessage(), e);
        }
        return factory;
    }

    /** Bytes per record of the tasklet with these parameters (0: no record structure). */
    public int recordSize(int pageSize) {
        try {
            return factory().create(params, Params.EMPTY, new ScanContext(pageSize)).recordSize();
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(owner + ": tasklet '" + name + "': " + e.getMessage(), e);
        }
    }
}
