package dev.ispd.sim.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The drive daemons a test starts one after another on the same directory (its socket
 * {@code d.sock}, its drives under {@code drives/}, every run's stderr appended to
 * {@code daemon.log}); {@link #close} kills the one still running, so a failed test leaves no
 * process behind.
 */
final class DaemonRuns implements AutoCloseable {
    private DaemonProcess current;

    /** Starts a one-drive daemon on {@code dir} with the further options {@code extra}. */
    DaemonProcess start(Path dir, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("--socket", dir.resolve("d.sock").toString(),
                "--dir", dir.resolve("drives").toString()));
        args.addAll(List.of(extra));
        current = DaemonProcess.start(dir.resolve("daemon.log"), 1, args.toArray(String[]::new));
        return current;
    }

    @Override
    public void close() {
        if (current != null) {
            current.close();
        }
    }
}
