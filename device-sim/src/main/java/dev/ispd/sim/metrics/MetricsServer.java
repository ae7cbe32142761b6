package dev.ispd.sim.metrics;

import com.sun.net.httpserver.Authenticator;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpPrincipal;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves one drive's {@link DriveMetrics} over HTTP: {@code /metrics} in the Prometheus text
 * format, or OpenMetrics when the scraper's Accept header asks for it (the Prometheus client's
 * exporter negotiates). One thread answers scrapes, so a flood of scrapes costs the drive at most
 * one core's share and never a connection thread. With a token, a scrape without
 * {@code Authorization: Bearer <token>} is answered 401. The same server, under the same rules,
 * serves the drive's status page at {@code /status} ({@link StatusPage}).
 */
public final class MetricsServer implements AutoCloseable {
    private final HTTPServer server;
    private final ExecutorService executor;

    private MetricsServer(HTTPServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Starts serving {@code metrics} at {@code endpoint}; a port already in use is an error naming it. */
    public static MetricsServer start(MetricsEndpoint endpoint, DriveMetrics metrics, String driveName)
            throws IOException {
        InetSocketAddress at = endpoint.bind();
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, driveName + "-metrics");
            t.setDaemon(true);
            return t;
        });
        HTTPServer.Builder builder = HTTPServer.builder().inetAddress(at.getAddress()).port(at.getPort())
                .registry(metrics.registry()).executorService(executor).defaultHandler(new OtherPages(driveName, new StatusPage(metrics)));
        if (endpoint.token() != null) {
            builder.authenticator(new BearerToken(endpoint.token()));
        }
        try {
            return new MetricsServer(builder.buildAndStart(), executor);
        } catch (BindException e) {
            executor.shutdownNow();
            throw new IOException("the metrics port of " + driveName + ", " + at.getAddress().getHostAddress() + ":"
                    + at.getPort() + ", cannot be bound (" + e.getMessage() + "); choose another --metrics-port or "
                    + "--metrics-bind", e);
        } catch (IOException | RuntimeException e) {
            executor.shutdownNow();
            throw e;
        }
    }

    /** The port it listens on (the one chosen, if it was asked for port 0). */
    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.close();
        executor.shutdownNow();
    }

    /**
     * Every path but /metrics (and the client's /-/healthy): the status page at /status; 404 naming
     * where the metrics and status are; 414 for a huge URL.
     */
    private record OtherPages(String driveName, StatusPage status) implements HttpHandler {
        private static final int MAX_URI = 8192;
        private static final int SHOWN = 100;

        @Override
        public void handle(HttpExchange exchange) throws IOException {
            String uri = exchange.getRequestURI().toString();
            boolean huge = uri.length() > MAX_URI;
            if (!huge && exchange.getRequestURI().getPath().equals("/status")) {
                status.serve(exchange);
                return;
            }
            String message = huge ? "the URL is " + uri.length() + " characters long, over the " + MAX_URI + " this "
                    + "server reads; the metrics are at /metrics, the status page at /status"
                    : "no page " + (uri.length() > SHOWN ? uri.substring(0, SHOWN) + "..." : uri) + " on " + driveName
                    + "; the metrics are at /metrics, the status page at /status";
            byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
            exchange.getRequestBody().close();
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            exchange.sendResponseHeaders(huge ? 414 : 404, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** Lets through a request whose Authorization header is {@code Bearer <token>}; compares in constant time. */
    private static final class BearerToken extends Authenticator {
        private static final String SCHEME = "Bearer ";
        private final byte[] token;

        BearerToken(String token) {
            this.token = token.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public Result authenticate(HttpExchange exchange) {
            String header = exchange.getRequestHeaders().getFirst("Authorization");
            if (header != null && header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                    && MessageDigest.isEqual(token, header.substring(SCHEME.length()).trim()
                    .getBytes(StandardCharsets.UTF_8))) {
                return new Success(new HttpPrincipal("scraper", "metrics"));
            }
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"ispd drive metrics\"");
            return new Failure(401);
        }
    }
}
