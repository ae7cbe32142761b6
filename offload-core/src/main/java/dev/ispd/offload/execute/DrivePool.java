package dev.ispd.offload.execute;

import dev.ispd.client.Credentials;
import dev.ispd.client.Drive;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Connections to drives kept open between the splits a JVM runs, so a split does not connect and
 * disconnect (one pool per JVM and identity: {@link #shared}). A connection is lent to one split at a time
 * and comes back unless the split saw it fail.
 *
 * <p>Connections are pooled per job ({@code scope}): the drive keeps a virtual clock per
 * connection that runs on from its last command, so a connection reused by a later job would
 * submit that job's work at an earlier modeled time than a new one, which starts at the drive's
 * modeled now. A job's first split on a drive therefore gets a new connection, and the previous
 * job's idle connections to that drive are closed.
 */
public final class DrivePool {
    private static final DrivePool SHARED = new DrivePool(Drive::connect);
    private static final Map<Credentials, DrivePool> AUTHENTICATED = new ConcurrentHashMap<>();

    /** Opens a connection to an address. */
    @FunctionalInterface
    public interface Connector {
        Drive connect(String address) throws IOException;
    }

    private final Connector connector;
    private final Map<String, Idle> idle = new HashMap<>();

    public DrivePool(Connector connector) {
        this.connector = connector;
    }

    /**
     * The pool of this JVM for connections that authenticate as {@code credentials}
     * (docs/security.md), or for anonymous ones.
     */
    public static DrivePool shared(Optional<Credentials> credentials) {
        return credentials.map(c -> AUTHENTICATED.computeIfAbsent(c,
                k -> new DrivePool(address -> Drive.connect(address, k)))).orElse(SHARED);
    }

    /** A connection to the drive at {@code address} for a split of the job {@code scope}. */
    public Lease borrow(String address, String scope) throws IOException {
        Drive reused = take(address, scope);
        return new Lease(address, scope, reused != null ? reused : connector.connect(address));
    }

    private synchronized Drive take(String address, String scope) {
        Idle i = idle.get(address);
        if (i != null && !i.scope.equals(scope)) {
            i.connections.forEach(Drive::close);
            idle.remove(address);
            return null;
        }
        return i == null ? null : i.connections.poll();
    }

    private synchronized void giveBack(Lease lease) {
        Idle i = idle.get(lease.address);
        if (i != null && !i.scope.equals(lease.scope)) {
            lease.drive.close(); // a later job's split has used the drive since
            return;
        }
        idle.computeIfAbsent(lease.address, a -> new Idle(lease.scope)).connections.push(lease.drive);
    }

    /** The idle connections to one drive, all of one job. */
    private record Idle(String scope, Deque<Drive> connections) {
        Idle(String scope) {
            this(scope, new ArrayDeque<>());
        }
    }

    /** A connection lent to one split; closing it returns it to the pool, or closes it if it failed. */
    public final class Lease implements AutoCloseable {
        private final String address;
        private final String scope;
        private final Drive drive;
        private boolean failed;

        private Lease(String address, String scope, Drive drive) {
            this.address = address;
            this.scope = scope;
            this.drive = drive;
        }

        public Drive drive() {
            return drive;
        }

        /** The connection failed (or its state is unknown): it is closed instead of reused. */
        public void fail() {
            failed = true;
        }

        @Override
        public void close() {
            if (failed) {
                drive.close();
            } else {
                giveBack(this);
            }
        }
    }
}
