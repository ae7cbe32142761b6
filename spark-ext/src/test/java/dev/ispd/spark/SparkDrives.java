package dev.ispd.spark;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real drives and one Spark session ({@code local[2]}) for a test class: {@code n} in-JVM drives
 * (drive {@code i} attached to host {@code host<i>}) named in the session's Hadoop configuration
 * ({@code spark.hadoop.ispd.fs.*}), started before the first test and stopped after the last.
 * Each start has its own osd:// authority, so Hadoop's FileSystem cache never hands a class an
 * instance over another class's drives.
 */
public final class SparkDrives implements BeforeAllCallback, AfterAllCallback {
    private static final AtomicInteger STARTS = new AtomicInteger();

    private final int count;
    private final long chunkSize;
    private EmbeddedDrives drives;
    private SparkSession spark;
    private URI root;

    public SparkDrives(int count, long chunkSize) {
        this.count = count;
        this.chunkSize = chunkSize;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        drives = EmbeddedDrives.builder().drives(count).start();
        root = URI.create("osd://spark" + STARTS.incrementAndGet() + "/");
        spark = SparkSession.builder().master("local[2]").appName(context.getDisplayName())
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.hadoop." + IspdKeys.FS_DRIVES.name(), IntStream.range(0, count)
                        .mapToObj(i -> "host" + i + "=" + drives.address(i)).collect(Collectors.joining(",")))
                .config("spark.hadoop." + IspdKeys.FS_CHUNK_SIZE.name(), Long.toString(chunkSize))
                .getOrCreate();
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            FileSystem.get(root, hadoopConf()).close();
            spark.stop();
        } finally {
            drives.close();
        }
    }

    public SparkSession spark() {
        return spark;
    }

    /** {@code path} on these drives' osd:// file system, as a URI string. */
    public String uri(String path) {
        return root.resolve(path.replaceFirst("^/", "")).toString();
    }

    /** Writes {@code bytes} to {@code path} on osd:// (replacing it) and returns its URI. */
    public String write(String path, byte[] bytes) throws IOException {
        String uri = uri(path);
        try (OutputStream out = FileSystem.get(root, hadoopConf()).create(new Path(uri), true)) {
            out.write(bytes);
        }
        return uri;
    }

    /** The session's Hadoop configuration (the drives and chunk size). */
    public Configuration hadoopConf() {
        return spark.sparkContext().hadoopConfiguration();
    }
}
