package dev.ispd.offload.plan;

import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import java.io.Serializable;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The tasklet a job's splits run (in their drive or on the host, with the same code), in one of
 * three forms: a built-in by name with its creation parameters; a declarative plan
 * ({@link TaskletForm#PLAN}, its encoding in {@code body}, no parameters); or a user module the
 * job ships ({@link TaskletForm#MODULE}, {@code module} non-null, {@code name} its
 * {@code name@version}). {@code owner} names who chose it (a MapReduce DeviceMapper class, a
 * Spark scan) in error messages. Serializable, so an engine that ships objects (Spark) sends
 * the spec itself to its executors.
 */
public record TaskletSpec(TaskletForm form, String name, Params params, byte[] body, String owner,
                          ModuleBinary module) implements Serializable {

    /** A built-in tasklet. */
    public TaskletSpec(String name, Params params, String owner) {
        this(TaskletForm.BUILTIN, name, params, new byte[0], owner, null);
    }

    /** A declarative plan, run by the plan interpreter in the drive (form PLAN) and on the host. */
    public static TaskletSpec plan(String name, Plan plan, String owner) {
        return new TaskletSpec(TaskletForm.PLAN, name, Params.EMPTY, PlanCodec.encode(plan), owner, null);
    }

    /** A tasklet of the module the job ships. */
    public static TaskletSpec ofModule(ModuleBinary module, Params params, String owner) {
        return new TaskletSpec(TaskletForm.MODULE, module.taskletName(), params, new byte[0], owner, module);
    }

    /**
     * The tasklet's factory, validated against {@link #params}: a bad parameter fails the job
     * before it runs. A plan's factory runs the plan interpreter within the host's limits; a
     * module's runs the job's module in the same runtime as the drives.
     */
    public TaskletFactory factory() {
        TaskletFactory factory = switch (form) {
            case BUILTIN -> builtin();
            case PLAN -> new PlanTaskletFactory(name, PlanCodec.decode(body));
            case MODULE -> module.factory();
        };
        try {
            factory.validate(params);
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(owner + ": tasklet '" + name + "': " + e.getMessage(), e);
        }
        return factory;
    }

    /**
     * What the measured cost basis files this tasklet's wall clock under: a built-in's or a
     * module's name; a plan's name and the first 48 bits of the SHA-256 of its encoding, since a
     * plan's name is only a label and two plans of one name may do different work.
     */
    public String shape() {
        if (form != TaskletForm.PLAN) {
            return name;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return name + "/" + HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Bytes per record of the tasklet with these parameters (0: no record structure). */
    public int recordSize(int pageSize) {
        try {
            return factory().create(params, Params.EMPTY, new ScanContext(pageSize)).recordSize();
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(owner + ": tasklet '" + name + "': " + e.getMessage(), e);
        }
    }

    private TaskletFactory builtin() {
        TaskletRegistry registry = TaskletRegistry.builtins();
        return registry.find(name).orElseThrow(() -> new IllegalArgumentException(
                owner + " names tasklet '" + name + "', which is not a built-in (known: "
                        + String.join(", ", registry.names()) + ")"));
    }
}
