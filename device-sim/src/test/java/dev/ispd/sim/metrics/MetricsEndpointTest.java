package dev.ispd.sim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What a drive's metrics endpoint does with bad requests and unauthorized scrapers: a clear
 * refusal, and the drive and its metrics keep serving.
 */
class MetricsEndpointTest {

    /** Sends {@code request} as raw bytes and returns the first line of the answer. */
    private static String rawStatusLine(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b >= 0 && b != '\r'; b = in.read()) {
                line.append((char) b);
            }
            return line.toString();
        }
    }

    @Test
    void badUrlsAreRefusedAndTheDriveKeepsServing() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().options(o -> o.metrics(Scrape.loopback(null))).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            int port = drives.drive(0).metricsPort();
            String huge = "/" + "a".repeat(100_000);
            assertEquals("HTTP/1.1 414 Request-URI Too Large", rawStatusLine(port, "GET " + huge + " HTTP/1.1\r\n"
                    + "Host: localhost\r\nConnection: close\r\n\r\n"));
            assertEquals("HTTP/1.1 404 Not Found", rawStatusLine(port, "GET /nothing-here HTTP/1.1\r\n"
                    + "Host: localhost\r\nConnection: close\r\n\r\n"));
            assertEquals("HTTP/1.1 400 Bad Request", rawStatusLine(port, "GARBAGE\r\n\r\n"));
            assertEquals("HTTP/1.1 400 Bad Request", rawStatusLine(port, "GET /metrics?name[]=%zz HTTP/1.1\r\n"
                    + "Host: localhost\r\nConnection: close\r\n\r\n"));

            c.info();
            Scrape after = Scrape.of(port);
            assertEquals(200, after.status());
            assertEquals(1, after.value("ispd_drive_requests_total{opcode=\"device_info\",status=\"ok\"}"));
        }
    }

    @Test
    void withATokenOnlyScrapersThatSendItAreAnswered() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().options(o -> o.metrics(Scrape.loopback("s3cret")))
                .start()) {
            int port = drives.drive(0).metricsPort();
            assertEquals(401, Scrape.of(port).status());
            assertEquals(401, Scrape.of(port, null, "Bearer wrong").status());
            assertEquals(401, Scrape.of(port, null, "Basic czNjcmV0").status());
            Scrape ok = Scrape.of(port, null, "Bearer s3cret");
            assertEquals(200, ok.status());
            assertEquals(1, ok.value("ispd_drive_info{drive=\"drive0\",profile=\"smartssd-2013\"}"));
        }
    }

    @Test
    void aMetricsPortInUseStopsTheDriveNamingThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            MetricsEndpoint busy = new MetricsEndpoint(new InetSocketAddress("127.0.0.1", port), null);
            IOException e = assertThrows(IOException.class,
                    () -> EmbeddedDrives.builder().options(o -> o.metrics(busy)).start().close());
            assertTrue(e.getMessage().startsWith("the metrics port of drive0, 127.0.0.1:" + port
                    + ", cannot be bound ("), e.getMessage());
        }
    }
}
