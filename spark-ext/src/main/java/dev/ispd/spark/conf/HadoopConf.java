package dev.ispd.spark.conf;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * A Hadoop Configuration that travels to executors with the reader factory (Configuration is
 * Writable, not Serializable): the executors open osd:// with the very settings the driver
 * planned with. A scan's readers take it as a {@link #broadcast}, as Spark's own file sources do:
 * not written into every task (over a thousand properties, about 100 kB) and read once per
 * executor instead of by every task. Unlike Spark's file sources, a broadcast serves every later
 * scan with the same properties: writing it is several milliseconds of the driver's time per
 * query, a good part of a short aggregate's.
 */
public final class HadoopConf implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    /** Distinct configurations kept broadcast per SparkContext: more than an application's reads use. */
    private static final int KEPT = 16;
    private static final Map<SparkContext, Map<Map<String, String>, Broadcast<HadoopConf>>> BROADCASTS =
            Collections.synchronizedMap(new WeakHashMap<>());

    private transient Configuration conf;

    public HadoopConf(Configuration conf) {
        this.conf = conf;
    }

    public Configuration get() {
        return conf;
    }

    /**
     * This configuration broadcast to the executors of {@code sc}: the broadcast of an earlier
     * configuration with the same properties if {@code sc} still keeps one (the latest
     * {@value #KEPT} distinct ones; one dropped is cleaned by Spark once no job refers to it).
     */
    public Broadcast<HadoopConf> broadcast(SparkContext sc) {
        Map<String, String> properties = new HashMap<>();
        conf.forEach(p -> properties.put(p.getKey(), p.getValue()));
        Map<Map<String, String>, Broadcast<HadoopConf>> kept = BROADCASTS.computeIfAbsent(sc, c -> lru());
        synchronized (kept) {
            return kept.computeIfAbsent(properties, p -> JavaSparkContext.fromSparkContext(sc).broadcast(
                    new HadoopConf(new Configuration(conf))));
        }
    }

    private static Map<Map<String, String>, Broadcast<HadoopConf>> lru() {
        return new LinkedHashMap<>(KEPT, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Map<String, String>, Broadcast<HadoopConf>> eldest) {
                return size() > KEPT;
            }
        };
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
