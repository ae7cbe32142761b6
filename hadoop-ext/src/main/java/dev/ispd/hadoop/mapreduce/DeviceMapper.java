package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.plan.ModuleBinary;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletFactory;
import org.apache.hadoop.conf.Configuration;

/**
 * The map side of a DeviceJob: names the built-in tasklet every split runs (on its drive or on the
 * host, with the same code) and the tasklet's parameters, taken from the job's Configuration; a
 * {@link ModuleDeviceMapper} ships a user tasklet module instead. Subclasses need a public
 * no-argument constructor (Hadoop instantiates them by class name).
 */
public abstract class DeviceMapper {

    /** The built-in tasklet's name, e.g. {@code q1} (a module's {@code name@version}). */
    public abstract String tasklet();

    /** The tasklet's creation parameters for this job. */
    public abstract Params params(Configuration conf);

    /** The tasklet and its parameters for this job, as the offload core takes them. */
    public final TaskletSpec spec(Configuration conf) {
        return new TaskletSpec(tasklet(), params(conf), getClass().getName(), module());
    }

    /** The user tasklet module the job ships, or null for a built-in. */
    protected ModuleBinary module() {
        return null;
    }

    /** The tasklet's factory, validated against {@link #params}: a bad parameter fails the job before it runs. */
    public final TaskletFactory factory(Configuration conf) {
        return spec(conf).factory();
    }

    /** Bytes per record of the tasklet with this job's parameters (0: no record structure). */
    public final int recordSize(Configuration conf, int pageSize) {
        return spec(conf).recordSize(pageSize);
    }
}
