package dev.ispd.sim.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.ServerLimits;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 22's fairness points over a real drive and real sockets: clients that hold connection
 * slots without doing work in earnest lose them by the drive's deadlines, and a good client
 * measures how long it waits (its p99 is printed). The limits are scaled down so each case runs
 * in seconds; docs/drive.md gives the defaults.
 */
@Timeout(60)
class HostileClientsTest {
    private static final int SLOTS = 4;

    /** Point 7: connections that announce a large payload and trickle it, each pause short, lose their slots. */
    @Test
    void tricklingPayloadsLoseTheirSlotsByTheWholeFramesDeadline() throws Exception {
        ServerLimits limits = ServerLimits.defaults().withMaxConnections(SLOTS).withHeaderTimeout(Duration.ofMillis(500))
                .withAdmissionWait(Duration.ofSeconds(20)).withMinPayloadRate(256 * 1024);
        int announced = 1 << 20; // 0.5 s + 1 MiB at 256 KiB/s: the frame's payload is due within 4.5 s
        try (EmbeddedDrives drives = EmbeddedDrives.builder().tcp(true).options(o -> o.server(limits)).start()) {
            InetSocketAddress at = tcp(drives.address(0));
            List<SocketChannel> tricklers = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(SLOTS);
            try {
                for (int i = 0; i < SLOTS; i++) {
                    SocketChannel ch = SocketChannel.open(at);
                    ByteBuffer header = ByteBuffer.allocate(FrameFormat.HEADER_SIZE);
                    FrameHeader.request(Opcode.WRITE_OBJECT.code(), i, announced).encode(header);
                    ch.write(header.flip());
                    tricklers.add(ch);
                    pool.submit(() -> trickle(ch, Duration.ofMillis(200))); // every pause well under the header timeout
                }
                Thread.sleep(300); // the tricklers hold every slot
                double[] latenciesMs = goodClient(drives.address(0), 50);
                System.out.printf("good client beside %d trickling payloads: first answer after %.0f ms (deadline "
                        + "4500 ms), then p50 %.2f ms, p99 %.2f ms over %d requests%n", SLOTS, latenciesMs[0],
                        percentile(latenciesMs, 50), percentile(latenciesMs, 99), latenciesMs.length - 1);
                assertTrue(latenciesMs[0] < 6_000, "the good client got a slot " + latenciesMs[0] + " ms after asking");
                for (SocketChannel ch : tricklers) {
                    assertTrue(closedByDrive(ch), "a trickling connection is closed by its frame's deadline");
                }
            } finally {
                pool.shutdownNow();
                pool.awaitTermination(5, TimeUnit.SECONDS);
                for (SocketChannel ch : tricklers) {
                    ch.close();
                }
            }
        }
    }

    private static InetSocketAddress tcp(String address) {
        String hostPort = address.substring("tcp:".length());
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }

    /** Sends one byte per {@code pause} until the drive closes the connection. */
    private static Void trickle(SocketChannel ch, Duration pause) throws InterruptedException {
        try {
            while (ch.isOpen()) {
                ch.write(ByteBuffer.wrap(new byte[1]));
                Thread.sleep(pause.toMillis());
            }
        } catch (IOException closed) {
            // the drive closed it: what the test waits for
        }
        return null;
    }

    /** Connects and sends {@code requests} STAT-sized requests; each one's latency in ms, the first's including admission. */
    private static double[] goodClient(String address, int requests) throws IOException {
        double[] ms = new double[requests];
        try (TestClient c = TestClient.connect(address)) {
            for (int i = 0; i < requests; i++) {
                long t = System.nanoTime();
                TestClient.Reply r = c.call(new Requests.DeviceInfo());
                ms[i] = (System.nanoTime() - t) / 1e6;
                assertEquals(Status.OK, r.status(), () -> r.message());
            }
        }
        return ms;
    }

    /** The p-th percentile of the latencies after the first (which includes getting a slot). */
    private static double percentile(double[] latencies, int p) {
        double[] sorted = Arrays.copyOfRange(latencies, 1, latencies.length);
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static boolean closedByDrive(SocketChannel ch) {
        try {
            ch.configureBlocking(true);
            ByteBuffer b = ByteBuffer.allocate(256);
            int n;
            do {
                n = ch.read(b.clear());
            } while (n > 0); // an error answer may come first
            return n < 0;
        } catch (IOException e) {
            return true;
        }
    }
}
