package dev.ispd.it.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ispd.client.Drive;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.it.DeviceOnlyQ1;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.metrics.MetricsEndpoint;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A drive's status page in a real headless Chromium while a DeviceJob runs on the drive (paced,
 * so its execution is in flight for seconds): the DOM shows the drive, its profile and health,
 * the execution with its tasklet, client and progress; the browser asked for nothing but the
 * page (its network log); a phone-sized screenshot is kept in target/status-page.png. Once the
 * page is read, the test cancels the execution it showed: its scan is done and only its report is
 * held back by the pace, which a CANCEL waives, so the drive reports it DONE at once and the job
 * ends with the drive's answer instead of waiting out the pace (past the split's deadline).
 */
class StatusPageInChromiumTest {
    private static final int ENTRIES = 100_000;
    private static final int CHUNK = 1 << 20;

    @TempDir
    java.nio.file.Path work;

    @Test
    void thePageShowsTheRunningExecutionAndNeedsNoNetwork() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.require(work);
        MetricsEndpoint loopback = new MetricsEndpoint(new InetSocketAddress("127.0.0.1", 0), null);
        try (EmbeddedDrives drives = EmbeddedDrives.builder().pace(3000).options(o -> o.metrics(loopback)).start()) {
            String origin = "http://127.0.0.1:" + drives.drive(0).metricsPort();
            String page = origin + "/status";
            try (DeviceOnlyQ1 q1 = DeviceOnlyQ1.prepare(drives, "status", ENTRIES, 25, CHUNK, work)) {
                DeviceJob job = q1.job();
                // the paced split must stay in flight while Chromium starts and reads the page: its
                // deadline (5 s by default, the model knows nothing of the pace) would cancel it first;
                // 30 s is a guard only: the test cancels the execution once the page is read
                job.getConfiguration().setLong(OffloadKeys.DEVICE_DEADLINE_FLOOR_MS.name(), 30_000);
                CompletableFuture<Boolean> running = CompletableFuture.supplyAsync(() -> {
                    try {
                        return job.waitForCompletion(false);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                awaitExecution(page, running);

                java.nio.file.Path netLog = work.resolve("netlog.json");
                String dom = chromium.dumpDom(page, netLog);
                java.nio.file.Path shot = java.nio.file.Path.of("target", "status-page.png").toAbsolutePath();
                chromium.screenshot(page, shot);

                assertTrue(dom.contains("<h1 id=\"drive\">drive0</h1>"), dom);
                assertTrue(dom.contains("<td id=\"profile\">smartssd-2013</td>"), dom);
                assertTrue(dom.contains("serving"), "no fault yet: " + dom);
                Matcher row = Pattern.compile("<tr class=\"execution\"><td>(\\d+)</td><td>([^<]+)</td><td>(queued|running)"
                        + "</td><td>(connection [0-9a-f]+)</td><td><progress max=\"(\\d+)\" value=\"(\\d+)\">")
                        .matcher(dom);
                assertTrue(row.find(), "an execution in flight: " + dom);
                try (Drive drive = Drive.connect(drives.address(0))) {
                    drive.cancel(Long.parseLong(row.group(1)));
                }
                assertEquals("q1", row.group(2), "its tasklet");
                assertTrue(Long.parseLong(row.group(6)) < Long.parseLong(row.group(5)), "part done: " + row.group());
                assertTrue(dom.contains("1 running") || dom.contains("1 queued"), dom);
                assertTrue(dom.contains("meta http-equiv=\"refresh\""), "it refreshes itself");
                assertTrue(Files.size(shot) > 5_000, "a screenshot of the page");

                List<String> urls = requestedUrls(netLog);
                assertFalse(urls.isEmpty(), "the network log holds the page's request");
                assertTrue(urls.contains(page), urls.toString());
                for (String url : urls) {
                    // Chromium's own time and update queries (*.google.com, *.googleapis.com) are the browser's
                    String host = URI.create(url).getHost();
                    assertTrue(url.startsWith(origin + "/") || host.endsWith(".google.com")
                            || host.endsWith(".googleapis.com"),
                            "the page asked only for itself, not " + url + ": " + urls);
                }
                assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(dom).find(),
                        "no asset from elsewhere: " + dom);

                assertTrue(running.get(), "the job failed");
                assertEquals(1, job.counter(IspdCounter.SPLITS_PLANNED_ON_DEVICE), "the split the page showed");
                assertEquals(1, job.counter(IspdCounter.SPLITS_ON_DEVICE), "its scan done, reported at the CANCEL: "
                        + job.getCounters());
            }
        }
    }

    /** Waits (at most a minute) until the page lists an execution: the job's split reached the drive. */
    private static void awaitExecution(String page, CompletableFuture<Boolean> job) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (job.isDone()) {
                throw new AssertionError("the job ended (" + job.handle((ok, e) -> ok != null ? "succeeded: " + ok
                        : e.toString()).get() + ") before its execution was seen on the page");
            }
            String body = http.send(HttpRequest.newBuilder(URI.create(page)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            if (body.contains("class=\"execution\"")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no execution on the page within a minute");
    }

    /** Every URL the browser's network log names (requests, redirects, sockets' hosts). */
    private static List<String> requestedUrls(java.nio.file.Path netLog) throws Exception {
        List<String> urls = new ArrayList<>();
        for (JsonNode event : new ObjectMapper().readTree(netLog.toFile()).path("events")) {
            JsonNode url = event.path("params").path("url");
            if (url.isTextual()) {
                urls.add(url.asText());
            }
        }
        return urls;
    }
}
