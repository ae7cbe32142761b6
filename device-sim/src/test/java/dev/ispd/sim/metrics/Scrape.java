package dev.ispd.sim.metrics;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

/**
 * One scrape of a drive's /metrics over HTTP, in the Prometheus text format: each sample by its
 * name and labels exactly as written ({@code ispd_drive_requests_total{opcode="execute",status="ok"}}).
 */
public record Scrape(int status, String contentType, String body, Map<String, Double> samples) {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public static Scrape of(int port) throws IOException, InterruptedException {
        return of(port, null, null);
    }

    /** A scrape with the given Accept and Authorization headers (each null: none sent). */
    public static Scrape of(int port, String accept, String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"));
        if (accept != null) {
            request.header("Accept", accept);
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> r = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        Map<String, Double> samples = new HashMap<>();
        for (String line : r.body().split("\n")) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                int space = line.lastIndexOf(' ');
                samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
            }
        }
        return new Scrape(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body(), samples);
    }

    /**
     * Scrapes until {@code sample} has {@code expected} (the drive counts some events on another
     * thread than the one the client hears from), for at most 5 s; the last scrape.
     */
    public static Scrape awaitValue(int port, String sample, double expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        Scrape s = of(port);
        while (s.value(sample) != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
            s = of(port);
        }
        return s;
    }

    /** The sample's value; 0 if the scrape has none (a labelled counter not yet incremented). */
    public double value(String sample) {
        return samples.getOrDefault(sample, 0.0);
    }

    /** Where a drive of this test serves /metrics: loopback, any free port. */
    public static MetricsEndpoint loopback(String token) {
        return new MetricsEndpoint(new InetSocketAddress("127.0.0.1", 0), token);
    }
}
