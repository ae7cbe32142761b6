package dev.ispd.sim.hostif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's resource bounds (issue 10, failures A, B and F): failures in the accept thread,
 * receive buffers, timeouts and fair admission. Each test once failed on a server without them.
 */
@Timeout(60)
class ServerLimitsTest {
    private static final ServerLimits QUICK = ServerLimits.defaults().withHeaderTimeout(Duration.ofMillis(300))
            .withAdmissionWait(Duration.ofSeconds(5));

    @TempDir
    Path dir;

    /** Answers every request with an empty OK payload; the first {@code failures} sessions fail to open. */
    private static RequestHandler handler(Throwable... failures) {
        AtomicInteger opened = new AtomicInteger();
        return () -> {
            int n = opened.getAndIncrement();
            if (n < failures.length) {
                sneakyThrow(failures[n]);
            }
            return (request, out) -> new Responses.Empty().encode(out);
        };
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    private DriveServer start(RequestHandler handler, ServerLimits limits) throws IOException {
        return DriveServer.start(DriveAddress.unix(dir.resolve("d.sock")), handler, RequestGuard.OPEN, limits, "test");
    }

    private static TestClient.Reply ping(TestClient c) throws IOException {
        return c.call(new Requests.DeviceInfo());
    }

    @Test
    void failuresWhileAcceptingNeverStopTheAcceptThread() throws IOException {
        try (DriveServer server = start(handler(new OutOfMemoryError("injected: Direct buffer memory"),
                new IllegalStateException("injected: session failed")), ServerLimits.defaults())) {
            for (int i = 0; i < 2; i++) {
                try (TestClient failed = TestClient.connect(server.address().text())) {
                    assertTrue(failed.closedByDrive(), "connection " + i + " whose session failed is closed");
                }
            }
            try (TestClient c = TestClient.connect(server.address().text())) {
                assertEquals(Status.OK, ping(c).status());
            }
        }
    }

    @Test
    void halfHeadersTimeOutAndNoLongerLockOthersOut() throws IOException {
        try (DriveServer server = start(handler(), QUICK.withMaxConnections(4))) {
            List<SocketChannel> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    SocketChannel ch = open(server);
                    ch.write(ByteBuffer.wrap(new byte[FrameFormat.HEADER_SIZE / 2]));
                    stalled.add(ch);
                }
                try (TestClient c = TestClient.connect(server.address().text())) {
                    assertEquals(Status.OK, ping(c).status(), "admitted once a half-header connection timed out");
                }
                for (SocketChannel ch : stalled) {
                    assertTrue(ch.read(ByteBuffer.allocate(1)) < 0, "a half-header connection is closed");
                }
            } finally {
                for (SocketChannel ch : stalled) {
                    ch.close();
                }
            }
        }
    }

    @Test
    void aClientOverTheCapWaitsThenGetsBusyWithARetryHint() throws IOException {
        ServerLimits limits = ServerLimits.defaults().withMaxConnections(1).withAdmissionWait(Duration.ofMillis(300));
        try (DriveServer server = start(handler(), limits);
             TestClient holder = TestClient.connect(server.address().text());
             TestClient waiter = TestClient.connect(server.address().text())) {
            assertEquals(Status.OK, ping(holder).status());
            TestClient.Reply busy = ping(waiter);
            assertEquals(Status.BUSY, busy.status());
            assertTrue(busy.message().contains(DriveServer.RETRY_HINT_PREFIX), busy.message());
        }
    }

    @Test
    void whenAsManyWaitAsThereAreSlotsTheNextIsBusyAtOnce() throws IOException {
        try (DriveServer server = start(handler(), QUICK.withMaxConnections(1));
             TestClient holder = TestClient.connect(server.address().text());
             TestClient waiter = TestClient.connect(server.address().text())) {
            assertEquals(Status.OK, ping(holder).status());
            waiter.send(TestClient.frame(new Requests.DeviceInfo(), 1));
            try (TestClient extra = TestClient.connect(server.address().text())) {
                TestClient.Reply busy = ping(extra);
                assertEquals(Status.BUSY, busy.status());
                assertTrue(busy.message().contains("1 more wait for a slot; " + DriveServer.RETRY_HINT_PREFIX),
                        busy.message());
            }
        }
    }

    @Test
    void aWaitingClientGetsTheNextFreeSlot() throws IOException {
        try (DriveServer server = start(handler(), QUICK.withMaxConnections(1))) {
            TestClient holder = TestClient.connect(server.address().text());
            assertEquals(Status.OK, ping(holder).status());
            try (TestClient waiter = TestClient.connect(server.address().text())) {
                waiter.send(TestClient.frame(new Requests.DeviceInfo(), 7));
                holder.close();
                assertEquals(Status.OK, waiter.readReply().status());
            }
        }
    }

    @Test
    void connectionsNotYetAuthenticatedHoldAtMostTheirBudgetOfSlots() throws IOException {
        ServerLimits limits = ServerLimits.defaults().withMaxConnections(4).withAdmissionWait(Duration.ofMillis(300))
                .withHello(Duration.ofMinutes(1), 2);
        try (DriveServer server = start(handler(), limits);
             TestClient served = TestClient.connect(server.address().text())) {
            assertEquals(Status.OK, ping(served).status(), "served once, so no longer counted as unauthenticated");
            try (SocketChannel silent1 = open(server); SocketChannel silent2 = open(server)) {
                Thread.sleep(100); // both admitted: the budget of 2 is spent, though a slot is free
                try (TestClient third = TestClient.connect(server.address().text())) {
                    TestClient.Reply busy = ping(third);
                    assertEquals(Status.BUSY, busy.status());
                    assertTrue(busy.message().contains("at most 2 of them not yet authenticated"), busy.message());
                }
                silent1.close();
                try (TestClient fourth = TestClient.connect(server.address().text())) {
                    assertEquals(Status.OK, ping(fourth).status(), "a closed unauthenticated connection frees its share");
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void idleConnectionsAreClosed() throws Exception {
        ServerLimits limits = QUICK.withIdleTimeout(Duration.ofMillis(200));
        try (DriveServer server = start(handler(), limits);
             TestClient c = TestClient.connect(server.address().text())) {
            assertEquals(Status.OK, ping(c).status());
            Thread.sleep(1_000);
            assertTrue(c.closedByDrive());
        }
    }

    /**
     * Connections that announce the largest payload and send 4 KiB: the drive's receive buffers
     * (direct memory) grow with what arrived, not with what was announced.
     */
    @Test
    void receiveBuffersGrowWithTheBytesThatArrive() throws Exception {
        int connections = 16;
        try (DriveServer server = start(handler(), ServerLimits.defaults())) {
            long before = directMemoryUsed();
            List<SocketChannel> abusers = new ArrayList<>();
            try {
                for (int i = 0; i < connections; i++) {
                    SocketChannel ch = open(server);
                    ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + 4096);
                    FrameHeader.request(Opcode.WRITE_OBJECT.code(), i, Limits.MAX_PAYLOAD).encode(frame);
                    ch.write(frame.position(0));
                    abusers.add(ch);
                }
                Thread.sleep(500);
                long grown = directMemoryUsed() - before;
                assertTrue(grown < connections * (1L << 20), connections + " connections announcing "
                        + Limits.MAX_PAYLOAD + " bytes and sending 4 KiB hold " + grown + " bytes of buffers");
            } finally {
                for (SocketChannel ch : abusers) {
                    ch.close();
                }
            }
        }
    }

    private static long directMemoryUsed() {
        return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(b -> b.getName().equals("direct")).mapToLong(BufferPoolMXBean::getMemoryUsed).sum();
    }

    private static SocketChannel open(DriveServer server) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(server.address().socketAddress());
        return ch;
    }
}
