package dev.ispd.hadoop.fs;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.metrics.MetricsEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real drives for one test class: {@code n} in-JVM drives started before its first test and
 * closed after its last, and the Configuration of an osd:// file system over them (drive
 * {@code i} attached to host {@code host<i>}). Each start gets its own URI authority, so Hadoop's
 * FileSystem cache never hands a test an instance over another class's drives.
 */
public final class OsdDrives implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    private static final AtomicInteger STARTS = new AtomicInteger();
    /** A sample of a drive's request counter: its opcode and value. */
    private static final Pattern REQUESTS = Pattern.compile(
            "(?m)^ispd_drive_requests_total\\{opcode=\"([a-z_]+)\",status=\"[a-z_]+\"} (\\S+)$");

    private final int count;
    private final long chunkSize;
    private int replication = 1;
    private boolean tcp;
    private boolean perTest;
    private double pace;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private AuthConfig auth;
    private boolean metrics;
    private EmbeddedDrives drives;
    private URI uri;
    private boolean cachedInUse;

    public OsdDrives(int count, long chunkSize) {
        this.count = count;
        this.chunkSize = chunkSize;
    }

    /** Clients of these drives keep {@code r} replicas of each chunk (default 1). */
    public OsdDrives withReplication(int r) {
        replication = r;
        return this;
    }

    /** The drives listen on TCP (127.0.0.1, free ports) instead of Unix sockets, as drives on other machines would. */
    public OsdDrives overTcp() {
        tcp = true;
        return this;
    }

    /** The drives report an execution done only after its modeled time x {@code factor} of wall time. */
    public OsdDrives paced(double factor) {
        pace = factor;
        return this;
    }

    /** New drives for each test (registered on an instance field), instead of one set for the class. */
    public OsdDrives perTest() {
        perTest = true;
        return this;
    }

    /** The drives authenticate every request and check it against {@code config} (docs/security.md). */
    public OsdDrives withAuth(AuthConfig config) {
        auth = config;
        return this;
    }

    /** The drives keep their metrics (docs/metrics.md), for {@link #requests}. */
    public OsdDrives withMetrics() {
        metrics = true;
        return this;
    }

    /**
     * The requests drive {@code i} answered so far, by opcode ({@code ispd_drive_requests_total}
     * of its /metrics, summed over statuses); the drives must keep metrics ({@link #withMetrics}).
     */
    public Map<String, Long> requests(int i) throws IOException {
        int port = drives.drive(i).metricsPort();
        if (port < 0) {
            throw new IllegalStateException("drive " + i + " keeps no metrics: start the drives withMetrics()");
        }
        String body;
        try {
            body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted scraping drive " + i, e);
        }
        Map<String, Long> out = new TreeMap<>();
        Matcher m = REQUESTS.matcher(body);
        while (m.find()) {
            out.merge(m.group(1), (long) Double.parseDouble(m.group(2)), Long::sum);
        }
        return out;
    }

    /** Clients of these drives have {@code key} set to {@code value}. */
    public OsdDrives set(String key, String value) {
        settings.put(key, value);
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        if (!perTest) {
            start(null);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        if (perTest) {
            start(null);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        if (perTest) {
            stop();
        }
    }

    /** Starts the drives, in a temporary directory or on {@code dir} (kept on close). */
    public void start(Path dir) throws IOException {
        EmbeddedDrives.Builder b = EmbeddedDrives.builder().drives(count).tcp(tcp).auth(auth).pace(pace);
        if (metrics) {
            b.options(o -> o.metrics(new MetricsEndpoint(new InetSocketAddress("127.0.0.1", 0), null)));
        }
        drives = (dir == null ? b : b.directory(dir)).start();
        uri = URI.create("osd://drives" + STARTS.incrementAndGet() + "/");
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (!perTest) {
            stop();
        }
    }

    /** Closes the cached file system of this start (if one was asked for), then the drives. */
    public void stop() throws IOException {
        try {
            if (cachedInUse) {
                FileSystem.get(uri, conf()).close();
            }
        } finally {
            cachedInUse = false;
            drives.close();
        }
    }

    /** Hadoop's cached file system over these drives (closed by {@link #stop}), with {@code conf}'s other settings. */
    public FileSystem cachedFileSystem(Configuration conf) throws IOException {
        cachedInUse = true;
        return FileSystem.get(uri, configure(conf));
    }

    /** Stops drive {@code i} as a failed drive stops: its connections break and it answers nothing more. */
    public void kill(int i) throws IOException {
        drives.drive(i).close();
    }

    public EmbeddedDrives drives() {
        return drives;
    }

    /** The authority-labelled URI of this start's file system. */
    public URI uri() {
        return uri;
    }

    /** A new Configuration naming these drives. */
    public Configuration conf() {
        return configure(new Configuration());
    }

    /** Sets the drive list, chunk size, replication and the other settings in {@code conf}. */
    public Configuration configure(Configuration conf) {
        conf.set(IspdKeys.FS_DRIVES.name(), IntStream.range(0, count)
                .mapToObj(i -> "host" + i + "=" + drives.address(i)).collect(Collectors.joining(",")));
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), chunkSize);
        conf.setInt(IspdKeys.FS_REPLICATION.name(), replication);
        settings.forEach(conf::set);
        return conf;
    }

    /** A file system of its own (not cached), as a separate client would have; the caller closes it. */
    public OsdFileSystem newClient() throws IOException {
        Configuration conf = conf();
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        return (OsdFileSystem) FileSystem.get(uri, conf);
    }
}
