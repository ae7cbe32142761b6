package dev.ispd.spark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.offload.execute.DriveOffloads;
import dev.ispd.spark.WorldCupFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Where splits ran, per drive and across queries, reaches Spark's real metrics system through
 * the plugin and is served by Spark's own {@code PrometheusServlet} on the UI: two device-only
 * queries over two drives, one of which crashes every execution; the healthy drive's offloaded
 * splits grow with each query, the crashing drive's faults, fallbacks and avoidances too.
 */
@Tag("heavy")
class DriveOffloadsPluginTest {
    private static final int ENTRY = 256;
    private static final int CHUNK = 64 * 1024;
    private static final String SOURCE = "plugin_dev_ispd_spark_metrics_DriveOffloadsPlugin_";

    private static final OsdDrives DRIVES = new OsdDrives(2, CHUNK);
    private static SparkSession spark;
    private static String uri;

    @BeforeAll
    static void start() throws IOException {
        DRIVES.start(null);
        Configuration osd = DRIVES.conf();
        spark = SparkSession.builder().master("local[2]").appName("offload-metrics")
                .config("spark.ui.enabled", "true").config("spark.ui.port", "0")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.plugins", DriveOffloadsPlugin.class.getName())
                .config("spark.metrics.conf.*.sink.prometheusServlet.class",
                        "org.apache.spark.metrics.sink.PrometheusServlet")
                .config("spark.metrics.conf.*.sink.prometheusServlet.path", "/metrics/prometheus")
                .config("spark.hadoop." + IspdKeys.FS_DRIVES.name(), osd.get(IspdKeys.FS_DRIVES.name()))
                .config("spark.hadoop." + IspdKeys.FS_CHUNK_SIZE.name(), osd.get(IspdKeys.FS_CHUNK_SIZE.name()))
                .getOrCreate();
        uri = DRIVES.uri().resolve("offloads/generated256.bin").toString();
        try (OutputStream out = DRIVES.cachedFileSystem(spark.sparkContext().hadoopConfiguration())
                .create(new Path(uri), true)) {
            out.write(WorldCupFiles.generate(9, 6_000, ENTRY));
        }
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            spark.stop();
        } finally {
            DRIVES.stop();
        }
    }

    @Test
    void eachDrivesSplitsFaultsFallbacksAndAvoidancesAreOnSparksPrometheusServlet() throws Exception {
        String healthy = DRIVES.drives().address(1);
        String crashing = DRIVES.drives().address(0);
        List<Row> faultFree = query();
        try (Drive d = Drive.connect(crashing)) {
            d.setFaults("{\"faults\":[{\"kind\":\"crash\"}]}");
            try {
                assertEquals(faultFree, query(), "the fault-free answer");
            } finally {
                d.clearFaults();
            }
        }
        Map<String, Long> served = scrape();
        long healthySplits = served.get(metric(healthy, DriveOffloads.Count.OFFLOADED_SPLITS));
        assertTrue(healthySplits >= 2, "the healthy drive ran its splits in both queries: " + served);
        assertTrue(served.get(metric(healthy, DriveOffloads.Count.SCANNED_BYTES)) > 0, served.toString());
        assertEquals(0, served.get(metric(healthy, DriveOffloads.Count.FALLBACKS)), served.toString());
        assertTrue(served.get(metric(crashing, DriveOffloads.Count.FAULTS)) >= 1, served.toString());
        assertTrue(served.get(metric(crashing, DriveOffloads.Count.FALLBACKS)) >= 1, served.toString());
        assertTrue(served.get(metric(crashing, DriveOffloads.Count.AVOIDED)) >= 1, served.toString());
        long crashingSplits = served.get(metric(crashing, DriveOffloads.Count.OFFLOADED_SPLITS));
        assertEquals(healthySplits + crashingSplits, served.get(SOURCE + "drives_offloadedSplits"),
                "the sum over drives: " + served);

        query();
        Map<String, Long> later = scrape();
        assertEquals(healthySplits + healthySplits / 2, later.get(metric(healthy, DriveOffloads.Count.OFFLOADED_SPLITS)),
                "the totals run across queries: " + later);
    }

    private static List<Row> query() {
        return spark.read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "device-only").option("ispd.split.group.max.bytes", 2 * CHUNK)
                .option("ispd.offload.correction", false).option("ispd.device.retries", 0)
                .option("ispd.device.avoid.after.failures", 1)
                .load(uri).where("type = 1").select("clientID", "size").collectAsList();
    }

    /** The name PrometheusServlet gives the drive's counter, after the application's and executor's prefix. */
    private static String metric(String address, DriveOffloads.Count count) {
        return SOURCE + DriveOffloadsPlugin.name(address, count).replaceAll("[^A-Za-z0-9]", "_");
    }

    /** The plugin's counters as /metrics/prometheus serves them, by name after the application's prefix. */
    private static Map<String, Long> scrape() throws Exception {
        String url = spark.sparkContext().uiWebUrl().get() + "/metrics/prometheus";
        HttpResponse<String> r = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        Map<String, Long> out = new HashMap<>();
        for (String line : r.body().split("\n")) {
            int at = line.indexOf(SOURCE);
            if (at >= 0 && !line.startsWith("#")) {
                String[] nameValue = line.substring(at).split(" ");
                out.put(nameValue[0].replaceFirst("\\{.*", "").replaceFirst("_Count$", ""), Long.parseLong(nameValue[1]));
            }
        }
        return out;
    }
}
