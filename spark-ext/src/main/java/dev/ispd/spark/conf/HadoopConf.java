package dev.ispd.spark.conf;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;

/**
 * A Hadoop Configuration that travels to executors with the reader factory (Configuration is
 * Writable, not Serializable): the executors open osd:// with the very settings the driver
 * planned with.
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
