package dev.ispd.spark.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.ispd.spark.SparkDrives;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A scan's Hadoop configuration reaches the executors as one broadcast per distinct set of properties. */
class HadoopConfTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(1, 1 << 20);

    @Test
    void scansWithTheSamePropertiesShareOneBroadcast() {
        SparkContext sc = DRIVES.spark().sparkContext();
        Broadcast<HadoopConf> first = new HadoopConf(conf("shared")).broadcast(sc);
        Broadcast<HadoopConf> second = new HadoopConf(conf("shared")).broadcast(sc);
        Broadcast<HadoopConf> other = new HadoopConf(conf("other")).broadcast(sc);
        assertEquals(first.id(), second.id(), "a second configuration of the same properties");
        assertNotEquals(first.id(), other.id(), "a property that differs");
        assertEquals(List.of("shared", "other"), JavaSparkContext.fromSparkContext(sc).parallelize(List.of(0), 1)
                .map(x -> List.of(first.value().get().get("ispd.test.key"), other.value().get().get("ispd.test.key")))
                .collect().get(0), "what an executor reads");
    }

    @Test
    void theBroadcastKeepsThePropertiesItWasMadeWith() {
        Configuration conf = conf("before");
        Broadcast<HadoopConf> b = new HadoopConf(conf).broadcast(DRIVES.spark().sparkContext());
        conf.set("ispd.test.key", "after");
        assertEquals("before", JavaSparkContext.fromSparkContext(DRIVES.spark().sparkContext())
                .parallelize(List.of(0), 1).map(x -> b.value().get().get("ispd.test.key")).collect().get(0));
    }

    private static Configuration conf(String value) {
        Configuration c = new Configuration(DRIVES.spark().sparkContext().hadoopConfiguration());
        c.set("ispd.test.key", value);
        return c;
    }
}
