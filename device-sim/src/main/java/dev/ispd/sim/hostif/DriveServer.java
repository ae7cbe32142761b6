package dev.ispd.sim.hostif;

import dev.ispd.sim.metrics.DriveEvents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Serves the protocol on a Unix-domain or TCP socket: an accept thread, and one thread per
 * connection up to {@link ServerLimits#maxConnections}. A connection beyond the cap waits, first
 * come first served, for a slot to free up; one that waited {@link ServerLimits#admissionWait}
 * has its first request answered with BUSY and a retry hint, and is closed. Connections not yet
 * authenticated hold at most {@link ServerLimits#maxUnauthenticated} of the slots (more wait the
 * same way) and each, while others wait, only for the hello timeout. While as many connections
 * as may wait are being answered BUSY, the accept thread waits (the kernel's backlog holds new
 * ones), so the sockets the server holds stay within {@link ServerLimits#maxSockets}. A watchdog thread closes connections that keep
 * the drive waiting past their hello, idle or header timeout, so silent clients cannot hold the
 * slots. No failure of one accept (out of file descriptors, out of
 * memory) stops the accept thread: it is logged, and the next connection is accepted.
 *
 * <p>Closing the server closes every connection; it never interrupts a connection thread (an
 * interrupt would close the drive's file channels under it).
 */
public final class DriveServer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(DriveServer.class.getName());
    /** How a BUSY answer to a connection over the cap says when to retry: "retry after N ms". */
    public static final String RETRY_HINT_PREFIX = "retry after ";
    /** Pause after a failed accept, so that running out of file descriptors does not spin the thread. */
    private static final long ACCEPT_RETRY_MS = 50;

    private final ServerSocketChannel server;
    private final DriveAddress address;
    private final RequestHandler handler;
    private final RequestGuard.Factory guards;
    private final ServerLimits limits;
    private final String name;
    private final DriveEvents events;
    private final LingeringCloser closer;
    private final ReceiveMemory memory;
    private final Map<Connection, Thread> connections = new ConcurrentHashMap<>();
    /** Accepted connections waiting for a slot, oldest first; guarded by itself. */
    private final Deque<Waiting> waiting = new ArrayDeque<>();
    private final AtomicLong connectionCount = new AtomicLong();
    private final Thread acceptor;
    private final Thread watchdog;
    private volatile boolean closed;

    /** A connection over the cap, and since when (System.nanoTime) it waits. */
    private record Waiting(SocketChannel ch, long sinceNs) { }

    private DriveServer(ServerSocketChannel server, DriveAddress address, RequestHandler handler,
                        RequestGuard.Factory guards, ServerLimits limits, String name, DriveEvents events)
            throws IOException {
        this.server = server;
        this.events = events;
        this.address = address;
        this.handler = handler;
        this.guards = guards;
        this.limits = limits;
        this.name = name;
        this.closer = new LingeringCloser(name);
        this.memory = new ReceiveMemory(limits.receiveMemory());
        this.acceptor = new Thread(this::acceptLoop, name + "-accept");
        acceptor.setDaemon(true);
        this.watchdog = new Thread(this::watch, name + "-watchdog");
        watchdog.setDaemon(true);
        acceptor.start();
        watchdog.start();
    }

    /**
     * Binds {@code at} and starts serving. A Unix socket file left by a drive that is no longer
     * running is replaced; one that a live drive answers on is an error. A TCP port 0 binds any
     * free port ({@link #address()} tells which). Each connection's requests pass the guard
     * {@code guards} opens for it ({@link RequestGuard#OPEN} for a drive without authentication).
     */
    public static DriveServer start(DriveAddress at, RequestHandler handler, RequestGuard.Factory guards,
                                    ServerLimits limits, String name) throws IOException {
        return start(at, handler, guards, limits, name, DriveEvents.NONE);
    }

    /** As above, telling {@code events} of every answer, refused connection and timed-out connection. */
    public static DriveServer start(DriveAddress at, RequestHandler handler, RequestGuard.Factory guards,
                                    ServerLimits limits, String name, DriveEvents events) throws IOException {
        Path socketFile = at.unixPath();
        ServerSocketChannel ch;
        DriveAddress bound;
        if (socketFile != null) {
            removeStaleSocket(socketFile);
            ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            ch.bind(at.socketAddress());
            bound = at;
        } else {
            ch = ServerSocketChannel.open();
            ch.bind(at.socketAddress());
            InetSocketAddress local = (InetSocketAddress) ch.getLocalAddress();
            bound = DriveAddress.tcp(((InetSocketAddress) at.socketAddress()).getHostString(), local.getPort());
        }
        return new DriveServer(ch, bound, handler, guards, limits, name, events);
    }

    private static void removeStaleSocket(Path socketFile) throws IOException {
        if (!Files.exists(socketFile, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.readAttributes(socketFile, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther()) {
            throw new IOException(socketFile + " exists and is not a socket; choose another socket path");
        }
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(java.net.UnixDomainSocketAddress.of(socketFile));
            throw new IOException("socket " + socketFile + " is in use by a running drive");
        } catch (java.net.ConnectException e) {
            Files.delete(socketFile); // nobody listens: left behind by a drive that died
        }
    }

    /** The bound address, in {@code ispd_connect} format. */
    public DriveAddress address() {
        return address;
    }

    /** Connections being served now (not those waiting for a slot). */
    public int openConnections() {
        return connections.size();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                while (closer.held() >= limits.maxWaiting() && !closed) {
                    pause(ACCEPT_RETRY_MS); // its BUSY answers hold descriptors; the backlog waits meanwhile
                }
                admit(server.accept());
            } catch (ClosedChannelException e) {
                return; // the server is closing
            } catch (IOException | RuntimeException | Error e) {
                // out of file descriptors or memory, or a session that failed to open: this accept only
                if (closed) {
                    return;
                }
                LOG.log(Level.WARNING, name + ": accepting a connection failed; accepting the next one", e);
                pause(ACCEPT_RETRY_MS);
            }
        }
    }

    /**
     * Serves {@code ch} now if a slot is free and nobody waits before it; otherwise queues it,
     * unless {@link ServerLimits#maxWaiting} already wait: then BUSY at once.
     */
    private void admit(SocketChannel ch) {
        synchronized (waiting) {
            if (waiting.isEmpty() && roomForOneMore()) {
                startConnection(ch);
            } else if (waiting.size() < limits.maxWaiting()) {
                waiting.addLast(new Waiting(ch, System.nanoTime()));
            } else {
                rejectBusy(ch, limits.maxWaiting() + " more wait for a slot");
            }
        }
    }

    /** Hands freed slots to the connections waiting longest. */
    private void admitWaiting() {
        synchronized (waiting) {
            while (!closed && !waiting.isEmpty() && roomForOneMore()) {
                SocketChannel ch = waiting.removeFirst().ch();
                if (!ch.isOpen()) {
                    continue;
                }
                try {
                    startConnection(ch);
                } catch (RuntimeException | Error e) {
                    LOG.log(Level.WARNING, name + ": starting a waiting connection failed", e);
                }
            }
        }
    }

    /** True if a new (so not yet authenticated) connection may take a slot. */
    private boolean roomForOneMore() {
        return connections.size() < limits.maxConnections()
                && connections.keySet().stream().filter(c -> !c.authenticated()).count() < limits.maxUnauthenticated();
    }

    /** Starts serving {@code ch} on its own thread; closes it if that fails. */
    private void startConnection(SocketChannel ch) {
        Connection c = null;
        try {
            c = new Connection(ch, handler.openSession(), guards.open(ch), closer, limits, memory, events,
                    authenticated -> admitWaiting(), this::connectionEnded);
            Thread t = new Thread(c, name + "-conn-" + connectionCount.incrementAndGet());
            t.setDaemon(true);
            connections.put(c, t);
            t.start();
        } catch (RuntimeException | Error e) {
            if (c != null) {
                connections.remove(c);
            }
            closeQuietly(ch);
            throw e;
        }
    }

    private void connectionEnded(Connection c) {
        connections.remove(c);
        admitWaiting();
    }

    /** Every tick: closes connections past their deadline, answers BUSY to those that waited too long. */
    private void watch() {
        long tickMs = Math.max(10, Math.min(250, Math.min(limits.helloTimeout().toMillis(),
                Math.min(limits.headerTimeout().toMillis(), limits.admissionWait().toMillis())) / 4));
        while (!closed) {
            pause(tickMs);
            try {
                long now = System.nanoTime();
                boolean othersWait;
                synchronized (waiting) {
                    othersWait = !waiting.isEmpty();
                }
                for (Connection c : connections.keySet()) {
                    if (c.closeIfExpired(now, othersWait)) {
                        events.connectionTimedOut();
                    }
                }
                rejectOverdue(now);
                admitWaiting();
            } catch (RuntimeException | Error e) {
                LOG.log(Level.WARNING, name + ": connection watchdog tick failed", e);
            }
        }
    }

    private void rejectOverdue(long now) {
        long waitNs = limits.admissionWait().toNanos();
        synchronized (waiting) {
            while (!waiting.isEmpty() && now - waiting.peekFirst().sinceNs() > waitNs) {
                rejectBusy(waiting.removeFirst().ch(), "none freed up within " + limits.admissionWait().toMillis()
                        + " ms");
            }
        }
    }

    private void rejectBusy(SocketChannel ch, String why) {
        events.connectionRefused();
        closer.rejectBusy(ch, "drive " + name + " serves " + limits.maxConnections() + " connections, its limit (at most "
                + limits.maxUnauthenticated() + " of them not yet authenticated), and " + why + "; " + RETRY_HINT_PREFIX
                + retryHintMs() + " ms");
    }

    /** The retry hint a rejected client gets: a fraction of the admission wait, so retries do not stampede. */
    private long retryHintMs() {
        return Math.max(100, limits.admissionWait().toMillis() / 5);
    }

    /** Stops accepting, closes every connection and waits briefly for their threads. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            joinQuietly(acceptor);
            joinQuietly(watchdog);
            synchronized (waiting) {
                waiting.forEach(w -> closeQuietly(w.ch()));
                waiting.clear();
            }
            connections.keySet().forEach(Connection::closeQuietly);
            connections.values().forEach(DriveServer::joinQuietly);
            closer.close();
            Path socketFile = address.unixPath();
            if (socketFile != null) {
                try {
                    Files.deleteIfExists(socketFile);
                } catch (IOException e) {
                    LOG.log(Level.WARNING, name + ": could not remove socket " + socketFile, e);
                }
            }
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // already closed
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
