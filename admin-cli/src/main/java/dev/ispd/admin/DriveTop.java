package dev.ispd.admin;

import dev.ispd.client.DeviceInfo;
import dev.ispd.client.DeviceLog;
import dev.ispd.client.Drive;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code drive-cli top}: the drives' live load, refreshed every interval: executions queued and
 * running, and per second commands, bytes written, sent to hosts and scanned inside, and the
 * modeled power, from the change of each drive's DEVICE_LOG since the last refresh. A drive that
 * cannot be reached is shown so, and tried again at the next refresh.
 */
@Command(name = "top", description = "Shows the drives' live load (executions, commands, bytes, modeled power), "
        + "refreshing every --interval seconds until stopped (or --count refreshes).")
final class DriveTop implements Callable<Integer> {
    /** Clears an ANSI terminal and moves to its top left corner. */
    private static final String CLEAR = "\033[H\033[2J";

    @ParentCommand
    DriveCli cli;

    @Parameters(paramLabel = "ADDR", arity = "0..*", description = "more drives to show beside -a's")
    List<String> more = List.of();

    @Option(names = "--interval", paramLabel = "S", defaultValue = "2",
            description = "seconds between refreshes (default: ${DEFAULT-VALUE})")
    double intervalSeconds;

    @Option(names = "--count", paramLabel = "N", defaultValue = "0",
            description = "stop after N refreshes (default: 0, until stopped with Ctrl-C)")
    int count;

    /** One drive's connection (null while unreachable), its last log and row. */
    private static final class Watched {
        final String address;
        Drive drive;
        String profile = "";
        DeviceLog last;
        long lastWallNs;
        /** What the drive's row shows after the address and drive. */
        String row;

        Watched(String address) {
            this.address = address;
        }
    }

    @Override
    public Integer call() throws Exception {
        if (!(intervalSeconds >= 0.1 && intervalSeconds <= 3600)) {
            throw new IllegalArgumentException("--interval must be from 0.1 to 3600 seconds, got " + intervalSeconds);
        }
        if (count < 0) {
            throw new IllegalArgumentException("--count must be at least 0, got " + count);
        }
        List<Watched> drives = new ArrayList<>();
        drives.add(new Watched(cli.address));
        more.forEach(a -> drives.add(new Watched(a)));
        boolean terminal = System.console() != null && cli.out == System.out;
        try {
            for (int frame = 1; count == 0 || frame <= count; frame++) {
                if (frame > 1) {
                    Thread.sleep((long) (intervalSeconds * 1000));
                }
                drives.forEach(this::refresh);
                print(cli.out, drives, terminal);
            }
        } finally {
            for (Watched w : drives) {
                close(w);
            }
        }
        return 0;
    }

    private void refresh(Watched w) {
        try {
            if (w.drive == null) {
                w.drive = cli.connect(w.address);
                DeviceInfo info = w.drive.deviceInfo();
                w.profile = info.driveName() + " " + info.profileName();
                w.last = null;
            }
            DeviceLog now = w.drive.deviceLog();
            long wallNs = System.nanoTime();
            w.row = w.last == null ? queueLine(now) + "  (rates from the next refresh)"
                    : rates(w.last, now, (wallNs - w.lastWallNs) / 1e9);
            w.last = now;
            w.lastWallNs = wallNs;
        } catch (IOException | RuntimeException e) {
            w.row = "unreachable: " + e.getMessage();
            close(w);
        }
    }

    private static String queueLine(DeviceLog l) {
        return String.format("%6d %7d", l.queued(), l.running());
    }

    /** The row of a drive's load between two logs {@code seconds} of wall time apart. */
    private static String rates(DeviceLog a, DeviceLog b, double seconds) {
        double modeledS = (b.modeledNowNs() - a.modeledNowNs()) / 1e9;
        double watts = modeledS > 0 ? (b.energyNj() - a.energyNj()) / 1e9 / modeledS : 0;
        return String.format("%s %9.1f %11.2f %11.2f %11.2f %9.2f", queueLine(b),
                (b.commands() - a.commands()) / seconds, mbps(b.bytesWritten() - a.bytesWritten(), seconds),
                mbps(b.bytesToHost() - a.bytesToHost(), seconds),
                mbps(b.bytesReadInternal() - a.bytesReadInternal(), seconds), watts);
    }

    private static double mbps(long bytes, double seconds) {
        return bytes / 1e6 / seconds;
    }

    private void print(PrintStream out, List<Watched> drives, boolean terminal) {
        StringBuilder frame = new StringBuilder(terminal ? CLEAR : "");
        frame.append(String.format("ispd drive-cli top  %s  every %s s%n", Instant.now().truncatedTo(ChronoUnit.SECONDS),
                intervalSeconds));
        frame.append(String.format("%-28s %-26s %6s %7s %9s %11s %11s %11s %9s%n", "address", "drive", "queued",
                "running", "cmds/s", "write MB/s", "host MB/s", "scan MB/s", "modeled W"));
        for (Watched w : drives) {
            frame.append(String.format("%-28s %-26s %s%n", w.address, w.profile, w.row));
        }
        out.print(frame);
        if (!terminal) {
            out.println();
        }
        out.flush();
    }

    private static void close(Watched w) {
        if (w.drive != null) {
            try {
                w.drive.close();
            } catch (RuntimeException e) {
                // the drive is gone already
            }
            w.drive = null;
        }
    }
}
