package dev.ispd.it.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code chromium}, headless, for tests of pages this project serves: the DOM after the
 * page loaded, a screenshot, and the network log of what the page asked for. Its background
 * traffic (updates, sync, ...) is turned off, so the log holds only what the page caused. Skips
 * the test where {@code /usr/bin/chromium} is not installed, or fails it where
 * {@value #REQUIRED_ENV} is set (.ci/run installs it and sets it).
 */
final class HeadlessChromium {
    static final String REQUIRED_ENV = "ISPD_REQUIRE_CHROMIUM";
    private static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final long TIMEOUT_S = 60;

    private final Path work;

    private HeadlessChromium(Path work) {
        this.work = work;
    }

    /** The browser, with {@code work} for its profiles and logs; skips or fails the test without it. */
    static HeadlessChromium require(Path work) {
        if (!Files.isExecutable(BINARY)) {
            String how = BINARY + " is not installed (Debian: apt-get install chromium)";
            if (System.getenv(REQUIRED_ENV) != null) {
                fail(how + " (" + REQUIRED_ENV + " is set: it must be present)");
            }
            assumeTrue(false, how);
        }
        return new HeadlessChromium(work);
    }

    /** The page's DOM once loaded, serialized; every request the browser made goes to {@code netLog}. */
    String dumpDom(String url, Path netLog) throws IOException, InterruptedException {
        return run("dom", List.of("--log-net-log=" + netLog, "--net-log-capture-mode=Default", "--dump-dom", url));
    }

    /** A screenshot of the page at a phone's width (412 x 915 CSS pixels) into {@code png}. */
    void screenshot(String url, Path png) throws IOException, InterruptedException {
        run("shot", List.of("--window-size=412,915", "--hide-scrollbars", "--screenshot=" + png, url));
    }

    private String run(String name, List<String> args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-" + name);
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--disable-extensions", "--user-data-dir=" + profile));
        command.addAll(args);
        Path out = work.resolve(name + ".out");
        Path err = work.resolve(name + ".err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            fail("chromium did not finish within " + TIMEOUT_S + " s: " + Files.readString(err));
        }
        assertEquals(0, p.exitValue(), "chromium failed: " + Files.readString(err));
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
