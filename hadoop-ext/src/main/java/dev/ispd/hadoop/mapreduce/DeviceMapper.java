package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.plan.ModuleBinary;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.plan.Plan;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletFactory;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The map side of a DeviceJob: names the built-in tasklet every split runs (on its drive or on the
 * host, with the same code) and the tasklet's parameters, taken from the job's Configuration; a
 * {@link ModuleDeviceMapper} ships a user tasklet module instead, and a
 * {@link dev.ispd.hadoop.plan.PlanDeviceMapper} a declarative plan. Subclasses need a public
 * no-argument constructor (Hadoop instantiates them by class name).
 */
public abstract class DeviceMapper {

    /** The built-in tasklet's name, e.g. {@code q1} (a module's {@code name@version}). */
    public abstract String tasklet();

    /** The tasklet's creation parameters for this job. */
    public abstract Params params(Configuration conf);

    /**
     * Takes what this mapper's parameters need from the layouts the job's {@code inputs} record
     * ({@link dev.ispd.hadoop.fs.LayoutAttribute}) into {@code conf}, where the job's tasks read
     * them; called when the job is planned, before {@link #params}. A setting in {@code conf} that
     * disagrees with a recorded layout, or an input without one where it is needed, is an
     * IllegalArgumentException naming the key, the file and both values. Default: nothing, for a
     * tasklet whose parameters do not depend on the input's layout.
     */
    public void takeInputLayout(Configuration conf, FileSystem fs, List<Path> inputs) throws IOException {
    }

    /** The tasklet and its parameters for this job, as the offload core takes them. */
    public final TaskletSpec spec(Configuration conf) {
        Plan plan = plan(conf);
        if (plan != null) {
            return TaskletSpec.plan(tasklet(), plan, getClass().getName());
        }
        ModuleBinary module = module();
        return module == null ? new TaskletSpec(tasklet(), params(conf), getClass().getName())
                : TaskletSpec.ofModule(module, params(conf), getClass().getName());
    }

    /** The declarative plan the job runs, or null for a built-in or a module. */
    protected Plan plan(Configuration conf) {
        return null;
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
