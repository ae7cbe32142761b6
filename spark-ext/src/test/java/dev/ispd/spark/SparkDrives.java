package dev.ispd.spark;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.offload.schedule.CostBasis;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real drives ({@link OsdDrives}: in-JVM, drive {@code i} attached to host {@code host<i>}) and
 * one Spark session ({@code local[2]}, or the master {@link #master} sets) for a test class, the
 * drives named in the session's Hadoop configuration ({@code spark.hadoop.ispd.fs.*}); started
 * before the first test and stopped after the last.
 */
public final class SparkDrives implements BeforeAllCallback, AfterAllCallback {
    private final OsdDrives drives;
    private String master = "local[2]";
    private SparkSession spark;

    public SparkDrives(int count, long chunkSize) {
        this(new OsdDrives(count, chunkSize));
    }

    /** {@code drives}, started and stopped with the session. */
    public SparkDrives(OsdDrives drives) {
        this.drives = drives;
    }

    /** These drives with a session on Spark master {@code master} instead of {@code local[2]}. */
    public SparkDrives master(String master) {
        this.master = master;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        drives.start(null);
        Configuration osd = drives.conf();
        SparkSession.Builder builder = SparkSession.builder().master(master).appName(context.getDisplayName())
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                // the tests' plans are the model's: a measured basis would move them with this machine's load
                .config("spark.hadoop." + OffloadKeys.OFFLOAD_COST_BASIS.name(), CostBasis.MODELED.key());
        for (String key : new String[] {IspdKeys.FS_DRIVES.name(), IspdKeys.FS_CHUNK_SIZE.name()}) {
            builder.config("spark.hadoop." + key, osd.get(key));
        }
        spark = builder.getOrCreate();
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            spark.stop();
        } finally {
            drives.stop();
        }
    }

    public SparkSession spark() {
        return spark;
    }

    /** Stops drive {@code i} as a failed drive stops. */
    public void kill(int i) throws IOException {
        drives.kill(i);
    }

    /** The requests drive {@code i} answered so far, by opcode ({@link OsdDrives#requests}). */
    public Map<String, Long> requests(int i) throws IOException {
        return drives.requests(i);
    }

    /** The address of drive {@code i}. */
    public String address(int i) {
        return drives.drives().address(i);
    }

    /** {@code path} on these drives' osd:// file system, as a URI string. */
    public String uri(String path) {
        return drives.uri().resolve(path.replaceFirst("^/", "")).toString();
    }

    /** Writes {@code bytes} to {@code path} on osd:// (replacing it) and returns its URI. */
    public String write(String path, byte[] bytes) throws IOException {
        String uri = uri(path);
        try (OutputStream out = drives.cachedFileSystem(hadoopConf()).create(new Path(uri), true)) {
            out.write(bytes);
        }
        return uri;
    }

    /** The session's Hadoop configuration (the drives and chunk size). */
    public Configuration hadoopConf() {
        return spark.sparkContext().hadoopConfiguration();
    }
}
