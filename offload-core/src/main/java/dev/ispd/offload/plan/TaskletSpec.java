package dev.ispd.offload.plan;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import java.nio.ByteBuffer;

/**
 * The tasklet a job's splits run (in their drive or on the host, with the same code): a built-in
 * by name with its creation parameters, or a declarative plan ({@link TaskletForm#PLAN}, its
 * encoding in {@code body}, no parameters). {@code owner} names who chose it (a MapReduce
 * DeviceMapper class, a Spark scan) in error messages.
 */
public record TaskletSpec(TaskletForm form, String name, Params params, byte[] body, String owner) {

    /** A built-in tasklet. */
    public TaskletSpec(String name, Params params, String owner) {
        this(TaskletForm.BUILTIN, name, params, new byte[0], owner);
    }

    /** A declarative plan, run by the plan interpreter in the drive (form PLAN) and on the host. */
    public static TaskletSpec plan(String name, Plan plan, String owner) {
        return new TaskletSpec(TaskletForm.PLAN, name, Params.EMPTY, PlanCodec.encode(plan), owner);
    }

    /**
     * The tasklet's factory, validated against {@link #params}: a bad parameter fails the job
     * before it runs. A plan's factory runs the plan interpreter within the host's limits.
     */
    public TaskletFactory factory() {
        TaskletFactory factory = switch (form) {
            case BUILTIN -> builtin();
            case PLAN -> new PlanTaskletFactory(name, PlanCodec.decode(body));
            case MODULE -> throw new IllegalArgumentException(owner + ": tasklet '" + name
                    + "' is a module; jobs run built-ins and plans");
        };
        try {
            factory.validate(params);
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(owner + ": tasklet '" + name + "': " + e.getMessage(), e);
        }
        return factory;
    }

    /** Creates this tasklet on {@code drive} (CREATE_TASKLET in its form); returns the instance's id. */
    public long create(Drive drive) throws DriveException {
        if (form == TaskletForm.BUILTIN) {
            return drive.createTasklet(name, params);
        }
        ByteBuffer b = ByteBuffer.allocateDirect(body.length).put(body).flip();
        return drive.createTasklet(form, name, params, b);
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
