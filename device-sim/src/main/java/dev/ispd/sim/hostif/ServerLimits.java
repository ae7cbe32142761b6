package dev.ispd.sim.hostif;

import java.time.Duration;

/**
 * How a {@link DriveServer} bounds its connections (docs/drive.md "Limits").
 *
 * @param maxConnections connections served at once; more wait for a slot
 * @param idleTimeout    longest silence between frames before the drive closes a connection
 * @param headerTimeout  longest time from a frame's first byte to its last header byte, and the
 *                       longest pause while its payload arrives or its answer is sent
 * @param admissionWait  longest time a connection over the cap waits for a slot before it is
 *                       answered BUSY with a retry hint
 * @param minPayloadRate bytes per second a payload (in a request or an answer) must at least move
 *                       at: a frame's payload must be through within the header timeout plus its
 *                       length at this rate, however short each pause, or the connection is closed
 */
public record ServerLimits(int maxConnections, Duration idleTimeout, Duration headerTimeout, Duration admissionWait,
                           long minPayloadRate) {
    public static final int DEFAULT_MAX_CONNECTIONS = 64;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(5);
    public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_ADMISSION_WAIT = Duration.ofSeconds(5);
    /** 1 MiB/s: an 8 MiB payload has 8 s beyond the header timeout. */
    public static final long DEFAULT_MIN_PAYLOAD_RATE = 1 << 20;

    public ServerLimits {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, got " + maxConnections);
        }
        positive("idleTimeout", idleTimeout);
        positive("headerTimeout", headerTimeout);
        positive("admissionWait", admissionWait);
        if (minPayloadRate < 1) {
            throw new IllegalArgumentException("minPayloadRate must be >= 1 byte per second, got " + minPayloadRate);
        }
    }

    public static ServerLimits defaults() {
        return new ServerLimits(DEFAULT_MAX_CONNECTIONS, DEFAULT_IDLE_TIMEOUT, DEFAULT_HEADER_TIMEOUT,
                DEFAULT_ADMISSION_WAIT, DEFAULT_MIN_PAYLOAD_RATE);
    }

    public ServerLimits withMaxConnections(int n) {
        return new ServerLimits(n, idleTimeout, headerTimeout, admissionWait, minPayloadRate);
    }

    public ServerLimits withIdleTimeout(Duration d) {
        return new ServerLimits(maxConnections, d, headerTimeout, admissionWait, minPayloadRate);
    }

    public ServerLimits withHeaderTimeout(Duration d) {
        return new ServerLimits(maxConnections, idleTimeout, d, admissionWait, minPayloadRate);
    }

    public ServerLimits withAdmissionWait(Duration d) {
        return new ServerLimits(maxConnections, idleTimeout, headerTimeout, d, minPayloadRate);
    }

    public ServerLimits withMinPayloadRate(long bytesPerSecond) {
        return new ServerLimits(maxConnections, idleTimeout, headerTimeout, admissionWait, bytesPerSecond);
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
}
