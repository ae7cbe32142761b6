package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Status;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Connecting to a host that does not answer ends after the library's connect timeout (5 s), not
 * after the kernel's SYN retries (about 2 minutes). The host is a listening socket whose accept
 * queue is full and which accepts nothing: Linux then drops the SYNs of further connections, as
 * a host that is down leaves them unanswered.
 */
@Tag("heavy")
class ConnectTimeoutTest {
    @ParameterizedTest
    @EnumSource(Binding.class)
    void aHostThatDoesNotAnswerFailsTheConnectWithinTheTimeout(Binding binding) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> queued = fillTheAcceptQueue(listener);
            try {
                String address = "tcp:127.0.0.1:" + listener.getLocalPort();
                DriveException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                        () -> assertThrows(DriveException.class, () -> Drive.connect(address, binding).close()));
                assertEquals(Status.CONNECT, e.status(), e.getMessage());
                assertTrue(e.getMessage().contains("cannot connect to " + address + ": no answer within 5000 ms"),
                        e.getMessage());
            } finally {
                for (Socket s : queued) {
                    s.close();
                }
            }
        }
    }

    /** Connects until a connection is not taken within 300 ms: the queue is full from then on. */
    private static List<Socket> fillTheAcceptQueue(ServerSocket listener) throws IOException {
        List<Socket> queued = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()), 300);
                queued.add(s);
            } catch (SocketTimeoutException full) {
                s.close();
                return queued;
            }
        }
        throw new IllegalStateException("the accept queue of a backlog of 1 took 64 connections");
    }
}
