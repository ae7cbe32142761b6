package dev.ispd.sim.hostif;

import dev.ispd.protocol.Limits;
import java.time.Duration;

/**
 * How a {@link DriveServer} bounds its connections (docs/drive.md "Limits").
 *
 * @param maxConnections     connections served at once; more wait for a slot
 * @param idleTimeout        longest silence between frames before the drive closes a connection
 * @param headerTimeout      longest time from a frame's first byte to its last header byte, and the
 *                           longest pause while its payload arrives or its answer is sent
 * @param admissionWait      longest time a connection over the cap waits for a slot before it is
 *                           answered BUSY with a retry hint
 * @param minPayloadRate     bytes per second a payload (in a request or an answer) must at least
 *                           move at: a frame's payload must be through within the header timeout
 *                           plus its length at this rate, however short each pause, or the
 *                           connection is closed
 * @param helloTimeout       how long a new connection has to become authenticated (its first
 *                           request served, and on a drive that authenticates, authenticated)
 *                           before the drive closes it if others wait for a slot
 * @param maxUnauthenticated connections not yet authenticated that hold slots at once; more wait
 * @param receiveMemory      bytes all connections together may hold in receive buffers grown beyond
 *                           their first {@link #INITIAL_RECEIVE_BUFFER}; a frame that cannot get
 *                           its share waits, then is answered BUSY
 */
public record ServerLimits(int maxConnections, Duration idleTimeout, Duration headerTimeout, Duration admissionWait,
                           long minPayloadRate, Duration helloTimeout, int maxUnauthenticated,
                           long receiveMemory) {
    /** Enough for the 200 clients of ConcurrentClientsLoadTest to be served at once. */
    public static final int DEFAULT_MAX_CONNECTIONS = 256;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(5);
    public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_ADMISSION_WAIT = Duration.ofSeconds(5);
    /** 1 MiB/s: an 8 MiB payload has 8 s beyond the header timeout. */
    public static final long DEFAULT_MIN_PAYLOAD_RATE = 1 << 20;
    public static final Duration DEFAULT_HELLO_TIMEOUT = Duration.ofSeconds(2);
    public static final int DEFAULT_MAX_UNAUTHENTICATED = 32;
    /** The receive buffer every connection starts with (not counted in receiveMemory). */
    public static final int INITIAL_RECEIVE_BUFFER = 64 * 1024;
    /**
     * A quarter of the JVM's maximum heap, which is also its default limit of direct memory (where
     * receive buffers live), and at least one largest payload.
     */
    public static final long DEFAULT_RECEIVE_MEMORY = Math.max(Limits.MAX_PAYLOAD, Runtime.getRuntime().maxMemory() / 4);

    public ServerLimits {
        atLeastOne("maxConnections", maxConnections);
        positive("idleTimeout", idleTimeout);
        positive("headerTimeout", headerTimeout);
        positive("admissionWait", admissionWait);
        atLeastOne("minPayloadRate (bytes per second)", minPayloadRate);
        positive("helloTimeout", helloTimeout);
        atLeastOne("maxUnauthenticated", maxUnauthenticated);
        if (receiveMemory < Limits.MAX_PAYLOAD) {
            throw new IllegalArgumentException("receiveMemory must hold one largest payload, " + Limits.MAX_PAYLOAD
                    + " bytes, got " + receiveMemory);
        }
    }

    public static ServerLimits defaults() {
        return new ServerLimits(DEFAULT_MAX_CONNECTIONS, DEFAULT_IDLE_TIMEOUT, DEFAULT_HEADER_TIMEOUT,
                DEFAULT_ADMISSION_WAIT, DEFAULT_MIN_PAYLOAD_RATE, DEFAULT_HELLO_TIMEOUT, DEFAULT_MAX_UNAUTHENTICATED,
                DEFAULT_RECEIVE_MEMORY);
    }

    public ServerLimits withMaxConnections(int n) {
        return new ServerLimits(n, idleTimeout, headerTimeout, admissionWait, minPayloadRate, helloTimeout,
                maxUnauthenticated, receiveMemory);
    }

    public ServerLimits withIdleTimeout(Duration d) {
        return new ServerLimits(maxConnections, d, headerTimeout, admissionWait, minPayloadRate, helloTimeout,
                maxUnauthenticated, receiveMemory);
    }

    public ServerLimits withHeaderTimeout(Duration d) {
        return new ServerLimits(maxConnections, idleTimeout, d, admissionWait, minPayloadRate, helloTimeout,
                maxUnauthenticated, receiveMemory);
    }

    public ServerLimits withAdmissionWait(Duration d) {
        return new ServerLimits(maxConnections, idleTimeout, headerTimeout, d, minPayloadRate, helloTimeout,
                maxUnauthenticated, receiveMemory);
    }

    public ServerLimits withMinPayloadRate(long bytesPerSecond) {
        return new ServerLimits(maxConnections, idleTimeout, headerTimeout, admissionWait, bytesPerSecond, helloTimeout,
                maxUnauthenticated, receiveMemory);
    }

    public ServerLimits withHello(Duration timeout, int maxUnauthenticatedConnections) {
        return new ServerLimits(maxConnections, idleTimeout, headerTimeout, admissionWait, minPayloadRate, timeout,
                maxUnauthenticatedConnections, receiveMemory);
    }

    public ServerLimits withReceiveMemory(long bytes) {
        return new ServerLimits(maxConnections, idleTimeout, headerTimeout, admissionWait, minPayloadRate, helloTimeout,
                maxUnauthenticated, bytes);
    }

    /**
     * How many connections may wait for a slot, and how many at once may be being answered BUSY:
     * no more than there are slots (each holds a file descriptor) nor than may be unauthenticated
     * at once, so a waiting one gets a slot within about one hello timeout even if every
     * connection ahead of it stays silent.
     */
    public int maxWaiting() {
        return Math.min(maxConnections, maxUnauthenticated);
    }

    /** The most sockets the server holds at once: connections served, waiting, and being answered BUSY. */
    public long maxSockets() {
        return (long) maxConnections + 2L * maxWaiting();
    }

    /** How long a payload of {@code bytes} may take in all: the header timeout plus the bytes at the minimum rate. */
    public long payloadDeadlineNs(long bytes) {
        return headerTimeout.toNanos() + (long) (bytes * 1e9 / minPayloadRate);
    }

    private static void positive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, got " + d);
        }
    }

    private static void atLeastOne(String name, long n) {
        if (n < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + n);
        }
    }
}
