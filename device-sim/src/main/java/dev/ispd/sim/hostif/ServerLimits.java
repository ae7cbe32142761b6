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
 */
public record ServerLimits(int maxConnections, Duration idleTimeout, Duration headerTimeout, Duration admissionWait) {
    public static final int DEFAULT_MAX_CONNECTIONS = 64;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(5);
    public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_ADMISSION_WAIT = Duration.ofSeconds(5);

    public ServerLimits {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, got " + maxConnections);
        }
        positive("idleTimeout", idleTimeout);
        positive("headerTimeout", headerTimeout);
        positive("admissionWait", admissionWait);
    }

    public static ServerLimits defaults() {
        return new ServerLimits(DEFAULT_MAX_CONNECTIONS, DEFAULT_IDLE_TIMEOUT, DEFAULT_HEADER_TIMEOUT,
                DEFAULT_ADMISSION_WAIT);
    }

    public ServerLimits withMaxConnections(int n) {
        return new ServerLimits(n, idleTimeout, headerTimeout, admissionWait);
    }

    public ServerLimits withIdleTimeout(Duration d) {
        return new ServerLimits(maxConnections, d, headerTimeout, admissionWait);
    }

    public ServerLimits withHeaderTimeout(Duration d) {
        return new ServerLimits(maxConnections, idleTimeout, d, admissionWait);
    }

    public ServerLimits withAdmissionWait(Duration d) {
        return new ServerLimits(maxConnections, idleTimeout, headerTimeout, d);
    }

    private static void positive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, got " + d);
        }
    }
}
