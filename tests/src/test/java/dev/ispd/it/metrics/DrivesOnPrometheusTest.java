package dev.ispd.it.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ispd.client.Drive;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.it.DeviceOnlyQ1;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.metrics.MetricsEndpoint;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus scrapes two drives while a DeviceJob runs Q1 on them: through its query API
 * the counters moved as the job did, and every query of the Grafana dashboard in docs/grafana
 * answers with data.
 */
class DrivesOnPrometheusTest {
    private static final int ENTRIES = 200_000;
    private static final int CHUNK = 1 << 20;
    private static final java.nio.file.Path DASHBOARD = java.nio.file.Path.of("..", "docs", "grafana",
            "ispd-drives.json");

    @TempDir
    java.nio.file.Path work;

    @Test
    void countersMoveAsTheJobDidAndTheDashboardsQueriesAnswer() throws Exception {
        MetricsEndpoint loopback = new MetricsEndpoint(new InetSocketAddress("127.0.0.1", 0), null);
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).options(o -> o.metrics(loopback)).start()) {
            List<String> targets = new ArrayList<>();
            for (int i = 0; i < drives.size(); i++) {
                targets.add("127.0.0.1:" + drives.drive(i).metricsPort());
            }
            Files.createDirectories(work.resolve("prometheus"));
            try (PrometheusServer prometheus = PrometheusServer.start(work.resolve("prometheus"), "ispd", targets)) {
                assertEquals(2, prometheus.awaitValue("sum(up{job=\"ispd\"})", 2), "both drives scraped");
                assertEquals(0, prometheus.value("sum(ispd_drive_scanned_bytes_total)"));

                try (DeviceOnlyQ1 q1 = DeviceOnlyQ1.prepare(drives, "metrics", ENTRIES, 98, CHUNK, work)) {
                    DeviceJob job = q1.job();
                    assertTrue(job.waitForCompletion(false), "the job failed");
                    assertEquals(2, job.counter(IspdCounter.SPLITS_ON_DEVICE));
                }
                long bytes = (long) ENTRIES * WorldCup98.RECORD_SIZE;
                assertEquals(bytes, prometheus.awaitValue("sum(ispd_drive_scanned_bytes_total)", bytes),
                        "the drives scanned the whole input");
                try (Drive drive = Drive.connect(drives.address(0))) { // one error for the dashboard's error panel
                    drive.read(0x7fff_ffffL, 0, ByteBuffer.allocateDirect(16));
                } catch (IOException expected) {
                    // NO_SUCH_OBJECT
                }

                double written = prometheus.value("sum(ispd_drive_written_bytes_total{job=\"ispd\"})");
                assertTrue(written >= bytes && written < bytes + CHUNK, "the input written through osd:// and "
                        + "the namespace journal's records: " + written);
                assertEquals(2, prometheus.value("count(ispd_drive_scanned_bytes_total > 0)"),
                        "both drives scanned");
                assertEquals(2, prometheus.value("sum(ispd_drive_executions_finished_total{outcome=\"done\"})"));
                String missingReads = "sum(ispd_drive_requests_total{opcode=\"read_object\",status=\"no_such_object\"})";
                assertEquals(1, prometheus.awaitValue(missingReads, 1));
                assertTrue(prometheus.value("sum(rate(ispd_drive_scanned_bytes_total[1m]))") > 0);
                assertTrue(prometheus.value("sum(increase(ispd_drive_modeled_energy_joules_total[1m]))") > 0);

                for (JsonNode panel : new ObjectMapper().readTree(DASHBOARD.toFile()).path("panels")) {
                    for (JsonNode target : panel.path("targets")) {
                        String expr = target.path("expr").asText();
                        assertFalse(prometheus.query(expr).isEmpty(), "panel '" + panel.path("title").asText()
                                + "': " + expr + " gives no data");
                    }
                }
            }
        }
    }
}
