package dev.ispd.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.client.Drive;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** drive-cli top against two in-JVM drives, one of them written to meanwhile, and an address nobody serves. */
class DriveTopTest {

    @Test
    void eachRefreshShowsEveryDrivesLoadAndTheOneWrittenToMoves() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).start();
             Drive writer = Drive.connect(drives.address(0))) {
            long object = writer.createObject();
            AtomicBoolean stop = new AtomicBoolean();
            Thread load = new Thread(() -> {
                ByteBuffer block = ByteBuffer.allocateDirect(1 << 20);
                try {
                    while (!stop.get()) {
                        writer.write(object, 0, block.clear());
                    }
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            load.start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            StringWriter err = new StringWriter();
            int status;
            try {
                status = CommandLines.of(new DriveCli(new PrintStream(out, true, StandardCharsets.UTF_8)))
                        .setErr(new PrintWriter(err, true)).execute("-a", drives.address(0), "top", "--interval",
                                "0.3", "--count", "2", drives.address(1), "unix:/nonexistent/ispd.sock");
            } finally {
                stop.set(true);
                load.join();
            }
            assertEquals(0, status, err.toString());
            String[] frames = out.toString(StandardCharsets.UTF_8).split("\n\n");
            assertEquals(2, frames.length, out.toString(StandardCharsets.UTF_8));
            assertTrue(frames[0].contains("(rates from the next refresh)"), frames[0]);
            String[] rows = frames[1].split("\n");
            assertEquals(5, rows.length, frames[1]);
            assertTrue(rows[1].contains("write MB/s"), rows[1]);
            assertTrue(rows[2].startsWith(drives.address(0)) && rows[2].contains("drive0 smartssd-2013"), rows[2]);
            assertTrue(rows[3].startsWith(drives.address(1)) && rows[3].contains("drive1 smartssd-2013"), rows[3]);
            assertTrue(rows[4].startsWith("unix:/nonexistent/ispd.sock") && rows[4].contains("unreachable: "), rows[4]);
            String[] written = rows[2].substring(rows[2].indexOf("smartssd-2013") + 13).trim().split("\\s+");
            assertTrue(Double.parseDouble(written[3]) > 0, "drive0's write MB/s: " + rows[2]);
            String[] idle = rows[3].substring(rows[3].indexOf("smartssd-2013") + 13).trim().split("\\s+");
            assertEquals(0.0, Double.parseDouble(idle[3]), "drive1's write MB/s: " + rows[3]);
        }
    }

    @Test
    void aBadIntervalIsRefusedNamingIt() {
        StringWriter err = new StringWriter();
        int status = CommandLines.of(new DriveCli(new PrintStream(new ByteArrayOutputStream())))
                .setErr(new PrintWriter(err, true)).execute("-a", "unix:/x.sock", "top", "--interval", "0");
        assertEquals(2, status);
        assertEquals("top: --interval must be from 0.1 to 3600 seconds, got 0.0", err.toString().strip());
    }
}
