package dev.ispd.hadoop.mapreduce;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import org.apache.hadoop.conf.Configuration;

/**
 * The map side of a DeviceJob: names the built-in tasklet every split runs (on its drive or on the
 * host, with the same code) and the tasklet's parameters, taken from the job's Configuration.
 * Subclasses need a public no-argument constructor (Hadoop instantiates them by class name).
 */
public abstract class DeviceMapper {

    /** The built-in tasklet's name, e.g. {@code q1}. */
    public abstract String tasklet();

    /** The tasklet's creation parameters for this job. */
    public abstract Params params(Configuration conf);

    /** The tasklet's factory, validated against {@link #params}: a bad parameter fails the job before it runs. */
    public final TaskletFactory factory(Configuration conf) {
        TaskletRegistry registry = TaskletRegistry.builtins();
        TaskletFactory factory = registry.find(tasklet()).orElseThrow(() -> new IllegalArgumentException(
                getClass().getName() + " names tasklet '" + tasklet() + "', which is not a built-in (known: "
                        + String.join(", ", registry.names()) + ")"));
        try {
            factory.validate(params(conf));
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(getClass().getName() + ": tasklet '" + tasklet() + "': "
                    + e.getMessage(), e);
        }
        return factory;
    }

    /** Bytes per record of the tasklet with this job's parameters (0: no record structure). */
    public final int recordSize(Configuration conf, int pageSize) {
        try {
            return factory(conf).create(params(conf), Params.EMPTY, new ScanContext(pageSize)).recordSize();
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(getClass().getName() + ": tasklet '" + tasklet() + "': "
                    + e.getMessage(), e);
        }
    }
}
