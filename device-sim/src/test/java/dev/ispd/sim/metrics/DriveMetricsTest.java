package dev.ispd.sim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.fault.FaultPlan;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.hostif.ServerLimits;
import java.time.Duration;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A drive's /metrics scraped over HTTP after real protocol traffic: the counters, histograms and
 * levels move by what the traffic did, in both exposition formats.
 */
class DriveMetricsTest {
    private static final int ENTRY = 20;
    private static final int RECORDS = 50_000;

    @Test
    void aScrapeAfterTrafficCountsWhatTheDriveDid() throws Exception {
        FaultPlan fullOnce = FaultPlan.parse("{\"faults\": [{\"kind\": \"device-full\", \"opcodes\": "
                + "[\"CREATE_TASKLET\"], \"times\": 1}]}", "test plan");
        try (EmbeddedDrives drives = EmbeddedDrives.builder().faults(fullOnce)
                .options(o -> o.metrics(Scrape.loopback(null))).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            int port = drives.drive(0).metricsPort();
            Scrape before = Scrape.of(port);
            assertEquals(200, before.status());
            assertEquals(0, before.value("ispd_drive_executions_finished_total{outcome=\"done\"}"));

            byte[] records = new byte[ENTRY * RECORDS];
            new Random(5).nextBytes(records);
            long object = c.create(0);
            c.write(object, 0, records);
            c.read(object, 0, 4096);
            assertEquals(Status.NO_SUCH_OBJECT, c.call(new Requests.ReadObject(object + 1000, 0, 10)).status());
            Params q1 = Params.of("entrySize", Integer.toString(ENTRY));
            assertEquals(Status.NO_SPACE, c.call(new Requests.CreateTasklet(TaskletForm.BUILTIN, "q1", q1,
                    ByteBuffer.allocate(0))).status());
            long tasklet = c.createTasklet("q1", q1);
            long exec = c.execute(tasklet, 0, Params.EMPTY, List.of(new Extent(object, 0, records.length)));
            assertEquals(ExecutionState.DONE, c.await(exec).state());
            int resultBytes = c.result(exec).length;
            c.call(new Requests.Scrub(0)).body();

            Scrape after = Scrape.of(port);
            assertEquals("text/plain; version=0.0.4; charset=utf-8", after.contentType());
            assertEquals(1, after.value("ispd_drive_requests_total{opcode=\"write_object\",status=\"ok\"}"));
            assertEquals(1, after.value("ispd_drive_requests_total{opcode=\"read_object\",status=\"no_such_object\"}"));
            assertEquals(1, after.value("ispd_drive_requests_total{opcode=\"create_tasklet\",status=\"no_space\"}"));
            assertEquals(1, after.value("ispd_drive_requests_total{opcode=\"execute\",status=\"ok\"}"));
            assertEquals(1, after.value("ispd_drive_faults_injected_total{kind=\"device-full\"}"));
            assertEquals(records.length, after.value("ispd_drive_written_bytes_total"));
            assertEquals(4096 + resultBytes, after.value("ispd_drive_returned_bytes_total"));
            assertEquals(records.length, after.value("ispd_drive_scanned_bytes_total"));
            assertEquals(1, after.value("ispd_drive_executions_finished_total{outcome=\"done\"}"));
            assertEquals(1, after.value("ispd_drive_execution_seconds_count{clock=\"wall\"}"));
            assertEquals(1, after.value("ispd_drive_execution_seconds_count{clock=\"modeled\"}"));
            assertEquals(1, after.value("ispd_drive_execution_queue_seconds_count{clock=\"modeled\"}"));
            assertTrue(after.value("ispd_drive_execution_seconds_sum{clock=\"modeled\"}") > 0, after.body());
            assertTrue(after.value("ispd_drive_modeled_energy_joules_total")
                    > before.value("ispd_drive_modeled_energy_joules_total"), after.body());
            assertEquals(0, after.value("ispd_drive_executions{state=\"running\"}"));
            assertEquals(2, after.value("ispd_drive_objects"), "the data object and the tasklet");
            assertEquals(records.length, after.value("ispd_drive_used_bytes"));
            assertEquals(drives.drive(0).profile().capacityBytes(), after.value("ispd_drive_capacity_bytes"));
            assertEquals(1, after.value("ispd_drive_scrubs_total"));
            assertEquals(records.length, after.value("ispd_drive_scrubbed_bytes_total"));
            assertEquals(0, after.value("ispd_drive_scrub_damaged_objects_total"));
            assertEquals(1, after.value("ispd_drive_connections_open"));
            assertEquals(1, after.value("ispd_drive_info{drive=\"drive0\",profile=\"smartssd-2013\"}"));
        }
    }

