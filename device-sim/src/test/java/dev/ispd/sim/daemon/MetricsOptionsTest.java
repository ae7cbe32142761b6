package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.cli.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's metrics options refused before a drive serves anyone, with one line naming the
 * option: a port in use, a non-loopback address without a token, a token without an endpoint.
 */
class MetricsOptionsTest {
    @TempDir
    Path dir;

    /** Runs the daemon with {@code args} (it must fail at start); its status and standard error. */
    private String[] refused(String... args) {
        List<String> all = new ArrayList<>(List.of("--port", "0", "--dir", dir.resolve("drives").toString()));
        all.addAll(List.of(args));
        StringWriter err = new StringWriter();
        int status = CommandLines.of(new DriveDaemon()).setErr(new PrintWriter(err, true))
                .execute(all.toArray(String[]::new));
        return new String[] {Integer.toString(status), err.toString().strip()};
    }

    @Test
    void aMetricsPortInUseIsOneLineNamingIt() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            String[] r = refused("--metrics-port", Integer.toString(port));
            assertEquals("2", r[0]);
            assertEquals("ispd-drive: the metrics port of drive0, 127.0.0.1:" + port + ", cannot be bound (Address "
                    + "already in use); choose another --metrics-port or --metrics-bind", r[1]);
        }
    }

    @Test
    void aNonLoopbackMetricsAddressNeedsAToken() {
        String[] r = refused("--metrics-bind", "0.0.0.0:0");
        assertEquals("2", r[0]);
        assertEquals("ispd-drive: --metrics-bind 0.0.0.0:0 is not a loopback address: give --metrics-token-file "
                + "(docs/metrics.md), or --insecure-bind to let anyone on the network read the metrics "
                + "(--help lists the options)", r[1]);
    }

    @Test
    void badMetricsValuesAreNamed() throws Exception {
        assertEquals("ispd-drive: --metrics-bind localhost: expected <address>:<port>, e.g. 127.0.0.1:9400 "
                + "(--help lists the options)", refused("--metrics-bind", "localhost")[1]);
        assertEquals("ispd-drive: --metrics-bind 127.0.0.1:99999: the port must be in 0..65535 "
                + "(--help lists the options)", refused("--metrics-bind", "127.0.0.1:99999")[1]);
        assertEquals("ispd-drive: --metrics-token-file needs --metrics-port or --metrics-bind "
                + "(--help lists the options)", refused("--metrics-token-file", "t")[1]);
        Path empty = Files.writeString(dir.resolve("empty"), "\n");
        assertEquals("ispd-drive: --metrics-token-file " + empty + ": the file is empty; it must hold the token",
                refused("--metrics-port", "0", "--metrics-token-file", empty.toString())[1]);
    }
}
