package dev.ispd.it.metrics;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Debian's {@code prometheus} server in a child process on loopback, scraping the given targets
 * every second, and its HTTP query API. Tests that need it are skipped where it is not installed,
 * or fail where {@value #REQUIRED_ENV} is set (.ci/run installs it and sets it).
 */
final class PrometheusServer implements AutoCloseable {
    static final String REQUIRED_ENV = "ISPD_REQUIRE_PROMETHEUS";
    private static final Path BINARY = Path.of("/usr/bin/prometheus");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final String base;

    private PrometheusServer(Process process, int port) {
        this.process = process;
        this.base = "http://127.0.0.1:" + port;
    }

    /** Starts Prometheus in {@code dir} scraping {@code targets} (host:port) as job {@code job}, and waits until ready. */
    static PrometheusServer start(Path dir, String job, List<String> targets) throws Exception {
        if (!Files.isExecutable(BINARY)) {
            String how = BINARY + " is not installed (apt-get install prometheus)";
            if (System.getenv(REQUIRED_ENV) != null) {
                fail(how + " (" + REQUIRED_ENV + " is set: it must be present)");
            }
            assumeTrue(false, how);
        }
        Path config = Files.writeString(dir.resolve("prometheus.yml"), "global:\n  scrape_interval: 1s\n"
                + "  evaluation_interval: 1s\nscrape_configs:\n  - job_name: " + job + "\n    static_configs:\n"
                + "      - targets: [" + targets.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", "))
                + "]\n");
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Process p = new ProcessBuilder(BINARY.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        PrometheusServer server = new PrometheusServer(p, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!server.ready()) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                server.close();
                fail("prometheus did not become ready; see " + dir.resolve("prometheus.log") + ":\n"
                        + Files.readString(dir.resolve("prometheus.log")));
            }
            Thread.sleep(100);
        }
        return server;
    }

    private boolean ready() throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(base + "/-/ready")).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /** The result of an instant query (its "data.result" array); a query Prometheus refuses fails the test. */
    JsonNode query(String promql) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(r.body());
        if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
            fail("prometheus refused " + promql + ": " + r.body());
        }
        return body.path("data").path("result");
    }

    /** The value of a query that gives one sample (0 while it gives none). */
    double value(String promql) throws IOException, InterruptedException {
        JsonNode result = query(promql);
        return result.isEmpty() ? 0 : result.get(0).path("value").get(1).asDouble();
    }

    /** Queries {@code promql} until it gives {@code expected} (scrapes come every second), for at most 30 s. */
    double awaitValue(String promql, double expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        double v = value(promql);
        while (v != expected && System.nanoTime() < deadline) {
            Thread.sleep(250);
            v = value(promql);
        }
        return v;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