    @Test
    void refusedAndIdleClosedConnectionsAreCounted() throws Exception {
        ServerLimits oneSlot = new ServerLimits(1, Duration.ofMillis(400), Duration.ofSeconds(10),
                Duration.ofMillis(100), ServerLimits.DEFAULT_MIN_PAYLOAD_RATE, ServerLimits.DEFAULT_HELLO_TIMEOUT,
                ServerLimits.DEFAULT_MAX_UNAUTHENTICATED, ServerLimits.DEFAULT_RECEIVE_MEMORY);
        try (EmbeddedDrives drives = EmbeddedDrives.builder()
                .options(o -> o.server(oneSlot).metrics(Scrape.loopback(null))).start();
             TestClient holder = TestClient.connect(drives.address(0));
             TestClient late = TestClient.connect(drives.address(0))) {
            int port = drives.drive(0).metricsPort();
            holder.info();
            assertEquals(Status.BUSY, late.call(new Requests.DeviceInfo()).status());
            assertEquals(1, Scrape.of(port).value("ispd_drive_connections_refused_total"));
            assertTrue(holder.closedByDrive(), "the idle holder is closed after 400 ms");
            assertEquals(1, Scrape.awaitValue(port, "ispd_drive_connections_idle_closed_total", 1)
                    .value("ispd_drive_connections_idle_closed_total"));
            assertEquals(0, Scrape.awaitValue(port, "ispd_drive_connections_open", 0)
                    .value("ispd_drive_connections_open"));
        }
    }

    @Test
    void damagedPagesShowAsChecksumFailuresAndScrubResults() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().options(o -> o.metrics(Scrape.loopback(null))).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            long object = c.create(0);
            c.write(object, 0, new byte[64 * 1024]);
            Path file = drives.directory().resolve("drive0").resolve("data").resolve(object + "-0.obj");
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(new byte[] {1}), 5000);
            }
            c.call(new Requests.Scrub(0)).body();
            assertEquals(Status.MEDIA_ERROR, c.call(new Requests.ReadObject(object, 0, 8192)).status());
            Scrape s = Scrape.of(drives.drive(0).metricsPort());
            assertEquals(1, s.value("ispd_drive_scrub_damaged_objects_total"));
            assertEquals(1, s.value("ispd_drive_scrubbed_objects_total"));
            assertEquals(2, s.value("ispd_drive_checksum_failures_total"), "found by the scrub and by the read");
            assertEquals(1, s.value("ispd_drive_requests_total{opcode=\"read_object\",status=\"media_error\"}"));
        }
    }

    @Test
    void openMetricsIsServedWhenAsked() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().options(o -> o.metrics(Scrape.loopback(null))).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            c.info();
            Scrape open = Scrape.of(drives.drive(0).metricsPort(),
                    "application/openmetrics-text; version=1.0.0; charset=utf-8", null);
            assertTrue(open.contentType().startsWith("application/openmetrics-text; version=1.0.0"),
                    open.contentType());
            assertTrue(open.body().endsWith("# EOF\n"), open.body());
            assertTrue(open.body().contains("# UNIT ispd_drive_scanned_bytes bytes"), open.body());
            assertEquals(1, open.value("ispd_drive_requests_total{opcode=\"device_info\",status=\"ok\"}"));
        }
    }
}
