package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Status;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Through each binding and the C library against real drives: SET_FAULTS sets and clears a
 * drive's fault plan, a call timeout ends a hung call, and a connection the drive refuses at
 * admission (BUSY, "retry after N ms") is retried after the hint, a bounded number of times.
 */
@Tag("heavy")
class FaultsAndBusyTest {

    @ParameterizedTest
    @EnumSource(Binding.class)
    void faultsAreSetAndCleared(Binding binding) throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.start(1); Drive d = Drive.connect(drives.address(0), binding)) {
            d.setFaults("{\"faults\":[{\"kind\":\"device-full\"}]}");
            DriveException full = assertThrows(DriveException.class, d::createObject);
            assertEquals(Status.NO_SPACE, full.status());
            assertEquals("NO_SPACE", full.statusName());
            d.clearFaults();
            d.delete(d.createObject());
            DriveException bad = assertThrows(DriveException.class, () -> d.setFaults("{\"faults\":[{}]}"));
            assertEquals(Status.BAD_PARAMETER, bad.status());
            assertTrue(bad.driveMessage().contains("fault 0: no \"kind\""), bad.driveMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void aCallTimeoutEndsAHungCall(Binding binding) throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.start(1); Drive d = Drive.connect(drives.address(0), binding)) {
            d.setFaults("{\"faults\":[{\"kind\":\"hang\",\"opcodes\":[\"STAT_OBJECT\"]}]}");
            d.setTimeout(Duration.ofMillis(200));
            long t0 = System.nanoTime();
            DriveException hung = assertThrows(DriveException.class, () -> d.stat(1));
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            // the hang lasts until the client leaves, so only a timeout ends the call: the one set, which it
            // waited out, not the library's 2-minute default (a bound no load on this machine comes near)
            assertEquals(Status.TIMEOUT, hung.status());
            assertTrue(waitedMs >= 200, "the call ended after " + waitedMs + " ms, before its 200 ms timeout");
            assertTrue(waitedMs < 120_000, "the call ended after " + waitedMs + " ms: the default timeout, not the "
                    + "one set");
        }
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void aConnectionRefusedAtAdmissionIsRetriedAfterTheHint(Binding binding) throws Exception {
        try (EmbeddedDrives drives = oneSlot()) {
            Drive first = Drive.connect(drives.address(0), binding);
            first.deviceInfo(); // holds the only slot
            CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> {
                try (Drive d = Drive.connect(drives.address(0), binding)) {
                    return d.deviceInfo().driveName();
                } catch (DriveException e) {
                    return e.toString();
                }
            });
            Thread.sleep(450); // past one admission wait (300 ms): the second was refused BUSY at least once
            first.close();
            assertEquals("drive0", second.get(10, TimeUnit.SECONDS), "served after a retry");
        }
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void retriesAreBounded(Binding binding) throws Exception {
        try (EmbeddedDrives drives = oneSlot(); Drive first = Drive.connect(drives.address(0), binding)) {
            first.deviceInfo();
            try (Drive second = Drive.connect(drives.address(0), binding)) {
                DriveException busy = assertThrows(DriveException.class, second::deviceInfo);
                assertEquals(Status.BUSY, busy.status());
                assertTrue(busy.driveMessage().contains("retry after"), busy.driveMessage());
            }
        }
    }

    /** A drive serving one connection, whose next waits 300 ms, then is told to retry after 100 ms. */
    private static EmbeddedDrives oneSlot() throws Exception {
        return EmbeddedDrives.builder().maxConnections(1)
                .options(o -> o.server(o.server().withAdmissionWait(Duration.ofMillis(300)))).start();
    }
}
