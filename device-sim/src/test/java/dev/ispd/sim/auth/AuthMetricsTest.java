package dev.ispd.sim.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.protocol.Status;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.metrics.Scrape;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An authenticating drive's metrics count each kind of refusal after real refused requests. */
class AuthMetricsTest {
    @TempDir
    Path dir;

    @Test
    void refusalsAreCountedByReason() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().tcp(true).auth(AuthConfig.load(AuthFixture.write(dir)))
                .options(o -> o.metrics(Scrape.loopback(null))).start()) {
            try (TestClient anonymous = TestClient.connect(drives.address(0))) {
                assertEquals(Status.AUTH_REQUIRED, anonymous.call(new Requests.CreateObject(0)).status());
            }
            try (TestClient forger = TestClient.connect(drives.address(0))) {
                assertEquals(Status.AUTH_FAILED, forger.authenticate(AuthFixture.OWNER,
                        AuthFixture.key(AuthFixture.READER)).status());
            }
            try (TestClient reader = TestClient.connect(drives.address(0))) {
                assertEquals(Status.OK, reader.authenticate(AuthFixture.READER, AuthFixture.key(AuthFixture.READER))
                        .status());
                assertEquals(Status.FORBIDDEN, reader.call(new Requests.CreateObject(0)).status());
                assertEquals(Status.FORBIDDEN, reader.call(new Requests.CreateObject(0)).status());
            }
            Scrape s = Scrape.of(drives.drive(0).metricsPort());
            assertEquals(1, s.value("ispd_drive_auth_failures_total{reason=\"auth_required\"}"));
            assertEquals(1, s.value("ispd_drive_auth_failures_total{reason=\"auth_failed\"}"));
            assertEquals(2, s.value("ispd_drive_auth_failures_total{reason=\"forbidden\"}"));
            assertEquals(2, s.value("ispd_drive_requests_total{opcode=\"create_object\",status=\"forbidden\"}"));
        }
    }
}
