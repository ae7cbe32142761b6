package dev.ispd.spark.conf;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * A Hadoop Configuration that travels to executors with the reader factory (Configuration is
 * Writable, not Serializable): the executors open osd:// with the very settings the driver
 * planned with. A scan's readers take it as a {@link #broadcast}, as Spark's own file sources do:
 * written once per scan instead of into every task (over a thousand properties, about 100 kB),
 * and read once per executor instead of by every task.
 */
public final class HadoopConf implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private transient Configuration conf;

    public HadoopConf(Configuration conf) {
        this.conf = conf;
    }

    public Configuration get() {
        return conf;
    }

    /** This configuration broadcast to the executors of {@code sc}. */
    public Broadcast<HadoopConf> broadcast(SparkContext sc) {
        return JavaSparkContext.fromSparkContext(sc).broadcast(this);
    }

    @Serial
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        conf.write(out);
    }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new Configuration(false);
        conf.readFields(in);
    }
}
