package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.ServerLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A drive closes a connection idle past its idle timeout (here 500 ms): the client's next call
 * reopens it before sending anything and goes on, through the C library by JNI and by JNA, and an
 * authenticated connection authenticates again; before, that call failed ("closed the connection
 * after 0 of 64 bytes").
 */
@Tag("heavy")
class IdleReconnectTest {
    private static final Duration IDLE = Duration.ofMillis(500);

    @TempDir
    Path dir;

    private static EmbeddedDrives.Builder closingIdleConnections() {
        return EmbeddedDrives.builder().options(o -> o.server(ServerLimits.defaults().withIdleTimeout(IDLE)));
    }

    private static void idle() throws InterruptedException {
        Thread.sleep(IDLE.toMillis() * 3); // the drive has closed the connection by now
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void theNextCallAfterTheDriveClosedAnIdleConnectionReconnects(Binding binding) throws Exception {
        try (EmbeddedDrives drives = closingIdleConnections().start();
             Drive d = Drive.connect(drives.address(0), binding)) {
            long id = d.createObject();
            d.write(id, 0, "before".getBytes(StandardCharsets.UTF_8));
            idle();
            assertEquals(6, d.stat(id).size(), "the call after the idle time went through");
            idle();
            d.write(id, 6, " after".getBytes(StandardCharsets.UTF_8));
            assertEquals("before after", new String(d.read(id, 0, 12), StandardCharsets.UTF_8),
                    "each write landed once");
            assertTrue(d.reconnects() >= 2, "reopened after each idle time: " + d.reconnects());
        }
    }

    @ParameterizedTest
    @EnumSource(Binding.class)
    void anAuthenticatedConnectionAuthenticatesAgain(Binding binding) throws Exception {
        try (EmbeddedDrives drives = closingIdleConnections().auth(AuthConfig.load(AuthFixture.write(dir))).start();
             Drive d = Drive.connect(drives.address(0), binding)) {
            d.authenticate(new Credentials(AuthFixture.OWNER, AuthFixture.key(AuthFixture.OWNER)));
            long id = d.createObject();
            idle();
            assertEquals(0, d.stat(id).size(), "answered, and its tag verified, on the new connection");
            assertTrue(d.list().stream().anyMatch(o -> o.id() == id), "the owner's object, as the owner");
            assertTrue(d.reconnects() >= 1, "reopened: " + d.reconnects());
        }
    }
}
