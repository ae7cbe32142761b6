package dev.ispd.sim.metrics;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The drive's status page, {@code /status} (docs/metrics.md, "Status page"): one self-contained
 * HTML page (styles inline, no script, no external asset) that refreshes itself every
 * {@value #REFRESH_SECONDS} s and reads on a phone: the drive and its profile, its health, load,
 * capacity, the executions in flight with their client and progress, loaded modules, recent
 * faults and refusals, and the last scrub. Built from what {@link DriveMetrics} reads, when asked.
 */
final class StatusPage {
    static final int REFRESH_SECONDS = 5;
    /** A drive with a fault or refusal this recent is shown as troubled. */
    private static final Duration TROUBLED_FOR = Duration.ofMinutes(1);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);
    private static final String STYLE = "body{font-family:sans-serif;margin:0;padding:0.5em 1em;max-width:60em}"
            + "h1{font-size:1.4em;margin:0.3em 0}h2{font-size:1.1em;margin:1em 0 0.3em}"
            + "table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:0.2em 0.5em 0.2em 0;"
            + "border-bottom:1px solid #ddd;font-size:0.95em}.ok{color:#1a7f37}.bad{color:#b42318}"
            + ".kv td:first-child{color:#555;width:40%}progress{width:6em}@media(max-width:30em){body{padding:0.3em}"
            + "td,th{font-size:0.85em}}";

    private final DriveMetrics metrics;

    StatusPage(DriveMetrics metrics) {
        this.metrics = metrics;
    }

    void serve(HttpExchange exchange) throws IOException {
        byte[] body = render(Instant.now()).getBytes(StandardCharsets.UTF_8);
        exchange.getRequestBody().close();
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        // the page asks the browser for nothing beyond itself
        exchange.getResponseHeaders().set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    String render(Instant now) {
        DriveReadings r = metrics.readings();
        List<DriveIncident> incidents = metrics.recentIncidents();
        boolean troubled = !incidents.isEmpty()
                && incidents.get(incidents.size() - 1).at().isAfter(now.minus(TROUBLED_FOR));
        StringBuilder h = new StringBuilder(4096);
        h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<meta http-equiv=\"refresh\" content=\"").append(REFRESH_SECONDS).append("\">")
                .append("<title>").append(esc(metrics.driveName())).append(" - ispd drive</title><style>")
                .append(STYLE).append("</style></head><body>");
        h.append("<h1 id=\"drive\">").append(esc(metrics.driveName())).append("</h1>");
        h.append("<table class=\"kv\">");
        row(h, "profile", "profile", esc(metrics.profileName()));
        row(h, "health", "health", troubled
                ? "<span class=\"bad\">troubled: a fault or refusal in the last minute</span>"
                : "<span class=\"ok\">serving</span>");
        row(h, "up since", "up", TIME.format(metrics.started()));
        List<ExecutionInFlight> running = r.executionsInFlight();
        long queued = running.stream().filter(e -> e.state().equals("queued")).count();
        row(h, "load", "load", (running.size() - queued) + " running, " + queued + " queued, "
                + r.connectionsOpen() + " connections");
        row(h, "capacity", "capacity", bytes(r.usedBytes()) + " of " + bytes(r.capacityBytes()) + " used ("
                + percent(r.usedBytes(), r.capacityBytes()) + "), " + r.objects() + " objects");
        row(h, "scanned / returned / written", "traffic", bytes(r.bytesScanned()) + " / " + bytes(r.bytesReturned())
                + " / " + bytes(r.bytesWritten()));
        row(h, "modeled energy", "energy", String.format(Locale.ROOT, "%.1f J", r.modeledEnergyNj() / 1e9));
        row(h, "checksum failures", "checksums", Long.toString(r.checksumFailures()));
        h.append("</table>");

        h.append("<h2>Executions in flight (").append(running.size()).append(")</h2>");
        if (running.isEmpty()) {
            h.append("<p id=\"executions\">none</p>");
        } else {
            h.append("<table id=\"executions\"><tr><th>id</th><th>tasklet</th><th>state</th><th>client</th>")
                    .append("<th>progress</th><th>age</th></tr>");
            for (ExecutionInFlight e : running) {
                h.append("<tr class=\"execution\"><td>").append(e.id()).append("</td><td>").append(esc(e.tasklet()))
                        .append("</td><td>").append(e.state()).append("</td><td>").append(esc(e.client()))
                        .append("</td><td><progress max=\"").append(Math.max(1, e.pagesTotal())).append("\" value=\"")
                        .append(e.pagesDone()).append("\"></progress> ").append(e.pagesDone()).append(" of ")
                        .append(e.pagesTotal()).append(" pages</td><td>")
                        .append(String.format(Locale.ROOT, "%.1f s", e.wallSeconds())).append("</td></tr>");
            }
            h.append("</table>");
        }

        List<String> modules = r.loadedModules();
        h.append("<h2>Loaded modules (").append(modules.size()).append(")</h2><p id=\"modules\">");
        h.append(modules.isEmpty() ? "none" : esc(String.join(", ", modules))).append("</p>");

        h.append("<h2>Recent faults and refusals</h2>");
        if (incidents.isEmpty()) {
            h.append("<p id=\"incidents\">none since the drive started</p>");
        } else {
            h.append("<table id=\"incidents\">");
            for (int i = incidents.size() - 1; i >= 0; i--) {
                DriveIncident d = incidents.get(i);
                h.append("<tr><td>").append(TIME.format(d.at())).append("</td><td>").append(esc(d.what()))
                        .append("</td></tr>");
            }
            h.append("</table>");
        }

        DriveMetrics.LastScrub scrub = metrics.lastScrub();
        h.append("<h2>Last scrub</h2><p id=\"scrub\">");
        h.append(scrub == null ? "none since the drive started" : TIME.format(scrub.at()) + ": " + scrub.objects()
                + " objects, " + bytes(scrub.bytes()) + " checked, " + scrub.damaged() + " damaged");
        h.append("</p><p><small>").append(TIME.format(now)).append(", refreshed every ").append(REFRESH_SECONDS)
                .append(" s; metrics at <a href=\"/metrics\">/metrics</a></small></p></body></html>");
        return h.toString();
    }

    private static void row(StringBuilder h, String label, String id, String valueHtml) {
        h.append("<tr><td>").append(label).append("</td><td id=\"").append(id).append("\">").append(valueHtml)
                .append("</td></tr>");
    }

    private static String bytes(long n) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? n + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    private static String percent(long part, long whole) {
        return whole <= 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    /** Escapes text for HTML: drive, tasklet and module names come from users. */
    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
