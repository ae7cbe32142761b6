package dev.ispd.bench;

import dev.ispd.client.Binding;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a drive's Prometheus metrics cost (docs/metrics.md): the same work ({@link DriveWorkload})
 * on a drive without metrics ({@code off}) and on one that keeps them while a scraper reads
 * /metrics every second, as Prometheus would at a 1 s scrape interval ({@code scraped}), in one
 * run, through JNI. STAT_OBJECT back to back is the path every request takes (one counted answer
 * each); the q1 scan is the drive's hot loop.
 */
@State(Scope.Benchmark)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms512m", "-Xmx512m"})
public class MetricsOverhead extends DriveWorkload {
    @Param({"off", "scraped"})
    public String metrics;

    private BenchDrive bench;
    private ScheduledExecutorService scraper;
    private final AtomicLong scrapes = new AtomicLong();

    @Setup(Level.Trial)
    public void start() throws IOException {
        bench = metrics.equals("scraped") ? BenchDrive.startWithMetrics(Binding.JNI) : BenchDrive.start(Binding.JNI);
        prepare(bench);
        if (metrics.equals("scraped")) {
            scraper = Executors.newSingleThreadScheduledExecutor();
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest scrape = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bench.metricsPort()
                    + "/metrics")).build();
            scraper.scheduleAtFixedRate(() -> {
                try {
                    if (http.send(scrape, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                        scrapes.incrementAndGet();
                    }
                } catch (IOException e) {
                    throw new IllegalStateException("scraping the drive's metrics failed", e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, 0, 1, TimeUnit.SECONDS);
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException, InterruptedException {
        if (scraper != null) {
            scraper.shutdownNow();
            scraper.awaitTermination(5, TimeUnit.SECONDS);
            if (scrapes.get() == 0) {
                throw new IllegalStateException("the scraper never got an answer from /metrics");
            }
        }
        bench.close();
    }
}
